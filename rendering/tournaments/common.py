"""What the tournament images share: page width, sizes, the title block and alt-text helpers."""

from __future__ import annotations

import unicodedata
from typing import Any

from bot.i18n import t
from rendering.theme import BG, MUTED, TEXT, Canvas, clean_text

View = dict[str, Any]
#: page width and margin; every text is at least ``SMALL`` px (14 px when the image is shown 400 px wide)
W, M = 800, 20
SMALL = 28
ALT_MAX = 1024
TITLE_H = 112


def shown(name: object, fallback: str = "?") -> str:
    """Return a name drawable with the bundled font (unknown glyphs dropped)."""
    return clean_text(str(name or ""), fallback)


def draw_title(cv: Canvas, view: View, lang: str = "en") -> int:
    """Draw the title and subtitle; return the y where the page body starts."""
    cv.text(M, M + 22, shown(view.get("title"), t(lang, "Tournament")), 36, TEXT, BG, bold=True, max_width=W - 2 * M)
    sub = view.get("subtitle") or ""
    if sub:
        cv.text(M, M + 66, shown(sub), SMALL, MUTED, BG, max_width=W - 2 * M)
    return title_height(view)


def title_height(view: View) -> int:
    """Return the height the title block takes (a subtitle adds a line)."""
    return TITLE_H if view.get("subtitle") else M + 56


def alt_name(name: object, limit: int = 40) -> str:
    """Return a name for alt text: control characters dropped, one line, at most ``limit`` characters."""
    text = " ".join("".join(ch for ch in str(name or "") if unicodedata.category(ch) != "Cc").split()) or "?"
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def clip(parts: list[str]) -> str:
    """Join alt-text sentences and keep them within Discord's 1,024 characters."""
    text = " ".join(p for p in parts if p)
    return text if len(text) <= ALT_MAX else text[: ALT_MAX - 1].rstrip() + "…"


def fit_items(head: list[str], variants: list[list[str]], more: str) -> str:
    """Return ``head`` and the first list of ``variants`` (the most detailed first) that fits in 1,024
    characters; when none does, as many items of the last as fit and ``more`` with the count left out
    (``{n}``), so that no sentence is cut."""
    for items in variants:
        text = " ".join(p for p in head + items if p)
        if len(text) <= ALT_MAX:
            return text
    items = variants[-1] if variants else []
    kept: list[str] = []
    for k, item in enumerate(items):
        tail = more.format(n=len(items) - k - 1)
        if len(" ".join(head + kept + [item, tail])) > ALT_MAX:
            return clip(head + kept + [more.format(n=len(items) - k)])
        kept.append(item)
    return clip(head + kept)
