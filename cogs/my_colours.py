"""**🎨 My colours** under every table post (issue 16): the clicker's own copy of that post's board, drawn in
their theme (``/preferences theme``) and their language, only for them.

The button is on every live table post, whoever looks at it (a public post cannot know its reader): a member
whose theme and language are the post's own is told so, and how to choose another look. The copy is the
public post's own image (the public view: nothing hidden), redrawn; a post the game has moved past, or a game of
another server, gets its reason instead. ``/preferences board`` draws the same copy for any game by number.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord

from bot import errors
from bot.answers import member_language
from bot.i18n import N_, t, translate
from bot.member_prefs import member_theme, server_theme
from cogs.buttons import id_number, refusing, stale_button
from cogs.flow import bot_of, guarded
from cogs.posts import PRESENTERS, Post, drawn_for, in_theme, public_language

if TYPE_CHECKING:
    from bot.tables import Table

#: every member-facing sentence of this module (marked for the catalogues, shown with ``t``)
TEXT = {
    "label": N_("My colours"),
    "copy": N_("**{title}** in your **{theme}** theme (only you see this)."),
    "same": N_("This post already looks the way you chose: your theme, **{theme}**, is this server's, and the "
               "post is in your language. `/preferences theme` offers other looks (colour-blind, high-contrast); "
               "this button then shows any table post in yours, only to you."),
    "stale": N_("This post of **{title}** is out of date: the game has moved on since. Press **My colours** under "
                "its newest post, or use `/preferences board game:{game}`."),
}


def theme_word(lang: str, theme: str) -> str:
    """A theme's name as the member's ``/preferences theme`` choices show it, in ``lang``."""
    return translate(lang, theme, "choice")


async def member_copy(table: Table, theme: str, lang: str) -> Post:
    """The table's public post (the public view only, no buttons) with its images and alt texts drawn in
    ``theme`` and ``lang``: one member's own copy."""
    with drawn_for(lang):
        post = await PRESENTERS[table.row.kind].table_post(table, mention=False)
    return await in_theme(Post(post.content, post.images), theme)


def colours_button(table: Table, lang: str) -> discord.ui.Item | None:
    """The table post's **My colours** button (labelled in ``lang``, the server's language); None unless running."""
    if table.row.status != "running" or table.row.kind not in PRESENTERS:
        return None
    return MyColoursButton(table.id, table.row.version, t(lang, TEXT["label"]))


class MyColoursButton(discord.ui.DynamicItem[discord.ui.Button], template=r"mc:(?P<game>\d+):(?P<version>\d+)"):
    """Shows the clicker the table post's board in their own theme and language, ephemerally."""

    def __init__(self, game_id: int, version: int, label: str = "My colours"):
        self.game_id, self.version = game_id, version
        super().__init__(discord.ui.Button(label=label, emoji="🎨", style=discord.ButtonStyle.secondary,
                                           custom_id=f"mc:{game_id}:{version}"))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> MyColoursButton:
        """Rebuild the button from a click, after a restart too."""
        return cls(id_number(match["game"]), id_number(match["version"]), getattr(item, "label", None) or "My colours")

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """The post's board in the clicker's theme and language, or why not (only they see the answer)."""
        bot = bot_of(interaction)
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            table = await bot.tables.load(self.game_id, interaction.guild_id)  # another server's: not here
            if table.row.kind not in PRESENTERS:
                raise stale_button(self.custom_id, f"{table.row.kind} has no table post")
            if table.row.version != self.version or table.row.status != "running":
                raise errors.StaleDecision(TEXT["stale"], title=table.title, game=table.id)
            lang, user = member_language(interaction), interaction.user.id
            mine = await member_theme(bot.tables, user)
            if mine == await server_theme(bot.tables, table.row.guild_id) and lang == await public_language(table):
                await interaction.followup.send(t(lang, TEXT["same"], theme=theme_word(lang, mine)), ephemeral=True)
                return
            post = await member_copy(table, mine, lang)
            await interaction.followup.send(t(lang, TEXT["copy"], title=table.title, theme=theme_word(lang, mine)),
                                            files=[i.file() for i in post.images], ephemeral=True,
                                            allowed_mentions=discord.AllowedMentions.none())
