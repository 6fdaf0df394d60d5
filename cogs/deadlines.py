"""Deadlines in Discord: reminders by DM (or one mention in the game), timeouts, /game extend."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import member_language
from bot.deadlines import DeadlineService, Fired, Timer
from bot.duties import duties_of
from bot.i18n import N_, t
from bot.scheduler import Scheduler
from bot.tables import Table
from cogs.flow import announce, bot_of, guarded
from cogs.posts import Post, esc, public_language

log = logging.getLogger("parlor.deadlines")


def jump_link(table: Table) -> str:
    """Return a link to the game's latest post (or its channel)."""
    row = table.row
    guild = row.guild_id if row.guild_id is not None else "@me"
    tail = f"/{row.message_id}" if row.message_id else ""
    return f"https://discord.com/channels/{guild}/{row.post_channel_id}{tail}"


class DeadlinesCog(commands.Cog):
    """Runs the scheduler and speaks for it."""

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        self.deadlines = DeadlineService.of(bot.tables, bot.clock)
        self.scheduler = Scheduler(self.deadlines, self.handle, bot.clock)
        self.deadlines.on_change = self.scheduler.poke
        bot.deadlines = self.deadlines
        bot.scheduler = self.scheduler

    async def cog_load(self) -> None:
        """Keep timers in line with every commit; the leader gives running games that have none their timers
        (e.g. games older than deadlines) before it starts the loop (``ParlorBot.lead``; it catches up at once)."""
        self.bot.tables.after_commit.append(self.deadlines.sync)
        duties_of(self.bot).lead("gave running games their timers", self.time_untimed, discord=False)

    async def time_untimed(self) -> int:
        """Give every running game without a timer its timers; return how many games."""
        untimed = await self.deadlines.untimed_games()
        for game_id in untimed:
            async with self.bot.tables.lock(game_id):
                await self.deadlines.sync(await self.bot.tables.load(game_id))
        return len(untimed)

    async def cog_unload(self) -> None:
        """Stop the loop."""
        await self.scheduler.stop()
        if self.deadlines.sync in self.bot.tables.after_commit:
            self.bot.tables.after_commit.remove(self.deadlines.sync)

    async def handle(self, timer: Timer) -> Fired:
        """Fire one timer and say what happened, under the game's posting lock."""
        async with self.bot.tables.post_lock(timer.game_id):
            fired = await self.deadlines.fire(timer)
            if fired.kind == "reminder":
                await self._remind(fired)
            elif fired.kind in ("skip", "forfeit") and fired.outcome is not None:
                if fired.kind == "skip":
                    await announce(self.bot, fired.outcome, None, how="⌛",
                                   lead=N_("ran out of time; the bot played: "))
                else:
                    await announce(self.bot, fired.outcome, None, how="⌛", lead=N_("ran out of time and forfeits: "))
            elif fired.kind == "computer" and fired.table is not None:
                from cogs.computer.cog import announce_takeover  # computer imports bot.deadlines

                await announce_takeover(self.bot, fired)
            elif fired.kind == "pause" and fired.table is not None:
                user = fired.table.user_of(timer.seat)
                channel = self.bot.get_partial_messageable(fired.table.row.post_channel_id)
                lang, who = await public_language(fired.table), f"<@{user}>"
                await channel.send("⌛ " + t(lang, "{who}, your time for this move is up. The game waits for you "
                                                   "(this server pauses games on timeouts).", who=who),
                                   allowed_mentions=discord.AllowedMentions(users=[discord.Object(user)]))
        return fired

    async def _remind(self, fired: Fired) -> None:
        table = fired.table
        user_id = table.user_of(fired.timer.seat)
        lang = await public_language(table)  # a DM that answers no interaction: the server's language
        due = f"<t:{int(fired.deadline_at)}:R>" if fired.deadline_at else t(lang, "soon")
        from cogs.private import send_dm  # it remembers closed DMs instead of retrying each time

        title, link, who = f"**{table.title}**", jump_link(table), f"<@{user_id}>"
        if await send_dm(self.bot, user_id, Post("⏰ " + t(lang, "Your move in {title} is due {due}. Jump to the "
                                                              "game: {link}", title=title, due=due, link=link))):
            return
        log.info("game %s: reminder not sent by DM; mentioning in the game instead", table.id)
        channel = self.bot.get_partial_messageable(table.row.post_channel_id)
        title = f"**{esc(table.title)}**"
        await channel.send("⏰ " + t(lang, "{who}, reminder: your move in {title} is due {due}.", who=who, title=title,
                                     due=due),
                           allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]))


@app_commands.command(name="extend", description="Ask once for more time for your pending move")
@app_commands.describe(game="Game number (default: your game in this channel or thread)")
async def extend(interaction: discord.Interaction, game: int | None = None) -> None:
    """Move the member's deadline back by one more deadline span (once per move)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    bot = bot_of(interaction)
    async with guarded(interaction):
        table = await bot.tables.find_for(interaction.guild_id, interaction.channel_id, interaction.user.id, game)
        deadline = await bot.deadlines.extend(table.id, interaction.user.id, interaction.guild_id)
        when = f"<t:{int(deadline)}:R>"
        await interaction.followup.send("⏳ " + t(member_language(interaction), "Done: your move in {title} is now "
                                                                              "due {when}.", title=table.title,
                                                 when=when), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """Load the cog and add /game extend to the /game group."""
    await bot.add_cog(DeadlinesCog(bot))
    group = bot.tree.get_command("game")
    if isinstance(group, app_commands.Group) and group.get_command("extend") is None:
        group.add_command(extend)
