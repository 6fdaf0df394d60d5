"""League card pools: the rulebook's pool-size table, the largest league a pool allows, the piles and Bases."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from bot.games.pixel_tactics import pools as pt_pools
from bot.games.pixel_tactics import sets

from .model import COLOURS, MAX_COPIES, LeagueError

#: weeks -> Leaders beyond 5 per player (the rulebook's table; 7 weeks and more: 30)
_LEADER_BASE = {3: 10, 4: 15, 5: 20, 6: 25}


def weeks_of(cycles: int) -> int:
    """Return the row of the rulebook's table a league of ``cycles`` cycles uses (3 to 10; ours)."""
    return min(max(int(cycles), 3), 10)


def pool_sizes(players: int, cycles: int) -> tuple[int, int]:
    """Return (Leaders needed, Heroes needed) in the pools of a league (1 cycle = 1 week of the table)."""
    weeks = weeks_of(cycles)
    leaders = _LEADER_BASE.get(weeks, 30) + 5 * players
    heroes = (40 + 5 * (weeks - 3)) * players
    return leaders, heroes


def capacity(pool: Iterable[str], copies: int = MAX_COPIES) -> int:
    """Return how many cards a pool can hold with up to ``copies`` copies of each of its cards."""
    return len(set(pool)) * max(1, min(int(copies), MAX_COPIES))


def max_players_for(leader_pool: list[str], hero_pool: list[str], cycles: int, copies: int = MAX_COPIES) -> int:
    """Return the largest league (at most 8 players: one Base colour each) these pools allow, 0 if none."""
    have_leaders, have_heroes = capacity(leader_pool, copies), capacity(hero_pool, copies)
    best = 0
    for n in range(1, len(COLOURS) + 1):
        leaders, heroes = pool_sizes(n, cycles)
        if leaders <= have_leaders and heroes <= have_heroes:
            best = n
    return best


def default_leader_pool() -> list[str]:
    """Return the default Leader pool: every dual card of the current content (no Promos)."""
    return [k for k in pt_pools.default_pool() if pt_pools.kind_of(k) == "dual"]


def default_hero_pool() -> list[str]:
    """Return the default Hero pool: every non-Promo playable card (dual cards and Commons)."""
    return list(pt_pools.default_pool())


def check_pool(keys: list[str], role: str) -> None:
    """Refuse unknown cards, Chase Leaders, Bases, and (for Leaders) Commons in a pool."""
    for key in keys:
        kind = pt_pools.kind_of(key)
        if kind is None:
            if role == "Leader":
                raise LeagueError("Unknown card in the Leader pool: {card}.", card=repr(key))
            raise LeagueError("Unknown card in the Hero pool: {card}.", card=repr(key))
        if kind in ("chase", "base"):
            raise LeagueError("{card} cannot be in a league pool.", card=pt_pools.name_of(key))
        if role == "Leader" and kind == "common":
            raise LeagueError("{card} is a Common (no Leader side): not in the Leader pool.", card=pt_pools.name_of(key))


def pile(pool: list[str], needed: int, copies: int = MAX_COPIES) -> list[str]:
    """Return the pool's cards (each at most ``copies`` times), with more copies added in pool order, one at a
    time, until ``needed`` cards are there; refuse when even ``copies`` of each card is too few."""
    copies = max(1, min(int(copies), MAX_COPIES))
    counts: Counter[str] = Counter()
    out = []
    for key in pool:
        if counts[key] < copies:
            counts[key] += 1
            out.append(key)
    order = list(dict.fromkeys(pool))
    while len(out) < needed:
        grew = False
        for key in order:
            if len(out) >= needed:
                break
            if counts[key] < copies:
                counts[key] += 1
                out.append(key)
                grew = True
        if not grew:
            raise LeagueError("The pool holds {n} cards with {copies} copies of each: {needed} are needed.", n=len(out),
                              copies=copies, needed=needed)
    return out


def colour_bases(colour: str) -> list[str]:
    """Return the keys of the 5 Bases of a colour."""
    return [c["key"] for c in sets.BASES if c["colour"] == colour]


def base_points(key: str) -> int:
    """Return a Base's point value."""
    return int(sets.base_def(key)["points"])
