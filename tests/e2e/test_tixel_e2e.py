"""Whole Tixel games through the loopback Discord: a win, a game with the expansions, a draw."""

from __future__ import annotations

import random

from bot.tables import replay
from tests.e2e.harness import TIMEOUT, open_table_for, parlor, png
from tests.e2e.tixel_play import ENGINE, board_post, by_button, play_actions, short_game
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


async def finish_checks(fake, bot, game_id, users):
    table = await bot.tables.load(game_id)
    assert table.row.status == "finished"
    log = [(a.actor_seat, a.action) for a in await bot.db.actions(game_id)]
    assert replay(ENGINE, table.row, 2, log) == table.state
    final = await fake.wait_for_message(lambda m: "game over" in m.content and m.attachments, TIMEOUT)
    assert png(final.attachments[0]).width >= 600 and final.attachments[0].description
    return table, final


async def test_a_whole_game_to_a_win(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member("Ada"), fake.add_member("Bob")]
    seed, actions = short_game({})
    async with parlor(fake, str(tmp_path / "t.sqlite3"), seed=seed) as bot:
        game_id, _ = await open_table_for(fake, bot, users, "tixel")
        table, decision, message = await board_post(fake, bot, game_id)
        assert message.attachments and "Tixel" in message.attachments[0].description
        assert [u.id for u in message.mentions] == [table.user_of(decision.player)]
        await play_actions(fake, bot, game_id, users, actions, random.Random(seed))
        table, final = await finish_checks(fake, bot, game_id, users)
        winner = ENGINE.result(table.state).winners[0]
        assert [u.id for u in final.mentions] == [users[winner].id]


async def test_a_game_with_both_expansions(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member("Cleo"), fake.add_member("Dov")]
    options = {"tix": 2, "poka_yoke": True}
    seed, actions = short_game(options)
    async with parlor(fake, str(tmp_path / "x.sqlite3"), seed=seed) as bot:
        game_id, lobby = await open_table_for(fake, bot, users, "tixel", options)
        assert "tix = 2" in lobby.content and "poka yoke = on" in lobby.content
        table = await bot.tables.load(game_id)
        assert ENGINE.view(table.state, None)["options"] == options
        await play_actions(fake, bot, game_id, users, actions, random.Random(seed))
        await finish_checks(fake, bot, game_id, users)


async def test_a_draw_by_agreement_and_refusals(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member("Eli"), fake.add_member("Fay")]
    outsider = fake.add_member("Gus")
    async with parlor(fake, str(tmp_path / "d.sqlite3"), seed=3) as bot:
        game_id, _ = await open_table_for(fake, bot, users, "tixel")
        table, decision, message = await board_post(fake, bot, game_id)
        mover, rival = users[decision.player], users[1 - decision.player]
        channel = table.row.post_channel_id
        bad = await (await fake.slash(mover, "tixel", {"move": "z9"}, subcommand="move",
                                      channel=channel)).wait_final(TIMEOUT)
        assert bad.ephemeral and bad.content
        early = await (await fake.slash(rival, "tixel", {"move": "a1"}, subcommand="move",
                                        channel=channel)).wait_final(TIMEOUT)
        assert early.ephemeral and "not your turn" in early.content.lower()
        foreign = await (await fake.slash(outsider, "tixel", {"move": "a1"}, subcommand="move",
                                          channel=channel)).wait_final(TIMEOUT)
        assert foreign.ephemeral and "not playing" in foreign.content
        helptext = await (await fake.slash(outsider, "tixel", subcommand="help", channel=channel)).wait_final(TIMEOUT)
        assert helptext.ephemeral and len(helptext.content) > 100

        await by_button(fake, mover, table, decision, message, {"type": "offer_draw"})
        table, decision, message = await board_post(fake, bot, game_id)
        assert decision.kind == "draw" and users[decision.player] is rival
        await by_button(fake, rival, table, decision, message, {"type": "accept_draw"})
        table = await bot.tables.load(game_id)
        assert table.row.status == "finished" and ENGINE.result(table.state).winners == []
        final = await fake.wait_for_message(lambda m: "game over" in m.content, TIMEOUT)
        assert "drawn" in final.content
