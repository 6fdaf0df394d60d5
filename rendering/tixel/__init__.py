"""Tixel images: the board (:mod:`.board`), its pieces and markers (:mod:`.pieces`), the pool panels
(:mod:`.pool`), the key (:mod:`.key`), the board in words (:mod:`.alt`) and ``/game describe`` (:mod:`.describe`).

Re-exports the names callers import from ``rendering.tixel``.
"""

from rendering.tixel.alt import board_alt
from rendering.tixel.board import (
    ACTIVE_SIDE,
    FRAME,
    GRID,
    SQ_A,
    SQ_B,
    Q,
    board_geometry,
    render_board,
    square_centre,
    warm,
)

__all__ = ["render_board", "board_alt", "board_geometry", "square_centre", "warm", "ACTIVE_SIDE", "FRAME", "GRID",
           "Q", "SQ_A", "SQ_B"]
