"""Operations: playing one into a reserve slot and its time markers."""

from __future__ import annotations

from .positions import RESERVE, ref
from .state import State, log, name, owner

TIMERS = 4


def free_reserve(state: State, seat: int) -> int | None:
    """Return the first empty reserve index of ``seat``, or None when all three are full."""
    for i, item in enumerate(state["players"][seat]["reserve"]):
        if item is None:
            return i
    return None


def play(state: State, seat: int, card_id: str) -> None:
    """Put an Operation from the hand into the first empty reserve slot with 4 time markers."""
    index = free_reserve(state, seat)
    state["players"][seat]["hand"].remove(card_id)
    state["players"][seat]["reserve"][index] = {"kind": "operation", "card": card_id, "timers": TIMERS}
    log(state, f"Seat {seat + 1} plays the Operation {name(card_id)} into {ref(seat, RESERVE[index])}.")


def tick(state: State, seat: int) -> None:
    """End of ``seat``'s turn: remove one time marker from each Operation; discard those with none left."""
    reserve = state["players"][seat]["reserve"]
    for i, item in enumerate(reserve):
        if item is None or item["kind"] != "operation":
            continue
        if item["timers"] > 0:
            item["timers"] -= 1
        else:
            reserve[i] = None
            state["players"][owner(item["card"])]["discard"].append(item["card"])
            log(state, f"The Operation {name(item['card'])} ({ref(seat, RESERVE[i])}) runs out.")
