"""Tixel geometry: squares, directions, rotations, piece corners and the fit rule.

Squares are indexes 0..35 (``a1`` = 0, ``b1`` = 1, …, ``f6`` = 35: index = 6 × rank + file). Directions
are indexes 0..7 going clockwise from north (``N NE E SE S SW W NW``), so turning a piece 45° clockwise
adds 1. Inside the engine a piece is the tuple ``(owner, kind, active, hollow, round)``: ``kind`` one of
``TIXEL TIX POKA``, ``hollow`` a direction index or ``-1`` (Tix), ``round`` ``+1`` (cw), ``-1`` (ccw) or 0.
"""

from __future__ import annotations

from typing import Any

FILES = "abcdef"
SIZE = 6
SQUARES: tuple[str, ...] = tuple(FILES[i % SIZE] + str(i // SIZE + 1) for i in range(SIZE * SIZE))
INDEX: dict[str, int] = {name: i for i, name in enumerate(SQUARES)}

DIRS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
DIR_INDEX: dict[str, int] = {name: i for i, name in enumerate(DIRS)}
N, NE, E, SE, S, SW, W, NW = range(8)
ORTHO = (N, E, S, W)
DIAG = (NE, SE, SW, NW)
ORTHO_MASK = sum(1 << d for d in ORTHO)
DIR_WORD = {N: "north", E: "east", S: "south", W: "west"}
STEP = {N: (0, 1), NE: (1, 1), E: (1, 0), SE: (1, -1), S: (0, -1), SW: (-1, -1), W: (-1, 0), NW: (-1, 1)}

TIXEL, TIX, POKA = 0, 1, 2
KINDS = ("tixel", "tix", "poka")
KIND_INDEX = {name: i for i, name in enumerate(KINDS)}
ROUNDS = {"cw": 1, "ccw": -1, None: 0}
ROUND_NAME = {1: "cw", -1: "ccw", 0: None}

Piece = tuple[int, int, bool, int, int]
Cells = list  # 36 entries: Piece or None


def _neighbour(square: int, d: int) -> int:
    """Return the square one step from ``square`` in direction ``d`` (-1 off the board)."""
    dx, dy = STEP[d]
    x, y = square % SIZE + dx, square // SIZE + dy
    return y * SIZE + x if 0 <= x < SIZE and 0 <= y < SIZE else -1


#: NB[square][d]: neighbour in direction d, -1 off the board
NB: tuple[tuple[int, ...], ...] = tuple(tuple(_neighbour(s, d) for d in range(8)) for s in range(SIZE * SIZE))


def _line(square: int, d: int) -> tuple[int, ...]:
    """Return the squares from ``square`` (excluded) to the board edge in direction ``d``."""
    out = []
    s = NB[square][d]
    while s >= 0:
        out.append(s)
        s = NB[s][d]
    return tuple(out)


#: LINE[square][d]: the squares met going from ``square`` in direction d, nearest first
LINE: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_line(s, d) for d in range(8)) for s in range(SIZE * SIZE)
)


def turn(d: int, steps: int) -> int:
    """Return direction ``d`` turned clockwise by ``steps`` × 45° (negative: counter-clockwise)."""
    return (d + steps) % 8


def opposite(d: int) -> int:
    """Return the direction opposite ``d``."""
    return (d + 4) % 8


def direction_between(a: int, b: int) -> int | None:
    """Return the orthogonal direction from square ``a`` to square ``b`` on one line, else None."""
    for d in ORTHO:
        if b in LINE[a][d]:
            return d
    return None


def drag_turn(side: int, motion: int) -> int:
    """Return +1 (cw) or -1 (ccw): how a piece lying on ``side`` of a path turns when passed.

    Its corner pointing back into the path (``opposite(side)``) is dragged along ``motion``.
    """
    return 1 if motion == turn(opposite(side), 2) else -1


def rounded_corner(piece: Piece) -> int:
    """Return the direction of a Poka Yoke piece's rounded corner (-1 for other kinds)."""
    if piece[1] != POKA:
        return -1
    return (piece[3] + piece[4]) % 8


