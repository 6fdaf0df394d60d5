"""The post that opens an organised game (a tournament pairing, a league challenge's game): the post, a thread
from it where the server's ``threads`` setting and the bot's permissions allow, and the first table."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.i18n import N_, t
from cogs.flow import send_table
from cogs.reposts import needs_post

log = logging.getLogger("parlor.game_threads")


def can_thread(channel: Any) -> bool:
    """Return whether the bot may open a game's thread from a post in this channel (a text channel where it
    may create public threads and speak in them)."""
    if not isinstance(channel, discord.TextChannel):
        return False
    me = channel.guild.me
    if me is None:  # not cached: try, a refusal is handled
        return True
    perms = channel.permissions_for(me)
    return perms.create_public_threads and perms.send_messages_in_threads


def where_below(thread: bool, lang: str = "en") -> str:
    """Return where the game posted after a pairing is played: its thread, or this channel (in ``lang``)."""
    return t(lang, "in the thread below") if thread else t(lang, "posted below in this channel")


async def post_opening(bot: Any, channel: Any, table: Any, text: Callable[[bool], str], thread_name: str) -> None:
    """Post ``text(thread)`` mentioning the game's players, open the game's thread from it (when the row wants
    one and the channel allows it; a refused thread corrects the post to ``text(False)``: the game is played in
    the channel), then post the first table unless already posted there (a refused post still lets the table be
    posted in the channel)."""
    tables = bot.tables
    users = [discord.Object(s.user_id) for s in table.seats]
    want = bool(table.row.options.get("thread", True)) and can_thread(channel)
    opened: int | None = None  # the game's new thread
    try:
        message = await channel.send(text(want), allowed_mentions=discord.AllowedMentions(users=users))
    except discord.HTTPException as exc:
        log.warning("game %s: could not post its pairing (%s)", table.id, exc.status)
        message = None
    if message is not None and want:
        try:
            thread = await message.create_thread(name=thread_name[:100], auto_archive_duration=10080)
        except discord.HTTPException as exc:
            log.warning("game %s: could not create a thread (%s); playing in the channel", table.id, exc.status)
            try:
                await message.edit(content=text(False), allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException as again:
                log.warning("game %s: could not correct its pairing post (%s)", table.id, again.status)
        else:
            await tables.set_thread(table.id, thread.id)
            opened = thread.id
    async with tables.post_lock(table.id):
        table = await tables.load(table.id)
        if needs_post(table.row):
            await send_table(bot, table, mention=True, saved=N_("The game was created"))
        elif opened is not None and table.row.message_channel_id != opened:
            # the start-up recovery posted it meanwhile, in the channel before the thread was opened: again in the
            # thread (the channel's post loses its buttons; the private hands went out with the first post)
            await send_table(bot, table, mention=True, already={d.id for d in table.pending()}, turn_seats=set(),
                             saved=N_("The game was created"))
