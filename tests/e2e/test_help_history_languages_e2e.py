"""/help, /rules (each game paged, its board guide and pictures), and a Pixies game's undo request,
/game describe, /game log of the finished game, /game replay and /game rematch, in the pseudo-language (``bot.i18n.PSEUDO``)
and in German, through the loopback Discord: with the pseudo-language as the server's language and every
member's client, nothing the bot sends (embeds, buttons, alt texts, answers) bypasses the catalogue but the
rules' own English documents; in German, the rules (Tixel's German document), the frame around them, the board
guides (legible, nothing cut) and the history speak German."""

from __future__ import annotations

import io
import random

from PIL import Image

from bot import help_positions
from bot.i18n import PSEUDO, t
from cogs.help import rules_book, texts
from cogs.help.rules_posts import guide_key, seeded_view
from rendering import help as guides
from tests.e2e.bot_texts import check_answers, checked_texts, components, versions
from tests.e2e.harness import TIMEOUT, buttons_with, open_table, parlor, play_until
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)
from tests.i18n.pseudo import outside_catalogue
from tests.rendering.legibility import assert_legible

#: names never translated: the members and the games
NAMES = ("Ada", "Bob", "Pixel Tactics", "Pixel Pusher", "Pixies", "Tixel")
GAMES = tuple(rules_book.GAMES)


def rules_texts(lang: str) -> set[str]:
    """The rules' own documents (English: not catalogue messages): every page's text."""
    return {p.text for g in GAMES for p in rules_book.book(g, lang).pages}


def answer(record):
    """The private answer of an interaction: its follow-up when it deferred, else its response."""
    return record.followups[0] if record.followups else record.message


async def slash(fake, user, name, options=None, **kwargs):
    return await (await fake.slash(user, name, options or {}, **kwargs)).wait_final(TIMEOUT)


async def click(fake, user, message, label: str):
    button = next(b for b in message.buttons() if b.label == label)
    record = await (await fake.click(user, message, button.custom_id)).wait_final(TIMEOUT)
    assert not record.followups, record.followups[0].content
    return record


async def help_and_rules(fake, ada, lang: str, games=GAMES) -> list:
    """/help paged, one command, a mistyped one, a group; /rules of ``games`` paged, their board guide and
    pictures, a page it does not have; /preferences theme; return the answers to check."""
    answers = []
    help_ = await slash(fake, ada, "help")
    await click(fake, ada, help_.message, t(lang, texts.NEXT))
    await click(fake, ada, help_.message, t(lang, texts.LAST))
    answers += [help_.message, answer(await slash(fake, ada, "help", {"command": "game log"})),
                answer(await slash(fake, ada, "help", {"command": "game lgo"})),
                answer(await slash(fake, ada, "help", {"command": "pt deck"}))]
    for game in games:
        rules = await slash(fake, ada, "rules", {"game": game})
        assert rules.ephemeral
        await click(fake, ada, rules.message, t(lang, texts.NEXT))
        await click(fake, ada, rules.message, t(lang, texts.BOARD_BUTTON))
        assert len(rules.message.attachments) == 1
        await click(fake, ada, rules.message, t(lang, texts.PICTURES_BUTTON))
        assert len(rules.message.attachments) == 3
        await click(fake, ada, rules.message, t(lang, texts.RULES_BUTTON))
        answers.append(answer(rules))
    answers.append(answer(await slash(fake, ada, "rules", {"game": "tixel", "page": "no such page"})))
    answers.append(answer(await slash(fake, ada, "preferences", subcommand="theme")))  # its preview drawn in words
    return answers


