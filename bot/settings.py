"""Per-server settings with their defaults (stored in the ``guild_settings`` table)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from storage.database import Database

POLICIES = ("skip", "forfeit", "pause")
#: the deadlines a lobby or /settings may choose, in hours (None = no deadline)
DEADLINE_CHOICES: dict[str, int | None] = {
    "12 hours": 12, "24 hours": 24, "48 hours": 48, "72 hours": 72, "1 week": 168, "none": None,
}


@dataclass(frozen=True)
class Settings:
    """A server's settings; every field has a default."""

    deadline_hours: int | None = 48
    deadline_policy: str = "skip"
    #: reminder points before a deadline: "50%" (halfway) or "<n>h" (n hours before)
    reminder_points: list[str] = field(default_factory=lambda: ["50%", "2h"])
    threads: bool = True
    #: channels where games may be opened (empty: everywhere)
    game_channels: list[int] = field(default_factory=list)
    #: the role a member needs to open a game (None: anyone)
    starter_role: int | None = None
    #: the role pinged when a new lobby opens (None: nobody)
    lobby_ping_role: int | None = None


DEFAULTS = Settings()
NAMES = tuple(f.name for f in fields(Settings))


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
