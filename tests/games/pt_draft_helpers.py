"""Shared helpers of the Pixel Tactics Draft tests: cubes made of the cards the sets hold, and playouts."""

from __future__ import annotations

import json
import random

from bot.games.pixel_tactics import pools
from bot.games.pt_draft import PtDraftEngine

ENGINE = PtDraftEngine()
POOL = pools.default_pool()
DUALS = [k for k in POOL if pools.kind_of(k) == "dual"]
COMMONS = [k for k in POOL if pools.kind_of(k) == "common"]


def cube_of(size: int) -> list[str]:
    """Return a Cube of ``size`` cards: every playable card once, then second and third copies as needed."""
    cards = [k for copy in range(3) for k in POOL][:size]
    assert len(cards) == size, f"the sets hold too few cards for a Cube of {size}"
    return cards


def play(state: dict, rng: random.Random | None = None, *, check=None) -> tuple[dict, int]:
    """Play a draft to its end: random legal actions with ``rng``, else every seat's default action; the state
    round-trips through JSON after each step. Return (final state, actions)."""
    steps = 0
    while not ENGINE.is_terminal(state):
        decision = rng.choice(ENGINE.pending(state)) if rng else ENGINE.pending(state)[0]
        seat = decision.player
        action = rng.choice(ENGINE.legal_actions(state, seat)) if rng else ENGINE.default_action(state, seat)
        state = json.loads(json.dumps(ENGINE.apply(state, seat, action)))
        if check is not None:
            check(state)
        steps += 1
        assert steps < 5000
    return state, steps
