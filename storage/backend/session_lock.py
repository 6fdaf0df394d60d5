"""A lock held by a process for its life, across processes (the leader election of ``bot/leadership.py``).

PostgreSQL: a session-level advisory lock (``pg_try_advisory_lock``) on a connection of its own, outside the pools,
so that it is held exactly as long as that connection lives: a process that dies (even ``kill -9``) drops its
connection, and the server frees the lock. SQLite: one process per database file, so the lock is always held.

A leader whose *host* dies (or whose network splits, or whose process freezes) closes nothing: without help the
server would keep its session, and the lock, until the operating system's TCP keepalive gives up (about two
hours by default). So the server is told to watch the lock's connection itself: TCP keepalives on its end
(``KEEPALIVES``: a silent peer is probed after 10 s, every 5 s, and dropped after 3 unanswered probes) and, from
PostgreSQL 14, ``idle_session_timeout`` (``IDLE_TIMEOUT``): a lock connection that sent nothing for 30 s is
ended, whatever the transport (a Unix socket too). A live process pings its lock connection every ``PING``
seconds, whatever its election is busy with, so only a dead or frozen one is cut off. A dead leader's lock is
then free at most 30 s after its last ping, and a follower (trying every 15 s) takes it within 45 s.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Protocol

from storage.backend import POSTGRESQL, Backend

log = logging.getLogger("parlor.storage")

#: how long one lock statement (or the connection to the server) may take before it counts as failed (seconds)
STATEMENT_TIMEOUT = 10.0
#: the server ends a lock connection idle this long (seconds; ``idle_session_timeout``, PostgreSQL 14 and later)
IDLE_TIMEOUT = 30.0
#: how often a live process pings its lock connection (seconds; well within ``IDLE_TIMEOUT``)
PING = 5.0
#: the server's TCP keepalives on the lock connection: a dead peer is noticed about 25 s after its last word
#: (ignored on a Unix socket, where ``IDLE_TIMEOUT`` does the work)
KEEPALIVES = {"tcp_keepalives_idle": "10", "tcp_keepalives_interval": "5", "tcp_keepalives_count": "3"}


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
    """A PostgreSQL session-level advisory lock on a connection of its own (reconnected when it died).

    ``idle_timeout`` and ``ping`` (seconds) are the server's ``idle_session_timeout`` of the connection and how
    often this process pings it (tests shorten them)."""

    def __init__(self, url: str, key: int, *, idle_timeout: float = IDLE_TIMEOUT, ping: float = PING):
        self.url = url
        self.key = key
        self.idle_timeout = idle_timeout
        self.ping = ping
        #: the connection the lock lives on (None before the first attempt, or after it died)
        self.conn = None
        self.held = False
        #: one statement at a time on the connection (the pings run beside the election's rounds)
        self._use = asyncio.Lock()
        self._pinger: asyncio.Task | None = None

    async def _connect(self):
        import asyncpg

        if self.conn is None or self.conn.is_closed():
            conn = await asyncpg.connect(self.url, timeout=STATEMENT_TIMEOUT, server_settings=dict(KEEPALIVES))
            try:
                if conn.get_server_version().major >= 14:
                    await conn.execute(f"SET idle_session_timeout = {round(self.idle_timeout * 1000)}",
                                       timeout=STATEMENT_TIMEOUT)
            except BaseException:
                conn.terminate()
                raise
            self.conn = conn
            self._stop_pinging()
            self._pinger = asyncio.create_task(self._keep_alive(conn), name="parlor-leader-lock-ping")
        return self.conn

    async def _keep_alive(self, conn) -> None:
        """Ping ``conn`` every ``ping`` seconds until it closes (a failure is left to the next round to see)."""
        while not conn.is_closed():
            await asyncio.sleep(self.ping)
            async with self._use:
                if conn.is_closed():
                    return
                try:
                    await conn.fetchval("SELECT 1", timeout=STATEMENT_TIMEOUT)
                except Exception:  # the connection broke: ``holding`` finds out and drops it
                    return

    def _stop_pinging(self) -> None:
        if self._pinger is not None:
            self._pinger.cancel()
            self._pinger = None

    async def _drop(self) -> None:
        """Forget a broken connection (and with it the lock, which the server frees)."""
        conn, self.conn, self.held = self.conn, None, False
        self._stop_pinging()
        if conn is not None:
            conn.terminate()

    async def try_acquire(self) -> bool:
        """Take the lock if it is free (on a new connection if the old one died); False when the server cannot
        be reached."""
        if self.held and await self.holding():
            return True
        async with self._use:
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
        async with self._use:
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
        self._stop_pinging()
        async with self._use:
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
