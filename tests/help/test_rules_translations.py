"""Translations of the rules documents (``docs/rules/<lang>/``, same path as the English one): each keeps its
original's structure — the same headings in the same order, table rows, fenced blocks, generators' marks
(``<!-- … -->``), links' target files, **Interpretation** notes (German **Auslegung**) and code spans, where a
command may carry its translated names and a bot message its catalogue translation — and the /rules book in
that language is built from it, every page within an embed's limits, the short-rules page left out once all
of a game's documents are translated."""

from __future__ import annotations

import itertools
import re
import shutil
from functools import cache
from pathlib import Path

import pytest

from bot.i18n import SOURCE, catalogue, t
from cogs.help import rules_book, texts
from cogs.help.markdown import COMMENT, HEADING, LINK, TABLE_RULE, cells, link_text
from cogs.help.pages import PAGE_LIMIT

RULES = rules_book.RULES_DIR
#: a translation's language → how it writes the marker of an **Interpretation:** note
MARKERS = {"de": "**Auslegung"}
TRANSLATIONS = sorted(p.relative_to(RULES) for lang in MARKERS for p in (RULES / lang).rglob("*.md"))
CODE_SPAN = re.compile(r"`([^`]+)`")
FENCE = re.compile(r"^\s*(```|~~~)")


def ids(path: Path) -> str:
    return path.as_posix()


def split(path: Path) -> tuple[str, str]:
    """Return a translation's language and the name of its English document."""
    lang, *rest = path.parts
    return lang, "/".join(rest)


def prose_lines(text: str) -> tuple[list[str], int]:
    """Return a document's lines outside fenced blocks, and how many fenced blocks it has."""
    lines, blocks, fence = [], 0, None
    for line in text.splitlines():
        match = FENCE.match(line)
        if fence:
            if line.strip().startswith(fence):
                fence = None
            continue
        if match:
            fence, blocks = match[1], blocks + 1
            continue
        lines.append(line)
    return lines, blocks


def structure(text: str) -> dict:
    """Return what a translation must keep of a document."""
    lines, blocks = prose_lines(text)
    prose = re.sub(r"\s*\n\s*", " ", "\n".join(lines))  # a paragraph wrapped over lines is one text
    return {
        "headings": [len(m[1]) for line in lines if (m := HEADING.match(line))],
        "table rows": sum(1 for line in lines if line.lstrip().startswith("|")),
        "table cells": [len(cells(line)) for line in lines if line.lstrip().startswith("|")],
        "fenced blocks": blocks,
        "generator marks": [line.strip() for line in lines if COMMENT.match(line)],
        "link targets": sorted(m[2].split("#")[0] for m in LINK.finditer(prose)),
        "code spans": set(CODE_SPAN.findall(prose)),
    }


@cache
def command_words(lang: str) -> frozenset[str]:
    """Every command and option name Discord shows in ``lang`` (the untranslated ones as they are)."""
    return frozenset(message.string for message in catalogue(lang)
                     if message.context in ("command name", "option name") and message.string)


