"""Stand-in Promo cards for the engine tests while the Promo set is still short: renamed copies of core cards
(set "promo"), registered through the ``fake_promos`` fixture, which undoes everything after each test. Also
random valid built decks drawn from every playable set present."""

from __future__ import annotations

import copy
import random

import pytest

from bot.games.pixel_tactics import sets

PROMOS = 6


def add_fake_promos(monkeypatch, count: int = PROMOS) -> list[str]:
    """Register stand-in Promo cards until the Promo set holds ``count``; return the Promo keys."""
    have = list(sets.SETS["promo"])
    core = sets.SETS["core"]
    extra = []
    for i in range(len(have), count):
        made = copy.deepcopy(core[(i * 7) % len(core)])
        made.update(key=f"test_promo_{i}", name=f"Test Promo {i}", set="promo")
        extra.append(made)
        monkeypatch.setitem(sets._BY_KEY, made["key"], made)
    monkeypatch.setitem(sets.SETS, "promo", have + extra)
    return [c["key"] for c in have + extra]


@pytest.fixture
def fake_promos(monkeypatch):
    """The Promo set with at least six cards (stand-ins where it is short)."""
    return add_fake_promos(monkeypatch)


def playable_keys() -> tuple[list[str], list[str]]:
    """Return ``(dual keys, common keys)`` of every playable non-Promo set present."""
    duals = [c["key"] for name, cards in sets.SETS.items() if name not in ("promo", "commons") for c in cards]
    commons = [c["key"] for c in sets.SETS["commons"]]
    return duals, commons


def random_deck(rng: random.Random, fmt: str) -> dict:
    """Return a random valid deck of ``fmt``: 4 dual Leaders; Heroes from duals and Commons (Epic: copies)."""
    duals, commons = playable_keys()
    leaders = rng.sample(duals, 4) if fmt == "standard" or rng.random() < 0.5 else rng.choices(duals[:6], k=4)
    if fmt == "standard":
        rest = [k for k in duals + commons if k not in leaders]
        return {"format": fmt, "leaders": leaders, "heroes": rng.sample(rest, rng.randint(25, 30))}
    counts = {k: leaders.count(k) for k in leaders}
    heroes = []
    target = rng.randint(60, 80)
    pool = duals + commons
    while len(heroes) < target:
        key = rng.choice(pool)
        if counts.get(key, 0) < 3:
            counts[key] = counts.get(key, 0) + 1
            heroes.append(key)
    return {"format": fmt, "leaders": leaders, "heroes": heroes}
