"""Computer players never loop for ever: Pixel Pusher's Convert step, where storing and taking back out could
alternate without end, always reaches its confirm (a computer swaps a stored pixel only for one it wants
more)."""

from __future__ import annotations

import pytest

from bot.ai import player
from bot.ai.base import adapter
from bot.registry import engine


def _convert_view(held, stored, needs):
    """A Convert & Store view: one face-up image whose one unfilled scanline needs ``needs``."""
    line = {"row": 1, "needs": needs, "vp": 3, "filled_by": None}
    return {"content": 2, "images": [{"scanlines": [line]}],
            "private": {"working": {"held": held, "stored": stored}}}


def test_a_computer_stores_only_its_most_wanted_held_pixel():
    view = _convert_view(["R", "W"], [], {"R": 2})
    legal = [{"type": "store", "color": "R"}, {"type": "store", "color": "W"}, {"type": "confirm"}]
    assert adapter("pixel-pusher").choices(view, 0, legal) == [legal[0], legal[2]]


def test_a_computer_takes_a_pixel_out_only_of_full_storage_for_one_it_wants_more():
    """Storage full of G, an R held that an image wants: swapping is open; with room, or nothing better
    held, it is not (so it never moves one pixel in and out for ever)."""
    legal = [{"type": "unstore", "color": "G"}, {"type": "confirm"}]
    assert adapter("pixel-pusher").choices(_convert_view(["R"], ["G"] * 4, {"R": 1}), 0, legal) == legal
    assert adapter("pixel-pusher").choices(_convert_view(["B"], ["G"] * 4, {"R": 1}), 0, legal) == legal[1:]
    with_room = legal + [{"type": "store", "color": "R"}]
    kept = adapter("pixel-pusher").choices(_convert_view(["R"], ["G"] * 3, {"R": 1}), 0, with_room)
    assert kept == with_room[1:]
    assert adapter("pixel-pusher").choices({}, 0, legal[:1]) == legal[:1]  # never left with nothing


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
        run = run + 1 if seat == last else 1
        longest, last = max(longest, run), seat
        state = eng.apply(state, seat, action)
        moves += 1
    assert eng.is_terminal(state) and longest < 60
