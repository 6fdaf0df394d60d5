"""Rendering off the event loop: a pool of worker processes, one per core, shared by the process.

Each render is a pure function from a view to PNG bytes, so it can run in any worker: one game's
image never waits for another's while a core is free. The workers are started and warmed (the
renderers imported, the fonts loaded) when the bot starts. A worker that dies (killed, out of
memory) breaks the pool: it is replaced and the render tried once more.

``workers=0`` keeps the old design for comparisons: one render thread in the bot's process, with
the old optimising PNG encoder.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool

from bot.pools import HealingPool

log = logging.getLogger("parlor.render")

#: modules every worker imports before its first job (the fork server preloads them too)
RENDERERS = ("rendering.pixies.table", "rendering.pixies.scores", "rendering.tixel.board", "rendering.pixel_tactics",
             "rendering.pixel_tactics.hand", "rendering.pixel_tactics.cards",
             "rendering.pixel_tactics.pages", "rendering.pixel_tactics.draft", "rendering.pixel_pusher.public",
             "rendering.replay", "rendering.pt_draft.images", "rendering.ratings.leaderboard", "rendering.ratings.history",
             "rendering.tournaments.bracket", "rendering.tournaments.standings", "rendering.league.sheet",
             "rendering.help.guide")


#: how much lower than the bot's event loop the render workers run (a ``nice`` increment)
WORKER_NICENESS = 10


def lower_priority() -> None:
    """Run this render worker below the bot's event loop: on a busy machine a click is acknowledged and
    posted before a queued render takes the core (the renders then use what the loop leaves)."""
    try:
        os.nice(WORKER_NICENESS)
    except OSError:  # not allowed here: the worker keeps the bot's priority
        log.info("could not lower the render workers' priority")


def _legacy_job(fn: Callable[..., bytes], *args) -> bytes:
    from rendering import theme

    with theme.legacy_encoder():
        return fn(*args)


class RenderPool(HealingPool):
    """Runs rendering functions in worker processes (or, with ``workers=0``, one thread)."""

    thread_name_prefix = "parlor-render"
    remake_at_once = True

    def _initializer(self):
        return lower_priority

    def _prepare_context(self, context) -> None:
        context.set_forkserver_preload(list(RENDERERS))

    async def warm(self) -> list[int]:
        """Start every worker and load the renderers and fonts in each; return the worker pids."""
        from bot.render_warmup import warm_worker  # it imports this module

        loop = asyncio.get_running_loop()
        count = max(1, self.workers)
        return list(await asyncio.gather(*(loop.run_in_executor(self.executor(), warm_worker)
                                           for _ in range(count))))

    async def run(self, fn: Callable[..., bytes], *args) -> bytes:
        """Run ``fn(*args)`` in a worker; a broken pool is replaced and the job tried once more."""
        loop = asyncio.get_running_loop()
        job, job_args = (_legacy_job, (fn, *args)) if self.workers <= 0 else (fn, args)
        executor = self.executor()
        try:
            return await loop.run_in_executor(executor, job, *job_args)
        except BrokenProcessPool:
            log.warning("a render worker died; starting a new pool and trying again")
            self._replace(executor)
            return await loop.run_in_executor(self.executor(), job, *job_args)


_POOLS: dict[int, RenderPool] = {}


def pool_for(workers: int) -> RenderPool:
    """Return the process-wide pool with this many workers (bots of one process share it)."""
    if workers not in _POOLS:
        _POOLS[workers] = RenderPool(workers)
    return _POOLS[workers]


_CURRENT: list[RenderPool] = []


def use(pool: RenderPool) -> None:
    """Make ``pool`` the one ``render`` uses (the bot calls this when it starts)."""
    _CURRENT[:] = [pool]


def current() -> RenderPool:
    """Return the pool in use (by default one worker per core)."""
    if not _CURRENT:
        _CURRENT.append(pool_for(os.cpu_count() or 1))
    return _CURRENT[0]


async def render(fn: Callable[..., bytes], *args) -> bytes:
    """Render ``fn(*args)`` to PNG bytes off the event loop."""
    return await current().run(fn, *args)
