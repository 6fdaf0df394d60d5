"""Pixel Tactics images: the board (:mod:`.board`), the private hand (:mod:`.hand`), card faces of every kind
(:mod:`.cards`, portraits in :mod:`.art`), pages of cards and decks (:mod:`.pages`, compact cards in
:mod:`.compact`), draft picks and tables (:mod:`.draft`) and alt texts (:mod:`.alt`); drawing parts in
:mod:`.slots`, :mod:`.style`, :mod:`.kinds` and :mod:`.words`.

Re-exports the names callers import from ``rendering.pixel_tactics``.
"""

from rendering.pixel_tactics.alt import alt_board, alt_card, alt_hand
from rendering.pixel_tactics.board import board_layout, render_board, warm
from rendering.pixel_tactics.cards import render_card
from rendering.pixel_tactics.draft import render_draft_pick, render_draft_table
from rendering.pixel_tactics.hand import render_hand, render_hand_parts
from rendering.pixel_tactics.pages import render_card_page, render_deck
from rendering.pixel_tactics.team_parts import board_parts

__all__ = ["render_board", "board_parts", "render_hand", "render_hand_parts", "render_card", "alt_board", "alt_hand", "alt_card", "board_layout", "warm",
           "render_card_page", "render_deck", "render_draft_pick", "render_draft_table"]
