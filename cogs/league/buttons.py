"""The league post's buttons (Join / Leave / Start / Cancel), a challenge's **Accept** / **Decline** (the
challenged member only) and **My secret choice**, and the organiser's cancel question. All are persistent items
whose ``custom_id`` carries the league (and challenge), so they survive restarts."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot import errors
from bot.answers import member_language
from bot.i18n import N_, SOURCE, t
from cogs.buttons import SIGNUP_OPS, id_number, known_op, op_button, refusing
from cogs.cancelling import Cancellable, answer_cancel, confirm_button
from cogs.cancelling import ask_cancel as ask_cancel_of
from cogs.flow import bot_of
from cogs.league.common import NOT_ORGANISER, answering, name_of, organiser, server_language
from cogs.league.private import challenge_of, choice_post
from cogs.league.texts import challenge_text, signup_text


def post_kwargs(row: Any, ends_at: float | None = None, lang: str = SOURCE) -> dict:
    """Return the league post's content and buttons for its status (buttons only during sign-up), in ``lang``."""
    view = None
    if row.status == "signup":
        view = discord.ui.View(timeout=None)
        for op in SIGNUP_OPS:
            view.add_item(SignupButton(row.id, op, lang))
    return {"content": signup_text(row, ends_at, lang), "view": view, "allowed_mentions": discord.AllowedMentions.none()}


def challenge_kwargs(row: Any, challenge: dict, lang: str = SOURCE) -> dict:
    """Return a challenge post: its text, Accept / Decline while offered, **My secret choice** once accepted (in
    ``lang``)."""
    view = discord.ui.View(timeout=None)
    status = challenge.get("status") if row.status not in ("finished", "cancelled") else "over"
    if status == "offered":
        view.add_item(AnswerButton(row.id, challenge["id"], True, lang))
        view.add_item(AnswerButton(row.id, challenge["id"], False, lang))
    elif status == "accepted":
        view.add_item(SecretButton(row.id, challenge["id"], lang))
    mentions = [discord.Object(challenge["to"])] if status == "offered" else []
    return {"content": challenge_text(row, challenge, lang), "view": view if view.children else None,
            "allowed_mentions": discord.AllowedMentions(users=mentions)}


class SignupButton(discord.ui.DynamicItem[discord.ui.Button], template=r"lg:(?P<lid>\d+):(?P<op>[a-z]+)"):
    """Join / Leave / Start / Cancel on a league post."""

    def __init__(self, lid: int, op: str, lang: str = SOURCE):
        self.lid, self.op = lid, op
        super().__init__(op_button(f"lg:{lid}:{op}", op, lang=lang))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> SignupButton:
        """Rebuild the button from a click."""
        return cls(id_number(match["lid"]), known_op(match["op"], "league"))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Carry out the operation through the league service and update the post."""
        service = bot_of(interaction).tables.leagues
        user = interaction.user
        async with answering(interaction):
            row = await service.load(self.lid, interaction.guild_id)
            if self.op == "cancel":
                await ask_cancel(interaction, row)
                return
            if self.op == "join" and user.bot:
                raise errors.NotAllowed("A bot cannot play in a league.")
            await interaction.response.defer()
            if self.op == "join":
                await service.join(self.lid, user.id, user.display_name)
            elif self.op == "leave":
                await service.leave(self.lid, user.id)
            else:
                await service.start(self.lid, user.id, await organiser(interaction, row))
            row = await service.load(self.lid)
            await interaction.edit_original_response(**post_kwargs(row, await service.cycle_ends_at(row.id),
                                                                   await server_language(row)))


class AnswerButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"lca:(?P<lid>\d+):(?P<cid>\d+):(?P<answer>[yn])"):
    """**Accept** / **Decline** under a challenge: only the challenged member may answer (the challenger's
    **Decline** withdraws it)."""

    def __init__(self, lid: int, cid: int, accept: bool, lang: str = SOURCE):
        self.lid, self.cid, self.accept = lid, cid, accept
        label, style = ((t(lang, "Accept"), discord.ButtonStyle.success) if accept
                        else (t(lang, "Decline"), discord.ButtonStyle.secondary))
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"lca:{lid}:{cid}:{'y' if accept else 'n'}"))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> AnswerButton:
        """Rebuild the button from a click."""
        return cls(id_number(match["lid"]), id_number(match["cid"]), match["answer"] == "y")

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Answer through the service (it refuses anyone but the challenged member) and update the post."""
        service = bot_of(interaction).tables.leagues
        async with answering(interaction):
            row = await service.load(self.lid, interaction.guild_id)
            challenge = challenge_of(row.state, self.cid)
            withdraw = not self.accept and interaction.user.id == challenge["by"]
            if interaction.user.id != challenge["to"] and not withdraw:
                mention = f"<@{challenge['to']}>"
                raise errors.NotAllowed("Only {member} can answer this challenge (its challenger may withdraw it "
                                        "with **Decline**).", member=mention)
            await interaction.response.defer()
            row = await service.answer(self.lid, self.cid, interaction.user.id, self.accept)
            await interaction.edit_original_response(**challenge_kwargs(row, challenge_of(row.state, self.cid),
                                                                        await server_language(row)))


