"""Scoring of one Pixies grid at the end of a round (face-up cards only)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .cards import CARDS, COLORS, MULTI

#: Orthogonal neighbours of each space index (row-major 3x3).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        r * 3 + c
        for r, c in ((i // 3 - 1, i % 3), (i // 3 + 1, i % 3), (i // 3, i % 3 - 1), (i // 3, i % 3 + 1))
        if 0 <= r < 3 and 0 <= c < 3
    )
    for i in range(9)
)


def multiplier(round_no: int) -> int:
    """Return the zone points per card in a round: 2, 3, 4 in rounds 1, 2, 3."""
    return round_no + 1


def largest_zone(up_colors: list[str | None]) -> tuple[str | None, int]:
    """Return ``(zone_color, zone_size)`` of the largest orthogonally connected same-colour zone.

    ``up_colors`` holds the colour of the face-up card of each space (``None`` if there is none).
    Multicolour cards count as every colour. Among zones of equal size a zone holding a coloured
    card beats one made of multicolour cards only (reported as ``"multi"``), then blue, green,
    yellow, red in that order.
    """
    return _largest_zone(tuple(up_colors))


@lru_cache(maxsize=1 << 16)
def _largest_zone(up_colors: tuple[str | None, ...]) -> tuple[str | None, int]:
    """``largest_zone`` of one colour layout (cached: the computer players score the same layouts again and again)."""
    best_key = (0, False, 0)
    best: tuple[str | None, int] = (None, 0)
    for rank, color in enumerate(COLORS):
        seen = [False] * 9
        for start in range(9):
            if seen[start] or up_colors[start] not in (color, MULTI):
                continue
            seen[start] = True
            stack = [start]
            size = 0
            real = False
            while stack:
                i = stack.pop()
                size += 1
                real = real or up_colors[i] == color
                for j in NEIGHBOURS[i]:
                    if not seen[j] and up_colors[j] in (color, MULTI):
                        seen[j] = True
                        stack.append(j)
            key = (size, real, -rank)
            if key > best_key:
                best_key = key
                best = (color if real else MULTI, size)
    return best


def score_grid(grid: list[dict[str, Any]], round_no: int) -> dict[str, Any]:
    """Return the score breakdown of a grid (9 spaces ``{"up": id|None, "down": id|None}``) in a round."""
    validated = spirals = crosses = color_spirals = 0
    up_colors: list[str | None] = [None] * 9
    ups = []
    for i, space in enumerate(grid):
        if space["up"] is None:
            continue
        card = CARDS[space["up"]]
        ups.append(card)
        up_colors[i] = card.color
        if space["down"] is not None:
            validated += card.value
        spirals += card.spirals
        crosses += card.crosses
    for card in ups:
        if card.color_spiral:
            color_spirals += sum(1 for c in up_colors if c == card.color or c == MULTI)
    zone_color, zone_size = largest_zone(up_colors)
    zone_points = zone_size * multiplier(round_no)
    return {
        "validated": validated,
        "spirals": spirals,
        "crosses": crosses,
        "color_spirals": color_spirals,
        "zone_color": zone_color,
        "zone_size": zone_size,
        "zone_points": zone_points,
        "total": validated + spirals - crosses + color_spirals + zone_points,
    }


def empty_score() -> dict[str, Any]:
    """Return the all-zero breakdown recorded for a resigned seat."""
    return {
        "validated": 0,
        "spirals": 0,
        "crosses": 0,
        "color_spirals": 0,
        "zone_color": None,
        "zone_size": 0,
        "zone_points": 0,
        "total": 0,
    }
