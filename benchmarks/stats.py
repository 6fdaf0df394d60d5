"""Small statistics helpers for the benchmarks."""

from __future__ import annotations

import math
import statistics


def percentile(values: list[float], q: float) -> float:
    """Return the nearest-rank ``q`` quantile (0 < q ≤ 1) of ``values`` (not empty)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def summary(seconds: list[float]) -> dict:
    """Return count, median, p95, p99 and max of timings, in milliseconds (only the count when empty)."""
    if not seconds:
        return {"n": 0}
    ordered = sorted(seconds)
    return {"n": len(ordered), "median_ms": round(statistics.median(ordered) * 1000, 3),
            "p95_ms": round(percentile(ordered, 0.95) * 1000, 3),
            "p99_ms": round(percentile(ordered, 0.99) * 1000, 3), "max_ms": round(ordered[-1] * 1000, 3)}


class LoopLag:
    """Measure how late an asyncio timer fires in the running loop: the time a ready callback waits."""

    def __init__(self, period: float = 0.005):
        self.period = period
        self.lags: list[float] = []
        self._task = None

    async def _watch(self) -> None:
        import asyncio
        import time

        while True:
            start = time.perf_counter()
            await asyncio.sleep(self.period)
            self.lags.append(time.perf_counter() - start - self.period)

    def start(self) -> None:
        """Start watching the running loop."""
        import asyncio

        self._task = asyncio.get_running_loop().create_task(self._watch())

    def stop(self) -> None:
        """Stop watching."""
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def take(self) -> dict:
        """Return p50, p99 and max lag in ms since the last call, and forget them."""
        lags, self.lags = self.lags or [0.0], []
        return {"n": len(lags), "p50_ms": round(percentile(lags, 0.5) * 1000, 1),
                "p99_ms": round(percentile(lags, 0.99) * 1000, 1), "max_ms": round(max(lags) * 1000, 1)}
