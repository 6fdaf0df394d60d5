"""The legibility check every renderer's tests share: contrast, size, inside the image, true background."""

from __future__ import annotations

from collections import Counter

from PIL import Image

from rendering.theme import MIN_CONTRAST, contrast_ratio


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
