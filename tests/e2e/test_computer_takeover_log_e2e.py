"""A taken-over seat in ``/game log`` and in a game's result, through the loopback Discord (an unrated Tixel game,
hand-moved clock): the log names a move's actor as its action row says (``Ada (computer, normal)`` only on the
moves the computer made, in English and German, during the takeover and after ``/game return``), and a game that
ends while the computer plays Ada's seat (by Bob's resignation, or naturally: the computer wins) credits Ada, the
seat's owner."""

from __future__ import annotations

import random

from cogs.history import read_history
from tests.ai.ai_helpers import tiny_budgets
from tests.e2e.computer_play import assert_no_computer_addressed, member_turn
from tests.e2e.harness import TIMEOUT, Clock, H, open_table_for, parlor, resign
from tests.e2e.tixel_play import by_text
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)

#: Bob's moves before the naturally ending game must be over
MOST_MOVES = 80
#: the actor's name on a computer's line, by the member's language
COMPUTER_NAME = {"en": "{name} (computer, normal)", "de": "{name} (Computer, normal)"}


def a_move(table, seat, rng):
    legal = [a for a in table.engine.legal_actions(table.state, seat) if a["type"] != "end"
             and "draw" not in a["type"]]
    return rng.choice(legal)


async def log_names(fake, bot, user, game_id) -> dict[int, str]:
    """``/game log`` as ``user`` (in their client's language): ``{seq: actor's name}`` of its lines."""
    rec = await (await fake.slash(user, "game", {"game": game_id}, subcommand="log",
                                  channel=fake.games)).wait_final(TIMEOUT)
    assert rec.ephemeral
    answer = rec.followups[0] if rec.followups else rec.message
    names = {}
    for line in answer.content.splitlines()[1:]:
        seq, name, _text = line.removeprefix("~~").split(" · ", 2)
        names[int(seq.removeprefix("#"))] = name
    return names


async def assert_log_names_the_computer_lines(fake, bot, reader, game_id, ada, lang: str) -> int:
    """``/game log`` as ``reader`` names Ada's lines "Ada (computer, normal)" exactly where the row says the computer
    moved; return how many computer lines it shows (it shows the latest moves)."""
    rows = await bot.tables.actions(game_id)
    names = await log_names(fake, bot, reader, game_id)
    assert names and sorted(names) == [r.seq for r in rows][-len(names):]
    computer = COMPUTER_NAME[lang].format(name=ada.name)
    rows = [r for r in rows if r.seq in names]
    for row in rows:
        expected = computer if row.computer_level else (ada.name if row.actor_id == ada.id else names[row.seq])
        assert names[row.seq] == expected, (lang, row, names)
        if row.actor_id != ada.id:
            assert "omputer" not in names[row.seq]
    return sum(1 for r in rows if r.computer_level)


async def test_the_log_names_the_computer_only_on_its_moves_and_the_owner_wins(fake_discord, tmp_path,  # noqa: F811
                                                                                monkeypatch):
    tiny_budgets(monkeypatch)
    fake = fake_discord
    ada, bob = fake.add_member("Ada"), fake.add_member("Bob")
    boss = fake.add_member("Boss", admin=True)
    clock = Clock()
    rng = random.Random(4)
    async with parlor(fake, str(tmp_path / "l.sqlite3"), seed=4, clock=clock) as bot:
        await (await fake.slash(boss, "settings", {"policy": "computer", "takeover_level": "normal"},
                                subcommand="deadline", channel=fake.general)).wait_final(TIMEOUT)
        game_id, _ = await open_table_for(fake, bot, [ada, bob], "tixel", {"rated": False}, thread=False)
        table = await member_turn(bot, game_id, {0, 1})
        me = table.pending()[0].player  # "Ada": she moves once, then lets her time run out
        other = 1 - me
        ada, bob = (ada, bob) if me == 0 else (bob, ada)
        await by_text(fake, ada, table, a_move(table, me, rng))
        table = await member_turn(bot, game_id, {other})
        await by_text(fake, bob, table, a_move(table, other, rng))
        await member_turn(bot, game_id, {me})

        async def time_out():
            clock.offset += 48 * H
            bot.scheduler.poke()
            await fake.wait_for_message(lambda m: m.content.startswith(f"🤖 **{ada.name} (computer, normal)**"),
                                        TIMEOUT, channel=fake.games)
            return await member_turn(bot, game_id, {other})

        table = await time_out()
        assert table.row.options["takeover"] == {str(me): "normal"}
        rows = await bot.tables.actions(game_id)
        assert [(r.actor_seat, r.actor_id, r.computer_level) for r in rows] == [
            (me, ada.id, None), (other, bob.id, None), (me, ada.id, "normal")]  # the owner's id, the computer's level
        # during the takeover, Ada's own first move still reads as hers
        assert await assert_log_names_the_computer_lines(fake, bot, bob, game_id, ada, "en") == 1

        await by_text(fake, bob, table, a_move(table, other, rng))
        await member_turn(bot, game_id, {other})
        back = await (await fake.slash(ada, "game", subcommand="return", channel=fake.games)).wait_final(TIMEOUT)
        assert back.ephemeral and "Welcome back" in back.content, back.content
        table = await bot.tables.load(game_id)
        await by_text(fake, bob, table, a_move(table, other, rng))
        table = await member_turn(bot, game_id, {me})
        await by_text(fake, ada, table, a_move(table, me, rng))
        await member_turn(bot, game_id, {other})

        # after /game return, the computer's moves still read as the computer's, Ada's own as hers
        assert await assert_log_names_the_computer_lines(fake, bot, ada, game_id, ada, "en") == 2
        ada.locale = "de"
        assert await assert_log_names_the_computer_lines(fake, bot, ada, game_id, ada, "de") == 2
        ada.locale = "en-US"

        # Ada runs out of time again; the game ends (Bob resigns) while the computer plays her seat
        table = await member_turn(bot, game_id, {other})
        await by_text(fake, bob, table, a_move(table, other, rng))
        await member_turn(bot, game_id, {me})
        table = await time_out()
        assert table.row.options["takeover"] == {str(me): "normal"}
        await resign(fake, bob, fake.games)
        final = await fake.wait_for_message(lambda m: "game over" in m.content, TIMEOUT, channel=fake.games)
        table = await bot.tables.load(game_id)
        assert table.row.status == "finished" and table.state["result"]["winners"] == [me]
        assert f"<@{ada.id}> wins: {bob.name} resigned!" in final.content, final.content
        assert [u.id for u in final.mentions] == [ada.id] and "Computer" not in final.content
        assert not await bot.tables.ratings.leaderboard(fake.guild_id, "tixel")  # unrated: nobody's rating moves
        assert await assert_log_names_the_computer_lines(fake, bot, bob, game_id, ada, "en") == 3
        # /game replay's frames name Ada's seat "(computer, normal)" only while her latest move was the computer's
        rows = await bot.tables.actions(game_id)
        history = read_history(table, rows)
        assert len(history.computer) == len(history.states) == len(rows) + 1
        for k, frame in enumerate(history.computer):
            hers = [r for r in rows[:k] if r.actor_seat == me]
            assert frame == ({me: "normal"} if hers and hers[-1].computer_level else {}), (k, frame)
        assert table.names(taken=history.computer[-1])[me] == f"{ada.name} (computer, normal)"
        assert_no_computer_addressed(fake)



