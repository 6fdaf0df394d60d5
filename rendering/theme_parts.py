"""Whole parts on a palette canvas, and the fixed palettes' derivation.

:class:`ExactCanvas` is a :class:`rendering.tiles.TileCanvas` (a ``P`` image on a fixed palette whose
antialiased pieces are composited over the pixels really under them, cached) plus
:meth:`ExactCanvas.part`: a whole part (a card in its space, a mini grid) drawn by the theme's RGB
:class:`rendering.theme.Canvas` code over what lies under it, cached as one tile with the texts it
logged, so a render is mostly index copies and looks as the RGB drawing did.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from functools import lru_cache

from PIL import Image, ImageDraw

from rendering import theme, tiles
from rendering.theme import RGB, TextRecord
from rendering.tiles import Palette, TileCanvas

#: texts each part logged, by (key, size, tone): replayed into a render's log when the part is pasted
_RECORDS: dict[Hashable, tuple[TextRecord, ...]] = {}


def _weight(thing: object) -> int:
    """Rough bytes held by a cached tile or key: its images' pixels and its byte strings."""
    if isinstance(thing, Image.Image):
        return thing.width * thing.height * len(thing.getbands())
    if isinstance(thing, bytes | bytearray):
        return len(thing)
    if isinstance(thing, tuple):
        return 64 + sum(_weight(t) for t in thing)
    return 64


def _key_weight(key: Hashable) -> int:
    """Rough bytes held by a tile's key: the byte strings at its top level (what a part covered) and
    64 a field; nested fields (a look's details) are small and not walked, as keys are weighed often."""
    if isinstance(key, tuple):
        return 64 + sum(len(k) if isinstance(k, bytes | bytearray) else 64 for k in key)
    return _weight(key)


class BoundedPalette(Palette):
    """A :class:`rendering.tiles.Palette` whose tile cache keeps the most recently used tiles within
    ``budget`` bytes (a long-lived render worker sees ever new piece neighbourhoods and texts). The
    sprites it keeps alive for their ids are never dropped: the renderers' sprites come from caches of
    a few hundred looks that do not evict, so their number stays small."""

    def __init__(self, colours: Iterable[RGB], budget: int = 24 * 1024 * 1024, pin_budget: int = 20 * 1024 * 1024):
        super().__init__(colours)
        self.tiles: OrderedDict[Hashable, object] = OrderedDict()
        self.budget, self.used = budget, 0
        #: tiles drawn at a worker's warm-up (card faces, numbers): kept for good, apart from the LRU tiles,
        #: within ``pin_budget`` bytes (past it, warm-up tiles are cached like any other)
        self.pinned: dict[Hashable, object] = {}
        self.pin_budget, self.pin_used, self.pinning = pin_budget, 0, False

    @contextmanager
    def warming(self) -> Iterator[None]:
        """Within the block, tiles made are pinned (see :attr:`pinned`): a worker's warm-up draws them."""
        self.pinning = True
        try:
            yield
        finally:
            self.pinning = False

    def remember(self, key: Hashable, make: Callable[[], object]) -> object:
        """The cached tile under ``key``, made (and kept, while caching) on first use."""
        if not tiles.CACHING:
            return make()
        tile = self.pinned.get(key)
        if tile is not None:
            return tile
        if self.pinning and self.pin_used < self.pin_budget:
            tile = self.tiles.pop(key, None)
            if tile is None:
                tile = make()
            else:
                self.used -= _key_weight(key) + _weight(tile)
            self.pinned[key] = tile
            self.pin_used += _key_weight(key) + _weight(tile)
            return tile
        tile = self.tiles.get(key)
        if tile is not None:
            self.tiles.move_to_end(key)
            return tile
        if not self.tiles:
            self.used = 0
        tile = self.tiles[key] = make()
        self.used += _key_weight(key) + _weight(tile)
        while self.used > self.budget and len(self.tiles) > 1:
            old_key, old = self.tiles.popitem(last=False)
            self.used -= _key_weight(old_key) + _weight(old)
        return tile


