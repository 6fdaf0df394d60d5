"""Precise, player-facing reasons why an action is not legal (used by apply and parse_action).

``explain`` receives an action whose fields have the right shape; orientation fields may be absent
(the player has not said yet), in which case only the rest is examined.
"""

from __future__ import annotations

from typing import Any

from ..base import N_, IllegalAction, Phrase
from .geometry import (
    DIR_INDEX,
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
    E,
    N,
    S,
    W,
    accepts,
    cells_of,
    direction_between,
    sharp_for,
    sharp_mask,
)
from .moves import _arrival, arrival_outcomes, place_options, slide_effects

#: a placement refused for an empty pool, by piece kind
_POOL_EMPTY = {"tixel": N_("Your pool has no tixel pieces."), "tix": N_("Your pool has no Tix pieces."),
               "poka": N_("Your pool has no Poka Yoke pieces.")}
#: a bonus move tried outside the bonus moves, by action type
_NOT_BONUS = {"activate": N_("Activating is a bonus move: it is only allowed after a sacrifice."),
              "pickup": N_("Picking up is a bonus move: it is only allowed after a sacrifice."),
              "pivot": N_("Pivoting is a bonus move: it is only allowed after a sacrifice.")}
#: a slide blocked on its way, by direction
_BLOCKED = {N: N_("{start} cannot slide north: a piece blocks at {block}."),
            E: N_("{start} cannot slide east: a piece blocks at {block}."),
            S: N_("{start} cannot slide south: a piece blocks at {block}."),
            W: N_("{start} cannot slide west: a piece blocks at {block}.")}


def conflict(cells: Cells, s: int, sharp: int | None) -> Phrase:
    """Describe why a piece on ``s`` breaks the fit rule: active with ``sharp`` corners, or inactive (None); a
    clause for a refusal's ``{why}`` (the application translates it there)."""
    name = SQUARES[s]
    for d in ORTHO:
        n = NB[s][d]
        if n < 0 or cells[n] is None:
            continue
        c = cells[n]
        if sharp_mask(c) >> ((d + 4) % 8) & 1:
            return Phrase(N_("the active piece on {near} points a corner into {square}"), near=SQUARES[n], square=name)
        if sharp is not None and sharp >> d & 1 and not accepts(c, d):
            if c[2]:
                return Phrase(N_("its corner would point into the active piece on {near}"), near=SQUARES[n])
            if c[1] == TIX:
                return Phrase(N_("its corner would point into the Tix piece on {near}, which has no hollow"),
                              near=SQUARES[n])
            return Phrase(N_("its corner would point into the inactive piece on {near}, whose hollow does not face "
                             "{square}"), near=SQUARES[n], square=name)
    return Phrase(N_("it does not fit there"))


def _both(squares: list[str]) -> Phrase:
    """``c4 and d3`` (``a1, b2 and c3``): squares listed as a clause."""
    return Phrase(N_("{squares} and {last}"), squares=", ".join(squares[:-1]), last=squares[-1])


def _pointing(cells: Cells, s: int) -> list[str]:
    """Return the squares of the active pieces pointing a sharp corner into ``s``."""
    return [SQUARES[NB[s][d]] for d in ORTHO
            if NB[s][d] >= 0 and sharp_mask(cells[NB[s][d]]) >> ((d + 4) % 8) & 1]


def explain(state: dict[str, Any], player: int, action: dict[str, Any]) -> IllegalAction:
    """Return why ``action`` (right shape, possibly without orientation) is not legal for ``player`` now (the
    refusal to raise)."""
    phase, kind = state["phase"], action["type"]
    if phase == "draw":
        return IllegalAction("Answer the draw offer first: accept or decline.")
    if kind in ("accept_draw", "decline_draw"):
        return IllegalAction("There is no draw offer to answer.")
    if kind == "offer_draw":
        if phase == "bonus":
            return IllegalAction("You cannot offer a draw during bonus moves.")
        return IllegalAction("You have already offered a draw this turn.")
    if kind == "end":
        return IllegalAction("There is no bonus move to decline.")
    if kind in _NOT_BONUS and phase != "bonus":
        return IllegalAction(_NOT_BONUS[kind])
    cells = cells_of(state["board"])
    if kind == "place":
        return _place(state, cells, player, action)
    if kind == "slide":
        return _slide(cells, player, action)
    square = action["square"]
    s = INDEX[square]
    piece = cells[s]
    if piece is None:
        return IllegalAction("You have no piece on {square}.", square=square)
    if piece[0] != player:
        return IllegalAction("The piece on {square} is not yours.", square=square)
    if kind == "pickup":
        return IllegalAction("You cannot pick up {square} in this bonus move: its sacrifice earned it.", square=square)
    return _turning(cells, s, piece, action)


