"""A drawing surface on a fixed palette, built from cached tiles: PNGs at the encoder's floor.

:class:`TileCanvas` has the drawing methods of :class:`rendering.theme.Canvas` (rect, text, sprite,
icons, stripes, card backs; same text log) but draws on a ``P`` image with a fixed per-game
:class:`Palette`. Every antialiased piece (a text, a rounded corner, a sprite) is drawn once in RGB
exactly as the theme draws it, mapped to the palette once, cached, and afterwards only pasted: a
render is mostly index copies, and its pixels need no quantizing before the PNG encoder.

Flat fills go straight to the palette image. :meth:`TileCanvas.cached` also caches a whole composed
part (e.g. a card in its slot) under a key the caller derives from what the part shows, with the
texts it logged. ``CACHING = False`` draws every piece afresh (tests check both give the same bytes).
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Hashable, Iterable
from functools import lru_cache

from PIL import Image, ImageDraw

from rendering import theme
from rendering.theme import RGB, TextRecord, clean_text, fit_text, font, mix, to_png, wrap_text
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

#: set to False (tests) to draw every tile afresh instead of reusing cached ones
CACHING = True
_MEASURE = ImageDraw.Draw(Image.new("RGB", (1, 1)))
_BINARY = [0] + [255] * 255  # coverage > 0 -> copy the tile's pixel


class Palette:
    """A fixed palette of at most 256 colours (deterministic order) and its caches of tiles."""

    def __init__(self, colours: Iterable[RGB]):
        seen: dict[RGB, None] = {}
        for c in colours:
            seen.setdefault(tuple(c), None)  # type: ignore[arg-type]
        if len(seen) > 256:
            raise ValueError(f"{len(seen)} colours do not fit a palette")
        # Pillow maps colours to a palette through a coarse colour cache, so of two close colours (the page
        # BG and INK differ by 1-2 levels) only one is ever chosen: keep only colours Pillow maps to
        # themselves, so that flat fills and mapped tiles always agree (``nearest`` asks Pillow too).
        self.colours: list[RGB] = list(seen)
        while True:
            self.image = Image.new("P", (1, 1))
            flat = [v for c in self.colours for v in c]
            self.image.putpalette(flat + [0] * (768 - len(flat)))
            row = Image.new("RGB", (len(self.colours), 1))
            row.putdata(self.colours)
            mapped = self.quantize(row).tobytes()
            # of two colours Pillow confuses, the one listed first (solids before shades) stays
            dropped = {max(i, j) for i, j in enumerate(mapped) if i != j}
            if not dropped:
                break
            self.colours = [c for i, c in enumerate(self.colours) if i not in dropped]
        self.index = {c: i for i, c in enumerate(self.colours)}
        self.tiles: dict[Hashable, object] = {}
        self.pixels = 0  # how many bytes the cached tiles hold (see :func:`_pixels`)
        self.alive: dict[int, Image.Image] = {}  # sprites whose id is part of a tile key

    def nearest(self, rgb: RGB) -> int:
        """The palette index Pillow maps ``rgb`` to (itself when it is in the palette)."""
        found = self.index.get(rgb)
        if found is None:
            found = self.index[rgb] = self.quantize(Image.new("RGB", (1, 1), rgb)).getpixel((0, 0))  # type: ignore[assignment]
        return found  # type: ignore[return-value]

    def quantize(self, image: Image.Image) -> Image.Image:
        """Map an RGB image to this palette (nearest colour, no dithering)."""
        return image.convert("RGB").quantize(palette=self.image, dither=Image.Dither.NONE)

    def shades(self, fg: RGB, bg: RGB) -> list[int]:
        """Palette index of ``fg`` drawn over ``bg`` at each coverage 0..255, blended as Pillow blends
        text into an RGB image."""
        ramp = Image.new("RGB", (256, 1))
        ramp.putdata([tuple(_blend(b, f, a) for f, b in zip(fg, bg, strict=True)) for a in range(256)])
        return list(self.quantize(ramp).tobytes())

    def remember(self, key: Hashable, make: Callable[[], object]) -> object:
        """The cached tile under ``key``, made (and kept, while ``CACHING``) on first use."""
        if not CACHING:
            return make()
        tile = self.tiles.get(key)
        if tile is None:
            tile = make()
            if self.pixels > MAX_CACHED_PIXELS:  # a long-lived worker: start over rather than grow forever
                self.tiles.clear()
                self.alive.clear()
                self.pixels = 0
            self.tiles[key] = tile
            self.pixels += _pixels(tile)
        return tile


#: how many bytes (pixels, and about a kilobyte per image object) a palette's cache may hold before it
#: starts over: a worker's two tile caches stay within about 50 MB
MAX_CACHED_PIXELS = 24_000_000


def _pixels(tile: object) -> int:
    """Bytes held by a cached tile (an image, or a tuple holding images), counting the image objects."""
    if isinstance(tile, Image.Image):
        return tile.width * tile.height + 1000
    if isinstance(tile, tuple):
        return sum(_pixels(t) for t in tile) + 100
    return 100


def _blend(under: int, ink: int, cover: int) -> int:
    """One channel of ``ink`` over ``under`` at ``cover``/255, rounded as Pillow's drawing does."""
    t = under * (255 - cover) + ink * cover + 128
    return ((t >> 8) + t) >> 8


