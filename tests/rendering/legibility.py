"""The legibility check every renderer's tests share: contrast, size, inside the image, true background; and
the sanity of a rendered PNG."""

from __future__ import annotations

import io
from collections import Counter

import numpy as np
from PIL import Image

from rendering.theme import MIN_CONTRAST, contrast_ratio


def opened(data: bytes) -> Image.Image:
    """Return the image of PNG ``data``, loaded."""
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def assert_sane_png(data: bytes, img: Image.Image, widths: tuple[int, int], heights: tuple[int, int],
                    under_bytes: int) -> None:
    """Assert ``data`` (opened as ``img``) is an RGB or palette PNG ``widths`` wide and ``heights`` high (both
    bounds inclusive), smaller than ``under_bytes``, and not blank (more than 50 colours)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert img.format == "PNG" and img.mode in ("RGB", "P")
    assert widths[0] <= img.width <= widths[1] and heights[0] <= img.height <= heights[1]
    assert len(data) < under_bytes
    colours = img.convert("RGB").getcolors(1 << 20)
    assert colours is not None and len(colours) > 50  # not blank


def assert_legible(img: Image.Image, log: list, min_texts: int) -> None:
    """Assert every logged text draw of ``img`` is readable: contrast ≥ 4.5:1 against its declared
    background and against what really lies behind it (the colour dominating a frame 2 px around the
    ink), ≥ 12 px at 400 px wide, and inside the image; and that at least ``min_texts`` were drawn."""
    rgb = img.convert("RGB")
    assert len(log) >= min_texts
    for rec in log:
        assert contrast_ratio(rec.fg, rec.bg) >= MIN_CONTRAST, rec
        assert rec.px * 400 / img.width >= 12, rec
        x0, y0, x1, y1 = rec.box
        assert 2 <= x0 < x1 <= img.width - 2 and 2 <= y0 < y1 <= img.height - 2, rec
        frame = [(x, y) for x in range(x0 - 2, x1 + 2) for y in (y0 - 2, y1 + 1)]
        frame += [(x, y) for y in range(y0 - 2, y1 + 2) for x in (x0 - 2, x1 + 1)]
        top = Counter(rgb.getpixel(p) for p in frame).most_common(1)[0][0]
        assert max(abs(a - b) for a, b in zip(top, rec.bg, strict=True)) <= 12, (rec, top)  # palette PNG
        assert contrast_ratio(rec.fg, top) >= MIN_CONTRAST, (rec, top)


def overlapping(log: list) -> list[tuple]:
    """The pairs of logged texts whose boxes intersect (one drawn over the other)."""
    boxes = [r for r in log if r.text.strip()]
    return [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:] if boxes_meet(a.box, b.box)]


def boxes_meet(a: tuple, b: tuple) -> bool:
    """Whether two (x0, y0, x1, y1) boxes intersect (touching edges do not)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inked(rgb: np.ndarray, rec) -> int:
    """The fewest pixels of ``rec``'s ink (nearer its colour than its background's) left in the final image ``rgb``
    (``pixels(img)``) in any slice of its box about a letter wide: 0 when something drawn afterwards covers even
    part of the text."""
    x0, y0, x1, y1 = rec.box
    box = rgb[y0:y1, x0:x1]
    ink = 4 * ((box - rec.fg) ** 2).sum(axis=2) < ((box - rec.bg) ** 2).sum(axis=2)
    n = max(1, (x1 - x0) // max(1, y1 - y0))  # slices of equal width, each at least as wide as the box is tall
    cuts = [(x1 - x0) * k // n for k in range(n + 1)]
    return int(min(ink[:, a:b].sum() for a, b in zip(cuts, cuts[1:], strict=False)))


def pixels(img: Image.Image) -> np.ndarray:
    """``img``'s RGB pixels as an array of ints, for :func:`inked`."""
    return np.asarray(img.convert("RGB"), dtype=np.int64)
