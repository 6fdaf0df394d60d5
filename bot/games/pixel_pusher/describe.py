"""Pixel Pusher action sentences: public ones never name a drafted card nor a private Convert & Store step."""

from __future__ import annotations

from typing import Any

from ..base import Action
from .board import State
from .checks import ALL_TYPES
from .events import describe_event, event_text


def fallback(player: Any, action: Any) -> str:
    """Return a neutral sentence for an action that cannot be described (malformed input never crashes)."""
    kind = action.get("type") if isinstance(action, dict) else None
    who = f"seat {player + 1}" if type(player) is int else "a player"
    return f"{who}: {kind if isinstance(kind, str) and kind in ALL_TYPES else 'action'}"


def describe(state: State, player: int, action: Action, private: bool) -> str:
    """Describe an action from the state before it is applied (``private``: as its player reads it)."""
    try:
        return event_text(describe_event(state, player, action, private))
    except KeyError:
        if action.get("type") in ALL_TYPES:
            raise
        return fallback(player, action)
