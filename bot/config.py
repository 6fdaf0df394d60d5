"""Configuration of the bot, read from environment variables."""

from __future__ import annotations

import logging
import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from storage.backend import is_postgres_url, redact

DEFAULT_DB = "./parlor.sqlite3"
# A bot token is three dot-separated base64url parts: the bot's id, a timestamp and an HMAC.
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{17,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}$")
#: a URL's scheme (``PARLOR_DB`` accepts only ``postgresql://`` URLs; anything else is a file path)
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")
_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")

#: every environment variable the bot reads, with its meaning (README documents the same list)
ENVIRONMENT = {
    "DISCORD_TOKEN": "the bot token from the Discord developer portal (required for run and sync)",
    "PARLOR_DB": f"the database: a SQLite file path (default {DEFAULT_DB}) or a postgresql://user:password@host/db "
                 "URL (PostgreSQL); created or migrated on first run",
    "PARLOR_DEV_GUILD": "optional guild id: slash commands are synced to this guild only (instant)",
    "PARLOR_LOG_LEVEL": "DEBUG, INFO (default), WARNING or ERROR",
    "PARLOR_RENDER_WORKERS": "render processes (default: one per core); 0 = the old design, one render thread "
                             "in the bot's process with the slow optimising PNG encoder (for comparisons)",
    "PARLOR_AI_WORKERS": "the computer players' thinking processes, below the bot's priority (default: one per core "
                         "but one, at least 1); 0 = one thinking thread in the bot's process (tests, tools)",
    "PARLOR_SHARDS": "optional total number of Discord shards N (as run --shards N): this process runs discord.py's "
                     "sharded client; unset = one unsharded connection",
    "PARLOR_SHARD_IDS": "the shards this process runs, a range a-b (or one id) within 0..N-1 (as run --shard-ids a-b; "
                        "default: all N)",
    "PARLOR_COMPUTER_DELAY": "the visible pause before a computer player's move, in seconds from 0 to 10 "
                             "(default 2)",
    "PARLOR_HEARTBEAT": "optional file the running bot touches every 30 s while connected; pixel-parlor health "
                        "checks it is fresh",
}
#: the visible pause before a computer player's move (seconds), its default and largest value
DEFAULT_COMPUTER_DELAY, MAX_COMPUTER_DELAY = 2.0, 10.0
#: the most shards accepted (Discord's largest bots run tens of thousands; this is a sanity bound)
MAX_SHARDS = 65536


def default_ai_workers() -> int:
    """The computer players' thinking processes on this machine: one per core but one (the event loop's and the
    renders'), at least one. They run below the bot's priority, so a busy pool slows only other decisions."""
    return max(1, (os.cpu_count() or 1) - 1)


class ConfigError(Exception):
    """The environment does not describe a usable configuration (a one-line message)."""


@dataclass(frozen=True)
class Config:
    """The bot's settings."""

    token: str | None = field(repr=False)
    #: a SQLite file path or a ``postgresql://`` URL (kept out of the repr: a URL may carry a password)
    db_path: str = field(default=DEFAULT_DB, repr=False)
    dev_guild: int | None = None
    log_level: int = logging.INFO
    #: render worker processes; 0 = one render thread in this process (the old design, for benchmarks)
    render_workers: int = field(default_factory=lambda: os.cpu_count() or 1)
    #: the computer players' thinking worker processes (``default_ai_workers``); 0 = one thread in this process
    ai_workers: int = field(default_factory=default_ai_workers)
    #: the visible pause before a computer player's move (seconds)
    computer_delay: float = DEFAULT_COMPUTER_DELAY
    #: the total number of shards (None: one unsharded connection, the default)
    shard_count: int | None = None
    #: the shards this process runs (None: all of ``shard_count``)
    shard_ids: tuple[int, ...] | None = None
    #: a file the running bot touches while connected (``pixel-parlor health`` reads its age); None: none
    heartbeat: str | None = None


