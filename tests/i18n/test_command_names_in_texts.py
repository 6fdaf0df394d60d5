"""German texts name commands as a German Discord client shows them (``/partie verlauf``, not ``/game log``):
no German message names an English slash-command path that has a German name, and a few public posts
(turn posts, league and tournament posts) name the German commands."""

from __future__ import annotations

import asyncio
import re

import pytest
from discord import app_commands

from bot.i18n import LANGUAGES, SOURCE, catalogue, lookup, t
from bot.i18n.extract import loaded_commands

LANGS = [lang for lang in LANGUAGES if lang != SOURCE]
#: a slash command named in a text: ``/word word …`` after the start, a space, a backtick or a bracket (not
#: a path such as ``docs/rules/``)
SLASH = re.compile(r"(?<![\w/.\-])/([^\W\d][\w]*(?: [^\W\d][\w]*)*)")
#: (message, English path) pairs that name the English command on purpose (none yet)
ALLOWED: set[tuple[str, str]] = set()


@pytest.fixture(scope="module")
def paths() -> dict[str, dict[str, str]]:
    """language → {English command path → its path in that language}, for every slash command and group."""
    commands = asyncio.run(loaded_commands())
    out: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}

    def walk(items: list, prefix: tuple[str, ...]) -> None:
        for item in items:
            if isinstance(item, app_commands.ContextMenu):
                continue
            here = (*prefix, item.name)
            for lang in LANGS:
                out[lang][" ".join(here)] = " ".join(lookup(lang, word, "command name") or word for word in here)
            if isinstance(item, app_commands.Group):
                walk(item.commands, here)

    walk(commands, ())
    return out


def named_paths(text: str, known: set[str]) -> list[str]:
    """The longest known command path at each slash of ``text``."""
    found = []
    for match in SLASH.finditer(text):
        words = match.group(1).split()
        for k in range(len(words), 0, -1):
            if " ".join(words[:k]) in known:
                found.append(" ".join(words[:k]))
                break
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_no_translation_names_an_english_command_that_has_a_translated_name(paths, lang):
    english = {path for path, there in paths[lang].items() if there != path}
    wrong = []
    for message in catalogue(lang):
        if not message.id or message.context or not message.string:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        for form in forms:
            wrong += [(msgid[:60], path, paths[lang][path]) for path in named_paths(form, english)
                      if (msgid, path) not in ALLOWED]
    assert not wrong, f"{len(wrong)} {LANGUAGES[lang]} texts name the English command (message, English, {lang}): {wrong}"


def test_the_check_finds_an_english_command_and_passes_the_german_one(paths):
    english = {path for path, there in paths["de"].items() if there != path}
    assert named_paths("Tippe `/game log` oder /tixel move a1.", english) == ["game log", "tixel move"]
    assert named_paths("Tippe `/partie verlauf`; docs/rules/tixel.md", english) == []


def test_german_public_posts_name_german_commands(paths):
    de = paths["de"]
    assert de["tixel move"] == "tixel zug" and de["league challenge"] == "liga herausfordern"
    turn = t("de", "{who} ({colour}), your move: type it with `/tixel move` (autocomplete lists the legal moves) or "
                   "use **Guided move**.", who="Ana", colour="Blau")
    assert "`/tixel zug`" in turn
    signup = t("de", "Join with `/tournament join deck:<your {format} deck>`", format="standard")
    assert f"`/{de['tournament join']} " in signup
    reminder = t("de", "⏰ **{league}** — a reminder: your League Draft pick is waiting (`/league draft` shows your "
                       "private choices).", league="Liga")
    assert f"`/{de['league draft']}`" in reminder
    assert "`/pt deck exportieren`" in t("de", "That is not a Pixel Tactics deck code: they start with PT1- (use "
                                               "`/pt deck export`).")
