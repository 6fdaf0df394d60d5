"""Seeded random legal playouts (100 games per player count; 1500 with PARLOR_SOAK=1).

After every action: every pixel of every colour and every machine card accounted for, pending() and
legal_actions agree, a seat's decision id changes after its own action and never after another seat's
action in a simultaneous phase, JSON round trip. At the end: replaying the log from new_game gives the
same state; the game ended within its rounds.
"""

import os
import random

import pytest

from bot.games.pixel_pusher import PixelPusherEngine
from bot.games.pixel_pusher.invariants import check_invariants

ENGINE = PixelPusherEngine()
GAMES = 1500 if os.environ.get("PARLOR_SOAK") == "1" else 100
ROUNDS = {2: 7, 3: 6, 4: 5}


def choose(rng, state, seat, legal):
    """A random legal action, confirming Convert & Store often enough to end it."""
    if state["phase"] == "convert" and rng.random() < 0.3:
        return {"type": "confirm"}
    return rng.choice(legal)


def playout(num_players, seed):
    """Play one random game, checking the contract after every step; return (state, log)."""
    rng = random.Random(f"pusher:{num_players}:{seed}")
    leaving = seed % 7 == 0
    state = ENGINE.new_game(num_players, {}, seed)
    log = []
    seen_ids = set()
    while not ENGINE.is_terminal(state):
        pending = ENGINE.pending(state)
        assert pending
        ids = {d.player: d.id for d in pending}
        for d in pending:
            assert d.kind == state["phase"] and d.private == (d.kind in ("draft", "convert"))
            seen_ids.add(d.id)
        for seat in range(num_players):
            assert bool(ENGINE.legal_actions(state, seat)) == (seat in ids)
        if leaving and rng.random() < 0.01:
            seat = rng.choice([s for s in range(num_players) if state["active"][s]])
            state = ENGINE.leave(state, seat)
            log.append(("leave", seat, None))
        else:
            seat = rng.choice(list(ids))
            legal = ENGINE.legal_actions(state, seat)
            action = ENGINE.default_action(state, seat) if rng.random() < 0.1 else choose(rng, state, seat, legal)
            assert action in legal
            phase = state["phase"]
            state = ENGINE.apply(state, seat, action)
            after = {d.player: d.id for d in ENGINE.pending(state)}
            assert after.get(seat) != ids[seat]
            assert after.get(seat) not in seen_ids or after.get(seat) is None
            if phase == state["phase"] and phase in ("draft", "convert"):
                for other, old in ids.items():
                    if other != seat and other in after:
                        assert after[other] == old
            log.append(("apply", seat, action))
        check_invariants(state)
        assert ENGINE.from_json(ENGINE.to_json(state)) == state
        assert len(log) < 3000
    return state, log


def replay(num_players, seed, log):
    """Re-apply a log from a new game."""
    state = ENGINE.new_game(num_players, {}, seed)
    for kind, seat, action in log:
        state = ENGINE.leave(state, seat) if kind == "leave" else ENGINE.apply(state, seat, action)
    return state


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_random_playouts(num_players):
    for seed in range(GAMES):
        state, log = playout(num_players, seed)
        assert replay(num_players, seed, log) == state
        assert ENGINE.pending(state) == []
        result = ENGINE.result(state)
        assert result.winners == result.ranking[0]
        assert sorted(s for group in result.ranking for s in group) == list(range(num_players))
        assert result.scores == [b["score"] for b in state["boards"]]
        assert state["round"] <= ROUNDS[num_players]
        if all(state["active"]):
            assert state["round"] == ROUNDS[num_players] and state["deck"] == []
        view = ENGINE.view(state, None)
        assert view["phase"] == "finished" and view["result"]["winners"] == result.winners