async def pixies_history(fake, bot, ada, bob) -> tuple[int, list]:
    """A Pixies game: three picks, an undo request refused, /game describe, a resignation, then /game log and
    /game replay of the finished game; return (game id, the private answers)."""
    game_id, _ = await open_table(fake, bot, [ada, bob])
    users = [ada, bob]
    await play_until(fake, bot, game_id, users, random.Random(5), max_actions=3)
    table = await bot.tables.load(game_id)
    thread = fake.channel(table.row.thread_id)
    last = (await bot.db.actions(game_id))[-1].actor_seat
    asked = await slash(fake, users[last], "game", subcommand="undo", channel=thread)
    request = await fake.wait_for_message(lambda m: bool(buttons_with(m, f"pu:{game_id}:1:")), TIMEOUT,
                                          channel=thread)
    refused = await (await fake.click(users[1 - last], request, f"pu:{game_id}:1:n")).wait_final(TIMEOUT)
    assert not refused.followups, refused.followups[0].content
    described = await slash(fake, ada, "game", subcommand="describe", channel=thread)
    question = await slash(fake, ada, "game", subcommand="resign", channel=thread)
    confirm = next(b.custom_id for b in question.message.buttons() if b.custom_id.endswith(":y"))
    await (await fake.click(ada, question.message, confirm)).wait_final(TIMEOUT)
    assert (await bot.tables.load(game_id)).row.status == "finished"
    log = await slash(fake, bob, "game", subcommand="log", channel=thread)
    replay = await slash(fake, bob, "game", subcommand="replay", channel=thread)
    assert not replay.ephemeral and replay.message.attachments
    # /game rematch from the thread: the lobby is posted in the game's channel, the thread gets a link; asked
    # again, it is refused (a rematch is open)
    rematch = await slash(fake, bob, "game", subcommand="rematch", channel=thread)
    link = answer(rematch).content
    assert not rematch.ephemeral and link.startswith("🔁 ") and f"**Pixies #{game_id + 1}**" in link, link
    again = await slash(fake, ada, "game", subcommand="rematch", channel=thread)
    assert again.ephemeral
    return game_id, [answer(asked), answer(described), answer(question), answer(again), answer(log)]


