"""``apply_owned`` (the computer players' in-place step) gives exactly ``apply``'s states.

One copy of the new game is then stepped in place to the end while ``apply`` steps the other; after every
action the two states are equal, so nothing in the engine relies on ``apply``'s copy (no list shared between
two places of a state that a copy would have parted). 60 seeded games per player count (600 with PARLOR_SOAK=1).
"""

import json
import os
import random

import pytest

from bot.games.base import clone
from bot.games.pixel_pusher import PixelPusherEngine

ENGINE = PixelPusherEngine()
GAMES = 600 if os.environ.get("PARLOR_SOAK") == "1" else 60


@pytest.mark.parametrize("players", [2, 3, 4])
def test_in_place_steps_match_copied_steps(players):
    for seed in range(GAMES):
        rng = random.Random(f"owned:{players}:{seed}")
        copied = ENGINE.new_game(players, {}, seed)
        owned = clone(copied)
        steps = 0
        while not ENGINE.is_terminal(copied):
            seat = min(d.player for d in ENGINE.pending(copied))
            legal = ENGINE.legal_actions(copied, seat)
            action = {"type": "confirm"} if {"type": "confirm"} in legal and rng.random() < 0.3 else rng.choice(legal)
            previous, before = copied, json.dumps(copied)
            copied = ENGINE.apply(copied, seat, action)
            assert json.dumps(previous) == before  # apply still leaves its argument alone
            owned = ENGINE.apply_owned(owned, seat, action)
            assert json.dumps(owned) == json.dumps(copied), (seed, steps)
            steps += 1
        assert steps > 20


def test_apply_owned_refuses_what_apply_refuses_and_changes_nothing():
    state = ENGINE.new_game(2, {}, 1)
    kept = json.dumps(state)
    with pytest.raises(Exception) as refused:
        ENGINE.apply_owned(state, 0, {"type": "no-such-action"})
    with pytest.raises(type(refused.value)):
        ENGINE.apply(state, 0, {"type": "no-such-action"})
    assert json.dumps(state) == kept
