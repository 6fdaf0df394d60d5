"""The catalogue's messages: the slash commands' strings and the sentences written in the source, and the
command that writes them.

``python -m bot.i18n.extract`` loads every cog (with a scratch database) and reads the source (``t(lang,
"…")``, refusals, ``N_("…")``), writes ``locales/parlor.pot`` and merges it into each language's ``.po``: new
messages arrive untranslated (the catalogue test then names them), messages no longer used are dropped,
translations are kept.
"""

from __future__ import annotations

import asyncio
import io
import tempfile
import tokenize
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from discord import app_commands

from bot.i18n import DOMAIN, LANGUAGES, SOURCE, po_path, template_path

#: (English text, context) of one message
Message = tuple[str, str]
#: a message's id: its English text, or (singular, plural) for a counted message (``tn``)
MessageId = str | tuple[str, str]


def command_messages(commands: list) -> Iterator[Message]:
    """Every translatable string of ``commands`` (groups walked), with its catalogue context."""
    for command in commands:
        yield command.name, "command name"
        if isinstance(command, app_commands.ContextMenu):
            continue
        yield command.description, "command description"
        if isinstance(command, app_commands.Group):
            yield from command_messages(command.commands)
            continue
        for parameter in command.parameters:
            yield parameter.display_name, "option name"  # the name Discord shows (``app_commands.rename``)
            yield parameter.description, "option description"
            for choice in parameter.choices:
                yield choice.name, "choice"


async def loaded_commands() -> list:
    """The top-level commands of a bot with every cog loaded (scratch database, no Discord, no sync)."""
    from bot.app import build_bot
    from bot.config import load_config

    with tempfile.TemporaryDirectory() as scratch:
        env = {"PARLOR_DB": str(Path(scratch) / "extract.sqlite3"), "PARLOR_RENDER_WORKERS": "0"}
        bot = build_bot(load_config(env, need_token=False), auto_sync=False)
        try:
            await bot.setup_hook()
            return list(bot.tree.get_commands())
        finally:
            await bot.close()


#: where the bot's own sentences live (engines raise refusals as catalogue messages too)
SOURCES = ("bot", "cogs", "rendering")
#: calls whose (first unless said) string argument is a catalogue message: ``t(lang, message)``, the refusals
#: (``ParlorError`` and ``GameError`` and their subclasses, by class name), ``N_(message)``; ``tn(lang, singular,
#: plural, n)`` and an engine's ``Phrase.counted(singular, plural, n)`` give a counted (plural) message
REFUSALS = ("ParlorError", "GameNotFound", "GameNotRunning", "NotSeated", "NotYourTurn", "StaleDecision",
            "IllegalMove", "LobbyError", "NotAllowed", "NotSaved", "LeagueRefused", "TournamentRefused",
            "RatingError", "DeckError", "UndoClosed", "UndoRefused", "BadValue", "GameError", "IllegalAction",
            "BadOptions", "DeckEditError", "DeckCodeError", "CombinationError", "TournamentError", "LeagueError")
KEYWORDS: dict[str, tuple[int, ...] | None] = {"t": (2,), "tn": (2, 3), "counted": (1, 2), "reply_error": (2,),
                                               "say": (2,), "N_": None, **{name: None for name in REFUSALS}}


def calls_only(source: str) -> str:
    """``source`` with every keyword name that is not called renamed (same length, same lines): Babel's
    extractor takes a local variable ``t`` in ``t[0]`` or ``t = …`` for the start of a ``t(…)`` call and then
    reads the following strings as one message."""
    lines = source.splitlines(keepends=True)
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    for token, after in zip(tokens, tokens[1:], strict=False):
        if token.type == tokenize.NAME and token.string in KEYWORDS and after.string != "(":
            row, col = token.start
            line = lines[row - 1]
            lines[row - 1] = line[:col] + "ǂ" * len(token.string) + line[col + len(token.string):]
    return "".join(lines)


def source_messages(root: Path | None = None) -> Iterator[tuple[MessageId, str]]:
    """Every catalogue message written in the source (no context), with where it is (``path:line``); a counted
    message's id is (singular, plural)."""
    from babel.messages.extract import extract

    root = root or Path(__file__).resolve().parents[2]
    for folder in SOURCES:
        for path in sorted((root / folder).rglob("*.py")):
            text = calls_only(path.read_text(encoding="utf-8"))
            source = io.BytesIO(text.encode("utf-8"))
            source.name = str(path)  # Babel's warnings name the file
            found = extract("python", source, keywords=KEYWORDS, options={"encoding": "utf-8"})
            for line, message, _comments, _context in found:
                if isinstance(message, str) and message:
                    yield message, f"{path.relative_to(root)}:{line}"
                elif isinstance(message, tuple) and len(message) == 2 and all(message):
                    yield message, f"{path.relative_to(root)}:{line}"


def template(messages: list[Message]) -> Catalog:
    """A template catalogue of ``messages`` (first occurrence order, no duplicates)."""
    pot = Catalog(domain=DOMAIN, project="Pixel Parlor", fuzzy=False)
    for text, context in dict.fromkeys(messages):
        pot.add(text, context=context)
    for text, where in source_messages():
        path, line = where.rsplit(":", 1)
        if pot.get(text) is not None:
            pot.get(text).locations.append((path, int(line)))
        else:
            pot.add(text, locations=[(path, int(line))])
    return pot


def write(messages: list[Message]) -> None:
    """Write the template and merge it into every language's catalogue."""
    pot = template(messages)
    with template_path().open("wb") as handle:
        write_po(handle, pot, width=120, omit_header=False)
    for lang in LANGUAGES:
        if lang == SOURCE:
            continue
        path = po_path(lang)
        if path.exists():
            with path.open("rb") as handle:
                po = read_po(handle, locale=lang, domain=DOMAIN)
        else:
            po = Catalog(locale=lang, domain=DOMAIN, project="Pixel Parlor")
        po.update(pot, no_fuzzy_matching=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            write_po(handle, po, width=120, ignore_obsolete=True)


def main() -> int:
    """Extract the command strings into the catalogues."""
    messages = list(command_messages(asyncio.run(loaded_commands())))
    write(messages)
    print(f"{len(template(messages))} messages written to {template_path()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
