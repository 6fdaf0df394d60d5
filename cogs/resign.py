"""Resigning asks first: ``/game resign`` answers privately with **Resign** / **Keep playing**.

The two buttons are persistent: their ``custom_id`` carries the game and the member who asked, so
they work after a restart; another member's (forged) button is refused plainly, and a confirmation
clicked twice resigns once (the second click finds the player already gone or the game over).
"""

from __future__ import annotations

import logging
import re

import discord

from bot.answers import member_language
from bot.i18n import N_, t
from bot.tables import Table
from cogs.buttons import id_number, refusing, stale_button
from cogs.flow import announce, bot_of, guarded

log = logging.getLogger("parlor.resign")

TEMPLATE = r"rs:(?P<game>\d+):(?P<user>\d+):(?P<answer>[yn])"


def confirm_text(table: Table, lang: str = "en") -> str:
    """Return the question the member answers before resigning (in ``lang``, the member's language)."""
    title = f"**{table.title}**"
    return t(lang, "Resign from {title}? You leave the game for good (what that means depends on the game's rules: "
                   "the game may go on without you, or end). This cannot be taken back.", title=title)


def confirm_view(game_id: int, user_id: int, lang: str = "en") -> discord.ui.View:
    """Return the **Resign** / **Keep playing** buttons of one member's question (labelled in ``lang``)."""
    view = discord.ui.View(timeout=None)
    view.add_item(ResignButton(game_id, user_id, True, lang))
    view.add_item(ResignButton(game_id, user_id, False, lang))
    return view


async def ask_resign(interaction: discord.Interaction, table: Table) -> None:
    """Ask the member (privately, the interaction deferred ephemerally) to confirm resigning, in their language."""
    lang = member_language(interaction)
    await interaction.followup.send(confirm_text(table, lang), view=confirm_view(table.id, interaction.user.id, lang),
                                    ephemeral=True, allowed_mentions=discord.AllowedMentions.none())


class ResignButton(discord.ui.DynamicItem[discord.ui.Button], template=TEMPLATE):
    """**Resign** (confirm) or **Keep playing** under a member's private question; survives restarts."""

    def __init__(self, game_id: int, user_id: int, confirm: bool, lang: str = "en"):
        self.game_id, self.user_id, self.confirm = game_id, user_id, confirm
        label, style = (N_("Resign"), discord.ButtonStyle.danger) if confirm else (
            N_("Keep playing"), discord.ButtonStyle.secondary)
        super().__init__(discord.ui.Button(label=t(lang, label), style=style,
                                           custom_id=f"rs:{game_id}:{user_id}:{'y' if confirm else 'n'}"))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> ResignButton:
        """Rebuild the button from a click."""
        return cls(id_number(match["game"]), id_number(match["user"]), match["answer"] == "y")

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Resign (once) or keep playing; the question loses its buttons either way."""
        bot = bot_of(interaction)
        async with guarded(interaction):
            if interaction.user.id != self.user_id:
                raise stale_button(self.custom_id, "another member's confirmation")
            if not self.confirm:
                await interaction.response.edit_message(
                    content=t(member_language(interaction), "You keep playing: nothing changed."), view=None)
                return
            await interaction.response.defer()
            async with bot.tables.post_lock(self.game_id):
                outcome = await bot.tables.resign(self.game_id, interaction.user.id, interaction.guild_id)
                try:
                    title = outcome.before.title
                    await interaction.edit_original_response(
                        content=t(member_language(interaction), "You resigned from {title}.", title=title), view=None)
                except discord.HTTPException as exc:
                    log.info("could not close the resign question (%s)", exc.status)
                await announce(bot, outcome, None, tell=interaction)
