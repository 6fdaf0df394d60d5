"""Pixel Pusher pieces drawn on a theme Canvas: pixel cubes, seat discs and machine-card chips (hand card faces
are in :mod:`rendering.pixel_pusher.faces`).

Colours are always printed as their letter (R G B C M Y W) on the cube, so colour-blind players can
read every pixel; seats are round discs with the seat number in the seat's colour.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import N_, SOURCE, t
from rendering.pixel_pusher.words import card_name, card_text, drawable
from rendering.theme import (
    ACCENT,
    BG,
    CREAM,
    INK,
    LINE,
    MUTED,
    RAISED,
    RGB,
    SLOT,
    SURFACE,
    TEXT,
    Canvas,
    TextRecord,
    grey,
)
from rendering.theme_parts import BoundedPalette
from rendering.theme_shapes import SS
from rendering.tiles import clean as clean_text
from rendering.tiles import fit, ramps, width_of, wrap
from rendering.tiles_scaled import ScaledCanvas

Card = dict[str, Any]
View = dict[str, Any]

# Pages are laid out 1200 units wide and drawn at 11/18 (733 px, 36-unit text drawn 22 px): a phone shows
# them the same (12 px text at 400 px wide), and even a 4-player board stays under 100 KiB. Every size below
# is in units.
SCALE = 11 / 18
PX = 36  # every small text (22 px drawn): 12 px when the 733 px image is shown 400 px wide

# Pixel fills: dark ink reads on every one (>= 4.5:1); the letter always says the colour too.
PIXELS: dict[str, tuple[RGB, str]] = {
    "R": ((240, 100, 86), "red"),
    "G": ((104, 204, 108), "green"),
    "B": ((96, 152, 250), "blue"),
    "C": ((92, 220, 232), "cyan"),
    "M": ((236, 122, 222), "magenta"),
    "Y": ((248, 208, 72), "yellow"),
    "W": ((242, 243, 247), "white"),
}
COLOUR_ORDER = "RGBCMYW"
SUPPLY_ORDER = "CMYWRGB"  # the supply lists the finite colours first
UNKNOWN_PIXEL: tuple[RGB, str] = ((176, 180, 190), "unknown")
# Seat colours (player boards and score markers): drawn as numbered discs, never as squares.
SEATS: tuple[RGB, ...] = ((255, 164, 92), (128, 206, 255), (196, 170, 255), (150, 228, 150))
# Chip fills per machine-card type (collectors use their pixel colour).
CHIP_FILL: dict[str, RGB] = {"converter": (222, 208, 255), "storage": (196, 208, 232)}
ABILITY_FILL: RGB = CREAM  # ability pills on the boards
ABILITY_BAND: RGB = (255, 214, 120)  # the band of an ability card in a hand
CARD_TEXT: RGB = (70, 74, 88)  # rule text on a cream card
CHIP_OTHER: RGB = (218, 218, 226)
TYPE_WORD = {"collector": N_("Collector"), "converter": N_("Converter"), "storage": N_("Storage")}
BELT: RGB = (60, 70, 98)  # conveyor segments
EMPTY_TEXT: RGB = (184, 192, 214)  # "empty" on a conveyor segment

# ---------------------------------------------------------------- the fixed palette of every image
_FILLS = (*(fill for fill, _ in PIXELS.values()), UNKNOWN_PIXEL[0], *SEATS, *CHIP_FILL.values(), CHIP_OTHER,
          ABILITY_BAND)
_SOLIDS = (BG, SURFACE, RAISED, SLOT, LINE, TEXT, MUTED, ACCENT, INK, CREAM, BELT, EMPTY_TEXT, CARD_TEXT, *_FILLS)
#: text colours over the fills they are drawn on: three antialiasing shades each
_TEXT_ON = {INK: (*_FILLS, ACCENT, CREAM), CARD_TEXT: (CREAM,), MUTED: (BG, SURFACE, RAISED),
            TEXT: (BG, SURFACE, RAISED, BELT), EMPTY_TEXT: (BELT,), ACCENT: (RAISED, SURFACE)}
#: shapes over what they are drawn on (rounded corners, cube edges, chevrons): two shades each
_EDGES_ON = {BG: (INK, ACCENT, RAISED, SURFACE, BELT, LINE, SLOT), SURFACE: (INK, ACCENT, RAISED, LINE, SLOT,
             CREAM, CHIP_FILL["converter"], *SEATS), RAISED: (INK, SLOT, *SEATS), BELT: (INK,), CREAM: (INK, *_FILLS),
             SLOT: (LINE,), ACCENT: (SURFACE, INK)}
PALETTE = BoundedPalette([*_SOLIDS, *ramps((fg, bg) for fg, bgs in _TEXT_ON.items() for bg in bgs),
                   *ramps(((a, b) for a, bs in _EDGES_ON.items() for b in bs), (1 / 3, 2 / 3)),
                   *(grey(c) for c in _SOLIDS)])  # a seat that left the game is drawn in greys


def new_canvas(width: int, height: int, log: list[TextRecord] | None = None) -> ScaledCanvas:
    """A page of a Pixel Pusher image on the game's fixed palette (sizes in units, drawn at ``SCALE``)."""
    return ScaledCanvas(width, height, BG, log, palette=PALETTE, scale=SCALE)


