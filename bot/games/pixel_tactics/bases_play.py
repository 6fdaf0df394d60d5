"""League Bases in play: each seat's face-up Base sits out of play, its Ongoing abilities act as its owner's
Leader's from the start, and its Snap (a turn action) applies once and flips it, ending both effects."""

from __future__ import annotations

from typing import Any

from ..base import BadOptions, IllegalAction, Phrase
from . import sets
from .effects import apply_effects, is_hostile
from .positions import ref
from .state import State, ceasefire, entry_at, log, name, seat_label
from .targets import candidates

#: Base definitions by key looked up before the registry (tests and tools hand-build Bases through this)
EXTRA: dict[str, dict[str, Any]] = {}


def base_def(key: str) -> dict[str, Any]:
    """Return a Base's definition (``KeyError`` if unknown)."""
    found = EXTRA.get(key)
    return found if found is not None else sets.base_def(key)


def initial(value: Any, num_players: int) -> list[dict[str, Any] | None]:
    """Return the ``bases`` state of a new game from the option (per seat a Base key or None); raise
    ``BadOptions`` for anything else."""
    if not isinstance(value, list) or len(value) != num_players:
        raise BadOptions("bases must be a list of {seats} Base keys (or null for a seat without one).",
                         seats=num_players)
    out: list[dict[str, Any] | None] = []
    for key in value:
        if key is None:
            out.append(None)
            continue
        if not isinstance(key, str) or not _known(key):
            raise BadOptions("Unknown League Base: {base}.", base=repr(key))
        out.append({"key": key, "snapped": False})
    return out


def _known(key: str) -> bool:
    """Return whether ``key`` names a Base."""
    try:
        base_def(key)
    except KeyError:
        return False
    return True


def held(state: State, seat: int) -> dict[str, Any] | None:
    """Return ``seat``'s Base record ``{"key", "snapped"}`` (None without one)."""
    bases = state.get("bases")
    return bases[seat] if bases and seat < len(bases) else None


def ongoing(state: State, seat: int) -> list[dict[str, Any]]:
    """Return the Ongoing abilities ``seat``'s Base gives its Leader (none once snapped or without a Base)."""
    base = held(state, seat)
    if base is None or base["snapped"]:
        return []
    return base_def(base["key"])["ongoing"]["abilities"]


def snap_options(state: State, seat: int, board: dict[str, Any], left: int) -> list[dict[str, Any]]:
    """Return the legal Snap actions of ``seat`` with ``left`` actions left (a hostile Snap waits for the end
    of the Ceasefire, like a Leader action)."""
    base = held(state, seat)
    if base is None or base["snapped"]:
        return []
    snap = base_def(base["key"])["snap"]
    if snap["cost"] > left or (ceasefire(state) and is_hostile(snap)):
        return []
    if snap.get("target") is None:
        return [{"type": "snap", "target": None}]
    return [{"type": "snap", "target": t}
            for t in candidates(state, board, seat, snap["target"], ref(seat, "L"), None)]


def snap(state: State, seat: int, target: str | None) -> None:
    """Use ``seat``'s Snap: pay its cost, flip the Base (both its effects end), then apply the Snap effects
    (their "self" is the owner's Leader)."""
    base = held(state, seat)
    definition = base_def(base["key"])
    state["actions_left"] -= definition["snap"]["cost"]
    base["snapped"] = True
    log(state, f"{seat_label(seat)} snaps the Base {definition['name']}"
        + (f" on {_label(state, target)}." if target else "."))
    entry = entry_at(state, target) if target else None
    ctx = {"seat": seat, "source": ref(seat, "L"), "target": target,
           "target_card": entry["card"] if entry else None, "event": None, "depth": 0}
    apply_effects(state, ctx, definition["snap"]["effects"])


def refusal(state: State, seat: int, left: int) -> IllegalAction:
    """Return why a Snap is refused (the refusal), without revealing anything hidden."""
    base = held(state, seat)
    if base is None:
        return IllegalAction("You have no League Base in this game.")
    if base["snapped"]:
        return IllegalAction("Your Base is already snapped.")
    snap_def = base_def(base["key"])["snap"]
    if snap_def["cost"] > left:
        return IllegalAction(Phrase.counted("Your Base's Snap costs {n} action.", "Your Base's Snap costs {n} actions.",
                                            snap_def["cost"]))
    if ceasefire(state) and is_hostile(snap_def):
        return IllegalAction("No interfering with the Rival during the Ceasefire (the whole first round).")
    return IllegalAction("That target is not allowed for your Base's Snap.")


def base_view(state: State, seat: int) -> dict[str, Any] | None:
    """Return ``seat``'s Base as everyone sees it (Bases are face up): its card and whether it is snapped."""
    base = held(state, seat)
    if base is None:
        return None
    d = base_def(base["key"])
    return {"key": base["key"], "name": d["name"], "colour": d["colour"], "points": d["points"],
            "ongoing": d["ongoing"]["text"], "snap": d["snap"]["text"], "cost": d["snap"]["cost"],
            "snapped": base["snapped"]}


def name_of(state: State, seat: int) -> str:
    """Return the name of ``seat``'s Base ("a Base" without one)."""
    base = held(state, seat)
    return base_def(base["key"])["name"] if base else "a Base"


def _label(state: State, target: str) -> str:
    """Return "Name (ref)" for a position."""
    entry = entry_at(state, target)
    return f"{name(entry['card'])} ({target})" if entry else target
