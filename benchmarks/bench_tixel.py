"""Tixel: legal-move generation on mid-game positions, notation, and board render time."""

from __future__ import annotations

import random
import time

from benchmarks.stats import summary
from bot.games.tixel import TixelEngine, format_action
from rendering import tixel as render


def midgame_states(games: int = 30, options: dict | None = None) -> list[dict]:
    """Return positions from seeded random games once at least 12 pieces stand on the board."""
    engine = TixelEngine()
    states = []
    for seed in range(games):
        rng = random.Random(seed)
        state = engine.new_game(2, options or {}, seed)
        for _ in range(300):
            if engine.is_terminal(state):
                break
            if len(engine.view(state, None)["board"]) >= 12:
                states.append(state)
            decision = engine.pending(state)[0]
            legal = [a for a in engine.legal_actions(state, decision.player) if "draw" not in a["type"]]
            state = engine.apply(state, decision.player, rng.choice(legal))
    return states


def run(games: int = 30) -> dict:
    """Time legal_actions, formatting every legal action, and render_board on mid-game positions."""
    engine = TixelEngine()
    out = {}
    for label, options in (("base", {}), ("tix=4, poka yoke", {"tix": 4, "poka_yoke": True})):
        states = midgame_states(games, options)
        gen, fmt, sizes = [], [], []
        for state in states:
            player = engine.pending(state)[0].player
            start = time.perf_counter()
            actions = engine.legal_actions(state, player)
            gen.append(time.perf_counter() - start)
            start = time.perf_counter()
            [format_action(a) for a in actions]
            fmt.append(time.perf_counter() - start)
            sizes.append(len(actions))
        out[f"legal_actions ({label})"] = {**summary(gen), "positions": len(states),
                                           "max_actions": max(sizes)}
        out[f"format all legal ({label})"] = summary(fmt)
    renders, size = [], 0
    for state in midgame_states(5)[::10][:20]:
        view = engine.view(state, None)
        start = time.perf_counter()
        size = len(render.render_board(view, ["Ana", "Bartholomew"]))
        renders.append(time.perf_counter() - start)
    out["render_board"] = {**summary(renders), "png_kb": round(size / 1024, 1)}
    return out
