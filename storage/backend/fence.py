"""Fencing the leader's writes: a transaction run under a leader's epoch commits only while that epoch is current.

Each process that takes the lead raises the epoch (``take_epoch``: the ``leader_epoch`` row of ``meta``). Inside
``fenced(epoch)`` every PostgreSQL write transaction first reads that row ``FOR SHARE`` and refuses to go on
(``LeadershipLost``) unless it still holds ``epoch``. The share lock makes the next leader's raise wait for the
old leader's fenced transactions in flight, and every later one sees the new epoch: a deposed leader that has not
noticed yet writes nothing after its successor took over. SQLite (one process) is never fenced.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass

from storage.backend import POSTGRESQL

#: the ``meta`` key of the current leader's epoch
EPOCH_KEY = "leader_epoch"
CHECK_SQL = "SELECT value FROM meta WHERE key = $1 FOR SHARE"
RAISE_SQL = ("INSERT INTO meta (key, value) VALUES (?, '1') ON CONFLICT (key) DO UPDATE "
             "SET value = CAST(CAST(meta.value AS BIGINT) + 1 AS TEXT) RETURNING value")


class LeadershipLost(Exception):
    """A fenced write found another leader's epoch: this process no longer leads (nothing was written)."""


@dataclass
class Fence:
    """The epoch a task's writes are fenced by (inactive once its ``fenced`` block ended)."""

    epoch: int
    active: bool = True


_FENCE: ContextVar[Fence | None] = ContextVar("parlor_fence", default=None)


def current() -> Fence | None:
    """Return the fence of this task's writes, if one is active."""
    fence = _FENCE.get()
    return fence if fence is not None and fence.active else None


@contextlib.contextmanager
def fenced(epoch: int | None) -> Iterator[None]:
    """Fence the writes of the block (and of tasks it starts, while it lasts) by ``epoch`` (None: unfenced)."""
    if epoch is None:
        yield
        return
    fence = Fence(epoch)
    token = _FENCE.set(fence)
    try:
        yield
    finally:
        fence.active = False  # tasks started inside (e.g. a computer move) write unfenced after the block
        _FENCE.reset(token)


@contextlib.contextmanager
def unfenced() -> Iterator[None]:
    """Lift the fence for the block: the consequences of a write already committed under it (the commit hooks of
    a deadline's move, the timer marked done) are carried out whoever leads now, like those of a member's click."""
    token = _FENCE.set(None)
    try:
        yield
    finally:
        _FENCE.reset(token)


async def check(raw, fence: Fence) -> None:
    """Inside a PostgreSQL transaction on ``raw`` (asyncpg): hold the epoch row shared, or raise ``LeadershipLost``."""
    value = await raw.fetchval(CHECK_SQL, EPOCH_KEY)
    if value is None or int(value) != fence.epoch:
        raise LeadershipLost(f"leader epoch {fence.epoch} is over (now {value})")


async def take_epoch(db) -> int | None:
    """Raise the leader epoch and return it (waiting for the old leader's fenced writes in flight); None on
    SQLite."""
    if db.backend.dialect != POSTGRESQL:
        return None
    async with db.transaction() as conn:
        (value,) = (await conn.fetch(RAISE_SQL, (EPOCH_KEY,)))[0]
    return int(value)


async def epoch_now(db) -> int | None:
    """Return the current leader epoch (None: no leader ever took one, or SQLite)."""
    if db.backend.dialect != POSTGRESQL:
        return None
    value = await db.get_meta(EPOCH_KEY)
    return None if value is None else int(value)
