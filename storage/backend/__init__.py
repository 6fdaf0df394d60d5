"""The two databases behind the store: SQLite (a file path, the default) and PostgreSQL (a ``postgresql://`` URL).

Both are reached through the same small interface: a backend reads committed data and runs write transactions,
and a transaction's :class:`Connection` runs statements written with ``?`` placeholders in SQL both dialects
understand (``ON CONFLICT``, ``RETURNING id``); the few statements that differ are chosen by ``dialect``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

SQLITE, POSTGRESQL = "sqlite", "postgresql"
_URL = re.compile(r"^postgres(ql)?://", re.IGNORECASE)
_PASSWORD = re.compile(r"^([a-z][a-z0-9+.-]*://[^:/@]*:)[^@]*@", re.IGNORECASE)


class Connection(Protocol):
    """The connection of one write transaction, as the store (and the callbacks it runs inside) uses it."""

    #: ``"sqlite"`` or ``"postgresql"``
    dialect: str

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; return how many rows it changed."""

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement once per row of parameters."""

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        """Run a query (or a statement with ``RETURNING``) and return its rows, as this transaction sees them."""

    async def lock(self, key: int) -> None:
        """Hold a lock named by ``key`` until the transaction ends, across processes (SQLite: a no-op, its
        write transaction already locks the whole database)."""


class Backend(Protocol):
    """An open database: committed reads, and write transactions."""

    dialect: str
    #: the schema version after the migrations ran
    schema_version: int

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        """Run a query on committed data (never another task's unfinished transaction)."""

    def transaction(self) -> AbstractAsyncContextManager[Connection]:
        """One write transaction: committed when the block ends, rolled back on an error."""

    async def close(self) -> None:
        """Close every connection."""


def is_postgres_url(target: str) -> bool:
    """Return whether ``PARLOR_DB`` names a PostgreSQL database (a ``postgresql://`` URL) rather than a file."""
    return bool(_URL.match(target.strip()))


def redact(target: str) -> str:
    """Return ``target`` fit for messages and logs: a URL's password replaced by ``***``."""
    return _PASSWORD.sub(r"\1***@", target)


async def open_backend(target: str) -> Backend:
    """Open (creating and migrating if needed) the database ``target``: a file path or a ``postgresql://`` URL."""
    if is_postgres_url(target):
        from storage.backend.postgres import PostgresBackend

        return await PostgresBackend.open(target)
    from storage.backend.sqlite import SqliteBackend

    return await SqliteBackend.open(target)
