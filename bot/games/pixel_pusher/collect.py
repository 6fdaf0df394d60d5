"""Pixels onto boards and belt: the Collect phase and Generate (the conveyor shifting between rounds)."""

from __future__ import annotations

from ..base import N_
from .board import (
    SEGMENTS,
    State,
    count,
    draw,
    note,
    phase_order,
    remove_pixels,
    slot_demand,
    slot_segment,
    sort_pixels,
)
from .content import PRIMARIES


def collect(state: State) -> None:
    """Resolve Collect: segment by segment, each player in collect order takes what the slot reading it
    asks for, all or nothing."""
    state["phase"] = "collect"
    order = phase_order(state, "collect")
    note(state, N_("Collect: {seats}."), seats=list(order))
    for segment in range(SEGMENTS):
        for seat in order:
            board = state["boards"][seat]
            slot = next(i for i in range(SEGMENTS) if slot_segment(board, i) == segment)
            demand = slot_demand(board["slots"][slot])
            if demand is None:
                continue
            colour, n = demand
            belt = state["conveyor"][segment]
            if count(belt, colour) >= n:
                remove_pixels(belt, {colour: n})
                board["held"] = sort_pixels(board["held"] + [colour] * n)
                note(state, N_("{seat} collected {n} {colour} from segment {segment}."), seat=seat, n=n,
                     colour=colour, segment=segment + 1)
            else:
                note(state, N_("{seat} needed {n} {colour} on segment {segment}: none taken."), seat=seat, n=n,
                     colour=colour, segment=segment + 1)


def generate(state: State) -> None:
    """Generate: supply R/G/B and segment 6 go into the bag, the belt shifts, 6 new pixels land on segment 1."""
    for colour in PRIMARIES:
        state["bag"][colour] += state["supply"][colour]
        state["supply"][colour] = 0
    for colour in state["conveyor"][-1]:
        state["bag"][colour] += 1
    state["conveyor"] = [[]] + state["conveyor"][:-1]
    state["conveyor"][0] = draw(state, 6)
    note(state, N_("Generate: {n} new pixels on segment 1."), n=len(state["conveyor"][0]))
