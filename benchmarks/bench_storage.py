"""Action commit latency with 10,000 stored games."""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from pathlib import Path

from benchmarks.stats import summary
from storage.database import Database

STATE = {"round": 1, "players": [{"grid": [None] * 9, "total": 0} for _ in range(4)],
         "deck": list(range(70)), "offer": [1, 2, 3, 4]}


async def _run(games: int, commits: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        db = await Database.open(str(Path(folder) / "bench.sqlite3"))
        try:
            async with db.transaction() as conn:
                await conn.executemany(
                    "INSERT INTO games (guild_id, channel_id, kind, options, seed, status, creator_id, "
                    "state, version, created_at, updated_at) VALUES (?, ?, 'pixies', '{}', ?, 'running', ?, "
                    "?, 1, ?, ?)",
                    [(1, 2, i, 100 + i, str(STATE).replace("'", '"').replace("None", "null"), 0.0, 0.0)
                     for i in range(games)])
            rng = random.Random(1)
            versions: dict[int, int] = {}
            timings = []
            for _ in range(commits):
                gid = rng.randint(1, games)
                version = versions.get(gid, 1)
                start = time.perf_counter()
                row = await db.get_game(gid)
                versions[gid] = await db.commit_action(gid, row.version, 0, 100, {"type": "take", "card": 3},
                                                       row.state, "running")
                timings.append(time.perf_counter() - start)
                assert versions[gid] == version + 1
            return summary(timings)
        finally:
            await db.close()


def run(games: int = 10_000, commits: int = 2_000) -> dict:
    """Load-and-commit latency of one action, with ``games`` games stored."""
    return asyncio.run(_run(games, commits))
