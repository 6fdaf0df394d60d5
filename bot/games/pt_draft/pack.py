"""Pack Draft and Epic Pack Draft: simultaneous private picks from packs of 8 passed left, right, left, right."""

from __future__ import annotations

from ..base import State, rng_for
from .cube import is_dual
from .finish import fix_leaders, seat_name, start_returns

PACK = 8


def rounds_of(method: str) -> int:
    """Return how many packs each player opens: 4 (Pack Draft) or 8 (Epic)."""
    return 8 if method == "epic-pack" else 4


def deal(state: State, cube: list[str]) -> None:
    """Shuffle the Cube and deal each seat its packs of 8; open the first."""
    n, rounds = state["num_players"], rounds_of(state["method"])
    cards = list(cube)
    rng_for(state["seed"], "cube").shuffle(cards)
    per_seat = [[cards[(s * rounds + r) * PACK:(s * rounds + r + 1) * PACK] for r in range(rounds)] for s in range(n)]
    state.update(rounds=rounds, round=0, pick=0, unopened=[packs[1:] for packs in per_seat],
                 packs=[packs[0] for packs in per_seat], picked=[False] * n)
    state["log"].append(f"Pack 1 of {rounds} is open: pick a Leader, then pass left.")


def leader_pick(state: State) -> bool:
    """Return whether the current pick goes to the Leaders: the first pick of each pack (Epic: of packs 1, 3, 5
    and 7 only)."""
    if state["pick"] != 0:
        return False
    return state["method"] != "epic-pack" or state["round"] % 2 == 0


def choices(state: State, seat: int) -> list[str]:
    """Return the distinct cards a seat may pick from its pack now, those it does not hold yet first (a Leader
    pick takes dual cards only; a pack without one is picked from as a Hero, ours)."""
    held = set(state["leaders"][seat]) | set(state["heroes"][seat])
    pack = sorted(dict.fromkeys(state["packs"][seat]), key=lambda k: k in held)  # new cards first
    if leader_pick(state) and any(is_dual(k) for k in pack):
        return [k for k in pack if is_dual(k)]
    return pack


def direction(state: State) -> str:
    """Return where the current pack passes: ``left`` for packs 1, 3, 5, 7 and ``right`` for the others."""
    return "left" if state["round"] % 2 == 0 else "right"


def pick(state: State, seat: int, key: str) -> None:
    """Take ``key`` from the seat's pack to its Leaders (a Leader pick of a dual card) or Heroes."""
    state["packs"][seat].remove(key)
    to_leader = leader_pick(state) and is_dual(key)
    state["leaders" if to_leader else "heroes"][seat].append(key)
    state["picked"][seat] = True


def waiting(state: State) -> list[int]:
    """Return the seats still to pick from their pack."""
    if state["phase"] != "pack":
        return []
    return [s for s in range(state["num_players"])
            if state["active"][s] and not state["picked"][s] and state["packs"][s]]


def advance(state: State, default_pick) -> None:
    """Pick for seats that left (their default pick) and the last card of each pack; pass the packs once every
    seat picked; open the next pack; end the draft after the last."""
    n = state["num_players"]
    while state["phase"] == "pack":
        for seat in range(n):
            if not state["active"][seat] and not state["picked"][seat] and state["packs"][seat]:
                pick(state, seat, default_pick(state, seat))
                state["acts"][seat] += 1
        if waiting(state):
            if all(len(p) == 1 for p in state["packs"]) and not leader_pick(state):
                for seat in waiting(state):
                    pick(state, seat, state["packs"][seat][0])
                    state["acts"][seat] += 1
                continue
            return
        state["picked"] = [False] * n
        state["pick"] += 1
        if any(state["packs"]):
            packs = state["packs"]
            step = -1 if direction(state) == "left" else 1
            state["packs"] = [packs[(s + step) % n] for s in range(n)]
            continue
        state["round"] += 1
        state["pick"] = 0
        if state["round"] < state["rounds"]:
            state["packs"] = [state["unopened"][s].pop(0) for s in range(n)]
            leader = "pick a Leader, then pass" if leader_pick(state) else "pass"
            state["log"].append(f"Pack {state['round'] + 1} of {state['rounds']} is open: {leader} "
                                f"{direction(state)}.")
            continue
        state["log"].append("Every pack has been drafted.")
        fix_leaders(state)
        start_returns(state)


__all__ = ["deal", "choices", "pick", "waiting", "advance", "leader_pick", "direction", "seat_name"]
