"""Free ``/game`` subcommands kept in modules of their own (``/game hint``, ``/game describe``):
added to the ``/game`` group ``LobbyCog`` owns when their extension loads (load it after ``cogs.lobby``), taken
away when it unloads, with a per-member cooldown."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands


def per_member(interaction: discord.Interaction) -> int:
    """The cooldown key of a command rated per member."""
    return interaction.user.id


def rated_command(name: str, description: str, callback: Callable[..., Coroutine[Any, Any, None]],
                  rate: int, per: float) -> app_commands.Command:
    """Return a fresh command allowing each member ``rate`` uses per ``per`` seconds (each bot's own)."""
    command = app_commands.Command(name=name, description=description, callback=callback)
    app_commands.checks.cooldown(rate, per, key=per_member)(command)
    return command


def add_subcommand(bot: commands.Bot, command: app_commands.Command, extension: str) -> None:
    """Add ``command`` to the ``/game`` group (once); ``extension`` names who asks, for the error."""
    group = bot.tree.get_command("game")
    if not isinstance(group, app_commands.Group):
        raise RuntimeError(f"{extension} needs the /game group: load cogs.lobby first")
    if group.get_command(command.name) is None:
        group.add_command(command)


def remove_subcommand(bot: commands.Bot, name: str) -> None:
    """Remove ``/game <name>`` (the group may already be gone with its cog)."""
    group = bot.tree.get_command("game")
    if isinstance(group, app_commands.Group):
        group.remove_command(name)
