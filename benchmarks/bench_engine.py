"""Random legal Pixies games per second, by player count (the goal is on 4 players)."""

from __future__ import annotations

import random
import statistics
import time

from bot.games.pixies import PixiesEngine

#: goal of issue 10: random legal 4-player games played per second, through the engine contract
MIN_4P_GAMES_PER_S = 500.0


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


def run(games: int = 200, repeats: int = 3) -> dict:
    """Games and actions per second for 2, 3 and 4 players: the same ``games`` seeded games played
    ``repeats`` times, the median rate reported (the machine may be shared; the median resists that)."""
    engine = PixiesEngine()
    out = {}
    for players in (2, 3, 4):
        rates, actions = [], 0
        for _ in range(repeats):
            start = time.perf_counter()
            actions = sum(play_one(engine, players, seed) for seed in range(games))
            rates.append(games / (time.perf_counter() - start))
        rate = statistics.median(rates)
        out[f"{players}p"] = {"games_per_s": round(rate, 1), "actions_per_s": round(rate * actions / games),
                              "actions_per_game": actions // games,
                              "runs_games_per_s": [round(r) for r in rates]}
    return out


def check(result: dict) -> list[str]:
    """Return one sentence per missed goal: 4-player random Pixies games per second."""
    rate = result["4p"]["games_per_s"]
    if rate < MIN_4P_GAMES_PER_S:
        return [f"Pixies: {rate} random 4-player games/s (goal ≥ {MIN_4P_GAMES_PER_S:.0f})"]
    return []
