"""Draft action sentences: the public ones never name a card of a pack, a face-down lot or a pool. Each is an
event (an English template marked for the catalogue and its fields): ``describe`` fills it in English, the
presenter in the server's or the player's language."""

from __future__ import annotations

from typing import Any

from ..base import N_, Phrase, State
from .cube import name

Event = tuple[str, dict[str, Any]]


def _label(value: Any) -> str:
    return value if isinstance(value, str) and value.isidentifier() else "action"


def _price(cost: int) -> Phrase:
    """A Purchase lot's price: free, 1 coin, n coins."""
    if not cost:
        return Phrase(N_("free"))
    return Phrase.counted("{n} coin", "{n} coins", cost)


def event(state: State, player: int, action: Any, private: bool) -> Event:
    """An action as an event, from the state before it is applied (``private``: as its player reads it)."""
    if not isinstance(action, dict):
        return "action", {}
    kind = action.get("type")
    leader = action.get("to") == "leader"
    try:
        if kind == "pick":
            return (N_("picked {card}"), {"card": name(action["card"])}) if private else (N_("made a pick"), {})
        if kind == "take":
            size = len(state["lots"][state["looking"]])
            lot = state["looking"] + 1
            return Phrase.counted("took lot {lot} ({n} card)", "took lot {lot} ({n} cards)", size, lot=lot), {}
        if kind == "leader":
            lot = state["looking"] + 1
            if private:
                return (N_("took {card} of lot {lot} as a Leader and shuffled the rest back"),
                        {"card": name(action["card"]), "lot": lot})
            return N_("took a card of lot {lot} as a Leader and shuffled the rest back"), {"lot": lot}
        if kind == "pass":
            return N_("passed lot {lot}"), {"lot": state["looking"] + 1}
        if kind == "keep":
            if private:
                return (N_("kept {card} as a Leader") if leader else N_("kept {card} as a Hero"),
                        {"card": name(state["drawn"])})
            return (N_("kept the drawn card as a Leader") if leader else N_("kept the drawn card as a Hero")), {}
        if kind == "buy":
            lot = state["lots"][action["lot"]]
            return (N_("bought {card} ({price}) as a Leader") if leader else N_("bought {card} ({price}) as a Hero"),
                    {"card": name(lot["card"]), "price": _price(action["lot"])})
        if kind == "return":
            if private:
                return N_("returned {card} to the Cube"), {"card": name(action["card"])}
            return N_("returned a Hero to the Cube"), {}
        if kind == "done":
            return N_("finished returning Heroes"), {}
    except (KeyError, IndexError, TypeError):
        pass
    return _label(kind), {}


def describe(state: State, player: int, action: Any, private: bool) -> str:
    """Describe an action from the state before it is applied (``private``: as its player reads it), in English."""
    template, fields = event(state, player, action, private)
    return template.format(**fields) if fields else template
