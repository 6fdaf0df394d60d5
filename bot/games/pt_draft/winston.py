"""Winston Draft (2 players): three face-down lots beside an 80-card draw deck; look, take or pass."""

from __future__ import annotations

from ..base import IllegalAction, State, rng_for
from .cube import is_dual
from .finish import fix_leaders, seat_name, start_returns

DECK = 80
LOTS = 3


def deal(state: State, cube: list[str]) -> None:
    """Deal 80 Cube cards as the draw deck and one face-down card to each of the 3 lots; seat 1 begins."""
    cards = list(cube)
    rng_for(state["seed"], "cube").shuffle(cards)
    deck = cards[:DECK]
    state.update(deck=deck[LOTS:], lots=[[k] for k in deck[:LOTS]], turn=0, looking=0, drawn=None, shuffles=0)
    state["log"].append("80 cards form the draw deck; 3 lots are dealt. Seat 1 looks first.")


def last_lot(state: State) -> int:
    """Return the index of the last non-empty lot (the one nearest the deck)."""
    filled = [i for i, lot in enumerate(state["lots"]) if lot]
    return filled[-1] if filled else -1


def waiting(state: State) -> list[int]:
    """Return the seat to decide: the one looking at a lot, or keeping the card drawn after passing the last."""
    if state["phase"] != "winston":
        return []
    return [state["turn"]]


def actions(state: State) -> list[dict]:
    """Return the legal actions of the seat in turn: take the lot, take a dual card of it as a Leader, pass
    (not the last lot while the deck is empty); or, for a drawn card, keep it as a Hero or (dual) Leader."""
    drawn = state["drawn"]
    if drawn is not None:
        out = [{"type": "keep", "to": "hero"}]
        return out + ([{"type": "keep", "to": "leader"}] if is_dual(drawn) else [])
    lot = state["lots"][state["looking"]]
    out = [{"type": "take"}]
    out += [{"type": "leader", "card": k} for k in dict.fromkeys(lot) if is_dual(k)]
    if state["deck"] or state["looking"] != last_lot(state):
        out.append({"type": "pass"})
    return out


def _refill(state: State, index: int) -> None:
    """Put the deck's top card face down as the new lot ``index`` (none once the deck is empty)."""
    state["lots"][index] = [state["deck"].pop(0)] if state["deck"] else []


def _end_turn(state: State) -> None:
    """Pass the turn to the other player (one who left is skipped); end the draft once every card is taken."""
    state["drawn"] = None
    if not state["deck"] and not any(state["lots"]):
        state["log"].append("The last card has been taken.")
        fix_leaders(state)
        start_returns(state)
        return
    other = 1 - state["turn"]
    if state["active"][other]:
        state["turn"] = other
    state["looking"] = next(i for i, lot in enumerate(state["lots"]) if lot)


def apply(state: State, seat: int, action: dict) -> None:
    """Carry out a checked Winston action."""
    kind = action["type"]
    who = seat_name(seat)
    index = state["looking"]
    if kind == "keep":
        key = state["drawn"]
        state["leaders" if action["to"] == "leader" else "heroes"][seat].append(key)
        state["log"].append(f"{who} kept the drawn card as a {'Leader' if action['to'] == 'leader' else 'Hero'}.")
        _end_turn(state)
    elif kind == "take":
        lot = state["lots"][index]
        state["heroes"][seat].extend(lot)
        state["log"].append(f"{who} took lot {index + 1} ({len(lot)} card{'' if len(lot) == 1 else 's'}).")
        _refill(state, index)
        _end_turn(state)
    elif kind == "leader":
        lot = state["lots"][index]
        lot.remove(action["card"])
        state["leaders"][seat].append(action["card"])
        state["deck"].extend(lot)
        state["shuffles"] += 1
        rng_for(state["seed"], "winston", state["shuffles"]).shuffle(state["deck"])
        state["log"].append(f"{who} took a card of lot {index + 1} as a Leader and shuffled {len(lot)} back.")
        _refill(state, index)
        _end_turn(state)
    elif kind == "pass":
        _pass(state, seat, index)
    else:
        raise IllegalAction("That is not a Winston Draft action.")


def _pass(state: State, seat: int, index: int) -> None:
    """Add the deck's top card to the lot unseen and look at the next; past the last lot, draw the top card
    (with one card left, that card is drawn rather than added: ours)."""
    who = seat_name(seat)
    last = index == last_lot(state)
    if state["deck"] and not (last and len(state["deck"]) == 1):
        state["lots"][index].append(state["deck"].pop(0))
    if not last:
        state["looking"] = next(i for i in range(index + 1, LOTS) if state["lots"][i])
        state["log"].append(f"{who} passed lot {index + 1}.")
        return
    state["drawn"] = state["deck"].pop(0)
    state["log"].append(f"{who} passed the last lot and drew the deck's top card.")


def leave(state: State, seat: int) -> None:
    """A player who leaves takes no more cards: the other drafts on alone (the draft ends if neither is left)."""
    if state["turn"] == seat and state["active"][1 - seat]:
        if state["drawn"] is not None:
            state["deck"].insert(0, state["drawn"])
            state["drawn"] = None
        state["turn"] = 1 - seat
        state["looking"] = next((i for i, lot in enumerate(state["lots"]) if lot), 0)


__all__ = ["deal", "waiting", "actions", "apply", "leave", "last_lot"]
