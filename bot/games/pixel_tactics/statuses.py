"""Status effects: the known statuses, stacking and the cancellation of opposites."""

from __future__ import annotations

from typing import Any

STATUSES = ("+1 Attack", "-1 Attack", "+1 Life", "-1 Life", "Intercept", "Ranged", "No Special Abilities")
OPPOSITE = {"+1 Attack": "-1 Attack", "-1 Attack": "+1 Attack", "+1 Life": "-1 Life", "-1 Life": "+1 Life"}
NSA = "No Special Abilities"


def add_status(entry: dict[str, Any], status: str, times: int = 1) -> None:
    """Place ``status`` on a unit entry ``times`` times; each copy cancels one opposite copy instead."""
    for _ in range(times):
        opposite = OPPOSITE.get(status)
        if opposite is not None and opposite in entry["statuses"]:
            entry["statuses"].remove(opposite)
        else:
            entry["statuses"].append(status)


def remove_status(entry: dict[str, Any], status: str) -> None:
    """Remove one copy of ``status`` (``"all"``: every status) from a unit entry."""
    if status == "all":
        entry["statuses"] = []
    elif status in entry["statuses"]:
        entry["statuses"].remove(status)


def attack_bonus(statuses: list[str]) -> int:
    """Return the Attack change of a status list."""
    return statuses.count("+1 Attack") - statuses.count("-1 Attack")


def life_bonus(statuses: list[str]) -> int:
    """Return the Life change of a status list."""
    return statuses.count("+1 Life") - statuses.count("-1 Life")
