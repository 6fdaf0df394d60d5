"""Seeded random matches over random valid Standard and Epic decks drawn from every playable set present
(Commons as Heroes), some with Promos and Chase Leaders (100 by default; 2000 with PARLOR_SOAK=1).

After every action: every card in exactly one place (each seat's deck cards, drawn Promos plus the Promo deck),
JSON round trip every few steps, pending()/legal_actions agree, the public view and each rival's view hold no
hidden card (hands, decks, Leader stacks, face-down Traps, the Promo deck, unrevealed Leaders and Chase
Leaders). At the end: replaying the log from the options gives the same state.
"""

import os
import random

import pytest

from bot.games.pixel_tactics import PixelTacticsEngine, sets
from bot.games.pixel_tactics.scenario import check_invariants
from bot.games.pixel_tactics.state import key_of
from tests.games.pt_play_fakes import add_fake_promos, random_deck
from tests.games.test_pt_playouts import check_public_view, choose

ENGINE = PixelTacticsEngine()
GAMES = 2000 if os.environ.get("PARLOR_SOAK") == "1" else 100
MAX_STEPS = 4000


def options_for(seed):
    """Return the options of match ``seed``: two random decks (formats mixed) or, one in ten, a Classic mirror
    of a core set; Promos and Chase Leaders on in some."""
    rng = random.Random(f"pt-decks:{seed}")
    if seed % 10 == 9:  # now and then a Classic mirror of a core set, with the same Promo and Chase options
        options = {"trophies": rng.choice((1, 2, 3)), "set": rng.choice(("core", "core2"))}
    else:
        decks = [random_deck(rng, rng.choice(("standard", "epic"))) for _ in range(2)]
        options = {"trophies": rng.choice((1, 2)), "decks": decks}
    if seed % 3 == 1 or seed % 20 == 9:
        options["promos"] = True
    if (seed % 4 == 2 or seed % 30 == 9) and sets.CHASE:
        options["chase"] = True
    return options


def playout(seed, options, seen):
    """Play one seeded random match, checking the invariants; return the final state and the log."""
    rng = random.Random(f"pt-decks-play:{seed}")
    state = ENGINE.new_game(2, options, seed)
    log = []
    for step in range(MAX_STEPS):
        if ENGINE.is_terminal(state):
            break
        decisions = ENGINE.pending(state)
        assert decisions
        decision = rng.choice(decisions)
        legal = ENGINE.legal_actions(state, decision.player)
        assert legal
        for seat in range(2):
            if all(d.player != seat for d in decisions):
                assert ENGINE.legal_actions(state, seat) == []
        action = ENGINE.default_action(state, decision.player) if rng.random() < 0.05 else choose(rng, legal)
        seen[action["type"]] = seen.get(action["type"], 0) + 1
        if action["type"] == "leader" and state.get("decks"):
            assert action["card"] in options_leaders(state, decision.player)
        state = ENGINE.apply(state, decision.player, action)
        log.append((decision.player, action))
        check_invariants(state)
        if state["phase"] == "turn":
            for p in state["players"]:
                assert all(e["kind"] != "leader" or "leader" in sets.card_def(key_of(e["card"]), 2)
                           for e in p["unit"].values() if e is not None)
        if step % 7 == 0:
            check_public_view(state)
            assert ENGINE.from_json(ENGINE.to_json(state)) == state
    assert ENGINE.is_terminal(state), "match did not end"
    return state, log


def options_leaders(state, seat):
    """Return the Leader stack ids of a seat's built deck."""
    return state["decks"][seat]["leaders"]


def test_random_built_deck_matches(monkeypatch):
    add_fake_promos(monkeypatch)
    seen = {}
    for seed in range(GAMES):
        options = ENGINE.settled_options(options_for(seed))
        state, log = playout(seed, options, seen)
        replay = ENGINE.new_game(2, options, seed)
        for seat, action in log:
            replay = ENGINE.apply(replay, seat, action)
        assert replay == state
        assert len(ENGINE.result(state).winners) in (1, 2) and ENGINE.pending(state) == []
    # the playouts really met Promo Draws, Chase choices, Trap windows and Leader picks from stacks
    assert seen.get("promo_draw", 0) > 0 and seen.get("leader", 0) >= 2 * GAMES
    assert seen.get("activate", 0) + seen.get("decline", 0) > 0
    if sets.CHASE:
        assert seen.get("chase", 0) > 0


@pytest.mark.parametrize("fmt", ["standard", "epic"])
def test_random_decks_are_valid_for_the_deck_rules(fmt):
    from bot.games.pixel_tactics import decks

    rng = random.Random(fmt)
    for _ in range(20):
        assert decks.problems(random_deck(rng, fmt)) == []
