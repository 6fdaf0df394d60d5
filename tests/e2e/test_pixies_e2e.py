"""Whole Pixies games through the loopback Discord, from /play to the final standings."""

from __future__ import annotations

import asyncio
import random

from bot.games.pixies import PixiesEngine
from bot.tables import replay
from tests.e2e.harness import TIMEOUT, buttons_with, current_post, open_table, parlor, play_until, png, resign
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)

COMMANDS_PUT = ("PUT", "/applications/{application_id}/commands")


def check_turn_post(fake, table, decision, message):
    """Every turn post: a readable table image with alt text, mentioning only the member to act."""
    assert message.attachments, "a turn post carries the table image"
    image = png(message.attachments[0])
    assert image.width >= 600 and image.height >= 400
    assert message.attachments[0].description and "round" in message.attachments[0].description
    if not message.edited_timestamp:
        acting = table.seats[decision.player].user_id
        assert [u.id for u in message.mentions] == [acting]


async def test_two_player_game_with_restart_stale_double_and_foreign_clicks(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    ada, bob, cyd = fake.add_member("Ada"), fake.add_member("Bob"), fake.add_member("Cyd")
    db_path = str(tmp_path / "parlor.sqlite3")
    rng = random.Random(5)
    seen = []

    def on_post(table, decision, message):
        seen.append(message.id)
        check_turn_post(fake, table, decision, message)

    async with parlor(fake, db_path) as bot:
        game_id, lobby = await open_table(fake, bot, [ada, bob])
        table = await bot.tables.load(game_id)
        assert table.row.status == "running" and table.row.thread_id is not None
        thread = fake.channel(table.row.thread_id)
        assert thread.is_thread and thread.parent_id == fake.games.id
        assert "started" in fake.messages(fake.games)[-1].content
        users = [ada, bob]

        await exercise_refusals(fake, bot, game_id, users, cyd)
        await play_until(fake, bot, game_id, users, rng, max_actions=30, on_post=on_post)
        syncs_before_restart = len(fake.requests_to(*COMMANDS_PUT))

    # The bot restarts: the game and its buttons go on.
    async with parlor(fake, db_path) as bot:
        assert len(fake.requests_to(*COMMANDS_PUT)) == syncs_before_restart == 1
        await play_until(fake, bot, game_id, users, rng, on_post=on_post)
        table = await bot.tables.load(game_id)
        assert table.row.status == "finished"
        log = [(a.actor_seat, a.action) for a in await bot.db.actions(game_id)]
        assert replay(PixiesEngine(), table.row, 2, log) == table.state

        await fake.wait_for_message(lambda m: "final standings" in m.content, TIMEOUT, channel=thread)
        posts = fake.messages(thread)
        scores = [m for m in posts if "end of round" in m.content]
        assert [m.content.split("end of round ")[1][:1] for m in scores] == ["1", "2", "3"]
        for post in scores:
            assert png(post.attachments[0]).width >= 600 and post.attachments[0].description
        final = [m for m in posts if "final standings" in m.content]
        assert len(final) == 1 and final[0].attachments[0].description
        winners = table.engine.result(table.state).winners
        assert {u.id for u in final[0].mentions} == {table.seats[w].user_id for w in winners}
        assert not any(buttons_with(m, f"pg:{game_id}:") for m in posts[-3:])

    assert len(seen) > 40


async def test_three_player_game_in_the_channel_with_a_resignation(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    players = [fake.add_member(n) for n in ("Ann", "Ben", "Cat")]
    rng = random.Random(11)
    outsider = fake.add_member("Dee")
    db_path = str(tmp_path / "p.sqlite3")
    async with parlor(fake, db_path, seed=99) as bot:
        game_id, lobby = await open_table(fake, bot, players, thread=False)
        table = await bot.tables.load(game_id)
        assert table.row.thread_id is None and table.row.post_channel_id == fake.games.id
        await exercise_refusals(fake, bot, game_id, players, outsider)
        await play_until(fake, bot, game_id, players, rng, max_actions=20,
                         on_post=lambda t, d, m: check_turn_post(fake, t, d, m))
    async with parlor(fake, db_path, seed=99) as bot:  # a restart in the middle
        await play_until(fake, bot, game_id, players, rng, max_actions=10,
                         on_post=lambda t, d, m: check_turn_post(fake, t, d, m))
        quitter = players[2]
        rec = await resign(fake, quitter, fake.games)
        assert rec.message.ephemeral and "You resigned" in rec.message.content
        await play_until(fake, bot, game_id, players, rng,
                         on_post=lambda t, d, m: check_turn_post(fake, t, d, m))
        table = await bot.tables.load(game_id)
        assert table.row.status == "finished"
        assert 2 not in table.engine.result(table.state).winners
        listing = await (await fake.slash(players[0], "games", channel=fake.games)).wait_final(TIMEOUT)
        assert listing.ephemeral and "No games" in listing.content


async def test_restarts_sync_once_and_repost_what_a_crash_left_unposted(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    ada, bob = fake.add_member("Ada"), fake.add_member("Bob")
    db_path = str(tmp_path / "crash.sqlite3")
    async with parlor(fake, db_path) as bot:
        game_id, _ = await open_table(fake, bot, [ada, bob], thread=False)
        decision, _, _ = await current_post(fake, bot, game_id)
        # The action is committed, then the process dies before anything is posted.
        table = await bot.tables.load(game_id)
        action = table.engine.legal_actions(table.state, decision.player)[0]
        outcome = await bot.tables.act(game_id, [ada, bob][decision.player].id, decision.id, action)
        nxt = outcome.after.pending()[0]
    async with parlor(fake, db_path) as bot:
        prefix = f"pg:{game_id}:{nxt.player}:{nxt.id}:"
        reposted = await fake.wait_for_message(lambda m: bool(buttons_with(m, prefix)), TIMEOUT)
        assert reposted.attachments and reposted.channel_id == fake.games.id
        # In a two-player game a resignation ends the game: the other player wins.
        quitter, stayer = [ada, bob][nxt.player], [ada, bob][1 - nxt.player]
        status = await (await fake.slash(stayer, "game", subcommand="status", channel=fake.games)).wait_final(TIMEOUT)
        rec = await resign(fake, quitter, fake.games)
        assert rec.message.ephemeral and "You resigned" in rec.message.content
        final = await fake.wait_for_message(lambda m: "final standings" in m.content, TIMEOUT)
        assert [u.id for u in final.mentions] == [stayer.id]
        assert not status.message.buttons(), "the latest table post loses its buttons"
        assert not reposted.buttons(), "/game status took the buttons off the re-posted table"
    async with parlor(fake, db_path) as bot:
        pass
    assert len(fake.requests_to(*COMMANDS_PUT)) == 1  # three starts, one unchanged tree: one sync


async def exercise_refusals(fake, bot, game_id, users, outsider):
    """A non-player's click, a click by the wrong player, a stale button and a double click."""
    decision, message, choices = await current_post(fake, bot, game_id)
    refused = await (await fake.click(outsider, message, choices[0])).wait_final(TIMEOUT)
    assert refused.followups[0].ephemeral and "not playing" in refused.followups[0].content
    other = users[(decision.player + 1) % len(users)]
    wrong = await (await fake.click(other, message, choices[0])).wait_final(TIMEOUT)
    assert wrong.followups[0].ephemeral and "another player" in wrong.followups[0].content

    # /game status re-posts the table with live buttons and takes them off the previous post (one
    # post of a game carries live buttons); answer on the re-post.
    table = await bot.tables.load(game_id)
    status = await (await fake.slash(outsider, "game", subcommand="status",
                                     channel=table.row.post_channel_id)).wait_final(TIMEOUT)
    repost = status.message
    assert buttons_with(repost, f"pg:{game_id}:{decision.player}:{decision.id}:")
    assert not repost.mentions
    await fake.wait_until(lambda: not buttons_with(message, f"pg:{game_id}:"), TIMEOUT, "the old post retired")
    me = users[decision.player]
    await (await fake.click(me, repost, choices[0])).wait_final(TIMEOUT)

    # A double click: two clicks on the same button at once apply once.
    decision, message, choices = await current_post(fake, bot, game_id)
    before = len(await bot.db.actions(game_id))
    me = users[decision.player]
    first, second = await asyncio.gather(fake.click(me, message, choices[-1]), fake.click(me, message, choices[-1]))
    await first.wait_final(TIMEOUT)
    await second.wait_final(TIMEOUT)
    refusals = [r for r in (first, second) if r.followups]
    assert len(refusals) == 1 and "already made" in refusals[0].followups[0].content
    assert len(await bot.db.actions(game_id)) == before + 1