async def test_a_game_won_by_the_computer_on_a_taken_over_seat_credits_its_owner(fake_discord, tmp_path,  # noqa: F811
                                                                                 monkeypatch):
    """Ada lets her first move's time run out and never comes back: the normal computer plays her seat to the
    game's natural end against Bob's seeded random moves (no resignation), and the final post, the stored result
    and ``/game log`` credit Ada, the seat's owner. (A game with no member left playing waits for one, so Bob
    plays on.)"""
    tiny_budgets(monkeypatch)
    fake = fake_discord
    ada, bob = fake.add_member("Ada"), fake.add_member("Bob")
    boss = fake.add_member("Boss", admin=True)
    clock = Clock()
    rng = random.Random(9)  # a seed with which the computer wins (with 6, 7 and 8 Bob's random moves win)
    async with parlor(fake, str(tmp_path / "n.sqlite3"), seed=6, clock=clock) as bot:
        await (await fake.slash(boss, "settings", {"policy": "computer", "takeover_level": "normal"},
                                subcommand="deadline", channel=fake.general)).wait_final(TIMEOUT)
        game_id, _ = await open_table_for(fake, bot, [ada, bob], "tixel", {"rated": False}, thread=False)
        table = await member_turn(bot, game_id, {0, 1})
        me = table.pending()[0].player  # "Ada" is whoever moves first
        other = 1 - me
        ada, bob = (ada, bob) if me == 0 else (bob, ada)
        clock.offset += 48 * H
        bot.scheduler.poke()
        await fake.wait_for_message(lambda m: m.content.startswith(f"🤖 **{ada.name} (computer, normal)**"),
                                    TIMEOUT, channel=fake.games)
        moves = 0
        while (table := await member_turn(bot, game_id, {other})) is not None:
            assert table.row.options["takeover"] == {str(me): "normal"}
            await by_text(fake, bob, table, a_move(table, other, rng))
            moves += 1
            assert moves < MOST_MOVES, "the game should have ended"
        final = await fake.wait_for_message(lambda m: "game over" in m.content, TIMEOUT, channel=fake.games)
        table = await bot.tables.load(game_id)
        assert table.row.status == "finished" and table.row.options["takeover"] == {str(me): "normal"}
        assert table.state["result"]["winners"] == [me], (table.state["result"], final.content)
        assert "resigned" not in final.content and f"<@{ada.id}> wins" in final.content, final.content
        assert [u.id for u in final.mentions] == [ada.id] and "omputer" not in final.content, final.content
        rows = await bot.tables.actions(game_id)
        hers = [r for r in rows if r.actor_seat == me]
        assert hers and all(r.actor_id == ada.id and r.computer_level == "normal" for r in hers)
        assert all(r.actor_id == bob.id and r.computer_level is None for r in rows if r.actor_seat == other)
        shown = await assert_log_names_the_computer_lines(fake, bot, bob, game_id, ada, "en")
        assert 0 < shown <= len(hers)
        assert not await bot.tables.ratings.leaderboard(fake.guild_id, "tixel")  # unrated: nobody's rating moves
        assert_no_computer_addressed(fake)
