"""Pixel Pusher state helpers: copying, pixel lists, bag draws, machine boards and acting orders."""

from __future__ import annotations

from typing import Any

from ..base import rng_for
from .content import ABILITIES, COLOURS, MACHINES, PRIMARIES

State = dict[str, Any]

#: storage slots printed on every machine board (ours)
BASE_STORAGE = 4
#: machine cards per draft stack, on top of the ability card
STACK_CARDS = 3
#: pixels preloaded on conveyor segments 1..6
PRELOAD = (6, 5, 4, 3, 2, 1)
#: machine cards returned to the box at setup, by player count
REMOVED = {2: 20, 3: 10, 4: 0}
SEGMENTS = 6
_ORDER = {c: i for i, c in enumerate(COLOURS)}


def sort_pixels(pixels: list[str]) -> list[str]:
    """Return pixels sorted in colour order R G B C M Y W."""
    return sorted(pixels, key=_ORDER.__getitem__)


def count(pixels: list[str], colour: str) -> int:
    """Return how many pixels of ``colour`` a list holds."""
    return sum(1 for p in pixels if p == colour)


def remove_pixels(pixels: list[str], needs: dict[str, int]) -> None:
    """Remove ``needs`` from a pixel list in place (the caller checked they are there)."""
    for colour, n in needs.items():
        for _ in range(n):
            pixels.remove(colour)


def can_pay(pixels: list[str], needs: dict[str, int]) -> bool:
    """Return whether a pixel list holds every pixel of ``needs``."""
    return all(count(pixels, c) >= n for c, n in needs.items())


def max_fills(state: State) -> int:
    """Return the scanlines a player may fill in one Score phase (games begun before the option: 2)."""
    return state.get("max_fills", 2)


def content_version(state: State) -> int:
    """Return the content version a game was dealt with (games begun before versions: 1)."""
    return state.get("content", 1)


def seat_name(seat: int) -> str:
    """Return the public name of a seat, e.g. ``"Seat 2"``."""
    return f"Seat {seat + 1}"


def note(state: State, template: str, **fields: Any) -> None:
    """Write a public log entry: its English sentence to ``log`` (old readers, the computer players) and its event
    ``{"template", "fields"}`` to ``log_events`` (the same index), which the application words in any language.
    Fields: ``seat`` a seat index, ``seats`` a list of them, ``abilities`` a list of ability names, ``card``,
    ``image`` and ``new`` printed names, any other a number or a pixel letter."""
    def english(key: str, value: Any) -> Any:
        if key == "seat":
            return seat_name(value)
        if key == "seats":
            return ", ".join(seat_name(s) for s in value)
        return ", ".join(value) if key == "abilities" else value
    state["log"].append(template.format(**{k: english(k, v) for k, v in fields.items()}))
    state.setdefault("log_events", []).append({"template": template, "fields": fields})


def draw(state: State, how_many: int) -> list[str]:
    """Draw up to ``how_many`` random pixels from the bag (fewer if it runs out), sorted."""
    pool = [c for c in PRIMARIES for _ in range(state["bag"][c])]
    how_many = min(how_many, len(pool))
    if how_many <= 0:
        return []
    rng = rng_for(state["seed"], "bag", state["rng"])
    state["rng"] += 1
    picked = rng.sample(pool, how_many)
    for colour in picked:
        state["bag"][colour] -= 1
    return sort_pixels(picked)


# ------------------------------------------------------------------ machine boards
def new_board() -> dict[str, Any]:
    """Return an empty machine board on its 1-6 side."""
    return {"side": "A", "slots": [[] for _ in range(SEGMENTS)], "held": [], "stored": [], "score": 0}


def slot_segment(board: dict[str, Any], slot: int) -> int:
    """Return the conveyor segment (0-based) that a 0-based slot reads on the board's current side."""
    return slot if board["side"] == "A" else SEGMENTS - 1 - slot


def storage_capacity(board: dict[str, Any]) -> int:
    """Return the storage slots of a board: the printed ones plus every installed storage card."""
    extra = sum(MACHINES[c]["slots"] for stack in board["slots"] for c in stack if MACHINES[c]["type"] == "storage")
    return BASE_STORAGE + extra


def stack_kind(stack: list[str]) -> tuple[str, str | None] | None:
    """Return what a slot holds: ``(type, colour)`` for collectors, ``(type, None)`` otherwise; None if empty."""
    if not stack:
        return None
    card = MACHINES[stack[0]]
    return (card["type"], card.get("color"))


def fits(stack: list[str], card_id: str) -> bool:
    """Return whether ``card_id`` may be installed on ``stack``: an empty slot, or a stack of the same type
    (for collectors: of the same colour)."""
    kind = stack_kind(stack)
    card = MACHINES[card_id]
    return kind is None or kind == (card["type"], card.get("color"))


def slot_demand(stack: list[str]) -> tuple[str, int] | None:
    """Return ``(colour, n)`` a slot of stacked collectors takes (the sum of its cards), or None."""
    kind = stack_kind(stack)
    if kind is None or kind[0] != "collector":
        return None
    return kind[1], sum(MACHINES[c]["n"] for c in stack)


def converter_sources(state: State, seat: int) -> list[tuple[str, list[dict[str, Any]], int]]:
    """Return ``(source id, recipes, uses)`` for every converter of ``seat``: installed cards by slot, then
    ability cards held this round."""
    sources = []
    for stack in state["boards"][seat]["slots"]:
        for card_id in stack:
            card = MACHINES[card_id]
            if card["type"] == "converter":
                sources.append((card_id, [{"pay": card["pay"], "gain": card["gain"]}], card["uses"]))
    for ability_id in state["abilities_held"][seat]:
        ability = ABILITIES[ability_id]
        sources.append((ability_id, ability["recipes"], ability["uses"]))
    return sources


# ------------------------------------------------------------------ order
def holder(state: State, ability_id: str) -> int | None:
    """Return the seat holding an ability card this round, or None."""
    for seat, held in enumerate(state["abilities_held"]):
        if ability_id in held:
            return seat
    return None


def phase_order(state: State, ability_id: str | None) -> list[int]:
    """Return the active seats in acting order: clockwise (left) from the ability's holder, or from the
    first-player token when nobody holds it."""
    start = holder(state, ability_id) if ability_id else None
    if start is None:
        start = state["token"]
    n = state["num_players"]
    return [(start + i) % n for i in range(n) if state["active"][(start + i) % n]]


def active_seats(state: State) -> list[int]:
    """Return the seats still playing."""
    return [s for s in range(state["num_players"]) if state["active"][s]]
