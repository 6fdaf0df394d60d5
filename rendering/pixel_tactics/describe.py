"""``/game describe`` for Pixel Tactics: the board in words at full detail and, for a seated caller, their own
hand, secret Leader, Leader stack and face-down Traps (from their own view: another seat's never is in it), in
the caller's language."""

from __future__ import annotations

from bot.i18n import N_, SOURCE, t
from rendering.pixel_tactics.alt import board_sentences, hand_sentences
from rendering.pixel_tactics.style import Names, View

LEGEND = N_("Unit spaces: Vanguard row V0 V1 V2, Flank row F0, L (the Leader), F2, Rear row R0 R1 R2 (the same "
            "number is the same column); X0 to X2 the reserve of Operations and face-down Traps. A card reads "
            "Attack/Life, e.g. 3/5.")
#: the legend where the spaces are named in words (every language but English)
LEGEND_WORDS = N_("A card reads Attack/Life, e.g. 3/5; the reserve holds Operations and face-down Traps.")


def describe(view: View, names: Names = None, viewer: int | None = None, lang: str = SOURCE) -> str:
    """Return the board in sentences, a legend, then the caller's private cards when they are seated."""
    lines = board_sentences(view, names, lang)
    lines.insert(1, t(lang, LEGEND if lang == SOURCE else LEGEND_WORDS))
    if viewer is not None and view.get("you") == viewer:
        lines += hand_sentences(view, names, -1, lang)
    return "\n".join(lines)
