"""Slash commands in the member's language: discord.py's ``app_commands.Translator`` over the catalogues.

Discord shows each member the command names, descriptions, option names and choices of their client's
language; the bot sends those as ``*_localizations`` when it syncs. Every such string is a catalogue message
whose context says what it is (a command's name must follow Discord's rules for names, its description
need not), so one English word may be translated differently in each place.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import LANGUAGES, SOURCE, lookup

#: where a string sits in a command → the catalogue context of its message
CONTEXTS: dict[Where, str] = {
    Where.command_name: "command name",
    Where.group_name: "command name",
    Where.command_description: "command description",
    Where.group_description: "command description",
    Where.parameter_name: "option name",
    Where.parameter_description: "option description",
    Where.choice_name: "choice",
}

#: Pixel Parlor's languages → the Discord locales that get them
DISCORD_LOCALES: dict[str, tuple[discord.Locale, ...]] = {"de": (discord.Locale.german,)}


class CatalogueTranslator(app_commands.Translator):
    """Translate command strings from the message catalogues (None, i.e. English, when untranslated)."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        """Return ``string`` in ``locale``'s language, or None for Discord to show the English."""
        where = CONTEXTS.get(context.location)
        lang = next((code for code, locales in DISCORD_LOCALES.items() if locale in locales), SOURCE)
        if where is None or lang == SOURCE or lang not in LANGUAGES:
            return None
        return lookup(lang, string.message, where)
