"""Precise, player-facing reasons why an action is not legal (used by apply and parse_action).

``explain`` receives an action whose fields have the right shape; orientation fields may be absent
(the player has not said yet), in which case only the rest is examined.
"""

from __future__ import annotations

from typing import Any

from .geometry import (
    DIR_INDEX,
    DIR_WORD,
    DIRS,
    INDEX,
    KIND_INDEX,
    LINE,
    NB,
    ORTHO,
    POKA,
    ROUNDS,
    SQUARES,
    TIX,
    Cells,
    accepts,
    cells_of,
    direction_between,
    sharp_for,
    sharp_mask,
)
from .moves import _arrival, arrival_outcomes, place_options, slide_effects

LABEL = {"tixel": "tixel pieces", "tix": "Tix pieces", "poka": "Poka Yoke pieces"}
WORD = {"activate": "Activating", "pickup": "Picking up", "pivot": "Pivoting"}


def conflict(cells: Cells, s: int, sharp: int | None) -> str:
    """Describe why a piece on ``s`` breaks the fit rule: active with ``sharp`` corners, or inactive (None)."""
    name = SQUARES[s]
    for d in ORTHO:
        n = NB[s][d]
        if n < 0 or cells[n] is None:
            continue
        c = cells[n]
        if sharp_mask(c) >> ((d + 4) % 8) & 1:
            return f"the active piece on {SQUARES[n]} points a corner into {name}"
        if sharp is not None and sharp >> d & 1 and not accepts(c, d):
            if c[2]:
                return f"its corner would point into the active piece on {SQUARES[n]}"
            if c[1] == TIX:
                return f"its corner would point into the Tix piece on {SQUARES[n]}, which has no hollow"
            return f"its corner would point into the inactive piece on {SQUARES[n]}, whose hollow does not face {name}"
    return "it does not fit there"


def _pointing(cells: Cells, s: int) -> list[str]:
    """Return the squares of the active pieces pointing a sharp corner into ``s``."""
    return [SQUARES[NB[s][d]] for d in ORTHO
            if NB[s][d] >= 0 and sharp_mask(cells[NB[s][d]]) >> ((d + 4) % 8) & 1]


def explain(state: dict[str, Any], player: int, action: dict[str, Any]) -> str:
    """Return why ``action`` (right shape, possibly without orientation) is not legal for ``player`` now."""
    phase, kind = state["phase"], action["type"]
    if phase == "draw":
        return "Answer the draw offer first: accept or decline."
    if kind in ("accept_draw", "decline_draw"):
        return "There is no draw offer to answer."
    if kind == "offer_draw":
        if phase == "bonus":
            return "You cannot offer a draw during bonus moves."
        return "You have already offered a draw this turn."
    if kind == "end":
        return "There is no bonus move to decline."
    if kind in WORD and phase != "bonus":
        return f"{WORD[kind]} is a bonus move: it is only allowed after a sacrifice."
    cells = cells_of(state["board"])
    if kind == "place":
        return _place(state, cells, player, action)
    if kind == "slide":
        return _slide(cells, player, action)
    square = action["square"]
    s = INDEX[square]
    piece = cells[s]
    if piece is None:
        return f"You have no piece on {square}."
    if piece[0] != player:
        return f"The piece on {square} is not yours."
    if kind == "pickup":
        return f"You cannot pick up {square} in this bonus move: its sacrifice earned it."
    return _turning(cells, s, piece, action)


def _place(state: dict[str, Any], cells: Cells, player: int, action: dict[str, Any]) -> str:
    """Reasons for a refused placement."""
    kind, square = action["kind"], action["square"]
    if state["pools"][player][kind] <= 0:
        return f"Your pool has no {LABEL[kind]}."
    s = INDEX[square]
    if cells[s] is not None:
        return f"{square} is occupied."
    if not state["can_place"]:
        return "You may not place this turn: at the start of your turn you had no active piece that could slide."
    k = KIND_INDEX[kind]
    options = place_options(cells, s, k)
    if not options:
        who = _pointing(cells, s)
        if len(who) > 1:
            return f"Nothing fits on {square}: the active pieces on {' and '.join(who)} point corners into it."
        return f"No Tix piece fits on {square}: the active piece on {who[0]} points a corner into it."
    if "active" not in action:
        return f"Nothing fits on {square}."
    rnd = ROUNDS[action.get("round")]
    if action["active"]:
        if not options[0][0]:
            return f"No active piece fits on {square}: {conflict(cells, s, sharp_for(k, 1, 0))}."
        hollow = DIR_INDEX[action["hollow"]]
        return f"That orientation does not fit on {square}: {conflict(cells, s, sharp_for(k, hollow, rnd))}."
    if options[0][0]:
        return f"A piece placed on {square} must be active: an active orientation fits there."
    face = DIRS[options[0][1]]
    return f"An inactive piece on {square} must face its hollow {face}, towards the active piece on {_pointing(cells, s)[0]}."


