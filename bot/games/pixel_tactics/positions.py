"""Unit geometry: slot names, rows, columns, forerunner/supporter, position references."""

from __future__ import annotations

from functools import lru_cache

#: the nine unit slots, front row first (``L`` = the Leader, centre of the Flank row)
SLOTS = ("V0", "V1", "V2", "F0", "L", "F2", "R0", "R1", "R2")
#: the slots a Hero may stand in
HERO_SLOTS = tuple(s for s in SLOTS if s != "L")
RESERVE = ("X0", "X1", "X2")
ROWS = ("V", "F", "R")
ROW_NAME = {"V": "vanguard", "F": "flank", "R": "rear"}
WAVE_NAME = {"V": "Vanguard", "F": "Flank", "R": "Rear"}
_GRID = {"V": ("V0", "V1", "V2"), "F": ("F0", "L", "F2"), "R": ("R0", "R1", "R2")}


def row_of(slot: str) -> str:
    """Return the row letter of a unit slot (``L`` is in the Flank row)."""
    return "F" if slot == "L" else slot[0]


def column_of(slot: str) -> int:
    """Return the column (0-2, from the owner's left) of a unit slot."""
    return 1 if slot == "L" else int(slot[1])


def slot_at(row: str, column: int) -> str:
    """Return the slot name at ``row`` and ``column``."""
    return _GRID[row][column]


def row_slots(row: str) -> tuple[str, ...]:
    """Return the three slots of a row."""
    return _GRID[row]


def column_slots(column: int) -> list[str]:
    """Return the slots of a column, front first."""
    return [_GRID[r][column] for r in ROWS]


def forerunner(slot: str) -> str | None:
    """Return the slot directly in front of ``slot`` (None in the Vanguard)."""
    index = ROWS.index(row_of(slot))
    return None if index == 0 else slot_at(ROWS[index - 1], column_of(slot))


def supporter(slot: str) -> str | None:
    """Return the slot directly behind ``slot`` (None in the Rear)."""
    index = ROWS.index(row_of(slot))
    return None if index == 2 else slot_at(ROWS[index + 1], column_of(slot))


def ref(seat: int, slot: str) -> str:
    """Return the position reference ``"<seat>:<slot>"``."""
    return f"{seat}:{slot}"


def parse_ref(text: object) -> tuple[int, str] | None:
    """Return ``(seat, slot)`` of a well-formed reference, or None."""
    if not isinstance(text, str):
        return None
    return _parse(text)


@lru_cache(maxsize=1024)
def _parse(text: str) -> tuple[int, str] | None:
    """Return ``parse_ref`` of a string (cached: the same few references are parsed again and again)."""
    if text.count(":") != 1:
        return None
    seat, slot = text.split(":")
    if not seat.isdigit() or (slot not in SLOTS and slot not in RESERVE):
        return None
    return int(seat), slot
