"""/pt deck, /pt cards and /settings pt through the loopback Discord: a deck made, edited, shown, exported and
imported by another member; every bad input answered privately with its reason and nothing changed; card
pages with ◀ ▶; the Pixel Tactics lists refused to members without Manage Server."""

from __future__ import annotations

import pytest

from bot.games.pixel_tactics import sets
from bot.games.pixel_tactics.pools import DEFAULT_CUBE
from cogs.settings import REFUSAL
from tests.e2e.harness import TIMEOUT, parlor, png
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)
from tests.fakediscord.interactions import DriverError
from tests.games.pt_deck_fakes import fake_cards  # noqa: F401  (the fixture)

MANAGE_GUILD = 1 << 5


def NAME(key: str) -> str:  # noqa: N802
    """Return a card's name (stand-in cards included)."""
    return sets.card_def(key)["name"]


async def deck(fake, user, sub, options=None):
    """Run ``/pt deck <sub>`` and return its answer, which must be private."""
    rec = await (await fake.slash(user, "pt", options or {}, group="deck", subcommand=sub,
                                  channel=fake.games)).wait_final(TIMEOUT)
    assert rec.ephemeral, f"/pt deck {sub} answered publicly: {rec.content!r}"
    return rec


async def pt_settings(fake, user, sub, options=None):
    rec = await (await fake.slash(user, "settings", options or {}, group="pt", subcommand=sub,
                                  channel=fake.general)).wait_final(TIMEOUT)
    assert rec.ephemeral
    return rec.content


