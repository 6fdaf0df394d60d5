"""A sharded bot through the loopback Discord: ``run --shards 2 --shard-ids 0-1`` in one process opens two gateway
sessions; the guild's events reach the shard Discord routes them to (``(guild_id >> 22) % 2``), DMs reach shard 0,
and games are played across both (a Pixies game to its end; Pixel Pusher's secret drafts clicked in DMs); with two
guilds, one on each shard, a game is played in each, each guild's events reaching only its own shard."""

from __future__ import annotations

import contextlib
import random

from bot.app import ShardedParlorBot, build_bot
from bot.config import Config
from bot.games.pixies import PixiesEngine
from bot.tables import replay
from tests.e2e.drive import perform
from tests.e2e.harness import TIMEOUT, open_table, open_table_for, play_until, resign
from tests.e2e.test_pixel_pusher_e2e import choose
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import fail_on_violations, fake_discord_running, running_bot

SHARDS = 2


@contextlib.asynccontextmanager
async def sharded_parlor(fake: FakeDiscord, db_path: str, shard_ids: tuple[int, ...], heartbeat: str | None = None):
    """Run the bot as ``pixel-parlor run --shards 2 --shard-ids a-b`` builds it, until its shards are ready."""
    config = Config(token=fake.token, db_path=db_path, ai_workers=0, computer_delay=0.0, render_workers=0,
                    shard_count=SHARDS, shard_ids=shard_ids, heartbeat=heartbeat)
    bot = build_bot(config, seed_source=lambda: 1234)
    assert isinstance(bot, ShardedParlorBot)
    bot.sent = record_requests(bot)
    async with running_bot(fake, bot):
        await fake.wait_until(lambda: {s.shard[0] for s in fake.active_sessions() if s.shard} >= set(shard_ids),
                              TIMEOUT, "every shard identified")
        await fake.wait_commands("play", "game", "pixies", "pusher", timeout=TIMEOUT)
        await fake.wait_until(bot.is_ready, TIMEOUT, "the sharded bot ready")
        yield bot


#: the route of a global command sync (discord.py's ``bulk_upsert_global_commands``)
COMMANDS_PUT = ("PUT", "/applications/{application_id}/commands")


def record_requests(bot) -> list[tuple[str, str]]:
    """Record every REST request this bot process sends (method, route template), as its own list."""
    sent: list[tuple[str, str]] = []
    request = bot.http.request

    async def recorded(route, **kwargs):
        sent.append((route.method, route.path))
        return await request(route, **kwargs)

    bot.http.request = recorded
    return sent


def interactions_by_shard(fake: FakeDiscord) -> dict[int, list[dict]]:
    """Every INTERACTION_CREATE each shard's session received: shard id -> payloads."""
    out: dict[int, list[dict]] = {}
    for sess in fake.sessions.values():
        got = [p["d"] for p in sess.backlog if p.get("t") == "INTERACTION_CREATE"]
        out.setdefault(sess.shard[0], []).extend(got)
    return out


async def test_a_sharded_bot_plays_across_its_shards(tmp_path):
    async with fake_discord_running(shards=SHARDS) as fake:
        ada, bob = fake.add_member("Ada"), fake.add_member("Bob")
        guild_shard = (fake.world.guild_id >> 22) % SHARDS
        async with sharded_parlor(fake, str(tmp_path / "shards.sqlite3"), (0, 1)) as bot:
            sessions = {s.shard: s for s in fake.active_sessions()}
            assert set(sessions) == {(0, SHARDS), (1, SHARDS)}
            assert bot.shard_count == SHARDS and sorted(bot.shards) == [0, 1]
            assert bot.get_guild(fake.world.guild_id).shard_id == guild_shard
            # a Pixies game in a thread, to its end
            game_id, _ = await open_table(fake, bot, [ada, bob])
            await play_until(fake, bot, game_id, [ada, bob], random.Random(3))
            table = await bot.tables.load(game_id)
            assert table.row.status == "finished"
            log = await bot.db.actions(game_id)
            assert replay(PixiesEngine(), table.row, 2, [(a.actor_seat, a.action) for a in log]) == table.state
            # Pixel Pusher: the secret draft is clicked in DMs (shard 0), the table lives in the guild's shard
            pusher, _ = await open_table_for(fake, bot, [ada, bob], "pixel-pusher", thread=False)
            rng = random.Random(7)
            dm_clicks = 0
            while dm_clicks < 4:
                pusher_table = await bot.tables.load(pusher)
                decision = pusher_table.pending()[0]
                user = (ada, bob)[decision.player]
                await perform(fake, bot, pusher, user, choose(pusher_table.state, decision.player, rng), fake.games)
                dm_clicks += decision.private
            record = await resign(fake, bob, fake.games, {"game": pusher})
            assert (await bot.tables.load(pusher)).row.status == "finished", record.content
        routed = interactions_by_shard(fake)
        guild_events = [d for d in routed[guild_shard] if d.get("guild_id")]
        dm_events = [d for d in routed[0] if not d.get("guild_id")]
        assert len(guild_events) > 20 and len(dm_events) >= 4
        for shard, events in routed.items():  # nothing reached a shard Discord would not route it to
            assert all(not d.get("guild_id") for d in events) or shard == guild_shard
            assert all(d.get("guild_id") for d in events) or shard == 0
    fail_on_violations(fake)


