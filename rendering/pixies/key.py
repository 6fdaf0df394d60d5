"""The Pixies table's key to its symbols, drawn with the board's own glyphs: the green check (validated), the
card back (face down), the spiral, the cross and the colour spiral, in the post's language; a label too long
for its line wraps onto the next one, never cut."""

from __future__ import annotations

from bot.i18n import N_, SOURCE, t
from rendering.pixies.cards import colour_spiral
from rendering.theme import BG, CREAM, MUTED, Canvas
from rendering.theme_parts import ExactCanvas
from rendering.tiles import width_of as text_width
from rendering.tiles import wrap as wrap_text

PX = 24  # the labels' size (12 px at 400 px wide)
ROW = 38  # one line of the key
ICON = 28  # the check badge's side, the symbols' chip height
TEXT_GAP, ITEM_GAP = 8, 30  # icon to label, one item to the next
#: the key's items, in lines: the grid's marks, then the symbols of a card's strip
ITEMS: tuple[tuple[tuple[str, str], ...], ...] = (
    (("check", N_("validated: scores its number")), ("back", N_("face down: never scores"))),
    (("spiral", N_("+1 point")), ("cross", N_("−1 point")),
     ("colour", N_("+1 per face-up card of its colour"))),
)
_EXAMPLE = {"color": "blue"}  # the colour spiral shown: a blue card's


def _icon_width(kind: str) -> int:
    """The width of an item's icon."""
    if kind == "back":
        return 22
    if kind == "colour":
        return ICON + 4 + round(text_width("B", PX, True)) + 8
    return ICON + (4 if kind in ("spiral", "cross") else 0)


def layout(lang: str = SOURCE, width: int = 760) -> list[tuple[str, float, int, list[str]]]:
    """Where each item goes within ``width``: (icon kind, its x, its line, its label's lines). Each group starts a
    line; an item that does not fit after another starts the next; a label too long for a whole line wraps."""
    placed: list[tuple[str, float, int, list[str]]] = []
    top = 0  # the first free line
    for group in ITEMS:
        line, x = top, 0.0
        for kind, label in group:
            words, icon = t(lang, label), _icon_width(kind) + TEXT_GAP
            need = icon + text_width(words, PX)
            if x and x + need > width:
                line, x = line + 1, 0.0
            lines = [words] if need <= width else wrap_text(words, PX, width - icon, max_lines=6)
            placed.append((kind, x, line, lines))
            top = max(top, line + len(lines))
            line, x = (line + len(lines), 0.0) if len(lines) > 1 else (line, x + need + ITEM_GAP)
    return placed


def key_height(lang: str = SOURCE, width: int = 760) -> int:
    """The key's height in ``lang`` at ``width``."""
    return ROW * max((line + len(lines) for *_, line, lines in layout(lang, width)), default=0)


def _draw_icon(cv: Canvas, kind: str, x: float, mid: float) -> None:
    """One icon, as the board draws it: check badge, card back, or a symbol on its cream strip."""
    if kind == "check":
        cv.check_badge(x, mid - ICON / 2, ICON)
    elif kind == "back":
        cv.card_back((x, mid - 15, x + 22, mid + 15), radius=5)
    elif kind == "colour":
        w = _icon_width(kind)
        cv.rect((x, mid - ICON / 2 - 2, x + w, mid + ICON / 2 + 2), CREAM, radius=8)
        colour_spiral(cv, x + 2, mid, ICON - 4, _EXAMPLE, PX)
    else:
        w = _icon_width(kind)
        cv.rect((x, mid - ICON / 2 - 2, x + w, mid + ICON / 2 + 2), CREAM, radius=8)
        size = ICON - 4
        (cv.spiral if kind == "spiral" else cv.cross)(x + (w - size) / 2, mid - size / 2, size)


def draw_key(cv: ExactCanvas, x: int, y: int, lang: str = SOURCE, width: int = 760) -> None:
    """The key from (x, y) over the page background, ``width`` wide, in ``lang`` (drawn once per language)."""
    height = key_height(lang, width)
    cv.group(("pixies key", lang, width), (x, y, x + width, y + height), lambda sub: _draw(sub, lang, width), over=BG)


def _draw(cv: ExactCanvas, lang: str, width: int) -> None:
    for kind, x, line, lines in layout(lang, width):
        mid = line * ROW + ROW / 2
        cv.part(("pixies key icon", kind), (x, mid - ROW / 2, x + _icon_width(kind) + 2, mid + ROW / 2),
                lambda c, k=kind: _draw_icon(c, k, 0, ROW / 2), over=BG)
        for k, words in enumerate(lines):
            cv.text(x + _icon_width(kind) + TEXT_GAP, mid + k * ROW, words, PX, MUTED, BG)

