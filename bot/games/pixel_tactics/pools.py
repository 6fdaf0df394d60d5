"""Card pools of deckbuilding: what kind each card is, the default pool, the default Cube, Combination decks.

Pure: a pool is a list of card keys; a Combination deck is dealt from a seed.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from ..base import N_, GameError
from . import sets

#: every set a server may put in its card pool (Promos only by choice: the rulebook keeps them out)
POOL_SETS = ("core", "core2", "mini1", "mini2", "commons", "promo")
#: the sets of the default pool: every playable card but the Promos
DEFAULT_POOL_SETS = ("core", "core2", "mini1", "mini2", "commons")
#: a Cube must let 8 players Pack Draft: 32 cards each
CUBE_MIN = 32 * 8
#: no Cube (and no Epic deck) holds more than 3 copies of a card
MAX_COPIES = 3

_CHASE = {c["key"]: c for c in sets.CHASE}
_BASES = {c["key"]: c for c in sets.BASES}


class CombinationError(GameError, ValueError):
    """A Combination our sets cannot supply (the message says why: a catalogue template and its fields)."""


#: a Combination of the wrong sets, by (format, one core set named, one minipak named) (a Standard one of one
#: core set and one minipak is right)
_WRONG_COUNT = {
    ("standard", True, False):
        N_("A Standard Combination is one core set and one minipak; "
           "you named {cores} core set and {minis} minipaks."),
    ("standard", False, True):
        N_("A Standard Combination is one core set and one minipak; "
           "you named {cores} core sets and {minis} minipak."),
    ("standard", False, False):
        N_("A Standard Combination is one core set and one minipak; "
           "you named {cores} core sets and {minis} minipaks."),
    ("epic", True, True):
        N_("An Epic Combination is two core sets and two minipaks, one core set and five minipaks, or eight "
           "minipaks; you named {cores} core set and {minis} minipak."),
    ("epic", True, False):
        N_("An Epic Combination is two core sets and two minipaks, one core set and five minipaks, or eight "
           "minipaks; you named {cores} core set and {minis} minipaks."),
    ("epic", False, True):
        N_("An Epic Combination is two core sets and two minipaks, one core set and five minipaks, or eight "
           "minipaks; you named {cores} core sets and {minis} minipak."),
    ("epic", False, False):
        N_("An Epic Combination is two core sets and two minipaks, one core set and five minipaks, or eight "
           "minipaks; you named {cores} core sets and {minis} minipaks."),
}
#: a set named more often than a deck holds copies of a card, by (format, the set's kind)
_TOO_MANY = {
    ("standard", "core"): N_("That Combination needs {count} copies of {set}, but a deck holds at most 1 copy of a "
                             "card (we have {have} core sets to combine)."),
    ("standard", "minipak"): N_("That Combination needs {count} copies of {set}, but a deck holds at most 1 copy of "
                                "a card (we have {have} minipaks to combine)."),
    ("epic", "core"): N_("That Combination needs {count} copies of {set}, but a deck holds at most {limit} copies of "
                         "a card (we have {have} core sets to combine)."),
    ("epic", "minipak"): N_("That Combination needs {count} copies of {set}, but a deck holds at most {limit} copies "
                            "of a card (we have {have} minipaks to combine)."),
}
#: a set name of the wrong kind, by the kind wanted
_NOT_A = {"core": N_("“{name}” is not a core set: choose from {sets}."),
          "minipak": N_("“{name}” is not a minipak: choose from {sets}.")}


def card(key: str) -> dict[str, Any] | None:
    """Return any card's definition (playable, Chase Leader or Base), or ``None``."""
    try:
        return sets.card_def(key)
    except KeyError:
        return _CHASE.get(key) or _BASES.get(key)


def kind_of(key: str) -> str | None:
    """Return ``"dual"``, ``"common"``, ``"promo"``, ``"chase"``, ``"base"``, or ``None`` for an unknown key."""
    if key in _CHASE:
        return "chase"
    if key in _BASES:
        return "base"
    found = card(key)
    if found is None:
        return None
    if found.get("set") == "promo":
        return "promo"
    return "dual" if "leader" in found else "common"


def name_of(key: str) -> str:
    """Return a card's name (its key, quoted, if unknown)."""
    found = card(key)
    return found["name"] if found else f"“{key}”"


def names(keys: Iterable[str]) -> str:
    """Return card names joined for a sentence: ``A``, ``A and B``, ``A, B and C`` (each once, in order)."""
    unique = [name_of(k) for k in dict.fromkeys(keys)]
    if len(unique) <= 1:
        return "".join(unique)
    return ", ".join(unique[:-1]) + " and " + unique[-1]


def cards_of_sets(set_names: Iterable[str]) -> list[str]:
    """Return the keys of the playable cards of these sets, in set order."""
    return [k for name in set_names for k in sets.set_keys(name)]


def default_pool() -> list[str]:
    """Return the default Constructed pool: every playable card but the Promos."""
    return cards_of_sets(DEFAULT_POOL_SETS)


