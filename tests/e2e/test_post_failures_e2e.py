"""A table post Discord refuses never stalls a game: the member who acted reads the cause in plain
words, the move stays saved, and the game is posted again by itself once the cause is gone; and only
the newest table post of a game carries live buttons."""

from __future__ import annotations

import math
import random

from tests.e2e.channel_faults import close_thread, delete_thread, set_overwrite
from tests.e2e.drive import settle
from tests.e2e.harness import TIMEOUT, buttons_with, current_post, open_table, parlor, play_until
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)
from tests.fakediscord.state import P

GOES_ON = "the game continues by itself once I can post."


def live_posts(fake, game_id: int) -> list:
    """Every visible message (any channel) carrying enabled buttons of the game's decisions."""
    return [m for m in fake.all_messages(include_ephemeral=False) if buttons_with(m, f"pg:{game_id}:")]


async def click_first(fake, bot, game_id: int, users) -> tuple[object, object]:
    """The player to act clicks the first choice of the current post; return (record, decision)."""
    decision, message, choices = await current_post(fake, bot, game_id)
    record = await (await fake.click(users[decision.player], message, choices[0])).wait_final(TIMEOUT)
    return record, decision


async def one_live_post(fake, game_id: int) -> object:
    """Wait until exactly one post of the game carries live buttons (older ones retired); return it."""
    await fake.wait_until(lambda: len(live_posts(fake, game_id)) == 1, TIMEOUT, "exactly one live table post")
    return live_posts(fake, game_id)[0]


async def test_missing_attach_files_is_told_and_the_game_goes_on_once_granted(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member("Ada"), fake.add_member("Bob")]
    bot_role = fake.world.bot_role.id
    async with parlor(fake, str(tmp_path / "p.sqlite3")) as bot:
        game_id, _ = await open_table(fake, bot, users, thread=False)
        before = await bot.tables.load(game_id)
        # A moderator takes Attach Files away (the bot is not told: only the click's permissions say so).
        await set_overwrite(fake, fake.games, bot_role, deny=P["ATTACH_FILES"], notify=False)
        record, decision = await click_first(fake, bot, game_id, users)
        [told] = await record.wait_followups(1, TIMEOUT)
        assert told.ephemeral
        assert told.content == (f"Your move was saved, but I can't post the table in <#{fake.games.id}>: I'm missing "
                                f"the **Attach Files** permission there. Ask a moderator to grant it; {GOES_ON}")
        after = await bot.tables.load(game_id)
        assert after.row.version == before.row.version + 1  # the move is committed, once
        assert len(await bot.db.actions(game_id)) == 1
        assert after.row.posted_version < after.row.version  # marked as needing a post
        assert live_posts(fake, game_id) == []  # the clicked post lost its buttons; nothing else is live
        # Granted again: the channel update wakes the bot, which posts the table by itself.
        await set_overwrite(fake, fake.games, bot_role)
        await settle(bot, game_id)
        post = await one_live_post(fake, game_id)
        nxt = (await bot.tables.load(game_id)).pending()[0]
        assert post.channel_id == fake.games.id and post.attachments
        assert buttons_with(post, f"pg:{game_id}:{nxt.player}:{nxt.id}:")
        assert [u.id for u in post.mentions] == [users[nxt.player].id]
        await play_until(fake, bot, game_id, users, random.Random(3), max_actions=2)
        await settle(bot, game_id)
        assert len(await bot.db.actions(game_id)) == 3
        await one_live_post(fake, game_id)


