"""Ratings through the table service, one transaction: a finishing game's result lands in the transaction of its
final state (never lost, never twice, in the season that transaction sees), also when results arrive at once."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot import errors
from storage import ratings as store
from tests.platform.ratings_helpers import (
    GUILD,
    history_rows,
    openskill,
    ranked_tables,
    running,
    table_rows,
)


@pytest.fixture
def tables(db, monkeypatch):
    yield from ranked_tables(db, monkeypatch)


# --- one transaction --------------------------------------------------------------------------------


async def committed(db, game_id):
    """Return what is stored of a game: status, version, log length, its rated result and its ratings."""
    row = await db.get_game(game_id)
    return (row.status, row.version, len(await db.actions(game_id)), await store.result_of(db, game_id),
            await table_rows(db))


async def test_a_failing_rating_writer_leaves_the_game_unfinished_and_a_retry_counts_once(tables, db, monkeypatch):
    t = await running(tables, [1, 2], [[1], [0]])
    before = await committed(db, t.id)
    real = tables.ratings.finishing_writer

    async def crashing(table, state):
        write = await real(table, state)

        async def boom(conn):
            await write(conn)  # the rating rows are written inside the transaction, then it fails
            raise RuntimeError("crash between the result and the rating")
        return boom

    monkeypatch.setattr(tables.ratings, "finishing_writer", crashing)
    with pytest.raises(RuntimeError):
        await tables.act(t.id, 1, None, {"type": "end"})
    assert await committed(db, t.id) == before == ("running", before[1], 0, None, {})
    monkeypatch.setattr(tables.ratings, "finishing_writer", real)
    after = await tables.act(t.id, 1, None, {"type": "end"})
    assert after.after.row.status == "finished"
    status, version, logged, result, rows = await committed(db, t.id)
    assert (status, version, logged) == ("finished", before[1] + 1, 1)
    assert result.ranks == [[1, 2, "U1"], [2, 1, "U2"]]
    assert {u: (mu, sigma, g) for u, (mu, sigma, g, _) in rows.items()} == {
        u: (*v, 1) for u, v in openskill([{2: 1, 1: 2}]).items()}


async def test_a_storage_failure_of_the_rating_stores_nothing_of_the_finish(tables, db, monkeypatch):
    t = await running(tables, [1, 2, 3], [[0], [1, 2]])
    before = await committed(db, t.id)
    real_save = store.save_rating
    calls = []

    async def disk_error(conn, row):
        calls.append(row.user_id)
        if len(calls) == 2:  # the first member's rating is written, the second's fails
            raise sqlite3.OperationalError("disk I/O error")
        await real_save(conn, row)

    monkeypatch.setattr(store, "save_rating", disk_error)
    with pytest.raises(errors.NotSaved, match="not"):
        await tables.act(t.id, 1, None, {"type": "end"})
    assert await committed(db, t.id) == before and await history_rows(db) == []
    monkeypatch.setattr(store, "save_rating", real_save)
    await tables.act(t.id, 1, None, {"type": "end"})
    status, _, logged, result, rows = await committed(db, t.id)
    assert (status, logged, sorted(rows)) == ("finished", 1, [1, 2, 3])
    assert {u: g for u, (_, _, g, _) in rows.items()} == {1: 1, 2: 1, 3: 1}


async def test_the_same_game_is_never_counted_twice(tables, db):
    t = await running(tables, [1, 2], [[0], [1]])
    out = await tables.act(t.id, 1, None, {"type": "end"})
    write = await tables.ratings.finishing_writer(t, out.after.state)
    rows, past = await table_rows(db), await history_rows(db)
    async with db.transaction() as conn:  # the finishing transaction's writer run again: a no-op
        await write(conn)
    assert await table_rows(db) == rows and await history_rows(db) == past
    async with db.transaction() as conn:
        assert not await store.insert_result(conn, t.id, GUILD, "ranked", 1, [[1, 1, ""], [2, 2, ""]], 0.0)
    assert len(await store.results(db, GUILD, "ranked", 1)) == 1
    with pytest.raises(sqlite3.IntegrityError):  # the primary key itself refuses a second row
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO rated_results (game_id, seq, guild_id, board, season, ranks, "
                               "finished_at) VALUES (?, 99, ?, 'ranked', 1, '[]', 0)", (t.id, GUILD))


async def test_storage_errors_of_a_rating_read_refuse_the_finish_cleanly(tables, db, monkeypatch):
    t = await running(tables, [1, 2], [[0], [1]])

    async def broken(conn, guild_id):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store, "season_in", broken)
    with pytest.raises(errors.NotSaved):
        await tables.act(t.id, 1, None, {"type": "end"})
    assert (await db.get_game(t.id)).status == "running" and await table_rows(db) == {}


async def test_a_result_counts_in_the_season_its_transaction_sees(tables, db):
    t = await running(tables, [1, 2], [[0], [1]])
    out = await tables.act(t.id, 1, None, {"type": "end"})
    for counted in ("rated_results", "ratings", "rating_history"):  # as if the game were finishing only now
        await db.conn.execute(f"DELETE FROM {counted}")
    write = await tables.ratings.finishing_writer(t, out.after.state)
    assert await tables.ratings.reset_season(GUILD) == 2  # a new season starts before the commit
    async with db.transaction() as conn:
        await write(conn)
    assert (await store.result_of(db, t.id)).season == 2
    assert await table_rows(db, season=1) == {} and sorted(await table_rows(db, season=2)) == [1, 2]


# --- results arriving at once -----------------------------------------------------------------------


async def test_two_games_of_one_member_finishing_at_once_both_count_in_order(tables, db, monkeypatch):
    a = await running(tables, [1, 2], [[0], [1]])
    b = await running(tables, [1, 3], [[1], [0]])
    real_read, reads = store.ratings_of, []

    async def slow_read(conn, *args):
        reads.append(args[-1])
        await asyncio.sleep(0.05)  # the other game's finish runs meanwhile, up to the write lock
        return await real_read(conn, *args)

    monkeypatch.setattr(store, "ratings_of", slow_read)
    outs = await asyncio.gather(tables.act(a.id, 1, None, {"type": "end"}), tables.act(b.id, 1, None, {"type": "end"}))
    assert [o.after.row.status for o in outs] == ["finished", "finished"] and len(reads) == 2
    results = await store.results(db, GUILD, "ranked", 1)
    assert sorted(r.game_id for r in results) == [a.id, b.id]
    order = [{u: r for u, r, _ in res.ranks} for res in results]  # in the order they were counted
    rows = await table_rows(db)
    # member 1's second result started from the first one's rating: no update was lost
    assert {u: (mu, sigma) for u, (mu, sigma, _, _) in rows.items()} == openskill(order)
    assert {u: (g, w) for u, (_, _, g, w) in rows.items()} == {1: (2, 1), 2: (1, 0), 3: (1, 1)}
    assert [h[0] for h in await history_rows(db)].count(1) == 2


async def test_the_same_finishing_move_sent_twice_at_once_counts_once(tables, db):
    t = await running(tables, [1, 2], [[1], [0]])
    outs = await asyncio.gather(*(tables.act(t.id, 1, None, {"type": "end"}) for _ in range(2)),
                                return_exceptions=True)
    assert sum(not isinstance(o, BaseException) for o in outs) >= 1
    assert all(isinstance(o, errors.ParlorError) for o in outs if isinstance(o, BaseException))
    (result,) = await store.results(db, GUILD, "ranked", 1)
    assert result.game_id == t.id
    assert {u: (g, w) for u, (_, _, g, w) in (await table_rows(db)).items()} == {1: (1, 0), 2: (1, 1)}
