"""The fast legal-move generator (cross-checked against ``reference.py`` by the tests).

Every generator appends plain action dicts (docs/dev/tixel_view.md) to ``out``. A slide is listed
once per distinct outcome, in canonical form: arriving active with hollow H → stance H turned 45°
counter-clockwise and turn ``"cw"`` (a Tix piece: stance None, turn ``"cw"``); sacrificed → its
stance and turn None.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .geometry import (
    DIAG,
    DIRS,
    KINDS,
    LINE,
    NB,
    ORTHO,
    ORTHO_MASK,
    POKA,
    ROUND_NAME,
    SQUARES,
    TIX,
    TIXEL,
    Cells,
    Piece,
    accept_mask,
    drag_turn,
    inward,
    sharp_for,
    sharp_mask,
    turned,
)

Action = dict[str, Any]


# ------------------------------------------------------------------ slides
def slide_effects(cells: Cells, frm: int, d: int, to: int) -> tuple[list[int], dict[int, Piece]]:
    """Return the squares a slide from ``frm`` towards ``d`` enters up to ``to`` and the pieces it deactivates."""
    path: list[int] = []
    changed: dict[int, Piece] = {}
    sides = ((d + 2) % 8, (d + 6) % 8)
    for p in LINE[frm][d]:
        path.append(p)
        for side in sides:
            q = NB[p][side]
            if q >= 0:
                c = cells[q]
                if c is not None and c[2] and sharp_mask(c) >> ((side + 4) % 8) & 1:
                    changed[q] = turned(c, drag_turn(side, d))
        if p == to:
            break
    return path, changed


def _arrival(cells: Cells, changed: dict[int, Piece], p: int, d: int) -> tuple[int, int]:
    """Return (inward mask, accept mask) of destination ``p`` once the slide's deactivations are made."""
    inw = 0
    acc = 0
    behind = (d + 4) % 8
    nb = NB[p]
    for e, back in _BACKS:
        n = nb[e]
        if n < 0 or e == behind:
            acc |= 1 << e
            continue
        c = changed.get(n, cells[n])
        if c is None:
            acc |= 1 << e
            continue
        if c[2]:
            if c[1] != POKA or (c[3] + c[4]) % 8 != back:  # its corner ``back`` is sharp (``sharp_mask``)
                inw |= 1 << e
        elif c[3] == back:
            acc |= 1 << e
    return inw, acc


#: (orthogonal direction, its opposite)
_BACKS = tuple((e, (e + 4) % 8) for e in ORTHO)


def arrival_outcomes(piece: Piece, inw: int, acc: int) -> list[tuple[str | None, str | None]]:
    """Return the canonical (stance, turn) outcomes of a slider arriving with these masks."""
    return list(_outcomes(piece[1], piece[4], inw, acc))


@cache
def _outcomes(kind: int, rnd: int, inw: int, acc: int) -> tuple[tuple[str | None, str | None], ...]:
    """``arrival_outcomes`` of a slider of ``kind`` and ``rnd`` (a pure function of small ints: cached)."""
    if kind == TIX:
        if inw == 0 and acc == ORTHO_MASK:
            return ((None, "cw"),)
        return ((None, None),) if inw == 0 else ()
    if inw == 0:
        fits = {h: sharp_for(kind, h, rnd) & ~acc == 0 for h in DIAG}
    else:
        fits = dict.fromkeys(DIAG, False)
    out: list[tuple[str | None, str | None]] = [(DIRS[h - 1], "cw") for h in DIAG if fits[h]]
    for st in ORTHO:
        if not fits[(st + 1) % 8] and not fits[(st + 7) % 8] and inw & ~(1 << st) == 0:
            out.append((DIRS[st], None))
    return tuple(out)


#: per orthogonal direction of motion: (direction, ((side, back, drag turn) for both sides of the path))
_PATH_SIDES = tuple(
    (d, tuple((side, (side + 4) % 8, drag_turn(side, d)) for side in ((d + 2) % 8, (d + 6) % 8))) for d in ORTHO
)


def slides_from(cells: Cells, frm: int, out: list[Action] | None, to: int = -1) -> bool:
    """Append the legal slides of the active piece on ``frm`` (only those ending on ``to`` if given).

    With ``out`` None, return as soon as one legal slide is found. Returns whether any was found.
    """
    piece = cells[frm]
    kind, rnd = piece[1], piece[4]
    found = False
    line = LINE[frm]
    for d, sides in _PATH_SIDES:
        changed: dict[int, Piece] = {}
        for p in line[d]:
            if cells[p] is not None:
                break
            nb = NB[p]
            for side, back, steps in sides:
                q = nb[side]
                if q >= 0:
                    c = cells[q]
                    # an active piece points a sharp corner ``back`` into the path (``sharp_mask``, inlined:
                    # every orthogonal corner is sharp but a Poka Yoke piece's rounded one)
                    if c is not None and c[2] and (c[1] != POKA or (c[3] + c[4]) % 8 != back):
                        changed[q] = turned(c, steps)
            if to >= 0 and p != to:
                continue
            inw, acc = _arrival(cells, changed, p, d)
            outcomes = _outcomes(kind, rnd, inw, acc)
            if outcomes:
                found = True
                if out is None:
                    return True
                f, t = SQUARES[frm], SQUARES[p]
                for stance, trn in outcomes:
                    out.append({"type": "slide", "from": f, "to": t, "stance": stance, "turn": trn})
    return found


