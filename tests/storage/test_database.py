"""Storage: migrations, WAL, the one-transaction commit of actions, the append-only log."""

from __future__ import annotations

import aiosqlite
import pytest

from storage.database import Database, SeatTaken, StaleVersion
from storage.errors import IntegrityError
from storage.migrate import latest_version, migrate, pg_version


async def test_fresh_database_is_migrated_with_wal_and_foreign_keys(db):
    if db.postgres:
        async with db.transaction() as conn:
            assert await pg_version(conn.raw) == latest_version() == db.schema_version
        return
    async with db.conn.execute("PRAGMA user_version") as cur:
        assert (await cur.fetchone())[0] == latest_version() >= 1
    async with db.conn.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"
    async with db.conn.execute("PRAGMA foreign_keys") as cur:
        assert (await cur.fetchone())[0] == 1


async def test_migrating_twice_changes_nothing(tmp_path):
    path = str(tmp_path / "x.sqlite3")
    first = await Database.open(path)
    await first.close()
    conn = await aiosqlite.connect(path, isolation_level=None)
    try:
        assert await migrate(conn) == latest_version()
    finally:
        await conn.close()


async def test_create_game_seats_the_creator(db):
    gid = await db.create_game("pixies", 10, 20, 111, {"thread": True}, 42, "Ada")
    row = await db.get_game(gid)
    assert (row.kind, row.guild_id, row.channel_id, row.status, row.seed, row.version) == (
        "pixies", 10, 20, "lobby", 42, 0)
    assert row.options == {"thread": True}
    assert row.state is None
    seats = await db.seats(gid)
    assert [(s.seat, s.user_id, s.name) for s in seats] == [(0, 111, "Ada")]


async def test_seats_join_leave_and_renumber(db):
    gid = await db.create_game("pixies", 1, 2, 100, {}, 1, "A")
    v = await db.add_seat(gid, 200, 0, "B")
    v = await db.add_seat(gid, 300, v, "C")
    with pytest.raises(SeatTaken):
        await db.add_seat(gid, 200, v, "B")
    v = await db.remove_seat(gid, 200, v)
    assert [(s.seat, s.user_id) for s in await db.seats(gid)] == [(0, 100), (1, 300)]
    with pytest.raises(StaleVersion):
        await db.add_seat(gid, 400, v - 1, "D")
    assert len(await db.seats(gid)) == 2


async def test_commit_action_writes_state_and_log_together(db):
    gid = await db.create_game("pixies", 1, 2, 100, {}, 1)
    v = await db.update_game(gid, 0, status="running", state={"n": 0})
    v2 = await db.commit_action(gid, v, 0, 100, {"type": "inc"}, {"n": 1}, "running")
    assert v2 == v + 1
    row = await db.get_game(gid)
    assert row.state == {"n": 1} and row.version == v2
    log = await db.actions(gid)
    assert [(a.seq, a.actor_seat, a.actor_id, a.action) for a in log] == [(1, 0, 100, {"type": "inc"})]


async def test_commit_with_a_stale_version_changes_nothing(db):
    gid = await db.create_game("pixies", 1, 2, 100, {}, 1)
    v = await db.update_game(gid, 0, status="running", state={"n": 0})
    await db.commit_action(gid, v, 0, 100, {"type": "inc"}, {"n": 1}, "running")
    with pytest.raises(StaleVersion):
        await db.commit_action(gid, v, 0, 100, {"type": "inc"}, {"n": 99}, "running")
    row = await db.get_game(gid)
    assert row.state == {"n": 1}
    assert len(await db.actions(gid)) == 1


async def test_action_log_is_append_only(db):
    gid = await db.create_game("pixies", 1, 2, 100, {}, 1)
    v = await db.update_game(gid, 0, status="running", state={})
    await db.commit_action(gid, v, 0, 100, {"type": "x"}, {}, "running")
    for sql in ("UPDATE actions SET action = '{}' WHERE game_id = ?", "DELETE FROM actions WHERE game_id = ?"):
        with pytest.raises(IntegrityError, match="append-only"):
            async with db.transaction() as conn:
                await conn.execute(sql, (gid,))
    assert len(await db.actions(gid)) == 1
    async with db.transaction() as conn:  # a deleted game takes its log with it (the cascade)
        await conn.execute("DELETE FROM games WHERE id = ?", (gid,))
    assert await db.actions(gid) == []


async def test_lists_and_settings_and_meta(db):
    a = await db.create_game("pixies", 5, 6, 100, {}, 1)
    b = await db.create_game("pixies", 5, 7, 200, {}, 2)
    await db.create_game("pixies", 9, 7, 100, {}, 3)
    await db.update_game(b, 0, status="running", state={})
    assert [g.id for g in await db.list_games(5, ("lobby",))] == [a]
    assert [g.id for g in await db.list_games(5, ("lobby", "running"))] == [a, b]
    assert len(await db.games_of_user(100, ("lobby", "running"))) == 2
    await db.set_guild_setting(5, "deadline_hours", 48)
    await db.set_guild_setting(5, "deadline_hours", 24)
    assert await db.guild_settings(5) == {"deadline_hours": 24}
    assert await db.get_meta("k") is None
    await db.set_meta("k", "v1")
    await db.set_meta("k", "v2")
    assert await db.get_meta("k") == "v2"


async def test_thread_and_message_do_not_bump_version(db):
    gid = await db.create_game("pixies", 1, 2, 100, {}, 1)
    await db.set_thread(gid, 555)
    await db.set_message(gid, 777, 0)
    row = await db.get_game(gid)
    assert (row.thread_id, row.message_id, row.version, row.post_channel_id) == (555, 777, 0, 555)


async def test_unposted_games_are_those_whose_latest_version_was_not_posted(db):
    a = await db.create_game("pixies", 1, 2, 100, {}, 1)
    b = await db.create_game("pixies", 1, 2, 100, {}, 1)
    await db.create_game("pixies", 1, 2, 100, {}, 1)  # a lobby is never "unposted"
    va = await db.update_game(a, 0, status="running", state={})
    vb = await db.update_game(b, 0, status="running", state={})
    assert [g.id for g in await db.unposted_games()] == [a, b]
    await db.set_message(a, 10, va)
    await db.set_message(b, 11, vb)
    assert await db.unposted_games() == []
    await db.commit_action(b, vb, 0, 100, {"type": "x"}, {}, "finished")
    assert [g.id for g in await db.unposted_games()] == [b]
    await db.set_message(b, 12, vb)  # an older post does not count for the newer version
    assert [g.id for g in await db.unposted_games()] == [b]


async def test_reads_never_see_another_tasks_uncommitted_write(db):
    gid = await db.create_game("pixies", 1, 2, 100, {}, 1)
    seen = []
    try:
        async with db.transaction() as conn:
            await conn.execute("UPDATE games SET status = 'cancelled' WHERE id = ?", (gid,))
            seen.append((await db.get_game(gid)).status)  # another task reading meanwhile
            raise RuntimeError("roll back")
    except RuntimeError:
        pass
    assert seen == ["lobby"]
    assert (await db.get_game(gid)).status == "lobby"


def test_config_repr_hides_the_token():
    from bot.config import Config

    assert "secret-token" not in repr(Config(token="secret-token"))