async def test_a_locked_thread_is_told_and_an_archived_one_reopened(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member("Ada"), fake.add_member("Bob")]
    async with parlor(fake, str(tmp_path / "p.sqlite3")) as bot:
        game_id, _ = await open_table(fake, bot, users)
        thread = fake.channel((await bot.tables.load(game_id)).row.thread_id)
        # Locked (and archived) by a moderator: the bot may not reopen it.
        await close_thread(fake, thread, archived=True, locked=True, notify=False)
        record, _ = await click_first(fake, bot, game_id, users)
        [told] = await record.wait_followups(1, TIMEOUT)
        assert told.ephemeral and told.content == (
            f"Your move was saved, but I can't post the table in <#{thread.id}>: the thread is locked. "
            f"Ask a moderator to unlock it; {GOES_ON}")
        row = (await bot.tables.load(game_id)).row
        assert row.posted_version < row.version and len(await bot.db.actions(game_id)) == 1
        # Unlocked and reopened: the thread update wakes the bot.
        await close_thread(fake, thread, archived=False, locked=False)
        await settle(bot, game_id)
        post = await one_live_post(fake, game_id)
        assert post.channel_id == thread.id

        # Archived only (as Discord does after a week without posts): the bot reopens it itself and
        # nobody needs to be told.
        await close_thread(fake, thread, archived=True, locked=False, notify=False)
        record, _ = await click_first(fake, bot, game_id, users)
        assert record.followups == []
        await settle(bot, game_id)
        assert not thread.archived
        post = await one_live_post(fake, game_id)
        assert post.channel_id == thread.id and len(await bot.db.actions(game_id)) == 2


async def test_a_deleted_thread_moves_the_game_to_its_channel(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member("Ada"), fake.add_member("Bob")]
    async with parlor(fake, str(tmp_path / "p.sqlite3")) as bot:
        # Deleted while the bot listens: the game's table is posted in the channel at once.
        game_id, _ = await open_table(fake, bot, users)
        thread = fake.channel((await bot.tables.load(game_id)).row.thread_id)
        await delete_thread(fake, thread)
        await fake.wait_until(lambda: live_posts(fake, game_id), TIMEOUT, "the table in the channel")
        await settle(bot, game_id)
        post = await one_live_post(fake, game_id)
        row = (await bot.tables.load(game_id)).row
        assert post.channel_id == fake.games.id and row.thread_id is None and row.post_channel_id == fake.games.id
        assert post.content.startswith("🧵 This game's thread was deleted, so the game goes on here.")
        await play_until(fake, bot, game_id, users, random.Random(4), max_actions=2)
        await settle(bot, game_id)
        assert (await one_live_post(fake, game_id)).channel_id == fake.games.id

        # Deleted unheard (the bot was offline): /game status shows the table in the channel, and the
        # next move finds the thread gone and moves the game there.
        other, _ = await open_table(fake, bot, users)
        thread = fake.channel((await bot.tables.load(other)).row.thread_id)
        await delete_thread(fake, thread, notify=False)
        status = await (await fake.slash(users[1], "game", {"game": other}, subcommand="status",
                                         channel=fake.games)).wait_final(TIMEOUT)
        decision = (await bot.tables.load(other)).pending()[0]
        choices = buttons_with(status.message, f"pg:{other}:{decision.player}:{decision.id}:")
        record = await (await fake.click(users[decision.player], status.message, choices[0])).wait_final(TIMEOUT)
        [told] = await record.wait_followups(1, TIMEOUT)
        assert told.ephemeral and told.content == (f"Your move was saved. This game's thread was deleted, so the "
                                                   f"game goes on in <#{fake.games.id}>.")
        await settle(bot, other)
        post = await one_live_post(fake, other)
        assert post.channel_id == fake.games.id and (await bot.tables.load(other)).row.thread_id is None
        await play_until(fake, bot, other, users, random.Random(5), max_actions=1)
        await settle(bot, other)
        assert len(await bot.db.actions(other)) == 2
        assert (await one_live_post(fake, other)).channel_id == fake.games.id


async def test_game_status_leaves_exactly_one_post_with_live_buttons(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member("Ada"), fake.add_member("Bob")]
    outsider = fake.add_member("Cyd")
    async with parlor(fake, str(tmp_path / "p.sqlite3")) as bot:
        game_id, _ = await open_table(fake, bot, users)
        thread = (await bot.tables.load(game_id)).row.thread_id
        first = await one_live_post(fake, game_id)
        seen = {first.id}
        for who, where, options in ((outsider, thread, {}), (users[0], thread, {}),
                                    (users[1], fake.general.id, {"game": game_id})):
            status = await (await fake.slash(who, "game", options, subcommand="status",
                                             channel=where)).wait_final(TIMEOUT)
            assert buttons_with(status.message, f"pg:{game_id}:")
            assert await one_live_post(fake, game_id) is status.message
            seen.add(status.message.id)
        # The live post is the answer in #general (elsewhere than the game's thread): a move made on
        # it takes its buttons off there too, and the next table in the thread is the only live post.
        decision, message, choices = await current_post(fake, bot, game_id)
        assert message.channel_id == fake.general.id
        await (await fake.click(users[decision.player], message, choices[0])).wait_final(TIMEOUT)
        await settle(bot, game_id)
        post = await one_live_post(fake, game_id)
        assert post.channel_id == thread and post.id not in seen
        row = (await bot.tables.load(game_id)).row
        assert row.message_id == post.id and row.message_channel_id == thread
        assert len(seen) == 4 and not any(buttons_with(fake.world.message_index[i], f"pg:{game_id}:") for i in seen)


