"""Single elimination: the bracket of the next power of two, standard seeding, byes to the top seeds."""

from __future__ import annotations


def bracket_size(n: int) -> int:
    """Return the smallest power of two holding ``n`` players (n >= 2)."""
    if n < 2:
        raise ValueError("a bracket needs at least 2 players")
    return 1 << (n - 1).bit_length()


def seed_order(size: int) -> list[int]:
    """Return seeds 1..size in bracket order (1 v size, folded so 1 and 2 meet only in the final)."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def bracket(n: int) -> list[tuple[int, int | None]]:
    """Return round 1 as seed pairs in bracket order; ``None`` is a bye (always to the better seed)."""
    order = seed_order(bracket_size(n))
    return [(order[i], order[i + 1] if order[i + 1] <= n else None) for i in range(0, len(order), 2)]


def rounds_for(n: int) -> int:
    """Return the number of rounds of a bracket of ``n`` players."""
    return bracket_size(n).bit_length() - 1
