"""/help's pages, generated from the registered command tree (so no command can be missing): an overview,
then each group's commands with their description and example; and one command in detail."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import discord
from discord import app_commands

from cogs.help import catalogue, texts
from cogs.help.pages import split_long

#: an embed's description holds 4096 characters; a little is kept for safety
DESCRIPTION_LIMIT = 4000
#: Discord's limit of an embed field's value
FIELD_LIMIT = 1024


@dataclass(frozen=True)
class HelpPage:
    """One /help page: its title and text."""

    title: str
    text: str


def walk(commands: Iterable[app_commands.Command | app_commands.Group]) -> Iterator[app_commands.Command]:
    """Yield every slash command of a tree, subcommands of groups included, in registration order."""
    for command in commands:
        if isinstance(command, app_commands.Group):
            yield from walk(command.commands)
        elif isinstance(command, app_commands.Command):
            yield command


def slash_commands(tree: app_commands.CommandTree) -> list[app_commands.Command]:
    """Return the tree's global slash commands (context menus are not typed, so not listed)."""
    return list(walk(tree.get_commands()))


def managers_only(command: app_commands.Command) -> bool:
    """Whether Discord shows the command only to members with Manage Server."""
    root = command.root_parent or command
    perms = getattr(root, "default_permissions", None)
    return bool(perms and perms.manage_guild)


def grouped(commands: list[app_commands.Command]) -> dict[str, list[app_commands.Command]]:
    """Return the commands by group, groups in /help's order (unknown ones last)."""
    out: dict[str, list[app_commands.Command]] = {g: [] for g in (*catalogue.GROUPS, "other")}
    for command in commands:
        out[catalogue.entry(command.qualified_name)[0]].append(command)
    return {g: cmds for g, cmds in out.items() if cmds}


def command_line(command: app_commands.Command) -> str:
    """Return a command's lines on a group page: name, description, example."""
    _group, example = catalogue.entry(command.qualified_name)
    line = f"**`/{command.qualified_name}`** — {command.description}"
    if example:
        line += "\n↳ " + texts.EXAMPLE.format(example=example)
    return line


def pack(lines: list[str], limit: int = DESCRIPTION_LIMIT) -> list[str]:
    """Return lines packed into texts of at most ``limit`` characters (a blank line between lines)."""
    chunks: list[str] = []
    for line in lines:
        for piece in split_long(line, limit):
            if chunks and len(chunks[-1]) + 2 + len(piece) <= limit:
                chunks[-1] += "\n\n" + piece
            else:
                chunks.append(piece)
    return chunks


def help_pages(tree: app_commands.CommandTree) -> list[HelpPage]:
    """Return every /help page: the overview first, then each group's commands."""
    groups = grouped(slash_commands(tree))
    overview = [texts.HELP_INTRO]
    for group, commands in groups.items():
        names = " · ".join(f"`/{c.qualified_name}`" for c in commands)
        overview.append(f"**{texts.GROUP_TITLES[group]}**\n{names}")
    pages = [HelpPage(texts.HELP_TITLE, text) for text in pack(overview)]
    for group, commands in groups.items():
        title = f"{texts.HELP_TITLE} · {texts.GROUP_TITLES[group]}"
        for i, text in enumerate(pack([command_line(c) for c in commands])):
            pages.append(HelpPage(texts.CONTINUED.format(title=title) if i else title, text))
    return pages


def find_command(tree: app_commands.CommandTree, name: str) -> app_commands.Command | None:
    """Return the command named ``name`` (with or without the slash, any case, extra spaces ignored)."""
    wanted = " ".join(name.strip().lstrip("/").lower().split())
    return next((c for c in slash_commands(tree) if c.qualified_name == wanted), None)


def find_group(tree: app_commands.CommandTree, name: str) -> list[app_commands.Command]:
    """Return the commands of the group named ``name`` (e.g. ``pt deck``), or [] if no group has that name."""
    wanted = " ".join(name.strip().lstrip("/").lower().split())
    return [c for c in slash_commands(tree) if wanted and c.qualified_name.startswith(wanted + " ")]


def near_names(tree: app_commands.CommandTree, name: str, count: int = 3) -> list[str]:
    """Return the names of commands closest to a mistyped one."""
    names = [c.qualified_name for c in slash_commands(tree)]
    wanted = " ".join(name.strip().lstrip("/").lower().split())
    close = difflib.get_close_matches(wanted, names, n=count, cutoff=0.5)
    return close or [n for n in names if wanted and wanted in n][:count]


def matching_names(tree: app_commands.CommandTree, typed: str, limit: int = 25) -> list[str]:
    """Return command names for autocomplete: those starting with what was typed, then those containing it."""
    wanted = " ".join(typed.strip().lstrip("/").lower().split())
    names = [c.qualified_name for c in slash_commands(tree)]
    first = [n for n in names if n.startswith(wanted)]
    return (first + [n for n in names if wanted in n and n not in first])[:limit]


def option_text(param: app_commands.Parameter) -> str:
    """Return one option of a command: name, whether required, description, choices or range."""
    line = texts.OPTION_LINE.format(name=param.name, required=texts.OPTION_REQUIRED if param.required else "",
                                    description=param.description)
    extra = []
    if param.choices:
        extra.append(texts.OPTION_CHOICES.format(choices=", ".join(c.name for c in param.choices)))
    elif param.autocomplete:
        extra.append(texts.OPTION_AUTOCOMPLETE)
    if param.min_value is not None and param.max_value is not None and param.type in (
            discord.AppCommandOptionType.integer, discord.AppCommandOptionType.number):
        extra.append(texts.OPTION_RANGE.format(low=param.min_value, high=param.max_value))
    return line + ("\n  " + "; ".join(extra) if extra else "")


def detail(command: app_commands.Command) -> tuple[str, str, list[tuple[str, str]]]:
    """Return a command's detail: title, description text and fields (name, value) of at most 1024 each."""
    group, example = catalogue.entry(command.qualified_name)
    text = [command.description, texts.DETAIL_GROUP.format(group=texts.GROUP_TITLES[group])]
    if managers_only(command):
        text.append(texts.MANAGERS_ONLY)
    options = [option_text(p) for p in command.parameters] or [texts.DETAIL_NO_OPTIONS]
    fields = [(texts.DETAIL_OPTIONS if i == 0 else "\u200b", chunk)
              for i, chunk in enumerate(pack(options, FIELD_LIMIT))][:20]
    if example:
        fields.append((texts.DETAIL_EXAMPLE, f"`{example}`"))
    return texts.DETAIL_TITLE.format(name=command.qualified_name), "\n".join(text), fields
