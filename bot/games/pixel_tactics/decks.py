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

from ..base import N_, GameError, Phrase
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


class DeckEditError(GameError, ValueError):
    """An edit refused: the message names the rule and the card (a catalogue template and its fields)."""


#: a sentence of a broken rule: its catalogue template (marked with ``N_``) and its fields
Said = tuple[str, dict[str, Any]]


@dataclass(frozen=True)
class Finding:
    """One broken rule: its id, the cards concerned, and how to say it for some of them."""

    rule: str
    keys: tuple[str, ...]
    say: Callable[[list[str]], Said]

    def said(self, only: str | None = None) -> Said:
        """Return the sentence's template and fields (about ``only`` when it is one of the cards concerned)."""
        return self.say([only] if only in self.keys else list(self.keys))

    def message(self, only: str | None = None) -> str:
        """Return the sentence in English (about ``only`` when it is one of the cards concerned)."""
        template, fields = self.said(only)
        return template.format(**fields)


#: a deck's Leader and Hero counts, by format
_LEADER_COUNT = {"standard": N_("A Standard deck needs exactly {leaders} Leaders; this one has {given}."),
                 "epic": N_("An Epic deck needs exactly {leaders} Leaders; this one has {given}.")}
_HERO_COUNT = {"standard": N_("A Standard deck needs {low} to {high} Heroes; this one has {given}."),
               "epic": N_("An Epic deck needs {low} to {high} Heroes; this one has {given}.")}
_HERO_LIMIT = {"standard": N_("A Standard deck holds at most {high} Heroes; this one has {given}."),
               "epic": N_("An Epic deck holds at most {high} Heroes; this one has {given}.")}


def _one(keys: list[str]) -> bool:
    """Whether the sentence names one card (its verb singular)."""
    return len(dict.fromkeys(keys)) == 1


def _cards(keys: list[str], one: str, many: str, **fields: Any) -> Said:
    """The sentence ``one`` or ``many`` (by the number of cards named) with the cards' names as ``{cards}``."""
    return (one if _one(keys) else many), {"cards": names(keys), **fields}


