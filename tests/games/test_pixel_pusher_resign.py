"""Seeded random games with random resignations (40 per player count; 600 with PARLOR_SOAK=1), checking the
engine contract at every step.

- leave() at any moment (already picked or confirmed, on turn or not, several players) never stalls the
  game: while it is not over someone has a decision, and it ends within its rounds;
- default_action is legal for every pending decision in every state;
- in Draft and Convert & Store one player's action changes neither another player's legal actions nor
  their decision id;
- the public view never shows a hand, a face-down pick, an ability card before the draft ends, or
  Convert & Store work; a seat's view shows no other seat's hand or picks;
- undo_allowed is False whenever the bag was drawn from or a phase closed, and for installs and pixels.
"""

import json
import os
import random

import pytest

from bot.games.pixel_pusher import PixelPusherEngine
from bot.games.pixel_pusher.content import MACHINES
from bot.games.pixel_pusher.invariants import check_invariants

ENGINE = PixelPusherEngine()
GAMES = 600 if os.environ.get("PARLOR_SOAK") == "1" else 40
ROUNDS = {2: 7, 3: 6, 4: 5}


def hidden_cards(state, seat):
    """Machine card ids in hands and face-down picks of every seat but ``seat`` (None = every seat)."""
    return {c for s in range(state["num_players"]) if s != seat
            for c in state["hands"][s] + state["drafted"][s] if c in MACHINES}


def check_views(state):
    """Nothing hidden shows in the public view or in another seat's view."""
    public = ENGINE.view(state, None)
    assert "private" not in public
    text = json.dumps(public)
    assert not any(f'"{card}"' in text for card in hidden_cards(state, None))
    if state["phase"] == "draft":
        assert all(seat["abilities"] == [] and seat["ability"] is None for seat in public["seats"])
    if state["phase"] == "convert":
        for seat in public["seats"]:
            board = state["boards"][seat["seat"]]
            assert (seat["held"], seat["stored"]) == (board["held"], board["stored"])
        assert "working" not in text
    for viewer in range(state["num_players"]):
        seen = json.dumps(ENGINE.view(state, viewer))
        assert not any(f'"{card}"' in seen for card in hidden_cards(state, viewer))


def step(state, rng, leave_rate):
    """Take one random step (a resignation now and then); check the contract around it."""
    pending = ENGINE.pending(state)
    assert pending, "the game stalled"
    n = state["num_players"]
    for decision in pending:
        assert ENGINE.default_action(state, decision.player) in ENGINE.legal_actions(state, decision.player)
    if rng.random() < leave_rate:
        seat = rng.choice([s for s in range(n) if state["active"][s]])
        after = ENGINE.leave(state, seat)
        assert not after["active"][seat]
        return after
    decision = rng.choice(pending)
    seat = decision.player
    legal = ENGINE.legal_actions(state, seat)
    if state["phase"] == "convert" and rng.random() < 0.3:
        action = {"type": "confirm"}
    else:
        action = rng.choice(legal)
    others = {d.player: (d.id, ENGINE.legal_actions(state, d.player)) for d in pending if d.player != seat}
    after = ENGINE.apply(state, seat, action)
    same_phase = (after["round"], after["phase"]) == (state["round"], state["phase"])
    if same_phase and state["phase"] in ("draft", "convert"):
        for d in ENGINE.pending(after):
            if d.player in others:
                assert (d.id, ENGINE.legal_actions(after, d.player)) == others[d.player]
    if ENGINE.undo_allowed(state, after, seat, action):
        assert same_phase and after["rng"] == state["rng"]
        assert action["type"] not in ("install", "pixel")
        if action["type"] == "pick":
            assert after["hands"][seat] == [c for c in state["hands"][seat] if c != action["card"]]
    return after


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_random_resignations_never_stall(num_players):
    for seed in range(GAMES):
        rng = random.Random(f"pusher-resign:{num_players}:{seed}")
        leave_rate = rng.choice([0.0, 0.01, 0.05])
        state = ENGINE.new_game(num_players, {}, seed)
        steps = 0
        while not ENGINE.is_terminal(state):
            state = step(state, rng, leave_rate)
            check_invariants(state)
            if steps % 5 == 0:
                check_views(state)
            steps += 1
            assert steps < 3000
        assert ENGINE.pending(state) == [] and state["round"] <= ROUNDS[num_players]
        result = ENGINE.result(state)
        left = [s for s in range(num_players) if not state["active"][s]]
        stayed = [s for s in range(num_players) if state["active"][s]]
        assert stayed, "somebody is always left to win"
        assert set(result.winners) <= set(stayed)
        ranked = [s for group in result.ranking for s in group]
        assert sorted(ranked) == list(range(num_players))
        assert ranked[len(stayed):] == [s for s in ranked if s in left]  # leavers rank after every stayer
        if len(stayed) == 1:
            assert result.winners == stayed
