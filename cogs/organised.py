"""What the commands of organised events (tournaments, leagues) share: answering a refusal and who organises."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any

import discord

from bot.answers import reply_error, report_unexpected
from cogs.flow import bot_of

log = logging.getLogger("parlor.organised")

Refusal = Callable[[BaseException], "str | None"]


def answerer(refusal_of: Refusal) -> Callable[[discord.Interaction], contextlib.AbstractAsyncContextManager[None]]:
    """Return an ``answering(interaction)`` context: a refusal (``refusal_of`` gives its message) becomes its
    ephemeral reason, any other failure one apology."""

    @contextlib.asynccontextmanager
    async def answering(interaction: discord.Interaction) -> AsyncIterator[None]:
        try:
            yield
        except Exception as exc:
            message = refusal_of(exc)
            if message is None:
                await report_unexpected(interaction, exc)
            elif isinstance(getattr(exc, "template", None), str):  # a catalogue template: the member's language
                await reply_error(interaction, exc.template, **getattr(exc, "fields", {}))
            else:
                await reply_error(interaction, message)

    return answering


async def organises(interaction: discord.Interaction, service: Any, row: Any) -> bool:
    """Return whether the member organises an event of ``service``: its creator, Manage Server, or the server's
    organiser role."""
    settings = await bot_of(interaction).tables.settings(interaction.guild_id)
    user = interaction.user
    roles = [r.id for r in user.roles] if isinstance(user, discord.Member) else []
    return service.is_organiser(row, user.id, bool(interaction.permissions.manage_guild), roles, settings)


def stop_listening(service: Any, poster: Any) -> None:
    """Take a cog's poster off an event service's listeners (when the cog unloads)."""
    if poster in service.listeners:
        service.listeners.remove(poster)


async def reconcile_at_start(service: Any, what: str) -> None:
    """Record the results of ``what`` games the bot missed and create games it never created (logged)."""
    try:
        count = await service.reconcile()
    except Exception:
        log.exception("%s reconciliation failed", what)
        return
    if count:
        log.info("reconciled %d %s game(s) after a restart", count, what)
