"""Leaving and the end of the game: ghost seats, the final ranking and the result."""

from __future__ import annotations

from ..base import N_
from .board import State, active_seats, note
from .convert import settle_work
from .score import done_scoring


def leave(state: State, seat: int) -> None:
    """Remove a player: their seat stays as a ghost that picks automatically and does nothing else; the
    game ends when one player is left."""
    state["active"][seat] = False
    note(state, N_("{seat} left the game."), seat=seat)
    if len(active_seats(state)) <= 1:
        finish(state, "left")
        return
    phase = state["phase"]
    if phase == "build":
        state["discard"].extend(state["hands"][seat])
        state["hands"][seat] = []
    elif phase == "convert" and state["work"][seat] is not None:
        settle_work(state, seat)
        state["confirmed"][seat] = True
    elif phase == "score" and state["order"][state["turn"]] == seat:
        done_scoring(state)


def ranking(state: State) -> list[list[int]]:
    """Group seats best first: players still in by VP then pixels on the board, then those who left."""
    def key(s: int) -> tuple[int, int]:
        board = state["boards"][s]
        return board["score"], len(board["stored"]) + len(board["held"])

    groups: list[list[int]] = []
    for seats in (active_seats(state), [s for s in range(state["num_players"]) if not state["active"][s]]):
        for value in sorted({key(s) for s in seats}, reverse=True):
            groups.append([s for s in seats if key(s) == value])
    return groups


#: a result's reasons by key: the result keeps its ``reason_keys`` and their English joined with ``; ``
REASONS = {"deck_empty": N_("the machine deck is empty"), "left": N_("every other player left"),
           "shared": N_("tied on points and pixels: a shared victory"),
           "tie_pixels": N_("the tie on points was broken by pixels on the board")}


def finish(state: State, why: str) -> None:
    """End the game and record the result (open Convert & Store work is settled first); ``why``: the key of the
    reason in ``REASONS`` (``deck_empty`` or ``left``), a tie's key added."""
    for seat in range(state["num_players"]):
        settle_work(state, seat)
    state["supply_public"] = None
    groups = ranking(state)
    scores = [b["score"] for b in state["boards"]]
    winners = groups[0]
    keys = [why]
    if len(winners) > 1:
        keys.append("shared")
    elif len(active_seats(state)) > 1:
        best = [s for s in active_seats(state) if scores[s] == scores[winners[0]]]
        if len(best) > 1:
            keys.append("tie_pixels")
    reason = "; ".join(REASONS[k] for k in keys)
    state["status"] = "finished"
    state["phase"] = "finished"
    state["order"] = None
    state["result"] = {"winners": winners, "ranking": groups, "scores": scores, "reason": reason, "reason_keys": keys}
    note(state, N_("Game over: {seats} won."), seats=list(winners))
