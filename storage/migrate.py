"""Numbered SQL migrations, the same numbers for both backends: ``storage/migrations/NNNN_*.sql`` for SQLite
(the version in ``PRAGMA user_version``) and ``storage/migrations/pg/NNNN_*.sql`` for PostgreSQL (the version in
the one-row table ``schema_version``)."""

from __future__ import annotations

import re
from importlib import resources

import aiosqlite

_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
#: the advisory lock PostgreSQL migrations run under (several processes may start at once)
MIGRATION_LOCK = 0x5041524C  # "PARL"


def migration_files(dialect: str = "sqlite") -> list[tuple[int, str, str]]:
    """Return ``(number, filename, sql)`` for every bundled migration of ``dialect``, in order."""
    folder = resources.files("storage.migrations")
    if dialect == "postgresql":
        folder = folder / "pg"
    found = []
    for entry in folder.iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [n for n, _, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise RuntimeError(f"{dialect} migrations must be numbered 1..n without gaps, found {numbers}")
    return found


def latest_version() -> int:
    """Return the schema version the bundled migrations lead to."""
    return len(migration_files())


async def migrate(conn: aiosqlite.Connection) -> int:
    """Apply every migration newer than the database's ``user_version``; return the new version."""
    async with conn.execute("PRAGMA user_version") as cur:
        (current,) = await cur.fetchone()
    for number, _name, sql in migration_files():
        if number <= current:
            continue
        # One script, one transaction: the schema change and its version number land together.
        try:
            await conn.executescript(f"BEGIN IMMEDIATE;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")
        except BaseException:
            if conn.in_transaction:
                await conn.rollback()
            raise
        current = number
    return current


async def pg_version(conn) -> int:
    """Return a PostgreSQL database's schema version (0: never migrated)."""
    exists = await conn.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
    return int(await conn.fetchval("SELECT version FROM schema_version") or 0) if exists else 0


async def migrate_pg(conn) -> int:
    """Apply every PostgreSQL migration newer than the database's version (an ``asyncpg`` connection); return the
    new version. Each runs in its own transaction with its version number, under an advisory lock, so processes
    starting together migrate once."""
    current = await pg_version(conn)
    for number, _name, sql in migration_files("postgresql"):
        if number <= current:
            continue
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            current = await pg_version(conn)
            if number <= current:
                continue
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            await conn.execute(sql)
            await conn.execute("DELETE FROM schema_version")
            await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
            current = number
    return current
