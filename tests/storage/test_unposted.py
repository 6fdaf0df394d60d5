"""Start-up recovery reads only the games whose latest state was never posted, in pages, by index."""

from __future__ import annotations

import random


async def test_unposted_games_are_paged_through_the_partial_index(db):
    rng = random.Random(4)
    expected = []
    for i in range(240):
        gid = await db.create_game("pixies", 1, 2, 3, {}, i)
        kind = rng.choice(["lobby", "posted", "unposted", "never", "finished-unposted", "cancelled"])
        if kind == "lobby":
            continue
        status = "cancelled" if kind == "cancelled" else "finished" if kind.startswith("finished") else "running"
        version = await db.update_game(gid, 0, status=status, state={"n": i})
        if kind == "posted":
            await db.set_message(gid, 900 + i, version)
        elif kind in ("unposted", "finished-unposted"):
            await db.set_message(gid, 900 + i, version)
            await db.commit_action(gid, version, 0, 3, {"type": "x"}, {"n": -i}, status)
        if kind in ("unposted", "never", "finished-unposted"):
            expected.append(gid)
    seen, after, pages = [], 0, 0
    while True:
        page = await db.unposted_game_ids(after, limit=25)
        if not page:
            break
        assert len(page) <= 25 and page == sorted(page) and page[0] > after
        seen += page
        after, pages = page[-1], pages + 1
    assert seen == expected and pages == -(-len(expected) // 25)
    assert [g.id for g in await db.unposted_games()] == expected
    if db.postgres:  # PostgreSQL's planner chooses by itself (no INDEXED BY): the plan is SQLite's concern
        return
    plan = await db._all("EXPLAIN QUERY PLAN SELECT id FROM games INDEXED BY games_unposted WHERE "
                         "status IN ('running', 'finished') AND (posted_version IS NULL OR posted_version < version) "
                         "AND id > ? ORDER BY id LIMIT ?", (0, 25))
    assert any("games_unposted" in str(row) for row in plan)
    assert [g.id for g in await db.unposted_games()] == expected


async def test_undo_count_reads_the_undo_index_not_the_whole_log(db):
    from storage.database import UNDO_COUNT_SQL

    gid = await db.create_game("pixies", 1, 2, 3, {}, 1)
    version = await db.update_game(gid, 0, status="running", state={"n": 0})
    for i in range(60):
        action = {"type": "undo"} if i % 20 == 19 else {"type": "take", "card": i}
        version = await db.commit_action(gid, version, 0, 3, action, {"n": i}, "running")
    assert await db.undo_count(gid) == 3
    if db.postgres:
        return
    plan = await db._all("EXPLAIN QUERY PLAN " + UNDO_COUNT_SQL, (gid,))
    assert any("actions_undo" in str(tuple(row)) for row in plan), [tuple(r) for r in plan]