def default_cube() -> list[str]:
    """Return the default Cube: every card of the default pool, in as many copies (at most 3) as it takes to
    reach 256 cards (8 players × 32) when the sets allow it."""
    pool = default_pool()
    copies = min(MAX_COPIES, max(1, math.ceil(CUBE_MIN / max(1, len(pool)))))
    return [k for k in pool for _ in range(copies)]


DEFAULT_CUBE: list[str] = default_cube()


def cube_refusal(cube: Sequence[str]) -> tuple[str, dict[str, Any]] | None:
    """Return why a Cube cannot be used (unknown or non-playable cards, more than 3 copies of a card) as a
    catalogue template and its fields, or None."""
    unknown = [k for k in cube if kind_of(k) not in ("dual", "common", "promo")]
    over = [k for k, n in Counter(cube).items() if n > MAX_COPIES]
    fields = {"unknown": names(unknown), "most": MAX_COPIES, "over": names(over)}
    if unknown and over:
        return (N_("A Cube holds only cards a deck may hold, not {unknown}. A Cube holds at most {most} copies of a "
                   "card: {over} has more.") if len(over) == 1 else
                N_("A Cube holds only cards a deck may hold, not {unknown}. A Cube holds at most {most} copies of a "
                   "card: {over} have more."), fields)
    if unknown:
        return N_("A Cube holds only cards a deck may hold, not {unknown}."), fields
    if over:
        return (N_("A Cube holds at most {most} copies of a card: {over} has more.") if len(over) == 1 else
                N_("A Cube holds at most {most} copies of a card: {over} have more."), fields)
    return None


def cube_problems(cube: Sequence[str]) -> list[str]:
    """Return why a Cube cannot be used (unknown or non-playable cards, more than 3 copies of a card)."""
    out = []
    unknown = [k for k in cube if kind_of(k) not in ("dual", "common", "promo")]
    if unknown:
        out.append(N_("A Cube holds only cards a deck may hold, not {unknown}.").format(unknown=names(unknown)))
    over = [k for k, n in Counter(cube).items() if n > MAX_COPIES]
    if over:
        out.append((N_("A Cube holds at most {most} copies of a card: {over} has more.") if len(over) == 1 else
                    N_("A Cube holds at most {most} copies of a card: {over} have more."))
                   .format(most=MAX_COPIES, over=names(over)))
    return out


def _set_list(value: str | Sequence[str] | None) -> list[str]:
    """Return a set argument as a list of set names (a single name, a sequence, or none)."""
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


def _check_sets(given: list[str], kind: str) -> None:
    """Raise ``CombinationError`` if a named set is not a set of ``kind``."""
    known = [name for name, (_title, k) in sets.SET_INFO.items() if k == kind]
    for name in given:
        if name not in known:
            raise CombinationError(_NOT_A[kind], name=name, sets=", ".join(known))


def combination(seed: int, core: str | Sequence[str] | None, minipak: str | Sequence[str] | None,
                fmt: str = "standard") -> dict[str, Any]:
    """Return a Combination deck: the cards of the named core sets and minipaks, 4 of them (chosen from
    ``seed``) as Leaders. Standard: one core set and one minipak. Epic: two core sets and two minipaks, one
    core set and five minipaks, or eight minipaks (a set may be named more than once, up to 3 copies of a
    card). ``CombinationError`` says why a combination cannot be made."""
    cores, minis = _set_list(core), _set_list(minipak)
    _check_sets(cores, "core")
    _check_sets(minis, "minipak")
    allowed = {"standard": [(1, 1)], "epic": [(2, 2), (1, 5), (0, 8)]}
    if fmt not in allowed:
        raise CombinationError(N_("The format must be standard or epic, not “{format}”."), format=fmt)
    if (len(cores), len(minis)) not in allowed[fmt]:
        raise CombinationError(_WRONG_COUNT[fmt, len(cores) == 1, len(minis) == 1], cores=len(cores),
                               minis=len(minis))
    limit = 1 if fmt == "standard" else MAX_COPIES
    for name, count in Counter(cores + minis).items():
        if count > limit:
            have = sum(1 for _t, k in sets.SET_INFO.values() if k == sets.SET_INFO[name][1])
            kind = "core" if sets.SET_INFO[name][1] == "core" else "minipak"
            raise CombinationError(_TOO_MANY[fmt, kind], count=count, set=sets.SET_INFO[name][0], limit=limit,
                                   have=have)
    deck_cards = cards_of_sets(cores + minis)
    if len(deck_cards) < 4:
        raise CombinationError(N_("Those sets hold too few cards for a deck."))
    picks = set(random.Random(seed).sample(range(len(deck_cards)), 4))
    leaders = [deck_cards[i] for i in sorted(picks)]
    heroes = [k for i, k in enumerate(deck_cards) if i not in picks]
    return {"format": fmt, "leaders": leaders, "heroes": heroes}
