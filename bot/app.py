"""The ``Bot`` subclass: wires storage, the table service, the cogs and command syncing."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hashlib
import json
import logging
import time
from collections.abc import Callable

import discord
from discord.ext import commands

from bot import render_pool
from bot.answers import answer_command_error
from bot.config import Config
from bot.duties import Duties, owner
from bot.health import heartbeat_loop
from bot.i18n.commands import CatalogueTranslator
from bot.leadership import LEADER_KEY, Election
from bot.tables import SeedSource, TableService
from storage.backend.fence import LeadershipLost, epoch_now, fenced, take_epoch
from storage.backend.session_lock import session_lock
from storage.database import Database

log = logging.getLogger("parlor")

COGS = ("cogs.lobby", "cogs.history", "cogs.deadlines", "cogs.pixies", "cogs.tixel", "cogs.pixel_pusher",
        "cogs.pixel_tactics", "cogs.pt_draft", "cogs.settings", "cogs.undo", "cogs.ratings",
        "cogs.tournaments", "cogs.league", "cogs.computer.cog", "cogs.learn", "cogs.hints", "cogs.describe", "cogs.preferences",
        "cogs.help")
SYNC_KEY = "command_tree_hash"
#: how long the start waits for the render workers' warm-up before going on without it (seconds)
WARM_WAIT = 3.0


class ParlorTree(discord.app_commands.CommandTree):
    """The command tree: a failed command is answered by its type (``bot/answers.py``): a cooldown
    with the wait, a failed check with its reason, anything unexpected with one apology."""

    async def on_error(self, interaction: discord.Interaction,
                       error: discord.app_commands.AppCommandError) -> None:
        """Answer a failed command privately; details go to the log."""
        await answer_command_error(interaction, error)


class ParlorBot(commands.Bot):
    """Pixel Parlor's Discord client."""

    def __init__(self, config: Config, *, seed_source: SeedSource | None = None, auto_sync: bool = True,
                 clock: Callable[[], float] = time.time, elect: bool = True):
        intents = discord.Intents.default()
        # The bot has no voice: discord.py's start-up warnings about voice libraries are noise.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=ParlorTree,
            **self._shard_options(config),
        )
        self.config = config
        #: whether this process stands for leader (``pixel-parlor sync`` does not: it runs no scheduler)
        self.elect = elect
        #: the leader election (``bot/leadership.py``): the leader syncs the commands and runs the schedulers
        self.election: Election | None = None
        #: the start-up recoveries (``bot/duties.py``): the leader's, and this process's shards'
        self.duties = Duties(owner(config.shard_count, config.shard_ids), self.role_name)
        #: the leader epoch this process leads under (None: it follows, or SQLite), and the last one it saw
        self.epoch: int | None = None
        self._seen_epoch: int | None = None
        self._leading: asyncio.Task | None = None
        self._ready_once = asyncio.Event()
        self.add_listener(self.became_ready, "on_ready")
        self._heartbeat: asyncio.Task | None = None
        self.seed_source = seed_source
        self.auto_sync = auto_sync
        #: the wall clock of deadlines and reminders (tests pass a controllable one)
        self.clock = clock
        self.db: Database | None = None
        self.tables: TableService | None = None
        #: the render workers' warm-up (``setup_hook`` waits for it at most ``WARM_WAIT`` seconds)
        self.render_warm: asyncio.Task | None = None

    def _shard_options(self, config: Config) -> dict:
        """The sharded client's options (``ShardedParlorBot``); none for the unsharded bot."""
        return {}

    @property
    def role_name(self) -> str:
        """This process as its log lines name it (its shards when sharded)."""
        ids = self.config.shard_ids
        if not ids:
            return "this process"
        span = str(ids[0]) if len(ids) == 1 else f"{ids[0]}-{ids[-1]}"
        return f"the process of shard(s) {span} of {self.config.shard_count}"

    async def lead(self) -> None:
        """Take up the leader's duties under a new epoch (every write of the leader's work fenced by it): the
        database recoveries, then the schedulers, the recoveries that post once Discord is ready, and this
        process's shard recoveries (the leader changed); sync the commands if the tree changed (a failed sync is
        logged by the election and tried again by the next leader or start)."""
        assert self.db is not None
        try:
            self.epoch = self._seen_epoch = epoch = await take_epoch(self.db)
        except Exception:  # without an epoch it cannot fence its writes: it gives the lead up at once
            if self.election is not None:
                await self.election.resign()
            raise
        with fenced(epoch):
            await self.duties.run_leader(discord=False)
        scheduler = getattr(self, "scheduler", None)
        if scheduler is not None:
            scheduler.epoch, scheduler.on_lost = epoch, self._lead_lost
            scheduler.start()
        self._leading = asyncio.create_task(self._lead_when_ready(epoch), name="parlor-leader-recovery")
        self.duties.request_shard(self._ready_once.wait)
        if self.auto_sync:
            await self.sync_if_changed()

    async def _lead_when_ready(self, epoch: int | None) -> None:
        await self._ready_once.wait()
        try:
            with fenced(epoch):
                await self.duties.run_leader(discord=True)
        except LeadershipLost:
            self._lead_lost()

    def _lead_lost(self) -> None:
        """A fenced write found another leader: check the lock now rather than at the next round."""
        if self.election is not None:
            asyncio.create_task(self.election.recheck(), name="parlor-election-recheck")

    async def step_down(self) -> None:
        """Stop the leader's schedulers and recoveries (another process runs them now)."""
        self.epoch = None
        if self._leading is not None:
            self._leading.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._leading
            self._leading = None
        scheduler = getattr(self, "scheduler", None)
        if scheduler is not None:
            await scheduler.stop()

    async def watch_leader(self) -> None:
        """Each election round: when another process took the lead, run this process's shard recoveries (the old
        leader may have left work half done on any guild)."""
        if self.db is None:
            return
        epoch = await epoch_now(self.db)
        if epoch != self._seen_epoch:
            self._seen_epoch = epoch
            if epoch != self.epoch:
                self.duties.request_shard(self._ready_once.wait)

    async def became_ready(self) -> None:
        """On ``ready``, once per process: run the shard recoveries of its guilds (and the leader's that post)."""
        if not self._ready_once.is_set():
            self._ready_once.set()
            self.duties.request_shard(self._ready_once.wait)

    async def setup_hook(self) -> None:
        """Open the database, load the cogs and sync commands if the tree changed."""
        self.db = await Database.open(self.config.db_path, clock=self.clock)  # one clock: deadlines and leagues
        pool = render_pool.pool_for(self.config.render_workers)
        render_pool.use(pool)
        # The workers warm while the cogs load; the start waits for them only so long (a render asked for
        # meanwhile waits in its worker behind the warm-up, it is never lost).
        self.render_warm = asyncio.create_task(pool.warm())
        self.tables = TableService(self.db, self.seed_source)
        await self.tree.set_translator(CatalogueTranslator())
        for name in COGS:
            await self.load_extension(name)
        if self.elect:  # with SQLite (one process) this process leads at once
            self._seen_epoch = await epoch_now(self.db)
            self.election = Election(session_lock(self.db.backend, LEADER_KEY), self.lead, self.step_down,
                                     name=self.role_name, on_round=self.watch_leader)
            await self.election.start()
        elif self.auto_sync:
            await self.sync_if_changed()
        if self.config.heartbeat:
            self._heartbeat = asyncio.create_task(heartbeat_loop(self, self.config.heartbeat), name="parlor-heartbeat")
        try:
            await asyncio.wait_for(asyncio.shield(self.render_warm), WARM_WAIT)
        except TimeoutError:
            log.info("render workers still warming after %.0f s: starting anyway", WARM_WAIT)
        # Everything loaded so far (modules, card data, command tree) lives as long as the bot: moved
        # out of the collector's generations, a full collection no longer walks it on a player's click.
        gc.collect()
        gc.freeze()

    def dispatch(self, event_name: str, /, *args, **kwargs) -> None:
        """Dispatch an event, unless the bot is closing or closed. discord.py's own timers outlive ``close()``:
        ``ready`` is dispatched up to ``guild_ready_timeout`` after the last GUILD_CREATE, so a bot closed
        before then would schedule its listeners (``became_ready``) on the loop ``close()`` has forgotten; the
        coroutines would never run (nothing needs them once closed: a restarted bot gets a new ``ready``)."""
        if self.is_closed():
            log.debug("closed: event %s dropped", event_name)
            return
        super().dispatch(event_name, *args, **kwargs)

    async def close(self) -> None:
        """Close the Discord connection, give the lead up and close the database."""
        try:
            await super().close()
        finally:
            if self._heartbeat is not None:
                self._heartbeat.cancel()
                self._heartbeat = None
            await self.duties.close()
            if self.election is not None:
                election, self.election = self.election, None
                await election.stop()
            if self.db is not None:
                await self.db.close()
                self.db = None

    def _sync_guild(self, guild_id: int | None) -> discord.Object | None:
        if guild_id is None:
            return None
        guild = discord.Object(id=guild_id)
        self.tree.copy_global_to(guild=guild)
        return guild

    async def command_hash(self, guild: discord.abc.Snowflake | None) -> str:
        """Return a hash of the command tree as it would be synced to ``guild`` (None = global), translations
        included (a catalogue change syncs again)."""
        translator = self.tree.translator
        commands = self.tree.get_commands(guild=guild)
        if translator is None:
            payload = [cmd.to_dict(self.tree) for cmd in commands]
        else:
            payload = [await cmd.get_translated_payload(self.tree, translator) for cmd in commands]
        payload.sort(key=lambda c: c["name"])
        text = json.dumps(payload, sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()

    async def sync_commands(self, guild_id: int | None = None) -> int:
        """Push the slash commands globally, or to one guild (instant); return how many."""
        assert self.db is not None
        guild = self._sync_guild(guild_id)
        synced = await self.tree.sync(guild=guild)
        scope = f"{SYNC_KEY}:{guild.id if guild else 'global'}"
        await self.db.set_meta(scope, await self.command_hash(guild))
        log.info("synced %d commands (%s)", len(synced), scope)
        return len(synced)

    async def sync_if_changed(self) -> bool:
        """Sync the commands only if the tree changed since the last sync; return whether it synced."""
        assert self.db is not None
        guild = self._sync_guild(self.config.dev_guild)
        scope = f"{SYNC_KEY}:{guild.id if guild else 'global'}"
        if await self.db.get_meta(scope) == await self.command_hash(guild):
            log.info("command tree unchanged since the last sync (%s)", scope)
            return False
        await self.sync_commands(guild.id if guild else None)
        return True


class ShardedParlorBot(ParlorBot, commands.AutoShardedBot):
    """Pixel Parlor on discord.py's sharded client: the shards ``config.shard_ids`` of ``config.shard_count``."""

    def _shard_options(self, config: Config) -> dict:
        """The shard count and this process's shard ids."""
        return {"shard_count": config.shard_count, "shard_ids": list(config.shard_ids or range(config.shard_count))}


def build_bot(config: Config, **kwargs) -> ParlorBot:
    """Return a configured, not yet started bot (sharded when ``config.shard_count`` is set)."""
    if config.shard_count is not None:
        return ShardedParlorBot(config, **kwargs)
    return ParlorBot(config, **kwargs)
