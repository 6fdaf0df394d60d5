"""Computer players think off the event loop: a pool of long-lived, lower-priority worker processes.

``decide_async`` queues a decision (``bot.ai.player.decide``, a pure function of its arguments) on the
pool, so a thinking computer player never delays anyone else's click; decisions of different games think at
once, one per worker, and the rest wait their turn in the executor's queue. The pool is sized to the machine
(``PARLOR_AI_WORKERS``, default ``bot.config.default_ai_workers``: one per core but one). A worker that dies
(killed, out of memory) is replaced and the decision simply made again: it depends only on its inputs, so the
answer is the same. ``workers=0`` runs decisions in one thread of the bot's process instead (for tests and tools
without subprocesses).
"""

from __future__ import annotations

import asyncio
import logging
import os
from concurrent.futures.process import BrokenProcessPool
from importlib import import_module

from bot.ai.base import ADAPTER_MODULES
from bot.ai.player import decide
from bot.games.base import Action, View
from bot.pools import HealingPool

log = logging.getLogger("parlor.ai")

#: how much lower than the bot's event loop (and the render workers) the thinking worker runs
WORKER_NICENESS = 15
#: how many times a decision is tried again after its worker died
RETRIES = 2


def prepare_worker() -> None:
    """Start a thinking worker: lower its priority and import every adapter that exists."""
    try:
        os.nice(WORKER_NICENESS)
    except OSError:  # not allowed here: the worker keeps the bot's priority
        log.info("could not lower the computer players' worker priority")
    for module in ADAPTER_MODULES.values():
        try:
            import_module(module)
        except ImportError:  # that game's computer player is not written yet
            pass


def worker_pid() -> int:
    """The process id of the worker running this call (for tests and monitoring)."""
    return os.getpid()


class AIWorker(HealingPool):
    """``workers`` worker processes (or one thread, ``workers=0``) deciding computer players' moves."""

    thread_name_prefix = "parlor-ai"

    def __init__(self, workers: int = 1) -> None:
        super().__init__(workers)

    def _initializer(self):
        return prepare_worker

    async def call(self, fn, *args):
        """Run ``fn(*args)`` on the worker; a dead worker is replaced and the call made again."""
        loop = asyncio.get_running_loop()
        for attempt in range(RETRIES + 1):
            executor = self.executor()
            try:
                return await loop.run_in_executor(executor, fn, *args)
            except BrokenProcessPool:
                if attempt == RETRIES:
                    raise
                log.warning("the computer players' worker died; starting a new one and deciding again")
                self._replace(executor)
        raise AssertionError("unreachable")

    async def decide_async(self, game: str, view: View, seat: int, legal: list[Action], level: str,
                           seed: int) -> Action:
        """``bot.ai.player.decide`` run on the worker (same inputs, same action)."""
        return await self.call(decide, game, view, seat, legal, level, seed)


_CURRENT: list[AIWorker] = []


def current() -> AIWorker:
    """The process-wide pool (``use`` sets it; else one sized to the machine, made on first use)."""
    if not _CURRENT:
        from bot.config import default_ai_workers

        _CURRENT.append(AIWorker(default_ai_workers()))
    return _CURRENT[0]


def use(worker: AIWorker) -> None:
    """Make ``worker`` the one ``decide_async`` uses (the bot or a test calls this)."""
    _CURRENT[:] = [worker]


async def decide_async(game: str, view: View, seat: int, legal: list[Action], level: str, seed: int) -> Action:
    """Decide a computer player's action off the event loop (see ``bot.ai.player.decide``)."""
    return await current().decide_async(game, view, seat, legal, level, seed)
