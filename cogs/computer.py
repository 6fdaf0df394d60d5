"""Computer players in Discord: the driver's posts, **Add computer player** at a lobby, ``/play … vs``,
the takeover announcement and ``/game return``. Rules and storage live in ``bot/computer_*.py``."""

from __future__ import annotations

import logging
import re

import discord
from discord import app_commands
from discord.ext import commands

from bot import errors
from bot.ai import worker
from bot.computer_players import LEVELS, ComputerDriver, computer_levels, taken_over
from bot.computer_seating import add_computer, computer_refusal, give_back, remove_computer, vs_seats
from bot.deadlines import Fired
from bot.tables import Outcome, Table
from cogs.buttons import id_number, refusing
from cogs.flow import announce, bot_of, guarded, reply_error, send_table
from cogs.posts import esc

log = logging.getLogger("parlor.computer")

LEVEL_STYLES = {"easy": discord.ButtonStyle.success, "normal": discord.ButtonStyle.primary,
                "strong": discord.ButtonStyle.danger}


class AddComputerButton(discord.ui.DynamicItem[discord.ui.Button], template=r"pc:(?P<game>\d+)"):
    """**Add computer player** on a lobby post: its opener gets the level menu privately."""

    def __init__(self, game_id: int):
        self.game_id = game_id
        super().__init__(discord.ui.Button(label="Add computer player", emoji="🤖",
                                           style=discord.ButtonStyle.secondary, custom_id=f"pc:{game_id}"))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> AddComputerButton:
        """Rebuild the button from a click."""
        return cls(id_number(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Check the clicker opened this lobby, then show them the levels (and the computers to remove)."""
        bot = bot_of(interaction)
        async with guarded(interaction):
            table = await bot.tables.load(self.game_id, interaction.guild_id)
            if table.row.status != "lobby":
                raise errors.LobbyError("This table is no longer open.")
            if interaction.user.id != table.row.creator_id:
                raise errors.LobbyError("Only the member who opened this table can add computer players.")
            refusal = computer_refusal(table.row.kind, table.row.options)
            if refusal is not None:
                raise errors.LobbyError(refusal)
            full = len(table.seats) >= table.seat_range[1]
            if full and not computer_levels(table):
                raise errors.LobbyError(f"The table is full ({table.seat_range[1]} players).")
            await interaction.response.send_message(menu_text(table), view=menu_view(table, interaction.message.id),
                                                    ephemeral=True)


def menu_text(table: Table) -> str:
    """Return the private menu's text: what the levels mean and who sits now."""
    full = len(table.seats) >= table.seat_range[1]
    seated = ", ".join(esc(s.name) for s in table.seats if s.user_id in computer_levels(table))
    text = ("The table is full: remove a computer player to free a seat." if full else
            "Seat a computer player: **easy** (quick and fallible), **normal** or **strong** (thinks longest).")
    return text + (f"\nComputer players seated: {seated}." if seated else "")


def menu_view(table: Table, lobby_message: int) -> discord.ui.View:
    """Return the level buttons (while a seat is free) and one **Remove** button per computer seat."""
    view = discord.ui.View(timeout=None)
    if len(table.seats) < table.seat_range[1]:
        for level in LEVELS:
            view.add_item(ComputerMenuButton(table.id, lobby_message, "add", level))
    for seat in table.seats:
        if seat.user_id in computer_levels(table):
            view.add_item(ComputerMenuButton(table.id, lobby_message, "rm", str(-seat.user_id), seat.name))
    return view


class ComputerMenuButton(discord.ui.DynamicItem[discord.ui.Button],
                         template=r"pcm:(?P<game>\d+):(?P<msg>\d+):(?P<op>add|rm):(?P<arg>[a-z0-9]{1,10})"):
    """A level to seat, or a computer seat to remove, in the opener's private menu."""

    def __init__(self, game_id: int, message_id: int, op: str, arg: str, name: str = ""):
        self.game_id, self.message_id, self.op, self.arg = game_id, message_id, op, arg
        label = f"Add {arg}" if op == "add" else f"Remove {name or 'computer'}"[:80]
        style = LEVEL_STYLES.get(arg, discord.ButtonStyle.secondary)
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"pcm:{game_id}:{message_id}:{op}:{arg}"))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> ComputerMenuButton:
        """Rebuild the button from a click."""
        if match["op"] == "add" and match["arg"] not in LEVELS:
            raise ValueError("unknown level")
        return cls(id_number(match["game"]), id_number(match["msg"]), match["op"], match["arg"])

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Seat or remove the computer, then update the menu and the lobby post."""
        bot = bot_of(interaction)
        async with guarded(interaction):
            await interaction.response.defer()
            async with bot.tables.post_lock(self.game_id):
                if self.op == "add":
                    table = await add_computer(bot.tables, self.game_id, interaction.user.id, self.arg)
                else:
                    table = await remove_computer(bot.tables, self.game_id, interaction.user.id,
                                                  -id_number(self.arg))
                from cogs.lobby import lobby_text, lobby_view

                try:
                    await interaction.channel.get_partial_message(self.message_id).edit(
                        content=lobby_text(table), view=lobby_view(table),
                        allowed_mentions=discord.AllowedMentions.none())
                except discord.HTTPException as exc:
                    log.info("game %s: could not update the lobby post (%s)", self.game_id, exc.status)
                await interaction.edit_original_response(content=menu_text(table),
                                                         view=menu_view(table, self.message_id))


def add_button(table: Table) -> discord.ui.Item | None:
    """Return a lobby's **Add computer player** button (none where computer players cannot sit)."""
    if computer_refusal(table.row.kind, table.row.options) is not None:
        return None
    return AddComputerButton(table.id)


