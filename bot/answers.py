"""How a failed interaction is answered: a refusal by its reason, a failed check or a cooldown by its
type, anything else by one apology (details only in the log). When Discord (or Cloudflare in front of
it) refuses the answer itself with a 429, nothing can be told: that is logged at WARNING with the time
to wait, never lost silently.
"""

from __future__ import annotations

import contextlib
import logging
import math

import discord
from discord import app_commands

from bot import errors
from bot.i18n import N_, language_of, t

log = logging.getLogger("parlor.answers")

OOPS = N_("Something went wrong on our side while answering; nothing you did was lost. "
        "If a game post looks out of date, `/game status` shows the table again.")
#: permission names as Discord's client shows them, where they differ from the API's
PERMISSION_NAMES = {"manage_guild": N_("Manage Server"), "administrator": N_("Administrator")}


def member_language(interaction: discord.Interaction) -> str:
    """The language of the member's Discord client (what their private answers are written in)."""
    return language_of(getattr(interaction.locale, "value", None) or str(interaction.locale or ""))


async def reply_refusal(interaction: discord.Interaction, refusal: errors.ParlorError) -> None:
    """Answer a refusal with its reason, in the member's language."""
    await reply_error(interaction, refusal.template, **refusal.fields)


async def reply_error(interaction: discord.Interaction, message: str, **fields: object) -> None:
    """Answer with an ephemeral reason (a catalogue message and its fields, in the member's language),
    whether or not (and however) the interaction was deferred."""
    await send_private(interaction, t(member_language(interaction), message, **fields))


async def send_private(interaction: discord.Interaction, message: str) -> None:
    """Send ``message`` (already in the member's language) ephemerally, however the interaction stands."""
    response = interaction.response
    if not response.is_done():
        await response.send_message(message, ephemeral=True)
        return
    if response.type is discord.InteractionResponseType.deferred_channel_message:
        # A "thinking…" placeholder may be public: remove it so the reason stays private.
        with contextlib.suppress(discord.HTTPException):
            await interaction.delete_original_response()
    await interaction.followup.send(message, ephemeral=True)


def retry_after(exc: discord.HTTPException) -> float | None:
    """Return the seconds a 429 asks to wait (its ``Retry-After`` header), if it says."""
    headers = getattr(exc.response, "headers", None) or {}
    try:
        return float(headers.get("Retry-After"))
    except (TypeError, ValueError):
        return None


def rate_limited(interaction: discord.Interaction, exc: BaseException) -> bool:
    """Log a 429 that refused the bot's answer (at WARNING, with the retry time); return whether it was one.

    discord.py waits and retries a 429 from Discord itself (it carries a ``Via`` header), so one that
    reaches us is a block (Cloudflare's, without ``Via``): the click is not answered, and trying to
    answer again now would only prolong the block."""
    if not isinstance(exc, discord.HTTPException) or exc.status != 429:
        return False
    headers = getattr(exc.response, "headers", None) or {}
    via = "Discord" if headers.get("Via") else "Cloudflare (no Via header)"
    wait = retry_after(exc)
    log.warning("interaction %s could not be answered: 429 rate limit from %s, retry after %s s",
                interaction.id, via, "unknown" if wait is None else f"{wait:g}")
    return True


async def report_unexpected(interaction: discord.Interaction, exc: BaseException) -> None:
    """Log an unexpected failure and tell the member, ephemerally, without details."""
    if rate_limited(interaction, exc):
        return
    log.error("interaction %s failed", interaction.id, exc_info=exc)
    try:
        await reply_error(interaction, OOPS)
    except discord.HTTPException as again:
        if not rate_limited(interaction, again):
            log.warning("interaction %s: could not report the failure", interaction.id)


def permission_list(names: list[str], lang: str = "en") -> str:
    """Return permission names as members read them, e.g. ``**Manage Server**``."""
    shown = [t(lang, PERMISSION_NAMES[n]) if n in PERMISSION_NAMES else n.replace("_", " ").title() for n in names]
    return t(lang, " and ").join(f"**{s}**" for s in shown)


def check_reason(error: app_commands.CheckFailure, lang: str = "en") -> str:
    """Return what a failed check tells the member: its reason, in plain words, in ``lang``."""
    if isinstance(error, app_commands.MissingPermissions):
        return t(lang, "This command needs the {permissions} permission.",
                 permissions=permission_list(error.missing_permissions, lang))
    if isinstance(error, app_commands.BotMissingPermissions):
        return t(lang, "I need the {permissions} permission here for this command.",
                 permissions=permission_list(error.missing_permissions, lang))
    if isinstance(error, app_commands.NoPrivateMessage):
        return t(lang, "This command works only in a server.")
    if isinstance(error, (app_commands.MissingRole, app_commands.MissingAnyRole)):
        return t(lang, "You don't have the role this command needs.")
    if isinstance(error, errors.ParlorError):
        return error.text(lang)
    text = str(error)
    if type(error) is app_commands.CheckFailure and text.startswith("The check functions"):
        return t(lang, "You can't use this command here.")
    return t(lang, text) if text else t(lang, "You can't use this command here.")


async def answer_command_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """Answer a failed slash command by the failure's type: a cooldown with the wait, a failed check
    with its reason, a refusal with its message, anything else with the apology."""
    cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    lang = member_language(interaction)
    if isinstance(cause, app_commands.CommandOnCooldown):
        message = t(lang, "You're doing that too often: try again in {seconds} s.",
                    seconds=math.ceil(cause.retry_after))
    elif isinstance(cause, app_commands.CheckFailure):
        message = check_reason(cause, lang)
    elif isinstance(cause, errors.ParlorError):
        message = cause.text(lang)
    else:
        await report_unexpected(interaction, cause)
        return
    log.info("interaction %s refused: %s", interaction.id, type(cause).__name__)
    try:
        await send_private(interaction, message)
    except discord.HTTPException as exc:
        if not rate_limited(interaction, exc):
            log.warning("interaction %s: could not answer (%s)", interaction.id, exc.status)
