"""/mygames (and /games mine:true): a member's games in every server shared with the bot."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.answers import member_language
from bot.i18n import t
from bot.tables import Table
from cogs.flow import bot_of, guarded
from cogs.posts import MAX_CONTENT, esc

if TYPE_CHECKING:
    from bot.tables import GameRow

log = logging.getLogger("parlor.history")

LINK = "https://discord.com/channels/{guild}/{channel}"


def game_link(row: GameRow) -> str:
    """Return a link to the game's latest table post, else to its channel or thread."""
    url = LINK.format(guild=row.guild_id or "@me", channel=row.post_channel_id)
    return f"{url}/{row.message_id}" if row.message_id and row.status == "running" else url


def my_game_line(table: Table, user_id: int, guild_name: str | None, lang: str = "en") -> tuple[bool, str]:
    """Return (is it this member's turn, the line describing the game, in ``lang``)."""
    row = table.row
    names = esc(", ".join(table.names(lang)))
    mine = False
    if row.status == "lobby":
        state = t(lang, "lobby, {seated}/{seats} seated", seated=len(table.seats), seats=table.seat_range[1])
    else:
        acting = sorted({d.player for d in table.pending()})
        mine = table.seat_of(user_id) in acting
        others = [esc(table.names(lang)[p]) for p in acting]
        state = ("**" + t(lang, "your turn") + "**" if mine
                 else t(lang, "to act: {names}", names=", ".join(others)) if others else t(lang, "running"))
    title = f"**{table.title}**"
    head = t(lang, "{title} in {server}", title=title, server=esc(guild_name)) if guild_name else title
    since = f"<t:{int(row.created_at)}:R>"
    go = t(lang, "go to the table")
    link = f"[{go}]({game_link(row)})"
    return mine, f"{head} · {names} · {state} · " + t(lang, "since {since}", since=since) + f" · {link}"


async def my_games(interaction: discord.Interaction) -> None:
    """List the member's lobbies and running games in every server shared with the bot (ephemeral)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    bot = bot_of(interaction)
    lang = member_language(interaction)
    async with guarded(interaction):
        user_id = interaction.user.id
        rows = [r for r in await bot.tables.games_of(user_id, ("lobby", "running"))
                if r.guild_id is None or bot.get_guild(r.guild_id) is not None]
        if not rows:
            await interaction.followup.send(t(lang, "You have no open or running games. Start one with `/play`."),
                                            ephemeral=True)
            return
        several = len({r.guild_id for r in rows}) > 1
        lines = []
        for row in rows:
            guild = bot.get_guild(row.guild_id) if several and row.guild_id else None
            lines.append(my_game_line(await bot.tables.load(row.id), user_id, guild.name if guild else None, lang))
        lines.sort(key=lambda item: not item[0])  # the games waiting for this member first
        turns = sum(1 for mine, _ in lines if mine)
        head = t(lang, "Your games ({count}; your turn in {turns}):", count=len(lines), turns=turns)
        out = [head]
        for index, (_, line) in enumerate(lines):
            more = t(lang, "…and {count} more.", count=len(lines) - index)
            if sum(len(x) + 1 for x in out) + len(line) + len(more) + 1 > MAX_CONTENT:
                out.append(more)
                break
            out.append(line)
        await interaction.followup.send("\n".join(out), ephemeral=True,
                                        allowed_mentions=discord.AllowedMentions.none())


# --- registration -------------------------------------------------------------------------------
