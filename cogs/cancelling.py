"""The organiser's private "Cancel …? This cannot be taken back." question and its two buttons, shared by the
tournament and the league cogs (each keeps its own button class and custom id prefix)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot import errors
from bot.answers import member_language
from bot.i18n import N_, t
from cogs.buttons import stale_button
from cogs.flow import bot_of


@dataclass(frozen=True)
class Cancellable:
    """What a cancel question needs to know of the thing it cancels (a tournament, a league)."""

    #: "tournament", "league": the button's label and the answers' words
    noun: str
    #: the custom id prefix of the two buttons (``<prefix>:<id>:<user>:y|n``)
    prefix: str
    #: the bot -> the service with ``load(id, guild_id)`` and ``cancel(id, user_id, organiser)``
    service: Callable[[Any], Any]
    #: the cog's error-answering context manager, organiser check and display name
    answering: Callable[[discord.Interaction], Any]
    organiser: Callable[[discord.Interaction, Any], Awaitable[bool]]
    name_of: Callable[[Any, str], str]
    #: the refusal a non-organiser gets, and the question (from the row)
    refusal: str
    question: Callable[[Any, str], str]
    #: what follows a cancellation (e.g. bringing the sign-up post up to date)
    after: Callable[[Any, Any], Awaitable[None]] | None
    #: catalogue messages of the confirm button, the "kept" answer and the "cancelled" answer (``{name}``): the
    #: question and answers speak the member's language (``question(row, lang)``, ``name_of(row, lang)``)
    confirm_label: str
    kept: str
    done: str

KEEP_IT = N_("Keep it")


def confirm_button(kind: Cancellable, oid: int, user_id: int, confirm: bool, lang: str = "en") -> discord.ui.Button:
    """Return **Cancel the <noun>** (danger) or **Keep it** for ``user_id``'s question about ``oid`` (in
    ``lang``)."""
    label, style = (t(lang, kind.confirm_label), discord.ButtonStyle.danger) if confirm else (
        t(lang, KEEP_IT), discord.ButtonStyle.secondary)
    return discord.ui.Button(label=label, style=style,
                             custom_id=f"{kind.prefix}:{oid}:{user_id}:{'y' if confirm else 'n'}")


async def ask_cancel(kind: Cancellable, interaction: discord.Interaction, row: Any,
                     button: Callable[[int, int, bool, str], discord.ui.Item]) -> None:
    """Ask the member (privately) to confirm cancelling ``row``; a non-organiser is refused at once."""
    if not await kind.organiser(interaction, row):
        raise errors.NotAllowed(kind.refusal)
    view = discord.ui.View(timeout=None)
    lang = member_language(interaction)
    for confirm in (True, False):
        view.add_item(button(row.id, interaction.user.id, confirm, lang))
    question = kind.question(row, lang)
    if interaction.response.is_done():
        await interaction.followup.send(question, view=view, ephemeral=True)
    else:
        await interaction.response.send_message(question, view=view, ephemeral=True)


async def answer_cancel(kind: Cancellable, interaction: discord.Interaction, oid: int, user_id: int,
                        confirm: bool, custom_id: str) -> None:
    """Cancel (once) or keep the thing; the question loses its buttons either way."""
    bot = bot_of(interaction)
    async with kind.answering(interaction):
        if interaction.user.id != user_id:
            raise stale_button(custom_id, "another member's confirmation")
        lang = member_language(interaction)
        if not confirm:
            await interaction.response.edit_message(content=t(lang, kind.kept), view=None)
            return
        await interaction.response.defer()
        service = kind.service(bot)
        row = await service.load(oid, interaction.guild_id)
        row = await service.cancel(oid, interaction.user.id, await kind.organiser(interaction, row))
        done = t(lang, kind.done, name=kind.name_of(row, lang))
        await interaction.edit_original_response(content=done, view=None)
        if kind.after is not None:
            await kind.after(bot, row)