def derive_palette(images: Iterable[Image.Image], forced: Iterable[RGB], size: int = 256) -> list[RGB]:
    """A fixed palette for a game: the ``forced`` colours exactly, the rest fitted (median cut) to the
    other colours of ``images`` (reference renders), each weighted by the square root of its count."""
    keep = list(dict.fromkeys(tuple(c) for c in forced))
    counts: dict[RGB, int] = {}
    for image in images:
        for n, c in image.convert("RGB").getcolors(1 << 24):
            counts[c] = counts.get(c, 0) + n
    rest = [(c, max(1, round(n ** 0.5))) for c, n in sorted(counts.items()) if c not in set(keep)]
    room = size - len(keep)
    if room <= 0 or not rest:
        return keep[:size]
    strip = Image.new("RGB", (sum(w for _, w in rest), 1))
    x = 0
    for c, w in rest:
        strip.paste(c, (x, 0, x + w, 1))
        x += w
    fitted = strip.quantize(room, method=Image.Quantize.MEDIANCUT, kmeans=2, dither=Image.Dither.NONE)
    flat = fitted.getpalette()[: 3 * room]
    extra = [tuple(flat[i : i + 3]) for i in range(0, len(flat), 3)]
    return keep + [c for c in dict.fromkeys(extra) if c not in set(keep)]  # type: ignore[misc]


def fixed_palette(images: list[Image.Image], forced: Iterable[RGB], rounds: int = 4) -> list[RGB]:
    """:func:`derive_palette`, less the colours Pillow would not map to themselves (see
    :class:`rendering.tiles.Palette`), refilled with fitted colours a few times."""
    keep = Palette(forced).colours
    for _ in range(rounds):
        keep = Palette(derive_palette(images, keep)).colours
    return keep


def hex_palette(text: str) -> list[RGB]:
    """Colours of a whitespace-separated list of ``RRGGBB`` hex codes."""
    return [theme.hex_rgb(code) for code in text.split()]


_RAW = Image.new("L", (1, 1))  # wraps a cropped core to read its bytes (palette indices as they are)
#: anchors whose offsets do not depend on the text's own extent (left, and ascender/middle/baseline)
_WORD_ANCHORS = frozenset({"la", "lm", "ls"})


@lru_cache(maxsize=8192)
def _char_width(ch: str, px: int, bold: bool) -> float:
    return theme.font(px, bold).getlength(ch)


@lru_cache(maxsize=8192)
def fit_fast(text: str, px: int, max_width: float, bold: bool = False) -> str:
    """:func:`rendering.theme.fit_text` (the same result) measuring the text once: the bundled font's basic
    layout advances by whole glyph widths, so a prefix's width is the sum of its characters' (checked on
    the whole text; a text where it is not falls back to fit_text's measuring search)."""
    full = tiles.width_of(text, px, bold)
    if full <= max_width:
        return text
    cum = [0.0]
    for ch in text:
        cum.append(cum[-1] + _char_width(ch, px, bold))
    if abs(cum[-1] - full) > 1e-9:
        return tiles.fit(text, px, max_width, bold)
    ell = _char_width(theme.ELLIPSIS, px, bold)
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix that fits together with the ellipsis, as fit_text searches
        mid = (lo + hi + 1) // 2
        if cum[len(text[:mid].rstrip())] + ell <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + theme.ELLIPSIS if lo else theme.ELLIPSIS


_FLAT: dict[int, tuple[Palette, bytes]] = {}


def _flat_palette(pal: Palette) -> bytes:
    """A palette's 768 RGB bytes (kept per palette, which it keeps alive)."""
    found = _FLAT.get(id(pal))
    if found is None:
        found = _FLAT[id(pal)] = (pal, bytes(pal.image.getpalette()[:768]))
    return found[1]


