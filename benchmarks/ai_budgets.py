"""Decision times of the computer players, per game and level, from positions of real games (outside CI).

Positions come from seeded games played by ``easy`` computer players at every seat (real, short games: random
players wander for thousands of moves in Pixel Tactics); every few decisions with at least two legal actions is
kept. Each level then decides from each kept position (its seat's view and legal actions) and the wall time of
``bot.ai.player.decide`` is taken. ``python -m benchmarks.ai_budgets [--games tixel pixies ...] [--levels strong]
[--positions 12]`` prints p50/p95 per (game, level); ``benchmarks.ai_strength`` stores and reports them.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from benchmarks.stats import percentile
from bot.ai import player
from bot.registry import engine

#: case → (game, players, options) of the games whose positions are timed
CASES: dict[str, tuple[str, int, dict[str, Any]]] = {
    "tixel": ("tixel", 2, {}),
    "pixies 2p": ("pixies", 2, {}),
    "pixies 4p": ("pixies", 4, {}),
    "pixel-pusher 2p": ("pixel-pusher", 2, {}),
    "pixel-pusher 4p": ("pixel-pusher", 4, {}),
    "pixel-tactics classic": ("pixel-tactics", 2, {"trophies": 1}),
    "pixel-tactics siege": ("pixel-tactics", 2, {"mode": "siege"}),
    "pixel-tactics duel draft": ("pixel-tactics", 2, {"mode": "duel_draft"}),
    "pixel-tactics epic": ("pixel-tactics", 2, {"mode": "epic"}),
    "pixel-tactics team": ("pixel-tactics", 4, {"mode": "team"}),
    "pixel-tactics king": ("pixel-tactics", 6, {"mode": "king"}),
}
#: goals of issue 14: p95 of one decision, seconds
GOALS = {"strong": 2.0, "easy": 0.05}
MAX_STEPS = 3000


def positions(case: str, count: int, seed: int = 1) -> list[tuple[dict, int, list[dict]]]:
    """Return ``count`` (view, seat, legal) positions spread over seeded games of ``case`` played by ``easy``."""
    game, players, options = CASES[case]
    eng = engine(game)
    out: list[tuple[dict, int, list[dict]]] = []
    number = 0
    while len(out) < count and number < 20:
        rng = random.Random(seed * 100 + number)
        state = eng.new_game(players, options, seed * 100 + number)
        every = 3 + rng.randrange(4)
        for step in range(MAX_STEPS):
            if eng.is_terminal(state) or len(out) >= count:
                break
            seat = min(d.player for d in eng.pending(state))
            legal = eng.legal_actions(state, seat)
            view = eng.view(state, seat)
            if len(legal) > 1 and step % every == 0:
                out.append((view, seat, legal))
            action = player.decide(game, view, seat, legal, "easy", step) if len(legal) > 1 else legal[0]
            state = eng.apply(state, seat, action)
        number += 1
    return out


def time_decisions(case: str, level: str, spots: list[tuple[dict, int, list[dict]]]) -> list[tuple[float, float]]:
    """Return (CPU time, wall time) in seconds of ``level`` deciding from each position. A decision runs on one
    core, so its CPU time is what it takes on an idle core of this machine; the wall time also counts the
    other processes sharing the cores."""
    game = CASES[case][0]
    times = []
    for index, (view, seat, legal) in enumerate(spots):
        wall, cpu = time.perf_counter(), time.process_time()
        action = player.decide(game, view, seat, legal, level, index)
        times.append((time.process_time() - cpu, time.perf_counter() - wall))
        assert action in legal
    return times


def summary(times: list[tuple[float, float]]) -> dict[str, Any]:
    """Return n, p50 and p95 of the CPU time and p95 of the wall time, in milliseconds."""
    if not times:
        return {"n": 0}
    cpu, wall = [t[0] for t in times], [t[1] for t in times]
    return {"n": len(times), "p50_ms": round(percentile(cpu, 0.5) * 1000, 1),
            "p95_ms": round(percentile(cpu, 0.95) * 1000, 1), "max_ms": round(max(cpu) * 1000, 1),
            "wall_p95_ms": round(percentile(wall, 0.95) * 1000, 1)}


def main(argv: list[str] | None = None) -> int:
    """Print p50/p95 decision times of the chosen cases and levels."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", nargs="*", default=list(CASES), choices=list(CASES))
    parser.add_argument("--levels", nargs="*", default=list(player.LEVELS), choices=list(player.LEVELS))
    parser.add_argument("--positions", type=int, default=12)
    args = parser.parse_args(argv)
    for case in args.cases:
        spots = positions(case, args.positions)
        for level in args.levels:
            budget = player.budget_for(CASES[case][0], level) if level != "easy" else None
            print(case, level, budget, summary(time_decisions(case, level, spots)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