async def test_deck_made_edited_shown_exported_imported_and_refused(fake_discord, tmp_path, fake_cards):  # noqa: F811
    fake = fake_discord
    mods = fake.add_role("Mods", MANAGE_GUILD)
    ada, ben, mia = fake.add_member("Ada"), fake.add_member("Ben"), fake.add_member("Mia", roles=[mods])
    async with parlor(fake, str(tmp_path / "d.sqlite3")) as bot:
        made = await deck(fake, ada, "new", {"name": "Red Fox", "format": "standard",
                                             "combination": "core + mini1"})
        assert made.content.startswith("Deck made (from core + mini1).") and "✅ Valid: playable here." in made.content
        stored = await bot.tables.decks.get(fake.guild_id, ada.id, "red fox")
        assert len(stored["leaders"]) == 4 and len(stored["heroes"]) == 29
        leader, hero, extra = stored["leaders"][0], stored["heroes"][0], sets.set_keys("core2")[0]

        removed = await deck(fake, ada, "remove", {"name": "red fox", "card": NAME(leader), "from": "leader"})
        assert "A Standard deck needs exactly 4 Leaders; this one has 3." in removed.content
        added = await deck(fake, ada, "add", {"name": "Red Fox", "card": NAME(extra)})
        assert "30 Heroes" in added.content
        shown = await deck(fake, ada, "designate", {"name": "Red Fox", "card": NAME(hero), "as": "leader"})
        assert "4 Leaders, 29 Heroes" in shown.content and "✅ Valid: playable here." in shown.content
        shown = await deck(fake, ada, "show", {"name": "RED FOX"})
        leaders = f"{', '.join(NAME(k) for k in stored['leaders'][1:])}, {NAME(hero)}"
        assert f"**Leaders:** {leaders}" in shown.content
        image = shown.message.attachments[0]
        assert png(image).width >= 400 and image.description.startswith(
            f"Pixel Tactics deck Red Fox, Standard, valid here. Leaders: {leaders}. Heroes (29): ")
        code = (await deck(fake, ada, "export", {"name": "Red Fox"})).content.split("```")[1].strip()
        assert code.startswith("PT1-") and len(code) < 60

        imported = await deck(fake, ben, "import", {"name": "Borrowed", "code": code})
        assert imported.content.startswith("✅ Imported.") and "✅ Valid" in imported.content
        ada_deck = await bot.tables.decks.get(fake.guild_id, ada.id, "Red Fox")
        ben_deck = await bot.tables.decks.get(fake.guild_id, ben.id, "Borrowed")
        assert (ben_deck["leaders"], ben_deck["heroes"]) == (ada_deck["leaders"], ada_deck["heroes"])

        # bad input: the reason, privately; nothing changes
        refused = await deck(fake, ben, "add", {"name": "Borrowed", "card": NAME(hero)})
        assert refused.content == (f"A Standard deck cannot hold a card in both stacks: {NAME(hero)} is a Leader "
                                   "and a Hero.")
        refused = await deck(fake, ben, "add", {"name": "Borrowed", "card": NAME(extra)})
        assert refused.content.startswith(f"A Standard deck holds one copy of each card: {NAME(extra)}")
        refused = await deck(fake, ben, "import", {"name": "Broken", "code": code[:-3]})
        assert refused.content.startswith("The code is")
        refused = await deck(fake, ben, "import", {"name": "Foreign", "code": "AAECAR8GuQ"})
        assert refused.content == ("That is not a Pixel Tactics deck code: they start with PT1- "
                                   "(use `/pt deck export`).")
        refused = await deck(fake, ben, "new", {"name": "borrowed", "format": "epic"})
        assert refused.content == "You already have a deck named “Borrowed”: choose another name."
        refused = await deck(fake, ben, "new", {"name": "Odd", "format": "standard", "combination": "core + core2"})
        assert refused.content == ("A Standard Combination is one core set and one minipak; you named 2 core sets "
                                   "and 0 minipaks.")
        refused = await deck(fake, ben, "add", {"name": "Borrowed", "card": "Nobody Special"})
        assert refused.content == "No card is called “Nobody Special”: start typing to see the names."
        assert await bot.tables.decks.get(fake.guild_id, ben.id, "Borrowed") == ben_deck
        assert [d["name"] for d in await bot.tables.decks.list(fake.guild_id, ben.id)] == ["Borrowed"]

        # a manager bans one of its Leaders: the deck says why it cannot be played here
        answer = await pt_settings(fake, mia, "ban", {"card": NAME(hero), "as": "leader"})
        assert answer == f"✅ {NAME(hero)} is banned as a Leader here."
        shown = await deck(fake, ben, "show", {"name": "Borrowed"})
        assert f"❌ Not playable here yet:\n• Banned as a Leader here: {NAME(hero)}." in shown.content
        assert f"not valid here: Banned as a Leader here: {NAME(hero)}. Leaders:" in (
            shown.message.attachments[0].description)
        listed = await deck(fake, ben, "list")
        assert "**Borrowed** · Standard · 4+29 · ❌ not valid here" in listed.content

        # a deck played in a game is locked until it ends
        await bot.tables.decks.lock(fake.guild_id, ben.id, "Borrowed", 77)
        refused = await deck(fake, ben, "rename", {"name": "Borrowed", "new_name": "Mine"})
        assert refused.content == "Your deck “Borrowed” is locked by game #77 until it ends."
        copied = await deck(fake, ben, "copy", {"name": "Borrowed", "new_name": "Mine"})
        assert copied.content == "✅ Copied into **Mine**."
        await bot.tables.decks.unlock_game(77)
        assert (await deck(fake, ben, "delete", {"name": "borrowed"})).content == "🗑️ Deleted **Borrowed**."

        auto = await (await fake.autocomplete(ben, "pt", "name", {"name": "mi"}, group="deck", subcommand="show",
                                              channel=fake.games)).wait_final(TIMEOUT)
        assert [c["name"] for c in auto.choices] == ["Mine"]
    fake.assert_no_violations()


