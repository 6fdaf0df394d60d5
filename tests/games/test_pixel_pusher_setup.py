"""Pixel Pusher setup as the rulebook writes it, and the options check."""

import pytest

from bot.games.base import BadOptions
from bot.games.pixel_pusher import PixelPusherEngine
from bot.games.pixel_pusher.invariants import check_invariants

ENGINE = PixelPusherEngine()


@pytest.mark.parametrize("players, removed", [(2, 20), (3, 10), (4, 0)])
def test_setup(players, removed):
    s = ENGINE.new_game(players, {}, 5)
    check_invariants(s)
    assert len(s["images"]) == 6 and len(s["image_deck"]) == 14
    assert all(i["filled_by"] == [None] * 4 for i in s["images"])
    assert [len(seg) for seg in s["conveyor"]] == [6, 5, 4, 3, 2, 1]
    assert sum(s["bag"].values()) == 60 - 21 == 39
    assert s["supply"] == {"R": 0, "G": 0, "B": 0, "C": 10, "M": 10, "Y": 10, "W": 10}
    assert len(s["removed"]) == removed
    assert len(s["deck"]) == 60 - removed - 3 * players
    assert s["round"] == 1 and s["phase"] == "draft"
    for hand in s["hands"]:
        assert len(hand) == 4 and hand[-1] in ("build", "collect", "score", "reverse")
        assert all(c.startswith("m") for c in hand[:3])
    assert len({h[-1] for h in s["hands"]}) == players
    assert all(b["side"] == "A" and b["score"] == 0 and b["slots"] == [[]] * 6 for b in s["boards"])
    assert 0 <= s["token"] < players


def test_the_seed_decides_everything():
    assert ENGINE.new_game(3, {}, 9) == ENGINE.new_game(3, {}, 9)
    assert ENGINE.new_game(3, {}, 9) != ENGINE.new_game(3, {}, 10)


@pytest.mark.parametrize("players, options, seed", [
    (1, {}, 1), (5, {}, 1), ("2", {}, 1), (True, {}, 1), (2, {"fast": True}, 1), (2, [], 1), (2, {}, "1"),
])
def test_bad_options(players, options, seed):
    with pytest.raises(BadOptions):
        ENGINE.new_game(players, options, seed)


def test_none_options_are_fine():
    assert ENGINE.new_game(2, None, 1)["num_players"] == 2