def _slide(cells: Cells, player: int, action: dict[str, Any]) -> str:
    """Reasons for a refused slide."""
    frm, to = action["from"], action["to"]
    f = INDEX[frm]
    piece = cells[f]
    if piece is None:
        return f"You have no piece on {frm}."
    if piece[0] != player:
        return f"The piece on {frm} is not yours."
    if not piece[2]:
        return f"The piece on {frm} is inactive: only active pieces slide."
    if frm == to:
        return "A slide must move at least one square."
    d = direction_between(f, INDEX[to])
    if d is None:
        return f"{frm} and {to} are not in one row or column."
    for p in LINE[f][d]:
        if cells[p] is not None:
            return f"{frm} cannot slide {DIR_WORD[d]}: a piece blocks at {SQUARES[p]}."
        if SQUARES[p] == to:
            break
    t = INDEX[to]
    _path, changed = slide_effects(cells, f, d, t)
    inw, acc = _arrival(cells, changed, t, d)
    outcomes = arrival_outcomes(piece, inw, acc)
    after = list(cells)
    after[f] = None
    for q, c in changed.items():
        after[q] = c
    if not outcomes:
        return f"A Tix piece cannot stop on {to}: {conflict(after, t, None)}."
    if "turn" not in action:
        return f"{frm}-{to} is not possible."
    sacrifices = [st for st, trn in outcomes if trn is None]
    if action["turn"] is not None:
        hollow = 1 if piece[1] == TIX else (DIR_INDEX[action["stance"]] + 1) % 8
        why = conflict(after, t, sharp_for(piece[1], hollow, piece[4]))
        if sacrifices and len(sacrifices) == len(outcomes):
            hint = f" (write {frm}-{to}={sacrifices[0]})" if len(sacrifices) == 1 else ""
            return f"The slider cannot be active on {to}: {why}, so it is sacrificed there{hint}."
        return f"The slider cannot arrive on {to} with hollow {DIRS[hollow]}: {why}."
    active = [(DIR_INDEX[st] + 1) % 8 for st, trn in outcomes if trn is not None and st is not None]
    if piece[1] != POKA and len(sacrifices) < len(outcomes):
        return f"The slider fits active on {to}, so it cannot be sacrificed there."
    st = DIR_INDEX[action["stance"]] if action["stance"] is not None else -1
    turns = [h for h in ((st + 1) % 8, (st + 7) % 8) if h in active]
    if turns:
        return (f"The slider cannot be sacrificed on {to} with stance {DIRS[st]}: turned to {DIRS[turns[0]]} "
                "it fits there active, so it must be activated.")
    if inw:
        ahead = SQUARES[NB[t][d]]
        return f"The slider can only stop on {to} with its hollow facing the active piece on {ahead} ({DIRS[d]})."
    return f"That stance does not let the slider stop on {to}."


def _turning(cells: Cells, s: int, piece: tuple, action: dict[str, Any]) -> str:
    """Reasons for a refused activation or pivot."""
    square, kind = SQUARES[s], action["type"]
    if kind == "activate":
        if piece[2]:
            return f"The piece on {square} is already active."
        if piece[1] != TIX and "hollow" in action:
            if action["hollow"] is None:
                return "Say which diagonal the hollow turns to."
            target = DIR_INDEX[action["hollow"]]
            if target not in ((piece[3] + 1) % 8, (piece[3] + 7) % 8):
                near = f"{DIRS[(piece[3] + 7) % 8]} or {DIRS[(piece[3] + 1) % 8]}"
                return f"Activating turns a piece 45°: the hollow of {square} ({DIRS[piece[3]]}) can turn to {near}."
            return f"{square} cannot be activated with hollow {action['hollow']}: " + conflict(
                cells, s, sharp_for(piece[1], target, piece[4])) + "."
        if piece[1] == TIX and action.get("hollow") is not None:
            return "A Tix piece has no hollow."
        return f"{square} cannot be activated: {conflict(cells, s, sharp_for(piece[1], 1, 0))}."
    if not piece[2]:
        return f"The piece on {square} is inactive: only active pieces pivot."
    if piece[1] == TIX:
        return "A Tix piece has no hollow to pivot."
    if "hollow" not in action:
        return f"{square} cannot pivot."
    if DIR_INDEX[action["hollow"]] == piece[3]:
        return f"The hollow of {square} already faces {action['hollow']}."
    target = DIR_INDEX[action["hollow"]]
    return f"{square} cannot pivot to {action['hollow']}: {conflict(cells, s, sharp_for(piece[1], target, piece[4]))}."
