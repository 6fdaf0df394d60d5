"""The kinds of decision a learner meets in each game, read from their seat's view and legal actions only (no
rules here beyond reading what the engine offers): one function per game, each returning the kinds of the
pending decision in the order their tips are posted. ``ACTIONS`` names, for every action type of each game, the
kind whose tip explains it (a test fails on an action type missing here)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

View = dict[str, Any]
Legal = list[dict[str, Any]]

#: every action type of each game -> the decision kind whose tip explains it
ACTIONS: dict[str, dict[str, str]] = {
    "pixies": {"take": "pick", "keep": "keep", "space": "space"},
    "tixel": {"place": "place", "slide": "slide", "activate": "bonus", "pickup": "bonus", "pivot": "bonus",
              "end": "bonus", "offer_draw": "draw", "accept_draw": "draw", "decline_draw": "draw"},
    "pixel-tactics": {"leader": "leader", "end": "wave", "draw": "draw", "recruit": "recruit", "attack": "attack",
                      "spell": "power", "leader_action": "power", "order": "order", "operation": "operation",
                      "trap": "place_trap", "move": "move", "switch": "move", "clear_corpse": "corpse",
                      "clear_reserve": "reserve", "activate": "trap", "decline": "trap"},
    "pixel-pusher": {"pick": "draft", "install": "build", "pixel": "pixel", "flip": "flip", "convert": "convert",
                     "confirm": "convert", "store": "store", "unstore": "store", "fill": "score", "done": "score"},
}

#: action types of a game that its tutorial never offers (the tutorial's options leave their mode or option off),
#: with the option that brings them; a test checks that tutorial games never offer them
NOT_IN_TUTORIAL: dict[str, dict[str, str]] = {
    "pixel-tactics": {"chase": "Chase Leaders", "promo_draw": "Promos", "snap": "League bases",
                      "draft_draw": "Duel Draft", "gather": "Duel Draft", "epic_boon": "Epic Duel",
                      "epic_done": "Epic Duel"},
}

#: each game's kinds of a turn, in the order their tips are posted (the kinds read from the action types)
ORDER: dict[str, tuple[str, ...]] = {
    "pixel-tactics": ("leader", "trap", "wave", "draw", "recruit", "attack", "power", "order", "operation",
                      "place_trap", "move", "corpse", "reserve"),
    "pixel-pusher": ("draft", "build", "pixel", "flip", "convert", "store", "score"),
}


def _types(legal: Legal) -> set[str]:
    return {a.get("type") for a in legal if isinstance(a, dict)}


def _by_actions(game: str, legal: Legal) -> list[str]:
    """Return the kinds explaining the legal action types of ``game``, in the game's tip order."""
    kinds = {ACTIONS[game].get(kind) for kind in _types(legal)}
    return [kind for kind in ORDER[game] if kind in kinds]


def pixies_kinds(view: View, legal: Legal) -> list[str]:
    """Pixies: taking from the offer, keep-or-swap, placing face down, and (from round 2) the round's scoring."""
    types = _types(legal)
    kinds = [kind for kind, action in (("pick", "take"), ("keep", "keep"), ("space", "space")) if action in types]
    if kinds and view.get("round", 1) >= 2:
        kinds.append("scoring")
    return kinds


def tixel_kinds(view: View, legal: Legal) -> list[str]:
    """Tixel: placing, sliding, a slide that sacrifices, the bonus move (pivots), a Poka Yoke promotion, and
    draw offers."""
    types = _types(legal)
    kinds = []
    if "place" in types and view.get("phase") == "move":
        kinds.append("place")
    if "slide" in types and view.get("phase") == "move":
        kinds.append("slide")
    if any(a.get("type") == "slide" and a.get("turn") is None for a in legal):
        kinds.append("sacrifice")
    if view.get("phase") == "bonus":
        kinds.append("bonus")
        if "pickup" in types and (view.get("options") or {}).get("poka_yoke"):
            kinds.append("promotion")
    if types & {"offer_draw", "accept_draw"}:
        kinds.append("draw")
    return kinds


def pixel_tactics_kinds(view: View, legal: Legal) -> list[str]:
    """Pixel Tactics: the Leader, a Trap window, the waves and turn (ending it), drawing, recruiting, attacking,
    powers (Spell or Leader action), an Order, an Operation, placing a Trap, Move or Switch, clearing a Corpse,
    clearing the reserve."""
    return _by_actions("pixel-tactics", legal)


def pixel_pusher_kinds(view: View, legal: Legal) -> list[str]:
    """Pixel Pusher: the draft pick, installing (Build), taking a pixel instead, flipping the board (the
    Reverser), converting, storing, filling scanlines (Score)."""
    return _by_actions("pixel-pusher", legal)


KINDS: dict[str, Callable[[View, Legal], list[str]]] = {
    "pixies": pixies_kinds, "tixel": tixel_kinds, "pixel-tactics": pixel_tactics_kinds,
    "pixel-pusher": pixel_pusher_kinds,
}


def decision_kinds(game: str, view: View, legal: Legal) -> list[str]:
    """Return the kinds of a seat's pending decision in ``game`` (none: nothing to decide or no tutorial)."""
    kinds = KINDS.get(game)
    return kinds(view, legal) if kinds is not None and legal else []
