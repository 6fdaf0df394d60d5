"""``pixel-parlor check`` for either backend: SQLite's file checks (``storage/opening.py``) or a PostgreSQL
database's schema version, append-only trigger and games by status, read-only."""

from __future__ import annotations

import asyncio

import asyncpg

from storage.backend import is_postgres_url, redact
from storage.migrate import latest_version, pg_version
from storage.opening import check


def check_any(target: str) -> tuple[bool, list[str]]:
    """Inspect the database ``target`` (a file path or a ``postgresql://`` URL) read-only; return whether it
    is healthy, and the report's lines."""
    return asyncio.run(check_postgres(target)) if is_postgres_url(target) else check(target)


async def check_postgres(url: str) -> tuple[bool, list[str]]:
    """Inspect a PostgreSQL database read-only: reachable, schema version, the log's trigger, games by status."""
    lines = [f"database: {redact(url)}"]
    try:
        conn = await asyncpg.connect(url, timeout=30)
    except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
        return False, [*lines, f"cannot be reached: {type(exc).__name__}: {exc}"]
    try:
        async with conn.transaction(readonly=True):
            version = await pg_version(conn)
            triggers = await conn.fetchval("SELECT COUNT(*) FROM pg_trigger WHERE tgname IN "
                                           "('actions_no_update', 'actions_no_delete')")
            statuses = dict(await conn.fetch("SELECT status, COUNT(*) FROM games GROUP BY status")) if version else {}
    except asyncpg.PostgresError as exc:
        return False, [*lines, f"damaged: {type(exc).__name__}: {exc}"]
    finally:
        await conn.close()
    healthy = version <= latest_version() and (version == 0 or triggers == 2)
    lines.append(f"schema version {version} (this Pixel Parlor: {latest_version()})"
                 + ("; `pixel-parlor migrate` brings it up to date" if version < latest_version() else ""))
    if version:
        lines.append("append-only action log: enforced" if triggers == 2 else "append-only action log: trigger MISSING")
    if statuses:
        lines.append("games: " + ", ".join(f"{count} {status}" for status, count in sorted(statuses.items())))
    lines.append("healthy" if healthy else "NOT healthy")
    return healthy, lines
