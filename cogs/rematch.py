"""``/game rematch``: after a finished game, a new table with the same players in the same seats (added to the
``/game`` group with the other history commands, ``cogs/history.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot import errors
from bot.i18n import t
from bot.lobby_decks import fresh_options
from bot.registry import title
from bot.tables import Table
from cogs.flow import bot_of, guarded, reply_error
from cogs.history import require_played, resolve
from cogs.lobby.buttons import lobby_view
from cogs.lobby.texts import lobby_text
from cogs.mygames import LINK
from cogs.posts import fit_content, public_language

if TYPE_CHECKING:
    from bot.app import ParlorBot


async def refuse_second_rematch(bot: ParlorBot, table: Table) -> None:
    """Refuse when a rematch of this game is already open or running."""
    for row in await bot.tables.rematches_of(table.id, ("lobby", "running")):
        raise errors.LobbyError("A rematch of {game} is already open: **{kind} #{rematch}**.", game=table.title,
                                kind=title(row.kind), rematch=row.id)


async def open_rematch(bot: ParlorBot, table: Table) -> Table:
    """Open a lobby of the same kind and options with the same players in the same seats (the first
    player opens it, so only they can start or cancel it); refuse a second rematch of one game."""
    async with bot.tables.lock(table.id):  # two players asking at once get one rematch
        await refuse_second_rematch(bot, table)
        first, *others = table.seats
        options = {**fresh_options(table.row.options), "rematch_of": table.id}
        options.pop("takeover", None)  # a computer that took a seat over does not stay for the rematch
        new = await bot.tables.create_lobby(table.row.kind, table.row.guild_id, table.row.channel_id,
                                            first.user_id, first.name, options)
        for seat in others:
            new = await bot.tables.join(new.id, seat.user_id, seat.name)
        return new


@app_commands.describe(game="Game number (default: the last finished game in this channel or thread)")
async def game_rematch(interaction: discord.Interaction, game: int | None = None) -> None:
    """After a finished game, open a new table with the same players seated."""
    bot = bot_of(interaction)
    user = interaction.user
    try:
        table = await resolve(bot, interaction, game, ("finished", "running"))
        require_played(table)
        if table.row.status != "finished":
            raise errors.GameNotRunning("{game} is not finished: a rematch can be asked once it is over.",
                                        game=table.title)
        if table.seat_of(user.id) is None:
            raise errors.NotSeated("Only the players of {game} can ask for a rematch.", game=table.title)
        await refuse_second_rematch(bot, table)
        # the server's rules for opening games apply to rematches too
        from cogs.lobby.rights import play_refusal

        why = play_refusal(interaction, await bot.tables.settings(interaction.guild_id))
        if why:
            raise errors.NotAllowed(why)
    except errors.ParlorError as exc:
        await reply_error(interaction, exc.template, **exc.fields)
        return
    await interaction.response.defer(thinking=True)
    async with guarded(interaction):
        new = await open_rematch(bot, table)
        lang = await public_language(new)  # a public post: the server's language
        game, member = f"**{table.title}**", f"<@{user.id}>"
        asked = t(lang, "Rematch of {game}, asked by {member}.", game=game, member=member)
        content = f"🔁 {asked}\n{lobby_text(new, lang)}"
        mentions = discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=[
            discord.Object(s.user_id) for s in new.seats if s.user_id != user.id and s.user_id > 0])
        kwargs = {"content": fit_content(content), "allowed_mentions": mentions}
        if (view := lobby_view(new, lang)) is not None:
            kwargs["view"] = view
        channel_id = new.row.channel_id
        if interaction.channel_id == channel_id:
            await interaction.followup.send(**kwargs)
            return
        # Asked in the game's thread (or elsewhere): the lobby goes to the game's channel.
        message = await bot.get_partial_messageable(channel_id, guild_id=new.row.guild_id).send(**kwargs)
        link = LINK.format(guild=new.row.guild_id or "@me", channel=channel_id) + f"/{message.id}"
        game, where = f"**{new.title}**", f"<#{channel_id}>"
        text = t(lang, "{game}, the rematch of {old}, is open in {channel}: {link}", game=game, old=table.title,
                 channel=where, link=link)
        await interaction.followup.send(f"🔁 {text}", allowed_mentions=discord.AllowedMentions.none())
