"""Leaving and the end of the game: ghost seats, the final ranking and the result."""

from __future__ import annotations

from .board import State, active_seats, seat_name
from .convert import settle_work
from .score import done_scoring


def leave(state: State, seat: int) -> None:
    """Remove a player: their seat stays as a ghost that picks automatically and does nothing else; the
    game ends when one player is left."""
    state["active"][seat] = False
    state["log"].append(f"{seat_name(seat)} left the game.")
    if len(active_seats(state)) <= 1:
        finish(state, "every other player left")
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


def finish(state: State, reason: str) -> None:
    """End the game and record the result (open Convert & Store work is settled first)."""
    for seat in range(state["num_players"]):
        settle_work(state, seat)
    state["supply_public"] = None
    groups = ranking(state)
    scores = [b["score"] for b in state["boards"]]
    winners = groups[0]
    if len(winners) > 1:
        reason += "; tied on points and pixels: a shared victory"
    elif len(active_seats(state)) > 1:
        best = [s for s in active_seats(state) if scores[s] == scores[winners[0]]]
        if len(best) > 1:
            reason += "; the tie on points was broken by pixels on the board"
    state["status"] = "finished"
    state["phase"] = "finished"
    state["order"] = None
    state["result"] = {"winners": winners, "ranking": groups, "scores": scores, "reason": reason}
    state["log"].append("Game over: " + ", ".join(seat_name(s) for s in winners) + " won.")
