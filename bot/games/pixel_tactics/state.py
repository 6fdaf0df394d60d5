"""State helpers: copying, card ids, unit access, the log, seeded randomness."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from ..base import clone, rng_for
from .positions import HERO_SLOTS, RESERVE, SLOTS, parse_ref
from .sets import card_def, chase_def

State = dict[str, Any]
LOG_KEEP = 80


def _copy_entry(entry: dict[str, Any] | None) -> dict[str, Any] | None:
    """Return a copy of a unit entry (its only container is the statuses list) or reserve item (flat)."""
    if entry is None:
        return None
    new = entry.copy()
    if "statuses" in new:
        new["statuses"] = new["statuses"][:]
    return new


def _copy_player(player: dict[str, Any]) -> dict[str, Any]:
    """Return a deep copy of one player of the known layout (other keys are cloned)."""
    new = player.copy()
    for key, value in player.items():
        if key == "unit":
            new[key] = {slot: _copy_entry(entry) for slot, entry in value.items()}
        elif key == "reserve":
            new[key] = [_copy_entry(item) for item in value]
        elif type(value) is list and key in _FLAT_LISTS:
            new[key] = value[:]
        elif type(value) is dict or type(value) is list:
            new[key] = clone(value)
    return new


#: state and player keys holding lists of strings or numbers only
_FLAT_LISTS = frozenset(("deck", "hand", "discard", "decisions", "log", "limited", "in_flight"))


def copy_state(state: State) -> State:
    """Return a deep copy of a plain-JSON state (no container shared with ``state``), using its known
    layout for speed; the copy equals ``json.loads(json.dumps(state))``."""
    new = state.copy()
    for key, value in state.items():
        if key == "players":
            new[key] = [_copy_player(p) for p in value]
        elif type(value) is list and key in _FLAT_LISTS:
            new[key] = value[:]
        elif type(value) is dict or type(value) is list:
            new[key] = clone(value)
    return new


def owner(card_id: str) -> int:
    """Return the seat owning a card instance ``"<seat>.<key>[@<version>][#<copy>]"``."""
    return int(card_id.split(".", 1)[0])


@lru_cache(maxsize=4096)
def _parts(card_id: str) -> tuple[str, int, int]:
    """Return ``(key, content version, copy number)`` of an instance id (no ``@`` = version 1)."""
    rest = card_id.split(".", 1)[1]
    rest, _, copy = rest.partition("#")
    key, at, version = rest.partition("@")
    return key, int(version) if at else 1, int(copy) if copy else 1


def key_of(card_id: str) -> str:
    """Return the card key of an instance id."""
    return _parts(card_id)[0]


def version_of(card_id: str) -> int:
    """Return the content version an instance id was dealt with (1 for ids without ``@``)."""
    return _parts(card_id)[1]


def copy_of(card_id: str) -> int:
    """Return which copy of its card an instance is (1, or 2 and 3 in Epic decks)."""
    return _parts(card_id)[2]


def make_id(seat: int, key: str, version: int, copy: int = 1) -> str:
    """Return the instance id of ``seat``'s ``copy`` of ``key`` in content ``version`` (version 1: no ``@``)."""
    text = f"{seat}.{key}" if version == 1 else f"{seat}.{key}@{version}"
    return text if copy == 1 else f"{text}#{copy}"


@lru_cache(maxsize=4096)
def card(card_id: str) -> dict[str, Any]:
    """Return the (shared, read-only) card definition of an instance id, in the id's content version."""
    key, version, _copy = _parts(card_id)
    return card_def(key, version)


def leader_side(entry: dict[str, Any]) -> dict[str, Any]:
    """Return the Leader side a Leader entry plays with: its Chase Leader's when one replaced it, else its
    card's (anything reading the Leader's Hero side or name still reads ``entry["card"]``)."""
    chase = entry.get("chase")
    if chase:
        return chase_def(chase)["leader"]
    return card(entry["card"])["leader"]


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
    return [s for s in SLOTS if (e := u[s]) is not None and e["kind"] in kinds]


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


#: a result reason event's fields that hold a seat (an index in the event, ``Seat n`` in the English)
SEAT_FIELDS = ("winner", "loser", "seat")


def end_reason(template: str, **fields: int) -> tuple[str, dict[str, Any]]:
    """A match result's reason: its English sentence and its event ``{"template", "fields"}`` (the template marked
    ``N_``; a field named in ``SEAT_FIELDS`` holds a seat index, any other a number), stored as
    ``result["reason_event"]`` so that the application words it in any language without reading the English."""
    english = template.format(**{k: seat_label(v) if k in SEAT_FIELDS else v for k, v in fields.items()})
    return english, {"template": template, "fields": dict(fields)}


def ceasefire(state: State) -> bool:
    """Return whether the Ceasefire is on (the whole first round; team modes: a restarting seat's lone round)."""
    return state["round"] == 1 or ("teams" in state and state["teams"]["ceasefire_seat"] is not None)
