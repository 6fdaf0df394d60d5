"""Where tournament games are played: in a thread from their pairing post when the server's ``threads`` setting
is on and the bot may open one; else in the tournament's channel, and the pairing post says so (never "in the
thread below" without a thread)."""

from __future__ import annotations

import pytest

from tests.e2e.channel_faults import set_overwrite
from tests.e2e.harness import TIMEOUT, parlor
from tests.e2e.tournament_play import click, create, pairing_post, running_games, wait_for
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)
from tests.fakediscord.state import P


async def _started(fake, bot, players) -> tuple[int, object]:
    """Open a 2-player Tixel tournament, fill it and start it; return its id and its one running game."""
    tid, post = await create(fake, players[0], {"game": "tixel", "format": "single_elim", "best_of": 1})
    for user in players:
        assert not (await click(fake, user, post, f"tn:{tid}:join")).followups
    assert not (await click(fake, players[0], post, f"tn:{tid}:start")).followups
    [table] = await wait_for(lambda: running_games(bot, tid), "the final's game")
    return tid, table


def _in_channel(fake, table) -> None:
    """Assert a game is played in the tournament's channel: no thread, its table posted there, and its pairing
    post says so."""
    assert table.row.thread_id is None and fake.threads(fake.games) == []
    assert any(f"pg:{table.id}:" in "".join(b.custom_id or "" for b in m.buttons()) for m in fake.messages(fake.games))
    text = pairing_post(fake, table).content
    assert text.endswith(f"Your game is **{table.title}**, posted below in this channel.") and "thread" not in text


async def test_threads_off_in_the_server_plays_tournament_games_in_the_channel(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    players = [fake.add_member("Ann"), fake.add_member("Ben")]
    async with parlor(fake, str(tmp_path / "t.sqlite3")) as bot:
        await fake.wait_commands("tournament", timeout=TIMEOUT)
        await bot.tables.save_setting(fake.guild_id, "threads", False)
        _, table = await _started(fake, bot, players)
        assert table.row.options["thread"] is False
        _in_channel(fake, table)


@pytest.mark.parametrize("told", [True, False], ids=["permission-known", "refused-on-create"])
async def test_no_thread_permission_plays_in_the_channel_and_the_pairing_says_so(fake_discord, tmp_path,  # noqa: F811
                                                                                  told):
    """The bot lacks Create Public Threads: known from its cache (it does not try), or learnt from the refusal
    (the pairing post is corrected)."""
    fake = fake_discord
    players = [fake.add_member("Ann"), fake.add_member("Ben")]
    async with parlor(fake, str(tmp_path / "t.sqlite3")) as bot:
        await fake.wait_commands("tournament", timeout=TIMEOUT)
        await set_overwrite(fake, fake.games, fake.world.bot_role.id, deny=P["CREATE_PUBLIC_THREADS"], notify=told)
        _, table = await _started(fake, bot, players)
        assert table.row.options["thread"] is True  # wanted, but not possible here
        _in_channel(fake, table)


async def test_threads_on_the_pairing_points_to_the_thread(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    players = [fake.add_member("Ann"), fake.add_member("Ben")]
    async with parlor(fake, str(tmp_path / "t.sqlite3")) as bot:
        await fake.wait_commands("tournament", timeout=TIMEOUT)
        _, table = await _started(fake, bot, players)
        assert table.row.thread_id is not None and fake.channel(table.row.thread_id) in fake.threads(fake.games)
        assert pairing_post(fake, table).content.endswith(f"Your game is **{table.title}**, in the thread below.")


async def test_a_table_the_start_up_recovery_posted_in_the_channel_first_is_posted_again_in_the_new_thread(
        fake_discord, tmp_path):  # noqa: F811
    """A race of a (re)start: a game created while the bot was down is posted by the start-up recovery in its
    channel before its pairing post opens its thread; the opening then posts the table in the thread too, and
    the channel's copy loses its buttons (seen as an intermittent failure of the tournament restart test)."""
    from cogs.game_threads import post_opening
    from cogs.reposts import post_latest

    fake = fake_discord
    ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
    async with parlor(fake, str(tmp_path / "r.sqlite3")) as bot:
        lobby = await bot.tables.create_lobby("tixel", fake.guild_id, fake.games.id, ann.id, "Ann", {"thread": True})
        await bot.tables.join(lobby.id, ben.id, "Ben")
        table = await bot.tables.start(lobby.id, ann.id)
        async with bot.tables.post_lock(table.id):
            await post_latest(bot, table, dms=True)  # the recovery comes first: the table in the channel
        early = next(m for m in fake.messages(fake.games) if f"pg:{table.id}:" in "".join(
            b.custom_id or "" for b in m.buttons()))
        channel = bot.get_channel(fake.games.id)
        await post_opening(bot, channel, table, lambda thread: f"⚔️ **{table.title}**: Ann vs Ben", table.title)
        table = await bot.tables.load(table.id)
        assert table.row.thread_id is not None and table.row.message_channel_id == table.row.thread_id
        thread = fake.channel(table.row.thread_id)
        assert [m for m in fake.messages(thread) if m.attachments and f"pg:{table.id}:" in "".join(
            b.custom_id or "" for b in m.buttons())], "no table post in the new thread"
        assert not next(m for m in fake.messages(fake.games) if m.id == early.id).buttons()  # retired
