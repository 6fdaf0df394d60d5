"""The kinds of decision a learner meets in each game, read from their seat's view and legal actions only (no
rules here beyond reading what the engine offers): one function per game, each returning the kinds of the
pending decision in the order their tips are posted."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

View = dict[str, Any]
Legal = list[dict[str, Any]]


def _types(legal: Legal) -> set[str]:
    return {a.get("type") for a in legal if isinstance(a, dict)}


def pixies_kinds(view: View, legal: Legal) -> list[str]:
    """Pixies: taking from the offer, keep-or-swap, placing face down, and (from round 2) the round's scoring."""
    types = _types(legal)
    kinds = [kind for kind, action in (("pick", "take"), ("keep", "keep"), ("space", "space")) if action in types]
    if kinds and view.get("round", 1) >= 2:
        kinds.append("scoring")
    return kinds


def tixel_kinds(view: View, legal: Legal) -> list[str]:
    """Tixel: placing, sliding, a slide that sacrifices, the bonus move (pivots), a Poka Yoke promotion."""
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
    return kinds


def pixel_tactics_kinds(view: View, legal: Legal) -> list[str]:
    """Pixel Tactics: the Leader, the waves and turn, recruiting, attacking, powers, clearing a Corpse, a Trap
    window."""
    phase = view.get("phase")
    if not legal:
        return []
    if phase == "leader":
        return ["leader"]
    if phase == "trap":
        return ["trap"]
    types = _types(legal)
    kinds = ["wave"]
    for kind, actions in (("recruit", {"recruit"}), ("attack", {"attack"}), ("power", {"spell", "leader_action"}),
                          ("corpse", {"clear_corpse"})):
        if types & actions:
            kinds.append(kind)
    return kinds


def pixel_pusher_kinds(view: View, legal: Legal) -> list[str]:
    """Pixel Pusher: the draft pick, installing (Build), converting and storing, filling scanlines."""
    if not legal:
        return []
    phase = view.get("phase")
    types = _types(legal)
    if phase == "draft":
        return ["draft"]
    if phase == "build" and "install" in types:
        return ["build"]
    if phase == "convert":
        return ["convert"]
    if phase == "score" and "fill" in types:
        return ["score"]
    return []


KINDS: dict[str, Callable[[View, Legal], list[str]]] = {
    "pixies": pixies_kinds, "tixel": tixel_kinds, "pixel-tactics": pixel_tactics_kinds,
    "pixel-pusher": pixel_pusher_kinds,
}


def decision_kinds(game: str, view: View, legal: Legal) -> list[str]:
    """Return the kinds of a seat's pending decision in ``game`` (none: nothing to decide or no tutorial)."""
    kinds = KINDS.get(game)
    return kinds(view, legal) if kinds is not None and legal else []
