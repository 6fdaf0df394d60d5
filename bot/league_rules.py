"""The service-side pieces of a Pixel Tactics League: its refusal, who may run it, when a
cycle ends (the server's time zone), and the options of a challenge's game."""

from __future__ import annotations

import datetime as dt
import functools
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot import errors
from bot.games.pixel_tactics import sets
from bot.tournament_service import TournamentService

if TYPE_CHECKING:
    from bot.settings import Settings
    from storage.leagues import LeagueRow

#: the game every league plays
KIND = "pixel-tactics"
#: the most players a league takes: one Base colour each (ours)
MAX_PLAYERS = len({b["colour"] for b in sets.BASES})
#: hours before a reminder of a pending draft pick, challenge answer or secret choice (the default)
REMINDER_HOURS = 24


class LeagueRefused(errors.ParlorError):
    """A league command refused (the message says why)."""


def organiser_refusal(what: str) -> str:
    """Return the sentence refusing a non-organiser."""
    return (f"Only the league's organisers (its creator, members with Manage Server or the server's organiser "
            f"role) can {what}.")


def is_organiser(row: LeagueRow, user_id: int, has_manage_guild: bool, role_ids: list[int],
                 settings: Settings) -> bool:
    """Return whether a member runs this league: as for tournaments, its creator, a member with Manage Server or
    one with the server's organiser role."""
    return TournamentService.is_organiser(row, user_id, has_manage_guild, role_ids, settings)  # type: ignore[arg-type]


def zone_of(settings: Settings) -> dt.tzinfo:
    """Return the server's time zone (setting ``timezone``, an IANA name; UTC when unset or unknown)."""
    name = getattr(settings, "timezone", None) or "UTC"
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return dt.UTC


#: the time zones ``/settings timezone`` offers first (any IANA name is accepted)
COMMON_ZONES = ("UTC", "Europe/London", "Europe/Paris", "Europe/Berlin", "America/New_York", "America/Chicago",
                "America/Denver", "America/Los_Angeles", "America/Sao_Paulo", "Asia/Kolkata", "Asia/Shanghai",
                "Asia/Tokyo", "Australia/Sydney")


@functools.cache
def _zones() -> tuple[str, ...]:
    """Return every IANA time zone name this system knows, sorted (read once)."""
    return tuple(sorted(available_timezones()))


def zone_named(text: str) -> str | None:
    """Return the IANA time zone ``text`` names (any case; spaces for underscores), ``None`` when unknown."""
    wanted = "_".join(str(text).strip().split()).lower()
    if wanted in ("utc", "gmt", "z"):
        return "UTC"
    return next((name for name in _zones() if name.lower() == wanted), None)


def zones_like(text: str, limit: int = 25) -> list[str]:
    """Return up to ``limit`` time zone names containing ``text`` (any case), the common ones first."""
    part = "_".join(str(text).strip().split()).lower()
    every = [*COMMON_ZONES, *(z for z in _zones() if z not in COMMON_ZONES)]
    return [z for z in every if part in z.lower()][:limit]


def cycle_end_at(started_at: float, cycle_days: int, zone: dt.tzinfo) -> float:
    """Return when a cycle started at ``started_at`` ends: midnight in ``zone`` at the start of the day
    ``cycle_days`` days after the day it started (ours: a 7-day cycle started on a Monday afternoon ends as the
    next Monday begins)."""
    local = dt.datetime.fromtimestamp(started_at, zone)
    day = local.date() + dt.timedelta(days=cycle_days)
    return dt.datetime.combine(day, dt.time(0, 0), tzinfo=zone).timestamp()


def game_options(row: LeagueRow, challenge_id: int, players: list[int], decks: list[dict[str, Any]],
                 bases: list[str], thread: bool = True) -> dict[str, Any]:
    """Return the row options of a challenge's game: a thread or not (``thread``: the server's ``threads``
    setting), the league's deadline with the ``forfeit`` policy,
    unrated (a league keeps its own score), the challenge it plays, and its engine options (one game, the two
    league decks each with its chosen Leader, and the Base each player plays with, in seat order)."""
    return {"thread": thread, "deadline_hours": row.options.get("deadline_hours"), "deadline_policy": "forfeit",
            "rated": False, "league": {"id": row.id, "challenge": challenge_id, "players": list(players)},
            "game": {"trophies": 1, "decks": decks, "bases": list(bases)}}
