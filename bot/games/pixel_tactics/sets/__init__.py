"""The card sets: a registry of sets (one data module each), content versions, and start-up validation.

Playable cards (``SETS``) are dual cards (Leader side, Hero side, tactic) of the core sets, minipaks and the
Promo deck, and Commons (Hero side and tactic, no Leader side). Chase Leaders (Leader side only) and League
Bases live in registries of their own, since they never enter a deck.

Content is versioned: a game records the version it was dealt with (in its card ids, see ``state.py``), so
rebalancing a card never changes a running game or a replay. Version 1 is the first core set as released;
version 2 is every set before the Leader rebalance of version 3 (``leaders_v2.py`` keeps the Leader sides it
changed); version 3 is every set before the Leader tuning of version 4 (``leaders_v3.py`` keeps the Leader sides
it changed); version 4 is every set before the Leader tuning of version 5 (``leaders_v4.py`` keeps the Leader sides
it changed); version 5 is every set before the tuning of version 6 (``sides_v5.py`` keeps the sides it changed, a
Leader side and, for the first time, a Hero side); ``CURRENT`` is every set as it is now.
"""

from __future__ import annotations

from typing import Any

from .bases import CARDS as BASES_LIST
from .chase import CARDS as CHASE_LIST
from .commons import CARDS as COMMONS
from .core import CARDS as CORE
from .core2 import CARDS as CORE2
from .core_v1 import CARDS as CORE_V1
from .leaders_v2 import LEADERS as LEADERS_V2
from .leaders_v3 import LEADERS as LEADERS_V3
from .leaders_v4 import LEADERS as LEADERS_V4
from .mini1 import CARDS as MINI1
from .mini2 import CARDS as MINI2
from .promo import CARDS as PROMO
from .sides_v5 import SIDES as SIDES_V5

#: the content version new games are dealt with
CURRENT = 6
#: set name -> its cards, in set order (playable cards only)
SETS: dict[str, list[dict[str, Any]]] = {
    "core": CORE, "core2": CORE2, "mini1": MINI1, "mini2": MINI2, "commons": COMMONS, "promo": PROMO,
}
#: set name -> (title, kind) where kind is "core", "minipak", "commons" or "promo"
SET_INFO: dict[str, tuple[str, str]] = {
    "core": ("Core Set 1", "core"), "core2": ("Core Set 2", "core"), "mini1": ("Minipak 1", "minipak"),
    "mini2": ("Minipak 2", "minipak"), "commons": ("Commons", "commons"), "promo": ("Promos", "promo"),
}
#: Chase Leaders and League Bases (never dealt into a deck)
CHASE: list[dict[str, Any]] = CHASE_LIST
BASES: list[dict[str, Any]] = BASES_LIST

_BY_KEY: dict[str, dict[str, Any]] = {c["key"]: c for cards in SETS.values() for c in cards}
_V5: dict[str, dict[str, Any]] = {key: {**c, **SIDES_V5[key]} if key in SIDES_V5 else c for key, c in _BY_KEY.items()}
_V4: dict[str, dict[str, Any]] = {key: {**c, "leader": LEADERS_V4[key]} if key in LEADERS_V4 else c
                                  for key, c in _V5.items()}
_V3: dict[str, dict[str, Any]] = {key: {**c, "leader": LEADERS_V3[key]} if key in LEADERS_V3 else c
                                  for key, c in _V4.items()}
_LEGACY: dict[int, dict[str, dict[str, Any]]] = {
    1: {c["key"]: c for c in CORE_V1},
    2: {key: {**c, "leader": LEADERS_V2[key]} if key in LEADERS_V2 else c for key, c in _V3.items()},
    3: _V3,
    4: _V4,
    5: _V5,
}
_CHASE_BY_KEY: dict[str, dict[str, Any]] = {c["key"]: c for c in CHASE}
_BASE_BY_KEY: dict[str, dict[str, Any]] = {c["key"]: c for c in BASES}


def card_def(key: str, version: int = CURRENT) -> dict[str, Any]:
    """Return the definition of a card key in a content version (``KeyError`` if unknown)."""
    if version != CURRENT:
        return _LEGACY[version][key]
    return _BY_KEY[key]


def chase_def(key: str) -> dict[str, Any]:
    """Return a Chase Leader's definition (``KeyError`` if unknown)."""
    return _CHASE_BY_KEY[key]


def base_def(key: str) -> dict[str, Any]:
    """Return a League Base's definition (``KeyError`` if unknown)."""
    return _BASE_BY_KEY[key]


def set_keys(set_name: str) -> list[str]:
    """Return the card keys of a set, in set order."""
    return [c["key"] for c in SETS[set_name]]


def all_cards() -> list[dict[str, Any]]:
    """Return every playable card definition of every set (current content)."""
    return [c for cards in SETS.values() for c in cards]


def validate(cards: list[dict[str, Any]] | None = None) -> list[str]:
    """Return the problems found in the card data (empty when every card is complete and known)."""
    from . import checks

    if cards is not None:
        return checks.problems(cards)
    found = checks.problems(all_cards())
    found += checks.problems(CORE_V1) + checks.problems(list(_LEGACY[2].values()))
    found += checks.problems(list(_LEGACY[3].values()))
    found += checks.problems(list(_LEGACY[4].values())) + checks.problems(list(_LEGACY[5].values()))
    found += checks.problems(CHASE) + checks.problems(BASES)
    found += checks.registry({**SETS, "chase": CHASE, "bases": BASES})
    return found


def assert_valid() -> None:
    """Raise ``ValueError`` listing every problem of the registered sets."""
    found = validate()
    if found:
        raise ValueError("Invalid Pixel Tactics card data:\n" + "\n".join(found))
