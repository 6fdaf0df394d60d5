"""Pixel Tactics game modes: their names and the mode of a match (Classic states hold no ``mode`` key)."""

from __future__ import annotations

from typing import Any

#: engine option value -> the mode's name shown to players
MODES: dict[str, str] = {"classic": "Classic", "siege": "Siege", "duel_draft": "Duel Draft", "epic": "Epic Duel"}


def mode_of(state: dict[str, Any]) -> str:
    """Return the mode a match is played in ("classic" when the state holds no ``mode``)."""
    return state.get("mode", "classic")


def mode_title(state: dict[str, Any]) -> str:
    """Return the players' name of a match's mode ("Classic", "Siege", "Duel Draft", "Epic Duel")."""
    return MODES.get(mode_of(state), MODES["classic"])
