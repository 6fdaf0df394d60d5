"""Purchase Draft (2-4 players): five face-up lots, the furthest free, each one nearer the deck a coin more."""

from __future__ import annotations

from ..base import State, rng_for
from .cube import is_dual, name
from .finish import HERO_FLOOR, LEADERS, fix_leaders, seat_name, start_returns

PER_PLAYER = 29
COINS = 5
LOTS = 5


def deal(state: State, cube: list[str]) -> None:
    """Deal 29 Cube cards per player as the draw deck, 5 coins each, 5 face-up lots; seat 1 begins."""
    n = state["num_players"]
    cards = list(cube)
    rng_for(state["seed"], "cube").shuffle(cards)
    deck = cards[:PER_PLAYER * n]
    state.update(deck=deck[LOTS:], lots=[{"card": k, "coins": 0} for k in deck[:LOTS]], coins=[COINS] * n,
                 turn=0, passes=0)
    state["log"].append(f"{PER_PLAYER * n} cards form the draw deck; 5 lots are dealt face up. Seat 1 begins.")


def full(state: State, seat: int) -> bool:
    """Return whether a seat's Leader pile (4) and Hero deck (25) are both full."""
    return len(state["leaders"][seat]) >= LEADERS and len(state["heroes"][seat]) >= HERO_FLOOR


def actions(state: State, seat: int) -> list[dict]:
    """Return every purchase a seat can make: a lot it can pay for (one coin per lot passed over), into its Hero
    deck (fewer than 25) or Leader pile (fewer than 4, dual cards only); the free lot comes first, and a dual
    card's Leader option before its Hero option (so the default buy fills the Leader pile first)."""
    out = []
    for index, lot in enumerate(state["lots"]):
        if index > state["coins"][seat]:
            break
        if len(state["leaders"][seat]) < LEADERS and is_dual(lot["card"]):
            out.append({"type": "buy", "lot": index, "to": "leader"})
        if len(state["heroes"][seat]) < HERO_FLOOR:
            out.append({"type": "buy", "lot": index, "to": "hero"})
    return out


def waiting(state: State) -> list[int]:
    """Return the seat whose turn it is."""
    return [state["turn"]] if state["phase"] == "purchase" else []


def apply(state: State, seat: int, action: dict) -> None:
    """Pay a coin onto each lot passed over, take the lot and its coins, shift the lots and reveal a new one."""
    index = action["lot"]
    for passed in state["lots"][:index]:
        passed["coins"] += 1
    state["coins"][seat] -= index
    lot = state["lots"].pop(index)
    state["coins"][seat] += lot["coins"]
    state["leaders" if action["to"] == "leader" else "heroes"][seat].append(lot["card"])
    gained = f", gaining {lot['coins']} coin{'' if lot['coins'] == 1 else 's'}" if lot["coins"] else ""
    paid = f" for {index} coin{'' if index == 1 else 's'}" if index else " (free)"
    state["log"].append(f"{seat_name(seat)} bought {name(lot['card'])}{paid} as a "
                        f"{'Leader' if action['to'] == 'leader' else 'Hero'}{gained}.")
    if state["deck"]:
        state["lots"].append({"card": state["deck"].pop(0), "coins": 0})
    state["passes"] = 0
    next_turn(state, seat)


def next_turn(state: State, seat: int) -> None:
    """Give the turn to the next seat that can buy; seats that left or are full are skipped, a seat that can buy
    nothing passes (ours); the draft ends when no one can buy (every seat full, no lot left, or all stuck)."""
    n = state["num_players"]
    for step in range(1, n + 1):
        other = (seat + step) % n
        if not state["active"][other] or full(state, other):
            continue
        if actions(state, other):
            state["turn"] = other
            return
        state["log"].append(f"{seat_name(other)} can buy no lot and passes.")
        state["acts"][other] += 1
    state["log"].append("No one can buy another lot: the draft is over.")
    fix_leaders(state)
    start_returns(state)


__all__ = ["deal", "actions", "waiting", "apply", "next_turn", "full"]
