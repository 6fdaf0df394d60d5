"""Pixies card faces, grid spaces and mini grids, drawn on a theme Canvas; the Pixies palette."""

from __future__ import annotations

import math
from typing import Any

from bot.games.pixies.cards import card_dict
from bot.games.pixies.engine import CARD_FIELDS
from bot.i18n import N_, t, tn
from rendering.theme import (
    ACCENT,
    CREAM,
    INK,
    LINE,
    RGB,
    SLOT,
    Canvas,
    text_width,
)
from rendering.theme_parts import BoundedPalette, ExactCanvas, hex_palette

Card = dict[str, Any]

# Fill colours chosen so that dark ink reads on all of them (>= 4.5:1) and so that they stay apart
# under deuteranopia (green is light and cool, red darker and warm); the letter always says it too.
COLOURS: dict[str, tuple[RGB, str, str]] = {
    "blue": ((91, 156, 242), "B", N_("Blue")),
    "green": ((122, 212, 160), "G", N_("Green")),
    "yellow": ((245, 200, 66), "Y", N_("Yellow")),
    "red": ((236, 104, 88), "R", N_("Red")),
    "multi": ((200, 200, 200), "★", N_("Multicolour")),
}
UNKNOWN: tuple[RGB, str, str] = ((190, 190, 190), "?", N_("Unknown"))
RAINBOW: tuple[RGB, ...] = tuple(COLOURS[c][0] for c in ("blue", "green", "yellow", "red"))
SLOT_TEXT: RGB = (134, 143, 168)  # the faint space numbers (still >= 4.5:1 on SLOT)


#: the fixed palette of every Pixies image: the theme's and the cards' colours (and their greys) exactly,
#: the rest fitted to reference renders (rendering.theme_parts.fixed_palette)
PALETTE = BoundedPalette(hex_palette("""
171b26 232939 2f374c 1b202d 424b64 f2f4fa aab2c8 ffc857 fff8ea 26a662 6846b2 c43030 3e2d76 604ca0
cdc0fa 5b9cf2 7ad4a0 f5c842 ec6858 c8c8c8 bebebe 868fa8 1b1b1b 292929 373737 202020 4b4b4b f4f4f4
b2b2b2 d0d0d0 f9f9f9 929292 5b5b5b 696969 9a9a9a cdcdcd 625297 4b3986 303441 464b5a 5e4a9e 544191
d2d4dc 45337e 939aaf 363b4a 9ca1ae da7b75 8b8987 4c5260 cccfd5 e2dcd1 3e4559 b1b4bd 67b1d4 a8d07d
878b96 f2a44b fbebde dfe1e8 9c9fa7 c5c7d0 ced1d9 3c404a b67c92 9a9794 bec1ca 8a91a4 f0eade cf5653
252830 1c262c 7b69b7 74c898 3f4553 202534 e9ebf2 7151b6 e5e7ee 8e73c0 8d92a0 b8bac1 5f6062 565b69
f6ede6 c5c0b8 747c92 5794e5 b79247 df6355 979ba5 e7bd40 505256 1a2231 d9cbdc 6f5ea7 68589f 231f27
2b303c 636875 2a3040 5d626f c8c4be 242526 707581 3a4259 504631 34ab6b a1a9be 242935 3b5f52 858c9f
8677b8 2f4943 c9e4c8 9095a3 b39fce 61a581 505563 6d717e 202430 ece2e3 6a7288 383e4d 8d919c 7b5cb9
f4d2c7 41485c 8468bd b4b7c0 c6b5d5 f8f3e4 f3e8d6 eef0f6 dfe3d3 f9d6a2 d8dae1 d5d2c7 f7c457 ec978c
e9ba4c d6a950 d3ae3d c7ccd1 c1c4cc b0b7ed c4c2be b8bec5 b6b7ba 80d2a2 6fbf92 adb1ba a7afc5 a6aab3
adaba6 a18ecd 62ae84 c59e47 9aa1b7 b89448 ab8b41 8fb06e 9f8140 8d95a9 907dc2 868484 8f763e 828aa0
5691e0 589576 7d8599 7e828e 7766af 60a3c3 737a8d 767a85 797979 6e7588 6c7281 4776b6 4b7d66 b9534a
816b3a 8f4641 66559d 6f6e6f 736037 655634 676d7c 61687a 626670 5c6376 595f70 5e6064 665846 693838
55448d 555c6d 545864 4d5465 4a5061 406757 3f3270 4a422f 3d3c3c 4d2e31 3b6091 314d75 35534a 383c46
2a405f 2c423f 3e382d 352f2b 2b3238 292a49 31242b 222831 1c212c edeceb d8d9dc f2b693 eebd50 70c092
998acb 8f95a4 8c8d92 538cd7 7d8299 747988 cb5b50 8c6c3d 686d7c 48629e 515d68 424a53 735539 3c467b
384055 353c49 574533 2f3541 282d40 181c25 e5e4e4 e4b550 bc8349 798896 8c653e 5e697a 20232c d5d6d8
c8944a
"""))