async def test_card_pages_and_pt_settings_refused_to_members_without_manage_server(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    mods = fake.add_role("Mods", MANAGE_GUILD)
    ada, mia = fake.add_member("Ada"), fake.add_member("Mia", roles=[mods])
    async with parlor(fake, str(tmp_path / "p.sqlite3")):
        first = await (await fake.slash(ada, "pt", {"set": "core"}, subcommand="cards",
                                        channel=fake.games)).wait_final(TIMEOUT)
        message = first.followups[0] if first.followups else first.message
        assert message.ephemeral and "page 1 of 3 (25 cards)" in message.content
        core = [sets.card_def(k)["name"] for k in sets.set_keys("core")]
        assert len(message.attachments) == 1 and png(message.attachments[0]).width >= 400
        assert message.attachments[0].description.startswith(
            f"Pixel Tactics cards · Core Set 1, page 1 of 3: {core[0]} (Leader/Hero card, Core Set 1); {core[1]} ")
        assert " · ".join(core[:9]) in message.content
        buttons = {b.label: b for b in message.buttons()}
        assert buttons["◀ Previous"].disabled and not buttons["Next ▶"].disabled
        clicked = await (await fake.click(ada, message, buttons["Next ▶"].custom_id)).wait_final(TIMEOUT)
        assert clicked.edits
        page = fake.world.message_index[message.id]
        assert "page 2 of 3" in page.content and " · ".join(core[9:18]) in page.content
        assert len(page.attachments) == 1 and core[9] in page.attachments[0].description
        last = {b.label: b for b in page.buttons()}["Next ▶"]
        await (await fake.click(ada, page, last.custom_id)).wait_final(TIMEOUT)
        page = fake.world.message_index[message.id]
        assert "page 3 of 3" in page.content and {b.label: b for b in page.buttons()}["Next ▶"].disabled
        traps = await (await fake.slash(ada, "pt", {"type": "trap", "search": "cancel"}, subcommand="cards",
                                        channel=fake.games)).wait_final(TIMEOUT)
        wanted = [c["name"] for c in sets.all_cards() if (c.get("tactic") or {}).get("kind") == "trap"
                  and "cancel" in str(c).lower()]
        assert wanted and (traps.followups[0] if traps.followups else traps.message).content.endswith(
            " · ".join(wanted[:9]))
        none = await (await fake.slash(ada, "pt", {"search": "zzzzqq"}, subcommand="cards",
                                       channel=fake.games)).wait_final(TIMEOUT)
        assert none.ephemeral and none.content == "No card matches that: try another set, type or search."
        in_dm = await (await fake.slash(ada, "pt", {}, group="deck", subcommand="list",
                                        channel=fake.dm_channel(ada))).wait_final(TIMEOUT)
        assert in_dm.content == "Decks belong to a server: use this in one of the bot's servers."

        with pytest.raises(DriverError, match="lacks default_member_permissions"):
            await fake.slash(ada, "settings", {}, group="pt", subcommand="show")
        fake.commands()["settings"]["default_member_permissions"] = None  # a server let everyone see it
        for sub, options in (("show", {}), ("chase", {"enabled": False}), ("restricted_heroes", {"count": 3}),
                             ("cube", {"action": "reset"})):
            assert await pt_settings(fake, ada, sub, options) == REFUSAL
        shown = await pt_settings(fake, mia, "show")
        assert "**Chase Leaders:** allowed" in shown and "at most 1 per deck" in shown
        assert await pt_settings(fake, mia, "pool", {"sets": "commons"}) == (
            "A pool needs Leader/Hero cards (Commons are never Leaders): add a core set or a minipak.")
        assert await pt_settings(fake, mia, "pool", {"sets": "core, nowhere"}) == (
            "“nowhere” is not a set: choose from core, core2, mini1, mini2, commons, promo (or `default`).")
        core_first = sets.card_def(sets.set_keys("core")[0])["name"]
        assert await pt_settings(fake, mia, "cube", {"action": "add", "card": core_first}) == (
            f"The Cube holds 3 copies of {core_first}: at most 3 of a card.")
        assert await pt_settings(fake, mia, "cube", {"action": "remove", "card": core_first, "copies": 2}) == (
            f"✅ The Cube now holds 1 of {core_first} ({len(DEFAULT_CUBE) - 2} cards).")
        assert await pt_settings(fake, mia, "ban", {"card": core_first, "as": "hero", "lift": True}) == (
            f"{core_first} is not banned as a Hero.")
    fake.assert_no_violations()

