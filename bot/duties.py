"""Start-up recoveries across processes: each runs in the leader only, or in each process for its own shards' guilds.

A *leader duty* (``lead``) runs when a process takes the lead, so once at a time, and again by the next leader
when the leader dies. A *shard duty* (``per_shard``) is given ``owns(guild_id)`` and touches only the games of
the guilds on this process's shards (Discord's ``(guild_id >> 22) % shard_count``; DMs are shard 0's): it runs
once this process is ready, and again whenever the leader changes (a dead leader's half-done work on any guild is
then picked up by that guild's process). The runs of one process follow each other, never overlap.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass

from storage.backend.fence import LeadershipLost

log = logging.getLogger("parlor.duties")

Owns = Callable[[int | None], bool]
Ready = Callable[[], Awaitable[object]]


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """Return the shard Discord gives a guild's events (DMs: shard 0)."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


def owner(shard_count: int | None, shard_ids: Iterable[int] | None) -> Owns:
    """Return whether a guild belongs to the process of ``shard_ids`` (every guild when unsharded)."""
    mine = frozenset(shard_ids or ())
    if shard_count is None or not mine or mine >= set(range(shard_count)):
        return lambda guild_id: True
    return lambda guild_id: shard_of(guild_id, shard_count) in mine


@dataclass(frozen=True)
class Duty:
    """One recovery: its name (for the log), the coroutine and whether it needs Discord (runs once ready)."""

    name: str
    run: Callable[..., Awaitable[int | None]]
    discord: bool = True


class Duties:
    """The recoveries the cogs registered, and the runs of this process."""

    def __init__(self, owns: Owns | None = None, name: str = "this process"):
        self.owns: Owns = owns or (lambda guild_id: True)
        self.name = name
        self.leader: list[Duty] = []
        self.shard: list[Duty] = []
        self._again = False
        self._task: asyncio.Task | None = None

    def lead(self, name: str, run: Callable[[], Awaitable[int | None]], *, discord: bool = True) -> None:
        """Register a duty of the leader (``discord=False``: it only writes the database, before the scheduler)."""
        self.leader.append(Duty(name, run, discord))

    def per_shard(self, name: str, run: Callable[[Owns], Awaitable[int | None]]) -> None:
        """Register a duty each process runs for the guilds of its shards (``run(owns)``)."""
        self.shard.append(Duty(name, run))

    async def _run(self, duty: Duty, *args) -> None:
        try:
            count = await duty.run(*args)
        except (asyncio.CancelledError, LeadershipLost):  # another process leads: its duties are its own now
            raise
        except Exception:  # one failed recovery must not keep the others from running
            log.exception("%s: start-up recovery %r failed", self.name, duty.name)
            return
        if count:
            log.info("%s: %s: %d", self.name, duty.name, count)

    async def run_leader(self, *, discord: bool) -> None:
        """Run the leader's duties that need Discord (``discord=True``) or only the database."""
        for duty in self.leader:
            if duty.discord == discord:
                await self._run(duty)

    async def run_shard(self) -> None:
        """Run every shard duty for this process's guilds."""
        for duty in self.shard:
            await self._run(duty, self.owns)

    def request_shard(self, ready: Ready) -> asyncio.Task:
        """Have the shard duties run (after ``ready()``); a request during a run makes one more run after it."""
        self._again = True
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._shard_loop(ready), name="parlor-shard-recovery")
        return self._task

    async def _shard_loop(self, ready: Ready) -> None:
        await ready()
        while self._again:
            self._again = False
            await self.run_shard()

    async def idle(self) -> None:
        """Wait until no shard run is going on or asked for (tests)."""
        while self._task is not None and not self._task.done():
            await asyncio.wait({self._task})

    async def close(self) -> None:
        """Stop a run in progress (a restart runs it again)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None


def duties_of(bot) -> Duties:
    """Return the bot's duties (made on first use, for bots built without ``ParlorBot``)."""
    duties = getattr(bot, "duties", None)
    if duties is None:
        duties = Duties()
        bot.duties = duties
    return duties
