"""Named looks of every image: ``standard``, ``colour-blind`` and ``high-contrast``.

A theme is an explicit input of a render, never a global: :func:`render` draws with the standard renderer
and hands the PNG to :func:`recolour`, which maps its palette through the theme's colours (a shade between
two standard colours becomes the same shade between their themed colours) and, for high contrast,
thickens hairlines. The standard theme returns the bytes untouched.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageChops, ImageFilter

from rendering import theme_remap
from rendering.theme import PNG_BUDGET, RGB, grey
from rendering.theme_inventory import standard_colours
from rendering.theme_looks import COLOUR_BLIND, HIGH_CONTRAST_STROKES, high_contrast_colour

STANDARD, COLOUR_BLIND_NAME, HIGH_CONTRAST = "standard", "colour-blind", "high-contrast"
NAMES = (STANDARD, COLOUR_BLIND_NAME, HIGH_CONTRAST)
Box = tuple[int, int, int, int]
#: a hairline is a straight run of at least this many pixels (a text's antialiasing never is: checked on
#: every image kind of tests/rendering/test_phone_legibility.py)
RUN = 16


@dataclass(frozen=True)
class Theme:
    """A look: each standard colour's colour in it, and which hairline colours it draws thicker."""

    name: str
    anchors: tuple[tuple[RGB, RGB], ...]
    strokes: tuple[RGB, ...] = ()
    stroke_px: int = 0

    def colour(self, rgb: RGB) -> RGB:
        """This theme's colour for a standard colour (an anchor's own; any other moves with its nearest anchors)."""
        return theme_remap.remap_cached((tuple(rgb),), self.anchors)[0]


def _anchors(themed: Callable[[RGB], RGB]) -> tuple[tuple[RGB, RGB], ...]:
    pairs: dict[RGB, RGB] = {}
    for c in standard_colours():
        pairs.setdefault(c, themed(c))
    for c in standard_colours():  # a player who left is drawn in the greys of the themed colours
        pairs.setdefault(grey(c), grey(pairs[c]))
    return tuple(pairs.items())


@cache
def get(name: str | None) -> Theme:
    """The theme called ``name`` (the standard one for None or an unknown name)."""
    if name == COLOUR_BLIND_NAME:
        return Theme(name, _anchors(lambda c: COLOUR_BLIND.get(c, c)))
    if name == HIGH_CONTRAST:
        return Theme(name, _anchors(high_contrast_colour), HIGH_CONTRAST_STROKES, 1)
    return Theme(STANDARD, ())


def _runs(mask: Image.Image, length: int) -> Image.Image:
    """The pixels of ``mask`` on a straight run (across or down) of at least ``length`` (a power of two):
    lines, not the odd antialiasing pixel of a text that happens to share the line's palette entry."""
    found = Image.new("L", mask.size, 0)
    for dx, dy in ((1, 0), (0, 1)):
        starts, step = mask, 1  # pixels where a run of ``step`` begins, doubling
        while step < length:
            starts = ImageChops.darker(starts, ImageChops.offset(starts, -step * dx, -step * dy))
            step *= 2
        spread, step = starts, 1  # and every pixel of those runs
        while step < length:
            spread = ImageChops.lighter(spread, ImageChops.offset(spread, step * dx, step * dy))
            step *= 2
        found = ImageChops.lighter(found, spread)
    return found


def _thicken(image: Image.Image, theme: Theme, texts: Iterable[Box]) -> Image.Image:
    """Grow the lines drawn in the theme's stroke colours by ``stroke_px`` on each side (a ``P`` image),
    except inside the ``texts`` boxes (a text's antialiasing may use a line's palette entry)."""
    palette = image.getpalette()[: 3 * 256]
    colours = [tuple(palette[i : i + 3]) for i in range(0, len(palette), 3)]
    for stroke in theme.strokes:
        index = next((i for i, c in enumerate(colours) if c == stroke), None)
        if index is None:
            continue
        mask = image.point([255 if i == index else 0 for i in range(256)], "L")
        grown = _runs(mask, RUN).filter(ImageFilter.MaxFilter(2 * theme.stroke_px + 1))
        for x0, y0, x1, y1 in texts:
            grown.paste(0, (x0 - 1, y0 - 1, x1 + 1, y1 + 1))
        image.paste(index, (0, 0, *image.size), grown)
    return image


def recolour(png: bytes, name: str | None, texts: Iterable[Box] = ()) -> bytes:
    """The PNG ``png`` (drawn in the standard theme) in the theme ``name``; ``texts``: the boxes of its texts."""
    theme = get(name)
    if theme.name == STANDARD:
        return png
    image = Image.open(io.BytesIO(png))
    if image.mode != "P":
        image = image.convert("RGB").quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    else:
        image.load()
    if theme.strokes:
        image = _thicken(image, theme, texts)
    flat = image.getpalette()[: 3 * 256]
    colours = tuple(tuple(flat[i : i + 3]) for i in range(0, len(flat), 3))
    mapped = theme_remap.remap_cached(colours, theme.anchors)  # type: ignore[arg-type]
    image.putpalette([v for c in mapped for v in c])
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=1)
    if out.tell() > PNG_BUDGET:  # as rendering.theme.to_png: a heavy image is compressed harder
        out = io.BytesIO()
        image.save(out, "PNG", compress_level=6)
    return out.getvalue()


def render(name: str | None, fn: Callable[..., bytes], *args, **kwargs) -> bytes:
    """Draw with the renderer ``fn`` in the theme ``name`` (a pure function; render workers run it)."""
    return recolour(fn(*args, **kwargs), name)


def preview(name: str | None, height: int, fn: Callable[..., bytes], *args) -> bytes:
    """The top ``height`` pixels of ``fn(*args)`` in the theme ``name``: a small sample of the theme."""
    image = Image.open(io.BytesIO(render(name, fn, *args)))
    out = io.BytesIO()
    image.crop((0, 0, image.width, min(height, image.height))).save(out, "PNG", compress_level=1)
    return out.getvalue()
