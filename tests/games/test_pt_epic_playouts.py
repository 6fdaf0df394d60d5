"""Seeded random Epic Duels (issue #12): 50 in CI, 2000 with PARLOR_SOAK=1 — Epic Combinations and random
Epic decks, some with Promos or Chase Leaders.

After every action: every card in exactly one place, damage never negative, the default action of the seat
to act legal, pending()/legal_actions agree; every few steps a JSON round trip; while a Leader is being
chosen, and every few steps otherwise, the views: the public view and the rival's hold no hand, deck or face-down
Trap card, and a Leader being chosen (at the start, or after a Leader fell) is hidden from the rival until
revealed (the Leader stacks themselves are face up). At the end: the game ended
(a winner, or a draw), and replaying the log from the options gives the same state.
"""

import json
import os
import random

from bot.games.pixel_tactics import PixelTacticsEngine, decks, sets
from bot.games.pixel_tactics.scenario import check_invariants
from bot.games.pixel_tactics.state import key_of
from tests.games.pt_play_fakes import random_deck
from tests.games.test_pt_playouts import choose, strings

ENGINE = PixelTacticsEngine()
GAMES = 2000 if os.environ.get("PARLOR_SOAK") == "1" else 50
MAX_STEPS = 6000


def options_for(seed):
    """Return the options of game ``seed``: Epic Combinations (no decks) or two random Epic decks."""
    rng = random.Random(f"pt-epic:{seed}")
    options = {"mode": "epic"}
    if seed % 2:
        options["decks"] = [valid_epic_deck(rng) for _ in range(2)]
    if seed % 5 == 3:
        options["promos"] = True
    if seed % 7 == 4 and sets.CHASE:
        options["chase"] = True
    return options


def valid_epic_deck(rng):
    """Return a random Epic deck the deck rules accept (the shared helper may now and then draw a fourth copy of
    a Leader)."""
    while True:
        deck = random_deck(rng, "epic")
        if not decks.problems(deck):
            return deck


def check_views(state):
    """No hand, deck or face-down Trap card in the public view or the rival's; a Leader being chosen is hidden."""
    for viewer in (None, 0, 1):
        view = ENGINE.view(state, viewer)
        assert view["mode"] == "epic" and view["epic"]["leaders"] == [
            [key_of(c) for c in p["leaders"]] for p in state["players"]]
        tokens = strings(json.dumps(view))
        for seat, player in enumerate(state["players"]):
            if viewer == seat:
                continue
            shown = view["players"][seat]
            secret = player["hand"] + player["deck"] + [r["card"] for r in player["reserve"]
                                                        if r is not None and r["kind"] == "trap"]
            assert not set(secret) & tokens
            if player["leader_pick"] is not None:
                assert shown["unit"]["L"]["card"] is None and shown["unit"]["L"]["hidden"]
                assert player["leader_pick"] not in tokens
        if viewer is None:
            assert "hand" not in view and "leader_stack" not in view and "leader_pick" not in view


def playout(seed, options, seen):
    """Play one seeded random Epic Duel, checking the invariants; return the final state and the log."""
    rng = random.Random(f"pt-epic-play:{seed}")
    state = ENGINE.new_game(2, options, seed)
    log = []
    for step in range(MAX_STEPS):
        if ENGINE.is_terminal(state):
            break
        decisions = ENGINE.pending(state)
        assert decisions
        decision = rng.choice(decisions)
        legal = ENGINE.legal_actions(state, decision.player)
        default = ENGINE.default_action(state, decision.player)
        assert default in legal
        for seat in range(2):
            if all(d.player != seat for d in decisions):
                assert ENGINE.legal_actions(state, seat) == []
        if rng.random() < 0.0002:
            state = ENGINE.leave(state, decision.player)
            log.append(("leave", decision.player, None))
            seen["leave"] = seen.get("leave", 0) + 1
            break
        action = default if rng.random() < 0.05 else choose(rng, legal)
        if state["phase"] == "epic":
            seen[action["type"]] = seen.get(action["type"], 0) + 1
        assert isinstance(ENGINE.describe_action(state, decision.player, action), str)
        state = ENGINE.apply(state, decision.player, action)
        log.append(("apply", decision.player, action))
        check_invariants(state)
        assert max(len(p["hand"]) for p in state["players"]) <= 40
        if step % 50 == 0 or any(p["leader_pick"] is not None for p in state["players"]):
            check_views(state)
        if step % 23 == 0:
            assert ENGINE.from_json(ENGINE.to_json(state)) == state
    assert ENGINE.is_terminal(state), "game did not end"
    return state, log


def test_random_epic_duels():
    seen = {}
    falls = 0
    for seed in range(GAMES):
        options = ENGINE.settled_options(options_for(seed))
        state, log = playout(seed, options, seen)
        replay = ENGINE.new_game(2, options, seed)
        for kind, seat, action in log:
            replay = ENGINE.leave(replay, seat) if kind == "leave" else ENGINE.apply(replay, seat, action)
        assert replay == state
        result = ENGINE.result(state)
        assert len(result.winners) in (1, 2) and ENGINE.pending(state) == []
        falls += sum(len(f) for f in state["epic"]["fallen"])
    # the playouts really met Leaders falling, new Leaders chosen and every boon
    assert falls >= GAMES and seen.get("leader", 0) > 0 and seen.get("recruit", 0) > 0 and seen.get("move", 0) > 0
    assert seen.get("epic_done", 0) > 0
