"""The tournament post's buttons (Join / Leave / Start / Cancel) and the organiser's cancel question;
both are persistent items whose ``custom_id`` carries the tournament, so they survive restarts."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

import bot.tournaments as rules
from bot import errors
from bot.i18n import N_, t
from cogs.buttons import SIGNUP_OPS, id_number, known_op, op_button, refusing
from cogs.cancelling import Cancellable, answer_cancel, confirm_button
from cogs.cancelling import ask_cancel as ask_cancel_of
from cogs.flow import bot_of
from cogs.posts import guild_language
from cogs.tournaments.common import answering, name_of, organiser
from cogs.tournaments.texts import signup_text

log = logging.getLogger("parlor.tournaments")



def signup_view(row: Any, lang: str = "en") -> discord.ui.View | None:
    """Return the sign-up buttons, labelled in ``lang`` (none once the tournament has started or closed)."""
    if row.status != "signup":
        return None
    view = discord.ui.View(timeout=None)
    for op in SIGNUP_OPS:
        view.add_item(SignupButton(row.id, op, lang))
    return view


def post_kwargs(row: Any, lang: str = "en") -> dict:
    """Return the tournament post's content and buttons for its status, in ``lang`` (the server's language)."""
    champion = rules.champion(row.state) if row.status == "finished" else None
    round_no = rules.round_no(row.state) if row.status == "running" else None
    return {"content": signup_text(row, champion=champion, round_no=round_no, lang=lang),
            "view": signup_view(row, lang), "allowed_mentions": discord.AllowedMentions.none()}


async def refresh_post(bot: Any, row: Any) -> None:
    """Bring the tournament post up to date (a post that is gone is logged, not fatal)."""
    if row.message_id is None:
        return
    message = bot.get_partial_messageable(row.channel_id).get_partial_message(row.message_id)
    try:
        await message.edit(**post_kwargs(row, await guild_language(row.guild_id)))
    except discord.HTTPException as exc:
        log.info("tournament %s: could not update its post (%s)", row.id, exc.status)


class SignupButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tn:(?P<tid>\d+):(?P<op>[a-z]+)"):
    """Join / Leave / Start / Cancel on a tournament post."""

    def __init__(self, tid: int, op: str, lang: str = "en"):
        self.tid, self.op = tid, op
        super().__init__(op_button(f"tn:{tid}:{op}", op, lang=lang))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> SignupButton:
        """Rebuild the button from a click."""
        return cls(id_number(match["tid"]), known_op(match["op"], "tournament"))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Carry out the operation through the tournament service and update the post."""
        service = bot_of(interaction).tables.tournaments
        user = interaction.user
        async with answering(interaction):
            row = await service.load(self.tid, interaction.guild_id)
            if self.op == "cancel":
                await ask_cancel(interaction, row)
                return
            if self.op == "join" and row.options.get("deck_format") == "standard":
                raise errors.LobbyError("This tournament is played with built standard decks: join with "
                                        "`/tournament join deck:<your deck>`.")
            if self.op == "join" and row.options.get("deck_format") == "epic":
                raise errors.LobbyError("This tournament is played with built epic decks: join with "
                                        "`/tournament join deck:<your deck>`.")
            await interaction.response.defer()
            if self.op == "join":
                row = await service.join(self.tid, user.id, user.display_name)
            elif self.op == "leave":
                row = await service.leave(self.tid, user.id)
            else:
                row = await service.start(self.tid, user.id, await organiser(interaction, row))
            await interaction.edit_original_response(**post_kwargs(await service.load(self.tid),
                                                                   await guild_language(row.guild_id)))


def cancel_question(row: Any, lang: str = "en") -> str:
    """Return the question an organiser answers before cancelling (in the member's ``lang``)."""
    if row.status == "running":
        return t(lang, "Cancel **{name}**? Its running games are stopped where they are. This cannot be taken back.",
                 name=name_of(row, lang))
    return t(lang, "Cancel **{name}**? This cannot be taken back.", name=name_of(row, lang))


async def _refresh_after(bot: Any, row: Any) -> None:
    """Bring the sign-up post of a cancelled tournament up to date."""
    await refresh_post(bot, row)


CANCELLABLE = Cancellable("tournament", "tc", lambda bot: bot.tables.tournaments, answering, organiser, name_of,
                          N_("Only an organiser (its creator, Manage Server, or the organiser role) can cancel this "
                             "tournament."), cancel_question, _refresh_after,
                          N_("Cancel the tournament"), N_("The tournament goes on: nothing changed."),
                          N_("{name} was cancelled."))


async def ask_cancel(interaction: discord.Interaction, row: Any) -> None:
    """Ask the member (privately) to confirm cancelling; a non-organiser is refused at once."""
    await ask_cancel_of(CANCELLABLE, interaction, row, CancelButton)


class CancelButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"tc:(?P<tid>\d+):(?P<user>\d+):(?P<answer>[yn])"):
    """**Cancel the tournament** / **Keep it** under an organiser's private question."""

    def __init__(self, tid: int, user_id: int, confirm: bool, lang: str = "en"):
        self.tid, self.user_id, self.confirm = tid, user_id, confirm
        super().__init__(confirm_button(CANCELLABLE, tid, user_id, confirm, lang))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> CancelButton:
        """Rebuild the button from a click."""
        return cls(id_number(match["tid"]), id_number(match["user"]), match["answer"] == "y")

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Cancel (once) or keep the tournament; the question loses its buttons either way."""
        await answer_cancel(CANCELLABLE, interaction, self.tid, self.user_id, self.confirm, self.custom_id)
