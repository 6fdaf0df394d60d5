"""``/play … vs:<level>``: a member against one computer player, through the loopback Discord."""

from __future__ import annotations

import asyncio
import random

from tests.ai.ai_helpers import tiny_budgets
from tests.e2e.computer_play import assert_no_computer_addressed, member_turn
from tests.e2e.harness import TIMEOUT, parlor
from tests.e2e.tixel_play import board_post, by_button, by_text
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)
from tests.fakediscord.patience import patience

#: the member resigns after this many moves if the game has not ended (it always has so far)
MOST_MOVES = 80


async def test_tixel_against_a_normal_computer_to_the_end(fake_discord, tmp_path, monkeypatch):  # noqa: F811
    tiny_budgets(monkeypatch)
    fake = fake_discord
    ada = fake.add_member("Ada")
    async with parlor(fake, str(tmp_path / "vs.sqlite3"), seed=7) as bot:
        rec = await (await fake.slash(ada, "play", {"game": "tixel", "vs": "normal"},
                                      channel=fake.games)).wait_final(TIMEOUT)
        assert not rec.ephemeral and "Computer (normal)" in rec.content and "has started" in rec.content
        game_id = int(rec.content.split("#")[1].split("*")[0])
        table = await bot.tables.load(game_id)
        assert [s.user_id for s in table.seats] == [ada.id, -1]
        assert table.row.options["bots"] == [-1] and table.row.options["computer_levels"] == {"-1": "normal"}
        rng = random.Random(5)
        moves = 0
        await member_turn(bot, game_id, {0})
        assert (await bot.tables.load(game_id)).row.thread_id is not None  # the server's default: a thread
        while (table := await member_turn(bot, game_id, {0})) is not None:
            table, decision, message = await board_post(fake, bot, game_id)
            assert [u.id for u in message.mentions] == [ada.id]
            legal = [a for a in table.engine.legal_actions(table.state, 0) if "draw" not in a["type"]]
            action = rng.choice(legal)
            if action["type"] == "end":
                await by_button(fake, ada, table, decision, message, action)
            else:
                await by_text(fake, ada, table, action)
            moves += 1
            assert moves < MOST_MOVES, "the game should have ended"
        table = await bot.tables.load(game_id)
        assert table.row.status == "finished"
        log = await bot.db.actions(game_id)
        computer_moves = [a for a in log if a.actor_seat == 1]
        assert computer_moves and all(a.actor_id == -1 for a in computer_moves)
        thread = table.row.thread_id
        posts = fake.messages(thread)
        assert any(m.content.startswith("🤖 **Computer (normal)**") for m in posts), [m.content for m in posts][:5]
        assert any("Computer (normal)" in (a.description or "") for m in posts for a in m.attachments)
        final = await fake.wait_for_message(lambda m: "game over" in m.content, TIMEOUT, channel=thread)
        assert all(u.id == ada.id for u in final.mentions)
        assert not await bot.deadlines.deadline_of(game_id, "x", 1)
        assert_no_computer_addressed(fake)


async def test_a_restart_while_the_computer_thinks_decides_once(fake_discord, tmp_path, monkeypatch):  # noqa: F811
    tiny_budgets(monkeypatch)
    fake = fake_discord
    ada = fake.add_member("Ada")
    path = str(tmp_path / "r.sqlite3")
    async with parlor(fake, path, seed=9) as bot:
        thinking = asyncio.Event()

        async def never(*args):  # the computer is still thinking when the bot stops
            thinking.set()
            await asyncio.Event().wait()
        bot.computers.decide = never
        rec = await (await fake.slash(ada, "play", {"game": "tixel", "vs": "strong", "thread": False},
                                      channel=fake.games)).wait_final(TIMEOUT)
        game_id = int(rec.content.split("#")[1].split("*")[0])
        table = await member_turn(bot, game_id, {0})
        await by_text(fake, ada, table, random.Random(1).choice(
            [a for a in table.engine.legal_actions(table.state, 0) if a["type"] != "end"]))
        await asyncio.wait_for(thinking.wait(), patience(TIMEOUT))
        assert bot.computers.busy(game_id)
        assert [a.actor_seat for a in await bot.db.actions(game_id)] == [0]
    assert not [m for m in fake.messages(fake.games) if m.content.startswith("🤖")]
    async with parlor(fake, path, seed=9) as bot:
        table = await member_turn(bot, game_id, {0})
        assert [(a.actor_seat, a.actor_id) for a in await bot.db.actions(game_id)] == [(0, ada.id), (1, -1)]
        moves = [m for m in fake.messages(fake.games) if m.content.startswith("🤖 **Computer (strong)**")]
        assert len(moves) == 1
        await bot.computers.idle()
        assert len(await bot.db.actions(game_id)) == 2
        assert_no_computer_addressed(fake)
