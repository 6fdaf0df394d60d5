"""The "computer takes over" deadline policy: a timed-out member's seat played by a computer, then
``/game return`` (an unrated Tixel game, with a hand-moved clock)."""

from __future__ import annotations

import random

from tests.ai.ai_helpers import tiny_budgets
from tests.e2e.computer_play import assert_no_computer_addressed, member_turn
from tests.e2e.harness import TIMEOUT, Clock, H, open_table_for, parlor
from tests.e2e.tixel_play import by_text
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


def a_move(table, seat, rng):
    legal = [a for a in table.engine.legal_actions(table.state, seat) if a["type"] not in ("end",)
             and "draw" not in a["type"]]
    return rng.choice(legal)


async def test_a_timed_out_member_is_taken_over_then_returns(fake_discord, tmp_path, monkeypatch):  # noqa: F811
    tiny_budgets(monkeypatch)
    fake = fake_discord
    ada, bob = fake.add_member("Ada"), fake.add_member("Bob")
    boss = fake.add_member("Boss", admin=True)
    clock = Clock()
    rng = random.Random(2)
    async with parlor(fake, str(tmp_path / "t.sqlite3"), seed=4, clock=clock) as bot:
        said = await (await fake.slash(boss, "settings", {"policy": "computer", "takeover_level": "normal"},
                                       subcommand="deadline", channel=fake.general)).wait_final(TIMEOUT)
        assert said.ephemeral and "computer: a computer player plays the seat" in said.content
        assert "off in rated and tournament games" in said.content and "level **normal**" in said.content
        game_id, _ = await open_table_for(fake, bot, [ada, bob], "tixel", {"rated": False}, thread=False)
        table = await member_turn(bot, game_id, {0, 1})
        me = table.pending()[0].player  # the member who lets the time run out, "Ada"
        other = 1 - me
        ada, bob = (ada, bob) if me == 0 else (bob, ada)
        assert await bot.deadlines.deadline_of(game_id, table.pending()[0].id, me)

        # Ada lets her time run out: a computer plays her seat, announced in plain words.
        clock.offset += 48 * H
        bot.scheduler.poke()
        notice = await fake.wait_for_message(lambda m: "ran out of time" in m.content, TIMEOUT, channel=fake.games)
        assert "a computer player (normal) plays their seat until they come back with `/game return`" in notice.content
        assert [u.id for u in notice.mentions] == [ada.id]
        played = await fake.wait_for_message(lambda m: m.content.startswith(f"🤖 **{ada.name} (computer, normal)**"),
                                             TIMEOUT, channel=fake.games)
        assert f"the computer played for {ada.name}" in played.content
        table = await member_turn(bot, game_id, {other})
        assert table.row.options["takeover"] == {str(me): "normal"}
        board = fake.messages(fake.games)[-1]
        assert any(f"{ada.name} (computer, normal)" in (a.description or "") for a in board.attachments)
        assert not [t for t in await bot.db.timers.open_of(game_id) if t.seat == me]

        # Bob plays; the computer answers for Ada again.
        await by_text(fake, bob, table, a_move(table, other, rng))
        table = await member_turn(bot, game_id, {other})
        log = await bot.db.actions(game_id)
        assert [a.actor_seat for a in log] == [me, other, me]

        # Ada comes back: she plays her seat again, with her deadline.
        back = await (await fake.slash(ada, "game", subcommand="return", channel=fake.games)).wait_final(TIMEOUT)
        assert back.ephemeral and "Welcome back" in back.content, back.content
        await fake.wait_for_message(lambda m: f"**{ada.name}** is back" in m.content, TIMEOUT,
                                    channel=fake.games)
        table = await bot.tables.load(game_id)
        assert "takeover" not in table.row.options and table.names()[me] == ada.name
        await by_text(fake, bob, table, a_move(table, other, rng))
        table = await member_turn(bot, game_id, {me})
        assert await bot.deadlines.deadline_of(game_id, table.pending()[0].id, me)
        await by_text(fake, ada, table, a_move(table, me, rng))
        table = await member_turn(bot, game_id, {other})
        assert [a.actor_seat for a in await bot.db.actions(game_id)] == [me, other, me, other, me]
        assert len([m for m in fake.messages(fake.games) if m.content.startswith("🤖")]) == 2
        again = await (await fake.slash(ada, "game", subcommand="return", channel=fake.games)).wait_final(TIMEOUT)
        assert again.ephemeral and "not played by a computer" in again.content
        assert_no_computer_addressed(fake)
