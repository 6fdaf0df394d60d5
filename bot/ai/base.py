"""The per-game adapter protocol every computer player builds on, and where each game's adapter lives.

An adapter knows one game well enough to (1) rebuild a full engine state from what one seat sees,
sampling the hidden parts (``determinize``), (2) judge a state (``evaluate``) and (3) pick a cheap
playout move (``rollout``). Everything else (search, levels, the worker) is game-agnostic. Adapters are
pure: no I/O, no wall clock, randomness only from the ``random.Random`` they are given.

Each game's module (``bot.ai.tixel``, ``bot.ai.pixies``, ``bot.ai.pixel_tactics``, ``bot.ai.pixel_pusher``)
exposes a module-level ``ADAPTER`` object implementing :class:`Adapter`.
"""

from __future__ import annotations

import random
from functools import cache
from importlib import import_module
from typing import Protocol, runtime_checkable

from bot.games.base import Action, Engine, State, View

#: registry key (``bot.registry.GAMES``) → module exposing ``ADAPTER``
ADAPTER_MODULES: dict[str, str] = {
    "tixel": "bot.ai.tixel",
    "pixies": "bot.ai.pixies",
    "pixel-tactics": "bot.ai.pixel_tactics",
    "pixel-pusher": "bot.ai.pixel_pusher",
}


@runtime_checkable
class Adapter(Protocol):
    """What a game provides so that the computer players can play it."""

    #: the registry key ("tixel", "pixies", "pixel-tactics", "pixel-pusher")
    game: str
    #: the game's engine (the shared instance of ``bot.registry.engine(game)``)
    engine: Engine

    def determinize(self, view: View, seat: int, rng: random.Random) -> State:
        """A full engine state consistent with `view` (what `seat` sees); hidden parts sampled."""

    def evaluate(self, state: State, seat: int) -> float:
        """Heuristic value in [0, 1] of `state` for `seat` (terminal: 1 win, 0 loss, 0.5 draw/tie share)."""

    def rollout(self, state: State, player: int, legal: list[Action], rng: random.Random) -> Action:
        """A cheap playout policy: one of `legal` for `player` in `state`."""


def has_adapter(game: str) -> bool:
    """Whether the computer players can play `game` (its adapter module exists and imports)."""
    try:
        adapter(game)
    except (KeyError, ImportError):
        return False
    return True


@cache
def adapter(game: str) -> Adapter:
    """The adapter of a game (``KeyError`` for an unknown game, ``ImportError`` if not written yet)."""
    return import_module(ADAPTER_MODULES[game]).ADAPTER


def terminal_value(engine: Engine, state: State, seat: int) -> float:
    """The value of a finished game for `seat`: 1 sole win, 0 loss, a tie's share in between.

    A seat sharing the win with k-1 others gets 1/k; no winner at all (a draw) gives each seat 1/n; a
    seat that did not win scores by its rank group (last 0, up to 0.4), so 3-4 player games still
    separate second from last place.
    """
    res = engine.result(state)
    groups = res.ranking
    if seat in res.winners:
        return 1.0 / len(res.winners)
    if not res.winners:
        return 1.0 / max(1, sum(len(group) for group in groups))
    place = next((i for i, group in enumerate(groups) if seat in group), len(groups) - 1)
    worst = len(groups) - 1
    return 0.4 * (worst - place) / worst if worst > 0 else 0.0