def ramps(pairs: Iterable[tuple[RGB, RGB]], steps: tuple[float, ...] = (0.25, 0.5, 0.75)) -> list[RGB]:
    """Blends between each pair of colours (the antialiasing shades of text and edges)."""
    return [mix(a, b, t) for a, b in pairs for t in steps]


@lru_cache(maxsize=8192)
def clean(text: str, fallback: str = "?") -> str:
    """:func:`rendering.theme.clean_text`, cached (it is pure and names repeat on every render)."""
    return clean_text(text, fallback)


@lru_cache(maxsize=8192)
def width_of(text: str, px: int, bold: bool = False) -> float:
    """:func:`rendering.theme.text_width`, cached."""
    return font(px, bold).getlength(text)


@lru_cache(maxsize=8192)
def fit(text: str, px: int, max_width: float, bold: bool = False) -> str:
    """:func:`rendering.theme.fit_text`, cached."""
    return fit_text(text, px, max_width, bold)


@lru_cache(maxsize=4096)
def fit_name(text: str, px: int, max_width: float, bold: bool = False, smallest: int | None = None) -> tuple[str, int]:
    """:func:`rendering.theme.fit_name`, cached."""
    return theme.fit_name(text, px, max_width, bold, smallest)


@lru_cache(maxsize=8192)
def _ink_box(text: str, px: int, bold: bool, anchor: str) -> tuple[int, int, int, int]:
    """The box a text's ink covers when drawn at (0, 0) (as the theme logs it)."""
    return tuple(round(v) for v in _MEASURE.textbbox((0, 0), text, font=font(px, bold), anchor=anchor))  # type: ignore[return-value]


@lru_cache(maxsize=4096)
def _wrapped(text: str, px: int, max_width: float, bold: bool, max_lines: int) -> tuple[str, ...]:
    whole = " ".join(text.split())
    if whole and max_lines >= 1 and width_of(whole, px, bold) <= max_width - 2:  # one line, clearly: one measure
        return (whole,)
    return tuple(wrap_text(text, px, max_width, bold, max_lines))


def wrap(text: str, px: int, max_width: float, bold: bool = False, max_lines: int = 3) -> list[str]:
    """:func:`rendering.theme.wrap_text`, cached."""
    return list(_wrapped(text, px, max_width, bold, max_lines))


