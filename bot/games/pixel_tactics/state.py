"""State helpers: copying, card ids, unit access, the log, seeded randomness."""

from __future__ import annotations

import json
import random
from typing import Any

from ..base import rng_for
from .positions import HERO_SLOTS, RESERVE, SLOTS, parse_ref
from .sets import card_def

State = dict[str, Any]
LOG_KEEP = 80


def copy_state(state: State) -> State:
    """Return a deep copy of a plain-JSON state."""
    return json.loads(json.dumps(state))


def owner(card_id: str) -> int:
    """Return the seat owning a card instance ``"<seat>.<key>"``."""
    return int(card_id.split(".", 1)[0])


def key_of(card_id: str) -> str:
    """Return the card key of an instance id."""
    return card_id.split(".", 1)[1]


def card(card_id: str) -> dict[str, Any]:
    """Return the (shared, read-only) card definition of an instance id."""
    return card_def(key_of(card_id))


def name(card_id: str) -> str:
    """Return the printed name of a card instance."""
    return card(card_id)["name"]


def seats(state: State) -> range:
    """Return every seat of the game."""
    return range(len(state["players"]))


def rivals(state: State, seat: int) -> list[int]:
    """Return every other seat, in turn order after ``seat``."""
    n = len(state["players"])
    return [(seat + i) % n for i in range(1, n)]


def rival(state: State, seat: int) -> int:
    """Return the (first) rival of ``seat`` (the only one in Classic)."""
    return rivals(state, seat)[0]


def unit(state: State, seat: int) -> dict[str, Any]:
    """Return a seat's unit (slot -> entry or None)."""
    return state["players"][seat]["unit"]


def entry_at(state: State, ref_text: str) -> dict[str, Any] | None:
    """Return the unit entry (or reserve entry) at a reference, or None."""
    parsed = parse_ref(ref_text)
    if parsed is None:
        return None
    seat, slot = parsed
    if seat >= len(state["players"]):
        return None
    if slot in RESERVE:
        return state["players"][seat]["reserve"][RESERVE.index(slot)]
    return state["players"][seat]["unit"][slot]


def living(state: State, ref_text: str) -> dict[str, Any] | None:
    """Return the entry at ``ref_text`` if it is a living Hero or Leader."""
    entry = entry_at(state, ref_text)
    if entry is None or entry.get("kind") not in ("hero", "leader"):
        return None
    return entry


def members(state: State, seat: int, kinds: tuple[str, ...] = ("hero", "leader")) -> list[str]:
    """Return the slots of ``seat``'s unit holding an entry of one of ``kinds``, in slot order."""
    u = state["players"][seat]["unit"]
    return [s for s in SLOTS if u[s] is not None and u[s]["kind"] in kinds]


def heroes(state: State, seat: int) -> list[str]:
    """Return the slots of ``seat``'s living Heroes."""
    return members(state, seat, ("hero",))


def empty_slots(state: State, seat: int) -> list[str]:
    """Return the empty Hero slots of a unit."""
    u = state["players"][seat]["unit"]
    return [s for s in HERO_SLOTS if u[s] is None]


def new_entry(card_id: str, kind: str) -> dict[str, Any]:
    """Return a fresh unit entry for a card."""
    return {"card": card_id, "kind": kind, "damage": 0, "statuses": [], "fresh": False, "acted": False}


def log(state: State, text: str) -> None:
    """Append a public line to the log (only the last lines are kept)."""
    state["log"].append(text)
    if len(state["log"]) > LOG_KEEP:
        del state["log"][: len(state["log"]) - LOG_KEEP]


def rng(state: State, purpose: str) -> random.Random:
    """Return a fresh generator drawn from the game's seed and counter (the counter advances; drawing
    randomness counts as a reveal, so the action cannot be undone)."""
    state["rng"] += 1
    state["reveals"] += 1
    return rng_for(state["seed"], "pt", purpose, state["rng"])


def reveal(state: State) -> None:
    """Record that hidden information was revealed or randomness drawn (undo is refused then)."""
    state["reveals"] += 1


def seat_label(seat: int) -> str:
    """Return the public label of a seat."""
    return f"Seat {seat + 1}"


def ceasefire(state: State) -> bool:
    """Return whether the Ceasefire is on (the whole first round)."""
    return state["round"] == 1