def colour_info(colour: str | None) -> tuple[RGB, str, str]:
    """(fill, letter, label) of a Pixies colour name."""
    return COLOURS.get(colour or "", UNKNOWN)


def colour_name(colour: str | None, lang: str = "en") -> str:
    """A Pixies colour's name in ``lang`` (``Blue``; German ``Blau``)."""
    return t(lang, colour_info(colour)[2])


def card_label(card: Card | None, lang: str = "en") -> str:
    """A short human label such as ``Blue 7``, in ``lang``."""
    if not card:
        return t(lang, "a card")
    return f"{colour_name(card.get('color'), lang)} {card.get('value', '?')}"


def card_symbols(card: Card, lang: str = "en") -> str:
    """The card's symbols in words, e.g. ``2 spirals, colour spiral`` (empty when it has none), in ``lang``."""
    parts = []
    spirals, crosses = int(card.get("spirals") or 0), int(card.get("crosses") or 0)
    if spirals:
        parts.append(tn(lang, "{n} spiral", "{n} spirals", spirals))
    if crosses:
        parts.append(tn(lang, "{n} cross", "{n} crosses", crosses))
    if card.get("color_spiral"):
        parts.append(t(lang, "colour spiral"))
    return ", ".join(parts)


def card_words(card: Card | None, lang: str = "en") -> str:
    """A card's label with its symbols, e.g. ``Blue 5 (2 spirals, 1 cross)``, in ``lang``."""
    symbols = card_symbols(card, lang) if card else ""
    return card_label(card, lang) + (f" ({symbols})" if symbols else "")


def event_words(template: str, fields: dict, lang: str) -> str:
    """A Pixies event (``PixiesEngine.describe_event``) in ``lang``: its cards named there."""
    return t(lang, template, **{k: card_words(card_dict(v), lang) if k in CARD_FIELDS else v
                                for k, v in fields.items()})


def _fill(cv: Canvas, box, card: Card, radius: int, band: int) -> None:
    colour = card.get("color")
    if colour == "multi":
        cv.rect(box, INK, radius=radius)
        x0, y0, x1, y1 = box
        cv.stripes((x0 + 2, y0 + 2, x1 - 2, y1 - 2), RAINBOW, band, max(0, radius - 2))
    else:
        cv.card(box, colour_info(colour)[0], radius=radius)


