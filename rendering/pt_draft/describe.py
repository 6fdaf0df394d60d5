"""``/game describe`` for a Pixel Tactics Draft: the public progress and, for a seated caller, every card they
choose from now in full (numbered as the buttons) and their whole pool (from their own view only)."""

from __future__ import annotations

from bot.i18n import SOURCE, t
from rendering.pixel_tactics.alt import alt_card
from rendering.pixel_tactics.style import Names, View
from rendering.pt_draft import pick_cards, pick_sentences, table_sentences


def describe(view: View, names: Names = None, viewer: int | None = None, lang: str = SOURCE) -> str:
    """Return the draft in sentences, then the caller's choice and pool with each offered card's full text (in
    ``lang``; card names and rule texts as printed)."""
    lines = table_sentences(view, names, lang)
    if viewer is not None and view.get("you", viewer) == viewer and isinstance(view.get("private"), dict):
        lines += pick_sentences(view, detail=True, whole=True, lang=lang)
        lines += [(t(lang, "Card {n} ({note}): {card}", n=k, note=note, card=alt_card(card, lang)) if note else
                   t(lang, "Card {n}: {card}", n=k, card=alt_card(card, lang)))
                  for k, (card, note) in enumerate(pick_cards(view, lang), 1)]  # one a line: easier to hear
    return "\n".join(lines)
