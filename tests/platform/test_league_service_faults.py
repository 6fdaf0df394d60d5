"""The league service under faults: two games finishing at once (their finish hooks overlap for real), a stop
between a game's end and its recording, or between the choices and the game's creation (start-up reconciliation
records or creates each exactly once), and the organiser's void, override, drop and replace."""

from __future__ import annotations

import asyncio

import pytest

from bot import errors
from bot import league as lg
from bot.league_service import LeagueRefused
from tests.platform.league_helpers import ORGANISER, Harness, harness


@pytest.fixture
async def h(tmp_path):
    async with harness(tmp_path) as made:
        yield made


async def _cycle(h: Harness, players: int = 4) -> int:
    """Open, start and draft a league; return its id (its first cycle is being played)."""
    row = await h.open(players)
    await h.service.start(row.id, ORGANISER, True)
    await h.draft_all(row.id)
    return row.id


async def test_two_results_at_once_both_count_once(h):
    lid = await _cycle(h)
    c12, c34 = await h.battle(lid, 1, 2), await h.battle(lid, 3, 4)
    g12, g34 = await h.game_of(lid, c12), await h.game_of(lid, c34)
    store, games = h.service.store, h.service.games
    real_get, real_record = store.get, games.record
    in_flight = peak = 0

    async def slow_get(lid_: int):
        await asyncio.sleep(0.02)  # the read under the league's lock is slow: the other hook must wait
        return await real_get(lid_)

    async def counted(lid_: int, table):
        nonlocal in_flight, peak
        in_flight += 1
        peak = max(peak, in_flight)
        try:
            return await real_record(lid_, table)
        finally:
            in_flight -= 1

    store.get, games.record = slow_get, counted
    await asyncio.gather(h.win(g12, 2), h.win(g34, 3))
    store.get, games.record = real_get, real_record
    assert peak == 2  # both finish hooks were running at once
    state = (await h.service.load(lid)).state
    done = {c["id"]: (c["status"], c["winner"]) for c in state["challenges"]}
    assert done == {c12: ("done", 2), c34: ("done", 3)}
    taken = {row.user_id: [c["key"] for c in row.captured] for row in lg.sheet(state)}
    assert taken == {1: [], 2: [state["challenges"][c12 - 1]["choices"]["2"]["base"]],
                     3: [state["challenges"][c34 - 1]["choices"]["3"]["base"]], 4: []}
    assert [g.recorded for g in await h.service.played(lid)] == [True, True]
    assert [e.game_id for e in h.events if e.kind == "result"] in ([g12, g34], [g34, g12])
    # the same table recorded again (a late hook) changes nothing
    assert await h.service.games.record(lid, await h.tables.load(g12)) is False
    assert (await h.service.load(lid)).state == state


async def test_a_result_missed_by_a_stop_is_recorded_once_at_start_up(h):
    lid = await _cycle(h)
    cid = await h.battle(lid, 1, 2)
    game = await h.game_of(lid, cid)
    h.tables.after_commit.remove(h.service.games.on_commit)  # the process stops before the hook runs
    await h.win(game, 1)
    assert (await h.service.load(lid)).state["challenges"][0]["status"] == "playing"
    assert [g.recorded for g in await h.service.played(lid)] == [False]

    again = Harness(h.db, h.clock)  # the restart
    assert await again.service.reconcile() == 1
    state = (await again.service.load(lid)).state
    assert state["challenges"][0]["status"] == "done" and state["challenges"][0]["winner"] == 1
    assert [g.recorded for g in await again.service.played(lid)] == [True]
    assert await again.service.reconcile() == 0
    assert (await again.service.load(lid)).state == state


async def test_a_game_not_created_by_a_stop_is_created_once_at_start_up(h):
    lid = await _cycle(h, 2)
    real = h.tables.create_started

    async def stopped(*args, **kwargs):
        raise errors.LobbyError("the process stopped")

    h.tables.create_started = stopped
    cid = await h.battle(lid, 1, 2)
    h.tables.create_started = real
    assert await h.service.played(lid) == [] and len(lg.ready_games((await h.service.load(lid)).state)) == 1
    again = Harness(h.db, h.clock)
    assert await again.service.reconcile() == 1
    (game,) = await again.service.played(lid)
    assert game.challenge_id == cid and game.status == "running"
    assert [e.kind for e in again.events] == ["games"] and [t.id for t in again.events[0].new_tables] == [game.game_id]
    assert await again.service.reconcile() == 0 and len(await again.service.played(lid)) == 1


async def test_void_override_drop_and_replace(h):
    lid = await _cycle(h)
    cid = await h.battle(lid, 1, 2)
    game = await h.game_of(lid, cid)
    await h.win(game, 1)
    with pytest.raises(LeagueRefused, match="organisers"):
        await h.service.void(lid, cid, 1, False)
    row = await h.service.void(lid, cid, ORGANISER, True)
    assert row.state["challenges"][0]["status"] == "void"
    assert all(not r.captured for r in lg.sheet(row.state))
    assert [(g.game_id, g.voided) for g in await h.service.played(lid)] == [(game, True)]

    c34 = await h.battle(lid, 3, 4)
    row = await h.service.override(lid, c34, 4, ORGANISER, True)  # decided while its game still runs
    assert row.state["challenges"][1]["status"] == "done" and row.state["challenges"][1]["winner"] == 4
    await h.win(await h.game_of(lid, c34), 3)  # the game's own end no longer changes the result
    assert (await h.service.load(lid)).state["challenges"][1]["winner"] == 4

    with pytest.raises(LeagueRefused, match="organisers"):
        await h.service.drop(lid, 2, 1, False)
    row = await h.service.drop(lid, 2, 2, False)  # a player may drop themself
    assert next(r for r in lg.sheet(row.state) if r.user_id == 2).dropped
    with pytest.raises(LeagueRefused):
        await h.service.challenge(lid, 1, 2)  # no challenges against a dropped player

    c13 = await h.battle(lid, 1, 3)
    playing = await h.game_of(lid, c13)
    row = await h.service.replace(lid, 3, 9, "P9", ORGANISER, True)
    assert h.events[-1].kind == "replaced" and h.events[-1].swapped == [playing]
    assert [r.user_id for r in lg.sheet(row.state) if r.user_id in (3, 9)] == [9]
    assert [(s.user_id, s.name) for s in (await h.tables.load(playing)).seats] == [(1, "P1"), (9, "P9")]
    await h.win(playing, 9)  # the newcomer finishes the game and its result counts for them
    state = (await h.service.load(lid)).state
    assert next(c for c in state["challenges"] if c["id"] == c13)["winner"] == 9
    kinds = [e.kind for e in h.events]
    assert kinds.index("voided") < kinds.index("overridden") < kinds.index("dropped") < kinds.index("replaced")
