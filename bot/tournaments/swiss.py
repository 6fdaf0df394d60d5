"""Swiss pairing: by match points top down, no rematch while one can be avoided, one bye at most each."""

from __future__ import annotations

import math
import random


def rounds_for(n: int) -> int:
    """Return the number of Swiss rounds for ``n`` players: ceil(log2(n)), at least 1."""
    return max(1, math.ceil(math.log2(n)))


def pair(players: list[int], points: dict[int, float], played: set[frozenset], had_bye: set[int],
         rng: random.Random) -> tuple[list[tuple[int, int]], int | None]:
    """Return ``(pairs, bye)`` for one round.

    Players are ordered by points (random within equal points, from ``rng``). The bye goes to
    the lowest-ranked player without a bye for whom the others can still be paired; pairs are
    made top down, each player taking the best-ranked opponent that keeps a complete pairing
    possible, with the fewest rematches (none while any pairing without a rematch exists).
    """
    order = list(players)
    rng.shuffle(order)
    order.sort(key=lambda p: -points.get(p, 0))
    candidates: list[int | None] = [None]
    if len(order) % 2:
        fresh = [p for p in reversed(order) if p not in had_bye]
        candidates = fresh or list(reversed(order))
    for rematches in range(len(order) // 2 + 1):
        for bye in candidates:
            rest = tuple(p for p in order if p != bye)
            pairs = _pair_rest(rest, played, rematches, set())
            if pairs is not None:
                return pairs, bye
    raise AssertionError("unreachable: some pairing always exists")


def _pair_rest(rest: tuple[int, ...], played: set[frozenset], budget: int,
               failed: set) -> list[tuple[int, int]] | None:
    """Pair ``rest`` top down with at most ``budget`` rematches (backtracking, failures memoised)."""
    if not rest:
        return []
    if (rest, budget) in failed:
        return None
    first = rest[0]
    for i in range(1, len(rest)):
        cost = frozenset((first, rest[i])) in played
        if cost > budget:
            continue
        tail = _pair_rest(rest[1:i] + rest[i + 1:], played, budget - cost, failed)
        if tail is not None:
            return [(first, rest[i]), *tail]
    failed.add((rest, budget))
    return None
