"""Computer players never loop for ever: Pixel Pusher's Convert step, where storing and taking back out could
alternate without end, always reaches its confirm."""

from __future__ import annotations

import pytest

from bot.ai import player
from bot.ai.base import adapter
from bot.registry import engine


def test_a_computer_never_takes_a_pixel_back_out_of_storage():
    legal = [{"type": "store", "color": "R"}, {"type": "unstore", "color": "G"}, {"type": "confirm"}]
    assert adapter("pixel-pusher").choices({}, 0, legal) == [legal[0], legal[2]]
    assert adapter("pixel-pusher").choices({}, 0, legal[1:2]) == legal[1:2]  # never left with nothing


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (2, 3), (3, 2)])
def test_the_easy_player_ends_every_convert_step(players, seed):
    """These seeds moved one pixel in and out of storage for ever before ``choices`` (found by the demo)."""
    eng = engine("pixel-pusher")
    state = eng.new_game(players, {}, seed)
    moves, run, longest = 0, 0, 0
    last = None
    while not eng.is_terminal(state) and moves < 3000:
        seat = min(d.player for d in eng.pending(state))
        legal = eng.legal_actions(state, seat)
        action = player.decide("pixel-pusher", eng.view(state, seat), seat, legal, "easy", moves)
        assert action["type"] != "unstore"
        run = run + 1 if seat == last else 1
        longest, last = max(longest, run), seat
        state = eng.apply(state, seat, action)
        moves += 1
    assert eng.is_terminal(state) and longest < 60
