"""A self-healing executor pool: worker processes (or one thread) made on first use, replaced when one dies.

``bot.ai.worker.AIWorker`` (the computer players' thinking) and ``bot.render_pool.RenderPool`` (the images)
share it; each names its thread, its workers' initializer, what the fork server preloads and whether a broken
executor is remade at once or on next use.
"""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor


class HealingPool:
    """``workers`` worker processes (or one thread, ``workers=0``) behind one executor that is replaced when broken."""

    #: the name prefix of the single thread when ``workers=0``
    thread_name_prefix = "parlor-pool"
    #: whether ``_replace`` makes the new executor at once (else on next use)
    remake_at_once = False

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._executor: Executor | None = None
        self._lock = threading.Lock()
        #: how many times a broken executor was replaced
        self.restarts = 0

    def _initializer(self) -> Callable[[], None] | None:
        """What every worker process runs first (none by default)."""
        return None

    def _prepare_context(self, context) -> None:
        """Set up the fork server context before the executor is made (nothing by default)."""

    def _make(self) -> Executor:
        if self.workers <= 0:
            return ThreadPoolExecutor(max_workers=1, thread_name_prefix=self.thread_name_prefix)
        context = multiprocessing.get_context("forkserver")
        self._prepare_context(context)
        return ProcessPoolExecutor(max_workers=self.workers, mp_context=context, initializer=self._initializer())

    def executor(self) -> Executor:
        """The live executor, created on first use."""
        with self._lock:
            if self._executor is None:
                self._executor = self._make()
            return self._executor

    def _replace(self, broken: Executor) -> None:
        with self._lock:
            if self._executor is broken:
                self.restarts += 1
                broken.shutdown(wait=False, cancel_futures=True)
                self._executor = self._make() if self.remake_at_once else None

    def pids(self) -> list[int]:
        """The process ids of the live worker processes (none in thread mode or before first use)."""
        executor = self._executor
        if isinstance(executor, ProcessPoolExecutor):
            return [p.pid for p in (executor._processes or {}).values()]
        return []

    def shutdown(self) -> None:
        """Stop the workers (queued jobs are cancelled)."""
        with self._lock:
            if self._executor is not None:
                self._executor.shutdown(wait=True, cancel_futures=True)
                self._executor = None
