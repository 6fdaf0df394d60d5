"""Helpers for the Core Set 2 tests: ``scenario.build`` positions whose decks hold Core Set 2 cards only.

``scenario.build`` deals unplaced cards of the core set into the decks; ``setup2`` swaps those for the
unplaced Core Set 2 cards (the match's ``set`` becomes ``"core2"``), so ``check_invariants`` holds.
"""

from __future__ import annotations

from typing import Any

from bot.games.pixel_tactics import match
from bot.games.pixel_tactics.scenario import build, cards_of
from tests.games.pt_card_helpers import end

#: Core Set 2 Leaders with no passive ability (only long Leader actions), for a quiet Unit
QUIET2 = ("cryptmother", "tidecaller")


def setup2(leaders: tuple[str, str] = QUIET2, **kw: Any) -> dict[str, Any]:
    """Return ``scenario.build(leaders, ...)`` with Core Set 2 decks (placed cards where given)."""
    state = build(leaders, **kw)
    state["set"] = "core2"
    state.pop("mirror", None)  # build's mirror of the core set around foreign cards: the whole core2 set instead
    for seat in range(len(state["players"])):
        player = state["players"][seat]
        mine = match.all_cards(state, seat)
        player["deck"] = [c for c in player["deck"] if c in mine]
        player["discard"] = [c for c in player["discard"] if c in mine]
        placed = set(cards_of(state, seat))
        player["deck"] += [c for c in mine if c not in placed]
    return state


def wave_end(state: dict[str, Any]) -> dict[str, Any]:
    """End both turns of the current wave (seat 0 first): casualties are checked and the next wave begins."""
    return end(end(state, 0), 1)


__all__ = ["QUIET2", "setup2", "wave_end"]
