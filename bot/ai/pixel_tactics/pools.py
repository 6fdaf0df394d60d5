"""The cards a Pixel Tactics seat may hold unseen: every card it owns (or the shared pool) minus what is in sight.

Which cards a seat owns follows from the public view: a Classic or Siege mirror deck copies one core set (named
by the ``set`` of any of its visible cards), an Epic Duel without built decks plays the Epic Combination of both
core sets and both minipaks, and Duel Draft deals two copies of the core set into one shared pool. A built deck
is not in the view (not even the viewer's own Heroes): its unseen cards are drawn from every playable card of
the content version, one copy each (Standard) or up to three (Epic).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from bot.games.pixel_tactics import sets
from bot.games.pixel_tactics.modes.epic import COMBINATION
from bot.games.pixel_tactics.setup_decks import classic_keys, promo_keys
from bot.games.pixel_tactics.state import copy_of, key_of, make_id, owner, version_of

View = dict[str, Any]


def _cards_in(value: Any) -> Iterator[dict[str, Any]]:
    """Yield every card view (a dict with ``key`` and an instance ``id``) nested in a view value."""
    if isinstance(value, dict):
        if isinstance(value.get("id"), str) and "key" in value and "." in value["id"]:
            yield value
        for item in value.values():
            yield from _cards_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from _cards_in(item)


#: the last view walked and its cards: a search determinizes the same view object every iteration (a view is
#: never changed in place; the reference kept here stops its id from being reused)
_LAST: list[Any] = [None, []]


def _shown(view: View) -> list[dict[str, Any]]:
    """Return every card view shown in ``view`` outside the log (walked once per view object)."""
    if _LAST[0] is not view:
        _LAST[:] = [view, list(_cards_in({k: v for k, v in view.items() if k != "log"}))]
    return _LAST[1]


def visible_ids(view: View) -> set[str]:
    """Return the instance id of every card shown anywhere in the view (units, piles, trophies, reserve,
    tableau, in flight, the viewer's own hand, Traps and Leader stack)."""
    return {c["id"] for c in _shown(view)}


def version_in(view: View, visible: set[str] | None = None) -> int:
    """Return the content version the match was dealt with (from any visible card id; current if none);
    ``visible`` spares walking the view again when its ``visible_ids`` are known."""
    ids = visible_ids(view) if visible is None else visible
    return version_of(min(ids)) if ids else sets.CURRENT


def classic_set(view: View, seat: int) -> str:
    """Return the core set a mirror match copies (the set of the viewer's visible own cards; core by default)."""
    for card in _shown(view):
        if card.get("set") in ("core", "core2"):
            return card["set"]
    return "core"


def is_promo(card_id: str) -> bool:
    """Return whether an instance id is a Promo."""
    return key_of(card_id) in _PROMO_KEYS


_PROMO_KEYS = frozenset(sets.set_keys("promo"))
_PLAYABLE = [c["key"] for name, cards in sets.SETS.items() if name != "promo" for c in cards]


def owned_ids(view: View, seat: int, version: int) -> list[str] | None:
    """Return every card id ``seat`` owns for the match, or None when it played a built deck (unknown)."""
    mode = view.get("mode", "classic")
    if mode == "epic":
        keys = [k for group in COMBINATION for name in group for k in sets.set_keys(name)]
        seen: Counter[str] = Counter()
        out = []
        for key in keys:
            seen[key] += 1
            out.append(make_id(seat, key, version, seen[key]))
        return out
    if view.get("built"):
        return None
    return [make_id(seat, key, version) for key in classic_keys(classic_set(view, seat), version)]


def shared_pool(view: View, version: int) -> list[str]:
    """Return the Duel Draft pool: two copies of the core set with seat-0 ids numbered by copy."""
    keys = classic_keys(classic_set(view, 0), version)
    return [make_id(0, key, version, copy) for copy in (1, 2) for key in keys]


def built_candidates(seat: int, version: int, visible: set[str], copies: int) -> list[str]:
    """Return ids ``seat`` may hold unseen in a built deck: each playable key up to ``copies`` copies, less the
    copies in sight."""
    shown = Counter(key_of(c) for c in visible if owner(c) == seat)
    out = []
    for key in _PLAYABLE:
        try:
            sets.card_def(key, version)
        except KeyError:
            continue
        for copy in range(shown[key] + 1, copies + 1):
            out.append(make_id(seat, key, version, copy))
    return out


def unseen_promos(visible: set[str], version: int) -> list[str]:
    """Return the Promo keys not in sight (the Promo deck and hidden Promos in hands come from these)."""
    shown = {key_of(c) for c in visible if is_promo(c)}
    return [k for k in promo_keys(version) if k not in shown]


def same_card(card_id: str) -> tuple[str, int]:
    """Return what identifies a physical card of a shared pool whoever owns it: key and copy."""
    return key_of(card_id), copy_of(card_id)
