"""Seeded random Team Cross Duels (2v2, issue #12): 50 in CI, 2000 with PARLOR_SOAK=1 — core sets (to 3 or 5 points)
and random built Standard decks (to 3 points).

After every action: every card of each owner in exactly one place (set-aside Leaders counted), damage never
negative, every seat with a Leader in play while turns are played, the default action of a seat to act legal,
pending()/legal_actions agree, every Attack on an enemy (never a teammate, never a Long Action), Moves and Corpse
clears only with the ally's Unit, a ``foe`` only an enemy; every few steps a JSON round trip and the views: no view
holds another seat's hand, deck or face-down Trap — teammates included — nor a Leader being chosen. At the end:
the game ended (a team won, or a draw), and replaying the log from the options gives the same state. Random
Classic games never meet a ``foe`` or ``long`` key.
"""

import os
import random

from bot.games.pixel_tactics import PixelTacticsEngine, match
from bot.games.pixel_tactics.positions import parse_ref
from bot.games.pixel_tactics.scenario import cards_of
from tests.games.pt_play_fakes import random_deck
from tests.games.pt_playout_helpers import leaves, random_playout, replayed, views_hiding_other_seats
from tests.games.test_pt_playouts import choose

ENGINE = PixelTacticsEngine()
GAMES = 2000 if os.environ.get("PARLOR_SOAK") == "1" else 50
SEATS = 4
MAX_STEPS = 20000
TEAMS = ([0, 2], [1, 3])


def options_for(seed):
    """Return the options of game ``seed``: core sets (one in four to 5 points), or (one game in three) four random
    built Standard decks."""
    options = {"mode": "team"}
    if seed % 3 == 2:
        rng = random.Random(f"pt-team:{seed}")
        options["decks"] = [random_deck(rng, "standard") for _ in range(SEATS)]
    elif seed % 4 == 1:
        options["points"] = 5
    return options


def check_cards(state):
    """Every card of each owner in exactly one place; damage never negative; every seat leads in play."""
    aside = state["teams"]["set_aside"]
    for seat in range(SEATS):
        found = sorted(cards_of(state, seat) + aside[seat])
        assert found == sorted(match.all_cards(state, seat)), f"cards of seat {seat} changed"
        for entry in state["players"][seat]["unit"].values():
            assert entry is None or entry["damage"] >= 0
    if state["status"] == "playing" and state["phase"] in ("turn", "trap"):
        assert all(p["unit"]["L"] is not None for p in state["players"])


def check_views(state):
    """No view shows another seat's hand, deck or face-down Trap (teammates included), nor a Leader pick."""
    for view in views_hiding_other_seats(state, SEATS):
        assert view["teams"]["kind"] == "team" and view["teams"]["team_of"] == [0, 1, 0, 1]


def check_action(state, seat, action):
    """Attacks on enemies only (no Long Action in Team Cross Duel); ally Units only; a foe only an enemy."""
    ally = (seat + 2) % 4
    if action["type"] == "attack":
        assert parse_ref(action["target"])[0] % 2 != seat % 2 and "long" not in action
    for key in ("from_seat", "to_seat", "seat"):
        if key in action:
            assert action[key] == ally
    if "foe" in action:
        assert action["foe"] % 2 != seat % 2


def playout(seed, options, seen):
    """Play one seeded random Team Cross Duel, checking the invariants; return the final state and the log."""

    def on_action(state, seat, action):
        if state["phase"] == "turn":
            check_action(state, seat, action)
            for key in ("foe", "to_seat", "from_seat", "seat"):
                if key in action:
                    seen[key] = seen.get(key, 0) + 1
        if state["teams"]["ceasefire_seat"] is not None:
            seen["restart_turns"] = seen.get("restart_turns", 0) + 1
            assert seat == state["teams"]["ceasefire_seat"] or state["phase"] == "trap"

    def after(state, step):
        check_cards(state)
        if step % 40 == 0 or state["phase"] == "leader":
            check_views(state)
        if step % 97 == 0:
            assert ENGINE.from_json(ENGINE.to_json(state)) == state

    rng = random.Random(f"pt-team-play:{seed}")
    state, log = random_playout(ENGINE.new_game(SEATS, options, seed), rng, seats=SEATS, max_steps=MAX_STEPS,
                                leave_chance=0.0001, default_chance=0.05, leaver="decider", after=after,
                                on_action=on_action, describe=True)
    seen["leave"] = seen.get("leave", 0) + leaves(log)
    check_views(state)
    return state, log


def test_random_team_cross_duels():
    seen = {}
    outcomes = {}
    for seed in range(GAMES):
        options = ENGINE.settled_options(options_for(seed))
        state, log = playout(seed, options, seen)
        if seed % 5 == 0:
            assert replayed(SEATS, options, seed, log) == state
        result = ENGINE.result(state)
        assert ENGINE.pending(state) == []
        winners = sorted(result.winners)
        assert winners in (*TEAMS, [])
        outcomes[tuple(winners)] = outcomes.get(tuple(winners), 0) + 1
        seen["defeats"] = seen.get("defeats", 0) + sum(state["teams"]["defeats"])
    # the playouts really met foes, moves between Units, restarts, and both teams won
    assert seen.get("defeats", 0) > GAMES and seen.get("restart_turns", 0) > 0
    assert seen.get("to_seat", 0) + seen.get("from_seat", 0) > 0 and seen.get("foe", 0) > 0
    assert outcomes.get((0, 2), 0) > 0 and outcomes.get((1, 3), 0) > 0


def test_classic_games_never_meet_team_keys():
    for seed in range(6):
        rng = random.Random(f"pt-classic-keys:{seed}")
        state = ENGINE.new_game(2, {}, seed)
        for _ in range(3000):
            if ENGINE.is_terminal(state):
                break
            decision = rng.choice(ENGINE.pending(state))
            legal = ENGINE.legal_actions(state, decision.player)
            assert not any("foe" in a or "long" in a or "to_seat" in a or "from_seat" in a for a in legal)
            state = ENGINE.apply(state, decision.player, choose(rng, legal))
        assert "teams" not in state and "teams" not in ENGINE.view(state, None)
