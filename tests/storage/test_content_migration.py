"""Migration 0010: Pixel Tactics games stored before content versions keep content version 1."""

import json

import aiosqlite

from storage.migrate import migrate, migration_files


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
