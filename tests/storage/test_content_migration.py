"""Migration 0010: Pixel Tactics games stored before content versions keep content version 1."""

import json

import aiosqlite
import asyncpg
import pytest

from storage.migrate import latest_version, migrate, migrate_pg, migration_files


async def _migrated(path, before: int, rows: list[tuple[str, str, dict]]) -> list[tuple[str, str, dict]]:
    """Build a database up to migration ``before`` - 1, store ``rows`` (kind, status, options), migrate it all,
    and return the games' (kind, status, options) afterwards."""
    conn = await aiosqlite.connect(path)
    try:
        for number, _name, sql in migration_files():
            if number < before:
                await conn.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")
        for kind, status, options in rows:
            await conn.execute("INSERT INTO games (channel_id, kind, options, seed, status, creator_id, created_at, "
                               "updated_at) VALUES (1, ?, ?, 7, ?, 1, 0, 0)", (kind, json.dumps(options), status))
        await conn.commit()
        assert await migrate(conn) >= before
        async with conn.execute("SELECT kind, status, options FROM games ORDER BY id") as cur:
            return [(k, s, json.loads(o)) for k, s, o in await cur.fetchall()]
    finally:
        await conn.close()


async def test_stored_pixel_tactics_games_keep_content_version_1(tmp_path):
    rows = [("pixel-tactics", "running", {"thread": True, "game": {"trophies": 2}}),
            ("pixel-tactics", "finished", {"thread": False}),
            ("pixel-tactics", "lobby", {"game": {}}),
            ("pixies", "running", {"game": {}})]
    found = await _migrated(tmp_path / "old.db", 10, rows)
    assert found == [
        ("pixel-tactics", "running", {"thread": True, "game": {"trophies": 2, "content": 1}}),
        ("pixel-tactics", "finished", {"thread": False, "game": {"content": 1}}),
        ("pixel-tactics", "lobby", {"game": {}}),  # not started: it will be dealt with the current content
        ("pixies", "running", {"game": {}}),
    ]


async def test_stored_pixel_pusher_games_keep_content_version_1(tmp_path):
    rows = [("pixel-pusher", "running", {"thread": True, "game": {}}),
            ("pixel-pusher", "finished", {"thread": False}),
            ("pixel-pusher", "lobby", {"game": {}}),
            ("pixel-tactics", "running", {"game": {"content": 3}})]
    found = await _migrated(tmp_path / "old.db", 14, rows)
    assert found == [
        ("pixel-pusher", "running", {"thread": True, "game": {"content": 1}}),
        ("pixel-pusher", "finished", {"thread": False, "game": {"content": 1}}),
        ("pixel-pusher", "lobby", {"game": {}}),
        ("pixel-tactics", "running", {"game": {"content": 3}}),
    ]


async def _migrated_pg(url, before: int, rows: list[tuple[str, str, dict]]) -> list[tuple[str, str, dict]]:
    """The same on PostgreSQL: its migrations up to ``before`` - 1, the rows, then every migration."""
    conn = await asyncpg.connect(url)
    try:
        for number, _name, sql in migration_files("postgresql"):
            if number < before:
                async with conn.transaction():
                    await conn.execute(sql)
        await conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        await conn.execute("INSERT INTO schema_version VALUES ($1)", before - 1)
        for kind, status, options in rows:
            await conn.execute("INSERT INTO games (channel_id, kind, options, seed, status, creator_id, created_at, "
                               "updated_at) VALUES (1, $1, $2, 7, $3, 1, 0, 0)", kind, json.dumps(options), status)
        assert await migrate_pg(conn) >= before
        return [(k, s, json.loads(o)) for k, s, o in await conn.fetch("SELECT kind, status, options FROM games "
                                                                          "ORDER BY id")]
    finally:
        await conn.close()


@pytest.mark.parametrize("before,kind", [(10, "pixel-tactics"), (14, "pixel-pusher")])
async def test_postgresql_content_migrations_do_the_same(pg_empty_url, tmp_path, before, kind):
    rows = [(kind, "running", {"thread": True, "game": {"trophies": 2}}), (kind, "finished", {"thread": False}),
            (kind, "lobby", {"game": {}}), ("pixies", "running", {"game": {}})]
    assert await _migrated_pg(pg_empty_url, before, rows) == await _migrated(tmp_path / "same.db", before, rows)


def test_both_backends_have_the_same_numbered_migrations():
    sqlite = [(n, name) for n, name, _ in migration_files()]
    postgres = [(n, name) for n, name, _ in migration_files("postgresql")]
    assert sqlite == postgres and len(sqlite) == latest_version()