async def test_timed_retries_then_events_and_a_restart_post_the_waiting_table(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member("Ada"), fake.add_member("Bob")]
    bot_role = fake.world.bot_role.id
    db_path = str(tmp_path / "p.sqlite3")
    async with parlor(fake, db_path) as bot:
        game_id, _ = await open_table(fake, bot, users, thread=False)
        book = bot.get_cog("Reposts").book
        book.delays = (0.05, 0.05)
        # Refused, retried twice on a timer, then left waiting for an event about its channel.
        await set_overwrite(fake, fake.games, bot_role, deny=P["ATTACH_FILES"], notify=False)
        record, _ = await click_first(fake, bot, game_id, users)
        assert "**Attach Files**" in (await record.wait_followups(1, TIMEOUT))[0].content
        await fake.wait_until(lambda: game_id in book and book.entries[game_id].due == math.inf, TIMEOUT,
                              "the timed retries used up")
        assert book.entries[game_id].tries == 3
        await set_overwrite(fake, fake.games, bot_role)
        await settle(bot, game_id)
        assert game_id not in book and len(live_posts(fake, game_id)) == 1

        # Granted again without Discord telling the bot (a role changed elsewhere...): a timed retry posts it.
        book.delays = (0.05,) * 5
        await set_overwrite(fake, fake.games, bot_role, deny=P["ATTACH_FILES"], notify=False)
        record, _ = await click_first(fake, bot, game_id, users)
        await record.wait_followups(1, TIMEOUT)
        await set_overwrite(fake, fake.games, bot_role, notify=False)
        await settle(bot, game_id)
        await one_live_post(fake, game_id)

        # Refused again, then the bot restarts: start-up recovery cannot post it either, and the game
        # waits until the permission is granted.
        await set_overwrite(fake, fake.games, bot_role, deny=P["ATTACH_FILES"], notify=False)
        record, _ = await click_first(fake, bot, game_id, users)
        await record.wait_followups(1, TIMEOUT)
    async with parlor(fake, db_path) as bot:
        book = bot.get_cog("Reposts").book
        await fake.wait_until(lambda: game_id in book, TIMEOUT, "start-up recovery tried the game")
        row = (await bot.tables.load(game_id)).row
        assert row.posted_version < row.version and len(await bot.db.actions(game_id)) == 3
        await set_overwrite(fake, fake.games, bot_role)
        await settle(bot, game_id)
        post = await one_live_post(fake, game_id)
        assert post.channel_id == fake.games.id and post.attachments
        await play_until(fake, bot, game_id, users, random.Random(6), max_actions=1)
        await settle(bot, game_id)


async def test_a_refused_first_table_post_tells_the_starter_the_game_has_started(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member("Ada"), fake.add_member("Bob")]
    async with parlor(fake, str(tmp_path / "s.sqlite3")) as bot:
        record = await (await fake.slash(users[0], "play", {"game": "pixies", "thread": False},
                                         channel=fake.games)).wait_final(TIMEOUT)
        lobby = record.message
        join = next(cid for cid in buttons_with(lobby, "pl:") if cid.endswith(":join"))
        game_id = int(join.split(":")[1])
        await (await fake.click(users[1], lobby, join)).wait_final(TIMEOUT)
        await set_overwrite(fake, fake.games, fake.world.bot_role.id, deny=P["ATTACH_FILES"], notify=False)
        start = await (await fake.click(users[0], lobby, f"pl:{game_id}:start")).wait_final(TIMEOUT)
        [told] = await start.wait_followups(1, TIMEOUT)
        assert told.ephemeral
        assert told.content == (f"The game has started, but I can't post the table in <#{fake.games.id}>: I'm "
                                f"missing the **Attach Files** permission there. Ask a moderator to grant it; "
                                f"{GOES_ON}")
        table = await bot.tables.load(game_id)
        assert table.row.status == "running" and table.row.posted_version is None
        await set_overwrite(fake, fake.games, fake.world.bot_role.id)
        await settle(bot, game_id)
        await one_live_post(fake, game_id)
        table = await bot.tables.load(game_id)
        assert table.row.posted_version == table.row.version


