"""/rules with the rules documents translated (``docs/rules/de/``), through the loopback Discord: a member whose
Discord client speaks German gets the German full rules of Pixies — every page German, no short-rules page
announcing English pages — and finds a page by a German heading; a member with an English client, in the same
server, still gets the English documents. (Discord sends a command's and option's canonical names whatever the
member typed: ``/regeln spiel:Pixies`` arrives as ``rules`` with ``game``; the fake sends it the same way.)"""

from __future__ import annotations

from bot.i18n import t
from cogs.help import rules_book, texts
from tests.e2e.bot_texts import versions
from tests.e2e.harness import TIMEOUT, parlor
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


async def rules(fake, user, options: dict):
    """Run /rules (in German: /regeln) and return its private answer."""
    record = await (await fake.slash(user, "rules", options)).wait_final(TIMEOUT)
    assert record.ephemeral
    return record.followups[0] if record.followups else record.message


async def every_page(fake, user, message, lang: str) -> list[dict]:
    """Page through a /rules answer with its Next button; return each page's embed."""
    pages = len(rules_book.book("pixies", lang).pages)
    for _ in range(pages - 1):
        button = next(b for b in message.buttons() if b.label == t(lang, texts.NEXT))
        clicked = await (await fake.click(user, message, button.custom_id)).wait_final(TIMEOUT)
        assert not clicked.followups, clicked.followups[0].content
    return [v["embeds"][0] for v in versions(message) if v["embeds"]]


async def test_a_german_member_reads_the_german_rules_and_an_english_one_the_english(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    ada, bob = fake.add_member("Ada"), fake.add_member("Bob")
    ada.locale = "de"  # Bob keeps the fake client's en-US
    german, english = rules_book.book("pixies", "de"), rules_book.book("pixies")
    assert all(rules_book.translation(name, rules_book.RULES_DIR, "de") for name in rules_book.GAMES["pixies"][1])
    async with parlor(fake, str(tmp_path / "rules.sqlite3")):
        await fake.wait_commands("rules", timeout=TIMEOUT)
        shown = await every_page(fake, ada, await rules(fake, ada, {"game": "pixies"}), "de")
        assert [e["description"] for e in shown] == [p.text for p in german.pages]
        first = shown[0]
        assert first["title"] == "Pixies-Regeln · Pixies — die Regeln, wie Pixel Parlor sie umsetzt"
        assert first["footer"]["text"] == f"Seite 1/{len(german.pages)} · die Regeln genau so, wie Pixel Parlor sie spielt"
        assert "## Die Karten" in first["description"] and "**Auslegung:**" in first["description"]
        whole = "\n".join(e["description"] for e in shown)
        assert "## Wertung (nach jedem Durchgang)" in whole and "Pixie auf Waldboden" in whole
        assert "`/partie zurücknehmen`" in whole and "/game undo" not in whole
        assert t("de", texts.SHORT_RULES) not in {e["title"].split(" · ")[-1] for e in shown}
        assert "auf Englisch" not in whole and "**Interpretation" not in whole and "The cards" not in whole

        found = await rules(fake, ada, {"game": "pixies", "page": "Wertung"})
        number = german.find("Wertung")
        assert number and found.embeds[0]["description"] == german.pages[number - 1].text
        assert "## Wertung (nach jedem Durchgang)" in found.embeds[0]["description"]

        theirs = await rules(fake, bob, {"game": "pixies"})
        embed = theirs.embeds[0]
        assert embed["title"] == "Pixies rules · Pixies — the rules as Pixel Parlor implements them"
        assert embed["description"] == english.pages[0].text and "## The cards" in embed["description"]
        assert "Auslegung" not in embed["description"] and embed["footer"]["text"].startswith("Page 1/")
