"""The lobby post's buttons (Join / Leave / Start / Cancel) and the first posts of a game they start."""

from __future__ import annotations

import logging
import re

import discord

from bot import errors
from bot.i18n import N_, t
from bot.lobby_decks import is_built
from bot.tables import Table
from cogs.buttons import SIGNUP_OPS, id_number, known_op, op_button, refusing
from cogs.computer.lobby import add_button
from cogs.flow import bot_of, guarded, send_table
from cogs.lobby.decks import ChooseDeckButton
from cogs.lobby.texts import lobby_text
from cogs.pixel_tactics import team_lobby
from cogs.posts import guild_language

log = logging.getLogger("parlor.lobby")


def lobby_view(table: Table, lang: str = "en") -> discord.ui.View | None:
    """Return the lobby buttons, labelled in ``lang`` (none once the lobby is closed)."""
    if table.row.status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    for op in SIGNUP_OPS:
        view.add_item(LobbyButton(table.id, op, lang))
    if is_built(table):
        view.add_item(ChooseDeckButton(table.id, lang))
    computer = add_button(table, lang)
    if computer is not None:
        view.add_item(computer)
    return view


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"pl:(?P<game>\d+):(?P<op>[a-z]+)"):
    """Join / Leave / Start / Cancel on a lobby post; survives restarts."""

    def __init__(self, game_id: int, op: str, lang: str = "en"):
        self.game_id, self.op = game_id, op
        super().__init__(op_button(f"pl:{game_id}:{op}", op, lang=lang))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> LobbyButton:
        """Rebuild the button from a click."""
        return cls(id_number(match["game"]), known_op(match["op"], "lobby"))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Carry out the lobby operation and update the lobby post."""
        bot = bot_of(interaction)
        async with guarded(interaction):
            await interaction.response.defer()
            async with bot.tables.post_lock(self.game_id):
                table = await self._apply(bot, interaction.user)
                started = self.op == "start"
                if self.op == "join" and team_lobby.full(table):  # a team table starts when its last seat is taken
                    try:
                        table = await bot.tables.start(self.game_id, table.row.creator_id)
                        started = True
                    except errors.LobbyError as exc:  # e.g. a built deck not chosen yet: the opener starts it later
                        log.info("game %s: full team table not started (%s)", self.game_id, exc.message)
                lang = await guild_language(interaction.guild_id)
                await interaction.edit_original_response(content=lobby_text(table, lang), view=lobby_view(table, lang),
                                                         allowed_mentions=discord.AllowedMentions.none())
                if started:
                    await start_posting(interaction, table)

    async def _apply(self, bot, user: discord.abc.User) -> Table:
        """Run the lobby operation through the table service."""
        if self.op == "join":
            return await bot.tables.join(self.game_id, user.id, user.display_name)
        if self.op == "leave":
            return await bot.tables.leave_lobby(self.game_id, user.id)
        if self.op == "cancel":
            return await bot.tables.cancel(self.game_id, user.id)
        if self.op == "start":
            return await bot.tables.start(self.game_id, user.id)
        raise errors.LobbyError("Unknown lobby button.")


async def start_posting(interaction: discord.Interaction, table: Table) -> None:
    """Open the game's thread where allowed and wanted, then post the first table."""
    bot = bot_of(interaction)
    want_thread = table.row.options.get("thread", True)
    channel = interaction.channel
    perms = interaction.app_permissions
    can_thread = (perms.create_public_threads and perms.send_messages_in_threads
                  and isinstance(channel, discord.TextChannel) and interaction.message is not None)
    if want_thread and can_thread:
        try:
            thread = await interaction.message.create_thread(name=table.title, auto_archive_duration=10080)
        except discord.HTTPException as exc:
            log.warning("game %s: could not create a thread (%s); playing in the channel", table.id, exc.status)
        else:
            await bot.tables.set_thread(table.id, thread.id)
            table = await bot.tables.load(table.id)
            lang = await guild_language(interaction.guild_id)
            link = f"<#{thread.id}>"
            here = t(lang, "Play on in {thread}.", thread=link)
            await interaction.edit_original_response(content=f"{lobby_text(table, lang)}\n{here}",
                                                     allowed_mentions=discord.AllowedMentions.none())
    await send_table(bot, table, mention=True, tell=interaction, saved=N_("The game has started"))
