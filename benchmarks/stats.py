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
