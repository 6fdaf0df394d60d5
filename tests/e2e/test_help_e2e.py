"""/help and /rules through the loopback Discord: every command grouped and paged, one command in detail,
each game's rules paged with buttons, the board guide and pictures as images, and clear refusals."""

from __future__ import annotations

import sys

import pytest

from cogs.help import rules_book, texts
from tests.e2e.harness import TIMEOUT, parlor, png
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)

GAMES = {"pixies": "Pixies", "tixel": "Tixel", "pixel-tactics": "Pixel Tactics", "pixel-pusher": "Pixel Pusher"}


async def slash(fake, user, name, options=None):
    return await (await fake.slash(user, name, options or {})).wait_final(TIMEOUT)


async def click(fake, user, message, label):
    button = next(b for b in message.buttons() if b.label == label)
    assert not button.disabled, label
    record = await (await fake.click(user, message, button.custom_id)).wait_final(TIMEOUT)
    assert not record.followups, record.followups[0].content
    return record


def labels(message) -> dict[str, bool]:
    return {b.label: b.disabled for b in message.buttons()}


async def test_help_lists_every_command_in_pages_and_one_in_detail(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    ada = fake.add_member("Ada")
    async with parlor(fake, str(tmp_path / "help.sqlite3")) as bot:
        await fake.wait_commands("help", "rules", timeout=TIMEOUT)
        rec = await slash(fake, ada, "help")
        assert rec.ephemeral
        first = rec.message.embeds[0]
        assert first["title"] == texts.HELP_TITLE and "`/play`" in first["description"]
        assert first["footer"]["text"].startswith("Page 1/")
        pages = int(first["footer"]["text"].split("/")[1].split(" ")[0])
        assert labels(rec.message) == {texts.FIRST: True, texts.PREVIOUS: True, texts.NEXT: False, texts.LAST: False}

        seen = [first]
        for _ in range(pages - 1):  # Next through every page: each command is shown with its example
            await click(fake, ada, rec.message, texts.NEXT)
            seen.append(rec.message.embeds[0])
        assert seen[1]["title"].endswith(texts.GROUP_TITLES["playing"]) and "↳ e.g. `/play game:Pixies`" in seen[1][
            "description"]
        assert labels(rec.message)[texts.NEXT] and labels(rec.message)[texts.LAST]
        everything = " ".join(e["description"] for e in seen)
        for name in ("play", "game log", "pt deck new", "league challenge", "settings deadline", "rules", "help"):
            assert f"**`/{name}`**" in everything, name
        await click(fake, ada, rec.message, texts.FIRST)
        assert rec.message.embeds[0]["footer"]["text"].startswith("Page 1/")
        await click(fake, ada, rec.message, texts.LAST)
        assert rec.message.embeds[0]["footer"]["text"].startswith(f"Page {pages}/")

        # one command in detail: its options, their descriptions and choices, its example
        detail = await slash(fake, ada, "help", {"command": "game log"})
        assert detail.ephemeral
        embed = detail.message.embeds[0]
        fields = {f["name"]: f["value"] for f in embed["fields"]}
        assert embed["title"] == "/game log" and "`page`" in fields["Options"] and "`game`" in fields["Options"]
        assert fields["Example"] == "`/game log game:12 page:1`"
        play = (await slash(fake, ada, "help", {"command": "/play"})).message.embeds[0]
        assert "Choices: Pixies, Tixel" in play["fields"][0]["value"]

        group = (await slash(fake, ada, "help", {"command": "pt deck"})).message.embeds[0]
        assert group["title"] == "/pt deck" and "**`/pt deck new`**" in group["description"]
        assert "**`/pt card`**" not in group["description"]

        # autocomplete offers command names; an unknown one is refused with suggestions
        offered = await (await fake.autocomplete(ada, "help", "command", {"command": "deck"})).wait_response(TIMEOUT)
        assert {"name": "/pt deck new", "value": "pt deck new"} in offered.choices
        unknown = await slash(fake, ada, "help", {"command": "game lgo"})
        assert unknown.ephemeral and "There is no command `/game lgo`" in unknown.content
        assert "`/game log`" in unknown.content
        assert bot.tree.get_command("help") is not None


@pytest.mark.parametrize("game", list(GAMES))
async def test_rules_of_every_game_paged_with_the_board_guide_and_pictures(fake_discord, tmp_path, game):  # noqa: F811
    fake = fake_discord
    ada = fake.add_member("Ada")
    pages = len(rules_book.book(game).pages)
    async with parlor(fake, str(tmp_path / "rules.sqlite3")):
        await fake.wait_commands("rules", timeout=TIMEOUT)
        rec = await slash(fake, ada, "rules", {"game": game})
        assert rec.ephemeral
        embed = rec.message.embeds[0]
        assert embed["title"].startswith(f"{GAMES[game]} rules · ")
        assert embed["footer"]["text"].startswith(f"Page 1/{pages} ")
        assert embed["description"] == rules_book.book(game).pages[0].text
        assert labels(rec.message) == {texts.FIRST: True, texts.PREVIOUS: True, texts.NEXT: False,
                                       texts.LAST: False, texts.BOARD_BUTTON: False, texts.PICTURES_BUTTON: False}
        await click(fake, ada, rec.message, texts.NEXT)
        assert rec.message.embeds[0]["footer"]["text"].startswith(f"Page 2/{pages} ")
        await click(fake, ada, rec.message, texts.LAST)
        assert rec.message.embeds[0]["description"] == rules_book.book(game).pages[-1].text

        # How to read the board: one image (one phone screen: at most twice as tall as wide), the real board with
        # lettered discs, and below it the key as text, a line per letter
        await click(fake, ada, rec.message, texts.BOARD_BUTTON)
        embed, key = rec.message.embeds
        assert embed["title"] == texts.BOARD_TITLE.format(game=GAMES[game])
        assert len(rec.message.attachments) == 1 and embed["image"]["url"].endswith(".png")
        guide = png(rec.message.attachments[0])
        assert 700 <= guide.width <= 900 and guide.height <= 2 * guide.width
        assert key["title"] == texts.GUIDE_KEY_TITLE
        lines = key["description"].split("\n")
        assert lines == [texts.GUIDE_KEY_LINE.format(letter=chr(ord("A") + n), title=title, text=text)
                         for n, (title, text) in enumerate(texts.GUIDE_KEYS[game].values())]
        assert key["footer"]["text"] == texts.BOARD_FOOTER
        assert texts.BOARD_BUTTON not in labels(rec.message)

        # Pictures: three real positions of a seeded game, each with its alt text
        await click(fake, ada, rec.message, texts.PICTURES_BUTTON)
        assert [e["title"] for e in rec.message.embeds] == list(texts.PICTURE_CAPTIONS)
        assert len(rec.message.attachments) == 3
        for attachment in rec.message.attachments:
            assert png(attachment).width >= 700
        await click(fake, ada, rec.message, texts.RULES_BUTTON)
        assert rec.message.embeds[0]["footer"]["text"].startswith(f"Page 1/{pages} ") and not rec.message.attachments

        # page:board straight away
        board = await slash(fake, ada, "rules", {"game": game, "page": "board"})
        assert board.ephemeral and png(board.message.attachments[0]).size == guide.size


async def test_rules_pages_by_heading_and_the_refusals(fake_discord, tmp_path, monkeypatch):  # noqa: F811
    fake = fake_discord
    ada = fake.add_member("Ada")
    async with parlor(fake, str(tmp_path / "refusals.sqlite3")):
        await fake.wait_commands("rules", timeout=TIMEOUT)
        book = rules_book.book("pixel-tactics")
        siege = book.find("Siege")
        rec = await slash(fake, ada, "rules", {"game": "pixel-tactics", "page": "siege"})
        assert rec.message.embeds[0]["footer"]["text"].startswith(f"Page {siege}/")
        offered = await (await fake.autocomplete(ada, "rules", "page", {"game": "pixel-tactics", "page": "siege"})
                         ).wait_response(TIMEOUT)
        assert offered.choices and offered.choices[0]["value"] == str(siege)
        by_choice = await slash(fake, ada, "rules", {"game": "tixel", "page": "3 · whatever the title"})
        assert by_choice.message.embeds[0]["footer"]["text"].startswith("Page 3/")

        refused = await slash(fake, ada, "rules", {"game": "pixies", "page": "99"})
        pixies_pages = len(rules_book.book("pixies").pages)
        assert refused.ephemeral and not refused.message.embeds
        assert refused.content == texts.UNKNOWN_PAGE.format(game="Pixies", page="99", pages=pixies_pages)
        assert "no page `no such heading`" in (await slash(fake, ada, "rules", {"game": "pixies",
                                                                               "page": "no such heading"})).content

        # a button of a page the rules no longer have (the documents changed since): the reason, privately
        rec = await slash(fake, ada, "rules", {"game": "tixel"})
        last = next(b for b in rec.message.buttons() if b.label == texts.LAST)
        live = sys.modules["cogs.help.rules_book"]  # the bot's own (closing a bot unloads its cogs' modules)
        shorter = live.RulesBook("tixel", "Tixel", live.book("tixel").pages[:1])
        monkeypatch.setattr(live, "book", lambda game, lang="en": shorter)
        stale = await (await fake.click(ada, rec.message, last.custom_id)).wait_final(TIMEOUT)
        assert stale.ephemeral and "no longer exists" in stale.content