async def test_help_rules_and_history_in_the_pseudo_language_bypass_no_catalogue(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    ada, bob = fake.add_member("Ada"), fake.add_member("Bob")
    ada.locale = bob.locale = PSEUDO
    async with parlor(fake, str(tmp_path / "pseudo.sqlite3")) as bot:
        await bot.tables.save_setting(fake.guild_id, "language", PSEUDO)
        await fake.wait_commands("help", "rules", timeout=TIMEOUT)
        answers = await help_and_rules(fake, ada, PSEUDO)
        game_id, private = await pixies_history(fake, bot, ada, bob)
        documents = rules_texts(PSEUDO)
        bot_messages = [m for m in fake.all_messages(include_ephemeral=True) if m.author.id == fake.bot_user.id]
        checked = checked_texts(bot_messages, lambda _message, text: [] if text in documents
                                else outside_catalogue(text, NAMES))
        assert checked > 100
        check_answers([a for a in private if a.content], NAMES)
        for message in answers:  # every embed's frame and every button in the pseudo-language
            for version in versions(message):
                for embed in version["embeds"]:
                    assert "⟦" in (embed.get("title") or "") + ((embed.get("author") or {}).get("name") or ""), embed
                labels = [c.get("label") or "" for c in components(version["components"]) if c.get("type") == 2]
                assert all(label.startswith("⟦") for label in labels), labels
            assert all((a.description or "").startswith("⟦") for a in message.attachments)
        alts = [a.description or "" for m in bot_messages for v in versions(m) for a in v.get("attachments") or []]
        assert len(alts) >= 4 * 4 + 1 and not [alt for alt in alts if not alt.startswith(("⟦", "Pixel Tactics, ⟦"))], [
            alt for alt in alts if not alt.startswith(("⟦", "Pixel Tactics, ⟦"))]
        log = private[-1].content
        assert log.startswith("📜 ⟦") and "· Ada · ⟦" in log and "· Bob · ⟦" in log, log
        lobby = [m for m in fake.messages(fake.games) if m.content.startswith("🔁 ")]
        assert len(lobby) == 1 and lobby[0].content.startswith("🔁 ⟦") and lobby[0].buttons(), lobby
        request = next(m for m in bot_messages if any((c.get("custom_id") or "").startswith(f"pu:{game_id}:")
                                                      for v in versions(m) for c in components(v["components"])))
        assert request.content.startswith("↩️ ⟦") and "⟦" in request.content.split("\n")[-1], request.content


async def test_help_rules_and_history_in_german(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    ada, bob = fake.add_member("Ada"), fake.add_member("Bob")
    ada.locale = bob.locale = "de"
    async with parlor(fake, str(tmp_path / "de.sqlite3")) as bot:
        await bot.tables.save_setting(fake.guild_id, "language", "de")
        await fake.wait_commands("help", "rules", timeout=TIMEOUT)
        answers = await help_and_rules(fake, ada, "de", games=("tixel",))
        help_, detail, unknown, group, rules, no_page, theme = answers
        first = next(versions(help_))["embeds"][0]
        assert first["title"] == "Pixel-Parlor-Befehle" and first["footer"]["text"].startswith("Seite 1/")
        assert "`/spielen spiel:` eröffnet einen Tisch" in first["description"]
        pages = [v["embeds"][0] for v in versions(help_)]
        assert "**`/spielen`**" in pages[1]["description"] and "z. B. `/spielen spiel:Pixies`" in pages[1]["description"]
        assert {b.label for b in help_.buttons()} == {"⏮ Erste", "◀ Zurück", "Weiter ▶", "Letzte ⏭"}
        embed = detail.embeds[0]
        assert embed["title"] == "/partie verlauf" and {f["name"] for f in embed["fields"]} >= {"Optionen", "Beispiel"}
        assert "Es gibt keinen Befehl `/game lgo`" in unknown.content and "`/partie verlauf`" in unknown.content
        assert group.embeds[0]["description"].startswith("**`/pt deck")
        said = [v["embeds"] for v in versions(rules) if v["embeds"]]
        german = rules_book.book("tixel", "de").pages  # the German document (docs/rules/de/tixel.md) in full
        assert said[0][0]["title"] == "Tixel-Regeln · Tixel — die Regeln, wie Pixel Parlor sie umsetzt"
        assert said[0][0]["footer"]["text"].startswith("Seite 1/")
        assert [e[0]["description"] for e in said[:2]] == [german[0].text, german[1].text]
        assert "## Die Passregel" in said[0][0]["description"] and "auf Englisch" not in said[0][0]["description"]
        board = next(e for e in said if e[0]["title"] == "So liest du das Tixel-Spielfeld")
        assert board[1]["title"] == "Was die Buchstaben bedeuten"  # the key, as text under the image
        assert board[1]["description"].startswith("**A · Zug** — ") and "\n**B · Wer am Zug ist** — " in board[1][
            "description"]
        assert board[1]["footer"]["text"].endswith("jeder Buchstabe auf dem Spielfeld ist oben erklärt")
        assert any([x["title"] for x in e] == ["Der Tisch zu Beginn", "Nach ein paar Zügen",
                                               "Später in derselben Partie"] for e in said)
        assert {b.label for b in rules.buttons()} >= {"Weiter ▶", "So liest du das Spielfeld", "Bilder"}
        assert "Die Tixel-Regeln haben keine Seite" in no_page.content
        assert "Design" in theme.content and theme.attachments[0].description.startswith("Vorschau")

        game_id, (asked, described, _question, again, log) = await pixies_history(fake, bot, ada, bob)
        assert "Asked" not in asked.content, asked.content
        assert "in Worten:" in described.content
        assert "Verlauf, Seite 1/1" in log.content and "die Partie ist vorbei" in log.content, log.content
        assert "aufgegeben" in log.content and not any(w in log.content for w in (" took ", " kept ", "resigned"))
        thread = (await bot.tables.load(game_id)).row.thread_id
        posts = [m for m in fake.messages(thread) if m.author.id == fake.bot_user.id]
        request = next(m for m in posts if "möchte zurücknehmen" in "".join(v["content"] or "" for v in versions(m)))
        assert {b["label"] for v in versions(request) for b in components(v["components"]) if b.get("type") == 2} == {
            "Zustimmen", "Ablehnen"}
        replay = next(m for m in posts if m.attachments and m.attachments[0].filename.endswith("-replay.gif"))
        assert "Replay von" in replay.content and replay.attachments[0].description.startswith("Animiertes Replay")
        assert again.content.startswith("Eine Revanche für") and "ist schon offen" in again.content, again.content
        lobby = next(m for m in fake.messages(fake.games) if m.content.startswith("🔁 "))
        assert lobby.content.startswith(f"🔁 Revanche von **Pixies #{game_id}**, gewünscht von"), lobby.content


def test_the_german_board_guides_read_on_a_phone_and_nothing_is_cut():
    from cogs.pixies import PixiesPresenter
    from cogs.posts import PRESENTERS, register_presenter

    if "pixies" not in PRESENTERS:  # Pixies' last move is worded by its presenter
        register_presenter(PixiesPresenter())
    for game in guides.GUIDES:
        log: list = []
        key = guide_key(game, "de")
        view = seeded_view(game, help_positions.guide_index(game), "de")
        data, lettered = guides.guide_parts(game, view, help_positions.NAMES, "de", log=log)
        image = Image.open(io.BytesIO(data))
        assert_legible(image, log, min_texts=20)
        assert image.height <= 2 * image.width and lettered == list(key), game  # one phone screen, every region
        drawn = [r.text for r in log]
        for number in range(1, len(key) + 1):
            assert chr(ord("A") + number - 1) in drawn, game
        assert not any("…" in text for text in drawn), game
        assert "Zuletzt: " in " ".join(drawn) or game != "pixies"
