"""When Discord refuses a game's table post: tell the member why in plain words, keep the game marked
as needing a post, and post it again by itself once possible (a permission granted again, a thread
reopened, a deleted thread's game moved to its channel), through the path start-up recovery takes."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot import errors
from bot.answers import member_language
from bot.i18n import N_, t
from bot.reposts import RetryBook, recover_settled, recover_unposted
from cogs.computer.posts import without_computers
from cogs.flow import post_table, retire_previous
from cogs.post_problems import THREAD_CLOSED, UNKNOWN_CHANNEL, Problem, diagnose, thread_now
from cogs.posts import presenter_for, public_language

if TYPE_CHECKING:
    from bot.app import ParlorBot
    from bot.tables import GameRow, Table

log = logging.getLogger("parlor.reposts")

#: opens the table posted in the channel of a game whose thread was deleted
MOVED_LEAD = N_("🧵 This game's thread was deleted, so the game goes on here.")


#: what a member's action did, when its table could not be posted (the start of what they are told)
SAVED = N_("Your move was saved")


@dataclass(frozen=True)
class Reposted:
    """The end of an attempt to post a game's table: what still stands in the way (``None``: posted,
    or nothing to post), where the game moved if its thread was deleted, and the table last loaded."""

    problem: Problem | None = None
    moved_to: int | None = None
    table: Table | None = None
    #: a table was posted by this attempt
    posted: bool = False


def needs_post(row: GameRow) -> bool:
    """Return whether a game's latest state was never posted."""
    return row.status in ("running", "finished") and (row.posted_version is None
                                                       or row.posted_version < row.version)


async def _fix(bot: ParlorBot, table: Table, exc: discord.HTTPException) -> str | None:
    """Remove what the bot can remove itself from a failed post's way: a deleted thread (the game moves
    to its channel, marked as needing a post) or an archived, unlocked thread (reopened). Return what
    was done (``"moved"``, ``"reopened"``, ``"changed"``: the game changed meanwhile), or ``None``."""
    row = table.row
    if row.thread_id is None:
        return None
    if exc.code == UNKNOWN_CHANNEL:
        if not await bot.tables.leave_thread(row.id, row.thread_id):
            return "changed"
        log.info("game %s: its thread %s was deleted; the game goes on in channel %s", row.id, row.thread_id,
                 row.channel_id)
        return "moved"
    if exc.code == THREAD_CLOSED:
        thread = await thread_now(bot, row.thread_id)
        if thread is None or not thread.archived or thread.locked:
            return None
        try:
            await thread.edit(archived=False)
        except discord.HTTPException as failure:
            log.info("game %s: could not reopen its archived thread (%s %s)", row.id, failure.status, failure.code)
            return None
        log.info("game %s: reopened its archived thread %s", row.id, row.thread_id)
        return "reopened"
    return None


async def post_latest(bot: ParlorBot, table: Table, *, dms: bool, lead: str = "") -> None:
    """Post a game's latest state: a running game's table; for a finished game, what its end concluded
    (round scores, final standings), as when it ended, or its table if it concluded nothing. Raise
    ``discord.HTTPException`` when Discord refuses a post."""
    if table.row.status == "finished":
        outcome = await bot.tables.last_outcome(table)
        posts = await presenter_for(table.row.kind).outcome_posts(outcome) if outcome is not None else []
        lang = await public_language(table)
        posts = [without_computers(table, p, lang) for p in posts]
        if posts:
            channel = bot.get_partial_messageable(table.row.post_channel_id)
            if lead:
                posts[0].content = f"{lead}\n{posts[0].content}"
            last = None
            for post in posts:
                last = await channel.send(**post.send_kwargs())
            await retire_previous(bot, table.row)
            await bot.tables.mark_posted(table.id, last.id, table.row.version, channel.id)
            return
    await post_table(bot, table, mention=True, dms=dms, lead=lead)


