"""Deadlines and reminders with a controllable clock: each fires once, policies, catch-up, extension."""

from __future__ import annotations

import pytest

from bot import errors, registry
from bot.deadlines import DeadlineService
from bot.scheduler import Scheduler
from bot.settings import save_setting
from bot.tables import TableService

H = 3600.0
GUILD = 9


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def count_game(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "count", ("Count", "tests.platform.countgame:CountEngine"))
    registry.engine.cache_clear()
    yield
    registry.engine.cache_clear()


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def parts(db, clock):
    tables = TableService(db, seed_source=lambda: 0)
    deadlines = DeadlineService(db, tables, clock)
    tables.after_commit.append(deadlines.sync)
    fired = []

    async def handler(timer):
        result = await deadlines.fire(timer)
        fired.append(result)
        return result

    return tables, deadlines, Scheduler(deadlines, handler, clock), fired


async def start(tables, options=None, players=(1, 2)):
    t = await tables.create_lobby("count", GUILD, 50, players[0], "P1", options or {})
    for uid in players[1:]:
        await tables.join(t.id, uid, f"P{uid}")
    return await tables.start(t.id, players[0])


async def test_start_creates_a_deadline_and_reminders_at_halfway_and_two_hours(parts, clock):
    tables, deadlines, scheduler, fired = parts
    await start(tables)  # server defaults: 48 h, reminders at 50% and 2 h before
    timers = await deadlines.due(clock.now + 100 * H)
    # reminder 50%: 24 h in; reminder 2h: 46 h in; deadline: 48 h in
    assert [(t.kind, t.point, t.due_at - clock.now) for t in timers] == [
        ("reminder", "50%", 24 * H), ("reminder", "2h", 46 * H), ("deadline", "", 48 * H)]
    assert await scheduler.seconds_to_next() == 24 * H


async def test_each_reminder_fires_exactly_once_and_the_deadline_skips(parts, clock, db):
    tables, deadlines, scheduler, fired = parts
    t = await start(tables)
    clock.now += 24 * H
    assert await scheduler.run_due() == 1 and await scheduler.run_due() == 0
    assert [f.kind for f in fired] == ["reminder"] and fired[0].timer.point == "50%"
    clock.now += 22 * H
    await scheduler.run_due()
    clock.now += 2 * H
    await scheduler.run_due()
    assert [f.kind for f in fired] == ["reminder", "reminder", "skip"]
    # the default action of the count game adds 1, for seat 0 (seed 0)
    after = await tables.load(t.id)
    assert after.state["n"] == 1 and after.state["turn"] == 1
    log = await db.actions(t.id)
    assert [(a.actor_seat, a.action) for a in log] == [(0, {"type": "add", "k": 1})]
    # the next player's decision got its own fresh timers
    assert await scheduler.seconds_to_next() == 24 * H


async def test_a_second_service_after_a_restart_fires_nothing_twice(parts, clock, db):
    tables, deadlines, scheduler, fired = parts
    await start(tables)
    clock.now += 24 * H
    await scheduler.run_due()
    again = DeadlineService(db, tables, clock)
    assert await again.due() == []


async def test_catch_up_after_downtime_drops_late_reminders_and_applies_the_deadline_once(parts, clock):
    tables, deadlines, scheduler, fired = parts
    t = await start(tables)
    clock.now += 50 * H  # the bot was down past the whole deadline
    await scheduler.run_due()
    assert [f.kind for f in fired] == ["none", "none", "skip"]
    assert (await tables.load(t.id)).state["n"] == 1


async def test_a_decision_made_in_time_cancels_its_timers(parts, clock):
    tables, deadlines, scheduler, fired = parts
    t = await start(tables)
    clock.now += 1 * H
    await tables.act(t.id, 1, "0", {"type": "add", "k": 2})
    clock.now += 47.5 * H  # t0 + 48.5 h: past the first decision's deadline, not the second's (t0 + 49 h)
    await scheduler.run_due()
    # only the new decision's reminders (t0 + 25 h and t0 + 47 h); nothing of the first decision
    assert [(f.kind, f.timer.decision_id) for f in fired] == [("reminder", "1"), ("reminder", "1")]


async def test_forfeit_policy_ends_a_two_player_game(parts, clock, db):
    tables, deadlines, scheduler, fired = parts
    await save_setting(db, GUILD, "deadline_policy", "forfeit")
    t = await start(tables)
    clock.now += 48 * H
    await scheduler.run_due()
    after = await tables.load(t.id)
    assert fired[-1].kind == "forfeit"
    assert after.row.status == "finished" and after.state["winner"] == 1


async def test_pause_policy_only_reminds(parts, clock, db):
    tables, deadlines, scheduler, fired = parts
    await save_setting(db, GUILD, "deadline_policy", "pause")
    t = await start(tables)
    for step in (24, 22, 2):
        clock.now += step * H
        await scheduler.run_due()
    assert [f.kind for f in fired] == ["reminder", "reminder", "pause"]
    assert (await tables.load(t.id)).state["n"] == 0
    clock.now += 100 * H
    assert await scheduler.run_due() == 0


async def test_lobby_deadline_overrides_the_server_and_none_means_no_timers(parts, clock):
    tables, deadlines, scheduler, fired = parts
    await start(tables, {"deadline_hours": 12})
    assert (await deadlines.due(clock.now + 12 * H))[-1].due_at == clock.now + 12 * H
    tables2 = tables
    await start(tables2, {"deadline_hours": None}, players=(5, 6))
    assert len(await deadlines.due(clock.now + 1000 * H)) == 3  # only the first game's timers


