"""How a theme maps a palette (rendering/theme_remap.py, rendering/themes.py): anchors exactly, a shade between
two anchors as the same shade between their themed colours, anything else moved with its nearest anchors."""

from __future__ import annotations

import io

from PIL import Image

from rendering import theme_remap, themes
from rendering.theme import mix

RED, BLUE, GREY = (200, 40, 40), (40, 40, 200), (128, 128, 128)
ANCHORS = {RED: (255, 0, 0), BLUE: (0, 0, 255), GREY: GREY}


def test_anchors_and_their_shades_follow_the_theme() -> None:
    shade = mix(RED, BLUE, 0.25)
    out = theme_remap.remap([RED, BLUE, shade], ANCHORS)
    assert out[:2] == [(255, 0, 0), (0, 0, 255)]
    assert out[2] == mix((255, 0, 0), (0, 0, 255), 0.25)


def test_an_unknown_colour_moves_with_its_nearest_anchors() -> None:
    near_grey = (131, 126, 128)  # on no blend: it stays where the unmoved grey keeps it
    assert theme_remap.remap([near_grey], ANCHORS) == [near_grey]
    near_red = (205, 60, 30)
    moved = theme_remap.remap([near_red], ANCHORS)[0]
    assert moved[0] > near_red[0] and moved[1] < near_red[1]  # redder, as red is


def test_standard_theme_is_the_same_bytes_and_unknown_names_are_standard() -> None:
    buf = io.BytesIO()
    Image.new("P", (4, 4)).save(buf, "PNG")
    assert themes.recolour(buf.getvalue(), "standard") == buf.getvalue()
    assert themes.get("sepia").name == themes.STANDARD and themes.get(None).name == themes.STANDARD


def test_an_rgb_image_is_recoloured_too() -> None:
    theme = themes.get(themes.HIGH_CONTRAST)
    image = Image.new("RGB", (8, 8), (23, 27, 38))  # the standard page
    buf = io.BytesIO()
    image.save(buf, "PNG")
    out = Image.open(io.BytesIO(themes.recolour(buf.getvalue(), themes.HIGH_CONTRAST))).convert("RGB")
    assert out.getpixel((3, 3)) == theme.colour((23, 27, 38)) == (0, 0, 0)
