"""The Pixel Tactics modes on the board and in its alt text: one dispatch point over :mod:`.siege`,
:mod:`.duel_draft` and :mod:`.epic` (a Classic view, without ``mode``, gets the Classic drawing)."""

from __future__ import annotations

from typing import Any

from bot.i18n import N_, SOURCE, t
from rendering.pixel_tactics import duel_draft, epic, siege
from rendering.pixel_tactics.style import Names, View, as_int

TITLES = {"siege": N_("Siege"), "duel_draft": N_("Duel Draft"), "epic": N_("Epic Duel")}


def mode_title(view: View, lang: str = SOURCE) -> str:
    """Return the mode's name for a view of a mode other than Classic (in ``lang``), else ""."""
    title = TITLES.get(str(view.get("mode") or ""), "")
    return t(lang, title) if title else ""


def bar_counts(view: View, seat: int, p: dict[str, Any], lang: str = SOURCE) -> str:
    """Return the counts shown at the right of a player bar."""
    if view.get("mode") == "duel_draft":
        return duel_draft.bar_counts(view, seat, p, lang)
    if view.get("mode") == "epic":
        return epic.bar_counts(view, seat, p, lang)
    discard = p.get("discard")
    n_discard = len(discard) if isinstance(discard, list) else as_int(discard)
    return t(lang, "Hand {hand}/{size} · Deck {deck} · Discard {discard}", hand=as_int(p.get("hand")),
             size=as_int(p.get("hand_size"), 5), deck=as_int(p.get("deck")), discard=n_discard)


def fort_height(view: View) -> int:
    """Return the height of a fortress row (Siege), else 0."""
    return siege.FORT_H if view.get("mode") == "siege" else 0


def panel_height(view: View, names: Names = None) -> int:
    """Return the height of the mode's panel under the board (0 when none)."""
    if view.get("mode") == "duel_draft":
        return duel_draft.panel_height(view)
    if view.get("mode") == "epic":
        return epic.panel_height(view, names)
    return 0


def draw_panel(cv: Any, view: View, names: Names, x0: float, y: float, x1: float, lang: str = SOURCE) -> None:
    """Draw the mode's panel under the board (the tableau, the fallen Leaders)."""
    if view.get("mode") == "duel_draft":
        duel_draft.draw_panel(cv, view, names, x0, y, x1, lang)
    elif view.get("mode") == "epic":
        epic.draw_panel(cv, view, names, x0, y, x1, lang)


def alt_words(view: View, names: Names, lang: str = SOURCE) -> str:
    """Return the alt text sentence of the mode's public fields ("" in Classic)."""
    mode = view.get("mode")
    if mode == "siege":
        return siege.siege_alt(view, names, lang)
    if mode == "duel_draft":
        return duel_draft.draft_alt(view, names, lang)
    if mode == "epic":
        return epic.epic_alt(view, names, lang)
    return ""