@cache
def message_patterns(lang: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """Every catalogue message of ``lang`` with some words of its own: its English text as a pattern whose
    fields match anything, and its translation."""
    patterns = []
    for message in catalogue(lang):
        if message.context or not message.id or not message.string or message.fuzzy:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        translated = message.string if isinstance(message.string, str) else message.string[0]
        parts = re.split(r"\{(\w+)\}", english)
        if len("".join(parts[::2]).strip()) < 3 or not translated:
            continue
        regex, seen = "", set()
        for i, part in enumerate(parts):
            if i % 2 == 0:
                regex += re.escape(part)
            else:
                regex += f"(?P={part})" if part in seen else f"(?P<{part}>.+?)"
                seen.add(part)
        patterns.append((re.compile(regex, re.S), translated))
    return tuple(patterns)


def translations_of(english: str, lang: str, depth: int = 2) -> set[str]:
    """Return what the catalogue of ``lang`` makes of an English bot message (fields filled in; a field that
    is itself a message may be translated too)."""
    found = set()
    for pattern, translated in message_patterns(lang):
        match = pattern.fullmatch(english)
        if not match:
            continue
        choices = {name: {value} | (translations_of(value, lang, depth - 1) if depth else set())
                   for name, value in match.groupdict().items()}
        for values in itertools.product(*choices.values()):
            try:
                found.add(translated.format(**dict(zip(choices, values, strict=True))))
            except (KeyError, IndexError, ValueError):
                continue
    return found


def is_command_in(span: str, lang: str) -> bool:
    """Whether a code span naming a command (``/partie zurücknehmen``, ``/spielen spiel:Pixies``) names it
    as Discord shows it in ``lang``: its command words are that language's names."""
    words = span[1:].split()
    for word in words:
        if any(mark in word for mark in ":<[…"):
            break
        if word not in command_words(lang):
            return False
    return True


@pytest.mark.parametrize("path", TRANSLATIONS, ids=ids)
def test_a_translation_keeps_its_originals_structure(path):
    lang, name = split(path)
    original = RULES / name
    assert original.is_file(), f"{path} translates no English document ({name})"
    english, translated = original.read_text(encoding="utf-8"), (RULES / path).read_text(encoding="utf-8")
    source, target = structure(english), structure(translated)
    for key in ("headings", "table rows", "table cells", "fenced blocks", "generator marks", "link targets"):
        assert target[key] == source[key], f"{path}: {key} differ from {name}"
    notes = english.count("**Interpretation")
    assert translated.count(MARKERS[lang]) == notes, f"{path}: {name} has {notes} **Interpretation notes"
    assert "**Interpretation" not in translated, f"{path}: an untranslated **Interpretation marker"
    assert rules_book.doc_title(translated), f"{path} has no title"


@pytest.mark.parametrize("path", TRANSLATIONS, ids=ids)
def test_a_translation_keeps_the_code_spans_commands_named_in_its_language(path):
    """Identifiers, notation and values stay as they are; a command may take its translated names, a bot
    message quoted as an example its catalogue translation."""
    lang, name = split(path)
    source = structure((RULES / name).read_text(encoding="utf-8"))["code spans"]
    target = structure((RULES / path).read_text(encoding="utf-8"))["code spans"]
    commands = {span for span in source | target if span.startswith("/") and span != "/"}
    bad_commands = sorted(span for span in target & commands if not is_command_in(span, lang))
    assert not bad_commands, f"{path}: commands not named as Discord shows them in {lang}: {bad_commands}"
    assert len(source & commands) == len(target & commands), f"{path}: commands added or left out"
    only_english, only_translated = source - target - commands, target - source - commands
    translated = {span: translations_of(span, lang) & only_translated for span in only_english}
    missing = sorted(span for span, found in translated.items() if not found)
    assert not missing, f"{path}: code spans of {name} left out or changed: {missing}"
    extra = only_translated - set().union(*translated.values())
    assert not extra, f"{path}: code spans {name} does not have: {sorted(extra)}"


def expected_pieces(names: tuple[str, ...], lang: str) -> list[str]:
    """Every line outside fenced blocks of the game's documents in ``lang`` as a page shows it."""
    titles = {n.rsplit("/", 1)[-1]: rules_book.doc_title(rules_book.read(n, lang=lang)) for n in names}
    inline, pieces = link_text(titles, lang), []
    for name in names:
        lines, _blocks = prose_lines(rules_book.read(name, lang=lang))
        for line in lines:
            if not line.strip() or TABLE_RULE.match(line.strip()) or COMMENT.match(line):
                continue
            if line.lstrip().startswith("|"):
                pieces.extend(" ".join(inline(c).split()) for c in cells(line) if c)
            else:
                pieces.append(" ".join(inline(re.sub(r"^#{1,6}\s+", "", line.strip())).split()))
    return pieces


@pytest.mark.parametrize("lang", sorted({split(p)[0] for p in TRANSLATIONS}))
@pytest.mark.parametrize("game", list(rules_book.GAMES))
def test_the_rules_book_in_a_language_is_built_from_its_translations(game, lang):
    _title, names = rules_book.GAMES[game]
    translated = [name for name in names if rules_book.translation(name, RULES, lang)]
    if not translated:
        pytest.skip(f"no document of {game} is translated into {lang} yet")
    book = rules_book.build(game, lang=lang)
    for page in book.pages:
        assert 0 < len(page.text) <= PAGE_LIMIT <= 4096
        assert page.title() and len(page.title()) <= 200
        assert page.text.count("```") % 2 == 0
        assert not re.search(r"^#{4,}", re.sub(r"```.*?```", "", page.text, flags=re.S), re.M)
    whole = " ".join(" ".join(p.text for p in book.pages).split())
    for piece in expected_pieces(names, lang):
        assert piece in whole, piece
    follow = t(lang, texts.FULL_RULES_FOLLOW)
    short = [page for page in book.pages if follow in page.text]
    if len(translated) == len(names):
        assert not short, f"{game}: every document is translated, yet the short rules say English follows"
        assert rules_book.doc_title(rules_book.read(names[0], lang=lang)) in book.pages[0].text
    else:
        assert short and book.pages[0] is short[0], f"{game}: English documents follow without the short rules"


def test_a_translation_replaces_its_document_and_the_short_rules_go_with_the_last_english_one(tmp_path):
    """With a base holding only the English documents, German gets the short rules then English; a German
    document replaces its English one for German only; with every document translated, no short rules."""
    base = tmp_path / "rules"
    shutil.copytree(RULES, base, ignore=shutil.ignore_patterns(*MARKERS))
    follow = t("de", texts.FULL_RULES_FOLLOW)
    english = rules_book.build("pixel-tactics", base)
    german = rules_book.build("pixel-tactics", base, "de")
    assert follow in german.pages[0].text and german.pages[1].text == english.pages[0].text
    assert follow not in " ".join(p.text for p in english.pages)

    (base / "de" / "pt_modes").mkdir(parents=True)
    (base / "de" / "pt_modes" / "siege.md").write_text("# Belagerung\n\nDie Belagerung auf Deutsch.\n", "utf-8")
    assert rules_book.read("pt_modes/siege.md", base, "de").startswith("# Belagerung")
    assert rules_book.read("pt_modes/siege.md", base, SOURCE) == (RULES / "pt_modes" / "siege.md").read_text("utf-8")
    assert rules_book.translation("pt_modes/siege.md", base, SOURCE) is None
    german = rules_book.build("pixel-tactics", base, "de")
    assert follow in german.pages[0].text and "Die Belagerung auf Deutsch." in " ".join(p.text for p in german.pages)
    assert "Die Belagerung" not in " ".join(p.text for p in rules_book.build("pixel-tactics", base).pages)

    (base / "de" / "tixel.md").write_text("# Tixel — auf Deutsch\n\n## Brett\n\nSechs mal sechs.\n", "utf-8")
    german = rules_book.build("tixel", base, "de")
    assert [p.text for p in german.pages] == ["# Tixel — auf Deutsch\n\n## Brett\n\nSechs mal sechs."]
    assert follow not in german.pages[0].text


def test_the_translations_ship_with_the_package():
    import tomllib

    root = RULES.resolve().parent.parent
    data = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["cogs.help"]
    for path in TRANSLATIONS:
        assert any(Path("rules", path).match(pattern) for pattern in data), path
    assert any(Path("rules", "de", "pt_modes", "siege.md").match(pattern) for pattern in data)


def test_the_catalogue_check_of_quoted_messages_follows_nested_fields():
    said = ("The slider cannot be active on c1: the active piece on d1 points a corner into c1, so it is "
            "sacrificed there (write a1-c1=E).")
    assert t("de", "{square} is occupied.", square="c3") in translations_of("c3 is occupied.", "de")
    assert any("ragt mit einer Ecke in c1" in text for text in translations_of(said, "de"))
    assert not translations_of("c3^NE", "de")
    assert is_command_in("/partie zurücknehmen", "de") and is_command_in("/spielen spiel:Pixies", "de")
    assert not is_command_in("/game undo", "de")