class SecretButton(discord.ui.DynamicItem[discord.ui.Button], template=r"lcs:(?P<lid>\d+):(?P<cid>\d+)"):
    """**My secret choice** under an accepted challenge: shows its player their Leader and Base menus privately."""

    def __init__(self, lid: int, cid: int, lang: str = SOURCE):
        self.lid, self.cid = lid, cid
        super().__init__(discord.ui.Button(label=t(lang, "My secret choice"), emoji="🔒", style=discord.ButtonStyle.primary,
                                           custom_id=f"lcs:{lid}:{cid}"))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> SecretButton:
        """Rebuild the button from a click."""
        return cls(id_number(match["lid"]), id_number(match["cid"]))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Show the clicker their choice (if they play this challenge and have not chosen yet)."""
        service = bot_of(interaction).tables.leagues
        async with answering(interaction):
            row = await service.load(self.lid, interaction.guild_id)
            challenge = challenge_of(row.state, self.cid)
            user = interaction.user.id
            if user not in (challenge["by"], challenge["to"]):
                raise errors.NotAllowed("Only the two players of this challenge choose here.")
            if challenge.get("status") != "accepted" or str(user) in (challenge.get("choices") or {}):
                raise errors.StaleDecision("Your choice for this challenge is already made (or no longer needed).")
            post = choice_post(row, self.cid, user, lang=member_language(interaction))
            await interaction.response.send_message(ephemeral=True, **post.send_kwargs())


def cancel_question(row: Any, lang: str = SOURCE) -> str:
    """Return the question an organiser answers before cancelling (in the member's ``lang``)."""
    return t(lang, "Cancel **{league}**? Its scores stop where they are. This cannot be taken back.",
             league=name_of(row, lang))


CANCELLABLE = Cancellable("league", "lgc", lambda bot: bot.tables.leagues, answering, organiser, name_of,
                          NOT_ORGANISER, cancel_question, None, N_("Cancel the league"),
                          N_("The league goes on: nothing changed."), N_("{name} was cancelled."))


async def ask_cancel(interaction: discord.Interaction, row: Any) -> None:
    """Ask the member (privately) to confirm cancelling; a non-organiser is refused at once."""
    await ask_cancel_of(CANCELLABLE, interaction, row, CancelButton)


class CancelButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"lgc:(?P<lid>\d+):(?P<user>\d+):(?P<answer>[yn])"):
    """**Cancel the league** / **Keep it** under an organiser's private question."""

    def __init__(self, lid: int, user_id: int, confirm: bool, lang: str = SOURCE):
        self.lid, self.user_id, self.confirm = lid, user_id, confirm
        super().__init__(confirm_button(CANCELLABLE, lid, user_id, confirm, lang))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> CancelButton:
        """Rebuild the button from a click."""
        return cls(id_number(match["lid"]), id_number(match["user"]), match["answer"] == "y")

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Cancel (once) or keep the league; the question loses its buttons either way."""
        await answer_cancel(CANCELLABLE, interaction, self.lid, self.user_id, self.confirm, self.custom_id)
