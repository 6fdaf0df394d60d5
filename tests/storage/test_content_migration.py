"""Migration 0010: Pixel Tactics games stored before content versions keep content version 1."""

import json

import aiosqlite

from storage.migrate import migrate, migration_files


async def test_stored_pixel_tactics_games_keep_content_version_1(tmp_path):
    conn = await aiosqlite.connect(tmp_path / "old.db")
    try:
        for number, _name, sql in migration_files():
            if number < 10:
                await conn.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")
        rows = [("pixel-tactics", "running", {"thread": True, "game": {"trophies": 2}}),
                ("pixel-tactics", "finished", {"thread": False}),
                ("pixel-tactics", "lobby", {"game": {}}),
                ("pixies", "running", {"game": {}})]
        for kind, status, options in rows:
            await conn.execute("INSERT INTO games (channel_id, kind, options, seed, status, creator_id, created_at, "
                               "updated_at) VALUES (1, ?, ?, 7, ?, 1, 0, 0)", (kind, json.dumps(options), status))
        await conn.commit()
        assert await migrate(conn) >= 10
        async with conn.execute("SELECT kind, status, options FROM games ORDER BY id") as cur:
            found = [(k, s, json.loads(o)) for k, s, o in await cur.fetchall()]
    finally:
        await conn.close()
    assert found == [
        ("pixel-tactics", "running", {"thread": True, "game": {"trophies": 2, "content": 1}}),
        ("pixel-tactics", "finished", {"thread": False, "game": {"content": 1}}),
        ("pixel-tactics", "lobby", {"game": {}}),  # not started: it will be dealt with the current content
        ("pixies", "running", {"game": {}}),
    ]


async def test_stored_pixel_pusher_games_keep_content_version_1(tmp_path):
    conn = await aiosqlite.connect(tmp_path / "old.db")
    try:
        for number, _name, sql in migration_files():
            if number < 14:
                await conn.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")
        rows = [("pixel-pusher", "running", {"thread": True, "game": {}}),
                ("pixel-pusher", "finished", {"thread": False}),
                ("pixel-pusher", "lobby", {"game": {}}),
                ("pixel-tactics", "running", {"game": {"content": 3}})]
        for kind, status, options in rows:
            await conn.execute("INSERT INTO games (channel_id, kind, options, seed, status, creator_id, created_at, "
                               "updated_at) VALUES (1, ?, ?, 7, ?, 1, 0, 0)", (kind, json.dumps(options), status))
        await conn.commit()
        assert await migrate(conn) >= 14
        async with conn.execute("SELECT kind, status, options FROM games ORDER BY id") as cur:
            found = [(k, s, json.loads(o)) for k, s, o in await cur.fetchall()]
    finally:
        await conn.close()
    assert found == [
        ("pixel-pusher", "running", {"thread": True, "game": {"content": 1}}),
        ("pixel-pusher", "finished", {"thread": False, "game": {"content": 1}}),
        ("pixel-pusher", "lobby", {"game": {}}),
        ("pixel-tactics", "running", {"game": {"content": 3}}),
    ]
