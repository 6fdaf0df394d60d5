"""Migration 0016: each logged action records the level of the computer player that made it (NULL: a member),
on both backends; rows logged before it read as a member's; the log stays append-only."""

from __future__ import annotations

import aiosqlite
import asyncpg
import pytest

from storage.errors import IntegrityError
from storage.migrate import migrate, migrate_pg, migration_files

BEFORE = 16  # the migration that adds ``actions.computer_level``


async def test_a_computer_move_is_logged_with_its_level(db):
    gid = await db.create_game("tixel", 1, 2, 100, {}, 1)
    v = await db.update_game(gid, 0, status="running", state={"n": 0})
    v = await db.commit_action(gid, v, 0, 100, {"type": "a"}, {"n": 1}, "running")
    v = await db.commit_action(gid, v, 0, 100, {"type": "b"}, {"n": 2}, "running", computer_level="normal")
    await db.commit_action(gid, v, 1, -1, {"type": "c"}, {"n": 3}, "running", computer_level="strong")
    log = await db.actions(gid)
    assert [(a.actor_seat, a.actor_id, a.computer_level) for a in log] == [(0, 100, None), (0, 100, "normal"),
                                                                           (1, -1, "strong")]
    for sql in ("UPDATE actions SET computer_level = NULL WHERE game_id = ?",
                "UPDATE actions SET computer_level = 'easy' WHERE game_id = ?"):
        with pytest.raises(IntegrityError, match="append-only"):
            async with db.transaction() as conn:
                await conn.execute(sql, (gid,))
    assert [a.computer_level for a in await db.actions(gid)] == [None, "normal", "strong"]


async def _old_rows_sqlite(path) -> list[tuple]:
    conn = await aiosqlite.connect(path)
    try:
        for number, _name, sql in migration_files():
            if number < BEFORE:
                await conn.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")
        await conn.execute("INSERT INTO games (channel_id, kind, options, seed, status, creator_id, created_at, "
                           "updated_at) VALUES (1, 'tixel', '{}', 7, 'running', 1, 0, 0)")
        await conn.execute("INSERT INTO actions (game_id, seq, actor_seat, actor_id, action, created_at) "
                           "VALUES (1, 1, 0, 5, '{}', 0)")
        await conn.commit()
        assert await migrate(conn) >= BEFORE
        async with conn.execute("SELECT seq, actor_id, computer_level FROM actions") as cur:
            found = [tuple(r) for r in await cur.fetchall()]
        with pytest.raises(aiosqlite.IntegrityError, match="append-only"):
            await conn.execute("UPDATE actions SET computer_level = 'easy'")
        return found
    finally:
        await conn.close()


async def _old_rows_pg(url) -> list[tuple]:
    conn = await asyncpg.connect(url)
    try:
        for number, _name, sql in migration_files("postgresql"):
            if number < BEFORE:
                async with conn.transaction():
                    await conn.execute(sql)
        await conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        await conn.execute("INSERT INTO schema_version VALUES ($1)", BEFORE - 1)
        await conn.execute("INSERT INTO games (channel_id, kind, options, seed, status, creator_id, created_at, "
                           "updated_at) VALUES (1, 'tixel', '{}', 7, 'running', 1, 0, 0)")
        await conn.execute("INSERT INTO actions (game_id, seq, actor_seat, actor_id, action, created_at) "
                           "VALUES (1, 1, 0, 5, '{}', 0)")
        assert await migrate_pg(conn) >= BEFORE
        found = [tuple(r) for r in await conn.fetch("SELECT seq, actor_id, computer_level FROM actions")]
        with pytest.raises(asyncpg.IntegrityConstraintViolationError, match="append-only"):
            await conn.execute("UPDATE actions SET computer_level = 'easy'")
        return found
    finally:
        await conn.close()


async def test_rows_logged_before_the_migration_read_as_a_members_on_both_backends(tmp_path, pg_empty_url):
    old = await _old_rows_sqlite(tmp_path / "old.db")
    assert old == [(1, 5, None)]
    assert await _old_rows_pg(pg_empty_url) == old
