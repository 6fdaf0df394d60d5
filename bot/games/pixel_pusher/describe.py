"""Pixel Pusher action sentences: public ones never name a drafted card nor a private Convert & Store step."""

from __future__ import annotations

from typing import Any

from ..base import Action
from .board import State
from .checks import ALL_TYPES
from .content import COLOUR_NAMES, IMAGES, MACHINES, card_name, recipe_text
from .score import scanline


def fallback(player: Any, action: Any) -> str:
    """Return a neutral sentence for an action that cannot be described (malformed input never crashes)."""
    kind = action.get("type") if isinstance(action, dict) else None
    who = f"seat {player + 1}" if type(player) is int else "a player"
    return f"{who}: {kind if isinstance(kind, str) and kind in ALL_TYPES else 'action'}"


def describe(state: State, player: int, action: Action, private: bool) -> str:
    """Describe an action from the state before it is applied (``private``: as its player reads it)."""
    kind = action["type"]
    if kind == "pick":
        return f"picked {card_name(action['card'])}" if private else "made a pick"
    if kind == "install":
        return f"installed {MACHINES[action['card']]['name']} in slot {action['slot']}"
    if kind == "pixel":
        card = action.get("card") or state["hands"][player][0]
        what = f"discarded {card_name(card)}" if private else "discarded a card"
        return f"{what} to take a random pixel"
    if kind == "flip":
        side = state["boards"][player]["side"]
        return f"flipped their board to the {'6-1' if side == 'A' else '1-6'} side"
    if kind == "convert":
        if not private:
            return "worked on their machine"
        return f"converted {recipe_text(action['pay'], action['gain'])} with {card_name(action['source'])}"
    if kind in ("store", "unstore"):
        if not private:
            return "worked on their machine"
        return f"{'stored' if kind == 'store' else 'took out of storage'} a {COLOUR_NAMES[action['color']]} pixel"
    if kind == "confirm":
        return "confirmed Convert & Store"
    if kind == "fill":
        line = scanline(action["image"], action["row"])
        return f"filled row {action['row'] + 1} of {IMAGES[action['image']]['name']} for {line['vp']} VP"
    if kind == "done":
        return "finished scoring"
    return fallback(player, action)
