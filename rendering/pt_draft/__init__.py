"""Pixel Tactics Draft images: the public progress and a player's private pick (:mod:`.images`), their words
(:mod:`.words`) and ``/game describe`` (:mod:`.describe`).

Re-exports the names callers import from ``rendering.pt_draft``.
"""

from rendering.pt_draft.images import (
    alt_pick,
    alt_table,
    pick_cards,
    pick_dict,
    pick_sentences,
    render_draft_pick,
    render_draft_table,
    table_dict,
    table_sentences,
)
from rendering.pt_draft.words import price, progress, title

__all__ = ["render_draft_pick", "render_draft_table", "alt_pick", "alt_table", "pick_cards", "pick_dict",
           "pick_sentences", "table_dict", "table_sentences", "price", "progress", "title"]