def test_the_fake_checks_identifys_shard_field():
    """An IDENTIFY whose shard is not [shard_id, num_shards] with 0 <= shard_id < num_shards is refused (4010)."""
    from tests.fakediscord.gateway import valid_shard

    assert valid_shard([0, 1]) and valid_shard([3, 4])
    assert not any(valid_shard(s) for s in ([1, 1], [-1, 2], [0], "0,1", [0, 0], [True, 2], None))


async def test_two_shard_processes_on_one_postgresql_play_one_game(tmp_path, pg_url):
    """Two bot "processes" (shard 0 and shard 1 of 2, their own clients and connections) on one PostgreSQL: the
    secret draft clicks land in DMs (shard 0's process), the table's clicks in the guild's shard (the other); the
    game stays consistent, one process leads (it alone runs the scheduler and sends the commands sync), and the
    heartbeat file of each is touched."""
    async with fake_discord_running(shards=SHARDS) as fake:
        ada, bob = fake.add_member("Ada"), fake.add_member("Bob")
        guild_shard = (fake.world.guild_id >> 22) % SHARDS
        beats = [tmp_path / f"beat-{i}" for i in range(SHARDS)]
        async with contextlib.AsyncExitStack() as stack:
            procs = []
            for shard in range(SHARDS):
                procs.append(await stack.enter_async_context(
                    sharded_parlor(fake, pg_url, (shard,), heartbeat=str(beats[shard]))))
            dm_proc, guild_proc = procs[0], procs[guild_shard]
            assert [p.election.leader for p in procs] == [True, False]
            assert procs[0].scheduler._task is not None and procs[1].scheduler._task is None
            # only the leader synced the commands: Discord got one commands PUT, and it came from the leader
            assert len(fake.requests_to(*COMMANDS_PUT)) == 1
            assert [r for r in procs[0].sent if r == COMMANDS_PUT] == [COMMANDS_PUT]
            assert not any(path.startswith("/applications/") for _, path in procs[1].sent)
            pusher, _ = await open_table_for(fake, guild_proc, [ada, bob], "pixel-pusher", thread=False)
            rng = random.Random(11)
            private = public = 0
            while private < 4 or public < 1:
                table = await guild_proc.tables.load(pusher)
                if table.row.status != "running":
                    break
                decision = table.pending()[0]
                user = (ada, bob)[decision.player]
                bot = dm_proc if decision.private else guild_proc  # the process whose shard gets the click
                await perform(fake, bot, pusher, user, choose(table.state, decision.player, rng), fake.games)
                private += decision.private
                public += not decision.private
            await resign(fake, bob, fake.games, {"game": pusher})
            table = await dm_proc.tables.load(pusher)
            assert table.row.status == "finished"
            log = await dm_proc.db.actions(pusher)
            assert [a.seq for a in log] == list(range(1, len(log) + 1))
            await fake.wait_until(lambda: all(b.exists() for b in beats), TIMEOUT, "both heartbeats")
        routed = interactions_by_shard(fake)
        assert any(not d.get("guild_id") for d in routed[0]) and any(d.get("guild_id") for d in routed[guild_shard])
    fail_on_violations(fake)


async def test_a_sharded_bot_plays_in_two_guilds_on_different_shards(tmp_path):
    """Two guilds, one on each shard (the fake spreads several guilds over the shards): each shard's session
    gets only its own guild (READY, GUILD_CREATE, every interaction), and a Pixies game is played to its end in
    each guild's #games, in its own thread, the clicks of each reaching the shard that owns its guild."""
    async with fake_discord_running(shards=SHARDS, guilds=2) as fake:
        guilds = fake.guilds
        assert [fake.shard_of(g) for g in guilds] == [0, 1]
        players = [[fake.add_member(f"Ada{k}", guild=g), fake.add_member(f"Bob{k}", guild=g)]
                   for k, g in enumerate(guilds)]
        async with sharded_parlor(fake, str(tmp_path / "guilds.sqlite3"), (0, 1)) as bot:
            assert {g.id: g.shard_id for g in bot.guilds} == {g.id: k for k, g in enumerate(guilds)}
            for sess in fake.active_sessions():
                ready = next(p["d"] for p in sess.backlog if p["t"] == "READY")
                assert [g["id"] for g in ready["guilds"]] == [str(guilds[sess.shard[0]].id)]
            games = []
            for k, (guild, users) in enumerate(zip(guilds, players, strict=True)):
                game_id, lobby = await open_table_for(fake, bot, users, "pixies", channel=guild.games)
                assert lobby.channel_id == guild.games.id
                await play_until(fake, bot, game_id, users, random.Random(20 + k))
                table = await bot.tables.load(game_id)
                assert table.row.status == "finished"
                thread = fake.channel(table.row.post_channel_id)
                assert thread.is_thread and thread.parent_id == guild.games.id and thread.guild_id == guild.id
                log = await bot.db.actions(game_id)
                assert replay(PixiesEngine(), table.row, 2, [(a.actor_seat, a.action) for a in log]) == table.state
                games.append(game_id)
        routed = interactions_by_shard(fake)
        for shard, guild in enumerate(guilds):  # each guild's clicks reached its shard, and only those
            assert {d.get("guild_id") for d in routed[shard]} == {str(guild.id)}
            assert len(routed[shard]) > 20
    fail_on_violations(fake)