def _place(state: dict[str, Any], cells: Cells, player: int, action: dict[str, Any]) -> IllegalAction:
    """Reasons for a refused placement."""
    kind, square = action["kind"], action["square"]
    if state["pools"][player][kind] <= 0:
        return IllegalAction(_POOL_EMPTY[kind])
    s = INDEX[square]
    if cells[s] is not None:
        return IllegalAction("{square} is occupied.", square=square)
    if not state["can_place"]:
        return IllegalAction("You may not place this turn: at the start of your turn you had no active piece that "
                             "could slide.")
    k = KIND_INDEX[kind]
    options = place_options(cells, s, k)
    if not options:
        who = _pointing(cells, s)
        if len(who) > 1:
            return IllegalAction("Nothing fits on {square}: the active pieces on {pieces} point corners into it.",
                                 square=square, pieces=_both(who))
        return IllegalAction("No Tix piece fits on {square}: the active piece on {near} points a corner into it.",
                             square=square, near=who[0])
    if "active" not in action:
        return IllegalAction("Nothing fits on {square}.", square=square)
    rnd = ROUNDS[action.get("round")]
    if action["active"]:
        if not options[0][0]:
            return IllegalAction("No active piece fits on {square}: {why}.", square=square,
                                 why=conflict(cells, s, sharp_for(k, 1, 0)))
        hollow = DIR_INDEX[action["hollow"]]
        return IllegalAction("That orientation does not fit on {square}: {why}.", square=square,
                             why=conflict(cells, s, sharp_for(k, hollow, rnd)))
    if options[0][0]:
        return IllegalAction("A piece placed on {square} must be active: an active orientation fits there.",
                             square=square)
    return IllegalAction("An inactive piece on {square} must face its hollow {hollow}, towards the active piece on "
                         "{near}.", square=square, hollow=DIRS[options[0][1]], near=_pointing(cells, s)[0])


