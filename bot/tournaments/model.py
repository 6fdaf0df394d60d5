"""The values the tournament API hands out: errors, game slots, matches and standings."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.games.base import Refusal

#: the formats, by their canonical names
SINGLE_ELIM = "single_elim"
SWISS = "swiss"
ROUND_ROBIN = "round_robin"
FORMATS = (SINGLE_ELIM, SWISS, ROUND_ROBIN)


class TournamentError(Refusal):
    """A refusal whose message is safe to show to the member who caused it (its template marked with ``N_``)."""


@dataclass(frozen=True)
class GameSlot:
    """A game the service should create now: ``players`` are user ids in seat order."""

    match_id: str
    game_no: int
    players: list[int]


@dataclass(frozen=True)
class Match:
    """One match (or pod, or bye) as the outside world sees it.

    ``results`` has one entry per attached, not voided game (``None`` while it runs) mapping
    user id -> rank; ``wins`` counts games won per player; ``points`` is what the match gave
    each player (match points 3/1/0 for two-player matches, the summed pod scores for a pod),
    filled once ``done``. ``decided_by`` is ``games``, ``cap``, ``seed``, ``drop``,
    ``override``, ``bye`` or ``""`` while undecided. ``slot`` is the position in its round
    (single elimination: round r+1 slot k is fed by slots 2k and 2k+1).
    """

    id: str
    round: int
    slot: int
    players: list[int]
    game_ids: list[int]
    results: list[dict[int, int] | None]
    wins: dict[int, int]
    draws: int
    points: dict[int, float]
    winner: int | None
    bye: bool
    done: bool
    decided_by: str
    dropped: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Standing:
    """One line of the standings (percentages as fractions 0..1)."""

    rank: int
    user_id: int
    name: str
    points: float
    wins: int
    draws: int
    losses: int
    omw: float
    gw: float
    ogw: float
    dropped: bool
