"""``/game hint``: the computer's suggestion for your pending move, only for you (``bot/hints.py`` decides).

A free command added, when this extension loads, to the ``/game`` group ``LobbyCog`` owns (load it after
``cogs.lobby``), with a per-member cooldown as ``/game log`` has.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import member_language
from bot.i18n import t
from cogs.flow import bot_of, guarded
from cogs.game_group import add_subcommand, rated_command, remove_subcommand
from cogs.posts import esc, presenter_for

#: per member: at most HINT_RATE hints per HINT_PER seconds (each one is a search on the thinking worker)
HINT_RATE, HINT_PER = 5, 60.0


@app_commands.describe(game="Game number (default: your game in this channel or thread)")
async def game_hint(interaction: discord.Interaction, game: int | None = None) -> None:
    """The normal computer player's move in your place, in words (only you see it)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    bot = bot_of(interaction)
    async with guarded(interaction):
        hint = await bot.tables.hint(interaction.guild_id, interaction.channel_id, interaction.user.id, game)
        lang = member_language(interaction)
        presenter = presenter_for(hint.table.row.kind)
        words = hint.text
        # the move in the member's language, where the game can say it (as its player reads it: a hidden card named)
        describe = getattr(presenter, "describe_private", None) or getattr(presenter, "describe_action", None)
        if describe is not None:
            words = describe(hint.table, hint.seat, hint.action, lang) or words
        title, move = f"**{hint.table.title}**", f"**{esc(words)}**"
        await interaction.followup.send(
            "💡 " + t(lang, "{title} · the computer (normal level) would: {move}", title=title, move=move) + "\n"
            + t(lang, "A suggestion only: nothing was played."), ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none())


def hint_command() -> app_commands.Command:
    """Return a fresh ``/game hint`` (each bot's ``/game`` group gets its own, with its own cooldown)."""
    return rated_command("hint", "The computer's suggestion for your move (only you see it)", game_hint,
                         HINT_RATE, HINT_PER)


async def setup(bot: commands.Bot) -> None:
    """Add /game hint to the /game group."""
    add_subcommand(bot, hint_command(), "cogs.hints")


async def teardown(bot: commands.Bot) -> None:
    """Remove /game hint (the group may already be gone with its cog)."""
    remove_subcommand(bot, "hint")
