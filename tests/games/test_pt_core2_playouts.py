"""Seeded random Core Set 2 mirror matches (Classic: each seat plays its own copy of the 25 cards).

After every action: every card in exactly one place, damage and markers never negative; now and then the
public view hides every hidden card and the state survives a JSON round trip. At the end: the match is over
and replaying its log gives the same state. Across the games every kind of play of the set happened.
"""

import os
import random
from collections import Counter

from bot.games.pixel_tactics import PixelTacticsEngine
from bot.games.pixel_tactics.scenario import check_invariants
from bot.games.pixel_tactics.sets import set_keys
from bot.games.pixel_tactics.state import key_of
from tests.games.test_pt_playouts import check_public_view

ENGINE = PixelTacticsEngine()
GAMES = 600 if os.environ.get("PARLOR_SOAK") == "1" else 30
MAX_STEPS = 4000


def choose(rng, legal):
    """Prefer attacks (so matches end), otherwise any legal action."""
    attacks = [a for a in legal if a["type"] == "attack"]
    if attacks and rng.random() < 0.7:
        return rng.choice(attacks)
    return rng.choice(legal)


def playout(seed, trophies, kinds):
    """Play one seeded random Core Set 2 match; count the action kinds in ``kinds``; return (state, log)."""
    rng = random.Random(f"pt-core2:{seed}")
    options = {"trophies": trophies, "set": "core2"}
    state = ENGINE.new_game(2, options, seed)
    log = []
    for _ in range(MAX_STEPS):
        if ENGINE.is_terminal(state):
            break
        decision = rng.choice(ENGINE.pending(state))
        action = choose(rng, ENGINE.legal_actions(state, decision.player))
        state = ENGINE.apply(state, decision.player, action)
        log.append((decision.player, action))
        kinds[action["type"]] += 1
        check_invariants(state)
        if rng.random() < 0.05:
            check_public_view(state)
            assert ENGINE.from_json(ENGINE.to_json(state)) == state
    assert ENGINE.is_terminal(state), f"match {seed} did not end"
    return state, log, options


def test_core2_mirror_matches_play_to_the_end_and_replay():
    kinds = Counter()
    leaders = set()
    for seed in range(GAMES):
        state, log, options = playout(seed, 1 + seed % 2, kinds)
        assert state["set"] == "core2"
        for held in state["trophies"]:
            leaders.update(key_of(c) for pair in held for c in pair)
        replay = ENGINE.new_game(2, options, seed)
        for seat, action in log:
            replay = ENGINE.apply(replay, seat, action)
        assert replay == state
        assert len(ENGINE.result(state).winners) == 1
    assert leaders <= set(set_keys("core2")) and len(leaders) >= 10
    for kind in ("recruit", "attack", "spell", "leader_action", "order", "operation", "trap", "activate",
                 "clear_corpse", "move"):
        assert kinds[kind] > 0, kind
