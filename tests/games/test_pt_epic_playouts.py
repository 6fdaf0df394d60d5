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
from tests.games.pt_playout_helpers import leaves, random_playout, replayed, secret_cards
from tests.games.test_pt_playouts import strings

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
            assert not set(secret_cards(player)) & tokens
            if player["leader_pick"] is not None:
                assert shown["unit"]["L"]["card"] is None and shown["unit"]["L"]["hidden"]
                assert player["leader_pick"] not in tokens
        if viewer is None:
            assert "hand" not in view and "leader_stack" not in view and "leader_pick" not in view


def playout(seed, options, seen):
    """Play one seeded random Epic Duel, checking the invariants; return the final state and the log."""

    def on_action(state, seat, action):
        if state["phase"] == "epic":
            seen[action["type"]] = seen.get(action["type"], 0) + 1

    def after(state, step):
        check_invariants(state)
        assert max(len(p["hand"]) for p in state["players"]) <= 40
        if step % 50 == 0 or any(p["leader_pick"] is not None for p in state["players"]):
            check_views(state)
        if step % 23 == 0:
            assert ENGINE.from_json(ENGINE.to_json(state)) == state

    rng = random.Random(f"pt-epic-play:{seed}")
    state, log = random_playout(ENGINE.new_game(2, options, seed), rng, seats=2, max_steps=MAX_STEPS,
                                leave_chance=0.0002, default_chance=0.05, leaver="decider", after=after,
                                on_action=on_action, describe=True)
    seen["leave"] = seen.get("leave", 0) + leaves(log)
    return state, log


def test_random_epic_duels():
    seen = {}
    falls = 0
    for seed in range(GAMES):
        options = ENGINE.settled_options(options_for(seed))
        state, log = playout(seed, options, seen)
        assert replayed(2, options, seed, log) == state
        result = ENGINE.result(state)
        assert len(result.winners) in (1, 2) and ENGINE.pending(state) == []
        falls += sum(len(f) for f in state["epic"]["fallen"])
    # the playouts really met Leaders falling, new Leaders chosen and every boon
    assert falls >= GAMES and seen.get("leader", 0) > 0 and seen.get("recruit", 0) > 0 and seen.get("move", 0) > 0
    assert seen.get("epic_done", 0) > 0
