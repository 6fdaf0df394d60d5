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

log = logging.getLogger("parlor.answers")

OOPS = ("Something went wrong on our side while answering; nothing you did was lost. "
        "If a game post looks out of date, `/game status` shows the table again.")
#: permission names as Discord's client shows them, where they differ from the API's
PERMISSION_NAMES = {"manage_guild": "Manage Server", "administrator": "Administrator"}


async def reply_error(interaction: discord.Interaction, message: str) -> None:
    """Answer with an ephemeral reason, whether or not (and however) the interaction was deferred."""
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


def permission_list(names: list[str]) -> str:
    """Return permission names as members read them, e.g. ``**Manage Server**``."""
    shown = [PERMISSION_NAMES.get(n, n.replace("_", " ").title()) for n in names]
    return " and ".join(f"**{s}**" for s in shown)


def check_reason(error: app_commands.CheckFailure) -> str:
    """Return what a failed check tells the member: its reason, in plain words."""
    if isinstance(error, app_commands.MissingPermissions):
        return f"This command needs the {permission_list(error.missing_permissions)} permission."
    if isinstance(error, app_commands.BotMissingPermissions):
        return f"I need the {permission_list(error.missing_permissions)} permission here for this command."
    if isinstance(error, app_commands.NoPrivateMessage):
        return "This command works only in a server."
    if isinstance(error, (app_commands.MissingRole, app_commands.MissingAnyRole)):
        return "You don't have the role this command needs."
    text = str(error)
    if type(error) is app_commands.CheckFailure and text.startswith("The check functions"):
        return "You can't use this command here."
    return text or "You can't use this command here."


async def answer_command_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """Answer a failed slash command by the failure's type: a cooldown with the wait, a failed check
    with its reason, a refusal with its message, anything else with the apology."""
    cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    if isinstance(cause, app_commands.CommandOnCooldown):
        message = f"You're doing that too often: try again in {math.ceil(cause.retry_after)} s."
    elif isinstance(cause, app_commands.CheckFailure):
        message = check_reason(cause)
    elif isinstance(cause, errors.ParlorError):
        message = cause.message
    else:
        await report_unexpected(interaction, cause)
        return
    log.info("interaction %s refused: %s", interaction.id, type(cause).__name__)
    try:
        await reply_error(interaction, message)
    except discord.HTTPException as exc:
        if not rate_limited(interaction, exc):
            log.warning("interaction %s: could not answer (%s)", interaction.id, exc.status)
