"""``/game undo`` in Discord: a public request post with Agree / Refuse buttons for the other players."""

from __future__ import annotations

import logging
import re

import discord
from discord import app_commands
from discord.ext import commands

from bot import errors
from bot.answers import member_language
from bot.i18n import N_, t
from bot.undo import AGREED, REFUSED, Asked, UndoClosed, UndoService, Voted
from cogs.buttons import id_number, refusing
from cogs.flow import bot_of, guarded, send_table
from cogs.posts import action_words, esc, fit_content, public_language

log = logging.getLogger("parlor.undo")

TEMPLATE = r"pu:(?P<game>\d+):(?P<number>\d+):(?P<vote>[yn])"


def request_text(asked: Asked, lang: str = "en") -> str:
    """Return the request post (in ``lang``, the server's language): who asks to take back what, and whom it asks."""
    table, request = asked.table, asked.request
    names = table.names(lang)
    others = " ".join(f"<@{table.user_of(seat)}>" for seat in request.voters)
    words = asked.text
    if asked.before is not None:
        words = action_words(table, asked.before, request.requester_seat, asked.action, lang) or words
    title, name = f"**{esc(table.title)}**", f"**{esc(names[request.requester_seat])}**"
    return "↩️ " + t(lang, "{title} — {name} asks to take back: {action}. {others}, agree?", title=title, name=name,
                     action=words, others=others)


def vote_view(game_id: int, number: int, lang: str = "en") -> discord.ui.View:
    """Return the Agree / Refuse buttons of a request (labelled in ``lang``)."""
    view = discord.ui.View(timeout=None)
    view.add_item(UndoVoteButton(game_id, number, True, lang))
    view.add_item(UndoVoteButton(game_id, number, False, lang))
    return view


class UndoVoteButton(discord.ui.DynamicItem[discord.ui.Button], template=TEMPLATE):
    """Agree / Refuse on an undo request post; survives restarts."""

    def __init__(self, game_id: int, number: int, agree: bool, lang: str = "en"):
        self.game_id, self.number, self.agree = game_id, number, agree
        label, style = ((N_("Agree"), discord.ButtonStyle.success) if agree
                        else (N_("Refuse"), discord.ButtonStyle.danger))
        super().__init__(discord.ui.Button(label=t(lang, label), style=style,
                                           custom_id=f"pu:{game_id}:{number}:{'y' if agree else 'n'}"))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> UndoVoteButton:
        """Rebuild the button from a click."""
        return cls(id_number(match["game"]), id_number(match["number"]), match["vote"] == "y")

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Count the vote; once agreed, post the table as it was before the action."""
        bot = bot_of(interaction)
        async with guarded(interaction):
            await interaction.response.defer()
            async with bot.tables.post_lock(self.game_id):
                try:
                    voted = await UndoService(bot.tables).vote(self.game_id, interaction.user.id, self.number,
                                                               self.agree, guild_id=interaction.guild_id)
                except (UndoClosed, errors.GameNotRunning):
                    await _edit(interaction, view=None)  # the request is over: its buttons go
                    raise
                await show_vote(bot, interaction, voted)


async def _edit(interaction: discord.Interaction, **kwargs) -> None:
    """Edit the clicked request post; a failure (deleted post...) is logged, not fatal."""
    try:
        await interaction.edit_original_response(allowed_mentions=discord.AllowedMentions.none(), **kwargs)
    except discord.HTTPException as exc:
        log.warning("could not edit the undo request post (%s)", exc.status)


async def show_vote(bot, interaction: discord.Interaction, voted: Voted) -> None:
    """Update the request post and, once agreed, post the table again (call under the post lock)."""
    lang = await public_language(voted.before)
    names = voted.before.names(lang)
    content = interaction.message.content if interaction.message is not None else ""
    name = f"**{esc(names[voted.seat])}**"
    if voted.status == REFUSED:
        refused = "❌ " + t(lang, "Refused by {name}.", name=name)
        await _edit(interaction, content=fit_content(f"{content}\n{refused}"), view=None)
        return
    line = f"{content}\n✅ " + t(lang, "{name} agrees.", name=name)
    if voted.status != AGREED:
        waiting = ", ".join(esc(names[s]) for s in voted.request.waiting_for())
        await _edit(interaction, content=fit_content(f"{line} " + t(lang, "Waiting for {names}.", names=waiting)))
        return
    await _edit(interaction, content=fit_content(f"{line}\n↩️ " + t(lang, "Taken back.")), view=None)
    after = voted.after
    channel = bot.get_partial_messageable(after.row.post_channel_id)
    previous = voted.before.row.message_id
    if previous is not None:  # the table post showing the taken-back action loses its buttons
        try:
            await channel.get_partial_message(previous).edit(view=None)
        except discord.HTTPException as exc:
            log.info("could not retire post %s (%s)", previous, exc.status)
    await send_table(bot, after, mention=True, tell=interaction)


@app_commands.command(name="undo", description="Ask the other players to take back your last action")
@app_commands.describe(game="Game number (default: your game in this channel or thread)")
async def undo(interaction: discord.Interaction, game: int | None = None) -> None:
    """Post a request with Agree / Refuse buttons in the game's channel (refusals stay ephemeral)."""
    bot = bot_of(interaction)
    async with guarded(interaction):
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await bot.tables.find_for(interaction.guild_id, interaction.channel_id, interaction.user.id, game)
        service = UndoService(bot.tables)
        async with bot.tables.post_lock(table.id):
            asked = await service.request_undo(table.id, interaction.user.id, interaction.guild_id)
            request = asked.request
            voters = [discord.Object(asked.table.user_of(seat)) for seat in request.voters]
            channel = bot.get_partial_messageable(asked.table.row.post_channel_id)
            lang = await public_language(asked.table)
            try:
                await channel.send(fit_content(request_text(asked, lang)), view=vote_view(table.id, request.number, lang),
                                   allowed_mentions=discord.AllowedMentions(users=voters))
            except Exception:
                await service.drop(table.id, request.number)
                raise
        where = f"<#{asked.table.row.post_channel_id}>"
        await interaction.followup.send(t(member_language(interaction), "Asked the other players in {channel}: the "
                                          "action is taken back once they all agree.", channel=where), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """Add /game undo to the /game group of cogs.lobby (loaded before) and register the buttons."""
    group = bot.tree.get_command("game")
    if not isinstance(group, app_commands.Group):
        raise RuntimeError("cogs.undo adds /game undo to the /game group: load cogs.lobby first")
    if group.get_command("undo") is None:
        group.add_command(undo)
    bot.add_dynamic_items(UndoVoteButton)


async def teardown(bot: commands.Bot) -> None:
    """Take /game undo and its buttons away again."""
    group = bot.tree.get_command("game")
    if isinstance(group, app_commands.Group):
        group.remove_command("undo")
    bot.remove_dynamic_items(UndoVoteButton)
