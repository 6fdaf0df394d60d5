"""Small statistics helpers for the benchmarks."""

from __future__ import annotations

import statistics


def summary(seconds: list[float]) -> dict:
    """Return count, median, p95 and max of timings, in milliseconds."""
    ordered = sorted(seconds)
    p95 = ordered[max(0, int(len(ordered) * 0.95) - 1)]
    return {"n": len(ordered), "median_ms": round(statistics.median(ordered) * 1000, 3),
            "p95_ms": round(p95 * 1000, 3), "max_ms": round(ordered[-1] * 1000, 3)}
