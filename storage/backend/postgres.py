"""The PostgreSQL backend (asyncpg): a pool of connections for write transactions and another for reads.

Statements keep SQLite's ``?`` placeholders; :func:`pg_sql` numbers them ``$1, $2, …`` (outside quoted text)
once per statement. Every failure of the server or of the connection is raised as ``StorageError``, as SQLite's
I/O errors are; constraint violations and programming errors are raised as they are.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from storage.backend import POSTGRESQL, redact
from storage.backend.fence import check as check_fence
from storage.backend.fence import current as current_fence
from storage.errors import StorageError
from storage.migrate import latest_version, migrate_pg
from storage.opening import DatabaseUnusable

#: failures of the store itself (mapped to ``StorageError``), not of the statement
_STORE_FAILURES = (
    asyncpg.PostgresConnectionError,          # class 08: the connection is gone
    asyncpg.exceptions.OperatorInterventionError,  # class 57: shutdown, crash, query cancelled
    asyncpg.exceptions.InsufficientResourcesError,  # class 53: disk full, out of memory, too many connections
    asyncpg.exceptions.ProgramLimitExceededError,   # class 54
    asyncpg.exceptions.PostgresSystemError,   # class 58: I/O error
    asyncpg.exceptions.InternalServerError,   # class XX: data corrupted
    asyncpg.exceptions.TransactionRollbackError,  # class 40: deadlock or serialization failure
    asyncpg.InterfaceError,                   # the client side: "connection is closed"
    OSError,
    TimeoutError,
)
_WRITE_POOL, _READ_POOL = 5, 5


def storage_error(exc: BaseException) -> BaseException:
    """Return the exception to raise for a PostgreSQL (or connection) error: ``StorageError`` for a failure of
    the store itself; anything else as it is."""
    if isinstance(exc, asyncpg.exceptions.IntegrityConstraintViolationError) or not isinstance(exc, _STORE_FAILURES):
        return exc
    full = isinstance(exc, asyncpg.exceptions.DiskFullError)
    return StorageError(f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__, full=full)


@functools.lru_cache(maxsize=2048)
def pg_sql(sql: str) -> str:
    """Return ``sql`` with its ``?`` placeholders numbered ``$1, $2, …`` (a ``?`` in quoted text stays)."""
    out, n, quote = [], 0, ""
    for ch in sql:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "?":
            n += 1
            out.append(f"${n}")
            continue
        out.append(ch)
    return "".join(out)


def _count(status: str) -> int:
    """Return the row count of a command status such as ``UPDATE 1`` or ``INSERT 0 3``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1


class PostgresConnection:
    """A write transaction's connection to PostgreSQL."""

    dialect = POSTGRESQL

    def __init__(self, raw: asyncpg.Connection):
        self.raw = raw

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; return how many rows it changed."""
        return _count(await self.raw.execute(pg_sql(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement once per row of parameters."""
        rows = [tuple(r) for r in rows]
        if rows:
            await self.raw.executemany(pg_sql(sql), rows)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        """Run a query and return its rows, as this transaction sees them."""
        return [tuple(r) for r in await self.raw.fetch(pg_sql(sql), *params)]

    async def lock(self, key: int) -> None:
        """Hold the transaction-level advisory lock ``key`` until the transaction ends (across processes)."""
        await self.raw.execute("SELECT pg_advisory_xact_lock($1)", key)


class PostgresBackend:
    """An open PostgreSQL database: write transactions on one pool, committed reads on another (a transaction
    that reads through the other pool never waits for a connection held by another transaction)."""

    dialect = POSTGRESQL

    def __init__(self, writers: asyncpg.Pool, readers: asyncpg.Pool, schema_version: int, url: str):
        self.writers = writers
        self.readers = readers
        self.schema_version = schema_version
        self.url = url

    @classmethod
    async def open(cls, url: str) -> PostgresBackend:
        """Connect to the database at ``url``, migrate it, and open the pools; an unreachable server or a schema
        newer than this code is refused with ``DatabaseUnusable`` (one line, the password hidden)."""
        shown = redact(url)
        pools: list[asyncpg.Pool] = []
        try:
            conn = await asyncpg.connect(url, timeout=30)
            try:
                version = await migrate_pg(conn)
            finally:
                await conn.close()
            if version < latest_version():  # a SQLite migration without its PostgreSQL twin (a packaging bug)
                raise DatabaseUnusable(f"{shown}: this Pixel Parlor has no PostgreSQL migration {version + 1} "
                                       "(storage/migrations/pg): reinstall it.")
            if version > latest_version():
                raise DatabaseUnusable(f"{shown} was written by a newer Pixel Parlor (schema {version}): "
                                       "upgrade Pixel Parlor, or restore a backup made by this version.")
            for size in (_WRITE_POOL, _READ_POOL):
                pools.append(await asyncpg.create_pool(url, min_size=1, max_size=size, timeout=30))
        except BaseException as exc:
            for pool in pools:
                with contextlib.suppress(Exception):
                    await pool.close()
            if isinstance(exc, asyncpg.PostgresError | OSError | TimeoutError | asyncpg.InterfaceError):
                raise DatabaseUnusable(f"{shown} cannot be used ({type(exc).__name__}: {exc}).") from None
            raise
        return cls(pools[0], pools[1], version, url)

    async def close(self) -> None:
        """Close both pools."""
        for pool in (self.readers, self.writers):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(pool.close(), 10)

    async def fetch(self, sql: str, params: Sequence[Any] = (), conn: PostgresConnection | None = None
                    ) -> list[tuple]:
        """Fetch all rows of committed data (or, with ``conn``, as that transaction sees them)."""
        try:
            if conn is not None:
                return await conn.fetch(sql, params)
            return [tuple(r) for r in await self.readers.fetch(pg_sql(sql), *params)]
        except Exception as exc:
            mapped = storage_error(exc)
            if mapped is exc:
                raise
            raise mapped from exc

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresConnection]:
        """Run the body in one transaction (READ COMMITTED) on a pooled connection: committed on success,
        rolled back on error; a failure of the server or the connection is raised as ``StorageError``."""
        try:
            raw = await self.writers.acquire(timeout=60)
        except Exception as exc:
            raise storage_error(exc) from exc
        try:
            tx = raw.transaction()
            try:
                await tx.start()
                fence = current_fence()
                if fence is not None:  # a leader's write: only while its epoch is current
                    await check_fence(raw, fence)
                yield PostgresConnection(raw)
                await tx.commit()
            except BaseException as exc:
                with contextlib.suppress(Exception):
                    await tx.rollback()
                mapped = storage_error(exc)
                if mapped is exc:
                    raise
                raise mapped from exc
        finally:
            with contextlib.suppress(Exception):
                await self.writers.release(raw)
