"""``/learn game:<game>``: a short guided game against an easy computer player in a thread of its own, with a
tip the first time each kind of decision comes up and a closing tip. What the tips say and when they are due:
``bot/tutorial``; this cog only posts."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.computer_seating import vs_seats
from bot.i18n import N_, t
from bot.registry import GAMES, title
from bot.tutorial import GAMES as LEARNABLE
from bot.tutorial import LEVEL, due_tips, is_tutorial, learn_options, mark_shown
from bot.tutorial.tips import CLOSING, TIP, WELCOME_LEAD, WELCOMES
from cogs.flow import bot_of, guarded, send_table
from cogs.posts import esc, guild_language, public_language

log = logging.getLogger("parlor.learn")


async def post_tips(bot, table):
    """Post the tips due with the learner's pending decision in the game's channel and record them; return the
    table after the record (call under the game's posting lock, before its table post)."""
    if not is_tutorial(table):
        return table
    due = due_tips(table)
    if not due:
        return table
    lang = await public_language(table)
    channel = bot.get_partial_messageable(table.row.post_channel_id)
    for _kind, tip in due:
        await channel.send(t(lang, TIP, tip=t(lang, tip)), allowed_mentions=discord.AllowedMentions.none())
    return await mark_shown(bot.tables, table, [kind for kind, _tip in due])


async def post_closing(bot, table) -> None:
    """Post the closing tip of a finished tutorial game (how to play a real game)."""
    if not is_tutorial(table):
        return
    lang = await public_language(table)
    try:
        await bot.get_partial_messageable(table.row.post_channel_id).send(
            t(lang, CLOSING, game=table.row.kind), allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as exc:
        log.info("game %s: could not post the closing tip (%s)", table.id, exc.status)


async def start_learning(interaction: discord.Interaction, game: str) -> None:
    """Open the member's tutorial game, its thread (where the channel allows one), the welcome and the first
    table."""
    bot = bot_of(interaction)
    user = interaction.user
    seats, extra = vs_seats(user.id, user.display_name, LEVEL)
    table = await bot.tables.create_started(game, interaction.guild_id, interaction.channel_id, seats,
                                            {**learn_options(game), **extra})
    async with bot.tables.post_lock(table.id):  # taken at once: a computer moving first waits for the welcome
        await _open_thread(interaction, table, title(game))
        table = await bot.tables.load(table.id)
        lang = await public_language(table)
        mention = f"<@{user.id}>"
        welcome = t(lang, WELCOME_LEAD, game=title(game), who=mention) + "\n" + t(lang, WELCOMES[game])
        await bot.get_partial_messageable(table.row.post_channel_id).send(
            welcome, allowed_mentions=discord.AllowedMentions(users=[user]))
        await send_table(bot, table, mention=True, tell=interaction, saved=N_("The game has started"))


async def _open_thread(interaction: discord.Interaction, table, name: str) -> None:
    """Answer ``/learn`` with the opening post and open the game's thread from it where the channel allows."""
    from cogs.game_threads import can_thread

    bot = bot_of(interaction)
    user = interaction.user
    lang = await guild_language(interaction.guild_id)
    who = f"**{esc(user.display_name)}**"
    opening = t(lang, "📘 {who} is learning {game} against a computer player (game #{number}, not rated).",
                who=who, game=name, number=table.id)
    message = await interaction.followup.send(opening, wait=True, allowed_mentions=discord.AllowedMentions.none())
    if not can_thread(interaction.channel):
        return
    thread_name = t(lang, "Learn {game} — {name}", game=name, name=user.display_name)[:100]
    try:
        made = await interaction.channel.get_partial_message(message.id).create_thread(
            name=thread_name, auto_archive_duration=10080)
    except discord.HTTPException as exc:
        log.warning("game %s: could not create a thread (%s); learning in the channel", table.id, exc.status)
    else:
        await bot.tables.set_thread(table.id, made.id)


class LearnCog(commands.Cog):
    """The ``/learn`` command."""

    def __init__(self, bot: commands.Bot):
        self.bot = bot

    @app_commands.command(name="learn", description="Learn a game: a short guided game against a computer player")
    @app_commands.guild_only()
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=[app_commands.Choice(name=GAMES[k][0], value=k) for k in LEARNABLE])
    async def learn(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        """Start the member's tutorial game of ``game``."""
        from cogs.lobby.rights import play_settings

        if await play_settings(interaction) is None:
            return
        await interaction.response.defer(thinking=True)
        async with guarded(interaction):
            await start_learning(interaction, game.value)


async def setup(bot: commands.Bot) -> None:
    """Load the cog."""
    await bot.add_cog(LearnCog(bot))
