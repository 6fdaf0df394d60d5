"""The leader's writes are fenced by its epoch (real PostgreSQL, real concurrency): a leader that lost its lock
and has not noticed yet writes nothing once another took over, and no deadline fires twice."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from bot import registry
from bot.deadlines import DeadlineService
from bot.leadership import LEADER_KEY, Election
from bot.scheduler import Scheduler
from bot.settings import save_setting
from bot.tables import TableService
from storage.backend.fence import LeadershipLost, fenced, take_epoch
from storage.backend.session_lock import PgSessionLock
from storage.database import Database
from tests.cluster.test_leadership import wait_for

H = 3600.0
PAUSE_GUILD, SKIP_GUILD = 9, 10
#: the follower's retry interval; the leader's own check never comes during the test (it must not notice alone)
FAST, NEVER = 0.05, 3600.0


class Clock:
    """One wall clock both processes read, moved by the test."""

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


async def test_a_fenced_write_of_an_old_epoch_is_refused_and_the_raise_waits_for_one_in_flight(pg_url):
    db = await Database.open(pg_url)
    try:
        first = await take_epoch(db)
        with fenced(first):
            await db.set_meta("probe", "1")  # the current epoch writes
            async with db.transaction() as conn:  # in flight while the next leader raises the epoch
                raising = asyncio.create_task(take_epoch(db))
                await asyncio.sleep(0.2)
                assert not raising.done()  # it waits for the fenced transaction to end
                await conn.execute("UPDATE meta SET value = ? WHERE key = ?", ("2", "probe"))
            second = await raising
            assert second == first + 1 and await db.get_meta("probe") == "2"
            with pytest.raises(LeadershipLost):
                await db.set_meta("probe", "3")
        assert await db.get_meta("probe") == "2"
        await db.set_meta("probe", "4")  # unfenced writes (a member's click) go on as ever
    finally:
        await db.close()


class Process:
    """One bot process as the scheduler sees it: its database, election, deadlines and scheduler."""

    def __init__(self, name: str, db: Database, clock: Clock, fired: list, interval: float, pace: float = 0.0):
        self.name, self.db, self.fired, self.pace = name, db, fired, pace
        self.tables = TableService(db, seed_source=lambda: 0)
        self.deadlines = DeadlineService(db, self.tables, clock)
        self.tables.after_commit.append(self.deadlines.sync)
        self.scheduler = Scheduler(self.deadlines, self.handle, clock)
        self.election = Election(PgSessionLock(db.backend.url, LEADER_KEY), self.lead, self.step_down,
                                 interval=interval, name=name)
        self.scheduler.on_lost = lambda: asyncio.create_task(self.election.recheck())
        self.lost = 0

    async def handle(self, timer):
        await asyncio.sleep(self.pace)  # a busy process: the other one runs between its firings
        result = await self.deadlines.fire(timer)
        if result.kind != "none":
            self.fired.append((self.name, timer.id, result.kind))
        return result

    async def lead(self) -> None:
        self.scheduler.epoch = await take_epoch(self.db)
        self.scheduler.start()

    async def step_down(self) -> None:
        self.lost += 1
        await self.scheduler.stop()


async def start_games(tables: TableService, count: int) -> list[int]:
    ids = []
    for i in range(count):
        guild = PAUSE_GUILD if i % 2 else SKIP_GUILD
        t = await tables.create_lobby("count", guild, 50 + i, 1, "P1", {})
        await tables.join(t.id, 2, "P2")
        ids.append((await tables.start(t.id, 1)).id)
    return ids


async def test_two_leaders_contending_never_fire_a_deadline_twice(pg_url):
    clock, fired = Clock(), []
    dbs = [await Database.open(pg_url) for _ in range(2)]
    a = Process("A", dbs[0], clock, fired, NEVER, pace=0.02)
    b = Process("B", dbs[1], clock, fired, FAST)
    try:
        await save_setting(dbs[0], PAUSE_GUILD, "deadline_policy", "pause")
        games = await start_games(a.tables, 60)
        assert await a.election.start() is True and await b.election.start() is False
        await a.scheduler.stop()  # A's loop waits for the clock below, with every deadline due at once
        clock.now += 100 * H
        due = [t.id for t in await a.deadlines.due(limit=1000) if t.kind == "deadline"]
        assert len(due) == len(games)
        a.scheduler.start()
        await wait_for(lambda: len(fired) >= 3, "A to fire a few deadlines")
        # A's lock connection dies under it; B takes the lock and the next epoch while A's loop runs on
        admin = await asyncpg.connect(pg_url)
        try:
            assert await admin.fetchval("SELECT pg_terminate_backend($1)", a.election.lock.conn.get_server_pid())
        finally:
            await admin.close()
        await wait_for(lambda: b.election.leader, "B to lead")
        await wait_for(lambda: len({t for _, t, _ in fired}) == len(games), "every deadline to fire")
        for _ in range(5):
            await b.scheduler.run_due()  # nothing left for anyone
        deadlines = [(name, timer) for name, timer, kind in fired if kind in ("pause", "skip")]
        assert sorted(t for _, t in deadlines) == sorted(due)  # each deadline exactly once
        assert {name for name, _ in deadlines} == {"A", "B"}  # both fired some: they contended
        await wait_for(lambda: not a.election.leader and a.lost == 1, "A to find its writes fenced and step down")
        for game_id in games:  # a skipped turn was played once, a paused game never
            table = await a.tables.load(game_id)
            assert len(await a.tables.actions(game_id)) == (0 if table.row.guild_id == PAUSE_GUILD else 1)
    finally:
        await a.election.stop()
        await b.election.stop()
        for db in dbs:
            await db.close()


@pytest.mark.parametrize("policy", ["skip", "forfeit"])
async def test_a_deadline_move_committed_just_before_the_lead_is_lost_is_finished_and_announced(pg_url, policy):
    """The move commits under the old epoch; the next leader raises the epoch before the move's commit hooks and
    its timer's claim: those still run (the new decision gets its timers, the timer is done, the move is
    announced), and the next leader fires nothing for it."""
    clock = Clock()
    dbs = [await Database.open(pg_url) for _ in range(2)]
    try:
        old = Process("A", dbs[0], clock, [], NEVER)
        new = Process("B", dbs[1], clock, [], NEVER)
        await save_setting(dbs[0], SKIP_GUILD, "deadline_policy", policy)
        [game] = await start_games(old.tables, 1)  # one game of SKIP_GUILD
        old_epoch = await take_epoch(dbs[0])
        clock.now += 100 * H
        [timer] = [t for t in await old.deadlines.due(limit=10) if t.kind == "deadline"]
        taken = []

        async def next_leader_takes_over(table):  # the first commit hook: the epoch moves on right after commit
            if not taken:
                taken.append(await take_epoch(dbs[1]))

        old.tables.after_commit.insert(0, next_leader_takes_over)
        with fenced(old_epoch):
            result = await old.deadlines.fire(timer)
        assert taken == [old_epoch + 1]
        assert result.kind == policy and result.outcome is not None  # announced by the process that moved
        assert len(await old.tables.actions(game)) == 1
        table = await old.tables.load(game)
        open_timers = await dbs[0].timers.open_of(game)
        assert timer.id not in [t.id for t in open_timers]  # marked done
        if policy == "skip":  # the next decision has its deadline (the hook ran after the lead was lost)
            assert table.row.status == "running"
            assert [t for t in open_timers if t.kind == "deadline" and t.seat != timer.seat]
        else:
            assert table.row.status == "finished" and not open_timers
        new.scheduler.epoch = taken[0]
        assert await new.scheduler.run_due() == 0  # the next leader finds nothing due
        assert len(await new.tables.actions(game)) == 1  # never a second move for the same deadline
    finally:
        for db in dbs:
            await db.close()
