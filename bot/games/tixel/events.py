"""A Tixel move as an event: an English template marked for the catalogue and its fields (a clause field is a
``Phrase``), which the application words in a member's language; filled in English, it is the engine's
``describe_action`` sentence that the move log stores.

``describe_event`` reads the state before the move; ``last_move_event`` rebuilds the same event from the
``last_move`` record of the state (or view) after it, so a post can word the last move in any language.
"""

from __future__ import annotations

from typing import Any

from ..base import N_, Phrase
from . import rules
from .geometry import INDEX, SQUARES, cells_of, direction_between
from .moves import slide_effects
from .notation import slide_arrival

Event = tuple[str, dict[str, Any]]

#: where a Poka Yoke piece's rounded corner points, by (hollow, rounding)
CORNER = {("NE", "cw"): "E", ("NE", "ccw"): "N", ("SE", "cw"): "S", ("SE", "ccw"): "E",
          ("SW", "cw"): "W", ("SW", "ccw"): "S", ("NW", "cw"): "N", ("NW", "ccw"): "W",
          ("N", "cw"): "NE", ("N", "ccw"): "NW", ("E", "cw"): "SE", ("E", "ccw"): "NE",
          ("S", "cw"): "SW", ("S", "ccw"): "SE", ("W", "cw"): "NW", ("W", "ccw"): "SW"}
#: a placement, by piece kind
_PLACED = {"tixel": N_("placed a tixel on {square}, {stance}"),
           "tix": N_("placed a Tix piece on {square}, {stance}"),
           "poka": N_("placed a Poka Yoke piece on {square}, {stance}")}
#: a piece's orientation: (active, with a hollow, with a rounded corner) → template
_STANCES = {(True, False, False): N_("active"), (False, False, False): N_("inactive"),
            (True, True, False): N_("active (hollow {hollow})"),
            (False, True, False): N_("inactive (hollow {hollow})"),
            (True, True, True): N_("active (hollow {hollow}, rounded corner {corner})"),
            (False, True, True): N_("inactive (hollow {hollow}, rounded corner {corner})")}
#: an activation or a pivot: (type, with a hollow, with a rounded corner) → template
_TURNED = {("activate", False, False): N_("activated {square}"),
           ("activate", True, False): N_("activated {square} (hollow {hollow})"),
           ("activate", True, True): N_("activated {square} (hollow {hollow}, rounded corner {corner})"),
           ("pivot", False, False): N_("pivoted {square}"),
           ("pivot", True, False): N_("pivoted {square} (hollow {hollow})"),
           ("pivot", True, True): N_("pivoted {square} (hollow {hollow}, rounded corner {corner})")}
#: a slide: (arrives active, deactivates pieces) → template
_SLID = {(True, False): N_("slid {start}→{end}, {stance}"),
         (True, True): N_("slid {start}→{end}, {stance}, deactivating {squares}"),
         (False, False): N_("slid {start}→{end}, {stance}: bonus move"),
         (False, True): N_("slid {start}→{end}, {stance}, deactivating {squares}: bonus move")}
#: the moves without a square, by type
_PLAIN = {"end": N_("ended the turn without a bonus move"), "offer_draw": N_("offered a draw"),
          "accept_draw": N_("accepted the draw"), "decline_draw": N_("declined the draw")}


def stance(active: bool, hollow: str | None, rnd: str | None) -> Phrase:
    """A piece's orientation as a clause: ``active (hollow NE, rounded corner E)``."""
    corner = CORNER[hollow, rnd] if hollow and rnd else None
    fields = {"hollow": hollow} if hollow else {}
    if corner:
        fields["corner"] = corner
    return Phrase(_STANCES[active, bool(hollow), bool(corner)], **fields)


def sacrificed(hollow: str | None) -> Phrase:
    """A sacrificed slider's clause: ``sacrificed (hollow E)``."""
    if hollow:
        return Phrase(N_("sacrificed (hollow {hollow})"), hollow=hollow)
    return Phrase(N_("sacrificed"))


def move_event(action: dict[str, Any], rnd: str | None, deactivated: list[str], promoted: bool) -> Event:
    """The event of ``action``, given the moved piece's rounding (``rnd``), the squares a slide deactivates and
    whether a pickup promotes."""
    kind = action["type"]
    if kind == "place":
        return _PLACED[action["kind"]], {"square": action["square"],
                                         "stance": stance(action["active"], action["hollow"], action["round"])}
    if kind == "slide":
        active, hollow = slide_arrival(action)
        fields: dict[str, Any] = {"start": action["from"], "end": action["to"],
                                  "stance": stance(True, hollow, rnd) if active else sacrificed(hollow)}
        if deactivated:
            fields["squares"] = ", ".join(deactivated)
        return _SLID[active, bool(deactivated)], fields
    if kind in ("activate", "pivot"):
        hollow = action["hollow"]
        fields = {"square": action["square"]}
        if hollow:
            fields["hollow"] = hollow
            if rnd:
                fields["corner"] = CORNER[hollow, rnd]
        return _TURNED[kind, bool(hollow), bool(hollow and rnd)], fields
    if kind == "pickup":
        if promoted:
            return N_("picked up {square}, promoted to a Poka Yoke piece"), {"square": action["square"]}
        return N_("picked up {square}"), {"square": action["square"]}
    return _PLAIN[kind], {}


def describe_event(state: dict[str, Any], player: int, action: dict[str, Any]) -> Event:
    """The event of ``player``'s (canonical) ``action`` from ``state``, before it is applied."""
    kind, board = action["type"], state["board"]
    rnd, deactivated = None, []
    if kind == "slide":
        f, t = INDEX[action["from"]], INDEX[action["to"]]
        _path, changed = slide_effects(cells_of(board), f, direction_between(f, t), t)
        rnd, deactivated = board[action["from"]]["round"], [SQUARES[q] for q in changed]
    elif kind in ("activate", "pivot"):
        rnd = board[action["square"]]["round"]
    promoted = kind == "pickup" and rules.promotes(state, player, action["square"])
    return move_event(action, rnd, deactivated, promoted)


def last_move_event(view: dict[str, Any]) -> Event | None:
    """The event of the view's (or state's) last board move, rebuilt from its record and the board after it;
    None when there is none or it cannot be read."""
    last = view.get("last_move") or {}
    action = last.get("action")
    if not isinstance(action, dict) or not last.get("text"):
        return None
    try:
        piece = (view.get("board") or {}).get(action.get("to") or action.get("square") or "") or {}
        rnd = piece.get("round") if action["type"] in ("slide", "activate", "pivot") else None
        promoted = action["type"] == "pickup" and "promoted" in str(last["text"])
        return move_event(action, rnd, list(last.get("deactivated") or []), promoted)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return None


def event_text(event: Event) -> str:
    """The event in English (what the move log stores)."""
    template, fields = event
    return template.format(**fields) if fields else template