class TileCanvas(theme.BaseCanvas):
    """A ``P`` image on a fixed :class:`Palette` with the drawing methods of the theme's Canvas."""

    def __init__(self, width: int, height: int, bg: RGB, log: list[TextRecord] | None = None, *,
                 palette: Palette):
        self.pal = palette
        self.image = Image.new("P", (width, height), palette.nearest(bg))
        self.image.putpalette(palette.image.getpalette())
        self.draw = ImageDraw.Draw(self.image)
        self.log = log
        self.tone: theme.Tone | None = None

    def colour_at(self, x: float, y: float) -> RGB:
        """The colour already drawn at (x, y) (clamped into the image)."""
        px = min(max(0, round(x)), self.image.width - 1), min(max(0, round(y)), self.image.height - 1)
        return self.pal.colours[self.image.getpixel(px)]  # type: ignore[index]

    def fill(self, box, rgb: RGB) -> None:
        """A plain rectangle ``[x0, x1) × [y0, y1)`` of one colour (already toned)."""
        x0, y0, x1, y1 = box
        if x1 > x0 and y1 > y0:
            self.draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=self.pal.nearest(rgb))

    # ------------------------------------------------------------ rectangles
    def rect(self, box, fill: RGB, radius: int = 0, outline: RGB | None = None, width: int = 0) -> None:
        """Antialiased (rounded) rectangle with an optional inner border of ``width`` px."""
        x0, y0, x1, y1 = (round(v) for v in box)
        w, h = x1 - x0, y1 - y0
        if w <= 0 or h <= 0:
            return
        fill = self.c(fill)
        edge = self.c(outline) if outline is not None and width > 0 else None
        if not radius:
            self.fill((x0, y0, x1, y1), edge or fill)
            if edge:
                self.fill((x0 + width, y0 + width, x1 - width, y1 - width), fill)
            return
        if w < 2 * radius or h < 2 * radius:  # too small to split: one whole tile
            self._over(("rect", w, h, radius, fill, edge, width), x0, y0, w, h,
                       lambda cv: cv.rect((0, 0, w, h), fill, radius=radius, outline=edge, width=width))
            return
        r = radius
        spots = ((x0, y0), (x1 - r, y0), (x0, y1 - r), (x1 - r, y1 - r))
        whole = self._one_colour(x0, y0, x1, y1) if w * h <= 16384 else None  # a small shape: one look
        unders = [whole] * 4 if whole is not None else [self._under(cx, cy, r, r) for cx, cy in spots]
        self.fill((x0, y0, x1, y1), edge or fill)
        if edge:
            self.fill((x0 + width, y0 + width, x1 - width, y1 - width), fill)
        if isinstance(unders[0], int) and unders.count(unders[0]) == 4:  # the usual case: on one colour
            corners = self.pal.remember(("corners", r, fill, edge, width, unders[0]),
                                        lambda: self._corner_tiles(r, fill, edge, width, unders[0]))
            core = self.image.im
            for tile, (cx, cy) in zip(corners, spots, strict=True):  # type: ignore[call-overload]
                core.paste(tile.im, (cx, cy, cx + r, cy + r))
            return
        for k, ((cx, cy), under) in enumerate(zip(spots, unders, strict=True)):
            self._over(("corner", k, r, fill, edge, width), cx, cy, r, r, self._corner_paint(k, r, fill, edge, width),
                       under)

    @staticmethod
    def _corner_paint(k: int, r: int, fill: RGB, edge: RGB | None, width: int) -> Callable[[theme.Canvas], None]:
        """Paint corner ``k`` (top-left, top-right, bottom-left, bottom-right) of a rounded rect of radius
        ``r`` on an ``r`` × ``r`` canvas."""
        dx, dy = (k % 2) * r, (k // 2) * r  # where this corner sits in a 2r × 2r rounded rect
        return lambda cv: cv.rect((-dx, -dy, 2 * r - dx, 2 * r - dy), fill, radius=r, outline=edge, width=width)

    def _corner_tiles(self, r: int, fill: RGB, edge: RGB | None, width: int, under: int) -> tuple[Image.Image, ...]:
        return tuple(self._painted(r, r, under, self._corner_paint(k, r, fill, edge, width)) for k in range(4))

    def _one_colour(self, x0: int, y0: int, x1: int, y1: int) -> int | None:
        """The palette index filling the box ``[x0, x1) × [y0, y1)`` if it is one colour (and inside)."""
        if x0 < 0 or y0 < 0 or x1 > self.image.width or y1 > self.image.height:
            return None
        low, high = self.image.im.crop((x0, y0, x1, y1)).getextrema()
        return low if low == high else None

    def _under(self, x: int, y: int, w: int, h: int) -> Hashable:
        """What the pixels at (x, y, x + w, y + h) hold: one palette index if they are all the same, else
        their bytes."""
        core = self.image.im.crop((x, y, x + w, y + h))
        low, high = core.getextrema()
        if low == high and 0 <= x and 0 <= y and x + w <= self.image.width and y + h <= self.image.height:
            return low
        return self.image.crop((x, y, x + w, y + h)).tobytes()

    def _over(self, key: Hashable, x: int, y: int, w: int, h: int, paint: Callable[[theme.Canvas], None],
              under: Hashable = None) -> None:
        """Paint ``w`` × ``h`` at (x, y) over what is already there (``under``, see :meth:`_under`), as the
        theme would in RGB; the tile is cached under ``key`` and what it covers, so it is exact over anything."""
        if under is None:
            under = self._under(x, y, w, h)
        tile = self.pal.remember((key, w, h, under), lambda: self._painted(w, h, under, paint))
        self.image.im.paste(tile.im, (x, y, x + w, y + h))  # type: ignore[attr-defined]

    def _painted(self, w: int, h: int, under: Hashable, paint: Callable[[theme.Canvas], None]) -> Image.Image:
        """``paint`` applied in RGB over ``under`` (a palette index or palette pixels), as palette pixels."""
        rgb = theme.Canvas(w, h)
        if isinstance(under, int):
            rgb.image = Image.new("RGB", (w, h), self.pal.colours[under])
        else:
            below = Image.frombytes("P", (w, h), under)  # type: ignore[arg-type]
            below.putpalette(self.pal.image.getpalette())
            rgb.image = below.convert("RGB")
        rgb.draw = ImageDraw.Draw(rgb.image)
        paint(rgb)
        return self.pal.quantize(rgb.image)

    def card(self, box, fill: RGB, border: RGB = theme.INK, radius: int = 10, width: int = 2) -> None:
        """A rounded card with a border."""
        self.rect(box, fill, radius=radius, outline=border, width=width)

    # ------------------------------------------------------------ text
    def text(self, x: float, y: float, text: str, px: int, fg: RGB, bg: RGB, *, bold: bool = False,
             anchor: str = "lm", max_width: float | None = None) -> float:
        """Draw one line of text over the solid colour ``bg``; returns its width. Logged for tests."""
        if max_width is not None:
            text = fit(text, px, max_width, bold)
        if not text.strip():
            return 0.0
        fg, bg = self.c(fg), self.c(bg)
        # whole-pixel positions (at most half a pixel off): one tile per text, wherever it goes
        ix, iy = math.floor(x + 0.5), math.floor(y + 0.5)
        tile, mask, dx, dy = self.pal.remember(  # type: ignore[misc]
            ("text", text, px, bold, fg, bg, anchor), lambda: self._text_tile(text, px, bold, fg, bg, anchor))
        if tile is not None:
            self.image.im.paste(tile.im, (ix + dx, iy + dy, ix + dx + tile.width, iy + dy + tile.height), mask.im)
        if self.log is not None:
            bx0, by0, bx1, by1 = _ink_box(text, px, bold, anchor)
            self.log.append(TextRecord(text, fg, bg, px, (bx0 + ix, by0 + iy, bx1 + ix, by1 + iy)))
        return width_of(text, px, bold)

    def _text_tile(self, text: str, px: int, bold: bool, fg: RGB, bg: RGB, anchor: str):
        """(tile, mask, dx, dy): the text's ink as palette pixels, which pixels it covers, and its offset.

        Straight from the font's glyph mask at core level (the bytes drawing the text on a scratch ``L``
        canvas gave, without the canvas: a fresh text costs little more than its glyphs)."""
        mask, (mx, my) = font(px, bold).getmask2(text, "L", anchor=anchor)
        box = mask.getbbox()
        if box is None:
            return None, None, 0, 0
        core = mask.crop(box)
        w, h = core.size
        shades = self.pal.remember(("shades", fg, bg), lambda: self.pal.shades(fg, bg))
        tile, cover = Image.new("P", (w, h)), Image.new("L", (w, h))
        tile.im.paste(core.point(shades, "L"), (0, 0, w, h))  # raw indices: an L core pastes into P as is
        cover.im.paste(core.point(_BINARY, "L"), (0, 0, w, h))
        return tile, cover, mx + box[0], my + box[1]

    def text_in(self, box, text: str, px: int, fg: RGB, bg: RGB, *, bold: bool = False,
                align: str = "m", pad: int = 8) -> float:
        """Draw ``text`` vertically centred in ``box`` (``align`` l/m/r), ellipsised to fit its width."""
        x0, y0, x1, y1 = box
        x = {"l": x0 + pad, "m": (x0 + x1) / 2, "r": x1 - pad}[align]
        return self.text(x, (y0 + y1) / 2, text, px, fg, bg, bold=bold, anchor=align + "m",
                         max_width=x1 - x0 - 2 * pad)

    # ------------------------------------------------------------ sprites and patterns
    def sprite(self, img: Image.Image, x: float, y: float) -> None:
        """Paste an RGBA sprite with its alpha."""
        # the palette keeps ``img`` alive, so that its id cannot be reused by another sprite meanwhile
        self._over(("sprite", id(img)), round(x), round(y), img.width, img.height,
                   lambda cv: cv.image.paste(img, (0, 0), img))
        self.pal.alive.setdefault(id(img), img)  # after: the cache may just have started over

    def patch(self, key: Hashable, box, draw: Callable[[theme.Canvas], None]) -> None:
        """Draw ``draw`` on an RGB theme Canvas the size of ``box`` holding what is already there, map it
        to the palette once, and paste it (cached under ``key`` and what it covered)."""
        x0, y0, x1, y1 = (round(v) for v in box)
        if x1 > x0 and y1 > y0:
            self._over(("patch", key), x0, y0, x1 - x0, y1 - y0, draw)

    def spiral(self, x: float, y: float, size: int, colour: RGB = theme.SPIRAL_INK) -> None:
        """A spiral symbol with its top-left corner at (x, y)."""
        self.sprite(spiral_sprite(size, self.c(colour)), x, y)

    def cross(self, x: float, y: float, size: int, colour: RGB = theme.CROSS_INK) -> None:
        """A cross (X) symbol."""
        self.sprite(cross_sprite(size, self.c(colour)), x, y)

    def check_badge(self, x: float, y: float, size: int) -> None:
        """A round check-mark badge (the "validated" marker)."""
        self.sprite(check_sprite(size, self.c(theme.GOOD), self.c(theme.CREAM)), x, y)

    def crown(self, x: float, y: float, size: int, colour: RGB = theme.ACCENT) -> None:
        """A small crown (winner marker)."""
        self.sprite(crown_sprite(size, self.c(colour), self.c(theme.INK)), x, y)

    def star(self, x: float, y: float, size: int, colour: RGB = theme.ACCENT) -> None:
        """A five-pointed star."""
        self.sprite(star_sprite(size, self.c(colour), self.c(theme.INK)), x, y)

    def stripes(self, box, colours: tuple[RGB, ...], band: int, radius: int = 0) -> None:
        """Diagonal stripes through ``colours`` clipped to a (rounded) box."""
        toned = tuple(self.c(c) for c in colours)

        def draw(cv: theme.Canvas) -> None:
            w, h = cv.image.size
            cv.image.paste(stripes_sprite(w, h, toned, band), (0, 0), rounded_mask(w, h, radius))

        self.patch(("stripes", toned, band, radius), box, draw)

    def card_back(self, box, radius: int = 10) -> None:
        """A face-down card: violet back with a lattice pattern and a light edge."""
        colours = (self.c(theme.BACK), self.c(theme.BACK_PATTERN), self.c(theme.BACK_EDGE), self.c(theme.INK))

        def draw(cv: theme.Canvas) -> None:
            w, h = cv.image.size
            cv.image.paste(card_back_sprite(w, h, radius, colours), (0, 0), rounded_mask(w, h, radius))

        self.patch(("back", colours, radius), box, draw)

    # ------------------------------------------------------------ whole parts
    def cached(self, key: Hashable, box, draw: Callable[[TileCanvas], None]) -> None:
        """Draw a part filling ``box`` with ``draw`` (on a canvas of the box's size, over the colour at
        its corner) once per ``key``, then paste it and replay the texts it logged, shifted."""
        x0, y0, x1, y1 = (round(v) for v in box)
        w, h = x1 - x0, y1 - y0
        self._paste_part(key, x0, y0, w, h, lambda bg: TileCanvas(w, h, bg, [], palette=self.pal), draw)

    def _paste_part(self, key: Hashable, x0: int, y0: int, w: int, h: int,
                    new_sub: Callable[[RGB], TileCanvas], draw: Callable, *extra: Hashable) -> None:
        """Paste at (x0, y0) the ``w``×``h`` px part ``key``, drawn by ``draw`` on ``new_sub(bg)`` once per
        key, size, background, tone and ``extra``, then reused; replay the texts it logged, shifted."""
        if w <= 0 or h <= 0:
            return
        bg = self.colour_at(x0, y0)

        def make() -> tuple[Image.Image, list[TextRecord]]:
            sub = new_sub(bg)
            sub.tone = self.tone
            draw(sub)
            return sub.image, sub.log or []

        image, records = self.pal.remember(("part", key, w, h, bg, self.tone, *extra), make)  # type: ignore[misc]
        self.image.paste(image, (x0, y0))
        if self.log is not None:
            for r in records:
                bx0, by0, bx1, by1 = r.box
                self.log.append(TextRecord(r.text, r.fg, r.bg, r.px, (bx0 + x0, by0 + y0, bx1 + x0, by1 + y0)))

    def png(self, height: int | None = None, level: int = 1, shrink: bool = True) -> bytes:
        """PNG bytes of the image (cropped to ``height``): its palette pixels as they are, at zlib ``level``
        (never ``optimize``; within :func:`rendering.theme.legacy_encoder`, the old design's encoder).

        Past ``theme.PNG_BUDGET`` it is compressed harder; past :data:`MAX_BYTES` (and if ``shrink``) the
        picture is resampled smaller until it fits (callers that can redraw smaller do that first)."""
        image = self.image if height is None else self.image.crop((0, 0, self.image.width, height))
        if getattr(theme._ENCODER, "legacy", False):
            return to_png(image)
        data = _encode(image, level)
        if len(data) > theme.PNG_BUDGET:  # rare (a very long hand): compress harder
            data = _encode(image, 6)
        scale = 1.0
        while shrink and len(data) > MAX_BYTES:  # rarer still: the same picture, smaller, until it fits
            scale *= 0.9 * math.sqrt(MAX_BYTES / len(data))
            size = (round(image.width * scale), round(image.height * scale))
            data = _encode(self.pal.quantize(image.convert("RGB").resize(size, Image.Resampling.LANCZOS)), 6)
        if scale < 1 and self.log is not None:  # the texts as they now stand
            self.log[:] = [TextRecord(r.text, r.fg, r.bg, math.ceil(r.px * scale),
                                      tuple(round(v * scale) for v in r.box))  # type: ignore[arg-type]
                           for r in self.log]
        return data


#: the most an image may weigh (the issue's budget for every posted image)
MAX_BYTES = 100 * 1024


def _encode(image: Image.Image, level: int) -> bytes:
    buf = io.BytesIO()
    image.save(buf, "PNG", compress_level=level)
    return buf.getvalue()
