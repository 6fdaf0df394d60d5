"""Render time and PNG size of every Pixies image, from real mid-game views."""

from __future__ import annotations

import random
import time

from benchmarks.stats import summary
from bot.games.pixies import PixiesEngine
from rendering import pixies as render

NAMES = ["Ana", "Bartholomew", "Chloé", "Dmitri"]


def sample_views(players: int, seed: int = 7) -> tuple[dict, dict]:
    """Return a mid-round-2 view and the finished view of one random game."""
    engine = PixiesEngine()
    rng = random.Random(seed)
    state = engine.new_game(players, {}, seed)
    middle = None
    while not engine.is_terminal(state):
        view = engine.view(state, None)
        if middle is None and view["round"] == 2 and view["turn"] >= 4:
            middle = view
        decision = engine.pending(state)[0]
        state = engine.apply(state, decision.player, rng.choice(engine.legal_actions(state, decision.player)))
    return middle, engine.view(state, None)


def run(repeats: int = 20) -> dict:
    """Median/p95 render time and PNG size per image kind and player count."""
    out = {}
    for players in (2, 3, 4):
        middle, final = sample_views(players)
        names = NAMES[:players]
        jobs = {"table": lambda m=middle, n=names: render.render_table(m, n),
                "round_scores": lambda f=final, n=names: render.render_round_scores(f, n, 3),
                "final": lambda f=final, n=names: render.render_final(f, n)}
        for kind, job in jobs.items():
            timings, size = [], 0
            for _ in range(repeats):
                start = time.perf_counter()
                size = len(job())
                timings.append(time.perf_counter() - start)
            out[f"{kind} {players}p"] = {**summary(timings), "png_kb": round(size / 1024, 1)}
    return out