async def test_extend_once_per_decision(parts, clock):
    tables, deadlines, scheduler, fired = parts
    t = await start(tables)
    with pytest.raises(errors.NotYourTurn):
        await deadlines.extend(t.id, 2)
    with pytest.raises(errors.NotSeated):
        await deadlines.extend(t.id, 99)
    clock.now += 30 * H  # the halfway reminder (24 h) is due but not yet fired
    new = await deadlines.extend(t.id, 1)
    assert new == clock.now - 30 * H + 96 * H  # 48 h more than the original deadline
    with pytest.raises(errors.NotAllowed, match="already asked"):
        await deadlines.extend(t.id, 1)
    await scheduler.run_due()  # the old halfway reminder is gone, the new ones are later
    assert fired == []
    clock.now += 66 * H - 1  # one second before the new deadline
    await scheduler.run_due()
    assert [f.kind for f in fired] == ["reminder", "reminder"]
    clock.now += 1
    await scheduler.run_due()
    assert fired[-1].kind == "skip"


@pytest.mark.parametrize("kind", ["pixies", "tixel"])
@pytest.mark.parametrize("policy", ["skip", "forfeit", "pause"])
async def test_each_policy_for_each_real_game(db, clock, kind, policy):
    tables = TableService(db, seed_source=lambda: 4)
    deadlines = DeadlineService(db, tables, clock)
    tables.after_commit.append(deadlines.sync)
    await save_setting(db, GUILD, "deadline_policy", policy)
    t = await tables.create_lobby(kind, GUILD, 50, 1, "A", {})
    await tables.join(t.id, 2, "B")
    if kind == "pixies":
        await tables.join(t.id, 3, "C")
    t = await tables.start(t.id, 1)
    [first] = t.pending()
    clock.now += 49 * H
    results = [await deadlines.fire(timer) for timer in await deadlines.due()]
    assert [r.kind for r in results] == ["none", "none", policy]  # late reminders are dropped
    after = await tables.load(t.id)
    log = [(a.actor_seat, a.action) for a in await db.actions(t.id)]
    if policy == "skip":
        assert log == [(first.player, t.engine.default_action(t.state, first.player))]
        assert after.row.status == "running" and after.pending()[0].id != first.id
    elif policy == "forfeit":
        assert log == [(first.player, {"type": "resign"})]
        # a two-player Tixel game ends; three-player Pixies goes on without the seat
        assert after.row.status == ("finished" if kind == "tixel" else "running")
    else:
        assert log == [] and after.pending() == [first]


async def test_a_failing_deadline_is_retried_not_lost(db, clock):
    tables = TableService(db, seed_source=lambda: 0)
    deadlines = DeadlineService(db, tables, clock)
    tables.after_commit.append(deadlines.sync)
    calls = []

    async def flaky(timer):
        calls.append(timer.kind)
        if timer.kind == "deadline" and calls.count("deadline") == 1:
            raise RuntimeError("discord is down")
        return await deadlines.fire(timer)

    scheduler = Scheduler(deadlines, flaky, clock)
    t = await start(tables, {"deadline_hours": 1})  # reminders: 50% → 30 min in; "2h" is beyond 1 h
    clock.now += 1 * H + 1
    await scheduler.run_due()
    assert (await tables.load(t.id)).state["n"] == 0  # the first try failed
    assert await scheduler.seconds_to_next() == 60  # retried a minute after the failure
    clock.now += 60
    await scheduler.run_due()
    assert (await tables.load(t.id)).state["n"] == 1  # the deadline was applied on the retry


async def test_the_loop_survives_a_failing_pass(db, clock, monkeypatch):
    import asyncio

    import bot.scheduler as sched

    tables = TableService(db, seed_source=lambda: 0)
    deadlines = DeadlineService(db, tables, clock)
    monkeypatch.setattr(sched, "ERROR_PAUSE", 0.01)
    real_due, failures = deadlines.due, []

    async def due_once_failing(now=None, limit=100):
        if not failures:
            failures.append(1)
            raise RuntimeError("database is locked")
        return await real_due(now, limit)

    monkeypatch.setattr(deadlines, "due", due_once_failing)
    fired = []

    async def handler(timer):
        fired.append(timer)
        return await deadlines.fire(timer)

    scheduler = Scheduler(deadlines, handler, clock)
    tables.after_commit.append(deadlines.sync)
    await start(tables)
    clock.now += 24 * H
    scheduler.start()
    for _ in range(200):
        if fired:
            break
        await asyncio.sleep(0.01)
    await scheduler.stop()
    assert failures and [t.point for t in fired] == ["50%"]


async def test_extending_does_not_resend_a_sent_reminder(parts, clock):
    tables, deadlines, scheduler, fired = parts
    t = await start(tables)
    clock.now += 24 * H
    await scheduler.run_due()  # the halfway reminder went out
    await deadlines.extend(t.id, 1)  # deadline now 96 h from the start
    clock.now += 71 * H  # t0 + 95 h: the 2h-before reminder of the new deadline is due
    await scheduler.run_due()
    assert [f.timer.point for f in fired if f.kind == "reminder"] == ["50%", "2h"]


async def test_a_finished_game_keeps_no_timers(parts, clock, db):
    tables, deadlines, scheduler, fired = parts
    t = await start(tables)
    clock.now += 24 * H
    await scheduler.run_due()
    await tables.resign(t.id, 2)  # two players: the game ends
    async with db.reader.execute("SELECT COUNT(*) FROM timers WHERE game_id = ?", (t.id,)) as cur:
        assert (await cur.fetchone())[0] == 0