def has_slidable(cells: Cells, player: int) -> bool:
    """Return whether ``player`` has an active piece with at least one legal slide."""
    for s, c in enumerate(cells):
        if c is not None and c[0] == player and c[2] and slides_from(cells, s, None):
            return True
    return False


def slide_actions(cells: Cells, player: int, out: list[Action]) -> None:
    """Append every legal slide of ``player``."""
    for s, c in enumerate(cells):
        if c is not None and c[0] == player and c[2]:
            slides_from(cells, s, out)


# ------------------------------------------------------------------ placement
def place_options(cells: Cells, s: int, kind: int) -> list[tuple[bool, int, int]]:
    """Return the (active, hollow, round) orientations a piece of ``kind`` may be placed in on empty ``s``."""
    inw = inward(cells, s)
    return list(_orientations(kind, inw, accept_mask(cells, s) if inw == 0 else 0))


@cache
def _orientations(kind: int, inw: int, acc: int) -> tuple[tuple[bool, int, int], ...]:
    """``place_options`` of a square with these inward and accept masks (small ints: cached)."""
    if kind == TIX:
        if inw == 0:
            return ((acc == ORTHO_MASK, -1, 0),)
        return ()
    rounds = (1, -1) if kind == POKA else (0,)
    if inw == 0:
        active = tuple((True, h, r) for h in DIAG for r in rounds if sharp_for(kind, h, r) & ~acc == 0)
        if active:
            return active
        return tuple((False, h, r) for h in ORTHO for r in rounds)
    if inw & (inw - 1):  # two or more sharp corners point here
        return ()
    h = inw.bit_length() - 1
    return tuple((False, h, r) for r in rounds)


@cache
def _placements(s: int, kind: int, inw: int, acc: int) -> tuple[Action, ...]:
    """The place actions of ``_orientations`` on ``s`` (templates: ``place_actions`` hands out copies)."""
    name = SQUARES[s]
    return tuple({"type": "place", "kind": KINDS[kind], "square": name, "active": active,
                  "hollow": DIRS[h] if h >= 0 else None, "round": ROUND_NAME[r]}
                 for active, h, r in _orientations(kind, inw, acc))


def place_actions(cells: Cells, pool: dict[str, int], out: list[Action], square: int = -1) -> None:
    """Append every legal placement from ``pool`` (only on ``square`` if given); permission not checked."""
    kinds = [k for k in (TIXEL, TIX, POKA) if pool[KINDS[k]] > 0]
    if not kinds:
        return
    squares = range(36) if square < 0 else (square,)
    for s in squares:
        if cells[s] is not None:
            continue
        inw, acc = _square_masks(cells, s)
        for k in kinds:
            out.extend(map(dict, _placements(s, k, inw, acc)))


def _square_masks(cells: Cells, s: int) -> tuple[int, int]:
    """Return ``inward(cells, s)`` and, when that is 0, ``accept_mask(cells, s)`` (else 0), in one pass."""
    inw = 0
    acc = 0
    nb = NB[s]
    for d, back in _BACKS:
        n = nb[d]
        if n < 0:
            acc |= 1 << d
            continue
        c = cells[n]
        if c is None:
            acc |= 1 << d
        elif c[2]:
            if c[1] != POKA or (c[3] + c[4]) % 8 != back:  # its corner ``back`` is sharp (``sharp_mask``)
                inw |= 1 << d
        elif c[3] == back:
            acc |= 1 << d
    return inw, acc if inw == 0 else 0


def can_place_somewhere(cells: Cells, pool: dict[str, int]) -> bool:
    """Return whether some piece of ``pool`` fits on some empty square."""
    kinds = [k for k in (TIXEL, TIX, POKA) if pool[KINDS[k]] > 0]
    return any(cells[s] is None and place_options(cells, s, k) for s in range(36) for k in kinds)


# ------------------------------------------------------------------ bonus moves
def activate_options(cells: Cells, s: int) -> list[int]:
    """Return the hollows (-1 for Tix) the own inactive piece on ``s`` may be activated to."""
    c = cells[s]
    if inward(cells, s):
        return []
    acc = accept_mask(cells, s)
    if c[1] == TIX:
        return [-1] if acc == ORTHO_MASK else []
    return [h for h in ((c[3] + 1) % 8, (c[3] + 7) % 8) if sharp_for(c[1], h, c[4]) & ~acc == 0]


def pivot_options(cells: Cells, s: int) -> list[int]:
    """Return the other diagonal hollows the active piece on ``s`` may be pivoted to."""
    c = cells[s]
    if c[1] == TIX:
        return []
    acc = accept_mask(cells, s)
    return [h for h in DIAG if h != c[3] and sharp_for(c[1], h, c[4]) & ~acc == 0]


def bonus_actions(cells: Cells, player: int, locked: int, out: list[Action]) -> None:
    """Append the activate, pivot and pick-up moves of ``player`` (``locked``: the square not pickable)."""
    for s, c in enumerate(cells):
        if c is None or c[0] != player:
            continue
        name = SQUARES[s]
        if c[2]:
            for h in pivot_options(cells, s):
                out.append({"type": "pivot", "square": name, "hollow": DIRS[h]})
        else:
            for h in activate_options(cells, s):
                out.append({"type": "activate", "square": name, "hollow": DIRS[h] if h >= 0 else None})
        if s != locked:
            out.append({"type": "pickup", "square": name})