async def repost_locked(bot: ParlorBot, game_id: int, *, dms: bool = True, moved: bool = False,
                        exc: discord.HTTPException | None = None,
                        interaction: discord.Interaction | None = None) -> Reposted:
    """Post the table of a game whose latest state was never posted (the caller holds the game's post
    lock), fixing on the way what the bot can (see ``_fix``). ``exc`` is a failure that just happened
    (no new try before fixing), ``dms=False`` sends no private DM (they went out before), ``moved``
    opens the post saying the game's thread was deleted."""
    moved_to, fixes = None, 0
    while True:
        try:
            table = await bot.tables.load(game_id)
        except errors.GameNotFound:
            return Reposted()
        if not needs_post(table.row):
            return Reposted(moved_to=moved_to, table=table)
        if exc is None:
            try:
                lead = t(await public_language(table), MOVED_LEAD) if moved else ""
                await post_latest(bot, table, dms=dms, lead=lead)
                return Reposted(moved_to=moved_to, table=table, posted=True)
            except discord.HTTPException as failure:
                exc, dms = failure, False
        fixed = await _fix(bot, table, exc) if fixes < 2 else None
        if fixed is None:
            return Reposted(await diagnose(bot, table, exc, interaction), moved_to, table)
        if fixed == "moved":
            moved, moved_to = True, table.row.channel_id
        exc, fixes = None, fixes + 1


async def _tell(interaction: discord.Interaction | None, text: str) -> None:
    """Tell the member who acted, ephemerally (nobody to tell without an interaction)."""
    if interaction is None:
        return
    try:
        await interaction.followup.send(text, ephemeral=True)
    except discord.HTTPException as exc:
        log.info("interaction %s: could not tell why the table was not posted (%s)", interaction.id, exc.status)


async def post_failed(bot: ParlorBot, table: Table, exc: discord.HTTPException,
                      interaction: discord.Interaction | None, saved: str = SAVED) -> None:
    """Handle a refused table post after an accepted action (the caller holds the game's post lock):
    fix what the bot can and post at once, else tell the member of ``interaction`` the cause and
    leave the game to be posted again by itself."""
    result = await repost_locked(bot, table.id, dms=False, exc=exc, interaction=interaction)
    problem = result.problem
    if problem is None:
        if result.moved_to is not None and interaction is not None:
            lang, where = member_language(interaction), f"<#{result.moved_to}>"
            await _tell(interaction, t(lang, "{saved}. This game's thread was deleted, so the game goes on in "
                                             "{where}.", saved=t(lang, saved), where=where))
        return
    log.warning("game %s: Discord refused the table post in channel %s (%s): %s", table.id, problem.channel_id,
                problem.error, problem.why.replace("**", ""))
    if problem.retry:
        reposts = await reposts_of(bot)
        if result.moved_to is not None:
            reposts.moved.add(table.id)
        reposts.want(result.table or table)
    if interaction is not None:
        await _tell(interaction, problem.text(saved, member_language(interaction)))


