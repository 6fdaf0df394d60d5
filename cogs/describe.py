"""``/game describe``: the whole state of a game in words, only for the caller (their own hand or draft too when
they are seated, never another player's), split into several messages when long.

A free command added to the ``/game`` group when this extension loads (``cogs/game_group.py``).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import member_language
from bot.i18n import t
from cogs.flow import bot_of, guarded
from cogs.game_group import add_subcommand, rated_command, remove_subcommand
from cogs.history import require_played, resolve
from cogs.posts import MAX_CONTENT, esc
from rendering.describe_text import split_text
from rendering.describers import describe

#: at most this many messages answer one /game describe (each within Discord's 2,000 characters)
MAX_MESSAGES = 10
#: per member: at most DESCRIBE_RATE descriptions per DESCRIBE_PER seconds
DESCRIBE_RATE, DESCRIBE_PER = 12, 30.0


def describe_messages(title: str, text: str, lang: str = "en") -> list[str]:
    """Return the messages of a description: a title line, then the text in pieces within Discord's limit,
    each numbered (``Part 1 of 3``) when there are several (in ``lang``)."""
    bold = f"**{title}**"
    pieces = split_text(t(lang, "{title} in words:", title=bold) + f"\n{text}", MAX_CONTENT - 40)
    if len(pieces) > MAX_MESSAGES:
        pieces = pieces[:MAX_MESSAGES - 1] + [t(lang, "(The description goes on: the rest is left out.)")]
    if len(pieces) == 1:
        return pieces
    return [t(lang, "Part {number} of {count}:", number=k, count=len(pieces)) + f" {piece}"
            for k, piece in enumerate(pieces, 1)]


@app_commands.describe(game="Game number (default: the game in this channel or thread)")
async def game_describe(interaction: discord.Interaction, game: int | None = None) -> None:
    """The whole game in words, with your own hand when you play in it (only you see it)."""
    bot = bot_of(interaction)
    async with guarded(interaction):
        table = await resolve(bot, interaction, game, ("running", "finished"))
        require_played(table)
        await interaction.response.defer(ephemeral=True, thinking=True)
        seat = table.seat_of(interaction.user.id)
        view = table.engine.view(table.state, seat)
        lang = member_language(interaction)
        text = describe(table.row.kind, view, [esc(n) for n in table.names(lang)], seat, lang)
        for piece in describe_messages(table.title, text, lang):
            await interaction.followup.send(piece, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())


def describe_command() -> app_commands.Command:
    """Return a fresh ``/game describe`` (each bot's ``/game`` group gets its own, with its own cooldown)."""
    return rated_command("describe", "The whole game in words, for screen readers (only you see it)",
                         game_describe, DESCRIBE_RATE, DESCRIBE_PER)


async def setup(bot: commands.Bot) -> None:
    """Add /game describe to the /game group."""
    add_subcommand(bot, describe_command(), "cogs.describe")


async def teardown(bot: commands.Bot) -> None:
    """Remove /game describe."""
    remove_subcommand(bot, "describe")
