"""The leader election on a real PostgreSQL: exactly one leader, a dead leader replaced, the scheduler only there."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from bot.leadership import INTERVAL, LEADER_KEY, Election
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


#: a lock holder in a process of its own, with a short idle timeout: it takes the lock, says so, then waits for a
#: line on stdin and reports whether it still holds the lock
HOLDER = """
import asyncio, sys
from storage.backend.session_lock import PgSessionLock

async def main():
    url, key, idle, ping = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
    lock = PgSessionLock(url, key, idle_timeout=idle, ping=ping)
    print("held" if await lock.try_acquire() else "refused", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    print("holding" if await lock.holding() else "lost", flush=True)
    await lock.release()

asyncio.run(main())
"""


async def test_the_lock_connection_is_watched_by_the_server(pg_url, monkeypatch):
    """The server probes the lock connection's TCP peer (keepalives) and ends it when idle too long; the lock's
    own pings keep a live process's connection from ever being idle that long."""
    import storage.backend.session_lock as session_lock_module

    seen = {}
    real_connect = asyncpg.connect

    async def connect(*args, **kwargs):
        seen.update(kwargs.get("server_settings") or {})
        return await real_connect(*args, **kwargs)

    monkeypatch.setattr(asyncpg, "connect", connect)
    assert session_lock_module.PING * 3 <= session_lock_module.IDLE_TIMEOUT
    lock = PgSessionLock(pg_url, LEADER_KEY)
    try:
        assert await lock.try_acquire()
        assert seen == session_lock_module.KEEPALIVES
        idle = int(seen["tcp_keepalives_idle"]) + int(seen["tcp_keepalives_interval"]) * int(
            seen["tcp_keepalives_count"])
        assert idle + INTERVAL <= 60  # a dead host's lock is free, and taken, within a minute
        assert session_lock_module.IDLE_TIMEOUT + INTERVAL <= 60
        if lock.conn.get_server_version().major >= 14:  # idle_session_timeout is new in PostgreSQL 14
            assert await lock.conn.fetchval("SHOW idle_session_timeout") == "30s"
    finally:
        await lock.release()


async def test_a_frozen_leaders_lock_is_freed_by_the_server_and_taken_over(pg_url):
    """A leader process that stops answering without closing its connection (``SIGSTOP``: as a dead host or a
    network split looks to the server) loses the lock once its connection has been idle ``idle_timeout``, and
    another process takes it; while it runs, its pings keep the lock however long its rounds wait."""
    import os
    import signal
    import sys
    from pathlib import Path

    idle, ping = 2.0, 0.25
    holder = await asyncio.create_subprocess_exec(
        sys.executable, "-c", HOLDER, pg_url, str(LEADER_KEY), str(idle), str(ping),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, cwd=Path(__file__).parents[2])
    other = PgSessionLock(pg_url, LEADER_KEY)
    try:
        assert await asyncio.wait_for(holder.stdout.readline(), PATIENCE) == b"held\n"
        assert not await other.try_acquire()
        if other.conn.get_server_version().major < 14:
            pytest.skip("idle_session_timeout needs PostgreSQL 14 or later")
        # alive, it keeps the lock well past its idle timeout (it pings)
        loop = asyncio.get_running_loop()
        until = loop.time() + idle * 1.5
        while loop.time() < until:
            assert not await other.try_acquire()
            await asyncio.sleep(0.3)
        os.kill(holder.pid, signal.SIGSTOP)  # frozen: its connection stays open but says nothing
        # the server ends the silent connection after ``idle`` s and frees the lock: generous patience, never timed
        await wait_until_async(other.try_acquire, "the other process to take the frozen leader's lock")
        os.kill(holder.pid, signal.SIGCONT)
        holder.stdin.write(b"check\n")
        await holder.stdin.drain()
        assert await asyncio.wait_for(holder.stdout.readline(), PATIENCE) == b"lost\n"  # it knows it lost it
        assert await other.holding()
    finally:
        if holder.returncode is None:
            os.kill(holder.pid, signal.SIGCONT)
            holder.kill()
        await holder.wait()
        await other.release()


async def wait_until_async(predicate, what: str) -> None:
    """Wait until ``await predicate()`` holds, polling (PATIENCE at most)."""
    async def poll() -> None:
        while not await predicate():
            await asyncio.sleep(0.2)
    try:
        await asyncio.wait_for(poll(), PATIENCE)
    except TimeoutError:
        raise AssertionError(f"timed out waiting for {what}") from None
