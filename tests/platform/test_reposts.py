"""Start-up recovery pages through the games needing a table post; the backoff of games waiting for one."""

from __future__ import annotations

import math
from types import SimpleNamespace

import discord
import pytest

from bot.reposts import RetryBook, recover_unposted
from bot.tables import TableService
from cogs.post_problems import diagnose, missing_permissions


async def test_start_up_recovery_pages_through_more_unposted_games_than_one_page(db, monkeypatch):
    tables = TableService(db, seed_source=lambda: 0)
    unposted, refused = [], set()
    for i in range(230):
        gid = await db.create_game("pixies", 1, 2, 3, {}, i)
        version = await db.update_game(gid, 0, status="running", state={"n": i})
        if i % 4 == 0:
            await db.set_message(gid, 5000 + i, version)  # posted: never read
        else:
            unposted.append(gid)
            if i % 25 == 1:
                refused.add(gid)  # Discord refuses these (a permission missing...)
    assert len(unposted) == 172

    async def whole_list():
        raise AssertionError("recovery must not load every unposted game at once")

    monkeypatch.setattr(db, "unposted_games", whole_list)
    pages = []
    read_page = tables.unposted_ids

    async def spy(after_id=0, limit=100):
        page = await read_page(after_id, limit)
        pages.append((after_id, limit, len(page)))
        return page

    monkeypatch.setattr(tables, "unposted_ids", spy)
    tried = []

    async def post(game_id):
        tried.append(game_id)
        table = await tables.load(game_id)
        if game_id in refused:
            return False
        await tables.mark_posted(game_id, 9000 + game_id, table.row.version, 77)
        return True

    posted, failed = await recover_unposted(tables, post, batch=50)
    assert tried == unposted  # each once, in id order
    assert failed == sorted(refused) and posted == 172 - len(refused)
    # 172 ids in pages of 50: 50, 50, 50, 22; each page starts after the last id of the one before
    assert [(limit, n) for _, limit, n in pages] == [(50, 50), (50, 50), (50, 50), (50, 22)]
    assert [after for after, _, _ in pages] == [0, unposted[49], unposted[99], unposted[149]]
    # What is left needing a post is exactly what Discord refused; the posts' channel is remembered.
    assert await read_page(0, 500) == sorted(refused)
    ok = next(g for g in unposted if g not in refused)
    row = (await tables.load(ok)).row
    assert row.posted_version == row.version and row.message_id == 9000 + ok and row.message_channel_id == 77


async def test_a_game_posted_meanwhile_is_neither_posted_nor_failed(db):
    tables = TableService(db, seed_source=lambda: 0)
    ids = []
    for i in range(3):
        gid = await db.create_game("pixies", 1, 2, 3, {}, i)
        await db.update_game(gid, 0, status="running", state={"n": i})
        ids.append(gid)
    answers = {ids[0]: True, ids[1]: None, ids[2]: False}  # the middle one was posted by a click meanwhile

    async def post(game_id):
        return answers[game_id]

    assert await recover_unposted(tables, post, batch=2) == (1, [ids[2]])


async def test_recovery_of_nothing_reads_one_empty_page(db):
    tables = TableService(db, seed_source=lambda: 0)

    async def post(game_id):
        raise AssertionError("nothing to post")

    assert await recover_unposted(tables, post, batch=10) == (0, [])


def test_backoff_is_bounded_then_waits_for_an_event():
    book = RetryBook(delays=(5.0, 15.0, 60.0))
    book.want(7, 100.0, {1, 2})  # a post just failed: next try after the first delay
    assert book.due(104.9) == [] and book.due(105.0) == [7] and book.next_due() == 105.0
    assert book.failed(7, 105.0) and book.next_due() == 120.0
    assert book.failed(7, 120.0) and book.next_due() == 180.0
    assert not book.failed(7, 180.0)  # the timed retries are used up
    assert book.next_due() is None and book.due(10_000.0) == [] and 7 in book
    assert book.entries[7].due == math.inf
    assert book.wake(200.0, 3) == 0 and book.due(200.0) == []  # another channel changed
    assert book.wake(200.0, 2) == 1 and book.due(200.0) == [7]  # its channel changed: try now
    book.want(9, 200.0, {4}, failed=False)  # e.g. moved out of a deleted thread: due at once
    assert book.due(200.0) == [7, 9]
    assert book.wake(300.0, None) == 2  # a role changed: every waiting game
    book.done(7)
    book.done(7)  # forgetting twice is harmless
    assert 7 not in book and len(book) == 1


