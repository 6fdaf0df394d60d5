"""``/game describe`` for Pixel Pusher: the public board in words, then the caller's own hand, picks and
working board (from their own view only; another seat's hand never is in it)."""

from __future__ import annotations

from typing import Any

from bot.i18n import N_, SOURCE, t
from rendering.pixel_pusher.alt import board_parts, last_words
from rendering.pixel_pusher.private_alt import private_parts

View = dict[str, Any]

LEGEND = N_("Pixel letters: R red, G green, B blue, C cyan, M magenta, Y yellow, W white; 2R means two red pixels. "
            "The supply counts the pixels left of each colour.")


def describe(view: View, names: list[str], viewer: int | None = None, lang: str = SOURCE) -> str:
    """Return the board in words in ``lang`` (the alt text's sentences at full detail, the last 5 log lines)
    and, for a seated caller, their private view."""
    lines = board_parts(view, names, 60, 1, True, last_words(view, names, 60, 5, lang), lang)
    lines.insert(1, t(lang, LEGEND))
    if viewer is not None and view.get("you") == viewer and isinstance(view.get("private"), dict):
        lines += private_parts(view, names, lang)
    return "\n".join(lines)
