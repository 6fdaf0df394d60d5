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
    ``repeats`` times, the median rate reported, by the wall clock and by this process's CPU time.

    The goal is checked on the CPU-time rate (``games_per_cpu_s``): on a shared machine the wall clock
    also counts the time other processes held the cores, which says nothing about the engine."""
    engine = PixiesEngine()
    out = {}
    for players in (2, 3, 4):
        rates, cpu_rates, actions = [], [], 0
        for _ in range(repeats):
            start, start_cpu = time.perf_counter(), time.process_time()
            actions = sum(play_one(engine, players, seed) for seed in range(games))
            rates.append(games / (time.perf_counter() - start))
            cpu_rates.append(games / max(time.process_time() - start_cpu, 1e-9))
        rate = statistics.median(rates)
        out[f"{players}p"] = {"games_per_s": round(rate, 1), "games_per_cpu_s": round(statistics.median(cpu_rates), 1),
                              "actions_per_s": round(rate * actions / games), "actions_per_game": actions // games,
                              "runs_games_per_s": [round(r) for r in rates]}
    return out


def check(result: dict) -> list[str]:
    """Return one sentence per missed goal: 4-player random Pixies games per second (CPU time)."""
    row = result["4p"]
    if row["games_per_cpu_s"] < MIN_4P_GAMES_PER_S:
        return [f"Pixies: {row['games_per_cpu_s']} random 4-player games per CPU second (goal ≥ "
                f"{MIN_4P_GAMES_PER_S:.0f}; {row['games_per_s']} per second of wall clock)"]
    return []