class Reposts(commands.Cog):
    """Posts again, by itself, the tables Discord refused: with a bounded backoff, and at once when a
    channel, thread or role of the server changes."""

    def __init__(self, bot: ParlorBot, book: RetryBook | None = None):
        self.bot = bot
        self.book = book or RetryBook()
        #: games moved out of a deleted thread whose table has not been posted yet
        self.moved: set[int] = set()
        self._wake = asyncio.Event()
        self._task: asyncio.Task | None = None

    @staticmethod
    def _now() -> float:
        return asyncio.get_running_loop().time()

    async def cog_unload(self) -> None:
        """Stop the retry loop."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def want(self, table: Table, *, failed: bool = True) -> None:
        """Have a game's table posted again: after its backoff when a post just ``failed``, else now."""
        row = table.row
        self.book.want(row.id, self._now(), {row.post_channel_id, row.channel_id}, failed=failed)
        self._wake.set()
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="parlor-reposts")

    async def recover(self, owns=None) -> int:
        """Start-up recovery: post every game whose latest state was never posted (of the guilds ``owns``
        accepts), a page of ids at a time; those that still fail join the retry loop. Return how many were
        posted."""
        async def post(game_id: int) -> bool | None:
            return {"posted": True, "failed": False}.get(await self._try(game_id, dms=True))

        sharded = getattr(getattr(self.bot, "config", None), "shard_count", None) is not None
        if sharded:  # one of several processes: games a live process is posting are left to it
            posted, failed = await recover_settled(self.bot.tables, post, owns=owns)
        else:
            posted, failed = await recover_unposted(self.bot.tables, post, owns=owns)
        if failed:
            log.warning("%d game table(s) could not be posted at start-up; they are retried by themselves",
                        len(failed))
        return posted

    async def _try(self, game_id: int, *, dms: bool = False) -> str:
        """Try once to post a game's table; keep it in the book (backoff) if that fails; return
        ``"posted"``, ``"done"`` (nothing to post any more) or ``"failed"``."""
        try:
            async with self.bot.tables.post_lock(game_id):
                result = await repost_locked(self.bot, game_id, dms=dms, moved=game_id in self.moved)
        except Exception:
            log.exception("game %s: could not re-post the table", game_id)
            result = Reposted(Problem(0, N_("an unexpected error"), "", "internal"))
        problem = result.problem
        if problem is None:
            if game_id in self.book:
                log.info("game %s: the table is posted again", game_id)
            self.book.done(game_id)
            self.moved.discard(game_id)
            return "posted" if result.posted else "done"
        if not problem.retry:
            log.warning("game %s: cannot post the table (%s): %s", game_id, problem.error, problem.why.replace("**", ""))
            self.book.done(game_id)
            return "failed"
        if game_id not in self.book:
            if result.table is None:  # an unexpected error (logged above): start-up recovery tries again
                return "failed"
            log.warning("game %s: cannot post the table (%s): %s; retrying by itself", game_id, problem.error,
                        problem.why.replace("**", ""))
            self.want(result.table)
        elif self.book.failed(game_id, self._now()):
            log.info("game %s: still cannot post the table (%s); trying again later", game_id, problem.error)
        else:
            log.warning("game %s: still cannot post the table (%s) after %d tries; waiting for a change of its "
                        "channel, thread or roles, `/game status` or a restart", game_id, problem.error,
                        len(self.book.delays))
        return "failed"

    async def _run(self) -> None:
        """Retry the games of the book as they come due, until none is left."""
        while len(self.book):
            self._wake.clear()  # before the scan: a wake during a try below is kept for the next round
            for game_id in self.book.due(self._now()):
                await self._try(game_id)
            if not len(self.book):
                break
            nxt = self.book.next_due()
            timeout = None if nxt is None else max(0.0, nxt - self._now())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout)

    def wake(self, channel_id: int | None) -> None:
        """Try now the games waiting on this channel (``None``: every waiting game)."""
        if self.book.wake(self._now(), channel_id):
            self._wake.set()

    @commands.Cog.listener()
    async def on_guild_channel_update(self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel) -> None:
        """A channel's permissions may let a waiting table through."""
        self.wake(after.id)

    @commands.Cog.listener()
    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        """A thread reopened or unlocked may let a waiting table through."""
        self.wake(payload.thread_id)

    @commands.Cog.listener()
    async def on_guild_role_update(self, before: discord.Role, after: discord.Role) -> None:
        """A role's permissions may let any waiting table through."""
        self.wake(None)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """The running games of a deleted thread go on in its channel: their table is posted there."""
        for game_id in await self.bot.tables.running_in_thread(payload.guild_id, payload.thread_id):
            async with self.bot.tables.post_lock(game_id):
                moved = await self.bot.tables.leave_thread(game_id, payload.thread_id)
                table = await self.bot.tables.load(game_id)
            if moved:
                log.info("game %s: its thread %s was deleted; the game goes on in channel %s", game_id,
                         payload.thread_id, table.row.channel_id)
                self.moved.add(game_id)
                self.want(table, failed=False)


async def reposts_of(bot: ParlorBot) -> Reposts:
    """Return the bot's re-posting cog, adding it on first use."""
    cog = bot.get_cog(Reposts.__cog_name__)
    if cog is None:
        cog = Reposts(bot)
        try:
            await bot.add_cog(cog)
        except discord.ClientException:
            cog = bot.get_cog(Reposts.__cog_name__)
    return cog  # type: ignore[return-value]