def text_width(text: str, px: int, bold: bool = False) -> float:
    """Width in units of ``text`` drawn ``px`` units high."""
    return width_of(text, round(px * SCALE), bold) / SCALE


def fit_text(text: str, px: int, max_width: float, bold: bool = False) -> str:
    """``text`` ellipsised to at most ``max_width`` units when drawn ``px`` units high."""
    return fit(text, round(px * SCALE), max_width * SCALE + 1e-6, bold)  # units -> px: no rounding loss


def wrap_text(text: str, px: int, max_width: float, bold: bool = False, max_lines: int = 3) -> list[str]:
    """``text`` wrapped into lines of at most ``max_width`` units."""
    return wrap(text, round(px * SCALE), max_width * SCALE + 1e-6, bold, max_lines)


# ---------------------------------------------------------------- view helpers
def look_of(value: Any) -> str:
    """JSON of what a card, or a list of cards, shows: the ``id`` of a card with a name is never drawn,
    so the 60 machine cards come down to their 18 looks (one cached tile each)."""
    def shown(v: Any) -> Any:
        if isinstance(v, dict):
            return {k: shown(x) for k, x in v.items() if not (k == "id" and v.get("name"))}
        return [shown(x) for x in v] if isinstance(v, list) else v

    return json.dumps(shown(value), sort_keys=True, default=str)


def seat_names(names: list[str] | None, count: int, lang: str = SOURCE) -> list[str]:
    """Drawable names for seats 0..count-1 (unrenderable characters dropped, fallback ``Seat n``)."""
    names = names or []
    return [clean_text(names[s] if s < len(names) and names[s] else "", t(lang, "Seat {n}", n=s + 1))
            for s in range(count)]


def seat_colour(seat: Any) -> RGB:
    """The seat's marker colour."""
    return SEATS[seat % len(SEATS)] if isinstance(seat, int) and seat >= 0 else UNKNOWN_PIXEL[0]


def pixel_info(colour: Any) -> tuple[RGB, str, str]:
    """(fill, letter, word) of a pixel colour letter; unknown colours are grey with ``?``."""
    if isinstance(colour, str) and colour in PIXELS:
        fill, word = PIXELS[colour]
        return fill, colour, word
    return UNKNOWN_PIXEL[0], "?", UNKNOWN_PIXEL[1]


def as_list(value: Any) -> list:
    """``value`` if it is a list, else an empty list."""
    return value if isinstance(value, list) else []


def as_int(value: Any, default: int = 0) -> int:
    """``value`` if it is an int (not a bool), else ``default``."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def colour_counts(counts: Any) -> str:
    """``{"R": 2, "G": 1}`` as ``2R+G`` (colours in R G B C M Y W order)."""
    if not isinstance(counts, dict):
        return "?"
    keys = [c for c in COLOUR_ORDER if c in counts] + sorted(k for k in counts if k not in COLOUR_ORDER)
    parts = []
    for c in keys:
        n = as_int(counts.get(c), 1)
        parts.append(f"{n}{c}" if n != 1 else str(c))
    return "+".join(parts) or "?"


def card_label(card: Card | None, max_w: float | None = None, px: int = PX, lang: str = SOURCE) -> str:
    """The short text of a machine card, e.g. ``2 R``, ``R+G→Y``, ``Store +2``.

    With ``max_w``, a converter's label drops its ``+`` signs if that makes it fit.
    """
    if not isinstance(card, dict):
        return "?"
    kind = card.get("type")
    if kind == "collector":
        return f"{as_int(card.get('n'), 1)} {card.get('color', '?')}"
    if kind == "converter":
        uses = as_int(card.get("uses"), 1)
        tail = f" ×{uses}" if uses > 1 else ""
        label = f"{colour_counts(card.get('pay'))}→{colour_counts(card.get('gain'))}{tail}"
        if max_w is not None and text_width(label, px, True) > max_w:
            label = label.replace("+", "")
        return label
    if kind == "storage":
        return t(lang, "Store +{n}", n=as_int(card.get("slots"), 1))
    words = card_text(card, lang) or card_name(card, lang) or str(kind or "?")
    text = drawable(words)
    name = drawable(card_name(card, lang), "")
    if max_w is not None and name and text_width(text, px, True) > max_w:
        return name
    return text


def card_kind(card: Card | None, lang: str = SOURCE) -> str:
    """A word for the card's type (``Collector``, ``Ability``…)."""
    if not isinstance(card, dict):
        return t(lang, "Card")
    if "type" not in card:
        return t(lang, "Ability")
    word = TYPE_WORD.get(str(card.get("type")))
    return t(lang, word) if word else clean_text(str(card.get("type") or "Card")).capitalize()


