"""Read-your-writes under concurrency: a reload after a commit always sees that commit.

Many games are played at once through the table service while other tasks keep reading (listings,
seat lists, action logs, single games) on the same connections, so reads and commits overlap in
every order the event loop produces. Every reload made after a commit must show at least the
committed version: an older snapshot is exactly what stalled games (the bot posted the previous
decision, and nobody could move again).
"""

from __future__ import annotations

import asyncio
import random

from bot import errors
from bot.tables import TableService
from storage.database import Database

GAMES = 24
MOVES = 25


async def _reader(db: Database, game_ids: list[int], stop: asyncio.Event, rng: random.Random) -> int:
    reads = 0
    while not stop.is_set():
        gid = rng.choice(game_ids)
        pick = rng.randrange(4)
        if pick == 0:
            await db.list_games(1, ("running", "finished"))
        elif pick == 1:
            await db.seats(gid)
        elif pick == 2:
            await db.actions(gid)
        else:
            await db.get_game(gid)
        reads += 1
        await asyncio.sleep(0)
    return reads


async def _player(service: TableService, gid: int, rng: random.Random, stale: list[str]) -> int:
    moves = 0
    for _ in range(MOVES):
        table = await service.load(gid)
        if table.row.status != "running":
            break
        decision = table.pending()[0]
        actions = table.engine.legal_actions(table.state, decision.player)
        try:
            outcome = await service.act(gid, table.user_of(decision.player), None, rng.choice(actions))
        except (errors.StaleDecision, errors.NotYourTurn):  # the load showed an older version
            stale.append(f"game {gid}: loaded v{table.row.version}, which was no longer the latest")
            continue
        committed = table.row.version + 1
        if outcome.after.row.version != committed:
            stale.append(f"game {gid}: outcome shows v{outcome.after.row.version}, committed v{committed}")
        reloaded = await service.load(gid)
        if reloaded.row.version < committed:
            stale.append(f"game {gid}: reload shows v{reloaded.row.version}, committed v{committed}")
        row = await service.db.get_game(gid)
        if row.version < committed:
            stale.append(f"game {gid}: get_game shows v{row.version}, committed v{committed}")
        moves += 1
    return moves


async def test_every_reload_after_a_commit_sees_it(db: Database):
    service = TableService(db, seed_source=lambda: 7)
    game_ids = []
    for g in range(GAMES):
        table = await service.create_lobby("pixies", 1, 100 + g, 1000 + 3 * g, "A", {})
        for seat in (1, 2):
            await service.join(table.id, 1000 + 3 * g + seat, "B")
        await service.start(table.id, 1000 + 3 * g)
        game_ids.append(table.id)
    stop = asyncio.Event()
    stale: list[str] = []
    readers = [asyncio.create_task(_reader(db, game_ids, stop, random.Random(r))) for r in range(6)]
    players = [_player(service, gid, random.Random(gid), stale) for gid in game_ids]
    try:
        moves = await asyncio.gather(*players)
    finally:
        stop.set()
        reads = await asyncio.gather(*readers)
    assert stale == []
    assert sum(moves) == GAMES * MOVES
    assert sum(reads) > GAMES * MOVES  # the reads really overlapped the commits
    for gid in game_ids:
        row = await db.get_game(gid)
        assert row.version == len(await db.actions(gid)) + 1 + 2  # start + joins of two players
