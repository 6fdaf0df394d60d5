"""The fast legal-move generator (cross-checked against ``reference.py`` by the tests).

Every generator appends plain action dicts (docs/dev/tixel_view.md) to ``out``. A slide is listed
once per distinct outcome, in canonical form: arriving active with hollow H → stance H turned 45°
counter-clockwise and turn ``"cw"`` (a Tix piece: stance None, turn ``"cw"``); sacrificed → its
stance and turn None.
"""

from __future__ import annotations

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
    for e in ORTHO:
        n = nb[e]
        if n < 0 or e == behind:
            acc |= 1 << e
            continue
        c = changed.get(n, cells[n])
        if c is None:
            acc |= 1 << e
            continue
        if c[2]:
            if sharp_mask(c) >> ((e + 4) % 8) & 1:
                inw |= 1 << e
        elif c[3] == (e + 4) % 8:
            acc |= 1 << e
    return inw, acc


def arrival_outcomes(piece: Piece, inw: int, acc: int) -> list[tuple[str | None, str | None]]:
    """Return the canonical (stance, turn) outcomes of a slider arriving with these masks."""
    kind = piece[1]
    if kind == TIX:
        if inw == 0 and acc == ORTHO_MASK:
            return [(None, "cw")]
        return [(None, None)] if inw == 0 else []
    if inw == 0:
        fits = {h: sharp_for(kind, h, piece[4]) & ~acc == 0 for h in DIAG}
    else:
        fits = dict.fromkeys(DIAG, False)
    out: list[tuple[str | None, str | None]] = [(DIRS[h - 1], "cw") for h in DIAG if fits[h]]
    for st in ORTHO:
        if not fits[(st + 1) % 8] and not fits[(st + 7) % 8] and inw & ~(1 << st) == 0:
            out.append((DIRS[st], None))
    return out


def slides_from(cells: Cells, frm: int, out: list[Action] | None, to: int = -1) -> bool:
    """Append the legal slides of the active piece on ``frm`` (only those ending on ``to`` if given).

    With ``out`` None, return as soon as one legal slide is found. Returns whether any was found.
    """
    piece = cells[frm]
    found = False
    for d in ORTHO:
        changed: dict[int, Piece] = {}
        sides = ((d + 2) % 8, (d + 6) % 8)
        for p in LINE[frm][d]:
            if cells[p] is not None:
                break
            for side in sides:
                q = NB[p][side]
                if q >= 0:
                    c = cells[q]
                    if c is not None and c[2] and sharp_mask(c) >> ((side + 4) % 8) & 1:
                        changed[q] = turned(c, drag_turn(side, d))
            if to >= 0 and p != to:
                continue
            inw, acc = _arrival(cells, changed, p, d)
            outcomes = arrival_outcomes(piece, inw, acc)
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
    acc = accept_mask(cells, s) if inw == 0 else 0
    if kind == TIX:
        if inw == 0:
            return [(acc == ORTHO_MASK, -1, 0)]
        return []
    rounds = (1, -1) if kind == POKA else (0,)
    if inw == 0:
        active = [(True, h, r) for h in DIAG for r in rounds if sharp_for(kind, h, r) & ~acc == 0]
        if active:
            return active
        return [(False, h, r) for h in ORTHO for r in rounds]
    if inw & (inw - 1):  # two or more sharp corners point here
        return []
    h = inw.bit_length() - 1
    return [(False, h, r) for r in rounds]


def place_actions(cells: Cells, pool: dict[str, int], out: list[Action], square: int = -1) -> None:
    """Append every legal placement from ``pool`` (only on ``square`` if given); permission not checked."""
    kinds = [k for k in (TIXEL, TIX, POKA) if pool[KINDS[k]] > 0]
    if not kinds:
        return
    squares = range(36) if square < 0 else (square,)
    for s in squares:
        if cells[s] is not None:
            continue
        name = SQUARES[s]
        for k in kinds:
            for active, h, r in place_options(cells, s, k):
                out.append({
                    "type": "place", "kind": KINDS[k], "square": name, "active": active,
                    "hollow": DIRS[h] if h >= 0 else None, "round": ROUND_NAME[r],
                })


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
