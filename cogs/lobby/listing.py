"""/games: the lobbies and running games of a server, one line each (ephemeral)."""

from __future__ import annotations

import discord

from bot.answers import member_language
from bot.i18n import t
from bot.registry import title
from cogs.flow import bot_of
from cogs.posts import MAX_CONTENT, esc


async def list_games(interaction: discord.Interaction) -> None:
    """List the lobbies and running games of this server to the member (ephemeral)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    bot = bot_of(interaction)
    rows = await bot.tables.open_games(interaction.guild_id, ("lobby", "running"))
    lang = member_language(interaction)
    if not rows:
        await interaction.followup.send(t(lang, "No games are open or running here. Start one with /play."),
                                        ephemeral=True)
        return
    lines: list[str] = []
    for index, row in enumerate(rows):
        table = await bot.tables.load(row.id)
        turn = ""
        if row.status == "running":
            acting = sorted({d.player for d in table.pending()})
            turn = " — " + t(lang, "to act: {names}", names=", ".join(esc(table.names(lang)[p]) for p in acting))
        state = t(lang, "lobby") if row.status == "lobby" else t(lang, "running")
        game, where = f"**{title(row.kind)} #{row.id}**", f"<#{row.post_channel_id}>"
        since = f"<t:{int(row.created_at)}:R>"
        line = t(lang, "{game} ({state}) in {channel}: {players}{turn} — since {since}", game=game, state=state,
                 channel=where, players=esc(", ".join(table.names(lang))), turn=turn, since=since)
        more = "\n" + t(lang, "…and {count} more: add `game:<number>` to commands to reach them.",
                         count=len(rows) - index)
        if sum(len(x) + 1 for x in lines) + len(line) + len(more) > MAX_CONTENT:
            lines.append(more.strip())
            break
        lines.append(line)
    await interaction.followup.send("\n".join(lines), ephemeral=True,
                                    allowed_mentions=discord.AllowedMentions.none())