def computer_line(table: Table) -> str:
    """Return the lobby text's line about computer players (none seated: nothing)."""
    levels = computer_levels(table)
    return "\n🤖 Computer players: not rated." if levels else ""


async def play_vs(interaction: discord.Interaction, kind: str, options: dict, level: str) -> None:
    """``/play … vs:<level>``: start at once a game of the member against one computer player."""
    from cogs.game_threads import can_thread
    from cogs.lobby import lobby_text

    bot = bot_of(interaction)
    user = interaction.user
    seats, extra = vs_seats(user.id, user.display_name, level)
    table = await bot.tables.create_started(kind, interaction.guild_id, interaction.channel_id, seats,
                                            {**options, **extra})
    message = await interaction.followup.send(lobby_text(table), wait=True,
                                              allowed_mentions=discord.AllowedMentions.none())
    if table.row.options.get("thread", True) and can_thread(interaction.channel):
        try:
            thread = await interaction.channel.get_partial_message(message.id).create_thread(
                name=table.title, auto_archive_duration=10080)
        except discord.HTTPException as exc:
            log.warning("game %s: could not create a thread (%s); playing in the channel", table.id, exc.status)
        else:
            await bot.tables.set_thread(table.id, thread.id)
    async with bot.tables.post_lock(table.id):
        await send_table(bot, await bot.tables.load(table.id), mention=True, tell=interaction,
                         saved="The game has started")


def vs_refusal(kind: str, picked: dict, low_high: tuple[int, int]) -> str | None:
    """Return why ``/play … vs`` cannot open this game, or ``None``."""
    if picked.get("deck") is not None:
        return "A game against the computer is played without built decks (the computer has no deck): leave `deck` out."
    refusal = computer_refusal(kind, {})
    if refusal is not None:
        return refusal
    low, high = low_high
    if not low <= 2 <= high:
        players = f"{low}–{high}" if low != high else f"{low}"
        return f"`vs` seats you against one computer player, but this game needs {players} players."
    return None


class ComputerCog(commands.Cog):
    """Runs the computer players' driver and speaks for it."""

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        self.worker = worker.AIWorker(bot.config.ai_workers)
        worker.use(self.worker)
        self.driver = ComputerDriver(bot.tables, delay=bot.config.computer_delay, announce=self.announce_move)
        bot.computers = self.driver
        self._resumed = False

    async def cog_load(self) -> None:
        """Play the computer seats after every commit."""
        self.bot.tables.after_commit.append(self.driver.on_commit)

    async def cog_unload(self) -> None:
        """Stop the driver's tasks and the thinking worker."""
        if self.driver.on_commit in self.bot.tables.after_commit:
            self.bot.tables.after_commit.remove(self.driver.on_commit)
        await self.driver.close()
        import asyncio

        await asyncio.to_thread(self.worker.shutdown)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Once per process: resume the games waiting for a computer decision."""
        if self._resumed:
            return
        self._resumed = True
        count = await self.driver.resume()
        if count:
            log.info("resumed %d game(s) waiting for a computer player", count)

    async def announce_move(self, outcome: Outcome) -> None:
        """Post a computer move (called under the game's posting lock)."""
        seat = outcome.seat
        lead = ""
        if seat in taken_over(outcome.before):
            lead = f"— the computer played for {esc(outcome.before.seats[seat].name)}: "
        await announce(self.bot, outcome, None, how="🤖", lead=lead)


async def announce_takeover(bot, fired: Fired) -> None:
    """Say in the game that a computer plays a timed-out member's seat, and post the table (under the post lock)."""
    table = fired.table
    seat = fired.timer.seat
    level = taken_over(table).get(seat, "normal")
    user = table.user_of(seat)
    channel = bot.get_partial_messageable(table.row.post_channel_id)
    await channel.send(f"⌛ <@{user}> (**{esc(table.seats[seat].name)}**) ran out of time; a computer player ({level}) "
                       "plays their seat until they come back with `/game return`.",
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
        await reply_error(interaction, exc.message)
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    async with guarded(interaction), bot.tables.post_lock(table.id):
        table, seat = await give_back(bot.tables, table.id, interaction.user.id, interaction.guild_id)
        channel = bot.get_partial_messageable(table.row.post_channel_id)
        await channel.send(f"↩️ **{esc(table.names()[seat])}** is back and plays their seat again.",
                           allowed_mentions=discord.AllowedMentions.none())
        await send_table(bot, table, mention=True, tell=interaction)
        await interaction.followup.send(f"Welcome back: you play your seat in {table.title} again.", ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """Load the cog, register the lobby buttons and add /game return to the /game group."""
    await bot.add_cog(ComputerCog(bot))
    bot.add_dynamic_items(AddComputerButton, ComputerMenuButton)
    group = bot.tree.get_command("game")
    if isinstance(group, app_commands.Group) and group.get_command("return") is None:
        group.add_command(return_)
