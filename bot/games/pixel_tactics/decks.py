"""Built decks: the Standard and Epic rules with precise refusals, pool and server lists, and deck edits.

A deck is ``{"format": "standard"|"epic", "leaders": [key, ...], "heroes": [key, ...]}`` (keys repeat for
copies). ``problems`` names every rule a deck breaks, each as one sentence naming the cards; the edit
functions (``add``, ``remove``, ``designate``) refuse, with the same sentences, a change that would break a
rule (a deck may stay short of its minimum while it is being built). Codes: ``deck_codes``; pools, the
Cube and Combination decks: ``pools``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from .deck_codes import DeckCodeError, decode, encode, normalized  # noqa: F401  (the shared interface)
from .pools import (  # noqa: F401  (the shared interface)
    DEFAULT_CUBE,
    MAX_COPIES,
    CombinationError,
    combination,
    default_pool,
    kind_of,
    name_of,
    names,
)

#: format -> (Leaders, fewest Heroes, most Heroes, copies of a card)
FORMATS: dict[str, tuple[int, int, int, int]] = {"standard": (4, 25, 30, 1), "epic": (4, 60, 80, 3)}
LIST_NAMES = ("banned_leaders", "banned_heroes", "restricted_leaders", "restricted_heroes")
#: the server lists when nothing is set: nothing banned or restricted, one Restricted Hero per deck
DEFAULT_LISTS: dict[str, Any] = {**{n: [] for n in LIST_NAMES}, "restricted_hero_count": 1}
PLAYABLE = ("dual", "common", "promo")


class DeckEditError(ValueError):
    """An edit refused: the message names the rule and the card."""


@dataclass(frozen=True)
class Finding:
    """One broken rule: its id, the cards concerned, and how to say it for some of them."""

    rule: str
    keys: tuple[str, ...]
    say: Callable[[list[str]], str]

    def message(self, only: str | None = None) -> str:
        """Return the sentence (about ``only`` when it is one of the cards concerned)."""
        return self.say([only] if only in self.keys else list(self.keys))


def _label(fmt: str) -> str:
    return "A Standard deck" if fmt == "standard" else "An Epic deck"


def _verb(keys: list[str], one: str, many: str) -> str:
    return one if len(dict.fromkeys(keys)) == 1 else many


def _findings(deck: Mapping[str, Any], pool: Collection[str] | Mapping[str, int] | None,
              lists: Mapping[str, Any] | None) -> list[Finding]:
    """Return every broken rule of ``deck`` (see ``problems``)."""
    fmt = deck.get("format")
    if fmt not in FORMATS:
        return [Finding("format", (), lambda _k: f"The format must be standard or epic, not “{fmt}”.")]
    n_leaders, low, high, copies = FORMATS[fmt]
    label = _label(fmt)
    leaders, heroes = list(deck.get("leaders") or []), list(deck.get("heroes") or [])
    every = leaders + heroes
    out: list[Finding] = []

    def add(rule: str, keys: list[str], say: Callable[[list[str]], str]) -> None:
        if keys:
            out.append(Finding(rule, tuple(dict.fromkeys(keys)), say))

    if len(leaders) != n_leaders:
        out.append(Finding("leaders", (), lambda _k: f"{label} needs exactly {n_leaders} Leaders; "
                                                     f"this one has {len(leaders)}."))
    if not low <= len(heroes) <= high:
        out.append(Finding("heroes", (), lambda _k: f"{label} needs {low} to {high} Heroes; "
                                                    f"this one has {len(heroes)}."))
    add("unknown", [k for k in every if kind_of(k) is None], lambda k: f"Unknown card{'s' if len(k) > 1 else ''}: "
        f"{names(k)}.")
    add("chase", [k for k in every if kind_of(k) == "chase"],
        lambda k: f"Chase Leaders never go in a deck (a game option swaps one in for your Leader): {names(k)}.")
    add("base", [k for k in every if kind_of(k) == "base"],
        lambda k: f"Bases are for League play and never go in a deck: {names(k)}.")
    add("common_leader", [k for k in leaders if kind_of(k) == "common"],
        lambda k: f"Commons have no Leader side, so they cannot be Leaders: {names(k)}.")
    counts = Counter(every)
    if copies == 1:
        add("copies", [k for k, n in Counter(leaders).items() if n > 1] + [k for k, n in Counter(heroes).items()
                                                                           if n > 1],
            lambda k: f"{label} holds one copy of each card: {names(k)} {_verb(k, 'is', 'are')} in it more "
                      "than once.")
        add("both", [k for k in dict.fromkeys(leaders) if k in heroes],
            lambda k: f"{label} cannot hold a card in both stacks: {names(k)} "
                      f"{_verb(k, 'is a Leader and a Hero', 'are Leaders and Heroes')}.")
    else:
        add("copies", [k for k, n in counts.items() if n > copies],
            lambda k: f"{label} holds at most {copies} copies of a card across both stacks: {names(k)} "
                      f"{_verb(k, 'has', 'have')} more.")
    playable = [k for k in counts if kind_of(k) in PLAYABLE]
    if isinstance(pool, Mapping):
        add("pool", [k for k in playable if not pool.get(k)], lambda k: f"Not in the card pool: {names(k)}.")
        add("pool_copies", [k for k in playable if 0 < pool.get(k, 0) < counts[k]],
            lambda k: f"The card pool holds fewer copies of {names(k)} than this deck uses.")
    elif pool is not None:
        add("pool", [k for k in playable if k not in pool], lambda k: f"Not in the card pool: {names(k)}.")
    _list_findings(add, leaders, heroes, {**DEFAULT_LISTS, **(lists or {})})
    return out


def _list_findings(add: Callable, leaders: list[str], heroes: list[str], lists: Mapping[str, Any]) -> None:
    """Add the findings of the server's banned and restricted lists."""
    add("banned_leader", [k for k in leaders if k in lists["banned_leaders"]],
        lambda k: f"Banned as {_verb(k, 'a Leader', 'Leaders')} here: {names(k)}.")
    add("banned_hero", [k for k in heroes if k in lists["banned_heroes"]],
        lambda k: f"Banned as {_verb(k, 'a Hero', 'Heroes')} here: {names(k)}.")
    restricted = [k for k in leaders if k in lists["restricted_leaders"]]
    if len(restricted) > 1:
        add("restricted_leader", restricted,
            lambda _k: f"Only one Restricted Leader per deck: this one has {len(restricted)} "
                       f"({names(restricted)}).")
    limit = int(lists["restricted_hero_count"])
    restricted_heroes = [k for k in heroes if k in lists["restricted_heroes"]]
    if len(restricted_heroes) > limit:
        add("restricted_hero", restricted_heroes,
            lambda _k: f"At most {limit} Restricted Hero{'' if limit == 1 else 'es'} per deck here: this one "
                       f"has {len(restricted_heroes)} ({names(restricted_heroes)}).")


