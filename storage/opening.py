"""Refusing a database file that cannot be used, before anything is written to it."""

from __future__ import annotations

import os
import sqlite3

from storage.migrate import latest_version

_MAGIC = b"SQLite format 3\x00"
ADVICE = "restore it from a backup, or run `pixel-parlor check` to see what is wrong"


class DatabaseUnusable(Exception):
    """The database file is damaged, not a database, or from a newer Pixel Parlor (one-line message)."""


def preflight(path: str) -> None:
    """Check, by reading only, that ``path`` is absent, empty, or a whole SQLite database of a schema
    this code knows; raise ``DatabaseUnusable`` otherwise (the file is left untouched)."""
    if path == ":memory:" or not os.path.exists(path):
        return
    size = os.path.getsize(path)
    if size == 0:
        return
    with open(path, "rb") as handle:
        header = handle.read(100)
    if len(header) < 100 or not header.startswith(_MAGIC):
        raise DatabaseUnusable(f"{path} is not a SQLite database (damaged or another file): {ADVICE}.")
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    counter_matches = header[24:28] == header[92:96]
    if counter_matches and pages and size < pages * page_size and not os.path.exists(path + "-wal"):
        raise DatabaseUnusable(f"{path} is truncated ({size} of {pages * page_size} bytes): {ADVICE}.")
    version = read_version(path)
    if version > latest_version():
        raise DatabaseUnusable(
            f"{path} was written by a newer Pixel Parlor (schema {version}; this one knows up to "
            f"{latest_version()}): upgrade Pixel Parlor, or restore a backup made by this version.")


def read_version(path: str) -> int:
    """Return the schema version (``PRAGMA user_version``) of an existing database, read-only."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise DatabaseUnusable(f"{path} cannot be opened ({exc}): {ADVICE}.") from None
    try:
        conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        return int(conn.execute("PRAGMA user_version").fetchone()[0])
    except sqlite3.Error as exc:
        raise DatabaseUnusable(f"{path} is damaged ({exc}): {ADVICE}.") from None
    finally:
        conn.close()


def check(path: str) -> tuple[bool, list[str]]:
    """Inspect a database read-only: integrity, foreign keys, schema version, games by status.

    Returns whether it is healthy, and the report's lines."""
    lines = [f"database: {path}"]
    if not os.path.exists(path):
        return False, [*lines, "no such file (it is created by `pixel-parlor migrate` or `run`)"]
    try:
        preflight(path)
    except DatabaseUnusable as exc:
        return False, [*lines, f"unusable: {exc}"]
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        integrity = [r[0] for r in conn.execute("PRAGMA integrity_check(20)").fetchall()]
        foreign = conn.execute("PRAGMA foreign_key_check").fetchall()
        statuses = {}
        if version:
            statuses = dict(conn.execute("SELECT status, COUNT(*) FROM games GROUP BY status").fetchall())
    except sqlite3.Error as exc:
        return False, [*lines, f"damaged: {exc}"]
    finally:
        conn.close()
    healthy = integrity == ["ok"] and not foreign and version <= latest_version()
    lines.append(f"schema version {version} (this Pixel Parlor: {latest_version()})"
                 + ("; `pixel-parlor migrate` brings it up to date" if version < latest_version() else ""))
    lines.append("integrity: ok" if integrity == ["ok"] else "integrity: " + "; ".join(integrity[:5]))
    lines.append("foreign keys: ok" if not foreign else f"foreign keys: {len(foreign)} broken references")
    if statuses:
        lines.append("games: " + ", ".join(f"{count} {status}" for status, count in sorted(statuses.items())))
    lines.append("healthy" if healthy else f"NOT healthy: {ADVICE.split(', or')[0]}")
    return healthy, lines
