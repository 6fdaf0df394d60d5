"""``pixel-parlor migrate-data``: copy every table of a SQLite database into a PostgreSQL database, then verify
each table's row count and checksum on both sides.

The source is only read. The target is migrated first (the same numbered migrations), then every row is
inserted in one transaction with ``ON CONFLICT DO NOTHING`` (parents before children), so a rerun adds what is
missing and changes nothing else; identity sequences continue after the copied ids. The checksum of a table is
SHA-256 over its rows in a canonical form, sorted, so it does not depend on either database's order or collation.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from storage.backend import is_postgres_url, redact
from storage.database import Database
from storage.migrate import latest_version
from storage.opening import DatabaseUnusable, read_version

BATCH = 1000


class CopyError(Exception):
    """The copy cannot be made as asked (a one-line message)."""


@dataclass(frozen=True)
class TableCheck:
    """One table after the copy: rows and checksum on each side."""

    name: str
    source_rows: int
    target_rows: int
    source_sum: str
    target_sum: str

    @property
    def ok(self) -> bool:
        """Whether both sides hold the same rows."""
        return self.source_rows == self.target_rows and self.source_sum == self.target_sum


def source_path(spec: str) -> str:
    """Return the file of ``--from`` (``sqlite:PATH`` or a bare path)."""
    path = spec[len("sqlite:"):] if spec.startswith("sqlite:") else spec
    if path.startswith("//"):  # sqlite:///abs/path
        path = path[2:]
    if not path or is_postgres_url(path) or not os.path.isfile(path):
        raise CopyError(f"--from must name an existing SQLite file (sqlite:PATH), not {redact(spec)!r}")
    return path


def _canonical(value: Any) -> Any:
    if isinstance(value, float):
        return ["f", value.hex()]
    if isinstance(value, bytes):
        return ["b", value.hex()]
    return value


def checksum(rows: Iterable[tuple]) -> tuple[int, str]:
    """Return the number of rows and the SHA-256 of their canonical forms, sorted."""
    lines = sorted(json.dumps([_canonical(v) for v in row], separators=(",", ":")) for row in rows)
    digest = hashlib.sha256()
    for line in lines:
        digest.update(line.encode() + b"\n")
    return len(lines), digest.hexdigest()


def _tables(src: sqlite3.Connection) -> list[str]:
    """Return the source's tables, every table after those its foreign keys reference."""
    names = [r[0] for r in src.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                      "AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    parents = {n: {r[2] for r in src.execute(f'PRAGMA foreign_key_list("{n}")')} - {n} for n in names}
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [n for n in names if n not in ordered and parents[n] <= set(ordered)]
        if not ready:
            raise CopyError(f"circular foreign keys among {sorted(set(names) - set(ordered))}")
        ordered += ready
    return ordered


def _columns(src: sqlite3.Connection, table: str) -> list[str]:
    return [r[1] for r in src.execute(f'PRAGMA table_info("{table}")')]


async def copy_data(source: str, target: str) -> list[TableCheck]:
    """Copy every table of the SQLite file ``source`` into the PostgreSQL database ``target`` (migrated first);
    return each table's check (rows and checksums of both sides)."""
    if not is_postgres_url(target):
        raise CopyError(f"--to must be a postgresql:// URL, not {redact(target)!r}")
    version = read_version(source)
    if version != latest_version():
        raise CopyError(f"{source} is at schema version {version}, this Pixel Parlor at {latest_version()}: run "
                        f"`PARLOR_DB={source} pixel-parlor migrate` first (after a backup)")
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        tables = [(t, _columns(src, t)) for t in _tables(src)]
        db = await Database.open(target)
        try:
            present = {r[0] for r in await db._all(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")}
            missing = [t for t, _ in tables if t not in present]
            if missing:
                raise CopyError(f"the target has no table {', '.join(missing)}: is it a Pixel Parlor database?")
            async with db.transaction() as conn:
                for table, cols in tables:
                    await _copy_table(src, conn, table, cols)
            return [await _check(src, db, table, cols) for table, cols in tables]
        finally:
            await db.close()
    except sqlite3.Error as exc:
        raise DatabaseUnusable(f"{source} cannot be read ({exc})") from None
    finally:
        src.close()


async def _copy_table(src: sqlite3.Connection, conn, table: str, cols: list[str]) -> None:
    names = ", ".join(cols)
    sql = (f"INSERT INTO {table} ({names}) VALUES ({', '.join('?' * len(cols))}) ON CONFLICT DO NOTHING")
    cursor = src.execute(f"SELECT {names} FROM {table}")
    while batch := cursor.fetchmany(BATCH):
        await conn.executemany(sql, batch)
    if "id" in cols:  # an identity column: new rows continue after the copied ids
        await conn.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                           f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)")


async def _check(src: sqlite3.Connection, db: Database, table: str, cols: list[str]) -> TableCheck:
    names = ", ".join(cols)
    source_rows, source_sum = checksum(src.execute(f"SELECT {names} FROM {table}"))
    target_rows, target_sum = checksum(await db._all(f"SELECT {names} FROM {table}"))
    return TableCheck(table, source_rows, target_rows, source_sum, target_sum)


def report(checks: list[TableCheck]) -> tuple[bool, list[str]]:
    """Return whether every table matches, and one line per table."""
    lines = [f"{'ok' if c.ok else 'MISMATCH'} {c.name}: {c.source_rows} rows"
             + ("" if c.ok else f" in the source, {c.target_rows} in the target")
             + f", sha256 {c.source_sum[:12]}" + ("" if c.ok else f" vs {c.target_sum[:12]}") for c in checks]
    return all(c.ok for c in checks), lines
