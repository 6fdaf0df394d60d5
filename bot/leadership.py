"""Which process leads: exactly one of the bot's processes syncs the commands and runs the schedulers.

The leader holds the database's leader lock (``storage/backend/session_lock.py``: a PostgreSQL advisory lock on a
connection it keeps for its life; with SQLite, the only process always holds it). The others try again every
``interval`` seconds, so a dead leader (whose connection the server closed, freeing the lock) is replaced within
one interval; the leader checks its connection as often and steps down as soon as the lock may be lost. Between
two checks its writes are fenced by its epoch (``storage/backend/fence.py``; ``ParlorBot.lead`` takes it), and a
fenced write that finds another leader makes it check at once (``recheck``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from storage.backend.session_lock import SessionLock

log = logging.getLogger("parlor.leadership")

#: the advisory lock key of the leader (any 64-bit number no other lock of the bot uses: "PARLOR" in ASCII)
LEADER_KEY = 0x504152_4C4F52
#: how often a follower tries to take the lock, and the leader checks it still holds it (seconds)
INTERVAL = 15.0

Duty = Callable[[], Awaitable[None]]


class Election:
    """Takes the leader lock when it is free and runs ``on_elected``; runs ``on_deposed`` when it is lost."""

    def __init__(self, lock: SessionLock, on_elected: Duty, on_deposed: Duty, *, interval: float | None = None,
                 name: str = "this process", on_round: Duty | None = None):
        self.lock = lock
        self.on_elected = on_elected
        self.on_deposed = on_deposed
        self.interval = INTERVAL if interval is None else interval
        self.name = name
        #: run after every background round, leader or not (the bot watches for a change of leader)
        self.on_round = on_round
        self.leader = False
        self._round = asyncio.Lock()
        self._task: asyncio.Task | None = None

    async def step(self) -> bool:
        """One round: a follower tries to take the lock, the leader checks it still holds it; return whether this
        process leads now (the duties are started or stopped on a change); rounds never overlap."""
        async with self._round:
            return await self._step()

    async def resign(self) -> None:
        """Give the lead up without the duties of stepping down (taking the lead failed half way)."""
        self.leader = False
        await self.lock.release()

    async def recheck(self) -> bool:
        """Run a round now, out of turn (a fenced write found another leader's epoch)."""
        return await self.step()

    async def _step(self) -> bool:
        if self.leader:
            if not await self.lock.holding():
                self.leader = False
                log.warning("%s lost the leader lock: it stops the schedulers (another process takes over)", self.name)
                await self._run(self.on_deposed, "stepping down")
        elif await self.lock.try_acquire():
            self.leader = True
            log.info("%s is the leader: it syncs the commands and runs the schedulers", self.name)
            await self._run(self.on_elected, "taking the lead")
        return self.leader

    async def _run(self, duty: Duty, what: str) -> None:
        try:
            await duty()
        except Exception:  # a failed duty must not stop the election
            log.exception("%s: %s failed", self.name, what)

    async def run(self) -> None:
        """Loop forever: one round every ``interval`` seconds."""
        while True:
            try:
                await self.step()
            except Exception:
                log.exception("%s: leader election round failed; trying again", self.name)
            if self.on_round is not None:
                await self._run(self.on_round, "watching the leader")
            await asyncio.sleep(self.interval)

    async def start(self) -> bool:
        """Run the first round now (the only process becomes leader before this returns), then keep electing in
        the background; return whether this process leads."""
        leader = await self.step()
        if not leader:
            log.info("%s is a follower: another process leads; it answers its shards' interactions and tries "
                     "for the lead every %.0f s", self.name, self.interval)
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._loop_after_first(), name="parlor-election")
        return leader

    async def _loop_after_first(self) -> None:
        await asyncio.sleep(self.interval)
        await self.run()

    async def stop(self) -> None:
        """Stop electing, stop the duties if leading, and give the lock up."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self.leader:
            self.leader = False
            await self._run(self.on_deposed, "stepping down")
        await self.lock.release()
