"""Pixel Tactics' computer-player adapter for every mode: the view is turned into full states by ``deal.py``,
judged by ``value.py`` and played out with the heuristic of ``policy.py`` (the balance runs' policy too)."""

from __future__ import annotations

import random

from bot.ai.base import terminal_value
from bot.games.base import Action, State, View
from bot.registry import engine as registry_engine

from .deal import determinize
from .policy import heuristic_policy
from .value import evaluate


class PixelTacticsAdapter:
    """The computer players' knowledge of Pixel Tactics."""

    game = "pixel-tactics"

    def __init__(self) -> None:
        """Bind the shared engine."""
        self.engine = registry_engine(self.game)

    def determinize(self, view: View, seat: int, rng: random.Random) -> State:
        """A full state whose view for ``seat`` is ``view``, hidden cards dealt at random (``deal.py``)."""
        return determinize(view, seat, rng)

    def advance_owned(self, state: State, player: int, action: Action) -> State:
        """A playout step on the search's own copy, in place and unchecked (the action is one of ``legal_actions``
        of this very state)."""
        return self.engine.apply_owned(state, player, action)

    def evaluate(self, state: State, seat: int) -> float:
        """Value in [0, 1]: the match result when over, else the material lead (``value.py``)."""
        if state["status"] == "finished":
            return terminal_value(self.engine, state, seat)
        return evaluate(state, seat)

    def rollout(self, state: State, player: int, legal: list[Action], rng: random.Random) -> Action:
        """The balance runs' heuristic: the best-scoring action by what it does to the board, a little noise."""
        return heuristic_policy(state, player, legal, rng)


ADAPTER = PixelTacticsAdapter()
