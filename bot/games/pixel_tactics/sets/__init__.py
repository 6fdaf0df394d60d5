"""The card sets: a registry of sets (one data module each) and start-up validation."""

from __future__ import annotations

from typing import Any

from .core import CARDS as CORE

SETS: dict[str, list[dict[str, Any]]] = {"core": CORE}
_BY_KEY: dict[str, dict[str, Any]] = {c["key"]: c for cards in SETS.values() for c in cards}


def card_def(key: str) -> dict[str, Any]:
    """Return the definition of a card key (``KeyError`` if unknown)."""
    return _BY_KEY[key]


def set_keys(set_name: str) -> list[str]:
    """Return the card keys of a set, in set order."""
    return [c["key"] for c in SETS[set_name]]


def all_cards() -> list[dict[str, Any]]:
    """Return every card definition of every set."""
    return [c for cards in SETS.values() for c in cards]


def validate(cards: list[dict[str, Any]] | None = None) -> list[str]:
    """Return the problems found in the card data (empty when every card is complete and known)."""
    from . import checks

    return checks.problems(all_cards() if cards is None else cards)


def assert_valid() -> None:
    """Raise ``ValueError`` listing every problem of the registered sets."""
    found = validate()
    if found:
        raise ValueError("Invalid Pixel Tactics card data:\n" + "\n".join(found))
