"""Hand-built Pixies positions for tests and render previews (keeps every card accounted for)."""

from __future__ import annotations

from typing import Any

from .rules import State, check_invariants, copy_state, set_space


def arrange(
    state: State,
    grids: dict[int, dict[int, tuple[int | None, int | None]]] | None = None,
    offer: list[int] | None = None,
    order: list[int] | None = None,
    round_no: int | None = None,
    totals: list[int] | None = None,
) -> State:
    """Return a copy of a fresh (undecided) state with chosen grid spaces, offer, pick order, round and totals.

    ``grids`` maps seat -> space index -> ``(up id | None, down id | None)``. Every card not placed
    on a grid or in the offer goes back to the deck, so the invariants still hold. ``order`` is
    the pick order of the turn (its first seat is the turn's first player).
    """
    state = copy_state(state)
    assert state["held"] is None, "arrange a state without a pending placement"
    pool = state["deck"] + state["offer"] + state["discard"]
    for seat, spaces in (grids or {}).items():
        for index, (up, down) in spaces.items():
            old = state["grids"][seat][index]
            pool.extend(c for c in (old["up"], old["down"]) if c is not None)
            set_space(state, seat, index, up, down)
    if offer is not None:
        state["offer"] = list(offer)
    taken = set(state["offer"])
    taken.update(c for g in state["grids"] for s in g for c in (s["up"], s["down"]) if c is not None)
    state["deck"] = [c for c in pool if c not in taken]
    state["discard"] = []
    if order is not None:
        state["order"] = list(order)
        state["turn_first"] = order[0]
        state["pair_turn"] = len(set(order)) == 2
        state["picks"] = 0
    if round_no is not None:
        state["round"] = round_no
    if totals is not None:
        state["totals"] = list(totals)
    check_invariants(state)
    return state


def grid_cards(state: State, seat: int) -> list[Any]:
    """Return the ``(up, down)`` pairs of a seat's grid, for compact assertions."""
    return [(s["up"], s["down"]) for s in state["grids"][seat]]