@pytest.mark.parametrize("delays", [(1.0,), (1.0, 2.0, 4.0, 8.0)])
def test_a_game_wanted_again_keeps_its_count(delays):
    book = RetryBook(delays=delays)
    for n in range(len(delays)):
        book.want(3, 0.0, {1})
        assert book.entries[3].tries == n + 1 and book.entries[3].due == delays[n]
    book.want(3, 0.0, {2})
    assert book.entries[3].due == math.inf and book.entries[3].channels == frozenset({1, 2})


def _refused(status: int, code: int) -> discord.HTTPException:
    """The exception discord.py raises for a refused request with this status and JSON error code."""
    response = SimpleNamespace(status=status, reason="refused")
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
    return kind(response, {"code": code, "message": "refused"})


class _Bot:
    """Just enough of the bot for ``diagnose``: a cache that knows no channel, a thread that is locked."""

    def get_channel(self, channel_id):
        return None

    async def fetch_channel(self, channel_id):
        return self.thread


async def test_the_reasons_in_plain_words():
    bot, here = _Bot(), 42
    bot.thread = None
    channel = SimpleNamespace(row=SimpleNamespace(id=7, post_channel_id=here, thread_id=None))
    in_thread = SimpleNamespace(row=SimpleNamespace(id=7, post_channel_id=here, thread_id=here))
    click = SimpleNamespace(channel_id=here, app_permissions=discord.Permissions(view_channel=True,
                                                                               send_messages=True))
    problem = await diagnose(bot, channel, _refused(403, 50013), click)
    assert problem.text() == ("Your move was saved, but I can't post the table in <#42>: I'm missing the "
                              "**Attach Files** permission there. Ask a moderator to grant it; the game "
                              "continues by itself once I can post.")
    assert problem.retry and problem.error == "403/50013"
    problem = await diagnose(bot, in_thread, _refused(403, 50013), click)  # threads need their own send
    assert problem.why == ("I'm missing the **Send Messages in Threads** and **Attach Files** permissions there")
    assert problem.advice.startswith("Ask a moderator to grant them;")
    # Elsewhere than the click, and unknown to the cache: every permission a table post needs is named.
    problem = await diagnose(bot, channel, _refused(403, 50001), None)
    assert problem.why == ("I'm not allowed to post there (a table post needs the **View Channel**, "
                           "**Send Messages** and **Attach Files** permissions)")
    bot.thread = SimpleNamespace(locked=False)  # not a discord.Thread: whether it is locked is unknown
    assert (await diagnose(bot, in_thread, _refused(400, 50083))).why == "the thread is archived"
    problem = await diagnose(bot, channel, _refused(404, 10003))
    assert problem.why == "that channel was deleted" and not problem.retry
    assert problem.advice == "`/game status game:7` in another channel shows the table there."
    problem = await diagnose(bot, channel, _refused(503, 0))
    assert problem.why == "Discord refused the post (error 503)" and problem.retry


def test_missing_permissions_of_a_table_post():
    everything = discord.Permissions(view_channel=True, send_messages=True, send_messages_in_threads=True,
                                     attach_files=True)
    assert missing_permissions(everything, thread=False) == missing_permissions(everything, thread=True) == []
    assert missing_permissions(None, thread=False) == []  # unknown: nothing is claimed
    assert missing_permissions(discord.Permissions(send_messages=True), thread=True) == [
        "View Channel", "Send Messages in Threads", "Attach Files"]


def test_a_wake_during_a_try_keeps_the_game_due_now():
    book = RetryBook(delays=(5.0, 15.0))
    book.want(7, 100.0, {1, 2})
    assert book.due(105.0) == [7]  # a timed retry starts...
    assert book.wake(106.0, 2) == 1  # ...the thread is unlocked while Discord refuses it...
    assert book.failed(7, 107.0)  # ...so its failure neither pushes the next try back nor counts
    assert book.due(107.0) == [7] and book.entries[7].tries == 1
    assert book.failed(7, 108.0) and book.next_due() == 123.0  # a try with no wake backs off as before
    assert book.entries[7].tries == 2
    book.wake(109.0, 1)
    assert book.due(109.0) == [7]  # woken before its try started: the try sees the change
    assert not book.failed(7, 110.0) and book.next_due() is None  # refused all the same: counted


