"""Random legal Pixies games per second, by player count."""

from __future__ import annotations

import random
import time

from bot.games.pixies import PixiesEngine


def play_one(engine: PixiesEngine, players: int, seed: int) -> int:
    """Play one random legal game; return the number of actions."""
    rng = random.Random(seed)
    state = engine.new_game(players, {}, seed)
    actions = 0
    while not engine.is_terminal(state):
        decision = engine.pending(state)[0]
        state = engine.apply(state, decision.player, rng.choice(engine.legal_actions(state, decision.player)))
        actions += 1
    return actions


def run(games: int = 200) -> dict:
    """Games and actions per second for 2, 3 and 4 players."""
    engine = PixiesEngine()
    out = {}
    for players in (2, 3, 4):
        start = time.perf_counter()
        actions = sum(play_one(engine, players, seed) for seed in range(games))
        elapsed = time.perf_counter() - start
        out[f"{players}p"] = {"games_per_s": round(games / elapsed, 1),
                              "actions_per_s": round(actions / elapsed), "actions_per_game": actions // games}
    return out
