"""``apply_owned`` (the computer players' in-place playout step) gives the very states ``apply`` gives, in every
mode, stepping one private state along a whole match; and it never changes a shared card definition."""

import json
import random

import pytest

from bot.games.pixel_tactics import PixelTacticsEngine, sets
from bot.games.pixel_tactics.state import copy_state
from tests.games.test_pt_deck_playouts import options_for

ENGINE = PixelTacticsEngine()
MAX_STEPS = 3000
#: (seats, options) of the matches stepped both ways: every mode, Bases, Promos, Chase Leaders, built decks
MATCHES = [
    (2, {"trophies": 2}),
    (2, {"trophies": 2, "set": "core2", "promos": True, "chase": True}),
    (2, {"trophies": 1, "bases": ["grey_shrine", "teal_signaltower"]}),
    (2, {"mode": "siege"}),
    (2, {"mode": "epic"}),
    (2, {"mode": "duel_draft"}),
    (4, {"mode": "team"}),
    (6, {"mode": "king"}),
    (2, options_for(1)),
    (2, options_for(2)),
]


def _definitions() -> str:
    """Return every card, Chase Leader and Base definition as text (to see that none was changed)."""
    return json.dumps([sets.SETS, sets.CHASE, sets.BASES], sort_keys=True, default=str)


@pytest.mark.parametrize("index", range(len(MATCHES)))
def test_owned_steps_equal_copied_steps(index):
    seats, options = MATCHES[index]
    before = _definitions()
    for seed in (index, index + 50):
        rng = random.Random(f"pt-owned:{index}:{seed}")
        state = ENGINE.new_game(seats, options, seed)
        owned = copy_state(state)
        for _ in range(MAX_STEPS):
            if ENGINE.is_terminal(state):
                break
            seat = rng.choice(ENGINE.pending(state)).player
            legal = ENGINE.legal_actions(state, seat)
            assert ENGINE.legal_actions(owned, seat) == legal
            attacks = [a for a in legal if a["type"] in ("attack", "spell", "order", "leader_action")]
            action = rng.choice(attacks if attacks and rng.random() < 0.6 else legal)
            state = ENGINE.apply(state, seat, action)
            assert ENGINE.apply_owned(owned, seat, action) is owned
            assert owned == state
        assert ENGINE.is_terminal(state)
    assert _definitions() == before
