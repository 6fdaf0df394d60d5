"""Short helpers for the per-card Pixel Tactics tests (positions from ``scenario.build``, one action each).

Seat 0 is the acting player unless a test says otherwise. Every expected value in the tests is worked
out by hand from the card text and the rules; these helpers only read the state or send one action.
"""

from __future__ import annotations

from typing import Any

from bot.games.pixel_tactics.scenario import (
    act,
    at,
    build,
    card_id,
    check_invariants,
    hand_size,
    keys,
    legal,
    stats,
)
from bot.games.pixel_tactics.state import key_of

#: Leaders without any passive ability (only Leader actions), used when a test needs a quiet Unit
QUIET = ("gearsmith", "starseer")


def setup(leaders: tuple[str, str] = QUIET, **kw: Any) -> dict[str, Any]:
    """Return ``scenario.build(...)`` with two quiet Leaders unless others are given."""
    return build(leaders, **kw)


def dmg(state: dict[str, Any], where: str) -> int:
    """Return the damage on the member at ``where``."""
    return at(state, where)["damage"]


def sts(state: dict[str, Any], where: str) -> list[str]:
    """Return the status list of the member at ``where``."""
    return at(state, where)["statuses"]


def kind(state: dict[str, Any], where: str) -> str | None:
    """Return "hero", "leader" or "corpse" at ``where`` (None when the slot is empty)."""
    entry = at(state, where)
    return None if entry is None else entry["kind"]


def card_key(state: dict[str, Any], where: str) -> str | None:
    """Return the card key at a unit or reserve position (None when empty)."""
    entry = at(state, where)
    return None if entry is None else key_of(entry["card"])


def hand(state: dict[str, Any], seat: int) -> list[str]:
    """Return the card keys in a seat's hand, in order."""
    return keys(state["players"][seat]["hand"])


def pile(state: dict[str, Any], seat: int) -> list[str]:
    """Return the card keys in a seat's discard pile, in order."""
    return keys(state["players"][seat]["discard"])


def deck(state: dict[str, Any], seat: int) -> list[str]:
    """Return the card keys of a seat's deck, top first."""
    return keys(state["players"][seat]["deck"])


def attack(state: dict[str, Any], by: str, target: str, seat: int = 0) -> dict[str, Any]:
    """Declare an Attack from ``by`` at ``target``."""
    return act(state, seat, {"type": "attack", "by": by, "target": target})


def spell(state: dict[str, Any], by: str, target: str | None = None, seat: int = 0) -> dict[str, Any]:
    """Cast the Spell of the Hero at ``by``."""
    return act(state, seat, {"type": "spell", "by": by, "target": target})


def order(state: dict[str, Any], key: str, target: str | None = None, seat: int = 0) -> dict[str, Any]:
    """Play the Order of the hand card ``key``."""
    return act(state, seat, {"type": "order", "card": card_id(seat, key), "target": target})


def operation(state: dict[str, Any], key: str, seat: int = 0) -> dict[str, Any]:
    """Play the Operation of the hand card ``key``."""
    return act(state, seat, {"type": "operation", "card": card_id(seat, key)})


def place_trap(state: dict[str, Any], key: str, policy: str = "ask", seat: int = 0) -> dict[str, Any]:
    """Place the Trap of the hand card ``key`` face down."""
    return act(state, seat, {"type": "trap", "card": card_id(seat, key), "policy": policy})


def lead(state: dict[str, Any], target: str | None = None, seat: int = 0) -> dict[str, Any]:
    """Use the Leader action."""
    return act(state, seat, {"type": "leader_action", "target": target})


def recruit(state: dict[str, Any], key: str, slot: str, seat: int = 0) -> dict[str, Any]:
    """Recruit the hand card ``key`` into ``slot``."""
    return act(state, seat, {"type": "recruit", "card": card_id(seat, key), "slot": slot})


def end(state: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    """End the turn."""
    return act(state, seat, {"type": "end"})


def activate(state: dict[str, Any], seat: int, slot: str = "X0", target: str | None = None) -> dict[str, Any]:
    """Activate the face-down Trap at ``slot`` in an open window."""
    return act(state, seat, {"type": "activate", "slot": slot, "target": target})


def decline(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """Decline an open Trap window."""
    return act(state, seat, {"type": "decline"})


def window(state: dict[str, Any]) -> dict[str, Any] | None:
    """Return the open Trap window (``{"seat", "slots"}``) or None."""
    return state["window"]


def can(state: dict[str, Any], seat: int, action: dict[str, Any]) -> bool:
    """Return whether ``action`` is among the legal actions of ``seat``."""
    return action in legal(state, seat)


def choices(state: dict[str, Any], seat: int, kind_: str, field: str, **match: Any) -> list[Any]:
    """Return the values of ``field`` over the legal actions of type ``kind_`` matching ``match``."""
    return sorted((a[field] for a in legal(state, seat)
                   if a["type"] == kind_ and all(a.get(k) == v for k, v in match.items())),
                  key=lambda v: "" if v is None else str(v))


__all__ = ["QUIET", "act", "activate", "at", "attack", "can", "card_key", "check_invariants", "choices",
           "decline", "deck", "dmg", "end", "hand", "hand_size", "kind", "lead", "legal", "operation", "order",
           "pile", "place_trap", "recruit", "setup", "spell", "stats", "sts", "window"]


def doc_section(heading: str) -> str:
    """The text of a ``## `` section of the rules doc (up to the next ``## `` heading), stripped."""
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "pixel_tactics.md").read_text(encoding="utf-8")
    assert doc.count(f"\n{heading}\n") == 1, heading
    body = doc.split(f"\n{heading}\n", 1)[1]
    return body.split("\n## ", 1)[0].strip() + "\n"