def _findings(deck: Mapping[str, Any], pool: Collection[str] | Mapping[str, int] | None,
              lists: Mapping[str, Any] | None) -> list[Finding]:
    """Return every broken rule of ``deck`` (see ``problems``)."""
    fmt = deck.get("format")
    if fmt not in FORMATS:
        return [Finding("format", (), lambda _k: (N_("The format must be standard or epic, not “{format}”."),
                                                  {"format": fmt}))]
    n_leaders, low, high, copies = FORMATS[fmt]
    leaders, heroes = list(deck.get("leaders") or []), list(deck.get("heroes") or [])
    every = leaders + heroes
    out: list[Finding] = []

    def add(rule: str, keys: list[str], say: Callable[[list[str]], Said]) -> None:
        if keys:
            out.append(Finding(rule, tuple(dict.fromkeys(keys)), say))

    if len(leaders) != n_leaders:
        out.append(Finding("leaders", (), lambda _k: (_LEADER_COUNT[fmt], {"leaders": n_leaders,
                                                                           "given": len(leaders)})))
    if not low <= len(heroes) <= high:
        out.append(Finding("heroes", (), lambda _k: (_HERO_COUNT[fmt], {"low": low, "high": high,
                                                                        "given": len(heroes)})))
    add("unknown", [k for k in every if kind_of(k) is None],
        lambda k: (N_("Unknown cards: {cards}.") if len(k) > 1 else N_("Unknown card: {cards}."),
                   {"cards": names(k)}))
    add("chase", [k for k in every if kind_of(k) == "chase"],
        lambda k: (N_("Chase Leaders never go in a deck (a game option swaps one in for your Leader): {cards}."),
                   {"cards": names(k)}))
    add("base", [k for k in every if kind_of(k) == "base"],
        lambda k: (N_("Bases are for League play and never go in a deck: {cards}."), {"cards": names(k)}))
    add("common_leader", [k for k in leaders if kind_of(k) == "common"],
        lambda k: (N_("Commons have no Leader side, so they cannot be Leaders: {cards}."), {"cards": names(k)}))
    counts = Counter(every)
    if copies == 1:  # a Standard deck
        add("copies", [k for k, n in Counter(leaders).items() if n > 1] + [k for k, n in Counter(heroes).items()
                                                                           if n > 1],
            lambda k: _cards(k, N_("A Standard deck holds one copy of each card: {cards} is in it more than once."),
                             N_("A Standard deck holds one copy of each card: {cards} are in it more than once.")))
        add("both", [k for k in dict.fromkeys(leaders) if k in heroes],
            lambda k: _cards(k, N_("A Standard deck cannot hold a card in both stacks: {cards} is a Leader and a "
                                   "Hero."),
                             N_("A Standard deck cannot hold a card in both stacks: {cards} are Leaders and "
                                "Heroes.")))
    else:  # an Epic deck
        add("copies", [k for k, n in counts.items() if n > copies],
            lambda k: _cards(k, N_("An Epic deck holds at most {copies} copies of a card across both stacks: "
                                   "{cards} has more."),
                             N_("An Epic deck holds at most {copies} copies of a card across both stacks: "
                                "{cards} have more."), copies=copies))
    playable = [k for k in counts if kind_of(k) in PLAYABLE]
    if isinstance(pool, Mapping):
        add("pool", [k for k in playable if not pool.get(k)],
            lambda k: (N_("Not in the card pool: {cards}."), {"cards": names(k)}))
        add("pool_copies", [k for k in playable if 0 < pool.get(k, 0) < counts[k]],
            lambda k: (N_("The card pool holds fewer copies of {cards} than this deck uses."), {"cards": names(k)}))
    elif pool is not None:
        add("pool", [k for k in playable if k not in pool],
            lambda k: (N_("Not in the card pool: {cards}."), {"cards": names(k)}))
    _list_findings(add, leaders, heroes, {**DEFAULT_LISTS, **(lists or {})})
    return out


def _list_findings(add: Callable, leaders: list[str], heroes: list[str], lists: Mapping[str, Any]) -> None:
    """Add the findings of the server's banned and restricted lists."""
    add("banned_leader", [k for k in leaders if k in lists["banned_leaders"]],
        lambda k: _cards(k, N_("Banned as a Leader here: {cards}."), N_("Banned as Leaders here: {cards}.")))
    add("banned_hero", [k for k in heroes if k in lists["banned_heroes"]],
        lambda k: _cards(k, N_("Banned as a Hero here: {cards}."), N_("Banned as Heroes here: {cards}.")))
    restricted = [k for k in leaders if k in lists["restricted_leaders"]]
    if len(restricted) > 1:
        add("restricted_leader", restricted,
            lambda _k: (N_("Only one Restricted Leader per deck: this one has {count} ({cards})."),
                        {"count": len(restricted), "cards": names(restricted)}))
    limit = int(lists["restricted_hero_count"])
    restricted_heroes = [k for k in heroes if k in lists["restricted_heroes"]]
    if len(restricted_heroes) > limit:
        add("restricted_hero", restricted_heroes,
            lambda _k: (N_("At most 1 Restricted Hero per deck here: this one has {count} ({cards}).") if limit == 1
                        else N_("At most {limit} Restricted Heroes per deck here: this one has {count} ({cards})."),
                        {"limit": limit, "count": len(restricted_heroes), "cards": names(restricted_heroes)}))


def problems(deck: Mapping[str, Any], pool: Collection[str] | Mapping[str, int] | None = None,
             lists: Mapping[str, Any] | None = None) -> list[str]:
    """Return every rule ``deck`` breaks, one sentence each naming the rule and the cards (empty: valid).

    ``pool``: ``None`` (any playable card), a collection of keys (membership), or a mapping key -> copies
    (a saved pool: no more copies than it holds). ``lists``: the server's banned and restricted lists
    (``DEFAULT_LISTS`` shape). Each sentence is a ``Phrase``: its English text, translatable where it is shown."""
    return [Phrase(*f.said()[:1], **f.said()[1]) for f in _findings(deck, pool, lists)]


