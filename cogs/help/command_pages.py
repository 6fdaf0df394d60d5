"""/help's pages, generated from the registered command tree (so no command can be missing): an overview,
then each group's commands with their description and example; and one command in detail."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import discord
from discord import app_commands

from bot.i18n import SOURCE, t, translate
from cogs.help import catalogue, texts
from cogs.help.pages import split_long

#: an embed's description holds 4096 characters; a little is kept for safety
DESCRIPTION_LIMIT = 4000
#: Discord's limit of an embed field's value
FIELD_LIMIT = 1024


#: an option as an example types it: ``name:`` after a space
_OPTION = re.compile(r"(?<= )([a-z_]+):")


def command_name(command: app_commands.Command, lang: str = SOURCE) -> str:
    """Return a command's full name as Discord shows it in ``lang`` (``game log`` → ``partie verlauf``)."""
    parts, item = [], command
    while item is not None:
        parts.append(translate(lang, item.name, "command name"))
        item = item.parent
    return " ".join(reversed(parts))


def example_in(command: app_commands.Command, example: str, lang: str = SOURCE) -> str:
    """Return an example as a member types it in ``lang``: the command's and its options' names in that
    language, the values as typed."""
    if lang == SOURCE or not example.startswith(f"/{command.qualified_name}"):
        return example
    rest = example[len(command.qualified_name) + 1:]
    rest = _OPTION.sub(lambda m: translate(lang, m[1], "option name") + ":", rest)
    return f"/{command_name(command, lang)}{rest}"


def description(command: app_commands.Command, lang: str = SOURCE) -> str:
    """Return a command's description in ``lang``."""
    return translate(lang, command.description, "command description")


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


def command_line(command: app_commands.Command, lang: str = SOURCE) -> str:
    """Return a command's lines on a group page in ``lang``: name, description, example."""
    _group, example = catalogue.entry(command.qualified_name)
    line = f"**`/{command_name(command, lang)}`** — {description(command, lang)}"
    if example:
        line += "\n↳ " + t(lang, texts.EXAMPLE, example=example_in(command, example, lang))
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


def help_pages(tree: app_commands.CommandTree, lang: str = SOURCE) -> list[HelpPage]:
    """Return every /help page in ``lang``: the overview first, then each group's commands."""
    groups = grouped(slash_commands(tree))
    overview = [t(lang, texts.HELP_INTRO)]
    for group, commands in groups.items():
        names = " · ".join(f"`/{command_name(c, lang)}`" for c in commands)
        overview.append(f"**{t(lang, texts.GROUP_TITLES[group])}**\n{names}")
    head = t(lang, texts.HELP_TITLE)
    pages = [HelpPage(head, text) for text in pack(overview)]
    for group, commands in groups.items():
        title = f"{head} · {t(lang, texts.GROUP_TITLES[group])}"
        for i, text in enumerate(pack([command_line(c, lang) for c in commands])):
            pages.append(HelpPage(t(lang, texts.CONTINUED, title=title) if i else title, text))
    return pages


def find_command(tree: app_commands.CommandTree, name: str, lang: str = SOURCE) -> app_commands.Command | None:
    """Return the command named ``name`` in English or ``lang`` (with or without the slash, any case, extra
    spaces ignored)."""
    wanted = " ".join(name.strip().lstrip("/").lower().split())
    return next((c for c in slash_commands(tree) if wanted in (c.qualified_name, command_name(c, lang))), None)


def find_group(tree: app_commands.CommandTree, name: str, lang: str = SOURCE) -> list[app_commands.Command]:
    """Return the commands of the group named ``name`` (e.g. ``pt deck``) in English or ``lang``, or [] if no
    group has that name."""
    wanted = " ".join(name.strip().lstrip("/").lower().split())
    return [c for c in slash_commands(tree)
            if wanted and (c.qualified_name.startswith(wanted + " ") or command_name(c, lang).startswith(wanted + " "))]


def near_names(tree: app_commands.CommandTree, name: str, count: int = 3, lang: str = SOURCE) -> list[str]:
    """Return the names (in ``lang``) of commands closest to a mistyped one (typed in English or ``lang``)."""
    local = {}
    for command in slash_commands(tree):
        local.setdefault(command.qualified_name, command_name(command, lang))
        local.setdefault(command_name(command, lang), command_name(command, lang))
    wanted = " ".join(name.strip().lstrip("/").lower().split())
    close = difflib.get_close_matches(wanted, list(local), n=count, cutoff=0.5)
    found = close or [n for n in local if wanted and wanted in n]
    return list(dict.fromkeys(local[n] for n in found))[:count]


def matching_names(tree: app_commands.CommandTree, typed: str, limit: int = 25, lang: str = SOURCE) -> list[str]:
    """Return command names for autocomplete: those whose English or ``lang`` name starts with what was typed,
    then those containing it."""
    wanted = " ".join(typed.strip().lstrip("/").lower().split())
    names = [(c.qualified_name, command_name(c, lang)) for c in slash_commands(tree)]
    first = [n for n, local in names if n.startswith(wanted) or local.startswith(wanted)]
    return (first + [n for n, local in names if (wanted in n or wanted in local) and n not in first])[:limit]


def option_text(param: app_commands.Parameter, lang: str = SOURCE) -> str:
    """Return one option of a command in ``lang``: name, whether required, description, choices or range."""
    line = t(lang, texts.OPTION_LINE, name=translate(lang, param.name, "option name"),
             required=t(lang, texts.OPTION_REQUIRED) if param.required else "",
             description=translate(lang, param.description, "option description"))
    extra = []
    if param.choices:
        choices = ", ".join(translate(lang, c.name, "choice") for c in param.choices)
        extra.append(t(lang, texts.OPTION_CHOICES, choices=choices))
    elif param.autocomplete:
        extra.append(t(lang, texts.OPTION_AUTOCOMPLETE))
    if param.min_value is not None and param.max_value is not None and param.type in (
            discord.AppCommandOptionType.integer, discord.AppCommandOptionType.number):
        extra.append(t(lang, texts.OPTION_RANGE, low=param.min_value, high=param.max_value))
    return line + ("\n  " + "; ".join(extra) if extra else "")


def detail(command: app_commands.Command, lang: str = SOURCE) -> tuple[str, str, list[tuple[str, str]]]:
    """Return a command's detail in ``lang``: title, description text and fields (name, value) of at most 1024
    each."""
    group, example = catalogue.entry(command.qualified_name)
    text = [description(command, lang), t(lang, texts.DETAIL_GROUP, group=t(lang, texts.GROUP_TITLES[group]))]
    if managers_only(command):
        text.append(t(lang, texts.MANAGERS_ONLY))
    options = [option_text(p, lang) for p in command.parameters] or [t(lang, texts.DETAIL_NO_OPTIONS)]
    fields = [(t(lang, texts.DETAIL_OPTIONS) if i == 0 else "\u200b", chunk)
              for i, chunk in enumerate(pack(options, FIELD_LIMIT))][:20]
    if example:
        fields.append((t(lang, texts.DETAIL_EXAMPLE), f"`{example_in(command, example, lang)}`"))
    return texts.DETAIL_TITLE.format(name=command_name(command, lang)), "\n".join(text), fields
