"""The Pixel Pusher flow: one action on an already copied state, then every automatic step in phase order.

The phases live in their own modules (draft, build, collect, convert, score, ending); the state layout is
described in ``setup``.
"""

from __future__ import annotations

from ..base import Action
from .board import State, max_fills
from .build import flip, install, take_pixel
from .collect import collect, generate
from .convert import close_convert, convert, finish_convert, open_convert, store, unstore
from .draft import advance_draft, deal, pick
from .ending import finish
from .score import done_scoring, fill, fillable, replace_finished_images

PHASE_NAMES = {"draft": "Draft", "build": "Build", "collect": "Collect", "convert": "Convert & Store",
               "score": "Score", "finished": "Game over"}


def perform(state: State, seat: int, action: Action) -> None:
    """Make a checked, normalised action of ``seat``'s in place (no automatic step follows)."""
    kind = action["type"]
    if kind == "pick":
        pick(state, seat, action["card"])
    elif kind == "install":
        install(state, seat, action["card"], action["slot"])
    elif kind == "pixel":
        take_pixel(state, seat, action["card"])
    elif kind == "flip":
        flip(state, seat)
    elif kind == "convert":
        convert(state, seat, action["source"], action["pay"], action["gain"])
    elif kind == "store":
        store(state, seat, action["color"])
    elif kind == "unstore":
        unstore(state, seat, action["color"])
    elif kind == "confirm":
        finish_convert(state, seat)
    elif kind == "fill":
        fill(state, seat, action["image"], action["row"])
    else:
        done_scoring(state)


def advance(state: State) -> None:
    """Resolve everything that needs no decision (automatic picks, skipped turns, Collect, closing a phase,
    Generate and the next round) until a decision is awaited or the game is over."""
    while state["status"] == "playing":
        phase = state["phase"]
        if phase == "draft" and not advance_draft(state):
            return
        if phase == "build" and not _advance_build(state):
            return
        if phase == "convert" and not all(state["confirmed"]):
            return
        if phase == "convert":
            close_convert(state)
        if phase == "score" and not _advance_score(state):
            return


def _advance_build(state: State) -> bool:
    """Skip seats with nothing to build; after the last builder, Collect and open Convert & Store."""
    order = state["order"]
    while state["turn"] < len(order):
        seat = order[state["turn"]]
        if state["active"][seat] and state["hands"][seat]:
            return False
        state["turn"] += 1
    collect(state)
    open_convert(state)
    return True


def _advance_score(state: State) -> bool:
    """Skip seats that cannot (or may no more) fill a scanline; after the last, end the round."""
    order = state["order"]
    while state["turn"] < len(order):
        seat = order[state["turn"]]
        if state["active"][seat] and state["fills"] < max_fills(state) and fillable(state, seat):
            return False
        state["turn"] += 1
        state["fills"] = 0
    end_round(state)
    return True


def end_round(state: State) -> None:
    """Replace finished images, then end the game if the machine deck is empty, else start the next round."""
    replace_finished_images(state)
    if not state["deck"]:
        finish(state, "deck_empty")
        return
    state["round"] += 1
    n = state["num_players"]
    state["token"] = (state["token"] + 1) % n
    generate(state)
    deal(state)