async def to_the_last_click(fake, bot, game_id: int, users) -> tuple[object, object, list[str]]:
    """Click random legal buttons until the next click can end the game; return (decision, post, the
    choices that end it)."""
    from bot.codec import decode_action

    rng = random.Random(9)
    while True:
        table = await bot.tables.load(game_id)
        decision, message, choices = await current_post(fake, bot, game_id)
        ending = [c for c in choices if table.engine.is_terminal(table.engine.apply(
            table.state, decision.player, decode_action(c.split(":", 4)[4])))]
        if ending:
            return decision, message, ending
        await (await fake.click(users[decision.player], message, rng.choice(choices))).wait_final(TIMEOUT)


async def test_a_refused_end_of_game_posts_the_final_standings_once_it_can(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member("Ada"), fake.add_member("Bob")]
    bot_role = fake.world.bot_role.id
    async with parlor(fake, str(tmp_path / "end.sqlite3")) as bot:
        game_id, _ = await open_table(fake, bot, users, thread=False)
        decision, message, ending = await to_the_last_click(fake, bot, game_id, users)
        await set_overwrite(fake, fake.games, bot_role, deny=P["ATTACH_FILES"], notify=False)
        record = await (await fake.click(users[decision.player], message, ending[0])).wait_final(TIMEOUT)
        [told] = await record.wait_followups(1, TIMEOUT)
        assert told.ephemeral and "**Attach Files**" in told.content
        finished = await bot.tables.load(game_id)
        assert finished.row.status == "finished" and finished.row.posted_version < finished.row.version
        assert not [m for m in fake.messages(fake.games) if "final standings" in (m.content or "")]
        await set_overwrite(fake, fake.games, bot_role)
        await settle(bot, game_id)
        final = await fake.wait_for_message(lambda m: "final standings" in (m.content or ""), TIMEOUT)
        assert any(a.filename.endswith("-final.png") for a in final.attachments)
        assert [m for m in fake.messages(fake.games) if "end of round 3: scores" in (m.content or "")]
        after = await bot.tables.load(game_id)
        assert after.row.posted_version == after.row.version and after.row.message_id == final.id
        assert live_posts(fake, game_id) == []  # a finished game offers no live buttons


async def test_an_end_of_game_refused_half_way_is_posted_again_whole_and_once(fake_discord, tmp_path):  # noqa: F811
    from aiohttp import web

    fake = fake_discord
    users = [fake.add_member("Ada"), fake.add_member("Bob")]
    async with parlor(fake, str(tmp_path / "half.sqlite3")) as bot:
        game_id, _ = await open_table(fake, bot, users, thread=False)
        decision, message, ending = await to_the_last_click(fake, bot, game_id, users)
        posts, original = [], fake._blocked

        def refuse_the_second_post(method: str, path: str):
            if method == "POST" and path.endswith(f"/channels/{fake.games.id}/messages"):
                posts.append(path)
                if len(posts) == 2:  # the round scores went out; the final standings are refused
                    return web.Response(status=429, text="<html>error code: 1015</html>", content_type="text/html",
                                        headers={"Retry-After": "1"})
            return original(method, path)

        fake._blocked = refuse_the_second_post
        await (await fake.click(users[decision.player], message, ending[0])).wait_final(TIMEOUT)
        await set_overwrite(fake, fake.games, fake.world.bot_role.id)  # a channel update: try again now
        await settle(bot, game_id)
        await fake.wait_for_message(lambda m: "final standings" in (m.content or ""), TIMEOUT)
        texts = [m.content or "" for m in fake.messages(fake.games)]
        assert sum("end of round 3: scores" in t for t in texts) == 1, texts[-4:]
        assert sum("final standings" in t for t in texts) == 1
        assert len(posts) >= 4  # scores, refused final, then scores and final again
