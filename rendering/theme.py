"""Shared look of Pixel Parlor's images: palette, fonts, text helpers, contrast maths and primitives.

Every game renderer draws through a :class:`Canvas`, which records each text it draws (colours,
size, box) into an optional log so that tests can check contrast and legibility of every text.
"""

from __future__ import annotations

import contextlib
import io
import math
import re
import struct
import threading
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from rendering.theme_shapes import (
    card_back_sprite,
    check_sprite,
    cross_sprite,
    crown_sprite,
    rounded_mask,
    spiral_sprite,
    star_sprite,
    stripes_sprite,
)

RGB = tuple[int, int, int]

# ---------------------------------------------------------------- palette (opaque, dark slate)
BG: RGB = (23, 27, 38)  # page background, darker than Discord's dark theme so the image is framed
SURFACE: RGB = (35, 41, 57)  # panels
RAISED: RGB = (47, 55, 76)  # panel headers, table header rows
SLOT: RGB = (27, 32, 45)  # empty card spaces
LINE: RGB = (66, 75, 100)  # hairlines and slot borders
TEXT: RGB = (242, 244, 250)
MUTED: RGB = (170, 178, 200)  # secondary text, still >= 4.5:1 on every surface above
ACCENT: RGB = (255, 200, 87)  # gold: whose turn, winners, highlights
INK: RGB = (22, 26, 36)  # dark text on light fills
CREAM: RGB = (255, 248, 234)  # badges and symbol strips on cards
GOOD: RGB = (38, 166, 98)  # validated check badge
SPIRAL_INK: RGB = (104, 70, 178)  # spiral symbols (violet on cream)
CROSS_INK: RGB = (196, 48, 48)  # cross symbols (red on cream)
BACK: RGB = (62, 45, 118)  # card backs
BACK_PATTERN: RGB = (96, 76, 160)
BACK_EDGE: RGB = (205, 192, 250)

MIN_TEXT_RATIO = 12 / 400  # font px per image px: 12 px when the image is shown 400 px wide
MIN_CONTRAST = 4.5

FONT_DIR = Path(__file__).resolve().parent / "fonts"
ELLIPSIS = "…"
#: the smallest text of an 800-pixel-wide image that still reads on a phone (12 px when shown 400 px wide)
PHONE_MIN_PX = 24