def _slide(cells: Cells, player: int, action: dict[str, Any]) -> IllegalAction:
    """Reasons for a refused slide."""
    frm, to = action["from"], action["to"]
    f = INDEX[frm]
    piece = cells[f]
    if piece is None:
        return IllegalAction("You have no piece on {square}.", square=frm)
    if piece[0] != player:
        return IllegalAction("The piece on {square} is not yours.", square=frm)
    if not piece[2]:
        return IllegalAction("The piece on {square} is inactive: only active pieces slide.", square=frm)
    if frm == to:
        return IllegalAction("A slide must move at least one square.")
    d = direction_between(f, INDEX[to])
    if d is None:
        return IllegalAction("{start} and {end} are not in one row or column.", start=frm, end=to)
    for p in LINE[f][d]:
        if cells[p] is not None:
            return IllegalAction(_BLOCKED[d], start=frm, block=SQUARES[p])
        if SQUARES[p] == to:
            break
    stop = INDEX[to]
    _path, changed = slide_effects(cells, f, d, stop)
    inw, acc = _arrival(cells, changed, stop, d)
    outcomes = arrival_outcomes(piece, inw, acc)
    after = list(cells)
    after[f] = None
    for q, c in changed.items():
        after[q] = c
    if not outcomes:
        return IllegalAction("A Tix piece cannot stop on {end}: {why}.", end=to, why=conflict(after, stop, None))
    if "turn" not in action:
        return IllegalAction("{start}-{end} is not possible.", start=frm, end=to)
    sacrifices = [st for st, trn in outcomes if trn is None]
    if action["turn"] is not None:
        hollow = 1 if piece[1] == TIX else (DIR_INDEX[action["stance"]] + 1) % 8
        why = conflict(after, stop, sharp_for(piece[1], hollow, piece[4]))
        if sacrifices and len(sacrifices) == len(outcomes):
            if len(sacrifices) == 1:
                return IllegalAction("The slider cannot be active on {end}: {why}, so it is sacrificed there (write "
                                     "{start}-{end}={stance}).", end=to, why=why, start=frm, stance=sacrifices[0])
            return IllegalAction("The slider cannot be active on {end}: {why}, so it is sacrificed there.", end=to,
                                 why=why)
        return IllegalAction("The slider cannot arrive on {end} with hollow {hollow}: {why}.", end=to,
                             hollow=DIRS[hollow], why=why)
    active = [(DIR_INDEX[st] + 1) % 8 for st, trn in outcomes if trn is not None and st is not None]
    if piece[1] != POKA and len(sacrifices) < len(outcomes):
        return IllegalAction("The slider fits active on {end}, so it cannot be sacrificed there.", end=to)
    st = DIR_INDEX[action["stance"]] if action["stance"] is not None else -1
    turns = [h for h in ((st + 1) % 8, (st + 7) % 8) if h in active]
    if turns:
        return IllegalAction("The slider cannot be sacrificed on {end} with stance {stance}: turned to {turned} it "
                             "fits there active, so it must be activated.", end=to, stance=DIRS[st],
                             turned=DIRS[turns[0]])
    if inw:
        return IllegalAction("The slider can only stop on {end} with its hollow facing the active piece on {ahead} "
                             "({direction}).", end=to, ahead=SQUARES[NB[stop][d]], direction=DIRS[d])
    return IllegalAction("That stance does not let the slider stop on {end}.", end=to)


def _turning(cells: Cells, s: int, piece: tuple, action: dict[str, Any]) -> IllegalAction:
    """Reasons for a refused activation or pivot."""
    square, kind = SQUARES[s], action["type"]
    if kind == "activate":
        if piece[2]:
            return IllegalAction("The piece on {square} is already active.", square=square)
        if piece[1] != TIX and "hollow" in action:
            if action["hollow"] is None:
                return IllegalAction("Say which diagonal the hollow turns to.")
            target = DIR_INDEX[action["hollow"]]
            if target not in ((piece[3] + 1) % 8, (piece[3] + 7) % 8):
                return IllegalAction("Activating turns a piece 45°: the hollow of {square} ({hollow}) can turn to "
                                     "{left} or {right}.", square=square, hollow=DIRS[piece[3]],
                                     left=DIRS[(piece[3] + 7) % 8], right=DIRS[(piece[3] + 1) % 8])
            return IllegalAction("{square} cannot be activated with hollow {hollow}: {why}.", square=square,
                                 hollow=action["hollow"], why=conflict(cells, s, sharp_for(piece[1], target, piece[4])))
        if piece[1] == TIX and action.get("hollow") is not None:
            return IllegalAction("A Tix piece has no hollow.")
        return IllegalAction("{square} cannot be activated: {why}.", square=square,
                             why=conflict(cells, s, sharp_for(piece[1], 1, 0)))
    if not piece[2]:
        return IllegalAction("The piece on {square} is inactive: only active pieces pivot.", square=square)
    if piece[1] == TIX:
        return IllegalAction("A Tix piece has no hollow to pivot.")
    if "hollow" not in action:
        return IllegalAction("{square} cannot pivot.", square=square)
    if DIR_INDEX[action["hollow"]] == piece[3]:
        return IllegalAction("The hollow of {square} already faces {hollow}.", square=square, hollow=action["hollow"])
    target = DIR_INDEX[action["hollow"]]
    return IllegalAction("{square} cannot pivot to {hollow}: {why}.", square=square, hollow=action["hollow"],
                         why=conflict(cells, s, sharp_for(piece[1], target, piece[4])))
