"""Pixel Tactics images: the board (:mod:`.board`), the private hand (:mod:`.hand`), card faces (:mod:`.cards`)
and their alt texts (:mod:`.alt`); drawing parts in :mod:`.slots`, :mod:`.style` and :mod:`.words`.

Re-exports the names callers import from ``rendering.pixel_tactics``.
"""

from rendering.pixel_tactics.alt import alt_board, alt_card, alt_hand
from rendering.pixel_tactics.board import board_layout, render_board, warm
from rendering.pixel_tactics.cards import render_card
from rendering.pixel_tactics.hand import render_hand

__all__ = ["render_board", "render_hand", "render_card", "alt_board", "alt_hand", "alt_card", "board_layout", "warm"]
