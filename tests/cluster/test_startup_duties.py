"""Start-up recoveries across shard processes on one PostgreSQL: the leader's run once (again by the next leader
when it dies), the shard recoveries each in the process owning the guild, again after a change of leader."""

from __future__ import annotations

import asyncio
import contextlib
from types import SimpleNamespace

import pytest

from bot import leadership, reposts
from bot.app import build_bot
from bot.config import Config
from bot.duties import Duties, owner, shard_of
from bot.reposts import recover_unposted
from tests.cluster.test_leadership import FAST, wait_for

#: guild ids spread over the shards (Discord puts guild G on shard (G >> 22) % count); None is a DM game
GUILDS = [None] + [(n << 22) + 7 for n in range(8)]

LEADER_DUTIES = {"gave running games their timers", "freed deck locks of games that ended before a restart",
                 "saved the pools of drafts that ended before a restart", "tournament reconciliation",
                 "league reconciliation"}
SHARD_DUTIES = {"re-posted game tables after a restart", "resumed games waiting for a computer player"}


def test_a_guild_belongs_to_the_shard_discord_gives_it():
    assert shard_of(None, 4) == 0 and shard_of(5 << 22, 4) == 1 and shard_of((6 << 22) + 99, 4) == 2
    assert all(owner(None, None)(g) for g in GUILDS)
    assert all(owner(2, (0, 1))(g) for g in GUILDS)  # a process of every shard owns every guild
    first, second = owner(4, (0, 1)), owner(4, (2, 3))
    assert [g for g in GUILDS if first(g)] == [None, 7, (1 << 22) + 7, (4 << 22) + 7, (5 << 22) + 7]
    assert all(first(g) != second(g) for g in GUILDS)


async def test_a_shard_run_asked_for_during_a_run_runs_once_more_after_it():
    duties, runs = Duties(), []
    gate = asyncio.Event()

    async def duty(owns) -> int:
        runs.append(len(runs))
        await gate.wait()
        return 0

    duties.per_shard("probe", duty)
    ready = gate.wait
    duties.request_shard(ready)
    gate.set()
    await wait_for(lambda: runs == [0], "the first run")
    gate.clear()
    duties.request_shard(ready)
    duties.request_shard(ready)  # two requests during the run: one more run
    gate.set()
    await duties.idle()
    assert runs == [0, 1]


async def test_recovering_unposted_games_skips_other_shards_games():
    rows = {1: 7, 2: (1 << 22) + 7, 3: None}

    class Games:
        db = None

        async def unposted_ids(self, after: int, limit: int) -> list[int]:
            return [g for g in sorted(rows) if g > after][:limit]

        async def get_game(self, game_id: int):
            return SimpleNamespace(guild_id=rows[game_id])

    games = Games()
    games.db = games
    posted = []

    async def post(game_id: int) -> bool:
        posted.append(game_id)
        return True

    assert await recover_unposted(games, post, owns=owner(2, (0,))) == (2, [])
    assert posted == [1, 3]


class Probe:
    """Records which process ran which recovery (the recoveries the cogs registered run as well)."""

    def __init__(self):
        self.leader: list[tuple[str, str, int | None]] = []
        self.shard: list[tuple[str, tuple]] = []

    def attach(self, name: str, bot) -> None:
        async def db_only() -> int:
            self.leader.append((name, "db", bot.epoch))
            return 0

        async def with_discord() -> int:
            self.leader.append((name, "discord", bot.epoch))
            return 0

        async def mine(owns) -> int:
            self.shard.append((name, tuple(g for g in GUILDS if owns(g))))
            return 0

        bot.duties.lead("probe", db_only, discord=False)
        bot.duties.lead("probe after ready", with_discord)
        bot.duties.per_shard("probe", mine)


def shard_bot(pg_url: str, shard: int):
    config = Config(token="x", db_path=pg_url, render_workers=0, ai_workers=0, shard_count=2, shard_ids=(shard,))
    return build_bot(config, auto_sync=False)


async def close(bot) -> None:
    """Close a bot that never connected (the sharded client then has no event queue to signal)."""
    with contextlib.suppress(AttributeError):
        await bot.close()