def problems(deck: Mapping[str, Any], pool: Collection[str] | Mapping[str, int] | None = None,
             lists: Mapping[str, Any] | None = None) -> list[str]:
    """Return every rule ``deck`` breaks, one sentence each naming the rule and the cards (empty: valid).

    ``pool``: ``None`` (any playable card), a collection of keys (membership), or a mapping key -> copies
    (a saved pool: no more copies than it holds). ``lists``: the server's banned and restricted lists
    (``DEFAULT_LISTS`` shape)."""
    return [f.message() for f in _findings(deck, pool, lists)]


def _check_edit(before: Mapping[str, Any], after: dict[str, Any], key: str, pool, lists) -> dict[str, Any]:
    """Return ``after`` unless the edit of ``key`` breaks a rule the deck kept before (``DeckEditError``)."""
    fmt = after["format"]
    n_leaders, _low, high, _copies = FORMATS[fmt]
    for finding in _findings(after, pool, lists):
        if key in finding.keys:
            raise DeckEditError(finding.message(key))
    if len(after["leaders"]) > max(n_leaders, len(before["leaders"])):
        raise DeckEditError(f"This deck already has {n_leaders} Leaders: remove one, or designate it as a "
                            "Hero, first.")
    if len(after["heroes"]) > max(high, len(before["heroes"])):
        raise DeckEditError(f"{_label(fmt)} holds at most {high} Heroes; this one has {len(before['heroes'])}.")
    return after


def _stack(role: str) -> str:
    if role not in ("leader", "hero"):
        raise DeckEditError(f"A card goes in as a leader or a hero, not “{role}”.")
    return "leaders" if role == "leader" else "heroes"


def add(deck: Mapping[str, Any], key: str, role: str = "hero", copies: int = 1,
        pool: Collection[str] | Mapping[str, int] | None = None,
        lists: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Return the deck with ``copies`` of a card added as Leaders or Heroes (``DeckEditError`` with the rule
    it would break)."""
    stack = _stack(role)
    if not 1 <= copies <= MAX_COPIES:
        raise DeckEditError(f"Add 1 to {MAX_COPIES} copies at a time.")
    after = {**deck, "leaders": list(deck["leaders"]), "heroes": list(deck["heroes"])}
    after[stack] += [key] * copies
    return normalized(_check_edit(deck, after, key, pool, lists))


def remove(deck: Mapping[str, Any], key: str, role: str | None = None, copies: int = 1) -> dict[str, Any]:
    """Return the deck with ``copies`` of a card taken out (of its Heroes first unless ``role`` says)."""
    stacks = [_stack(role)] if role else ["heroes", "leaders"]
    after = {**deck, "leaders": list(deck["leaders"]), "heroes": list(deck["heroes"])}
    for _ in range(copies):
        stack = next((s for s in stacks if key in after[s]), None)
        if stack is None:
            where = {"leaders": "Leaders", "heroes": "Heroes"}
            within = " or ".join(where[s] for s in stacks)
            have = sum(deck[s].count(key) for s in stacks)
            raise DeckEditError(f"{name_of(key)} is not among this deck's {within}." if not have else
                                f"This deck holds only {have} cop{'y' if have == 1 else 'ies'} of {name_of(key)}"
                                f" among its {within}.")
        after[stack].remove(key)
    return normalized(after)


def designate(deck: Mapping[str, Any], key: str, role: str,
              pool: Collection[str] | Mapping[str, int] | None = None,
              lists: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Return the deck with one copy of a card moved into the Leader (``role="leader"``) or Hero stack."""
    stack = _stack(role)
    other = "heroes" if stack == "leaders" else "leaders"
    if key not in deck[other]:
        already = key in deck[stack]
        raise DeckEditError(f"{name_of(key)} is already a {role.capitalize()} of this deck." if already else
                            f"{name_of(key)} is not in this deck: add it first.")
    after = {**deck, "leaders": list(deck["leaders"]), "heroes": list(deck["heroes"])}
    after[other].remove(key)
    after[stack].append(key)
    return normalized(_check_edit(deck, after, key, pool, lists))
