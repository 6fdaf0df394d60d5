"""Scheduler cost with many running games: time to find the next due timer, memory per query."""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
import tracemalloc
from pathlib import Path

from benchmarks.stats import summary
from bot.deadlines import DeadlineService
from bot.tables import TableService
from storage.database import Database


async def _measure(games: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        db = await Database.open(str(Path(folder) / "sched.sqlite3"))
        try:
            rng = random.Random(games)
            async with db.transaction() as conn:
                await conn.executemany(
                    "INSERT INTO games (id, guild_id, channel_id, kind, options, seed, status, creator_id, "
                    "state, version, created_at, updated_at) VALUES (?, 1, 2, 'pixies', '{}', 0, 'running', "
                    "1, '{}', 1, 0, 0)", [(i,) for i in range(1, games + 1)])
                rows = []
                for gid in range(1, games + 1):
                    due = 1_000_000 + rng.uniform(0, 48 * 3600)
                    rows += [(gid, "7", 0, "deadline", "", due), (gid, "7", 0, "reminder", "50%", due - 86400),
                             (gid, "7", 0, "reminder", "2h", due - 7200)]
                await conn.executemany(
                    "INSERT INTO timers (game_id, decision_id, seat, kind, point, due_at) VALUES (?, ?, ?, ?, ?, ?)",
                    rows)
            service = DeadlineService(db, TableService(db), clock=lambda: 1_000_000.0)
            nxt, due = [], []
            tracemalloc.start()
            for _ in range(200):
                start = time.perf_counter()
                await service.next_due()
                nxt.append(time.perf_counter() - start)
                start = time.perf_counter()
                await service.due(1_000_000.0 + 600)
                due.append(time.perf_counter() - start)
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            return {"next_due": summary(nxt), "due_now": summary(due), "peak_kb": round(peak / 1024, 1)}
        finally:
            await db.close()


def run() -> dict:
    """Compare 1,000 and 10,000 running games (three timers each)."""
    out = {}
    for games in (1_000, 10_000):
        result = asyncio.run(_measure(games))
        out[f"next due ({games:,} games)"] = {**result["next_due"], "peak_kb": result["peak_kb"]}
        out[f"due in the next 10 min ({games:,} games)"] = result["due_now"]
    return out
