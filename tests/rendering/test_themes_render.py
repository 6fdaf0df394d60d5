"""Every game's images in every theme (issue 16), decoded: the colour-blind and high-contrast images really
change colour, keep their size, and every text reads against what really lies behind it in the themed image
(≥ 4.5:1 colour-blind, ≥ 7:1 high contrast, WCAG); the standard theme leaves the bytes untouched."""

from __future__ import annotations

import io
from collections import Counter
from functools import cache

import pytest
from PIL import Image

from rendering import themes
from rendering.theme import contrast_ratio
from tests.rendering.test_phone_legibility import KINDS, _cases

MIN_RATIO = {themes.COLOUR_BLIND_NAME: 4.5, themes.HIGH_CONTRAST: 7.0}
BLACK, WHITE = (0, 0, 0), (255, 255, 255)


@cache
def _drawn(kind: str) -> list[tuple[bytes, list]]:
    """The first and the last image of a kind with their text logs (drawn in the standard theme)."""
    out = []
    for render, args, _, _ in {id(c): c for c in (_cases()[kind][0], _cases()[kind][-1])}.values():
        log: list = []
        out.append((render(*args, log=log), log))
    return out


def _rgb(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _behind(image: Image.Image, box) -> tuple[int, int, int]:
    """The colour dominating a frame 2 px around a text's ink (what really lies behind it)."""
    x0, y0, x1, y1 = box
    frame = [(x, y) for x in range(max(0, x0 - 2), min(image.width, x1 + 2)) for y in (y0 - 2, y1 + 1)
             if 0 <= y < image.height]
    frame += [(x, y) for y in range(max(0, y0 - 2), min(image.height, y1 + 2)) for x in (x0 - 2, x1 + 1)
              if 0 <= x < image.width]
    return Counter(image.getpixel(p) for p in frame).most_common(1)[0][0]


@pytest.mark.parametrize("kind", KINDS)
def test_standard_theme_leaves_the_image_alone(kind: str) -> None:
    for png, _ in _drawn(kind):
        assert themes.recolour(png, themes.STANDARD) == png


@pytest.mark.parametrize("name", list(MIN_RATIO))
@pytest.mark.parametrize("kind", KINDS)
def test_themed_images_change_colour_and_stay_legible(kind: str, name: str) -> None:
    theme = themes.get(name)
    for png, log in _drawn(kind):
        standard, themed = _rgb(png), _rgb(themes.recolour(png, name, [r.box for r in log]))
        assert themed.size == standard.size
        before = {c for _, c in standard.getcolors(1 << 16)}
        after = {c for _, c in themed.getcolors(1 << 16)}
        assert before != after, (kind, name)
        if name == themes.HIGH_CONTRAST:
            # black page (a board guide's corner is the game's board resampled: its near-page shades map to
            # near-black shades, one step apart so they stay distinct colours)
            assert max(themed.getpixel((0, 0))) <= 2 and WHITE in after, kind
        for rec in log:
            fg, bg = theme.colour(rec.fg), theme.colour(rec.bg)
            assert contrast_ratio(fg, bg) >= MIN_RATIO[name], (kind, name, rec, fg, bg)
            behind = _behind(themed, rec.box)
            assert contrast_ratio(fg, behind) >= MIN_RATIO[name], (kind, name, rec, fg, behind)


def test_colour_blind_game_colours_replace_the_standard_ones() -> None:
    png, _ = _drawn("pixel pusher board")[0]
    standard, themed = _rgb(png), _rgb(themes.recolour(png, themes.COLOUR_BLIND_NAME))
    theme = themes.get(themes.COLOUR_BLIND_NAME)
    before = {c for _, c in standard.getcolors(1 << 16)}
    after = {c for _, c in themed.getcolors(1 << 16)}
    for red in ((240, 100, 86), (104, 204, 108), (96, 152, 250)):  # R, G and B pixels
        assert red in before and red not in after and theme.colour(red) in after


def test_high_contrast_thickens_hairlines() -> None:
    png, log = _drawn("pixies table")[0]
    standard, themed = _rgb(png), _rgb(themes.recolour(png, themes.HIGH_CONTRAST, [r.box for r in log]))
    line = (66, 75, 100)  # the standard hairline colour, white in high contrast
    lines = sum(n for n, c in standard.getcolors(1 << 16) if c == line)
    white = sum(n for n, c in themed.getcolors(1 << 16) if c == WHITE)
    assert white > 2 * lines
