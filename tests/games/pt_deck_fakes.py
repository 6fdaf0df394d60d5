"""Stand-in cards for the deck tests: a Common, a Chase Leader, a Base, and minipaks/Core Set 2 filled with
renamed copies of core cards while their own sets are still short (the rules under test do not depend on
the texts). Used through the ``fake_cards`` fixture, which undoes everything after each test."""

from __future__ import annotations

import copy

import pytest

from bot.games.pixel_tactics import pools, sets

COMMON, CHASE, BASE = "test_squire", "test_chaser", "test_red_post"
SIZES = {"core2": 25, "mini1": 8, "mini2": 8}


def _renamed(card: dict, key: str, set_name: str) -> dict:
    made = copy.deepcopy(card)
    made.update(key=key, name=key.replace("_", " ").title(), set=set_name)
    return made


@pytest.fixture
def fake_cards(monkeypatch):
    """Register the stand-in cards (only where a set is still short of its size)."""
    core = sets.SETS["core"]
    for set_name, size in SIZES.items():
        have = list(sets.SETS[set_name])
        extra = [_renamed(core[i % len(core)], f"test_{set_name}_{i}", set_name) for i in range(len(have), size)]
        monkeypatch.setitem(sets.SETS, set_name, have + extra)
        for card in extra:
            monkeypatch.setitem(sets._BY_KEY, card["key"], card)
    common = {k: v for k, v in _renamed(core[0], COMMON, "commons").items() if k != "leader"}
    monkeypatch.setitem(sets.SETS, "commons", [*sets.SETS["commons"], common])
    monkeypatch.setitem(sets._BY_KEY, COMMON, common)
    monkeypatch.setitem(pools._CHASE, CHASE, {"key": CHASE, "name": "Test Chaser", "set": "chase",
                                              "leader": copy.deepcopy(core[0]["leader"])})
    monkeypatch.setitem(pools._BASES, BASE, {"key": BASE, "name": "Test Red Post", "set": "bases"})
    return {"common": COMMON, "chase": CHASE, "base": BASE}
