"""Draft action sentences: the public ones never name a card of a pack, a face-down lot or a pool."""

from __future__ import annotations

from typing import Any

from ..base import State
from .cube import name


def _label(value: Any) -> str:
    return value if isinstance(value, str) and value.isidentifier() else "action"


def describe(state: State, player: int, action: Any, private: bool) -> str:
    """Describe an action from the state before it is applied (``private``: as its player reads it)."""
    if not isinstance(action, dict):
        return "action"
    kind = action.get("type")
    try:
        if kind == "pick":
            return f"picked {name(action['card'])}" if private else "made a pick"
        if kind == "take":
            size = len(state["lots"][state["looking"]])
            return f"took lot {state['looking'] + 1} ({size} card{'' if size == 1 else 's'})"
        if kind == "leader":
            what = name(action["card"]) if private else "a card"
            return f"took {what} of lot {state['looking'] + 1} as a Leader and shuffled the rest back"
        if kind == "pass":
            return f"passed lot {state['looking'] + 1}"
        if kind == "keep":
            what = name(state["drawn"]) if private else "the drawn card"
            return f"kept {what} as a {'Leader' if action.get('to') == 'leader' else 'Hero'}"
        if kind == "buy":
            lot = state["lots"][action["lot"]]
            cost = action["lot"]
            return (f"bought {name(lot['card'])} ({'free' if not cost else f'{cost} coin' + ('s' if cost > 1 else '')})"
                    f" as a {'Leader' if action.get('to') == 'leader' else 'Hero'}")
        if kind == "return":
            return f"returned {name(action['card'])} to the Cube" if private else "returned a Hero to the Cube"
        if kind == "done":
            return "finished returning Heroes"
    except (KeyError, IndexError, TypeError):
        pass
    return _label(kind)
