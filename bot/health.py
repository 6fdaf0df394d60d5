"""Health of a running bot, for a container's HEALTHCHECK: the database answers, and the bot's heartbeat is fresh.

The running bot touches its heartbeat file (``PARLOR_HEARTBEAT``) every ``BEAT`` seconds while it is connected to
Discord; ``pixel-parlor health`` (another process) reads the file's age and asks the database one question.
"""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path

log = logging.getLogger("parlor.health")

#: how often the running bot touches its heartbeat file (seconds)
BEAT = 30.0
#: a heartbeat older than this is stale: the bot is stuck or has lost Discord (three missed beats)
STALE_AFTER = 3 * BEAT


def beat(path: str) -> None:
    """Touch the heartbeat file now (created if missing)."""
    Path(path).touch()


def connected(bot) -> bool:
    """Whether the bot is connected to Discord now: every shard's gateway connection (or its one) is open."""
    if bot.is_closed() or not bot.is_ready():
        return False
    shards = getattr(bot, "shards", None)
    if isinstance(shards, dict):  # discord.py's sharded client: ShardInfo by id
        return bool(shards) and all(not info.is_closed() for info in shards.values())
    ws = getattr(bot, "ws", None)
    return ws is not None and ws.open


async def heartbeat_loop(bot, path: str, every: float = BEAT) -> None:
    """Touch ``path`` when ``bot`` is ready, then every ``every`` seconds while it is connected to Discord."""
    await bot.wait_until_ready()
    while True:
        try:
            if connected(bot):
                beat(path)
        except OSError as exc:
            log.warning("cannot touch the heartbeat file %s (%s)", path, exc)
        await asyncio.sleep(every)


def heartbeat_age(path: str, now: float | None = None) -> float | None:
    """Return how many seconds ago the heartbeat file was touched (None: no such file)."""
    try:
        touched = Path(path).stat().st_mtime
    except OSError:
        return None
    return max(0.0, (time.time() if now is None else now) - touched)


async def database_answers(target: str, timeout: float = 10.0) -> str | None:
    """Ask the database one read-only question without migrating it; return None when it answers, else why not."""
    from storage.backend import is_postgres_url

    try:
        if is_postgres_url(target):
            import asyncpg

            conn = await asyncpg.connect(target, timeout=timeout)
            try:
                await conn.fetchval("SELECT 1", timeout=timeout)
            finally:
                await conn.close(timeout=timeout)
        else:
            import sqlite3

            if not Path(target).is_file():
                return "no database file"
            with sqlite3.connect(f"file:{target}?mode=ro", uri=True, timeout=timeout) as conn:
                conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


def check_health(db_target: str, heartbeat: str | None, now: float | None = None) -> tuple[bool, list[str]]:
    """Check the database and the heartbeat; return (healthy, one line per check)."""
    from storage.backend import redact

    lines = []
    problem = asyncio.run(database_answers(db_target))
    lines.append(f"database {redact(db_target)}: " + ("answers" if problem is None else f"FAILED ({problem})"))
    healthy = problem is None
    if heartbeat is None:
        lines.append("heartbeat: FAILED (PARLOR_HEARTBEAT is not set, so the bot keeps none)")
        return False, lines
    age = heartbeat_age(heartbeat, now)
    if age is None:
        lines.append(f"heartbeat {heartbeat}: FAILED (no such file: the bot has not connected yet)")
        healthy = False
    elif age > STALE_AFTER:
        lines.append(f"heartbeat {heartbeat}: FAILED (stale: {age:.0f} s old, more than {STALE_AFTER:.0f} s)")
        healthy = False
    else:
        lines.append(f"heartbeat {heartbeat}: fresh ({age:.0f} s old)")
    return healthy, lines
