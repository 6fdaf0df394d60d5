"""Seeded random legal playouts (100 games per player count; 1500 with PARLOR_SOAK=1).

After every action: all 70 cards accounted for, JSON round-trip, pending()/legal_actions agree,
decision ids are fresh. At the end: replaying the action log from new_game gives the same state,
every game finished within three rounds (exactly three when nobody resigned).
"""

import os
import random

import pytest

from bot.games.pixies import PixiesEngine
from bot.games.pixies.rules import check_invariants

ENGINE = PixiesEngine()
GAMES = 1500 if os.environ.get("PARLOR_SOAK") == "1" else 100
KIND_OF = {"take": "pick", "keep": "keep", "space": "space"}


def check_decisions(state):
    """Exactly the seat to act has legal actions, all of the pending decision's kind."""
    [decision] = ENGINE.pending(state)
    assert state["active"][decision.player]
    for seat in range(state["num_players"]):
        legal = ENGINE.legal_actions(state, seat)
        if seat == decision.player:
            assert legal and all(KIND_OF[a["type"]] == decision.kind for a in legal)
        else:
            assert legal == []
    return decision


def playout(num_players, seed):
    """Play one random game, checking the contract after every step; return (state, log)."""
    rng = random.Random(f"playout:{num_players}:{seed}")
    resigning = seed % 5 == 0  # one game in five has random resignations
    state = ENGINE.new_game(num_players, {}, seed)
    log = []
    last_id = -1
    while not ENGINE.is_terminal(state):
        decision = check_decisions(state)
        assert int(decision.id) > last_id
        last_id = int(decision.id)
        if resigning and rng.random() < 0.01:
            seat = rng.choice([s for s in range(num_players) if state["active"][s]])
            state = ENGINE.leave(state, seat)
            log.append(("leave", seat, None))
        else:
            seat = decision.player
            legal = ENGINE.legal_actions(state, seat)
            action = ENGINE.default_action(state, seat) if rng.random() < 0.2 else rng.choice(legal)
            state = ENGINE.apply(state, seat, action)
            log.append(("apply", seat, action))
        check_invariants(state)
        assert ENGINE.from_json(ENGINE.to_json(state)) == state
        assert len(log) < 1000
    return state, log


def replay(num_players, seed, log):
    """Re-apply a log from a new game."""
    state = ENGINE.new_game(num_players, {}, seed)
    for kind, seat, action in log:
        state = ENGINE.leave(state, seat) if kind == "leave" else ENGINE.apply(state, seat, action)
    return state


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_random_playouts(num_players):
    resigned_games = 0
    for seed in range(GAMES):
        state, log = playout(num_players, seed)
        assert replay(num_players, seed, log) == state
        assert ENGINE.pending(state) == []
        assert all(ENGINE.legal_actions(state, s) == [] for s in range(num_players))
        result = ENGINE.result(state)
        assert result.winners == result.ranking[0]
        assert sorted(s for group in result.ranking for s in group) == list(range(num_players))
        assert result.scores == state["totals"]
        for seat in range(num_players):
            assert state["totals"][seat] == sum(r["scores"][seat]["total"] for r in state["rounds"])
        if all(state["active"]):
            assert len(state["rounds"]) == 3 and state["round"] == 3
            assert [r["multiplier"] for r in state["rounds"]] == [2, 3, 4]
        else:
            resigned_games += 1
            assert len(state["rounds"]) <= 3
            assert all(state["active"][w] for w in result.winners)
        view = ENGINE.view(state, None)
        assert view["status"] == "finished" and view["result"]["winners"] == result.winners
    assert resigned_games > 0
