"""Computer players at lobbies: **Add computer player** (the opener's private level menu, removal before the
start), the lobby line, and ``/play … vs:<level>``. Rules and storage live in ``bot/computer_seating.py``."""

from __future__ import annotations

import logging
import re

import discord

from bot import errors
from bot.answers import member_language
from bot.computer_players import LEVELS, computer_levels
from bot.computer_seating import add_computer, computer_refusal, menu_refusal, remove_computer, vs_seats
from bot.i18n import N_, t, translate
from bot.tables import Table
from cogs.buttons import id_number, refusing
from cogs.flow import bot_of, guarded, send_table
from cogs.posts import esc, guild_language

log = logging.getLogger("parlor.computer")

LEVEL_STYLES = {"easy": discord.ButtonStyle.success, "normal": discord.ButtonStyle.primary,
                "strong": discord.ButtonStyle.danger}


class AddComputerButton(discord.ui.DynamicItem[discord.ui.Button], template=r"pc:(?P<game>\d+)"):
    """**Add computer player** on a lobby post: its opener gets the level menu privately."""

    def __init__(self, game_id: int, lang: str = "en"):
        self.game_id = game_id
        super().__init__(discord.ui.Button(label=t(lang, "Add computer player"), emoji="🤖",
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
            refusal = menu_refusal(table, interaction.user.id)
            if refusal is not None:
                raise errors.LobbyError(refusal)
            lang = member_language(interaction)
            await interaction.response.send_message(menu_text(table, lang),
                                                    view=menu_view(table, interaction.message.id, lang), ephemeral=True)


def menu_text(table: Table, lang: str = "en") -> str:
    """Return the private menu's text (in ``lang``, the member's): what the levels mean and who sits now."""
    full = len(table.seats) >= table.seat_range[1]
    names = table.names(lang)
    seated = ", ".join(esc(names[s.seat]) for s in table.seats if s.user_id in computer_levels(table))
    text = (t(lang, "The table is full: remove a computer player to free a seat.") if full else
            t(lang, "Seat a computer player: **easy** (quick and fallible), **normal** or **strong** (thinks "
                    "longest)."))
    return text + ("\n" + t(lang, "Computer players seated: {names}.", names=seated) if seated else "")


def menu_view(table: Table, lobby_message: int, lang: str = "en") -> discord.ui.View:
    """Return the level buttons (while a seat is free) and one **Remove** button per computer seat (in ``lang``)."""
    view = discord.ui.View(timeout=None)
    if len(table.seats) < table.seat_range[1]:
        for level in LEVELS:
            view.add_item(ComputerMenuButton(table.id, lobby_message, "add", level, lang=lang))
    names = table.names(lang)
    for seat in table.seats:
        if seat.user_id in computer_levels(table):
            view.add_item(ComputerMenuButton(table.id, lobby_message, "rm", str(-seat.user_id), names[seat.seat], lang))
    return view


class ComputerMenuButton(discord.ui.DynamicItem[discord.ui.Button],
                         template=r"pcm:(?P<game>\d+):(?P<msg>\d+):(?P<op>add|rm):(?P<arg>[a-z0-9]{1,10})"):
    """A level to seat, or a computer seat to remove, in the opener's private menu."""

    def __init__(self, game_id: int, message_id: int, op: str, arg: str, name: str = "", lang: str = "en"):
        self.game_id, self.message_id, self.op, self.arg = game_id, message_id, op, arg
        if op == "add":
            label = t(lang, "Add {level}", level=translate(lang, arg, "choice") if arg in LEVELS else arg)
        else:
            label = t(lang, "Remove {name}", name=name or t(lang, "computer"))[:80]
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
                from cogs.lobby.buttons import lobby_view
                from cogs.lobby.texts import lobby_text

                lang = await guild_language(interaction.guild_id)
                try:
                    await interaction.channel.get_partial_message(self.message_id).edit(
                        content=lobby_text(table, lang), view=lobby_view(table, lang),
                        allowed_mentions=discord.AllowedMentions.none())
                except discord.HTTPException as exc:
                    log.info("game %s: could not update the lobby post (%s)", self.game_id, exc.status)
                mine = member_language(interaction)
                await interaction.edit_original_response(content=menu_text(table, mine),
                                                         view=menu_view(table, self.message_id, mine))


def add_button(table: Table, lang: str = "en") -> discord.ui.Item | None:
    """Return a lobby's **Add computer player** button, labelled in ``lang`` (none where computer players
    cannot sit)."""
    if computer_refusal(table.row.kind, table.row.options) is not None:
        return None
    return AddComputerButton(table.id, lang)


def computer_line(table: Table, lang: str = "en") -> str:
    """Return the lobby text's line about computer players (none seated: nothing)."""
    levels = computer_levels(table)
    return "\n🤖 " + t(lang, "Computer players: not rated.") if levels else ""


async def play_vs(interaction: discord.Interaction, kind: str, options: dict, level: str) -> None:
    """``/play … vs:<level>``: start at once a game of the member against one computer player."""
    from cogs.game_threads import can_thread
    from cogs.lobby.texts import lobby_text

    bot = bot_of(interaction)
    user = interaction.user
    seats, extra = vs_seats(user.id, user.display_name, level)
    table = await bot.tables.create_started(kind, interaction.guild_id, interaction.channel_id, seats,
                                            {**options, **extra})
    lang = await guild_language(interaction.guild_id)
    message = await interaction.followup.send(lobby_text(table, lang), wait=True,
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
                         saved=N_("The game has started"))
