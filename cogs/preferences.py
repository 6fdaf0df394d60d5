"""/preferences: a member's own look of the images only they see (issue 16), and any game's board in it.

Public posts are drawn in the server's theme (``/settings theme``); this cog also starts that at load."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import member_language
from bot.games.pixel_pusher import PixelPusherEngine
from bot.i18n import N_, t
from bot.member_prefs import member_theme, server_theme, set_member_theme
from cogs.flow import bot_of, guarded
from cogs.history import resolve
from cogs.my_colours import TEXT as COPY_TEXT
from cogs.my_colours import MyColoursButton, member_copy, theme_word
from cogs.posts import Image, render, use_themes
from rendering import pixel_pusher, themes

#: every member-facing sentence of this cog (one place; marked for the message catalogues, shown with ``t``)
TEXT = {
    "saved": N_("Your images (DM hands, private choices, card pages, `/preferences board`) are now drawn in the "
                "**{theme}** theme. Preview:"),
    "current": N_("Your images are drawn in the **{theme}** theme (public posts: this server's **{public}**). "
                  "Preview:"),
    "preview_alt": N_("Preview of the {theme} theme: a Pixel Pusher conveyor with its seven pixel colours R, G, "
                      "B, C, M, Y and W, each marked with its letter."),
}
PREVIEW_HEIGHT = 338  # the top of a Pixel Pusher board: the conveyor and the supply, every pixel colour


def preview_view() -> tuple[dict, list[str]]:
    """A fresh two-player Pixel Pusher board (the same every time) to preview a theme with (its players' names
    are below the part shown)."""
    engine = PixelPusherEngine()
    return engine.view(engine.new_game(2, {}, 7), None), ["Ada", "Bob"]


async def preview(theme: str, lang: str) -> Image:
    """A small image showing every pixel colour in ``theme`` (its words and alt text in ``lang``)."""
    view, names = preview_view()
    data = await render(themes.preview, theme, PREVIEW_HEIGHT, pixel_pusher.render_board, view, names, lang)
    return Image(data, f"theme-{theme}.png", t(lang, TEXT["preview_alt"], theme=theme))


async def public_theme(bot: commands.Bot, table) -> str:
    """The theme of a table's public posts: its server's."""
    return await server_theme(bot.tables, table.row.guild_id)


class PreferencesCog(commands.Cog):
    """/preferences theme and /preferences board (and the table posts' **My colours** button)."""

    preferences = app_commands.Group(name="preferences", description="Your own Pixel Parlor preferences")

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        use_themes(lambda table: public_theme(bot, table))

    async def cog_unload(self) -> None:
        use_themes(None)

    @preferences.command(name="theme", description="The look of the images only you see (hands, card pages)")
    @app_commands.describe(theme="standard, colour-blind (for any colour vision) or high-contrast (black panels, "
                                 "white outlines)")
    @app_commands.choices(theme=[app_commands.Choice(name=name, value=name) for name in themes.NAMES])
    async def theme(self, interaction: discord.Interaction, theme: app_commands.Choice[str] | None = None) -> None:
        """Choose your theme (or see it), with a preview; only you see the answer."""
        tables, lang = bot_of(interaction).tables, member_language(interaction)
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            if theme is not None:
                await set_member_theme(tables, interaction.user.id, theme.value)
                text = t(lang, TEXT["saved"], theme=theme.value)
            mine = await member_theme(tables, interaction.user.id)
            if theme is None:
                text = t(lang, TEXT["current"], theme=mine, public=await server_theme(tables, interaction.guild_id))
            image = await preview(mine, lang)
            await interaction.followup.send(text, file=image.file(), ephemeral=True)

    @preferences.command(name="board", description="A game's current board drawn in your theme (only you see it)")
    @app_commands.describe(game="The game's number (default: the game of this channel or thread)")
    async def board(self, interaction: discord.Interaction, game: int | None = None) -> None:
        """Show the public board of a game in the member's own theme and language, ephemerally."""
        bot, lang = bot_of(interaction), member_language(interaction)
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            table = await resolve(bot, interaction, game, ("running", "finished"))
            mine = await member_theme(bot.tables, interaction.user.id)
            post = await member_copy(table, mine, lang)
            text = t(lang, COPY_TEXT["copy"], title=table.title, theme=theme_word(lang, mine))
            await interaction.followup.send(text, files=[i.file() for i in post.images], ephemeral=True,
                                            allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: commands.Bot) -> None:
    """Load the cog and register the **My colours** button of table posts."""
    await bot.add_cog(PreferencesCog(bot))
    bot.add_dynamic_items(MyColoursButton)


async def teardown(bot: commands.Bot) -> None:
    """Remove the **My colours** button."""
    bot.remove_dynamic_items(MyColoursButton)
