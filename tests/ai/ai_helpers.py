"""Shared helpers of the computer players' tests: seeded games, tiny search budgets, positions."""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Iterator

from bot.ai import player
from bot.ai.base import adapter
from bot.ai.search import Budget
from bot.registry import engine

#: a search budget small enough for CI (the real budgets are benchmarked, not tested)
TINY = Budget(iterations=4, rollout_depth=2)
#: the legality games' budget: the smallest search that still expands, plays out and chooses (many games)
LEGAL = Budget(iterations=2, rollout_depth=1)
SOAK = os.environ.get("PARLOR_SOAK") == "1"


def tiny_budgets(monkeypatch, budget: Budget = TINY, easy_sample: int | None = None) -> None:
    """Make every level search with ``budget`` (normal and strong) for the test; ``easy_sample`` also caps how
    many actions easy looks at."""
    for level in ("normal", "strong"):
        monkeypatch.setitem(player.DEFAULT_BUDGETS, level, budget)
    for key in list(player.BUDGETS):
        monkeypatch.setitem(player.BUDGETS, key, budget)
    if easy_sample is not None:
        monkeypatch.setattr(player, "EASY_SAMPLE", easy_sample)


def positions(game: str, players: int, games: int, options=None) -> Iterator[dict]:
    """Every state of ``games`` random seeded games (options drawn by ``options(rng)`` if given)."""
    eng = engine(game)
    for g in range(games):
        rng = random.Random(g)
        state = eng.new_game(players, options(rng) if options else {}, 500 + g)
        yield state
        while not eng.is_terminal(state):
            seat = eng.pending(state)[0].player
            state = eng.apply(state, seat, rng.choice(eng.legal_actions(state, seat)))
            yield state


def play(game: str, players: int, levels: list[str], seed: int, options=None, *, strong_every: int = 1,
         counts: Counter | None = None) -> tuple[dict, int]:
    """Play one seeded game, seat i played by ``levels[i]`` ("random", "playout": the adapter's playout policy,
    a level, or "mixed": easy, normal and strong in turn, move after move; with ``strong_every`` k, only every k-th
    of a mixed seat's strong turns is strong's, the others normal's: a sample of strong's slow decisions); every
    computer move is checked to be one of the legal actions. ``counts`` gathers the decisions each level made with
    a choice (two legal actions or more). Return the final state and the number of computer moves."""
    eng = engine(game)
    rng = random.Random(seed)
    state = eng.new_game(players, options or {}, seed)
    moves = strong_turns = 0
    while not eng.is_terminal(state):
        seat = min(d.player for d in eng.pending(state))
        legal = eng.legal_actions(state, seat)
        level = player.LEVELS[(moves + seat) % 3] if levels[seat] == "mixed" else levels[seat]
        if levels[seat] == "mixed" and level == "strong":
            strong_turns += 1
            if (strong_turns - 1) % strong_every:
                level = "normal"
        if level == "random":
            action = rng.choice(legal)
        elif level == "playout":  # the adapter's cheap playout policy (it sees the state: a filler, no level)
            action = adapter(game).rollout(state, seat, legal, rng)
        else:
            action = player.decide(game, eng.view(state, seat), seat, legal, level, seed * 1000 + moves)
            assert action in legal, (game, level, action)
            moves += 1
            if counts is not None and len(legal) > 1:
                counts[level] += 1
        state = eng.apply(state, seat, action)
    return state, moves
