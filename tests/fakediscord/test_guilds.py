"""Several guilds in the fake Discord (issue 15): each with its own channels, roles, members and permissions,
their ids spread over the shards by Discord's routing ``(guild_id >> 22) % num_shards``; a shard's session gets
the READY guild list, the GUILD_CREATEs and the events of its own guilds only (DMs: shard 0)."""

from __future__ import annotations

import asyncio

import discord
import pytest
from discord.ext import commands

from .fixtures import fail_on_violations, fake_discord_running, running_bot
from .interactions import DriverError
from .patience import patience
from .state import P, World, shard_of


def test_one_guild_by_default():
    world = World()
    assert list(world.guilds) == [world.guild_id] and world.guild.general is world.general
    assert {c.name for c in world.channels.values()} == {"general", "games"}
    assert set(world.members) == {world.owner.id, world.bot.id} and world.bot_role.bot_id == world.bot.id


@pytest.mark.parametrize("shards", [1, 2, 3, 4, 5, 6, 8, 16])
def test_guild_ids_spread_over_every_shard(shards):
    world = World(guilds=16)
    ids = list(world.guilds)
    assert [shard_of(gid, shards) for gid in ids] == [k % shards for k in range(16)]
    assert ids[0] == world.guild_id and len(set(ids)) == 16
    assert all(gid > 0 and gid < world.bot.id for gid in ids)  # created before the bot user (a day ago)


def test_guilds_keep_their_own_channels_roles_members_and_permissions():
    world = World(guilds=2)
    first, second = world.guilds.values()
    ada = world.add_member("Ada")  # the default guild
    world.add_member(ada, guild=second)
    bob = world.add_member("Bob", guild=second)
    mods = world.add_role("mods", P["MANAGE_MESSAGES"], guild=second)
    world.add_member(bob, roles=[mods.id], guild=second)
    extra = world.add_channel("extra", guild=second)
    assert first.general is not second.general and second.general.guild_id == second.id
    assert extra.guild_id == second.id and mods.id in second.roles and mods.id not in first.roles
    assert second.bot_role is not first.bot_role and second.bot_role.id in second.members[world.bot.id].roles
    assert ada.id in first.members and ada.id in second.members and bob.id not in first.members
    assert world.guild_perms(bob.id, second) & P["MANAGE_MESSAGES"]
    assert not world.guild_perms(bob.id, first) & P["MANAGE_MESSAGES"]
    assert world.channel_perms(bob.id, extra) & P["MANAGE_MESSAGES"]
    thread = world.add_thread(extra, "t", bob)
    assert thread.guild_id == second.id and world.channel_perms(bob.id, thread) & P["MANAGE_MESSAGES"]
    payload = world.guild_json(True, second)
    assert payload["id"] == str(second.id) and payload["system_channel_id"] == str(second.general.id)
    assert {c["name"] for c in payload["channels"]} == {"general", "games", "extra"}
    assert [t["id"] for t in payload["threads"]] == [str(thread.id)]
    assert {r["id"] for r in payload["roles"]} == {str(r) for r in second.roles}
    assert {m["user"]["id"] for m in payload["members"]} == {str(u) for u in second.members}
    assert {c["name"] for c in world.guild_json(True)["channels"]} == {"general", "games"}


def sharded_bot(shard_count: int) -> commands.AutoShardedBot:
    """A tiny sharded bot with /where, which answers with its guild and shard."""
    bot = commands.AutoShardedBot(command_prefix="!", intents=discord.Intents.default(), shard_count=shard_count,
                                  guild_ready_timeout=0.05)

    @bot.tree.command(name="where", description="Which guild and shard")
    async def where(interaction: discord.Interaction, who: discord.Member | None = None) -> None:
        guild = interaction.guild
        where = f"{guild.id} {guild.shard_id}" if guild else "dm 0"
        await interaction.response.send_message(f"{where} {who.id if who else ''}".strip())

    return bot


def _sessions(fake):
    return {s.shard[0]: s for s in fake.active_sessions()}


async def test_each_shard_gets_its_own_guilds_and_their_events():
    async with fake_discord_running(shards=2, guilds=4) as fake:
        guilds = fake.guilds
        assert [fake.shard_of(g) for g in guilds] == [0, 1, 0, 1]
        users = [fake.add_member(f"U{k}", guild=g) for k, g in enumerate(guilds)]
        bot = sharded_bot(2)
        async with running_bot(fake, bot):
            await fake.wait_until(lambda: len(_sessions(fake)) == 2, 10, "both shards")
            await asyncio.wait_for(bot.wait_until_ready(), patience(10))
            await bot.tree.sync()
            await fake.wait_commands("where", timeout=5)
            sessions = _sessions(fake)
            for shard, sess in sessions.items():
                mine = {str(g.id) for g in guilds if fake.shard_of(g) == shard}
                ready = next(p["d"] for p in sess.backlog if p["t"] == "READY")
                assert {g["id"] for g in ready["guilds"]} == mine
                created = {p["d"]["id"] for p in sess.backlog if p["t"] == "GUILD_CREATE"}
                assert created == mine
            assert {g.id: g.shard_id for g in bot.guilds} == {g.id: fake.shard_of(g) for g in guilds}
            for guild in guilds:
                assert {c.name for c in bot.get_guild(guild.id).text_channels} == {"general", "games"}
            for k, (guild, user) in enumerate(zip(guilds, users, strict=True)):
                record = await (await fake.slash(user, "where", {"who": user}, channel=guild.games)).wait_final()
                assert record.content == f"{guild.id} {k % 2} {user.id}"
                member = record.payload["data"]["resolved"]["members"][str(user.id)]
                assert record.payload["guild_id"] == str(guild.id) and member["roles"] == []
            with pytest.raises(DriverError):  # U0 is not a member of the second guild
                await fake.slash(users[0], "where", channel=guilds[1].games)
            dm = await (await fake.slash(users[3], "where", channel=fake.dm_channel(users[3]))).wait_final()
            assert dm.content == "dm 0"
            for shard, sess in sessions.items():  # every interaction reached its guild's shard only
                got = [p["d"] for p in sess.backlog if p["t"] == "INTERACTION_CREATE"]
                assert [d.get("guild_id") for d in got if d.get("guild_id")] == \
                    [str(g.id) for g in guilds if fake.shard_of(g) == shard]
                assert sum(not d.get("guild_id") for d in got) == (1 if shard == 0 else 0)
            # a message in the last guild reaches shard 1 only
            before = {s: len(sess.backlog) for s, sess in sessions.items()}
            await fake.user_message(users[3], guilds[3].general, f"hi <@{fake.bot_user.id}>")
            await fake.wait_until(lambda: len(sessions[1].backlog) > before[1], 5, "MESSAGE_CREATE on shard 1")
            new = [p for p in sessions[0].backlog[before[0]:] if p["t"] == "MESSAGE_CREATE"]
            assert not new
    fail_on_violations(fake)
