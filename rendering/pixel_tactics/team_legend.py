"""The legend under a team board: the marks its compact Unit spaces show (damage, falls, fresh, acted, Corpse,
face down), only those present."""

from __future__ import annotations

from bot.i18n import N_, SOURCE, t
from rendering.pixel_tactics.style import CORPSE_FACE, CORPSE_HATCH, DMG, FALL, PX, WHITE
from rendering.theme import BG, INK, MUTED, Canvas
from rendering.tiles import width_of as text_width

ITEMS = (("damage", N_("damage")), ("falls", N_("falls at wave end")), ("fresh", N_("recruited this wave")),
         ("acted", N_("acted this turn")), ("corpse", N_("Corpse")), ("hidden", N_("face down")))
ROW_H = 40


def _icon(cv: Canvas, kind: str, x: float, cy: float) -> None:
    if kind == "damage":
        cv.rect((x, cy - 13, x + 28, cy + 13), DMG, radius=13)
        cv.text(x + 14, cy + 1, "2", PX, WHITE, DMG, bold=True, anchor="mm")
    elif kind == "falls":
        cv.rect((x, cy - 14, x + 28, cy + 14), FALL, radius=6)
        cv.rect((x + 5, cy - 9, x + 23, cy + 9), BG, radius=3)
    elif kind == "fresh":
        cv.star(x, cy - 14, 28)
    elif kind == "acted":
        cv.check_badge(x, cy - 14, 28)
    elif kind == "corpse":
        cv.rect((x, cy - 15, x + 28, cy + 15), INK, radius=5)
        cv.stripes((x + 2, cy - 13, x + 26, cy + 13), (CORPSE_FACE, CORPSE_HATCH), 6, radius=4)
    else:
        cv.card_back((x, cy - 15, x + 28, cy + 15), radius=5)


def _flow(cv: Canvas | None, x0: float, y: float, x1: float, shown: dict[str, bool], lang: str = SOURCE) -> float:
    """Draw (or, without ``cv``, measure) the legend; returns its bottom."""
    items = [(k, t(lang, words)) for k, words in ITEMS if shown.get(k)]
    if not items:
        return y
    x, row = x0, 0
    for kind, words in items:
        w = 36 + text_width(words, PX) + 22
        if x + w > x1:
            x, row = x0, row + 1
        if cv is not None:
            cy = y + row * ROW_H + ROW_H / 2
            _icon(cv, kind, x, cy)
            cv.text(x + 36, cy, words, PX, MUTED, BG)
        x += w
    return y + (row + 1) * ROW_H


def legend_height(shown: dict[str, bool], width: float, lang: str = SOURCE) -> int:
    """Height of the legend of ``shown`` marks in ``width`` px (0 when none)."""
    return round(_flow(None, 0, 0, width, shown, lang))


def draw_legend(cv: Canvas, x0: float, y: float, x1: float, shown: dict[str, bool], lang: str = SOURCE) -> None:
    """Draw the legend of the ``shown`` marks from (x0, y) within ``x1``."""
    _flow(cv, x0, y, x1, shown, lang)
