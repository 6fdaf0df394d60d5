"""The slash commands' strings come from the catalogues: the template lists every one, German translates
every one, and what German gives Discord follows Discord's rules for names and lengths."""

from __future__ import annotations

import re
import string

import discord
import pytest
from babel.messages.pofile import read_po
from discord import app_commands

from bot.i18n import (
    DOMAIN,
    LANGUAGES,
    PSEUDO,
    SOURCE,
    catalogue,
    language_of,
    lookup,
    lookup_plural,
    template_path,
    translate,
)
from bot.i18n.commands import CONTEXTS, CatalogueTranslator
from bot.i18n.extract import command_messages, loaded_commands, source_messages

#: Discord's rule for command and option names (lower case in every language that has case)
NAME = re.compile(r"^[-_'\w\u0900-\u097F\u0E00-\u0E7F]{1,32}$")
LANGS = [lang for lang in LANGUAGES if lang != SOURCE]


@pytest.fixture(scope="module")
def commands() -> list:
    import asyncio
    return asyncio.run(loaded_commands())


def template_messages() -> set[tuple[str, str | None]]:
    with template_path().open("rb") as handle:
        pot = read_po(handle, domain=DOMAIN)
    return {(m.id, m.context) for m in pot if m.id}


def test_the_template_lists_exactly_the_commands_strings_and_the_sources_messages(commands):
    used = set(command_messages(commands)) | {(text, None) for text, _where in source_messages()}
    listed = template_messages()
    missing, stale = used - listed, listed - used
    assert not missing and not stale, (
        f"run `python -m bot.i18n.extract`: {len(missing)} strings not in the catalogue template "
        f"(e.g. {sorted(missing)[:5]}), {len(stale)} listed but no longer used (e.g. {sorted(stale)[:5]})")


def untranslated(lang: str, text, context: str | None) -> bool:
    """Whether ``lang`` lacks the message ``text`` (a counted message's id is (singular, plural): every one of
    its plural forms must be there)."""
    if isinstance(text, tuple):
        entry = catalogue(lang).get(text[0])
        forms = entry.string if entry is not None and not entry.fuzzy else ()
        return (not isinstance(forms, tuple) or len(forms) != catalogue(lang).num_plurals or not all(forms)
                or any(lookup_plural(lang, text[0], n) is None for n in range(0, 12)))
    return lookup(lang, text, context) is None


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated(lang):
    gaps = sorted(((text, context) for text, context in template_messages() if untranslated(lang, text, context)),
                  key=str)
    assert not gaps, f"{len(gaps)} messages have no {LANGUAGES[lang]} translation, e.g. {gaps[:8]}"


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_their_placeholders(lang):
    for message in catalogue(lang):
        if message.id and isinstance(message.id, tuple):  # a counted message: form 0 as the singular, the rest
            for index, form in enumerate(message.string):  # as the plural (German: one, other)
                english = message.id[0] if index == 0 else message.id[1]
                assert not form or fields(form) == fields(english), (message.id, index, form)
        elif message.id and message.string:
            assert fields(message.string) == fields(message.id), (message.id, message.string)


def walk(commands: list, lang: str, path: str = ""):
    """Yield (path, kind, English, translated) for every string of ``commands``."""
    for command in commands:
        here = f"{path}/{command.name}"
        yield here, "name", command.name, lookup(lang, command.name, "command name")
        if isinstance(command, app_commands.ContextMenu):
            continue
        yield here, "description", command.description, lookup(lang, command.description, "command description")
        if isinstance(command, app_commands.Group):
            yield from walk(command.commands, lang, here)
            continue
        for p in command.parameters:
            yield f"{here} {p.name}", "option", p.name, lookup(lang, p.name, "option name")
            yield f"{here} {p.name}", "option description", p.description, lookup(lang, p.description,
                                                                                  "option description")
            for c in p.choices:
                yield f"{here} {p.name}", "choice", c.name, lookup(lang, c.name, "choice")


@pytest.mark.parametrize("lang", LANGS)
def test_translated_names_and_lengths_follow_discords_rules(commands, lang):
    for where, kind, english, text in walk(commands, lang):
        text = text or english
        if kind in ("name", "option"):
            assert NAME.match(text) and text == text.lower(), f"{where}: {text!r} is not a valid {kind} name"
        else:
            assert 1 <= len(text) <= 100, f"{where}: {kind} {text!r} is {len(text)} characters (1–100)"


def sibling_names(commands: list, lang: str):
    """Yield the translated names of each set of siblings (top-level commands, subcommands, options)."""
    def name(text: str, context: str) -> str:
        return lookup(lang, text, context) or text
    yield [name(c.name, "command name") for c in commands if not isinstance(c, app_commands.ContextMenu)]
    for command in commands:
        if isinstance(command, app_commands.Group):
            yield from sibling_names(command.commands, lang)
        elif isinstance(command, app_commands.Command):
            yield [name(p.name, "option name") for p in command.parameters]


@pytest.mark.parametrize("lang", LANGS)
def test_translated_names_stay_distinct_among_siblings(commands, lang):
    for names in sibling_names(commands, lang):
        doubles = {n for n in names if names.count(n) > 1}
        assert not doubles, f"two commands or options would share the name(s) {sorted(doubles)} in {lang}"


async def test_the_translator_answers_german_clients_only():
    translator = CatalogueTranslator()
    play = app_commands.locale_str("play")
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_name, None)
    german = await translator.translate(play, discord.Locale.german, context)
    assert german == lookup("de", "play", "command name") and german
    assert await translator.translate(play, discord.Locale.french, context) is None
    assert await translator.translate(play, discord.Locale.american_english, context) is None
    other = app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)
    assert await translator.translate(play, discord.Locale.german, other) is None
    assert set(CONTEXTS.values()) == {"command name", "command description", "option name", "option description",
                                      "choice"}


def test_languages_and_fallback():
    assert language_of("de") == "de" and language_of("en-US") == "en" and language_of("fr") == "en"
    assert language_of(None) == "en"
    assert translate("de", "No such message in any catalogue {n}", n=3) == "No such message in any catalogue 3"
    # the pseudo-language marks catalogue messages only: a sentence that bypassed the catalogue stays as it is
    assert translate(PSEUDO, "play", "command name") == "⟦plàý⟧"
    assert translate(PSEUDO, "Not a catalogue message {n}", n=2) == "Not a catalogue message 2"
    assert translate("en", "play", "command name") == "play"


def test_no_english_command_text_is_cut(commands):
    """discord.py shortens a description over 100 characters with "…": the English must fit as written."""
    cut = sorted(text for text, context in command_messages(commands)
                 if context in ("command description", "option description", "choice") and text.endswith("…"))
    assert not cut, f"shorten these at the source (at most 100 characters): {cut}"
