"""The computer players' fast grid totals (``scoring.grid_total``/``total_with``) equal ``score_grid``'s total on
random grids of every kind: empty and face-down spaces, validated cards, multicolour zones, colour spirals."""

from __future__ import annotations

import random

from bot.games.pixies.cards import ALL_IDS
from bot.games.pixies.scoring import grid_total, score_grid, tally, total_with


def _random_grid(rng: random.Random) -> list[dict]:
    """Nine spaces drawn from distinct cards, each empty, face down, face up, or both."""
    cards = list(ALL_IDS)
    rng.shuffle(cards)
    grid = []
    for _ in range(9):
        shape = rng.choice(("empty", "down", "up", "both", "up", "both"))
        up = cards.pop() if shape in ("up", "both") else None
        down = cards.pop() if shape in ("down", "both") else None
        grid.append({"up": up, "down": down})
    return grid


def test_grid_total_is_score_grids_total():
    rng = random.Random(14)
    for _ in range(4000):
        grid = _random_grid(rng)
        for round_no in (1, 2, 3):
            assert grid_total(grid, round_no) == score_grid(grid, round_no)["total"]


def test_total_with_is_the_total_of_the_changed_grid():
    rng = random.Random(15)
    for _ in range(4000):
        grid = _random_grid(rng)
        index, card, down = rng.randrange(9), rng.choice(ALL_IDS), rng.random() < 0.5
        changed = [dict(space) for space in grid]
        changed[index] = {"up": card, "down": 0 if down else None}
        round_no = rng.choice((1, 2, 3))
        assert total_with(tally(grid), grid, round_no, index, card, down) == score_grid(changed, round_no)["total"]
