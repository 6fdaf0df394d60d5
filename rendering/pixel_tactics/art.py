"""Pixel Tactics card art: a small symmetric pixel portrait made deterministically from a card's key.

Each portrait is an 8×10 sprite (a 6×8 figure inside a one-pixel ink outline), mirrored left to right,
head in the card's body colour and garb in its accent colour, lit from above, with two eyes. Colours are
all solids of the game's palette (:mod:`rendering.pixel_tactics.style`), so a portrait pastes exactly,
scaled up crisply (each pixel a square of ``scale`` px); one sprite per key, colours and scale is kept.
"""

from __future__ import annotations

import hashlib
import random
from functools import lru_cache
from typing import Any

from PIL import Image

from rendering.pixel_tactics.style import ART_FAMILIES, ART_INK, ART_SET_ACCENT, EYE, RGB

COLS, ROWS = 8, 10  # the sprite's size in art pixels
HALF = COLS // 2


def families_of(card: Any) -> tuple[str, str]:
    """(body family, accent family) of a card's portrait: a Base's colour, else picked by its key and set."""
    card = card if isinstance(card, dict) else {}
    key = str(card.get("key") or card.get("name") or "")
    colour = str(card.get("colour") or "")
    names = sorted(ART_FAMILIES)
    digest = hashlib.sha256(("family:" + key).encode()).digest()
    body = colour if colour in ART_FAMILIES else names[digest[0] % len(names)]
    accent = ART_SET_ACCENT.get(str(card.get("set") or ""))
    if accent is None or accent == body:
        others = [n for n in names if n != body]
        accent = others[digest[1] % len(others)]
    return body, accent


def grid(key: str) -> list[list[int]]:
    """The portrait's cells (rows of columns): 0 empty, 1 outline, 2 body, 3 shadow, 4 light, 5 garb, 6 eye."""
    rng = random.Random(hashlib.sha256(("art:" + key).encode()).digest())
    cells = [[0] * COLS for _ in range(ROWS)]
    head_rows = rng.choice((3, 4))  # rows 1..head_rows are the head, the rest the body
    for r in range(1, ROWS - 1):
        for c in range(1, HALF):
            centre = c == HALF - 1
            p = 0.9 if centre else 0.62 if c == HALF - 2 else 0.42
            if r == head_rows + 1 and not centre:  # a neck, often
                p -= 0.3
            if centre and 2 <= r <= ROWS - 3:  # a spine keeps the figure in one piece
                p = 1.0
            if rng.random() < p:
                cells[r][c] = 5 if r > head_rows else 2
    eye_r = rng.randint(2, head_rows)
    eye_c = HALF - 2  # two eyes, a column of face between them
    for r in range(1, head_rows + 1):  # the head: filled around the eyes
        for c in range(eye_c - (rng.random() < 0.5), HALF):
            if abs(r - eye_r) <= 1:
                cells[r][c] = cells[r][c] or 2
    if rng.random() < 0.5:  # horns, ears or a crest
        cells[1][rng.choice((1, HALF - 2))] = 2
    if rng.random() < 0.6:  # two legs
        cells[ROWS - 2][HALF - 1] = 0
        cells[ROWS - 2][HALF - 2] = 5
    cells[eye_r][eye_c] = 6
    for r in range(1, ROWS - 1):  # light on top edges, shadow on bottom edges
        for c in range(1, HALF):
            if cells[r][c] in (2, 5):
                if cells[r - 1][c] == 0 and rng.random() < 0.8:
                    cells[r][c] = 4
                elif cells[r + 1][c] == 0 and rng.random() < 0.7:
                    cells[r][c] = 3
    for r in range(ROWS):  # mirror
        for c in range(HALF):
            cells[r][COLS - 1 - c] = cells[r][c]
    for r in range(ROWS):  # the ink outline around every filled cell
        for c in range(COLS):
            if cells[r][c] == 0 and any(0 <= r + dr < ROWS and 0 <= c + dc < COLS and cells[r + dr][c + dc] > 1
                                        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                cells[r][c] = 1
    return cells


@lru_cache(maxsize=2048)
def portrait(key: str, body: str, accent: str, scale: int) -> Image.Image:
    """The portrait of ``key`` in the colour families ``body`` and ``accent`` (RGBA, ``scale`` px a pixel)."""
    shadow, mid, light = ART_FAMILIES[body]
    g_shadow, g_mid, g_light = ART_FAMILIES[accent]
    cells = grid(key)
    colours: dict[tuple[int, bool], RGB] = {}
    for garb in (False, True):
        colours[(1, garb)] = ART_INK
        colours[(2, garb)] = g_mid if garb else mid
        colours[(3, garb)] = g_shadow if garb else shadow
        colours[(4, garb)] = g_light if garb else light
        colours[(5, garb)] = g_mid
        colours[(6, garb)] = EYE
    head_end = max((r for r in range(ROWS) for c in range(COLS) if cells[r][c] == 6), default=3) + 1
    small = Image.new("RGBA", (COLS, ROWS), (0, 0, 0, 0))
    for r in range(ROWS):
        for c in range(COLS):
            v = cells[r][c]
            if v:
                garb = v == 5 or (r > head_end and v in (3, 4))
                small.putpixel((c, r), colours[(v, garb)] + (255,))
    return small.resize((COLS * scale, ROWS * scale), Image.Resampling.NEAREST)


def card_portrait(card: Any, scale: int) -> Image.Image:
    """The portrait of a card (by its key, or its name when it has no key)."""
    body, accent = families_of(card)
    card = card if isinstance(card, dict) else {}
    return portrait(str(card.get("key") or card.get("name") or ""), body, accent, scale)