# ---------------------------------------------------------------- colour maths
def hex_rgb(value: str) -> RGB:
    """Parse ``#RRGGBB`` into an RGB tuple."""
    value = value.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def relative_luminance(rgb: RGB) -> float:
    """WCAG 2 relative luminance of an sRGB colour (0 = black, 1 = white)."""
    r, g, b = (_linear(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(fg: RGB, bg: RGB) -> float:
    """WCAG 2 contrast ratio between two colours (1.0 .. 21.0)."""
    a, b = sorted((relative_luminance(fg), relative_luminance(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def grey(rgb: RGB) -> RGB:
    """The grey of the same relative luminance (so every contrast ratio is preserved)."""
    lum = relative_luminance(rgb)
    v = 12.92 * lum if lum <= 0.0031308 else 1.055 * lum ** (1 / 2.4) - 0.055
    g = max(0, min(255, round(v * 255)))
    return g, g, g


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Linear blend of two colours: ``t`` = 0 gives ``a``, 1 gives ``b``."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


# ---------------------------------------------------------------- fonts and glyph coverage
@lru_cache(maxsize=64)
def font(px: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled Inter font at ``px`` pixels (cached); basic layout for identical output everywhere."""
    name = "Inter-Bold.otf" if bold else "Inter-Regular.otf"
    return ImageFont.truetype(str(FONT_DIR / name), px, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=2)
def covered_codepoints(bold: bool = False) -> frozenset[int]:
    """Code points the bundled font maps to a glyph (read from its ``cmap`` table)."""
    data = (FONT_DIR / ("Inter-Bold.otf" if bold else "Inter-Regular.otf")).read_bytes()
    tables = {}
    for i in range(struct.unpack(">H", data[4:6])[0]):
        tag, _, off, _ = struct.unpack(">4sIII", data[12 + 16 * i : 28 + 16 * i])
        tables[tag] = off
    base = tables[b"cmap"]
    subtables = {}
    for i in range(struct.unpack(">H", data[base + 2 : base + 4])[0]):
        plat, enc, off = struct.unpack(">HHI", data[base + 4 + 8 * i : base + 12 + 8 * i])
        subtables[(plat, enc)] = base + off
    codes: set[int] = set()
    if (3, 10) in subtables:  # format 12: sequential groups
        at = subtables[(3, 10)]
        for g in range(struct.unpack(">I", data[at + 12 : at + 16])[0]):
            start, end, _ = struct.unpack(">III", data[at + 16 + 12 * g : at + 28 + 12 * g])
            codes.update(range(start, end + 1))
    else:  # format 4: BMP segments
        at = subtables[(3, 1)]
        seg = struct.unpack(">H", data[at + 6 : at + 8])[0] // 2
        ends = struct.unpack(f">{seg}H", data[at + 14 : at + 14 + 2 * seg])
        starts = struct.unpack(f">{seg}H", data[at + 16 + 2 * seg : at + 16 + 4 * seg])
        codes.update(c for s, e in zip(starts, ends, strict=True) for c in range(s, e + 1) if c != 0xFFFF)
    return frozenset(codes)


@lru_cache(maxsize=1)
def _drawable_codepoints() -> frozenset[int]:
    return covered_codepoints(True) & covered_codepoints(False)


@lru_cache(maxsize=4096)
def clean_text(text: str, fallback: str = "?") -> str:
    """Make ``text`` drawable with the bundled font: drop emoji/unknown glyphs, fold compatibility forms."""
    covered = _drawable_codepoints()
    out = []
    for ch in unicodedata.normalize("NFC", str(text)):
        if ch in "\n\t\r":
            out.append(" ")
        elif ord(ch) in covered and unicodedata.category(ch) not in ("Cc", "Cf"):
            out.append(ch)
        else:  # e.g. mathematical bold letters, full-width forms, ligatures
            folded = unicodedata.normalize("NFKD", ch)
            if folded != ch:
                out.extend(c for c in folded if ord(c) in covered and unicodedata.category(c)[0] in "LNPSZ")
    cleaned = " ".join("".join(out).split())
    return cleaned or fallback


def text_width(text: str, px: int, bold: bool = False) -> float:
    """Advance width of ``text`` in pixels."""
    return font(px, bold).getlength(text)


def fit_text(text: str, px: int, max_width: float, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis so that it is at most ``max_width`` pixels wide."""
    if text_width(text, px, bold) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix that fits together with the ellipsis
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + ELLIPSIS, px, bold) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS if lo else ELLIPSIS


_NOTED = re.compile(r"^(?P<head>.*?)(?P<number> \d+)?(?P<note> \([^()]+\))$")


def fit_name(text: str, px: int, max_width: float, bold: bool = False, smallest: int | None = None) -> tuple[str, int]:
    """A player's name fitted to ``max_width``: ``(text, px)``. Smaller sizes first, down to ``smallest`` (none
    by default: the caller knows what its image reads at on a phone); then a name ending in a note in brackets
    (a computer's level, "(computer, normal)") is shortened before its seat number and note, which stay whole
    ("Compu… 2 (normal)"); else it ends in an ellipsis."""
    floor = px if smallest is None else min(px, smallest)
    for size in range(px, floor - 1, -1):
        if text_width(text, size, bold) <= max_width:
            return text, size
    parts = _NOTED.match(text)
    if parts and parts["head"].strip():
        tail = (parts["number"] or "") + parts["note"]
        room = max_width - text_width(tail, floor, bold)
        head = fit_text(parts["head"], floor, room, bold) if room > 0 else ELLIPSIS
        if head != ELLIPSIS:
            return head + tail, floor
    return fit_text(text, floor, max_width, bold), floor


def wrap_text(text: str, px: int, max_width: float, bold: bool = False, max_lines: int = 3) -> list[str]:
    """Greedy word wrap into at most ``max_lines`` lines (the last one ellipsised if needed)."""
    lines: list[str] = []
    words = text.split()
    while words and len(lines) < max_lines:
        line = words.pop(0)
        while words and text_width(line + " " + words[0], px, bold) <= max_width:
            line += " " + words.pop(0)
        if len(lines) == max_lines - 1 and words:
            line = line + " " + " ".join(words)
            words = []
        lines.append(fit_text(line, px, max_width, bold))
    return lines


# ---------------------------------------------------------------- canvas with a text log
@dataclass(frozen=True)
class TextRecord:
    """One drawn text: what, in which colours, at which size and where (for legibility tests)."""

    text: str
    fg: RGB
    bg: RGB
    px: int
    box: tuple[int, int, int, int]


Tone = Callable[[RGB], RGB]


class BaseCanvas:
    """What every canvas shares: its image's width, its tone (applied to every colour), its smallest font."""

    image: Image.Image
    tone: Tone | None

    @property
    def width(self) -> int:
        return self.image.width

    def c(self, rgb: RGB) -> RGB:
        """Apply the current tone to a colour."""
        return self.tone(rgb) if self.tone else rgb

    def min_px(self) -> int:
        """Smallest font size allowed on this canvas."""
        return math.ceil(self.width * MIN_TEXT_RATIO - 1e-9)


class Canvas(BaseCanvas):
    """An opaque RGB image plus drawing helpers; every colour goes through ``tone`` (e.g. greyed out)."""

    def __init__(self, width: int, height: int, bg: RGB = BG, log: list[TextRecord] | None = None):
        self.image = Image.new("RGB", (width, height), bg)
        self.draw = ImageDraw.Draw(self.image)
        self.log = log
        self.tone: Tone | None = None

    def rect(self, box, fill: RGB, radius: int = 0, outline: RGB | None = None, width: int = 0) -> None:
        """Antialiased (rounded) rectangle with an optional inner border of ``width`` px."""
        x0, y0, x1, y1 = (round(v) for v in box)
        w, h = x1 - x0, y1 - y0
        if w <= 0 or h <= 0:
            return
        if outline is not None and width > 0:
            self.image.paste(self.c(outline), (x0, y0, x1, y1), rounded_mask(w, h, radius))
            x0, y0, x1, y1, w, h = x0 + width, y0 + width, x1 - width, y1 - width, w - 2 * width, h - 2 * width
            radius = max(0, radius - width)
        if radius:
            self.image.paste(self.c(fill), (x0, y0, x1, y1), rounded_mask(w, h, radius))
        else:
            self.draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=self.c(fill))

    def sprite(self, img: Image.Image, x: float, y: float) -> None:
        """Paste an RGBA sprite with its alpha."""
        self.image.paste(img, (round(x), round(y)), img)

    def text(self, x: float, y: float, text: str, px: int, fg: RGB, bg: RGB, *, bold: bool = False,
             anchor: str = "lm", max_width: float | None = None) -> float:
        """Draw one line of text over the solid colour ``bg``; returns its width. Logged for tests."""
        if max_width is not None:
            text = fit_text(text, px, max_width, bold)
        if not text.strip():
            return 0.0
        fg, bg = self.c(fg), self.c(bg)
        f = font(px, bold)
        self.draw.text((x, y), text, font=f, fill=fg, anchor=anchor)
        if self.log is not None:
            box = tuple(round(v) for v in self.draw.textbbox((x, y), text, font=f, anchor=anchor))
            self.log.append(TextRecord(text, fg, bg, px, box))  # type: ignore[arg-type]
        return f.getlength(text)

    def text_in(self, box, text: str, px: int, fg: RGB, bg: RGB, *, bold: bool = False,
                align: str = "m", pad: int = 8) -> float:
        """Draw ``text`` vertically centred in ``box`` (``align`` l/m/r), ellipsised to fit its width."""
        x0, y0, x1, y1 = box
        x = {"l": x0 + pad, "m": (x0 + x1) / 2, "r": x1 - pad}[align]
        return self.text(x, (y0 + y1) / 2, text, px, fg, bg, bold=bold, anchor=align + "m",
                         max_width=x1 - x0 - 2 * pad)

    # ------------------------------------------------------------ icon primitives
    def spiral(self, x: float, y: float, size: int, colour: RGB = SPIRAL_INK) -> None:
        """A spiral symbol with its top-left corner at (x, y)."""
        self.sprite(spiral_sprite(size, self.c(colour)), x, y)

    def cross(self, x: float, y: float, size: int, colour: RGB = CROSS_INK) -> None:
        """A cross (X) symbol."""
        self.sprite(cross_sprite(size, self.c(colour)), x, y)

    def check_badge(self, x: float, y: float, size: int) -> None:
        """A round check-mark badge (the "validated" marker)."""
        self.sprite(check_sprite(size, self.c(GOOD), self.c(CREAM)), x, y)

    def crown(self, x: float, y: float, size: int, colour: RGB = ACCENT) -> None:
        """A small crown (winner marker)."""
        self.sprite(crown_sprite(size, self.c(colour), self.c(INK)), x, y)

    def star(self, x: float, y: float, size: int, colour: RGB = ACCENT) -> None:
        """A five-pointed star."""
        self.sprite(star_sprite(size, self.c(colour), self.c(INK)), x, y)

    def card(self, box, fill: RGB, border: RGB = INK, radius: int = 10, width: int = 2) -> None:
        """A rounded card with a border."""
        self.rect(box, fill, radius=radius, outline=border, width=width)

    def stripes(self, box, colours: tuple[RGB, ...], band: int, radius: int = 0) -> None:
        """Diagonal stripes through ``colours`` clipped to a (rounded) box, e.g. a multicolour fill."""
        x0, y0, x1, y1 = (round(v) for v in box)
        sprite = stripes_sprite(x1 - x0, y1 - y0, tuple(self.c(c) for c in colours), band)
        self.image.paste(sprite, (x0, y0), rounded_mask(x1 - x0, y1 - y0, radius))

    def card_back(self, box, radius: int = 10) -> None:
        """A face-down card: violet back with a lattice pattern and a light edge."""
        x0, y0, x1, y1 = (round(v) for v in box)
        colours = (self.c(BACK), self.c(BACK_PATTERN), self.c(BACK_EDGE), self.c(INK))
        sprite = card_back_sprite(x1 - x0, y1 - y0, radius, colours)
        self.image.paste(sprite, (x0, y0), rounded_mask(x1 - x0, y1 - y0, radius))


#: a PNG larger than this is encoded again with stronger compression (Discord posts stay light)
PNG_BUDGET = 96 * 1024
_ENCODER = threading.local()


@contextlib.contextmanager
def legacy_encoder() -> Iterator[None]:
    """Within the block (in this thread), encode PNGs as the old design did (``optimize=True``):
    kept only so that benchmarks can compare the old and the new design in one run."""
    _ENCODER.legacy = True
    try:
        yield
    finally:
        _ENCODER.legacy = False


def to_png(image: Image.Image, quantize: bool = True, *, fast: bool = False, colours: int = 256) -> bytes:
    """Encode as a PNG, by default reduced to a 256-colour palette (flat art: a third of the size).

    The encoder runs at zlib level 1 (the floor: most of the old render time was ``optimize``);
    only an image that would exceed ``PNG_BUDGET`` is compressed harder. ``fast`` is accepted for
    callers of the old signature and changes nothing. ``colours`` caps the palette (flat boards with
    few inks look the same with 32 and weigh a third less)."""
    if quantize and image.mode in ("RGB", "RGBA"):
        image = image.quantize(colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    if getattr(_ENCODER, "legacy", False):
        buf = io.BytesIO()
        image.save(buf, "PNG", optimize=True)
        return buf.getvalue()
    buf = io.BytesIO()
    image.save(buf, "PNG", compress_level=1)
    if buf.tell() > PNG_BUDGET:
        buf = io.BytesIO()
        image.save(buf, "PNG", compress_level=6)
    return buf.getvalue()
