"""A game that stalls, is reminded, times out, and goes on or ends as the server's policy says."""

from __future__ import annotations

from bot.settings import save_setting
from tests.e2e.harness import TIMEOUT, Clock, H, current_post, open_table, parlor
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


async def advance(bot, clock, hours):
    clock.offset += hours * H
    bot.scheduler.poke()


async def test_stall_remind_time_out_skip_then_forfeit(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member("Ada"), fake.add_member("Bob")]
    clock = Clock()
    async with parlor(fake, str(tmp_path / "d.sqlite3"), clock=clock) as bot:
        game_id, _ = await open_table(fake, bot, users, thread=False)
        decision, post, _ = await current_post(fake, bot, game_id)
        assert "Due <t:" in post.content
        mover, other = users[decision.player], users[1 - decision.player]
        fake.close_dms(mover)

        # Halfway: the mover's DMs are closed, so one mention in the game's channel instead.
        await advance(bot, clock, 24)
        nudge = await fake.wait_for_message(lambda m: "reminder" in m.content and m.mentions, TIMEOUT,
                                            channel=fake.games)
        assert [u.id for u in nudge.mentions] == [mover.id]

        # Time runs out: the server default policy (skip) plays the default action for them.
        await advance(bot, clock, 24)
        timed_out = await fake.wait_for_message(lambda m: "ran out of time" in m.content, TIMEOUT,
                                                channel=fake.games)
        assert timed_out.content.startswith(f"⌛ **{mover.name}** ran out of time; the bot played: took ")
        table = await bot.tables.load(game_id)
        assert [a.actor_seat for a in await bot.db.actions(game_id)] == [decision.player]
        nxt = table.pending()[0]
        assert nxt.player == 1 - decision.player
        await current_post(fake, bot, game_id)

        # The next player asks for more time once; the halfway reminder arrives by DM.
        first = await (await fake.slash(other, "game", subcommand="extend", channel=fake.games)).wait_final(TIMEOUT)
        assert first.ephemeral and "now due" in first.content
        again = await (await fake.slash(other, "game", subcommand="extend", channel=fake.games)).wait_final(TIMEOUT)
        assert again.ephemeral and "already asked" in again.content
        await advance(bot, clock, 72)  # the extended deadline is 96 h away; "50%" of 48 h → 24 h before it
        dm = await fake.wait_for_message(lambda m: "Your move" in m.content, TIMEOUT,
                                         channel=fake.dm_channel(other))
        assert "Pixies #" in dm.content and "discord.com/channels/" in dm.content

        # The server switches to forfeit: in a two-player game the game ends in their loss.
        await save_setting(bot.db, fake.guild_id, "deadline_policy", "forfeit")
        await advance(bot, clock, 24)
        final = await fake.wait_for_message(lambda m: "final standings" in m.content, TIMEOUT, channel=fake.games)
        assert [u.id for u in final.mentions] == [mover.id]
        assert (await bot.tables.load(game_id)).row.status == "finished"
