"""The colours of the colour-blind and high-contrast themes (see docs/accessibility.md).

Colour-blind: each game colour set is replaced by colours that stay at least ΔE2000 20 apart under
deuteranopia, protanopia and tritanopia simulation (and normal vision), found by search from the
Okabe–Ito palette and kept close to each colour's name; ink text still reads on every fill (≥ 4.5:1).
High contrast: black page and panels, white outlines and text, and every other colour pushed to a light
or dark end so that the text on it reaches at least 7:1.
"""

from __future__ import annotations

from rendering import theme
from rendering.theme import RGB, relative_luminance

# ---------------------------------------------------------------- colour-blind: standard → themed
#: (the page and ink go black: every fill then keeps ink text at 4.5:1 or more with more colours to choose from)
COLOUR_BLIND: dict[RGB, RGB] = {
    theme.BG: (0, 0, 0), theme.INK: (0, 0, 0),
    # Pixies: blue, green, yellow, red, multicolour
    (91, 156, 242): (169, 138, 255), (122, 212, 160): (62, 150, 125), (245, 200, 66): (215, 245, 70),
    (236, 104, 88): (240, 40, 10), (200, 200, 200): (255, 216, 233),
    # Pixel Pusher pixels: R, G, B, C, M, Y, W
    (240, 100, 86): (236, 10, 7), (104, 204, 108): (59, 129, 107), (96, 152, 250): (144, 81, 241),
    (92, 220, 232): (53, 245, 255), (236, 122, 222): (255, 124, 174), (248, 208, 72): (229, 210, 0),
    (242, 243, 247): (243, 255, 209),
    # Pixel Pusher seats 1-4 (seat 2's sky blue is also Tixel's "deactivated" badge)
    (255, 164, 92): (253, 226, 51), (128, 206, 255): (200, 249, 255), (196, 170, 255): (198, 10, 224),
    (150, 228, 150): (102, 124, 90),
    # Pixel Tactics: attack and life pills, Order and Operation boxes, the three rows' powers (white text);
    # Traps and team 2, Intercept, team 1 (ink text; team 1's band shares its palette entry with Ranged)
    # (these eight are also the eight Base colours: red, blue, purple, grey, green, orange, teal and the accent's yellow)
    (184, 44, 56): (156, 19, 0), (36, 96, 178): (128, 84, 249), (124, 82, 196): (64, 14, 170),
    (92, 100, 116): (63, 49, 53), (190, 50, 50): (109, 7, 15), (30, 122, 68): (44, 130, 113),
    (40, 96, 190): (133, 76, 233), (232, 132, 44): (184, 120, 0), (126, 214, 198): (144, 231, 203),
    (150, 206, 250): (25, 176, 211), (146, 204, 246): (25, 176, 211),
}

# ---------------------------------------------------------------- high contrast
BLACK: RGB = (0, 0, 0)
WHITE: RGB = (255, 255, 255)
#: roles that take a fixed colour: page and panels black, hairlines and text white, ink black
HIGH_CONTRAST_FIXED: dict[RGB, RGB] = {
    theme.BG: BLACK, theme.SURFACE: (16, 16, 16), theme.RAISED: (44, 44, 44), theme.SLOT: BLACK,
    theme.LINE: WHITE, theme.TEXT: WHITE, theme.MUTED: (224, 224, 224), theme.INK: BLACK, theme.CREAM: WHITE,
    (134, 143, 168): (208, 208, 208),  # the faint space numbers of Pixies and Pixel Tactics
    (70, 74, 88): BLACK,  # Pixel Pusher's rule text on cream cards
    (184, 192, 214): WHITE,  # "empty" on a conveyor segment
    (93, 112, 150): (64, 64, 64), (84, 102, 138): (44, 44, 44), (58, 69, 96): (150, 150, 150),  # Tixel squares, grid
}
#: hairline colours drawn one pixel thicker on each side
HIGH_CONTRAST_STROKES: tuple[RGB, ...] = (theme.LINE,)
LIGHT_FLOOR, DARK_CEILING = 0.40, 0.055  # luminance: black text on light ≥ 9:1, white text on dark ≥ 9:1


def _towards(c: RGB, end: RGB, ok) -> RGB:
    """``c`` mixed towards ``end`` just enough for ``ok`` (binary search on the mix)."""
    lo, hi = 0.0, 1.0
    for _ in range(20):
        mid = (lo + hi) / 2
        if ok(theme.mix(c, end, mid)):
            hi = mid
        else:
            lo = mid
    return theme.mix(c, end, hi)


def high_contrast_colour(c: RGB) -> RGB:
    """A standard colour in the high-contrast theme: light colours lighter, dark colours darker."""
    if c in HIGH_CONTRAST_FIXED:
        return HIGH_CONTRAST_FIXED[c]
    lum = relative_luminance(c)
    if lum >= 0.18:
        return c if lum >= LIGHT_FLOOR else _towards(c, WHITE, lambda m: relative_luminance(m) >= LIGHT_FLOOR)
    return c if lum <= DARK_CEILING else _towards(c, BLACK, lambda m: relative_luminance(m) <= DARK_CEILING)