def parse_shards(count: str | None, ids: str | None) -> tuple[int | None, tuple[int, ...] | None]:
    """Parse ``--shards N`` and ``--shard-ids a-b`` (or one id); raise ``ConfigError`` when malformed."""
    count = (count or "").strip()
    ids = (ids or "").strip()
    if not count:
        if ids:
            raise ConfigError(f"--shard-ids/PARLOR_SHARD_IDS {ids!r} needs --shards/PARLOR_SHARDS (the total number "
                              "of shards).")
        return None, None
    if not count.isdigit() or not 1 <= int(count) <= MAX_SHARDS:
        raise ConfigError(f"--shards/PARLOR_SHARDS must be a number of shards from 1 to {MAX_SHARDS}, not {count!r}.")
    total = int(count)
    if not ids:
        return total, tuple(range(total))
    match = re.fullmatch(r"(\d+)(?:\s*-\s*(\d+))?", ids)
    if match is None:
        raise ConfigError(f"--shard-ids/PARLOR_SHARD_IDS must be a range a-b (or one id) such as 0-{total - 1}, "
                          f"not {ids!r}.")
    first = int(match.group(1))
    last = int(match.group(2)) if match.group(2) is not None else first
    if first > last:
        raise ConfigError(f"--shard-ids/PARLOR_SHARD_IDS {ids!r}: the range runs backwards (write {last}-{first}).")
    if last >= total:
        raise ConfigError(f"--shard-ids/PARLOR_SHARD_IDS {ids!r} is outside the {total} shard(s): ids run from 0 "
                          f"to {total - 1}.")
    return total, tuple(range(first, last + 1))


def parse_delay(text: str) -> float:
    """Parse ``PARLOR_COMPUTER_DELAY`` (seconds, 0 to 10); raise ``ConfigError`` when malformed."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value <= MAX_COMPUTER_DELAY:  # NaN fails too
        raise ConfigError(f"PARLOR_COMPUTER_DELAY must be a number of seconds from 0 to {MAX_COMPUTER_DELAY:g}, "
                          f"not {text!r}.")
    return value


def load_config(env: Mapping[str, str] | None = None, *, need_token: bool = True, shards: str | None = None,
                shard_ids: str | None = None) -> Config:
    """Read the configuration from ``env`` (default ``os.environ``; ``shards``/``shard_ids`` from the command line
    win over ``PARLOR_SHARDS``/``PARLOR_SHARD_IDS``); raise ``ConfigError`` if unusable."""
    env = os.environ if env is None else env
    token = env.get("DISCORD_TOKEN", "").strip() or None
    if need_token:
        if token is None:
            raise ConfigError("DISCORD_TOKEN is not set: put your bot token in the environment.")
        if not _TOKEN.match(token):
            raise ConfigError("DISCORD_TOKEN is malformed: expected the bot token from the developer portal.")
    dev_guild = env.get("PARLOR_DEV_GUILD", "").strip()
    if dev_guild and not dev_guild.isdigit():
        raise ConfigError(f"PARLOR_DEV_GUILD must be a guild id (digits), not {dev_guild!r}.")
    level = env.get("PARLOR_LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in _LEVELS:
        raise ConfigError(f"PARLOR_LOG_LEVEL must be one of {', '.join(_LEVELS)}, not {level!r}.")
    db = env.get("PARLOR_DB", "").strip() or DEFAULT_DB
    if _SCHEME.match(db) and not is_postgres_url(db):
        raise ConfigError(f"PARLOR_DB must be a file path or a postgresql:// URL, not {redact(db)!r}.")
    workers = env.get("PARLOR_RENDER_WORKERS", "").strip()
    if workers and not (workers.isdigit() and int(workers) <= 64):
        raise ConfigError(f"PARLOR_RENDER_WORKERS must be a number from 0 to 64, not {workers!r}.")
    thinkers = env.get("PARLOR_AI_WORKERS", "").strip()
    if thinkers and not (thinkers.isdigit() and int(thinkers) <= 64):
        raise ConfigError(f"PARLOR_AI_WORKERS must be a number from 0 to 64, not {thinkers!r}.")
    delay = env.get("PARLOR_COMPUTER_DELAY", "").strip()
    computer_delay = parse_delay(delay) if delay else DEFAULT_COMPUTER_DELAY
    if shards is None and shard_ids is None:
        shards, shard_ids = env.get("PARLOR_SHARDS"), env.get("PARLOR_SHARD_IDS")
    elif shards is None:
        shards = env.get("PARLOR_SHARDS")
    shard_count, shard_range = parse_shards(shards, shard_ids)
    return Config(
        token=token,
        shard_count=shard_count,
        shard_ids=shard_range,
        heartbeat=env.get("PARLOR_HEARTBEAT", "").strip() or None,
        render_workers=int(workers) if workers else (os.cpu_count() or 1),
        ai_workers=int(thinkers) if thinkers else default_ai_workers(),
        computer_delay=computer_delay,
        db_path=db,
        dev_guild=int(dev_guild) if dev_guild else None,
        log_level=getattr(logging, level),
    )