def test_a_change_just_before_a_game_enters_the_book_makes_it_due_now():
    book = RetryBook(delays=(5.0, 15.0))
    assert book.wake(100.0, 2) == 0  # the thread is unlocked while the click's own post is being refused...
    book.want(7, 101.0, {1, 2})  # ...and the refusal comes in after the wake
    assert book.due(101.0) == [7] and book.entries[7].tries == 0  # tried again at once, not counted
    assert book.failed(7, 102.0) and book.next_due() == 107.0  # refused again: the backoff starts
    assert book.wake(200.0, 5) == 0
    book.want(8, 200.0 + 31.0, {5})  # a change longer ago than the book remembers: the first delay
    assert book.entries[8].due == 236.0 and book.entries[8].tries == 1
    book.wake(300.0, None)  # a role changed: any channel
    book.want(9, 301.0, {6})
    assert 9 in book.due(301.0)
    book.want(7, 301.0, {2})  # a game already in the book keeps its backoff (its own wake flag says)
    assert book.entries[7].tries == 2


class _LockingBot:
    """Just enough of the bot for the retry loop: a post lock per game."""

    def __init__(self):
        import asyncio

        self.tables = SimpleNamespace(post_lock=lambda game_id: asyncio.Lock())


async def test_the_retry_loop_tries_again_at_once_when_woken_during_a_refused_try(monkeypatch):
    import asyncio

    from cogs import reposts as cog_module
    from cogs.post_problems import Problem

    clock = [1000.0]  # the loop's clock never reaches a timed retry: only a wake can post the table
    table = SimpleNamespace(id=7, row=SimpleNamespace(id=7, post_channel_id=42, channel_id=41))
    cog = cog_module.Reposts(_LockingBot(), RetryBook(delays=(3600.0, 3600.0)))
    monkeypatch.setattr(cog, "_now", lambda: clock[0])
    tries, posted = [], asyncio.Event()

    async def repost_locked(bot, game_id, **_):
        tries.append(game_id)
        if len(tries) == 1:
            cog.wake(42)  # THREAD_UPDATE (unlocked) arrives after Discord refused this try, before it ends
            return cog_module.Reposted(Problem(42, "the thread is locked", "", "400/50083"), table=table)
        posted.set()
        return cog_module.Reposted(table=table, posted=True)

    monkeypatch.setattr(cog_module, "repost_locked", repost_locked)
    cog.want(table, failed=False)  # due now: the loop tries it at once
    await asyncio.wait_for(posted.wait(), 60)  # a hang guard only: the lost wake waited for the hour's retry
    await asyncio.wait_for(cog._task, 60)
    assert tries == [7, 7] and 7 not in cog.book and len(cog.book) == 0


async def test_the_retry_loop_posts_at_once_a_game_refused_just_after_its_thread_changed(monkeypatch):
    import asyncio

    from cogs import reposts as cog_module

    clock = [1000.0]  # the loop's clock never reaches a timed retry: only the remembered wake can post it
    table = SimpleNamespace(id=7, row=SimpleNamespace(id=7, post_channel_id=42, channel_id=41))
    cog = cog_module.Reposts(_LockingBot(), RetryBook(delays=(3600.0, 3600.0)))
    monkeypatch.setattr(cog, "_now", lambda: clock[0])
    posted = asyncio.Event()

    async def repost_locked(bot, game_id, **_):
        posted.set()
        return cog_module.Reposted(table=table, posted=True)

    monkeypatch.setattr(cog_module, "repost_locked", repost_locked)
    cog.wake(42)  # THREAD_UPDATE (unlocked): no game waits yet
    cog.want(table)  # then the click's own post, refused before the unlock, hands the game over
    await asyncio.wait_for(posted.wait(), 60)  # a hang guard only: without the memory it waited an hour
    await asyncio.wait_for(cog._task, 60)
    assert 7 not in cog.book and len(cog.book) == 0
