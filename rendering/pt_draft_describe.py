"""``/game describe`` for a Pixel Tactics Draft: the public progress and, for a seated caller, every card they
choose from now in full (numbered as the buttons) and their whole pool (from their own view only)."""

from __future__ import annotations

from rendering.pixel_tactics.alt import alt_card
from rendering.pixel_tactics.style import Names, View
from rendering.pt_draft import pick_cards, pick_sentences, table_sentences


def describe(view: View, names: Names = None, viewer: int | None = None) -> str:
    """Return the draft in sentences, then the caller's choice and pool with each offered card's full text."""
    lines = table_sentences(view, names)
    if viewer is not None and view.get("you", viewer) == viewer and isinstance(view.get("private"), dict):
        lines += pick_sentences(view, detail=True, whole=True)
        lines += [f"Card {k}{f' ({note})' if note else ''}: {alt_card(card)}"
                  for k, (card, note) in enumerate(pick_cards(view), 1)]  # one a line: easier to hear
    return "\n".join(lines)
