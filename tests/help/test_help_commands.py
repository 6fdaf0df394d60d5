"""/help is generated from the registered command tree: every command has a group and an example in the
help package's table, and every page and detail fits Discord's embed limits."""

from __future__ import annotations

import pytest

from bot.app import build_bot
from bot.config import Config
from cogs.help import catalogue, command_pages, texts
from cogs.help.commands import page_choices
from cogs.help.rules_book import GAMES


@pytest.fixture
async def tree(tmp_path):
    bot = build_bot(Config(token="x", db_path=str(tmp_path / "h.sqlite3"), render_workers=0, ai_workers=0),
                    auto_sync=False)
    await bot.setup_hook()
    try:
        yield bot.tree
    finally:
        await bot.db.close()
        bot.db = None


def embed_size(title: str, text: str, fields=(), footer: str = "") -> int:
    return len(title) + len(text) + len(footer) + sum(len(n) + len(v) for n, v in fields)


async def test_every_registered_command_has_a_group_and_an_example(tree):
    commands = command_pages.slash_commands(tree)
    names = [c.qualified_name for c in commands]
    assert len(names) > 60 and "help" in names and "rules" in names and "pt deck new" in names
    missing = [n for n in names if n not in catalogue.COMMANDS]
    assert not missing, f"add these to cogs/help/catalogue.py (group and example): {missing}"
    for name in names:
        group, example = catalogue.COMMANDS[name]
        assert group in catalogue.GROUPS and group in texts.GROUP_TITLES, name
        assert example.startswith(f"/{name}"), (name, example)
    shown = " ".join(p.text for p in command_pages.help_pages(tree))
    for name in names:  # every command is on the pages, with its example
        assert f"**`/{name}`**" in shown and catalogue.COMMANDS[name][1] in shown, name


async def test_help_pages_and_details_fit_an_embed(tree):
    pages = command_pages.help_pages(tree)
    assert pages[0].title == texts.HELP_TITLE and len(pages) >= 1 + len(catalogue.GROUPS)
    for page in pages:
        assert len(page.title) <= 256 and 0 < len(page.text) <= 4096
        assert embed_size(page.title, page.text, footer=texts.HELP_FOOTER.format(page=99, pages=99)) <= 6000
    for command in command_pages.slash_commands(tree):
        title, text, fields = command_pages.detail(command)
        assert len(title) <= 256 and len(text) <= 4096 and len(fields) <= 25
        assert all(0 < len(n) <= 256 and 0 < len(v) <= 1024 for n, v in fields)
        assert embed_size(title, text, fields) <= 6000
        for param in command.parameters:
            assert f"`{param.name}`" in " ".join(v for _, v in fields), (command.qualified_name, param.name)
    play = command_pages.detail(command_pages.find_command(tree, "/Play"))
    assert "Choices: Pixies, Tixel" in play[2][0][1] and "(required)" in play[2][0][1]


async def test_command_names_are_found_offered_and_suggested(tree):
    assert command_pages.find_command(tree, " game   LOG ").qualified_name == "game log"
    assert command_pages.find_command(tree, "no such thing") is None
    assert "game log" in command_pages.near_names(tree, "game lgo")
    offered = command_pages.matching_names(tree, "deck")
    assert offered and all("deck" in n for n in offered) and len(offered) <= 25
    assert command_pages.matching_names(tree, "pt")[0].startswith("pt")


def test_rules_pages_are_offered_by_number_and_heading():
    for game in GAMES:
        choices = page_choices(game, "")
        assert 2 < len(choices) <= 25 and choices[0].value == "board" and choices[1].value == "pictures"
        assert all(len(c.name) <= 100 for c in choices)
    siege = page_choices("pixel-tactics", "siege")
    assert siege and all(c.value.isdigit() for c in siege)
    assert page_choices("tixel", "board")[0].value == "board"