def _check_edit(before: Mapping[str, Any], after: dict[str, Any], key: str, pool, lists) -> dict[str, Any]:
    """Return ``after`` unless the edit of ``key`` breaks a rule the deck kept before (``DeckEditError``)."""
    fmt = after["format"]
    n_leaders, _low, high, _copies = FORMATS[fmt]
    for finding in _findings(after, pool, lists):
        if key in finding.keys:
            template, fields = finding.said(key)
            raise DeckEditError(template, **fields)
    if len(after["leaders"]) > max(n_leaders, len(before["leaders"])):
        raise DeckEditError(N_("This deck already has {leaders} Leaders: remove one, or designate it as a Hero, "
                               "first."), leaders=n_leaders)
    if len(after["heroes"]) > max(high, len(before["heroes"])):
        raise DeckEditError(_HERO_LIMIT[fmt], high=high, given=len(before["heroes"]))
    return after


#: a card to take out that is not (or not often enough) in the stacks searched ("leaders", "heroes" or
#: "heroes or leaders"): by how many copies they hold (none, one, more)
_NOT_AMONG = {
    "leaders": (N_("{card} is not among this deck's Leaders."),
                N_("This deck holds only 1 copy of {card} among its Leaders."),
                N_("This deck holds only {have} copies of {card} among its Leaders.")),
    "heroes": (N_("{card} is not among this deck's Heroes."),
               N_("This deck holds only 1 copy of {card} among its Heroes."),
               N_("This deck holds only {have} copies of {card} among its Heroes.")),
    "heroes or leaders": (N_("{card} is not among this deck's Heroes or Leaders."),
                          N_("This deck holds only 1 copy of {card} among its Heroes or Leaders."),
                          N_("This deck holds only {have} copies of {card} among its Heroes or Leaders.")),
}


def _stack(role: str) -> str:
    if role not in ("leader", "hero"):
        raise DeckEditError(N_("A card goes in as a leader or a hero, not “{role}”."), role=role)
    return "leaders" if role == "leader" else "heroes"


def add(deck: Mapping[str, Any], key: str, role: str = "hero", copies: int = 1,
        pool: Collection[str] | Mapping[str, int] | None = None,
        lists: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Return the deck with ``copies`` of a card added as Leaders or Heroes (``DeckEditError`` with the rule
    it would break)."""
    stack = _stack(role)
    if not 1 <= copies <= MAX_COPIES:
        raise DeckEditError(N_("Add 1 to {most} copies at a time."), most=MAX_COPIES)
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
            have = sum(deck[s].count(key) for s in stacks)
            raise DeckEditError(_NOT_AMONG[" or ".join(stacks)][min(have, 2)], card=name_of(key), have=have)
        after[stack].remove(key)
    return normalized(after)


def designate(deck: Mapping[str, Any], key: str, role: str,
              pool: Collection[str] | Mapping[str, int] | None = None,
              lists: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Return the deck with one copy of a card moved into the Leader (``role="leader"``) or Hero stack."""
    stack = _stack(role)
    other = "heroes" if stack == "leaders" else "leaders"
    if key not in deck[other]:
        if key not in deck[stack]:
            raise DeckEditError(N_("{card} is not in this deck: add it first."), card=name_of(key))
        if stack == "leaders":
            raise DeckEditError(N_("{card} is already a Leader of this deck."), card=name_of(key))
        raise DeckEditError(N_("{card} is already a Hero of this deck."), card=name_of(key))
    after = {**deck, "leaders": list(deck["leaders"]), "heroes": list(deck["heroes"])}
    after[other].remove(key)
    after[stack].append(key)
    return normalized(_check_edit(deck, after, key, pool, lists))
