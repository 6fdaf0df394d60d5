"""The values the league API hands out: the error, the draft view, game specs, challenge views, sheet rows."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.base import Refusal

#: every Leader a player holds (the rulebook: "his Leader selection should always remain exactly at 5")
LEADERS_HELD = 5
#: Heroes dealt at random to each player at the start
START_HEROES = 25
#: Heroes drafted by each player at every cycle end
NEW_HEROES = 5
#: a league deck holds exactly this many Heroes
DECK_HEROES = 25
#: points for each own uncaptured Base at a cycle end
UNCAPTURED_POINTS = 2
#: the league colours (one per player, 5 Bases each)
COLOURS = ("red", "orange", "yellow", "green", "teal", "blue", "purple", "grey")
#: most copies of one card in a pool (the rulebook: "up to 3 copies of each card")
MAX_COPIES = 3
#: challenge statuses that still wait for something
OPEN = ("offered", "accepted", "playing")
#: challenge statuses of an accepted challenge whose game has not ended
UNFINISHED = ("accepted", "playing")


class LeagueError(Refusal):
    """A refusal whose message is safe to show to the member who caused it (it never names hidden cards)."""


@dataclass(frozen=True)
class DraftView:
    """Whose League Draft turn it is: ``visible`` are the 3 revealed cards (private to ``user_id``).

    ``kind`` is ``"leaders"`` or ``"heroes"``; ``left`` counts the cards still to take of that kind;
    ``takeable`` lists the visible cards the drafter may take (a Restricted card they already hold is not);
    ``order`` is the drafting order of this draft, ``turn`` the drafter's index in it.
    """

    user_id: int
    kind: str
    visible: list[str]
    takeable: list[str]
    left: int
    leaders_left: int
    heroes_left: int
    order: list[int]
    turn: int
    pile: int


@dataclass(frozen=True)
class GameSpec:
    """A game the service must start: seat 0 is the challenger. ``options`` are the Pixel Tactics options."""

    challenge_id: int
    players: list[int]
    leaders: list[str]
    bases: list[str]
    decks: list[dict]
    options: dict


@dataclass(frozen=True)
class ChallengeView:
    """A challenge as ``viewer`` may see it: the choices stay hidden until both chose (the own one is shown)."""

    id: int
    cycle: int
    by: int
    to: int
    status: str
    chosen: dict[int, bool]
    leaders: dict[int, str | None]
    attacks: dict[int, str | None]
    game_id: int | None
    winner: int | None
    tie: bool
    captured: str | None
    overridden: bool


@dataclass(frozen=True)
class SheetRow:
    """One player's score pad: Leaders, Bases (own, with their state), captured Bases, cycle scores, total.

    ``leaders``: ``[{"key", "retired"}]``; ``bases``: ``[{"key", "points", "state", "by"}]`` with state
    ``available``, ``captured`` (``by`` the capturer) or ``retired`` (dropped); ``captured``: Bases taken from
    rivals ``[{"key", "points", "from", "cycle"}]``; ``cycle_scores`` one per ended cycle; ``projected`` the score
    if the current cycle ended now (0 when no cycle runs).
    """

    rank: int
    user_id: int
    name: str
    colour: str
    leaders: list[dict]
    bases: list[dict]
    captured: list[dict]
    cycle_scores: list[int]
    projected: int
    total: int
    dropped: bool
    wins: int = 0
    losses: int = 0
    ties: int = 0
