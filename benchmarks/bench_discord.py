"""Interaction latency through the loopback fake Discord with 20 games played at once."""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from pathlib import Path

from benchmarks.stats import summary
from tests.e2e.harness import TIMEOUT, current_post, open_table, parlor
from tests.fakediscord.fixtures import fake_discord_running


async def _play(fake, bot, game_id, users, rng, clicks, first, posted) -> None:
    for _ in range(clicks):
        table = await bot.tables.load(game_id)
        if table.row.status != "running":
            return
        decision, message, choices = await current_post(fake, bot, game_id)
        start = time.perf_counter()
        record = await fake.click(users[decision.player], message, rng.choice(choices))
        await record.wait_response(TIMEOUT)
        first.append(time.perf_counter() - start)
        await record.wait_final(TIMEOUT)
        after = await bot.tables.load(game_id)
        if after.row.status == "running":
            await current_post(fake, bot, game_id)
        posted.append(time.perf_counter() - start)


async def _run(games: int, clicks: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        async with fake_discord_running() as fake:
            players = [fake.add_member(f"Player {i}") for i in range(games * 2)]
            async with parlor(fake, str(Path(folder) / "bench.sqlite3")) as bot:
                tables = []
                for g in range(games):
                    users = players[2 * g: 2 * g + 2]
                    game_id, _ = await open_table(fake, bot, users, thread=g % 2 == 0)
                    tables.append((game_id, users))
                first: list[float] = []
                posted: list[float] = []
                rng = random.Random(1)
                start = time.perf_counter()
                await asyncio.gather(*(_play(fake, bot, gid, users, random.Random(rng.random()), clicks,
                                             first, posted) for gid, users in tables))
                elapsed = time.perf_counter() - start
            violations = len(fake.violations)
    return {"games": games, "clicks": len(first), "seconds": round(elapsed, 2),
            "clicks_per_s": round(len(first) / elapsed, 1), "violations": violations,
            "to_first_response": summary(first), "to_posted_image": summary(posted)}


def run(games: int = 20, clicks: int = 15) -> dict:
    """Click → first response and click → next table posted, over ``games`` concurrent games."""
    return asyncio.run(_run(games, clicks))
