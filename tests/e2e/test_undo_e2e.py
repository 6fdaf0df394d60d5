"""/game undo through the loopback Discord: a request post, votes by buttons, the table posted again."""

from __future__ import annotations

from bot.tables import replay
from tests.e2e.harness import TIMEOUT, buttons_with, current_post, open_table, parlor
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


async def pick_first(fake, bot, game_id, players):
    """The player to act clicks their first choice; return (decision, the post it was on)."""
    decision, message, choices = await current_post(fake, bot, game_id)
    rec = await (await fake.click(players[decision.player], message, choices[0])).wait_final(TIMEOUT)
    assert not rec.followups
    await current_post(fake, bot, game_id)  # the next post is up
    return decision, message


async def ask_undo(fake, user, channel):
    """``/game undo`` by ``user``; return the interaction record."""
    return await (await fake.slash(user, "game", subcommand="undo", channel=channel)).wait_final(TIMEOUT)


async def click(fake, user, message, custom_id):
    return await (await fake.click(user, message, custom_id)).wait_final(TIMEOUT)


async def test_undo_agreed_then_refused_across_a_restart(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    players = [fake.add_member(n) for n in ("Ann", "Ben", "Cat")]
    outsider = fake.add_member("Dee")
    async with parlor(fake, str(tmp_path / "undo.sqlite3"), seed=7) as bot:
        game_id, _ = await open_table(fake, bot, players)
        table = await bot.tables.load(game_id)
        channel = fake.channel(table.row.post_channel_id)
        assert channel.is_thread

        # Nothing to take back yet: an ephemeral refusal, nothing posted.
        count = len(fake.messages(channel))
        rec = await ask_undo(fake, players[0], channel)
        assert rec.ephemeral and "nothing to take back" in rec.content
        assert len(fake.messages(channel)) == count

        # The first pick of a three-player turn reveals nothing: it can be taken back.
        decision, _ = await pick_first(fake, bot, game_id, players)
        requester = players[decision.player]
        others = [p for i, p in enumerate(players) if i != decision.player]
        _, after_post, _ = await current_post(fake, bot, game_id)
        wrong = await ask_undo(fake, others[0], channel)
        assert wrong.ephemeral and "Only the last action" in wrong.content

        rec = await ask_undo(fake, requester, channel)
        assert rec.ephemeral and "Asked the other players" in rec.content
        post = await fake.wait_for_message(lambda m: bool(buttons_with(m, f"pu:{game_id}:1:")), TIMEOUT,
                                           channel=channel)
        assert "asks to take back: took" in post.content and requester.name in post.content
        assert {u.id for u in post.mentions} == {u.id for u in others}
        agree, refuse = f"pu:{game_id}:1:y", f"pu:{game_id}:1:n"
        assert buttons_with(post, "pu:") == [agree, refuse]

        again = await ask_undo(fake, requester, channel)
        assert again.ephemeral and "already waiting" in again.content
        late = await click(fake, outsider, post, agree)
        assert late.followups[0].ephemeral and "not playing" in late.followups[0].content
        own = await click(fake, requester, post, agree)
        assert own.followups[0].ephemeral and "other players decide" in own.followups[0].content

        rec = await click(fake, others[0], post, agree)
        assert not rec.followups and "agrees. Waiting for" in rec.message.content
        assert buttons_with(rec.message, "pu:") == [agree, refuse]
        rec = await click(fake, others[1], post, agree)
        assert not rec.followups and "Taken back" in rec.message.content
        assert not buttons_with(rec.message, "pu:")

        # The table is posted again with the earlier decision, mentioning the player to act;
        # the post made after the taken-back action loses its buttons.
        # The reopened decision has a fresh id, so buttons and timers of the old one stay spent.
        table = await bot.tables.load(game_id)
        reopened = table.pending()[0]
        assert reopened.player == decision.player and reopened.id != decision.id
        prefix = f"pg:{game_id}:{reopened.player}:{reopened.id}:"
        table_post = await fake.wait_for_message(lambda m: m.id > post.id and bool(buttons_with(m, prefix)),
                                                 TIMEOUT, channel=channel)
        assert [u.id for u in table_post.mentions] == [requester.id]
        assert after_post.id < post.id and not buttons_with(after_post, "pg:")

        # Played again, then a request refused after a restart (the buttons survive it): nothing changes.
        decision, _ = await pick_first(fake, bot, game_id, players)
        requester = players[decision.player]
        others = [p for i, p in enumerate(players) if i != decision.player]
        before = await bot.tables.load(game_id)
        await ask_undo(fake, requester, channel)
        post = await fake.wait_for_message(lambda m: bool(buttons_with(m, f"pu:{game_id}:2:")), TIMEOUT,
                                           channel=channel)
    async with parlor(fake, str(tmp_path / "undo.sqlite3"), seed=7) as bot:
        rec = await click(fake, others[1], post, f"pu:{game_id}:2:n")
        assert not rec.followups and f"Refused by **{others[1].name}**" in rec.message.content
        assert not buttons_with(rec.message, "pu:")
        after = await bot.tables.load(game_id)
        assert after.state == before.state and after.row.version == before.row.version

        # The log holds the undo entry, and replays to the live state.
        log = [(a.actor_seat, a.action) for a in await bot.db.actions(game_id)]
        assert [a["type"] for _, a in log] == ["take", "undo", "take"]
        assert replay(after.engine, after.row, 3, log) == after.state
