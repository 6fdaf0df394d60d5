"""The computer players' levels and their one entry point, ``decide`` (pure: same inputs, same action).

``decide`` sees only the view of its seat (never a state) and the legal actions offered to that seat.
easy: one-ply greedy on the adapter's heuristic over one determinization, with noise; normal and strong:
ISMCTS (``bot.ai.search``) with a per-game iteration budget (Tixel's strong: a two-turn alpha-beta search).
Budgets are iterations or positions, never time, so a decision is reproducible from (game, view, seat, legal, level, seed).
"""

from __future__ import annotations

import hashlib
import json
import random

from bot.ai.base import adapter, terminal_value
from bot.ai.search import Budget, action_key, candidates, search, successor
from bot.games.base import Action, GameError, View

LEVELS = ("easy", "normal", "strong")

#: noise added to easy's one-ply values (so it is beatable and varied)
EASY_NOISE = 0.08
#: easy looks at no more than this many legal actions (a random sample), so it stays fast and fallible
EASY_SAMPLE = 24

#: (game, level) → search budget. Normal is a short search (a few dozen iterations, short playouts): a fair game
#: for a newcomer, clearly below strong (measured: strong won 35 of 40 Pixies, 27 of 30 Pixel Pusher and 17 of 17
#: Pixel Tactics games against it, 2026-11-28). Strong budgets keep a decision ≤ 2 s p95 on this machine's 2 cores
#: (CPU time per decision measured by ``python -m benchmarks.ai_strength``, recorded in docs/performance.md).
BUDGETS: dict[tuple[str, str], Budget] = {
    ("tixel", "normal"): Budget(iterations=150, rollout_depth=3, width=10),
    # Tixel has no hidden information: strong searches two turns (its own, the rival's reply, bonus moves included)
    # by alpha-beta on the mobility lead, within 40,000 positions (docs/ai.md)
    ("tixel", "strong"): Budget(iterations=0, rollout_depth=0, depth=2, nodes=40000),
    ("pixies", "normal"): Budget(iterations=25, rollout_depth=4),
    ("pixies", "strong"): Budget(iterations=700, rollout_depth=16),
    ("pixel-tactics", "normal"): Budget(iterations=12, rollout_depth=4),
    ("pixel-tactics", "strong"): Budget(iterations=120, rollout_depth=12),
    ("pixel-pusher", "normal"): Budget(iterations=30, rollout_depth=4),
    ("pixel-pusher", "strong"): Budget(iterations=360, rollout_depth=16),
}
#: used for a game without its own entry above
DEFAULT_BUDGETS: dict[str, Budget] = {
    "normal": Budget(iterations=150, rollout_depth=10),
    "strong": Budget(iterations=600, rollout_depth=16),
}


def budget_for(game: str, level: str) -> Budget:
    """The search budget of ``level`` in ``game``."""
    return BUDGETS.get((game, level)) or DEFAULT_BUDGETS[level]


def decision_rng(game: str, view: View, seat: int, level: str, seed: int) -> random.Random:
    """The random source of one decision: derived from its inputs only (stable across processes)."""
    text = json.dumps([game, seat, level, seed, view], sort_keys=True, default=str)
    return random.Random(hashlib.sha256(text.encode()).hexdigest())


def decide(game: str, view: View, seat: int, legal: list[Action], level: str, seed: int) -> Action:
    """Return the action (one of ``legal``) the computer player of ``level`` takes from ``view``."""
    if not legal:
        raise ValueError("decide needs at least one legal action")
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    game_adapter = adapter(game)
    narrowed = getattr(game_adapter, "choices", None)  # an adapter may set aside actions that can loop for ever
    if narrowed is not None:
        legal = narrowed(view, seat, legal)
    if len(legal) == 1:
        return legal[0]
    rng = decision_rng(game, view, seat, level, seed)
    if level == "easy":
        return greedy(game_adapter, view, seat, legal, rng)
    return search(game_adapter, view, seat, legal, budget_for(game, level), rng)


def greedy(game_adapter, view: View, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """One-ply greedy with noise: of (a sample of) ``legal``, the action whose successor evaluates best."""
    engine = game_adapter.engine
    state = game_adapter.determinize(view, seat, rng)
    allowed = {action_key(seat, a) for a in candidates(game_adapter, state, seat)}
    looked = legal if len(legal) <= EASY_SAMPLE else rng.sample(legal, EASY_SAMPLE)
    best, best_value = looked[0], -1.0
    for action in looked:
        if allowed and action_key(seat, action) not in allowed:
            continue
        try:
            after = successor(game_adapter, state, seat, action)
        except GameError:  # the sample may disagree with a hidden detail: skip that action
            continue
        if engine.is_terminal(after):
            value = terminal_value(engine, after, seat)
        else:
            value = game_adapter.evaluate(after, seat)
        value += rng.uniform(0.0, EASY_NOISE)
        if value > best_value:
            best, best_value = action, value
    return best
