"""Engines describe what happened as events (a catalogue template and fields); the application never takes the
engines' English apart with regular expressions (issue 16). Every use of ``re`` in ``cogs/``, ``rendering/`` and
``bot/`` (outside the engines in ``bot/games``) is on this allow-list, each with its reason; a new one fails here
until it is shown not to read engine text.

``re.Match`` alone (the type of a dynamic item's custom-id match) is always fine."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("cogs", "rendering", "bot")

#: "path::function" (the enclosing top-level function or class, or ``<module>``) -> why it may use ``re``
ALLOWED = {
    "bot/codec.py::<module>": "the custom-id codec's own token syntax",
    "bot/codec.py::_decode_value": "the custom-id codec: an integer token",
    "bot/config.py::<module>": "configuration: token and URL shapes",
    "bot/config.py::parse_shards": "configuration: a list or range of shard ids",
    "bot/i18n/__init__.py::<module>": "the pseudo-language keeps placeholders, code, mentions and links",
    "bot/settings.py::<module>": "server settings: a duration or percentage typed by a member",
    "cogs/buttons.py::<module>": "custom ids of the game buttons",
    "cogs/computer/posts.py::<module>": "mentions of computer players",
    "cogs/computer/posts.py::without_computers": "mentions of computer players",
    "cogs/help/command_pages.py::<module>": "help text: command options in examples",
    "cogs/help/markdown.py::<module>": "markdown of the rules documents",
    "cogs/help/markdown.py::cells": "markdown of the rules documents: a table row's cells",
    "cogs/help/rules_book.py::RulesBook": "the rules documents: a page number typed by a member",
    "cogs/help/rules_book.py::doc_title": "the rules documents: a heading's title",
    "cogs/help/views.py::<module>": "custom ids of the rules pages",
    "rendering/pixel_pusher/words.py::named": "OLD STATES ONLY: a Pusher log line stored before log_events",
    "rendering/pixel_pusher/words.py::drawable": "the pseudo-language's brackets kept in drawn text",
    "rendering/theme.py::<module>": "a seat name's note in brackets (a computer's level) kept whole when shortened",
    "rendering/pixel_tactics/positions.py::<module>": "OLD STATES ONLY: humanize's patterns, for a PT reason "
                                                      "stored before reason_event and /game log's last resort",
}


def _uses(path: Path) -> set[str]:
    """The places (``function`` or ``<module>``) in a file that use ``re`` beyond ``re.Match``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            here = where
            if where == "<module>" and isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                here = child.name
            if (isinstance(child, ast.Attribute) and isinstance(child.value, ast.Name) and child.value.id == "re"
                    and child.attr != "Match"):
                found.add(here)
            if isinstance(child, ast.ImportFrom) and child.module == "re":
                found.add(here)
            visit(child, here)
    visit(tree, "<module>")
    return found


def _all_uses() -> set[str]:
    uses = set()
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel.startswith("bot/games/"):
                continue
            uses |= {f"{rel}::{where}" for where in _uses(path)}
    return uses


def test_no_regular_expression_reads_engine_english_outside_the_allow_list() -> None:
    """Every ``re`` use outside the engines is a known, legitimate one (notation, config, codec, custom ids,
    mentions, markdown, the old-state readers)."""
    assert _all_uses() - ALLOWED.keys() == set(), "a new regular expression: word events, do not parse English"


def test_the_allow_list_has_no_stale_entry() -> None:
    """Each allowed place still uses ``re`` (a removed one leaves the list)."""
    assert ALLOWED.keys() - _all_uses() == set()
