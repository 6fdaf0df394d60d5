"""Seeded random games played with Commons decks (Heroes only: Commons; Leaders from the core set).

Built-deck options come from another part of the engine; these games start from ``scenario.build``
positions (round 2, every Hero in hand or deck a Common) and play random legal actions to the end.
"""

import random

from bot.games.pixel_tactics.scenario import ENGINE, build
from bot.games.pixel_tactics.sets import SETS, set_keys

GAMES = 30
MAX_STEPS = 1500
COMMON_KEYS = [c["key"] for c in SETS["commons"]]


def common_game(seed):
    """Return a one-trophy position: two random core Leaders, 4 Commons in hand, the rest as the deck."""
    rng = random.Random(f"commons:{seed}")
    leaders = tuple(rng.sample(set_keys("core"), 2))
    hands, decks = {}, {}
    for seat in range(2):
        keys = COMMON_KEYS[:]
        rng.shuffle(keys)
        hands[seat], decks[seat] = keys[:4], keys[4:29]
    return build(leaders, hands=hands, deck=decks, trophies=1, seed=seed, turn=seed % 2)


def play(seed):
    """Play random legal actions (attacks preferred) until the game ends; return the state and the used keys."""
    rng = random.Random(f"commons-play:{seed}")
    state = common_game(seed)
    played = set()
    for _ in range(MAX_STEPS):
        if ENGINE.is_terminal(state):
            break
        decision = rng.choice(ENGINE.pending(state))
        legal = ENGINE.legal_actions(state, decision.player)
        attacks = [a for a in legal if a["type"] == "attack"]
        action = rng.choice(attacks) if attacks and rng.random() < 0.7 else rng.choice(legal)
        if action["type"] in ("recruit", "order", "operation", "trap") and "card" in action:
            played.add((action["type"], action["card"].split(".", 1)[1].split("@")[0]))
        state = ENGINE.apply(state, decision.player, action)
        for p in state["players"]:
            assert all(e["damage"] >= 0 for e in p["unit"].values() if e is not None)
    return state, played


def test_random_games_with_commons_end_and_use_the_commons():
    ended = 0
    used = set()
    for seed in range(GAMES):
        state, played = play(seed)
        ended += ENGINE.is_terminal(state)
        used |= played
    assert ended == GAMES
    kinds = {kind for kind, _ in used}
    assert {"recruit", "order", "operation", "trap"} <= kinds
    assert len({key for _, key in used} & set(COMMON_KEYS)) >= 25
