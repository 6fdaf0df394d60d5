"""Numbered SQL migrations, tracked with ``PRAGMA user_version``."""

from __future__ import annotations

import re
from importlib import resources

import aiosqlite

_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


def migration_files() -> list[tuple[int, str, str]]:
    """Return ``(number, filename, sql)`` for every bundled migration, in order."""
    found = []
    for entry in resources.files("storage.migrations").iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [n for n, _, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise RuntimeError(f"migrations must be numbered 1..n without gaps, found {numbers}")
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

