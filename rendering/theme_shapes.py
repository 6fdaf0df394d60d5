"""Antialiased shape sprites for the theme (drawn supersampled, then cached)."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

SS = 4  # supersampling factor
RGB = tuple[int, int, int]


def _down(img: Image.Image, w: int, h: int) -> Image.Image:
    return img.resize((w, h), Image.Resampling.BOX)


def _alpha_sprite(mask: Image.Image, colour: RGB) -> Image.Image:
    sprite = Image.new("RGBA", mask.size, colour + (0,))
    sprite.putalpha(mask)
    return sprite


@lru_cache(maxsize=256)
def rounded_mask(w: int, h: int, radius: int) -> Image.Image:
    """An antialiased ``L`` mask of a rounded rectangle filling ``w`` × ``h``."""
    big = Image.new("L", (w * SS, h * SS), 0)
    ImageDraw.Draw(big).rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), radius=radius * SS, fill=255)
    return _down(big, w, h)


def _round_line(draw: ImageDraw.ImageDraw, points: list[tuple[float, float]], width: float, fill) -> None:
    draw.line(points, fill=fill, width=round(width), joint="curve")
    for x, y in (points[0], points[-1]):
        draw.ellipse((x - width / 2, y - width / 2, x + width / 2, y + width / 2), fill=fill)


@lru_cache(maxsize=128)
def spiral_sprite(size: int, colour: RGB) -> Image.Image:
    """An Archimedean spiral of ``colour`` on transparency, ``size`` px square."""
    s = size * SS
    big = Image.new("L", (s, s), 0)
    stroke = max(2.2 * SS, s * 0.12)
    turns, r_max, cx, cy = 2.35, s / 2 - stroke / 2 - SS, s / 2, s / 2
    pts = []
    for i in range(121):
        t = i / 120
        ang = t * turns * 2 * math.pi
        pts.append((cx + r_max * t * math.cos(ang), cy + r_max * t * math.sin(ang)))
    _round_line(ImageDraw.Draw(big), pts, stroke, 255)
    return _alpha_sprite(_down(big, size, size), colour)


@lru_cache(maxsize=128)
def cross_sprite(size: int, colour: RGB) -> Image.Image:
    """A bold X of ``colour`` on transparency."""
    s = size * SS
    big = Image.new("L", (s, s), 0)
    draw = ImageDraw.Draw(big)
    stroke, a, b = max(2.4 * SS, s * 0.17), s * 0.2, s * 0.8
    _round_line(draw, [(a, a), (b, b)], stroke, 255)
    _round_line(draw, [(a, b), (b, a)], stroke, 255)
    return _alpha_sprite(_down(big, size, size), colour)


@lru_cache(maxsize=32)
def check_sprite(size: int, fill: RGB, mark: RGB) -> Image.Image:
    """A filled disc with a check mark and a thin light ring."""
    s = size * SS
    big = Image.new("RGBA", (s, s), fill + (0,))
    draw = ImageDraw.Draw(big)
    draw.ellipse((0, 0, s - 1, s - 1), fill=mark + (255,))
    ring = max(SS, s // 14)
    draw.ellipse((ring, ring, s - 1 - ring, s - 1 - ring), fill=fill + (255,))
    pts = [(s * 0.28, s * 0.53), (s * 0.44, s * 0.68), (s * 0.73, s * 0.36)]
    _round_line(draw, pts, s * 0.12, mark + (255,))
    return _down(big, size, size)


@lru_cache(maxsize=32)
def star_sprite(size: int, fill: RGB, edge: RGB) -> Image.Image:
    """A five-pointed star with a dark edge."""
    s = size * SS
    big = Image.new("RGBA", (s, s), fill + (0,))
    pts = []
    for i in range(10):
        r = s * (0.49 if i % 2 == 0 else 0.21)
        ang = -math.pi / 2 + i * math.pi / 5
        pts.append((s / 2 + r * math.cos(ang), s * 0.53 + r * math.sin(ang)))
    ImageDraw.Draw(big).polygon(pts, fill=fill + (255,), outline=edge + (255,), width=max(SS, s // 14))
    return _down(big, size, size)


@lru_cache(maxsize=32)
def crown_sprite(size: int, fill: RGB, edge: RGB) -> Image.Image:
    """A three-pointed crown with a dark edge."""
    s = size * SS
    big = Image.new("RGBA", (s, s), fill + (0,))
    draw = ImageDraw.Draw(big)
    u = s / 10
    pts = [(u, 8 * u), (u * 0.6, 2.6 * u), (3.3 * u, 5 * u), (5 * u, 1.6 * u), (6.7 * u, 5 * u),
           (9.4 * u, 2.6 * u), (9 * u, 8 * u)]
    draw.polygon(pts, fill=fill + (255,), outline=edge + (255,), width=round(0.6 * u))
    draw.rectangle((u, 8 * u, 9 * u, 9.2 * u), fill=fill + (255,), outline=edge + (255,), width=round(0.6 * u))
    return _down(big, size, size)


@lru_cache(maxsize=64)
def card_back_sprite(w: int, h: int, radius: int, colours: tuple[RGB, RGB, RGB, RGB]) -> Image.Image:
    """An RGB card back (base, lattice, inner edge, outer border) to paste through a rounded mask."""
    base, pattern, edge, border = colours
    sw, sh = w * SS, h * SS
    big = Image.new("RGB", (sw, sh), base)
    draw = ImageDraw.Draw(big)
    step, lw = max(10, min(w, h) // 5) * SS, max(1, round(SS * 1.4))
    for k in range(-sh, sw + sh, step):  # diagonal lattice
        draw.line((k, 0, k + sh, sh), fill=pattern, width=lw)
        draw.line((k, sh, k + sh, 0), fill=pattern, width=lw)
    cx, cy, r = sw / 2, sh / 2, min(sw, sh) * 0.16  # central diamond
    draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=edge)
    inset = max(4, min(w, h) // 14) * SS
    draw.rounded_rectangle((inset, inset, sw - inset, sh - inset), radius=max(0, radius - 3) * SS,
                           outline=edge, width=round(SS * 1.6))
    draw.rounded_rectangle((0, 0, sw - 1, sh - 1), radius=radius * SS, outline=border, width=2 * SS)
    return _down(big, w, h)


@lru_cache(maxsize=32)
def stripes_sprite(w: int, h: int, colours: tuple[RGB, ...], band: int) -> Image.Image:
    """Diagonal stripes cycling through ``colours`` (an RGB image), e.g. for multicolour cards."""
    sw, sh, b = w * SS, h * SS, band * SS
    big = Image.new("RGB", (sw, sh), colours[0])
    draw = ImageDraw.Draw(big)
    for i, k in enumerate(range(-sh, sw + b, b)):
        draw.polygon([(k, sh), (k + b, sh), (k + b + sh, 0), (k + sh, 0)], fill=colours[i % len(colours)])
    return _down(big, w, h)
