"""Start-up recovery with several processes: only games still unposted at the same version after a pause are
posted again (the others are being posted, or played on, by a live process)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from bot.reposts import recover_settled


class Games:
    """Stand-in for the table service: game id -> [version, posted version]."""

    def __init__(self, rows: dict[int, list]):
        self.rows = rows
        self.db = self

    async def unposted_ids(self, after: int, limit: int) -> list[int]:
        ids = [g for g, (v, p) in sorted(self.rows.items()) if g > after and (p or 0) < v]
        return ids[:limit]

    async def get_game(self, game_id: int):
        version, posted = self.rows[game_id]
        return SimpleNamespace(version=version, posted_version=posted)


async def test_only_games_left_alone_during_the_pause_are_posted():
    games = Games({1: [3, 2], 2: [5, 4], 3: [2, None], 4: [7, 6], 5: [1, 1]})
    posted_ids = []

    async def post(game_id: int):
        posted_ids.append(game_id)
        return game_id != 4  # game 4: Discord refuses it

    task = asyncio.create_task(recover_settled(games, post, settle=0.2, batch=2))
    await asyncio.sleep(0.05)
    games.rows[1][1] = 3  # a live process posted game 1 meanwhile
    games.rows[2][0] = 6  # and game 2 moved on (it is being played)
    posted, failed = await task
    assert posted_ids == [3, 4] and (posted, failed) == (1, [4])