class ExactCanvas(TileCanvas):
    """A palette canvas that also pastes whole parts drawn by the theme's RGB Canvas code."""

    def _painted(self, w: int, h: int, under: Hashable, paint: Callable[[theme.Canvas], None]) -> Image.Image:
        """:meth:`rendering.tiles.TileCanvas._painted` (the same pixels) without its spare allocations: no
        blank RGB canvas made only to be replaced, the palette as stored bytes, one copy before quantizing."""
        rgb = theme.Canvas.__new__(theme.Canvas)
        rgb.log, rgb.tone = None, None
        if isinstance(under, int):
            rgb.image = Image.new("RGB", (w, h), self.pal.colours[under])
        else:
            below = Image.frombytes("P", (w, h), under)  # type: ignore[arg-type]
            below.putpalette(_flat_palette(self.pal), "RGB")
            rgb.image = below.convert("RGB")
        rgb.draw = ImageDraw.Draw(rgb.image)
        paint(rgb)
        return rgb.image.quantize(palette=self.pal.image, dither=Image.Dither.NONE)

    def _under(self, x: int, y: int, w: int, h: int) -> Hashable:
        """:meth:`rendering.tiles.TileCanvas._under` (the same values), cropping once and not copying the
        palette along: a piece over several colours is looked at on every render."""
        core = self.image.im.crop((x, y, x + w, y + h))
        low, high = core.getextrema()
        if low == high and 0 <= x and 0 <= y and x + w <= self.image.width and y + h <= self.image.height:
            return low
        return _RAW._new(core).tobytes()

    def text(self, x: float, y: float, text: str, px: int, fg: RGB, bg: RGB, *, bold: bool = False,
             anchor: str = "lm", max_width: float | None = None) -> float:
        """:meth:`rendering.tiles.TileCanvas.text`, shortening a fresh text with one measure (:func:`fit_fast`)."""
        if max_width is not None:
            text = fit_fast(text, px, max_width, bold)
        return super().text(x, y, text, px, fg, bg, bold=bold, anchor=anchor)

    def _text_tile(self, text: str, px: int, bold: bool, fg: RGB, bg: RGB, anchor: str):
        """:meth:`rendering.tiles.TileCanvas._text_tile` (the same bytes): a left-anchored text of several
        words from its words' cached tiles (see :meth:`_words_tile`), else from the font's glyph mask."""
        if anchor in _WORD_ANCHORS and text.count(" ") >= 2:
            made = self._words_tile(text, px, bold, fg, bg, anchor)
            if made is not None:
                return made
        return self._glyph_tile(text, px, bold, fg, bg, anchor)

    def _words_tile(self, text: str, px: int, bold: bool, fg: RGB, bg: RGB, anchor: str):
        """A text's tile put together from its words' tiles (each cached as a text of its own), or None
        when two words' inks would touch. The bundled font advances by whole pixels and a left anchor's
        vertical offset is the font's, so each word's glyphs land where the whole line puts them: the same
        bytes (checked on thousands of random lines), for a fresh line of known words at the cost of a few
        copies instead of rendering every glyph again (a ``Last: ...`` line ~400 -> ~90 us)."""
        pen, parts, space = 0.0, [], tiles.width_of(" ", px, bold)
        for word in text.split(" "):
            if word:
                tile = self.pal.remember(("text", word, px, bold, fg, bg, anchor),
                                         lambda w=word: self._glyph_tile(w, px, bold, fg, bg, anchor))
                if tile[0] is not None:  # type: ignore[index]
                    parts.append((tile, round(pen)))
            pen += tiles.width_of(word, px, bold) + space
        if abs(pen - space - tiles.width_of(text, px, bold)) > 1e-9:  # the line is not its words side by side
            return None
        if not parts:
            return None, None, 0, 0
        reach = None
        for (t, _, dx, _), p in parts:  # words left to right: each ink must start past the previous one's end
            if reach is not None and p + dx < reach:
                return None
            reach = p + dx + t.width
        x0, y0 = min(p + t[2] for t, p in parts), min(t[3] for t, _ in parts)
        w, h = reach - x0, max(t[3] + t[0].height for t, _ in parts) - y0
        shades = self.pal.remember(("shades", fg, bg), lambda: self.pal.shades(fg, bg))
        tile, cover = Image.new("P", (w, h), shades[0]), Image.new("L", (w, h))  # type: ignore[index]
        for (wt, wm, dx, dy), p in parts:
            box = (p + dx - x0, dy - y0, p + dx - x0 + wt.width, dy - y0 + wt.height)
            tile.im.paste(wt.im, box, wm.im)
            cover.im.paste(wm.im, box, wm.im)
        return tile, cover, x0, y0

    def _glyph_tile(self, text: str, px: int, bold: bool, fg: RGB, bg: RGB, anchor: str):
        """The whole-text tile of :meth:`rendering.tiles.TileCanvas._text_tile` (straight from the font's
        glyph mask), bypassing this class's word-by-word assembly."""
        return TileCanvas._text_tile(self, text, px, bold, fg, bg, anchor)

    def part(self, key: Hashable, box, draw: Callable[[theme.Canvas], None], *, over: RGB | None = None) -> None:
        """Draw ``draw`` (theme RGB Canvas code, coordinates relative to ``box``'s integer corner) over
        the pixels under ``box``, map it to the palette and paste it; cached under ``key`` (which must
        name everything ``draw`` shows) and those pixels. Its texts go to this canvas's log, shifted.
        ``over``: the one colour known to fill ``box`` (a large part then skips looking at its pixels)."""
        x0, y0, x1, y1 = (round(v) for v in box)
        x0, y0 = max(0, x0), max(0, y0)
        x1, y1 = min(self.image.width, x1), min(self.image.height, y1)
        w, h, tone = x1 - x0, y1 - y0, self.tone
        if w <= 0 or h <= 0:
            return
        name = (key, w, h, tone)

        def paint(cv: theme.Canvas) -> None:
            cv.tone, cv.log = tone, []
            draw(cv)
            if len(_RECORDS) > 20000:
                _RECORDS.clear()
            _RECORDS[name] = tuple(cv.log)

        self._over(("part", *name), x0, y0, w, h, paint, None if over is None else self.pal.nearest(over))
        if self.log is not None:
            if name not in _RECORDS:  # drawn before the records were dropped: draw once more for them
                paint(theme.Canvas(w, h))
            for r in _RECORDS[name]:
                bx0, by0, bx1, by1 = r.box
                self.log.append(TextRecord(r.text, r.fg, r.bg, r.px, (bx0 + x0, by0 + y0, bx1 + x0, by1 + y0)))

    def group(self, key: Hashable, box, draw: Callable[[ExactCanvas], None], *, over: RGB) -> None:
        """Draw ``draw`` on a palette canvas of ``box``'s size filled with ``over`` (the one colour lying
        under ``box``; coordinates relative to its integer corner) once per ``key``, which must name
        everything ``draw`` shows; paste it whole and log its texts, shifted. For a large layer that
        stays the same from one render to the next (a player's panel)."""
        x0, y0, x1, y1 = (round(v) for v in box)
        w, h, tone = x1 - x0, y1 - y0, self.tone
        if w <= 0 or h <= 0:
            return

        def make() -> tuple[Image.Image, tuple[TextRecord, ...]]:
            sub = ExactCanvas(w, h, over, [], palette=self.pal)
            sub.tone = tone
            draw(sub)
            return sub.image, tuple(sub.log or ())

        image, records = self.pal.remember(("group", key, w, h, tone, over), make)  # type: ignore[misc]
        self.image.paste(image, (x0, y0))
        if self.log is not None:
            for r in records:
                bx0, by0, bx1, by1 = r.box
                self.log.append(TextRecord(r.text, r.fg, r.bg, r.px, (bx0 + x0, by0 + y0, bx1 + x0, by1 + y0)))
