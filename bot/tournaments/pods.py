"""Pods for 2-4 seat games: sizes, seating from the standings, and scoring a game by rank."""

from __future__ import annotations

import math

#: points for 1st, 2nd, 3rd, 4th in a pod game
PLACE_POINTS = (3, 2, 1, 0)


def pod_sizes(n: int) -> list[int]:
    """Return pod sizes for ``n`` players: pods of 4 with the fewest pods of 3 (5 -> 3+2, 2 -> 2)."""
    if n < 2:
        raise ValueError("pods need at least 2 players")
    if n == 2:
        return [2]
    if n == 5:
        return [3, 2]
    threes = (-n) % 4
    return [4] * ((n - 3 * threes) // 4) + [3] * threes


def make_pods(ordered_players: list[int]) -> list[list[int]]:
    """Cut players (standings order, best first) into pods top down; the smaller pods at the bottom."""
    pods, start = [], 0
    for size in pod_sizes(len(ordered_players)):
        pods.append(list(ordered_players[start:start + size]))
        start += size
    return pods


def rounds_for(n: int) -> int:
    """Return the number of rounds of a pod tournament: ceil(log2(n)), at least 2."""
    return max(2, math.ceil(math.log2(n)))


def place_points(ranks: dict[int, int]) -> dict[int, float]:
    """Score one pod game: 1st 3, 2nd 2, 3rd 1, 4th 0; tied players share the average of their places."""
    ordered = sorted(ranks, key=lambda p: ranks[p])
    points, place = {}, 0
    while place < len(ordered):
        group = [p for p in ordered if ranks[p] == ranks[ordered[place]]]
        share = [PLACE_POINTS[i] if i < len(PLACE_POINTS) else 0 for i in range(place, place + len(group))]
        for p in group:
            points[p] = sum(share) / len(group)
        place += len(group)
    return points