@pytest.fixture
def fast(monkeypatch):
    monkeypatch.setattr(leadership, "INTERVAL", FAST)
    monkeypatch.setattr(reposts, "SETTLE", 0.05)


async def test_each_recovery_runs_once_across_processes_and_is_picked_up_when_the_leader_dies(pg_url, fast):
    probe = Probe()
    a, b = shard_bot(pg_url, 0), shard_bot(pg_url, 1)
    try:
        for name, bot in (("A", a), ("B", b)):
            probe.attach(name, bot)
        await a.setup_hook()
        await b.setup_hook()
        assert {d.name for d in a.duties.leader} == LEADER_DUTIES | {"probe", "probe after ready"}
        assert {d.name for d in a.duties.shard} == SHARD_DUTIES | {"probe"}
        assert a.election.leader and not b.election.leader
        assert probe.leader == [("A", "db", a.epoch)]  # before Discord is ready: the database recoveries only
        await a.became_ready()
        await b.became_ready()
        await a.duties.idle()
        await b.duties.idle()
        await wait_for(lambda: len(probe.leader) == 2, "the leader's recoveries after ready")
        assert probe.leader[1] == ("A", "discord", a.epoch)
        mine_a, mine_b = [g for g in GUILDS if shard_of(g, 2) == 0], [g for g in GUILDS if shard_of(g, 2) == 1]
        assert sorted(probe.shard) == [("A", tuple(mine_a)), ("B", tuple(mine_b))]  # each guild once
        # the leader is killed (as kill -9: its loops stop, its lock connection drops)
        first_epoch = a.epoch
        a.election._task.cancel()
        await a.scheduler.stop()
        await a.duties.close()
        a.election.lock.conn.terminate()
        await wait_for(lambda: b.election.leader, "B to take over")
        await wait_for(lambda: len(probe.leader) == 4, "B to run the leader's recoveries")
        assert probe.leader[2:] == [("B", "db", b.epoch), ("B", "discord", b.epoch)] and b.epoch > first_epoch
        await wait_for(lambda: len(probe.shard) == 3, "B to recover its guilds again (the leader changed)")
        await b.duties.idle()
        assert probe.shard[2] == ("B", tuple(mine_b)) and len(probe.shard) == 3
    finally:
        for bot in (a, b):
            await close(bot)


async def test_a_follower_recovers_its_guilds_again_when_it_sees_a_new_leader(pg_url, fast):
    probe = Probe()
    a, b, c = shard_bot(pg_url, 0), shard_bot(pg_url, 1), shard_bot(pg_url, 0)
    try:
        probe.attach("A", a)
        probe.attach("B", b)
        await a.setup_hook()
        await b.setup_hook()
        await a.became_ready()
        await b.became_ready()
        await wait_for(lambda: len(probe.shard) == 2, "the start-up runs")
        # A stops cleanly and comes back as C, which takes the lead (B stays a follower): B sees the epoch change

        async def never() -> bool:
            return False

        b.election.lock.try_acquire = never
        await close(a)
        await c.setup_hook()
        assert c.election.leader
        await wait_for(lambda: len(probe.shard) == 3, "B to notice the new leader")
        assert probe.shard[2][0] == "B"
    finally:
        for bot in (a, b, c):
            await close(bot)


async def test_an_event_discord_py_dispatches_after_close_is_dropped(tmp_path):
    """discord.py dispatches ``ready`` up to ``guild_ready_timeout`` after the last GUILD_CREATE, so possibly after
    ``close()``: the bot drops it (its listener ``became_ready`` would be scheduled on the loop ``close()`` forgot,
    a coroutine never awaited)."""
    bot = build_bot(Config(token="x", db_path=str(tmp_path / "closed.sqlite3"), ai_workers=0, render_workers=0))
    scheduled = []
    bot._schedule_event = lambda coro, name, *args, **kwargs: scheduled.append(name)
    bot.dispatch("ready")
    assert scheduled  # became_ready listens to it
    scheduled.clear()
    await bot.close()
    bot.dispatch("ready")
    assert scheduled == []
