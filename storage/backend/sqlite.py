"""The SQLite backend: one writing connection (WAL, foreign keys on) and one read-only connection of one file."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from storage.backend import SQLITE
from storage.errors import StorageError
from storage.migrate import latest_version, migrate
from storage.opening import ADVICE, DatabaseUnusable, preflight

#: RETURNING (3.35) and ON CONFLICT (3.24), which the store's SQL uses in both dialects
MIN_SQLITE = (3, 35, 0)


def storage_error(exc: sqlite3.Error) -> Exception:
    """Return the exception to raise for a SQLite error: ``StorageError`` for a failure of the store
    itself; constraint violations and programming errors are raised as they are."""
    if isinstance(exc, sqlite3.IntegrityError | sqlite3.ProgrammingError | sqlite3.InterfaceError):
        return exc
    code = getattr(exc, "sqlite_errorcode", None)
    full = code == sqlite3.SQLITE_FULL or "database or disk is full" in str(exc)
    return StorageError(str(exc), full=full)


class SqliteConnection:
    """A write transaction's connection to SQLite."""

    dialect = SQLITE

    def __init__(self, raw: aiosqlite.Connection):
        self.raw = raw

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; return how many rows it changed."""
        cur = await self.raw.execute(sql, tuple(params))
        count = cur.rowcount
        await cur.close()
        return count

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement once per row of parameters."""
        await self.raw.executemany(sql, [tuple(r) for r in rows])

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        """Run a query and return its rows (read to the end in one call: no cursor stays open)."""
        return list(await self.raw.execute_fetchall(sql, tuple(params)))

    async def lock(self, key: int) -> None:
        """Nothing to do: ``BEGIN IMMEDIATE`` already holds the whole database's write lock."""


class SqliteBackend:
    """An open SQLite database file: writes on one connection, one at a time; reads on another."""

    dialect = SQLITE

    def __init__(self, writer: aiosqlite.Connection, reader: aiosqlite.Connection, schema_version: int):
        self.writer = writer
        # Reads go through their own connection: under WAL they only ever see committed data, never
        # the half-done transaction of another task on the writing connection.
        self.reader = reader
        self.schema_version = schema_version
        # One connection is shared by every coroutine: write transactions must not interleave.
        self._write_lock = asyncio.Lock()
        self._conn = SqliteConnection(writer)

    @classmethod
    async def open(cls, path: str) -> SqliteBackend:
        """Open (creating and migrating if needed) the database at ``path``.

        A damaged file, another kind of file, or a database of a newer schema is refused with
        ``DatabaseUnusable`` before anything is written to it, and no connection is left open."""
        if sqlite3.sqlite_version_info < MIN_SQLITE:
            raise DatabaseUnusable(f"SQLite {sqlite3.sqlite_version} is too old: Pixel Parlor needs 3.35 or newer "
                                   "(the one bundled with Python 3.11 on current systems).")
        preflight(path)
        conns: list[aiosqlite.Connection] = []
        try:
            conn = await aiosqlite.connect(path, isolation_level=None)
            conns.append(conn)
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute("PRAGMA foreign_keys = ON")
            await conn.execute("PRAGMA synchronous = NORMAL")
            await conn.execute("PRAGMA busy_timeout = 5000")
            version = await migrate(conn)
            if version > latest_version():
                raise DatabaseUnusable(f"{path} was written by a newer Pixel Parlor (schema {version}): "
                                       "upgrade Pixel Parlor, or restore a backup made by this version.")
            reader = await aiosqlite.connect(path, isolation_level=None)
            conns.append(reader)
            await reader.execute("PRAGMA busy_timeout = 5000")
            await reader.execute("PRAGMA query_only = ON")
        except BaseException as exc:
            for opened in conns:
                with contextlib.suppress(Exception):
                    await opened.close()
            if isinstance(exc, sqlite3.DatabaseError):
                raise DatabaseUnusable(f"{path} cannot be used ({exc}): {ADVICE}.") from None
            raise
        return cls(conn, reader, version)

    async def close(self) -> None:
        """Close both connections."""
        await self.reader.close()
        await self.writer.close()

    async def fetch(self, sql: str, params: Sequence[Any] = (), conn: SqliteConnection | None = None) -> list[tuple]:
        """Fetch all rows from the reader (or from ``conn``, a transaction's connection).

        The statement runs and is read to its end in one call on the connection's thread, so it never
        stays open while another task's statement runs there: each read is its own snapshot, taken
        when it starts, and so sees every commit made before it (read-your-writes). A cursor left
        open across an ``await`` would pin an old snapshot for every later read on the connection.
        """
        try:
            return list(await (conn.raw if conn is not None else self.reader).execute_fetchall(sql, tuple(params)))
        except sqlite3.Error as exc:
            mapped = storage_error(exc)
            if mapped is exc:
                raise
            raise mapped from exc

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteConnection]:
        """Run the body in one write transaction (``BEGIN IMMEDIATE``): committed on success, rolled back on
        error; a failure of SQLite itself (disk full, I/O error) is raised as ``StorageError``."""
        async with self._write_lock:
            try:
                await self.writer.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                raise storage_error(exc) from exc
            try:
                yield self._conn
                await self.writer.execute("COMMIT")
            except BaseException as exc:
                if self.writer.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        await self.writer.execute("ROLLBACK")
                mapped = storage_error(exc) if isinstance(exc, sqlite3.Error) else exc
                if mapped is exc:
                    raise
                raise mapped from exc
