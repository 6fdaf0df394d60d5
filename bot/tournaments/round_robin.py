"""Round robin by the circle method: everybody meets everybody once, a bye per round when odd."""

from __future__ import annotations


def schedule(players: list[int]) -> list[list[tuple[int, int | None]]]:
    """Return the rounds as lists of pairs; ``(p, None)`` is p's bye (listed last in its round)."""
    ring: list[int | None] = list(players)
    if len(ring) % 2:
        ring.append(None)
    size = len(ring)
    rounds = []
    for number in range(size - 1):
        pairs, byes = [], []
        for i in range(size // 2):
            a, b = ring[i], ring[size - 1 - i]
            if i == 0 and number % 2:
                a, b = b, a
            if a is None:
                a, b = b, a
            (byes if b is None else pairs).append((a, b))
        rounds.append(pairs + byes)
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def rounds_for(n: int) -> int:
    """Return the number of rounds of a round robin of ``n`` players."""
    return n - 1 if n % 2 == 0 else n