def colour_spiral(cv: Canvas, x: float, mid: float, size: int, card: Card, letter_px: int) -> float:
    """The colour-spiral symbol: a chip in the card's colour holding a spiral and the colour letter."""
    fill, letter, _ = colour_info(card.get("color"))
    multi = card.get("color") == "multi"
    bg = CREAM if multi else fill
    width, ch = size + text_width(letter, letter_px, True) + 8, max(size, letter_px + 2)
    y = mid - ch / 2
    cv.rect((x, y, x + width, y + ch), INK, radius=ch // 3)
    cv.rect((x + 2, y + 2, x + width - 2, y + ch - 2), bg, radius=ch // 3 - 2)
    if multi:
        cv.stripes((x + 4, mid - size / 2 + 4, x + size - 2, mid + size / 2 - 4), RAINBOW, max(3, size // 5),
                   radius=(size - 6) // 2)
    cv.spiral(x + 4, mid - size / 2 + 4, size - 7, INK)
    cv.text(x + size + 1, mid + 1, letter, letter_px, INK, bg, bold=True, anchor="lm")
    return width


def draw_card(cv: Canvas, box, card: Card, *, value_px: int, letter_px: int) -> None:
    """A face-up card filling ``box``: colour fill, big value, colour letter badge and symbol strip."""
    x0, y0, x1, y1 = (round(v) for v in box)
    w, h = x1 - x0, y1 - y0
    radius, pad = max(6, w // 10), max(6, w // 14)
    _fill(cv, (x0, y0, x1, y1), card, radius, max(8, w // 7))
    fill, letter, _ = colour_info(card.get("color"))
    # value, centred in a square of value_px in the top-left corner (on a cream disc for multicolour)
    d = round(value_px * 1.12)
    vx, vy = x0 + pad + d / 2, y0 + pad + d / 2
    value_bg = fill
    if card.get("color") == "multi":
        cv.rect((vx - d / 2, vy - d / 2, vx + d / 2, vy + d / 2), CREAM, radius=d // 2, outline=INK, width=2)
        value_bg = CREAM
    cv.text(vx, vy + 1, str(card.get("value", "?")), value_px, INK, value_bg, bold=True, anchor="mm")
    # colour letter badge, top right
    b = round(letter_px * 1.45)
    bx, by = x1 - pad - b, vy - b / 2
    cv.rect((bx, by, bx + b, by + b), CREAM, radius=b // 2, outline=INK, width=2)
    cv.text(bx + b / 2, by + b / 2 + 1, letter, letter_px, INK, CREAM, bold=True, anchor="mm")
    frame = (x0 + pad // 2 + 1, x1 - pad // 2 - 1, round(vy + value_px * 0.4), y1 - pad // 2 - 1)
    _symbol_strip(cv, card, frame, h, radius, letter_px)


def _symbol_strip(cv: Canvas, card: Card, frame: tuple[int, int, int, int], h: int, radius: int,
                  letter_px: int) -> None:
    """Symbols on a cream strip at the card's foot: one icon each, else icon + "×n", wrapped if crowded."""
    spirals, crosses = int(card.get("spirals") or 0), int(card.get("crosses") or 0)
    if not (spirals or crosses or card.get("color_spiral")):
        return
    sx0, sx1, top, bottom = frame  # top: lowest point the strip may reach (below the value)
    room = sx1 - sx0 - 6
    letter = colour_info(card.get("color"))[1]
    sh = max(letter_px + 6, round(h * 0.26))
    # styles, most generous first: (group counts, row height, icon size, count prefix)
    tight = letter_px + 4
    styles = [(False, sh, round(sh * 0.86), "×"), (True, sh, round(sh * 0.86), "×"),
              (True, tight, round(tight * 0.86), "×"), (True, tight, round(tight * 0.86), ""),
              (True, tight, round(letter_px * 0.7), "")]
    for grouped, row_h, icon, prefix in styles:
        gap = max(2, row_h // 9)
        items: list[tuple[str, int, float]] = []
        for kind, n in (("spiral", spirals), ("cross", crosses)):
            if grouped and n > 1:
                items.append((kind, n, icon + text_width(f"{prefix}{n}", letter_px, True) + 3))
            else:
                items.extend((kind, 1, icon) for _ in range(n))
        if card.get("color_spiral"):
            items.append(("colour", 1, icon + text_width(letter, letter_px, True) + 8))
        rows: list[list[tuple[str, int, float]]] = [[]]
        for item in items:  # greedy wrap
            if rows[-1] and sum(w + gap for _, _, w in rows[-1]) + item[2] > room:
                rows.append([])
            rows[-1].append(item)
        if (len(rows) == 1 or grouped) and bottom - row_h * len(rows) >= top:
            break
    sy0 = bottom - row_h * len(rows)
    cv.rect((sx0, sy0, sx1, bottom), CREAM, radius=min(radius - 2, row_h // 2))
    for r, row in enumerate(rows):
        x = (sx0 + sx1 - (sum(w for _, _, w in row) + gap * (len(row) - 1))) / 2
        mid = sy0 + row_h * r + row_h / 2
        for kind, n, width in row:
            if kind == "spiral":
                cv.spiral(x, mid - icon / 2, icon)
            elif kind == "cross":
                cv.cross(x, mid - icon / 2, icon)
            else:
                colour_spiral(cv, x, mid, icon, card, letter_px)
            if n > 1:
                cv.text(x + icon + 1, mid + 1, f"{prefix}{n}", letter_px, INK, CREAM, bold=True, anchor="lm")
            x += width + gap


def draw_space(cv: Canvas, box, index: int, space: dict, *, peek: int, value_px: int, letter_px: int,
               number_px: int, ring: bool = False, candidate: bool = False) -> None:
    """One grid space in ``box``: face-up card (a back peeking beneath if validated), back, or empty."""
    x0, y0, x1, y1 = (round(v) for v in box)
    face = (x0, y0, x1 - peek, y1 - peek)
    w = face[2] - face[0]
    radius = max(6, w // 10)
    up, down = space.get("up"), bool(space.get("down"))
    if ring:
        cv.rect((face[0] - 5, face[1] - 5, face[2] + 5, face[3] + 5), ACCENT, radius=radius + 5)
        if up and down:
            cv.rect((x0 + peek - 5, y0 + peek - 5, x1 + 5, y1 + 5), ACCENT, radius=radius + 5)
    if up and down:
        cv.card_back((x0 + peek, y0 + peek, x1, y1), radius=radius)
    if up:
        draw_card(cv, face, up, value_px=value_px, letter_px=letter_px)
        if down:
            s = max(22, round(w * 0.26))
            cv.check_badge(x1 - s + 5, y1 - s + 5, s)
    elif down:
        cv.card_back(face, radius=radius)
    else:
        edge = ACCENT if candidate else LINE
        cv.rect(face, SLOT, radius=radius, outline=edge, width=3 if candidate else 2)
        cx, cy = (face[0] + face[2]) / 2, (face[1] + face[3]) / 2
        cv.text(cx, cy, str(index + 1), number_px, ACCENT if candidate else SLOT_TEXT, SLOT, anchor="mm")


def largest_zone_cells(grid: list[dict], colour: str | None, size: int) -> set[int]:
    """Indices of one connected zone of ``colour`` (multicolour counts as any) of exactly ``size`` cards."""
    if not colour or size <= 0:
        return set()

    def matches(i: int) -> bool:
        up = grid[i].get("up") if i < len(grid) else None
        return bool(up) and (up.get("color") == colour or up.get("color") == "multi")

    best: set[int] = set()
    for start in range(9):
        if not matches(start):
            continue
        seen, todo = {start}, [start]
        while todo:
            i = todo.pop()
            r, c = divmod(i, 3)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                j = rr * 3 + cc
                if 0 <= rr < 3 and 0 <= cc < 3 and j not in seen and matches(j):
                    seen.add(j)
                    todo.append(j)
        if len(seen) == size:
            return seen
        if len(seen) > len(best):
            best = seen
    return best


def draw_mini_grid(cv: Canvas, x: float, y: float, cell: int, grid: list[dict], zone: set[int],
                   letter_px: int) -> None:
    """A small 3×3 summary grid: colour + letter per card, backs, validated peeks, zone ringed in gold."""
    gap = max(3, cell // 9)
    peek = max(4, cell // 8)
    for i in range(9):
        r, c = divmod(i, 3)
        cx, cy = x + c * (cell + gap), y + r * (cell + gap)
        space = grid[i] if i < len(grid) else {}
        up, down = space.get("up"), bool(space.get("down"))
        box = (cx, cy, cx + cell, cy + cell)
        if i in zone:
            cv.rect((cx - 3, cy - 3, cx + cell + 3, cy + cell + 3), ACCENT, radius=8)
        if up:
            if down:
                cv.card_back((cx + peek, cy + peek, cx + cell, cy + cell), radius=5)
                box = (cx, cy, cx + cell - peek, cy + cell - peek)
            _fill(cv, box, up, 6, 7)
            fill, letter, _ = colour_info(up.get("color"))
            mx, my = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            bg = fill
            if up.get("color") == "multi":
                d = letter_px + 6
                cv.rect((mx - d / 2, my - d / 2, mx + d / 2, my + d / 2), CREAM, radius=d // 2)
                bg = CREAM
            cv.text(mx, my + 1, letter, letter_px, INK, bg, bold=True, anchor="mm")
        elif down:
            cv.card_back(box, radius=6)
        else:
            cv.rect(box, SLOT, radius=6, outline=LINE, width=1)


def card_key(card: Card | None) -> tuple | None:
    """What a card's face shows (the fields :func:`draw_card` draws), as a cache key."""
    if not card:
        return None
    return (card.get("color"), card.get("value", "?"), int(card.get("spirals") or 0), int(card.get("crosses") or 0),
            bool(card.get("color_spiral")))


def paste_card(cv: ExactCanvas, box, card: Card, *, value_px: int, letter_px: int, over: RGB | None = None) -> None:
    """:func:`draw_card` as one cached part of a palette canvas (``over``: the one colour known to lie under
    it, which spares looking at the pixels there)."""
    x0, y0, x1, y1 = (round(v) for v in box)
    ox, oy = even_floor(x0), even_floor(y0)
    cv.part(("card", card_key(card), value_px, letter_px, x1 - x0, y1 - y0, x0 - ox, y0 - oy), (ox, oy, x1, y1),
            lambda c: draw_card(c, (x0 - ox, y0 - oy, x1 - ox, y1 - oy), card, value_px=value_px,
                                letter_px=letter_px), over=over)


def paste_space(cv: ExactCanvas, box, index: int, space: dict, *, peek: int, value_px: int, letter_px: int,
                number_px: int, ring: bool = False, candidate: bool = False, over: RGB | None = None) -> None:
    """:func:`draw_space` as one cached part of a palette canvas (its ring and check badge reach 5 px out;
    ``over``: the one colour known to lie under it)."""
    x0, y0, x1, y1 = (round(v) for v in box)
    ox, oy = even_floor(x0 - 5), even_floor(y0 - 5)
    up, down = space.get("up"), bool(space.get("down"))
    key = ("space", card_key(up), down, None if up or down else index, peek, value_px, letter_px, number_px,
           ring, candidate, x1 - x0, y1 - y0, x0 - ox, y0 - oy)
    cv.part(key, (ox, oy, x1 + 5, y1 + 5),
            lambda c: draw_space(c, (x0 - ox, y0 - oy, x1 - ox, y1 - oy), index, space, peek=peek,
                                 value_px=value_px, letter_px=letter_px, number_px=number_px, ring=ring,
                                 candidate=candidate), over=over)


def even_floor(v: float) -> int:
    """The even integer at or below ``v`` (shifting by it keeps Python's round-half-even results)."""
    f = math.floor(v)
    return f - (f % 2)


def paste_mini_grid(cv: ExactCanvas, x: float, y: float, cell: int, grid: list[dict], zone: set[int],
                    letter_px: int) -> None:
    """:func:`draw_mini_grid` as one cached part of a palette canvas (the zone rings reach 3 px around it)."""
    gap = max(3, cell // 9)
    size = 3 * cell + 2 * gap
    ox, oy = even_floor(x - 3), even_floor(y - 3)
    rx, ry = x - ox, y - oy
    spaces = [grid[i] if i < len(grid) else {} for i in range(9)]
    key = ("mini", tuple((card_key(s.get("up")), bool(s.get("down"))) for s in spaces), tuple(sorted(zone)),
           cell, letter_px, rx, ry)
    cv.part(key, (ox, oy, math.ceil(x + size + 3) + 1, math.ceil(y + size + 3) + 1),
            lambda c: draw_mini_grid(c, rx, ry, cell, spaces, zone, letter_px))
