"""The leader election on a real PostgreSQL: exactly one leader, a dead leader replaced, the scheduler only there."""

from __future__ import annotations

import asyncio

import asyncpg

from bot.leadership import LEADER_KEY, Election
from storage.backend.session_lock import AlwaysHeld, PgSessionLock, session_lock
from storage.database import Database

#: a short retry interval for the tests (the bot's is 15 s)
FAST = 0.2
#: generous: the condition is waited for, never timed
PATIENCE = 60.0


class Process:
    """One bot "process" as the election sees it: its own lock connection and a stand-in scheduler."""

    def __init__(self, url: str, name: str):
        self.name = name
        self.running = False
        self.runs = 0
        self.election = Election(PgSessionLock(url, LEADER_KEY), self.start_scheduler, self.stop_scheduler,
                                 interval=FAST, name=name)

    async def start_scheduler(self) -> None:
        self.running = True
        self.runs += 1

    async def stop_scheduler(self) -> None:
        self.running = False


def kill(proc: Process) -> None:
    """Kill a "process" as ``kill -9`` would: its loops stop at once and its connection drops (the server frees
    its lock)."""
    proc.election._task.cancel()
    proc.running = False
    proc.election.lock.conn.terminate()


def consistent(procs: list[Process]) -> bool:
    """Exactly one leader, and the scheduler runs in it alone."""
    return sum(p.election.leader for p in procs) == 1 and all(p.running == p.election.leader for p in procs)


async def wait_for(predicate, what: str) -> None:
    """Wait until ``predicate()`` holds (PATIENCE at most)."""
    async def poll() -> None:
        while not predicate():
            await asyncio.sleep(0.02)
    try:
        await asyncio.wait_for(poll(), PATIENCE)
    except TimeoutError:
        raise AssertionError(f"timed out waiting for {what}") from None


async def test_two_processes_one_leader_and_failover(pg_url):
    a, b = Process(pg_url, "A"), Process(pg_url, "B")
    try:
        assert await a.election.start() is True
        assert await b.election.start() is False
        await asyncio.sleep(FAST * 5)  # several rounds: the follower keeps trying and keeps failing
        assert (a.election.leader, b.election.leader) == (True, False)
        assert (a.running, b.running) == (True, False)
        kill(a)
        await wait_for(lambda: b.election.leader, "B to take over")
        assert b.running and b.runs == 1
        # a restarted A is a follower while B lives
        c = Process(pg_url, "A again")
        assert await c.election.start() is False
        await asyncio.sleep(FAST * 5)
        assert consistent([b, c]) and b.election.leader
        await c.election.stop()
    finally:
        await a.election.stop()
        await b.election.stop()


async def test_a_leader_whose_session_ends_steps_down_or_wins_again(pg_url):
    """pg_terminate_backend (an administrator, or the server noticing a dead client) frees the lock while the
    leader's process lives on: whoever takes the lock next leads, and never both."""
    a, b = Process(pg_url, "A"), Process(pg_url, "B")
    try:
        await a.election.start()
        await b.election.start()
        admin = await asyncpg.connect(pg_url)
        try:
            pid = a.election.lock.conn.get_server_pid()
            assert await admin.fetchval("SELECT pg_terminate_backend($1)", pid)
        finally:
            await admin.close()
        await wait_for(lambda: a.election.lock.conn is None or a.election.lock.conn.get_server_pid() != pid,
                       "A to notice its lost session")
        await wait_for(lambda: consistent([a, b]), "exactly one leader again")
        for _ in range(10):
            await asyncio.sleep(FAST)
            assert sum(p.running for p in (a, b)) <= 1
    finally:
        await a.election.stop()
        await b.election.stop()


async def test_a_leader_that_stops_hands_over(pg_url):
    a, b = Process(pg_url, "A"), Process(pg_url, "B")
    try:
        await a.election.start()
        await b.election.start()
        await a.election.stop()  # a clean shutdown unlocks at once
        assert not a.running
        await wait_for(lambda: b.election.leader, "B to take over")
    finally:
        await b.election.stop()


async def test_three_processes_never_two_leaders(pg_url):
    procs = [Process(pg_url, name) for name in "ABC"]
    try:
        await asyncio.gather(*(p.election.start() for p in procs))
        assert consistent(procs)
        alive = list(procs)
        for _ in range(2):
            leader = next(p for p in alive if p.election.leader)
            kill(leader)
            alive.remove(leader)
            await wait_for(lambda: consistent(alive), "a new leader among the living")
    finally:
        for p in procs:
            await p.election.stop()


async def test_sqlite_process_is_always_the_leader(tmp_path):
    db = await Database.open(str(tmp_path / "one.sqlite3"))
    try:
        lock = session_lock(db.backend, LEADER_KEY)
        assert isinstance(lock, AlwaysHeld)
        started = []

        async def lead() -> None:
            started.append(True)

        async def follow() -> None:
            started.clear()

        election = Election(lock, lead, follow, interval=FAST)
        assert await election.start() is True and started == [True]
        await election.stop()
        assert started == []
    finally:
        await db.close()


async def test_database_lock_of_postgres_is_a_session_lock(pg_url):
    db = await Database.open(pg_url)
    try:
        assert isinstance(session_lock(db.backend, LEADER_KEY), PgSessionLock)
    finally:
        await db.close()


def scheduler_running(bot) -> bool:
    """Whether the bot's deadline scheduler loop (deadlines and league timers) runs in this process."""
    task = bot.scheduler._task
    return task is not None and not task.done()


async def test_the_scheduler_runs_only_in_the_leading_bot(pg_url, monkeypatch):
    """Two real bots (set up as ``pixel-parlor run`` sets them up, without Discord) on one database."""
    from bot import leadership
    from bot.app import build_bot
    from bot.config import Config

    monkeypatch.setattr(leadership, "INTERVAL", FAST)
    bots = [build_bot(Config(token="x", db_path=pg_url, render_workers=0, ai_workers=0), auto_sync=False)
            for _ in range(2)]
    try:
        for bot in bots:
            await bot.setup_hook()
        first, second = bots
        assert first.election.leader and not second.election.leader
        await asyncio.sleep(FAST * 5)
        assert scheduler_running(first) and not scheduler_running(second)
        # the second's lock connection breaks while its process lives: it keeps following, nothing changes
        second.election.lock.conn.terminate()
        await asyncio.sleep(FAST * 5)
        assert first.election.leader and not second.election.leader and not scheduler_running(second)
        # the leader is killed: its process stops at once (its loops with it), the server frees its lock
        first.election._task.cancel()
        await first.scheduler.stop()
        first.election.lock.conn.terminate()
        await wait_for(lambda: second.election.leader and scheduler_running(second), "the second bot to lead")
    finally:
        for bot in bots:
            await bot.close()
