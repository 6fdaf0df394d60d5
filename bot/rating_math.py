"""Rating arithmetic (pure): openskill's Plackett-Luce model with its defaults, the displayed number, the
trend, and the replay of stored results. No hand-written rating math: ``rate`` only calls openskill."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from openskill.models import PlackettLuce

#: game kinds that are never rated (a draft has no winner)
UNRATED_KINDS = frozenset({"pt-draft"})
#: the displayed rating of a newcomer, and the points per unit of openskill's ordinal
BASE, SCALE = 1500, 40
#: the trend compares the rating now with the one before this many rated games; within ±FLAT it is level
TREND_GAMES, FLAT = 3, 5
UP, DOWN, LEVEL = "▲", "▼", "▬"


@cache
def model() -> PlackettLuce:
    """Return the shared Plackett-Luce model (openskill's defaults: mu 25, sigma 25/3)."""
    return PlackettLuce()


@dataclass(frozen=True)
class Skill:
    """A member's skill on one board: openskill's mu and sigma."""

    mu: float
    sigma: float


def default_skill() -> Skill:
    """Return a newcomer's skill (the model's defaults)."""
    m = model()
    return Skill(float(m.mu), float(m.sigma))


@dataclass(frozen=True)
class Standing:
    """A member's standing on a board: skill, rated games played and games won (ranked alone first)."""

    skill: Skill = field(default_factory=default_skill)
    games: int = 0
    wins: int = 0


def ordinal(skill: Skill) -> float:
    """Return the conservative estimate ``mu - 3 * sigma``."""
    return skill.mu - 3 * skill.sigma


def displayed(skill: Skill) -> int:
    """Return the rating members see: ``round(1500 + 40 * ordinal)`` (a newcomer shows 1500)."""
    return round(BASE + SCALE * ordinal(skill))


def trend(now: int, before: int) -> str:
    """Return ▲, ▼ or ▬ comparing two displayed ratings (▬ within ±5)."""
    if now - before > FLAT:
        return UP
    if before - now > FLAT:
        return DOWN
    return LEVEL


def trend_of(history: Sequence[Skill]) -> str:
    """Return the trend of a member's skills after each of their rated games, oldest first: the rating now
    against the one before their last 3 games (a newcomer's before the first)."""
    if not history:
        return LEVEL
    earlier = history[-TREND_GAMES - 1] if len(history) > TREND_GAMES else default_skill()
    return trend(displayed(history[-1]), displayed(earlier))


def board_of(kind: str, options: Mapping[str, Any] | None) -> str | None:
    """Return the board a game of ``kind`` with these row options is rated on (``None``: never rated):
    the kind, and for Pixel Tactics ``pixel-tactics:<mode>`` (``classic`` unless the game says)."""
    if kind in UNRATED_KINDS:
        return None
    if kind == "pixel-tactics":
        game = (options or {}).get("game") or {}
        return f"pixel-tactics:{game.get('mode', 'classic')}"
    return kind


def ranks_from(ranking: Sequence[Sequence[int]], users: Sequence[int]) -> dict[int, int]:
    """Return ``{user id: rank}`` from an engine's ranking (groups of seats, best first; rank = group
    index + 1, ties share a rank); ``users`` are the user ids by seat. A seat missing from the ranking
    ranks after every group."""
    ranks: dict[int, int] = {}
    for index, group in enumerate(ranking):
        for seat in group:
            ranks.setdefault(users[seat], index + 1)
    last = len(ranking) + 1
    for user in users:
        ranks.setdefault(user, last)
    return ranks


def rate(before: Mapping[int, Skill], ranks: Mapping[int, int],
         teams: Mapping[int, int] | None = None) -> dict[int, Skill]:
    """Return the skills after one game of the players in ``ranks`` (user id → rank, 1 best, ties share a
    rank), each starting from ``before`` (a newcomer from the defaults): openskill's Plackett-Luce rate. With
    ``teams`` (user id → team), each team is one openskill team of its members, ranked at its members' rank;
    without, every player is a team of one."""
    m = model()
    players = sorted(ranks)
    start = {u: before.get(u) or default_skill() for u in players}
    groups = _groups(players, teams)
    rated = m.rate([[m.rating(mu=start[u].mu, sigma=start[u].sigma) for u in group] for group in groups],
                   ranks=[float(ranks[group[0]]) for group in groups])
    return {u: Skill(float(r.mu), float(r.sigma))
            for group, team in zip(groups, rated, strict=True) for u, r in zip(group, team, strict=True)}


def _groups(players: Sequence[int], teams: Mapping[int, int] | None) -> list[list[int]]:
    """Return the players as openskill teams: one per player, or one per team (in team order) with ``teams``."""
    if teams is None:
        return [[u] for u in players]
    return [[u for u in players if teams[u] == team] for team in sorted({teams[u] for u in players})]


def is_win(ranks: Mapping[int, int], user: int, teams: Mapping[int, int] | None = None) -> bool:
    """Return whether a member won: ranked first with nobody else sharing the rank, or with ``teams``, with
    no other team sharing it (teammates win together)."""
    best = min(ranks.values())
    rivals = [u for u in ranks if (u != user if teams is None else teams[u] != teams[user])]
    return ranks[user] == best and not any(ranks[u] == best for u in rivals)


def apply_result(before: Mapping[int, Standing], ranks: Mapping[int, int],
                 teams: Mapping[int, int] | None = None) -> dict[int, Standing]:
    """Return the standings of the players of one result after it (only theirs), from ``before`` (``teams``:
    user id → team of a team game, rated as openskill teams)."""
    old = {u: before.get(u) or Standing() for u in ranks}
    skills = rate({u: s.skill for u, s in old.items()}, ranks, teams)
    return {u: Standing(skills[u], old[u].games + 1, old[u].wins + is_win(ranks, u, teams)) for u in ranks}


def _ranks_of(result: Mapping[int, int] | Sequence[Any]) -> Mapping[int, int]:
    return result if isinstance(result, Mapping) else result[0]


def recompute(results: Iterable[Mapping[int, int] | tuple[Mapping[int, int], ...]]) -> dict[int, Standing]:
    """Replay results in order from the defaults; return every member's standing (the same numbers as a
    table kept up to date game by game). Each result is its ranks, or a tuple whose first item is."""
    table: dict[int, Standing] = {}
    for result in results:
        table.update(apply_result(table, _ranks_of(result)))
    return table
