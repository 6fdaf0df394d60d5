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


# ------------------------------------------------------------ fast totals
# The computer players only need ``score_grid(...)["total"]``, thousands of times a decision: the same sum
# from bit masks of the face-up colours (bit i = space i) and tables built once. Integers only, so the
# result is exactly ``score_grid``'s total (tests/games/test_pixies_fast_total.py compares them).

#: colour index of each colour, multicolour last
_COLOR_INDEX = {color: i for i, color in enumerate((*COLORS, MULTI))}
_MULTI = _COLOR_INDEX[MULTI]
#: per card id: (colour index, spirals - crosses, value, 1 for a colour spiral else 0)
_CARD_POINTS = tuple((_COLOR_INDEX[c.color], c.spirals - c.crosses, c.value, int(c.color_spiral)) for c in CARDS)
assert not any(c.color_spiral for c in CARDS if c.color == MULTI), "a colour spiral has one colour"


def _largest_component(mask: int) -> int:
    """The size of the largest orthogonally connected set of the spaces in ``mask``."""
    best = 0
    seen = 0
    for start in range(9):
        if not mask >> start & 1 or seen >> start & 1:
            continue
        seen |= 1 << start
        stack, size = [start], 0
        while stack:
            size += 1
            for j in NEIGHBOURS[stack.pop()]:
                if mask >> j & 1 and not seen >> j & 1:
                    seen |= 1 << j
                    stack.append(j)
        best = max(best, size)
    return best


#: per 9-bit mask of spaces: its largest connected zone, and its number of spaces
_ZONE = tuple(_largest_component(mask) for mask in range(512))
_COUNT = tuple(bin(mask).count("1") for mask in range(512))


def tally(grid: list[dict[str, Any]]) -> tuple[int, list[int], list[int]]:
    """A grid's (validated + spirals - crosses, colour masks, colour-spiral cards per colour) for ``tally_total``."""
    points = 0
    masks = [0, 0, 0, 0, 0]
    spirals = [0, 0, 0, 0, 0]
    bit = 1
    for space in grid:
        up = space["up"]
        if up is not None:
            color, plain, value, spiral = _CARD_POINTS[up]
            masks[color] |= bit
            points += plain + value if space["down"] is not None else plain
            spirals[color] += spiral
        bit <<= 1
    return points, masks, spirals


def tally_total(points: int, masks: list[int], spirals: list[int], round_no: int) -> int:
    """``score_grid``'s total of the grid that ``tally`` summed up."""
    multi = masks[_MULTI]
    zone = 0
    for color in range(_MULTI):
        mask = masks[color] | multi
        if _ZONE[mask] > zone:
            zone = _ZONE[mask]
        if spirals[color]:
            points += spirals[color] * _COUNT[mask]
    return points + zone * multiplier(round_no)


def grid_total(grid: list[dict[str, Any]], round_no: int) -> int:
    """``score_grid(grid, round_no)["total"]``, computed faster."""
    return tally_total(*tally(grid), round_no)


def total_with(tallied: tuple[int, list[int], list[int]], grid: list[dict[str, Any]], round_no: int, index: int,
               card: int, down: bool) -> int:
    """``grid_total`` of ``grid`` (``tallied`` = its ``tally``) with space ``index`` holding ``card`` face up (and a
    face-down card if ``down``)."""
    points, masks, spirals = tallied
    masks, spirals = masks[:], spirals[:]
    bit = 1 << index
    old = grid[index]
    if old["up"] is not None:
        color, plain, value, spiral = _CARD_POINTS[old["up"]]
        masks[color] &= ~bit
        points -= plain + value if old["down"] is not None else plain
        spirals[color] -= spiral
    color, plain, value, spiral = _CARD_POINTS[card]
    masks[color] |= bit
    points += plain + value if down else plain
    spirals[color] += spiral
    return tally_total(points, masks, spirals, round_no)
