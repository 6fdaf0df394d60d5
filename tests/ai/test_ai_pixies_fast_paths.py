"""The Pixies adapter's fast paths change nothing: a sample from the cached public part of a view equals one
from a fresh adapter (and a view changed in place is read again), and ``advance_owned`` on a private copy
reaches the same states as ``advance``."""

from __future__ import annotations

import json
import random

from bot.ai.pixies import ADAPTER, PixiesAdapter
from bot.games.pixies.rules import copy_state
from bot.registry import engine
from tests.ai.ai_helpers import positions

ENG = engine("pixies")


def _same(one: dict, two: dict) -> bool:
    """Equal states, down to the order of their keys."""
    return json.dumps(one) == json.dumps(two)


def test_repeated_samples_of_a_view_equal_fresh_ones():
    checked = 0
    for players in (2, 3, 4):
        for state in positions("pixies", players, 3):
            view = ENG.view(state, 0)
            for k in range(3):
                cached = ADAPTER.determinize(view, 0, random.Random(k))
                fresh = PixiesAdapter().determinize(view, 0, random.Random(k))
                assert _same(cached, fresh)
                checked += 1
    assert checked > 600


def test_a_view_changed_in_place_is_read_again():
    state = next(s for s in positions("pixies", 3, 1) if s["round"] == 2)
    view = ENG.view(state, 0)
    ADAPTER.determinize(view, 0, random.Random(1))
    view["players"][1]["total"] += 5
    assert ADAPTER.determinize(view, 0, random.Random(1))["totals"][1] == state["totals"][1] + 5


def test_advance_owned_reaches_the_states_of_advance():
    rng = random.Random(7)
    for players in (2, 3, 4):
        for _ in range(4):
            state = ENG.new_game(players, {}, rng.randrange(1000))
            owned = copy_state(state)
            while not ENG.is_terminal(state):
                seat = ENG.pending(state)[0].player
                action = rng.choice(ENG.legal_actions(state, seat))
                before = json.dumps(state)
                state = ADAPTER.advance(state, seat, action)
                owned = ADAPTER.advance_owned(owned, seat, action)
                assert _same(state, owned)
                assert json.dumps(ADAPTER.advance(json.loads(before), seat, action)) == json.dumps(state)
