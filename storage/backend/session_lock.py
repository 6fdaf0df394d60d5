"""A lock held by a process for its life, across processes (the leader election of ``bot/leadership.py``).

PostgreSQL: a session-level advisory lock (``pg_try_advisory_lock``) on a connection of its own, outside the pools,
so that it is held exactly as long as that connection lives: a process that dies (even ``kill -9``) drops its
connection, and the server frees the lock. SQLite: one process per database file, so the lock is always held.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Protocol

from storage.backend import POSTGRESQL, Backend

log = logging.getLogger("parlor.storage")

#: how long one lock statement (or the connection to the server) may take before it counts as failed (seconds)
STATEMENT_TIMEOUT = 10.0


class SessionLock(Protocol):
    """A lock one process may hold for as long as it lives."""

    async def try_acquire(self) -> bool:
        """Try once, without waiting, to take the lock; return whether this process holds it now."""

    async def holding(self) -> bool:
        """Return whether this process still holds the lock (False once its connection died)."""

    async def release(self) -> None:
        """Give the lock up (and close its connection)."""


class AlwaysHeld:
    """SQLite's lock: one process per database file, so it is always held."""

    async def try_acquire(self) -> bool:
        """Return True: the only process holds it."""
        return True

    async def holding(self) -> bool:
        """Return True."""
        return True

    async def release(self) -> None:
        """Nothing to give up."""


class PgSessionLock:
    """A PostgreSQL session-level advisory lock on a connection of its own (reconnected when it died)."""

    def __init__(self, url: str, key: int):
        self.url = url
        self.key = key
        #: the connection the lock lives on (None before the first attempt, or after it died)
        self.conn = None
        self.held = False

    async def _connect(self):
        import asyncpg

        if self.conn is None or self.conn.is_closed():
            self.conn = await asyncpg.connect(self.url, timeout=STATEMENT_TIMEOUT)
        return self.conn

    async def _drop(self) -> None:
        """Forget a broken connection (and with it the lock, which the server frees)."""
        conn, self.conn, self.held = self.conn, None, False
        if conn is not None:
            conn.terminate()

    async def try_acquire(self) -> bool:
        """Take the lock if it is free (on a new connection if the old one died); False when the server cannot
        be reached."""
        if self.held and await self.holding():
            return True
        try:
            conn = await self._connect()
            self.held = bool(await conn.fetchval("SELECT pg_try_advisory_lock($1)", self.key,
                                                 timeout=STATEMENT_TIMEOUT))
        except Exception as exc:  # the server is down or the connection broke: try again next time
            log.warning("leader lock %s: cannot reach PostgreSQL (%s: %s)", self.key, type(exc).__name__, exc)
            await self._drop()
        return self.held

    async def holding(self) -> bool:
        """Check the lock's connection still answers (the lock lives as long as it does)."""
        if not self.held or self.conn is None or self.conn.is_closed():
            self.held = False
            return False
        try:
            await self.conn.fetchval("SELECT 1", timeout=STATEMENT_TIMEOUT)
        except Exception as exc:
            log.warning("leader lock %s: its connection failed (%s: %s)", self.key, type(exc).__name__, exc)
            await self._drop()
        return self.held

    async def release(self) -> None:
        """Unlock and close the connection."""
        conn, self.conn, held, self.held = self.conn, None, self.held, False
        if conn is None or conn.is_closed():
            return
        with contextlib.suppress(Exception):
            if held:
                await conn.execute("SELECT pg_advisory_unlock($1)", self.key, timeout=STATEMENT_TIMEOUT)
            await conn.close(timeout=STATEMENT_TIMEOUT)
        if not conn.is_closed():
            conn.terminate()


def session_lock(backend: Backend, key: int) -> SessionLock:
    """Return the lock ``key`` of the database behind ``backend``, held for a process's life."""
    if backend.dialect == POSTGRESQL:
        return PgSessionLock(backend.url, key)  # type: ignore[attr-defined]
    return AlwaysHeld()