def sharp_mask(piece: Piece | None) -> int:
    """Return the bit mask of the directions into which an active piece points a sharp corner."""
    if piece is None or not piece[2]:
        return 0
    if piece[1] == POKA:
        return ORTHO_MASK & ~(1 << ((piece[3] + piece[4]) % 8))
    return ORTHO_MASK


def sharp_for(kind: int, hollow: int, rnd: int) -> int:
    """Return the sharp-corner mask of an active piece of ``kind`` with ``hollow`` and ``round``."""
    if kind == POKA:
        return ORTHO_MASK & ~(1 << ((hollow + rnd) % 8))
    return ORTHO_MASK


def turned(piece: Piece, steps: int) -> Piece:
    """Return a piece turned by ``steps`` × 45° clockwise (active ↔ inactive on odd steps)."""
    owner, kind, active, hollow, rnd = piece
    return (owner, kind, active != bool(steps % 2), -1 if hollow < 0 else (hollow + steps) % 8, rnd)


# ------------------------------------------------------------------ encoding
def decode(piece: dict[str, Any]) -> Piece:
    """Return the engine tuple of a JSON piece."""
    hollow = piece["hollow"]
    return (
        piece["owner"],
        KIND_INDEX[piece["kind"]],
        piece["active"],
        -1 if hollow is None else DIR_INDEX[hollow],
        ROUNDS[piece["round"]],
    )


def encode(piece: Piece, pid: int) -> dict[str, Any]:
    """Return the JSON piece of an engine tuple, with id ``pid``."""
    owner, kind, active, hollow, rnd = piece
    return {
        "id": pid,
        "owner": owner,
        "kind": KINDS[kind],
        "active": active,
        "hollow": None if hollow < 0 else DIRS[hollow],
        "round": ROUND_NAME[rnd],
    }


def cells_of(board: dict[str, dict[str, Any]]) -> Cells:
    """Return the 36 cells (engine tuples or None) of a JSON board."""
    cells: Cells = [None] * (SIZE * SIZE)
    for name, piece in board.items():  # ``decode``, inlined (the search calls this for every position)
        hollow = piece["hollow"]
        cells[INDEX[name]] = (
            piece["owner"],
            KIND_INDEX[piece["kind"]],
            piece["active"],
            -1 if hollow is None else DIR_INDEX[hollow],
            ROUNDS[piece["round"]],
        )
    return cells


# ------------------------------------------------------------------ the fit rule
def inward(cells: Cells, s: int) -> int:
    """Return the mask of directions from which a neighbour points a sharp corner into ``s``."""
    mask = 0
    nb = NB[s]
    for d in ORTHO:
        n = nb[d]
        if n >= 0:
            c = cells[n]
            if c is not None and c[2] and sharp_mask(c) >> ((d + 4) % 8) & 1:
                mask |= 1 << d
    return mask


def accepts(c: Piece | None, d: int) -> bool:
    """Return whether content ``c`` may receive a sharp corner pointing in direction ``d`` into it."""
    return c is None or (not c[2] and c[3] == (d + 4) % 8)


def accept_mask(cells: Cells, s: int) -> int:
    """Return the mask of directions in which ``s`` may point a sharp corner (off-board counts)."""
    mask = 0
    nb = NB[s]
    for d in ORTHO:
        n = nb[d]
        if n < 0 or accepts(cells[n], d):
            mask |= 1 << d
    return mask


def active_fits(cells: Cells, s: int, sharp: int) -> bool:
    """Return whether an active piece with sharp-corner mask ``sharp`` fits on ``s`` (its content ignored)."""
    return inward(cells, s) == 0 and sharp & ~accept_mask(cells, s) == 0


def inactive_fits(cells: Cells, s: int, hollow: int) -> bool:
    """Return whether an inactive piece with ``hollow`` (-1: Tix) fits on ``s`` (its content ignored)."""
    rest = inward(cells, s)
    if hollow >= 0:
        rest &= ~(1 << hollow)
    return rest == 0


def board_fits(cells: Cells) -> bool:
    """Return whether every sharp corner of every active piece satisfies the fit rule."""
    for s, c in enumerate(cells):
        if c is None or not c[2]:
            continue
        sharp = sharp_mask(c)
        for d in ORTHO:
            n = NB[s][d]
            if sharp >> d & 1 and n >= 0 and not accepts(cells[n], d):
                return False
    return True
