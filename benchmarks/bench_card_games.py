"""Pixel Tactics and Pixel Pusher: engine step times over seeded random games, and render times."""

from __future__ import annotations

import random
import time

from benchmarks.stats import summary
from bot.games.pixel_pusher import PixelPusherEngine
from bot.games.pixel_tactics import PixelTacticsEngine
from rendering import pixel_pusher as pusher_render
from rendering import pixel_tactics as tactics_render

NAMES = ["Ana", "Bartholomew", "Chloé", "Dmitri"]


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
    """Time legal_actions + apply + public view per step over random games."""
    steps, sizes, total = [], [], 0
    for seed in range(games):
        for state in _play(engine, players, options, seed):
            if engine.is_terminal(state):
                break
            decision = engine.pending(state)[0]
            start = time.perf_counter()
            legal = engine.legal_actions(state, decision.player)
            engine.apply(state, decision.player, legal[0])
            engine.view(state, None)
            steps.append(time.perf_counter() - start)
            sizes.append(len(legal))
            total += 1
    return {**summary(steps), "actions_per_game": round(total / games), "max_actions": max(sizes)}


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
    out = {"Pixel Tactics step (best of 3)": _engine_case(tactics, 2, {"trophies": 2}, games)}
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