def chip_fill(card: Card | None) -> RGB:
    """The chip colour of a card: a collector's pixel colour, else its type's colour."""
    if not isinstance(card, dict):
        return CHIP_OTHER
    if card.get("type") == "collector":
        return pixel_info(card.get("color"))[0]
    return CHIP_FILL.get(str(card.get("type")), CHIP_OTHER)


# ---------------------------------------------------------------- primitives
def draw_pixel(cv: Canvas, x: float, y: float, size: int, colour: Any, px: int = PX) -> None:
    """One pixel cube: a rounded square in its colour with a dark edge and its letter (drawn once per
    look, then pasted whole)."""
    fill, letter, _ = pixel_info(colour)

    def draw(sub: Canvas) -> None:
        sub.rect((x, y, x + size, y + size), fill, radius=max(4, size // 6), outline=INK, width=2)
        sub.text(x + size / 2, y + size / 2 + 1, letter, px, INK, fill, bold=True, anchor="mm")

    cv.cached(("cube", fill, letter, size, px), (x, y, x + size, y + size), draw)


def draw_hole(cv: Canvas, x: float, y: float, size: int, bg: RGB = SLOT) -> None:
    """An empty storage place: a dark square with a light edge."""
    cv.cached(("hole", bg, size), (x, y, x + size, y + size),
              lambda sub: sub.rect((x, y, x + size, y + size), bg, radius=max(4, size // 6), outline=LINE, width=2))


def _groups(colours: list) -> list[tuple[Any, int]]:
    order = {c: i for i, c in enumerate(COLOUR_ORDER)}
    counts: dict[Any, int] = {}
    for c in colours:
        counts[c] = counts.get(c, 0) + 1
    return sorted(counts.items(), key=lambda kv: (order.get(kv[0], 99), str(kv[0])))


def pixel_run_width(colours: list, size: int, gap: int, holes: int = 0, grouped: bool = False,
                    px: int = PX) -> float:
    """Width of :func:`draw_pixel_run` output: one cube each, or (grouped) ``cube ×n`` per colour."""
    if not grouped:
        return max(0, (len(colours) + holes) * (size + gap) - gap)
    items = _groups(colours) + ([(None, holes)] if holes else [])
    return max(0, sum(size + (2 + text_width(f"×{n}", px, True) if n > 1 else 0) + gap + 4 for _, n in items)
               - gap - 4)


def draw_pixel_run(cv: Canvas, x: float, y: float, colours: list, size: int, gap: int, max_w: float,
                   bg: RGB, px: int = PX, holes: int = 0) -> float:
    """Pixels left to right from (x, y), then ``holes`` empty places; grouped as ``cube ×n`` if too wide.

    Returns the width used.
    """
    if pixel_run_width(colours, size, gap, holes) <= max_w:
        for i, c in enumerate(colours):
            draw_pixel(cv, x + i * (size + gap), y, size, c, px)
        for j in range(holes):
            draw_hole(cv, x + (len(colours) + j) * (size + gap), y, size)
        return pixel_run_width(colours, size, gap, holes)
    at = x
    items: list[tuple[Any, int]] = list(_groups(colours))
    if holes:
        items.append((None, holes))
    for c, n in items:
        if at + size + (2 + text_width(f"×{n}", px, True) if n > 1 else 0) > x + max_w:
            break  # the cube and its count must both fit: text past the edge would sit on another panel
        if c is None:
            draw_hole(cv, at, y, size)
        else:
            draw_pixel(cv, at, y, size, c, px)
        at += size
        if n > 1:
            at += 2 + cv.text(at + 2, y + size / 2, f"×{n}", px, TEXT if c is not None else MUTED, bg, bold=True)
        at += gap + 4
    return at - x - gap - 4


def draw_seat_disc(cv: Canvas, cx: float, cy: float, d: int, seat: Any, px: int = PX) -> None:
    """A round seat marker in the seat's colour with the seat number (1-based)."""
    fill = seat_colour(seat)
    cv.rect((cx - d / 2, cy - d / 2, cx + d / 2, cy + d / 2), fill, radius=d // 2, outline=INK, width=2)
    label = str(seat + 1) if isinstance(seat, int) else "?"
    cv.text(cx, cy + 1, label, px, INK, fill, bold=True, anchor="mm")


def draw_chip(cv: Canvas, box, card: Card | None, px: int = PX, lang: str = SOURCE) -> None:
    """A machine card as a chip: its type colour and its short text (in ``lang``)."""
    fill = chip_fill(card)
    x0, y0, x1, y1 = box
    cv.rect(box, fill, radius=10, outline=INK, width=2)
    cv.text_in((x0, y0, x1, y1), card_label(card, x1 - x0 - 8, px, lang), px, INK, fill, bold=True, pad=4)


def draw_pill(cv: Canvas, x: float, cy: float, text: str, fill: RGB, fg: RGB, px: int = PX, h: int = 46,
              bold: bool = True, max_w: float | None = None) -> float:
    """A rounded label starting at ``x``, centred on ``cy``; returns its width."""
    if max_w is not None:
        text = fit_text(text, px, max_w - 28, bold)
    w = text_width(text, px, bold) + 28
    cv.rect((x, cy - h / 2, x + w, cy + h / 2), fill, radius=h // 2)
    cv.text(x + w / 2, cy + 1, text, px, fg, fill, bold=bold, anchor="mm")
    return w


@lru_cache(maxsize=32)
def chevron_mask(w: int, h: int, depth: int, notch: bool, point: bool) -> Image.Image:
    """An antialiased ``L`` mask of a conveyor segment: pointed on the right, notched on the left."""
    big = Image.new("L", (w * SS, h * SS), 0)
    d, W, H = depth * SS, w * SS - 1, h * SS - 1
    right = W - d if point else W
    pts = [(0, 0), (right, 0), (W, H / 2), (right, H), (0, H)] if point else [(0, 0), (W, 0), (W, H), (0, H)]
    if notch:
        pts.append((d, H / 2))
    ImageDraw.Draw(big).polygon(pts, fill=255)
    return big.resize((w, h), Image.Resampling.BOX)


def draw_chevron(cv: Canvas, box, fill: RGB, depth: int, notch: bool, point: bool = True) -> None:
    """A conveyor segment shape filling ``box``."""
    colour = cv.c(fill)

    def draw(c: Canvas) -> None:
        w, h = c.image.size
        c.image.paste(colour, (0, 0), chevron_mask(w, h, round(depth * SCALE), notch, point))

    cv.patch(("chevron", colour, depth, notch, point), box, draw)


def recipes_of(card: Card | None) -> list[dict]:
    """The conversions a card offers: a converter's pay/gain, or an ability's ``recipes``."""
    if not isinstance(card, dict):
        return []
    if card.get("type") == "converter":
        return [{"pay": card.get("pay"), "gain": card.get("gain")}]
    return [r for r in as_list(card.get("recipes")) if isinstance(r, dict)]


def recipes_label(card: Card | None, max_w: float | None = None, px: int = PX, lang: str = SOURCE) -> str:
    """A card's conversions in short, e.g. ``R+G→Y / G+B→C`` (shorter forms if ``max_w`` needs them)."""
    recipes = recipes_of(card)
    label = " / ".join(f"{colour_counts(r.get('pay'))}→{colour_counts(r.get('gain'))}" for r in recipes)
    if max_w is None or text_width(label, px, True) <= max_w:
        return label
    label = " ".join(f"{colour_counts(r.get('pay'))}→{colour_counts(r.get('gain'))}".replace("+", "")
                     for r in recipes)
    if text_width(label, px, True) <= max_w or len(recipes) < 2:
        return label
    for label in (t(lang, "{n} conversions", n=len(recipes)), t(lang, "{n} options", n=len(recipes))):
        if text_width(label, px, True) <= max_w:
            return label
    return f"×{len(recipes)}"


#: pages up to this many pixels tall are encoded at zlib level 1 (the floor), taller ones (crowded 3- and
#: 4-player boards) at level 2: a few per cent slower and a tenth lighter, so they stay within budget
LEVEL1_MAX_H = 1700


def encode_png(cv: ScaledCanvas, height: int) -> bytes:
    """PNG bytes of the top ``height`` units of a page: its palette pixels, at zlib level 1, or 2 if tall."""
    return cv.png(height, level=1 if cv.px(height) <= LEVEL1_MAX_H else 2)


def expand_counts(counts: Any) -> list[str]:
    """``{"R": 2, "G": 1}`` as ``["R", "R", "G"]`` (colour order, at most 6 of a colour)."""
    if not isinstance(counts, dict):
        return []
    keys = [c for c in COLOUR_ORDER if c in counts] + sorted(k for k in counts if k not in COLOUR_ORDER)
    return [c for c in keys for _ in range(max(0, min(6, as_int(counts.get(c), 1))))]
