"""Computer players in Discord: the driver's posts, the takeover announcement and ``/game return`` (lobbies
and ``/play … vs``: ``cogs/computer/lobby.py``). Rules and storage live in ``bot/computer_*.py``."""

from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot import errors
from bot.ai import worker
from bot.answers import member_language
from bot.computer_players import ComputerDriver, taken_over, unattended
from bot.computer_seating import give_back
from bot.deadlines import Fired
from bot.duties import duties_of
from bot.i18n import N_, t, translate
from bot.tables import Outcome
from cogs.computer.lobby import AddComputerButton, ComputerMenuButton
from cogs.flow import announce, bot_of, guarded, reply_error, send_table
from cogs.posts import esc, public_language

log = logging.getLogger("parlor.computer")


class ComputerCog(commands.Cog):
    """Runs the computer players' driver and speaks for it."""

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        self.worker = worker.AIWorker(bot.config.ai_workers)
        worker.use(self.worker)
        self.driver = ComputerDriver(bot.tables, delay=bot.config.computer_delay, announce=self.announce_move)
        bot.computers = self.driver
        duties_of(bot).per_shard("resumed games waiting for a computer player", self.driver.resume)

    async def cog_load(self) -> None:
        """Play the computer seats after every commit."""
        self.bot.tables.after_commit.append(self.driver.on_commit)

    async def cog_unload(self) -> None:
        """Stop the driver's tasks and the thinking worker."""
        if self.driver.on_commit in self.bot.tables.after_commit:
            self.bot.tables.after_commit.remove(self.driver.on_commit)
        await self.driver.close()
        await asyncio.to_thread(self.worker.shutdown)

    async def announce_move(self, outcome: Outcome) -> None:
        """Post a computer move (called under the game's posting lock)."""
        seat = outcome.seat
        lead, fields = "", {}
        if seat in taken_over(outcome.before):
            lead, fields = N_("— the computer played for {name}: "), {"name": esc(outcome.before.seats[seat].name)}
        await announce(self.bot, outcome, None, how="🤖", lead=lead, quiet=True, lead_fields=fields)


async def announce_takeover(bot, fired: Fired) -> None:
    """Say in the game that a computer plays a timed-out member's seat, and post the table (under the post lock)."""
    table = fired.table
    seat = fired.timer.seat
    level = taken_over(table).get(seat, "normal")
    user = table.user_of(seat)
    channel = bot.get_partial_messageable(table.row.post_channel_id)
    lang = await public_language(table)
    alone = (" " + t(lang, "No member is left playing, so the game waits until one comes back with `/game return`.")
             if unattended(table) else "")
    who, name = f"<@{user}>", f"**{esc(table.seats[seat].name)}**"
    await channel.send("⌛ " + t(lang, "{who} ({name}) ran out of time; a computer player ({level}) plays their seat "
                                       "until they come back with `/game return`.", who=who, name=name,
                                 level=translate(lang, level, "choice")) + alone,
                       allowed_mentions=discord.AllowedMentions(users=[discord.Object(user)]))
    await send_table(bot, table, mention=True)


@app_commands.command(name="return", description="Take your seat back from the computer player")
@app_commands.describe(game="Game number (default: your game in this channel or thread)")
async def return_(interaction: discord.Interaction, game: int | None = None) -> None:
    """Give a taken-over seat back to its member, announced in the game."""
    bot = bot_of(interaction)
    try:  # quick reads first, so that a refusal stays ephemeral
        table = await bot.tables.find_for(interaction.guild_id, interaction.channel_id, interaction.user.id, game)
        table, seat = await bot.tables.seat_of(table.id, interaction.user.id, interaction.guild_id)
        if seat not in taken_over(table):
            raise errors.NotAllowed("Your seat is not played by a computer: there is nothing to take back.")
    except errors.ParlorError as exc:
        await reply_error(interaction, exc.template, **exc.fields)
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    async with guarded(interaction), bot.tables.post_lock(table.id):
        table, seat = await give_back(bot.tables, table.id, interaction.user.id, interaction.guild_id)
        channel = bot.get_partial_messageable(table.row.post_channel_id)
        lang = await public_language(table)
        name = f"**{esc(table.names(lang)[seat])}**"
        await channel.send("↩️ " + t(lang, "{name} is back and plays their seat again.", name=name),
                           allowed_mentions=discord.AllowedMentions.none())
        await send_table(bot, table, mention=True, tell=interaction)
        await interaction.followup.send(t(member_language(interaction), "Welcome back: you play your seat in {title} "
                                                                        "again.", title=table.title), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """Load the cog, register the lobby buttons and add /game return to the /game group."""
    await bot.add_cog(ComputerCog(bot))
    bot.add_dynamic_items(AddComputerButton, ComputerMenuButton)
    group = bot.tree.get_command("game")
    if isinstance(group, app_commands.Group) and group.get_command("return") is None:
        group.add_command(return_)
