"""A :class:`rendering.tiles.TileCanvas` laid out in units: a page designed at one size, drawn smaller."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable

from PIL import Image

from rendering import theme
from rendering.theme import RGB, TextRecord
from rendering.theme_shapes import check_sprite, crown_sprite, star_sprite
from rendering.tiles import Palette, TileCanvas, fit, width_of


class ScaledCanvas(TileCanvas):
    """A :class:`TileCanvas` laid out in units of ``1 / scale`` px: every box, size and font size given
    to it is multiplied by ``scale`` (e.g. a page designed 1200 units wide drawn 800 px wide)."""

    def __init__(self, width: int, height: int, bg: RGB, log: list[TextRecord] | None = None, *,
                 palette: Palette, scale: float, origin: tuple[float, float] = (0, 0), exact: bool = False,
                 unit_fit: bool = False):
        size = (width, height) if exact else (round(width * scale), round(height * scale))
        super().__init__(*size, bg, log, palette=palette)
        self.scale = scale
        # the point of the page (in units) at this canvas's top-left corner: a part's insides round from its
        # own corner, so they come out the same wherever on the page it lands
        self.ox, self.oy = origin
        #: shorten texts by their width in units (for layouts measured at full size) rather than in pixels
        self.unit_fit = unit_fit

    def px(self, size: float) -> int:
        """A length in units as whole pixels."""
        return round(size * self.scale)

    def _box(self, box) -> tuple[int, int, int, int]:
        s, ox, oy = self.scale, self.ox, self.oy
        return round((box[0] - ox) * s), round((box[1] - oy) * s), round((box[2] - ox) * s), round((box[3] - oy) * s)

    def _at(self, x: float, y: float) -> tuple[int, int]:
        """The pixel of this canvas where the page point (x, y) in units falls."""
        return round((x - self.ox) * self.scale), round((y - self.oy) * self.scale)

    def min_px(self) -> int:
        """Smallest font size allowed, in units."""
        return math.ceil(super().min_px() / self.scale - 1e-9)

    def rect(self, box, fill: RGB, radius: int = 0, outline: RGB | None = None, width: int = 0) -> None:
        """A (rounded) rectangle; ``box``, ``radius`` and ``width`` in units."""
        super().rect(self._box(box), fill, self.px(radius), outline, max(1, self.px(width)) if width else 0)

    def text(self, x: float, y: float, text: str, px: int, fg: RGB, bg: RGB, *, bold: bool = False,
             anchor: str = "lm", max_width: float | None = None) -> float:
        """One line of text at (x, y) in units, ``px`` units high; returns its width in units."""
        s = self.scale
        if max_width is not None and self.unit_fit:
            text, max_width = fit(text, px, max_width, bold), None
        drawn = super().text((x - self.ox) * s, (y - self.oy) * s, text, self.px(px), fg, bg, bold=bold,
                             anchor=anchor, max_width=None if max_width is None else max_width * s + 1e-6)
        return width_of(text, px, bold) if self.unit_fit else drawn / s

    def sprite(self, img: Image.Image, x: float, y: float) -> None:
        """An RGBA sprite sized in units at (x, y) in units (resized once per scale)."""
        size = (self.px(img.width), self.px(img.height))
        small = self.pal.remember(("resized", id(img), size), lambda: img.resize(size, Image.Resampling.LANCZOS))
        self.pal.alive.setdefault(id(img), img)  # after: the cache may just have started over
        super().sprite(small, *self._at(x, y))  # type: ignore[arg-type]

    def star(self, x: float, y: float, size: int, colour: RGB = theme.ACCENT) -> None:
        """A five-pointed star; position and size in units."""
        TileCanvas.sprite(self, star_sprite(self.px(size), self.c(colour), self.c(theme.INK)), *self._at(x, y))

    def check_badge(self, x: float, y: float, size: int) -> None:
        """A check-mark badge; position and size in units."""
        TileCanvas.sprite(self, check_sprite(self.px(size), self.c(theme.GOOD), self.c(theme.CREAM)), *self._at(x, y))

    def crown(self, x: float, y: float, size: int, colour: RGB = theme.ACCENT) -> None:
        """A small crown; position and size in units."""
        TileCanvas.sprite(self, crown_sprite(self.px(size), self.c(colour), self.c(theme.INK)), *self._at(x, y))

    def patch(self, key: Hashable, box, draw: Callable[[theme.Canvas], None]) -> None:
        """:meth:`TileCanvas.patch` with ``box`` in units (``draw`` paints in pixels)."""
        super().patch(key, self._box(box), draw)

    def cached(self, key: Hashable, box, draw: Callable[[ScaledCanvas], None]) -> None:  # type: ignore[override]
        """:meth:`TileCanvas.cached` with ``box`` in units; ``draw`` draws in the page's units."""
        x0, y0, _, _ = self._box(box)
        # the part is drawn from its own corner (its size and insides rounded from there), so one drawing
        # serves wherever on the page it lands
        w, h = self.px(box[2] - box[0]), self.px(box[3] - box[1])
        self._paste_part(key, x0, y0, w, h, lambda bg: ScaledCanvas(
            w, h, bg, [], palette=self.pal, scale=self.scale, origin=(box[0], box[1]), exact=True), draw, self.scale)

    def png(self, height: int | None = None, level: int = 1, shrink: bool = True) -> bytes:
        """PNG bytes of the image, cropped to ``height`` units."""
        return super().png(None if height is None else self.px(height), level, shrink)
