"""Choosing a built deck at a lobby: the "Choose deck" button and the private (ephemeral) deck menu."""

from __future__ import annotations

import re

import discord

from bot import errors
from bot.answers import member_language
from bot.i18n import SOURCE, t
from bot.lobby_decks import choices, is_built
from bot.tables import Table
from cogs.buttons import id_number, refusing
from cogs.flow import bot_of, guarded
from cogs.posts import guild_language

MAX_OPTIONS = 25


def deck_line(table: Table, lang: str = SOURCE) -> str:
    """Return the lobby's deck line of a built-deck table (in ``lang``): who has chosen (never which deck)."""
    if not is_built(table):
        return ""
    chosen = choices(table)
    marks = ", ".join(f"<@{s.user_id}> {'✅' if str(s.user_id) in chosen else '⏳'}" for s in table.seats)
    return "\n" + t(lang, "Built decks: each player chooses one of their decks privately (Choose deck). {marks}",
                    marks=marks)


class ChooseDeckButton(discord.ui.DynamicItem[discord.ui.Button], template=r"pldk:(?P<game>\d+)"):
    """Opens the member's private deck menu for a built-deck lobby."""

    def __init__(self, game_id: int, lang: str = SOURCE):
        self.game_id = game_id
        super().__init__(discord.ui.Button(label=t(lang, "Choose deck"), style=discord.ButtonStyle.secondary, emoji="🃏",
                                           custom_id=f"pldk:{game_id}"))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> ChooseDeckButton:
        """Rebuild the button from a click."""
        return cls(id_number(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Answer privately with the member's decks of this server as a menu."""
        bot = bot_of(interaction)
        async with guarded(interaction):
            table = await bot.tables.load(self.game_id, interaction.guild_id)
            if table.row.status != "lobby":
                raise errors.LobbyError("This table has already started or closed.")
            if table.seat_of(interaction.user.id) is None:
                raise errors.LobbyError("Take a seat first (Join), then choose your deck.")
            decks = await bot.tables.decks.list(interaction.guild_id, interaction.user.id)
            if not decks:
                raise errors.LobbyError("You have no decks in this server yet: make one with `/pt deck new`.")
            message_id = interaction.message.id if interaction.message is not None else 0
            lang = member_language(interaction)
            view = discord.ui.View(timeout=None)
            view.add_item(DeckSelect(self.game_id, message_id, [d["name"] for d in decks], lang))
            current = choices(table).get(str(interaction.user.id))
            text = t(lang, "Choose the deck you will play (only you see this).") + (
                " " + t(lang, "Now: **{deck}**.", deck=discord.utils.escape_markdown(current)) if current else "")
            await interaction.response.send_message(text, view=view, ephemeral=True)


class DeckSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"plds:(?P<game>\d+):(?P<msg>\d+)"):
    """The private deck menu: picking a deck records it for the lobby."""

    def __init__(self, game_id: int, message_id: int, names: list[str] | None = None, lang: str = SOURCE):
        self.game_id, self.message_id = game_id, message_id
        options = [discord.SelectOption(label=n[:100], value=n[:100]) for n in (names or ["-"])[:MAX_OPTIONS]]
        super().__init__(discord.ui.Select(custom_id=f"plds:{game_id}:{message_id}", placeholder=t(lang, "Your deck"),
                                           options=options, min_values=1, max_values=1))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> DeckSelect:
        """Rebuild the menu from a choice."""
        return cls(id_number(match["game"]), id_number(match["msg"]))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Record the choice, confirm it privately and refresh the lobby post."""
        from cogs.lobby.buttons import lobby_view
        from cogs.lobby.texts import lobby_text

        bot = bot_of(interaction)
        values = (interaction.data or {}).get("values") or []
        async with guarded(interaction):
            if not values:
                raise errors.LobbyError("Choose a deck from the menu.")
            await interaction.response.defer(ephemeral=True)
            async with bot.tables.post_lock(self.game_id):
                table = await bot.tables.choose_deck(self.game_id, interaction.user.id, str(values[0]))
                await interaction.edit_original_response(
                    content="✅ " + t(member_language(interaction), "You will play **{deck}**.",
                                     deck=discord.utils.escape_markdown(str(values[0]))), view=None)
                if self.message_id and interaction.channel is not None:
                    lobby = interaction.channel.get_partial_message(self.message_id)
                    lang = await guild_language(interaction.guild_id)
                    try:
                        await lobby.edit(content=lobby_text(table, lang), view=lobby_view(table, lang),
                                         allowed_mentions=discord.AllowedMentions.none())
                    except discord.HTTPException:
                        pass  # the choice is saved; the lobby post shows it on its next change
