"""Pixel Tactics and Pixel Pusher: engine step times over seeded random games, and render times.

A step is what one click costs the engine: ``legal_actions`` + ``apply`` + the public ``view``. Steps are
timed with the garbage collector enabled, as players get them, over whole matches (late games included).
"""

from __future__ import annotations

import gc
import random
import time

from benchmarks.stats import percentile, summary
from bot.games.pixel_pusher import PixelPusherEngine
from bot.games.pixel_tactics import PixelTacticsEngine
from rendering import pixel_pusher as pusher_render
from rendering import pixel_tactics as tactics_render

NAMES = ["Ana", "Bartholomew", "Chloé", "Dmitri"]
TACTICS_STEP = "Pixel Tactics step (best of 3)"
#: goal of issue 10: 99% of Pixel Tactics steps take at most this long (GC included)
MAX_STEP_P99_MS = 3.0
#: steps a measured game may last: every seeded match runs to its end (the longest takes ~5,800)
STEP_LIMIT = 20_000


def _play(engine, players: int, options: dict, seed: int, limit: int = 3000):
    """Yield every state of one random game (choices from the seed)."""
    rng = random.Random(seed)
    state = engine.new_game(players, options, seed)
    for _ in range(limit):
        yield state
        if engine.is_terminal(state):
            return
        decision = rng.choice(engine.pending(state))
        state = engine.apply(state, decision.player, rng.choice(engine.legal_actions(state, decision.player)))


def _engine_case(engine, players: int, options: dict, games: int) -> dict:
    """Time legal_actions + apply + public view per step over whole random games (GC enabled, as in play).

    ``p99_cpu_ms`` is the same percentile in this process's CPU time, garbage collections included: the
    goal is checked on it, since on a shared machine a wall-clock step also counts the time other
    processes held the cores (``p99_ms`` is reported beside it)."""
    steps, cpu, sizes, total, finished = [], [], [], 0, 0
    if not gc.isenabled():
        raise RuntimeError("steps are measured with the garbage collector enabled")
    for seed in range(games):
        for state in _play(engine, players, options, seed, limit=STEP_LIMIT):
            if engine.is_terminal(state):
                finished += 1
                break
            decision = engine.pending(state)[0]
            start, start_cpu = time.perf_counter(), time.process_time()
            legal = engine.legal_actions(state, decision.player)
            engine.apply(state, decision.player, legal[0])
            engine.view(state, None)
            steps.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            sizes.append(len(legal))
            total += 1
    return {**summary(steps), "p99_cpu_ms": round(percentile(cpu, 0.99) * 1000, 3),
            "actions_per_game": round(total / games), "max_actions": max(sizes), "finished": finished}


def _renders(fn, views: list, *args) -> dict:
    times, size = [], 0
    for view in views:
        start = time.perf_counter()
        size = len(fn(view, *args))
        times.append(time.perf_counter() - start)
    return {**summary(times), "png_kb": round(size / 1024, 1)}


def run(games: int = 20) -> dict:
    """Measure both games' engines and renderers."""
    tactics, pusher = PixelTacticsEngine(), PixelPusherEngine()
    out = {TACTICS_STEP: _engine_case(tactics, 2, {"trophies": 2}, games)}
    for players in (2, 3, 4):
        out[f"Pixel Pusher step, {players} players"] = _engine_case(pusher, players, {}, games)
    states = [s for i, s in enumerate(_play(tactics, 2, {"trophies": 2}, 3)) if i % 7 == 3][:30]
    out["Pixel Tactics board"] = _renders(tactics_render.render_board, [tactics.view(s, None) for s in states],
                                          NAMES[:2])
    out["Pixel Tactics hand"] = _renders(tactics_render.render_hand, [tactics.view(s, 0) for s in states], NAMES[:2])
    states = [s for i, s in enumerate(_play(pusher, 4, {}, 3)) if i % 9 == 4][:30]
    out["Pixel Pusher board, 4 players"] = _renders(pusher_render.render_board,
                                                    [pusher.view(s, None) for s in states], NAMES)
    out["Pixel Pusher private"] = _renders(pusher_render.render_private, [pusher.view(s, 0) for s in states], NAMES)
    return out


def check(result: dict) -> list[str]:
    """Return one sentence per missed goal: the Pixel Tactics step p99 in CPU time, GC included."""
    row = result[TACTICS_STEP]
    if row["p99_cpu_ms"] > MAX_STEP_P99_MS:
        return [f"{TACTICS_STEP}: p99 is {row['p99_cpu_ms']} ms of CPU time, GC included (goal ≤ "
                f"{MAX_STEP_P99_MS} ms; {row['p99_ms']} ms by the wall clock)"]
    return []
