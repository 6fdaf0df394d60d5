"""Per-server settings with their defaults (stored in the ``guild_settings`` table)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, replace
from typing import Any

from bot.errors import BadValue
from bot.games.base import Phrase
from storage.database import Database

POLICIES = ("skip", "forfeit", "pause", "computer")
#: the deadlines a lobby or /settings may choose, in hours (None = no deadline)
DEADLINE_CHOICES: dict[str, int | None] = {
    "12 hours": 12, "24 hours": 24, "48 hours": 48, "72 hours": 72, "1 week": 168, "none": None,
}


@dataclass(frozen=True)
class Settings:
    """A server's settings; every field has a default."""

    deadline_hours: int | None = 48
    deadline_policy: str = "skip"
    #: the level of the computer player that takes over a timed-out seat (policy "computer")
    takeover_level: str = "normal"
    #: reminder points before a deadline: "50%" (halfway) or "<n>h" (n hours before)
    reminder_points: list[str] = field(default_factory=lambda: ["50%", "2h"])
    threads: bool = True
    #: channels where games may be opened (empty: everywhere)
    game_channels: list[int] = field(default_factory=list)
    #: the role a member needs to open a game (None: anyone)
    starter_role: int | None = None
    #: the role pinged when a new lobby opens (None: nobody)
    lobby_ping_role: int | None = None
    #: the ratings season games are rated in now (a new season starts every board afresh)
    ratings_season: int = 1
    #: members with fewer rated games than this on a board are provisional there
    provisional_games: int = 5
    #: the role whose members organise events such as tournaments (None: only Manage Server and creators)
    organiser_role: int | None = None
    #: the server's time zone (an IANA name such as "Europe/Paris"): league cycles end at its midnight
    timezone: str = "UTC"
    #: whether members may ask ``/game hint`` for the computer's suggestion (never in rated or event games)
    hints: bool = False
    #: the theme public posts are drawn in: ``standard``, ``colour-blind`` or ``high-contrast``
    theme: str = "standard"
    #: the language of public posts (a code of ``bot.i18n.LANGUAGES``; private answers follow each member's client)
    language: str = "en"


DEFAULTS = Settings()
NAMES = tuple(f.name for f in fields(Settings))
#: at most this many reminder points per deadline
MAX_REMINDER_POINTS = 5
#: the longest deadline, in hours: an "<n>h" reminder point must be shorter
MAX_DEADLINE_HOURS = max(h for h in DEADLINE_CHOICES.values() if h is not None)
assert MAX_DEADLINE_HOURS % 168 == 0, "the longest deadline is named in weeks"
_POINT = re.compile(r"(?P<n>\d+(?:\.\d+)?)\s*(?P<unit>[%h])")


def deadline_text(hours: int | None) -> str:
    """Return a deadline as its /settings and /play choice names it: ``48 hours``, ``1 week``, ``no deadline``."""
    if hours is None:
        return "no deadline"
    for name, value in DEADLINE_CHOICES.items():
        if value == hours:
            return name
    return f"{hours} hours" if hours != 1 else "1 hour"


def is_default(settings: Settings, name: str) -> bool:
    """Return whether a setting has its default value."""
    return getattr(settings, name) == getattr(DEFAULTS, name)


def parse_reminder_points(text: str) -> list[str]:
    """Parse reminder points such as ``"50%, 2h"`` into ``["50%", "2h"]`` (``"none"``: no reminders).

    A point is ``<n>%`` (that share of the time allowed has passed, 0 < n < 100) or ``<n>h`` (n hours
    before the deadline, 0 < n < the longest deadline). Raises ``ValueError`` with the reason, naming
    the offending point.
    """
    cleaned = text.strip().lower()
    if cleaned in ("none", "off", "no"):
        return []
    pieces = [p.strip() for p in cleaned.split(",")]
    if not any(pieces):
        raise BadValue("Give reminder points such as `50%, 2h`, or `none` for no reminders.")
    points: list[str] = []
    for piece in pieces:
        if not piece:
            continue
        match = _POINT.fullmatch(piece)
        if match is None:
            raise BadValue("`{piece}` is not a reminder point: write a share of the time allowed "
                           "such as `50%` (halfway), or hours before the deadline such as `2h`.", piece=piece)
        number, unit = float(match["n"]), match["unit"]
        shown = f"{number:g}{unit}"
        if unit == "%" and not 0 < number < 100:
            raise BadValue("`{piece}`: a percentage must be more than 0 and less than 100 "
                           "(`50%` reminds halfway to the deadline).", piece=piece)
        if unit == "h" and not 0 < number < MAX_DEADLINE_HOURS:
            raise BadValue("`{piece}`: hours before the deadline must be more than 0 and less than "
                           "{most} (the longest deadline, {longest}).", piece=piece, most=MAX_DEADLINE_HOURS,
                           longest=Phrase.counted("{n} week", "{n} weeks", MAX_DEADLINE_HOURS // 168))
        if shown not in points:
            points.append(shown)
    if len(points) > MAX_REMINDER_POINTS:
        raise BadValue("At most {most} reminder points, please ({given} given).", most=MAX_REMINDER_POINTS,
                       given=len(points))
    return points


async def load_settings(db: Database, guild_id: int | None) -> Settings:
    """Return a server's settings: stored values over the defaults (defaults for DMs)."""
    if guild_id is None:
        return DEFAULTS
    stored: dict[str, Any] = await db.guild_settings(guild_id)
    return replace(DEFAULTS, **{k: v for k, v in stored.items() if k in NAMES})


async def save_setting(db: Database, guild_id: int, name: str, value: Any) -> Settings:
    """Store one setting (``ValueError`` for an unknown name); return the new settings."""
    if name not in NAMES:
        raise ValueError(f"unknown setting {name!r}")
    await db.set_guild_setting(guild_id, name, value)
    return await load_settings(db, guild_id)


def reminder_offsets(points: list[str], span: float) -> dict[str, float]:
    """Return ``{point: seconds before the deadline}`` for the valid points within ``span`` seconds."""
    out: dict[str, float] = {}
    for point in points:
        text = point.strip().lower()
        try:
            if text.endswith("%"):
                before = span * (1 - float(text[:-1]) / 100)
            elif text.endswith("h"):
                before = float(text[:-1]) * 3600
            else:
                continue
        except ValueError:
            continue
        if 0 < before < span:
            out[point] = before
    return out
