"""One loop that sleeps until the next stored timer comes due, fires what is due, and repeats."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from bot.deadlines import DeadlineService, Fired, Timer
from storage.backend.fence import LeadershipLost, fenced

log = logging.getLogger("parlor.scheduler")

Handler = Callable[[Timer], Awaitable[Fired | None]]
#: the longest single sleep, so that a changed wall clock is noticed within this many seconds
MAX_SLEEP = 300.0
#: how long the loop waits after a failed pass
ERROR_PAUSE = 5.0


class Scheduler:
    """Fires due timers through ``handler``; woken early by ``poke()`` when timers change."""

    def __init__(self, deadlines: DeadlineService, handler: Handler, clock: Callable[[], float] = time.time):
        self.deadlines = deadlines
        self.handler = handler
        self.clock = clock
        self._wake = asyncio.Event()
        self._task: asyncio.Task | None = None
        #: the leader epoch its writes are fenced by (``storage/backend/fence.py``; None: unfenced, SQLite)
        self.epoch: int | None = None
        #: called when a fenced write found another leader (the loop has stopped)
        self.on_lost: Callable[[], None] | None = None
        #: other timed work fired by this loop (``next_due()``, ``run_due(now)``): the leagues' timers
        self.jobs: list = []
        leagues = getattr(getattr(deadlines, "tables", None), "leagues", None)
        if leagues is not None:
            self.jobs.append(leagues.timers)
            leagues.timers.on_change = self.poke

    def poke(self) -> None:
        """Wake the loop: a timer was added or moved."""
        self._wake.set()

    async def run_due(self) -> int:
        """Fire every timer due now (catching up after downtime too), the writes of each firing fenced by the
        leader epoch; return how many fired."""
        fired = 0
        for job in self.jobs:
            with fenced(self.epoch):
                fired += await job.run_due(self.clock())
        while True:
            batch = await self.deadlines.due(self.clock())
            if not batch:
                return fired
            for timer in batch:
                with fenced(self.epoch):
                    await self._fire(timer)
                fired += 1

    async def _fire(self, timer: Timer) -> None:
        try:
            await self.handler(timer)
        except LeadershipLost:
            raise
        except Exception:
            log.exception("timer %s of game %s failed; retrying later", timer.id, timer.game_id)
            if not await self.deadlines.retry_later(timer):
                log.error("timer %s of game %s gave up after repeated failures", timer.id, timer.game_id)

    async def seconds_to_next(self) -> float | None:
        """Return how long to sleep until the next timer (None: none is stored)."""
        times = [await self.deadlines.next_due()] + [await job.next_due() for job in self.jobs]
        due = [t for t in times if t is not None]
        return None if not due else max(0.0, min(due) - self.clock())

    async def run(self) -> None:
        """Loop forever: fire what is due, then sleep until the next due time or a poke."""
        while True:
            self._wake.clear()
            try:
                await self.run_due()
                wait = await self.seconds_to_next()
            except LeadershipLost as exc:  # another process leads now: stop at once, fire nothing more
                log.warning("scheduler stopped: %s", exc)
                if self.on_lost is not None:
                    self.on_lost()
                return
            except Exception:  # e.g. a locked database: the loop must outlive any one failure
                log.exception("scheduler pass failed; trying again shortly")
                wait = ERROR_PAUSE
            timeout = MAX_SLEEP if wait is None else min(wait, MAX_SLEEP)
            try:
                await asyncio.wait_for(self._wake.wait(), timeout=timeout)
            except TimeoutError:
                pass

    def start(self) -> asyncio.Task:
        """Start the loop as a task (once)."""
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self.run(), name="parlor-scheduler")
        return self._task

    async def stop(self) -> None:
        """Stop the loop."""
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
            self._task = None
