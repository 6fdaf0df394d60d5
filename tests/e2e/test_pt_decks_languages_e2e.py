"""Pixel Tactics decks, cards and drafts in the members' and the server's language, through the loopback Discord:
with the pseudo-language (``bot.i18n.PSEUDO``) as the server's language and every member's client, nothing the
bot sends for ``/pt deck`` (new, add, designate, show, list, export, import, copy, rename, delete, a refusal),
``/pt card``, ``/pt cards`` and its ◀ ▶, ``/settings pt``, a whole Winston Draft (posts, DMs, buttons, the
return chooser, images' alt texts) and the match it opens (the private deck choice, the start) bypasses the
catalogue, card names and rule texts aside (they are the printed English cards); with German, the same speak
German and German image text fits its images."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot import app
from bot.games.pixel_tactics import pools, sets
from bot.games.pt_draft import PtDraftEngine
from bot.i18n import PSEUDO, t
from cogs.pixel_tactics.cards import every_card
from tests.e2e.bot_texts import components, texts, versions
from tests.e2e.drive import perform, settle
from tests.e2e.harness import TIMEOUT, buttons_with, open_table_for, parlor
from tests.e2e.test_pixel_tactics_languages_e2e import CARD_NAMES, CARD_WORD_STARTS
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)
from tests.i18n.pseudo import outside_catalogue

ENGINE = PtDraftEngine()
MANAGE_GUILD = 1 << 5
#: names never translated: the members, the game, the decks' names
NAMES = ("Ada", "Bob", "Mia", "Pixel Tactics Draft", "Pixel Tactics", "Red Fox", "Fox Two", "Fox Three")


@pytest.fixture(autouse=True)
def draft_cog(monkeypatch):
    """Load the draft cog even before the bot's cog list names it."""
    if "cogs.pt_draft" not in app.COGS:
        monkeypatch.setattr(app, "COGS", (*app.COGS, "cogs.pt_draft"))


def _answer(record):
    """The answer of an interaction: its follow-up when it deferred, else its response."""
    return record.followups[0] if record.followups else record.message


async def _slash(fake, user, name, options=None, **where):
    """Run a slash command in the games channel and return its answer."""
    return _answer(await (await fake.slash(user, name, options or {}, channel=fake.games, **where))
                   .wait_final(TIMEOUT))


async def _deck(fake, user, sub, options=None):
    """``/pt deck <sub>``: its private answer."""
    answer = await _slash(fake, user, "pt", options, group="deck", subcommand=sub)
    assert answer.ephemeral, answer.content
    return answer


async def _decks_and_cards(fake, bot, ada, mia) -> list:
    """Build, edit, list, show, export, import and delete decks; look cards up; read and change the server's
    Pixel Tactics lists; return the answers."""
    core2 = sets.set_keys("core2")[0]
    answers = [await _deck(fake, ada, "new", {"name": "Red Fox", "format": "standard", "combination": "core + mini1"})]
    deck = await bot.tables.decks.get(fake.guild_id, ada.id, "Red Fox")
    answers.append(await _deck(fake, ada, "add", {"name": "Red Fox", "card": pools.name_of(core2)}))
    answers.append(await _deck(fake, ada, "designate", {"name": "Red Fox", "card": pools.name_of(deck["heroes"][0]),
                                                        "as": "leader"}))
    answers.append(await _deck(fake, ada, "show", {"name": "red fox"}))
    answers.append(await _deck(fake, ada, "new", {"name": "Fox Two", "format": "epic"}))
    answers.append(await _deck(fake, ada, "list"))
    exported = await _deck(fake, ada, "export", {"name": "Red Fox"})
    code = exported.content.split("```")[1].strip()
    answers += [exported, await _deck(fake, mia, "import", {"name": "Red Fox", "code": code})]
    answers.append(await _deck(fake, ada, "copy", {"name": "Fox Two", "new_name": "Fox Three"}))
    answers.append(await _deck(fake, ada, "rename", {"name": "Fox Three", "new_name": "Fox Two"}))  # refused
    answers.append(await _deck(fake, ada, "delete", {"name": "Fox Three"}))
    answers.append(await _deck(fake, ada, "show", {"name": "Nobody's"}))  # refused
    auto = await (await fake.autocomplete(ada, "pt", "combination", {"combination": ""}, group="deck",
                                          subcommand="new", channel=fake.games)).wait_final(TIMEOUT)
    epic = [c["name"] for c in auto.choices if "+ mini2 " in c["name"]]
    assert epic and all(name.endswith(("⟧", "(Episch)")) for name in epic), auto.choices
    answers.append(await _slash(fake, ada, "pt", {"name": pools.name_of(core2)}, subcommand="card"))
    base = sets.BASES[0]["name"]
    answers.append(await _slash(fake, ada, "pt", {"name": base}, subcommand="card"))
    answers.append(await _slash(fake, ada, "pt", {"name": "Nobody Special"}, subcommand="card"))
    page = await _slash(fake, ada, "pt", {"set": "core"}, subcommand="cards")
    nxt = next(c for c in buttons_with(page, "ptc:2:"))
    answers += [page, _answer(await (await fake.click(ada, page, nxt)).wait_final(TIMEOUT))]
    for sub, options in (("show", {}), ("chase", {"enabled": False}), ("restricted_heroes", {"count": 2}),
                         ("cube", {"action": "show"}), ("ban", {"card": pools.name_of(core2), "as": "hero"})):
        answers.append(await _slash(fake, mia, "settings", options, group="pt", subcommand=sub))
    return answers


async def _winston(fake, bot, users, seed: int) -> int:
    """Open and play a Winston Draft to its end (two Heroes returned each); return its game id."""
    rng = random.Random(seed)
    game_id, _ = await open_table_for(fake, bot, users, "pt-draft", {"method": "winston"}, thread=False)
    while True:
        table = await bot.tables.load(game_id)
        if table.row.status != "running":
            return game_id
        [decision, *_] = table.pending()
        legal = ENGINE.legal_actions(table.state, decision.player)
        takes = [a for a in legal if a["type"] in ("take", "keep")]
        action = takes[0] if takes and rng.random() < 0.6 else rng.choice(legal)
        if table.state["phase"] == "return":
            returns = [a for a in legal if a["type"] == "return"]
            action = rng.choice(returns) if len(table.state["returned"][decision.player]) < 2 else legal[-1]
        await perform(fake, bot, game_id, users[decision.player], action, fake.games)


async def _open_and_start_match(fake, bot, game_id, users) -> tuple[int, list]:
    """Open the draft's match from its pairing, choose the deck privately, join and start; return (the match's
    game id, the private answers)."""
    pairing = await fake.wait_for_message(lambda m: bool(buttons_with(m, f"pp:{game_id}:")), TIMEOUT)
    first = buttons_with(pairing, f"pp:{game_id}:")[0]
    opener = users[int(first.split(":")[2])]
    other = users[1] if opener is users[0] else users[0]
    lobby = _answer(await (await fake.click(opener, pairing, first)).wait_final(TIMEOUT))
    join = next(c for c in buttons_with(lobby, "pl:") if c.endswith(":join"))
    match_id = int(join.split(":")[1])
    await (await fake.click(other, lobby, join)).wait_final(TIMEOUT)
    menu = await (await fake.click(other, lobby, f"pldk:{match_id}")).wait_final(TIMEOUT)
    select = next(c["custom_id"] for c in components(menu.message.components) if c.get("type") == 3)
    chosen = await (await fake.select(other, menu.message, select, [f"Draft #{game_id}"])).wait_final(TIMEOUT)
    await (await fake.click(opener, lobby, f"pl:{match_id}:start")).wait_final(TIMEOUT)
    await fake.wait_for_message(lambda m: bool(buttons_with(m, f"pm:{match_id}")), TIMEOUT)
    await settle(bot, match_id)
    assert (await bot.tables.load(match_id)).row.status == "running"
    return match_id, [menu.message, chosen.message]


def _outside(message, where: str, text: str, dms: set[int], names: tuple[str, ...]) -> list[str]:
    """The words of a text that bypassed the catalogue: ``names`` and card names aside, and the cards' printed
    rule texts in a card image's alt text and in private messages."""
    left = outside_catalogue(text, names + CARD_NAMES)
    private = message.ephemeral or message.channel_id in dms or where.startswith("alt text of pt-")
    return [w for w in left if w not in CARD_WORD_STARTS] if private else left


async def test_decks_cards_and_a_whole_draft_in_the_pseudo_language_bypass_no_catalogue(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    mods = fake.add_role("Mods", MANAGE_GUILD)
    ada, bob, mia = fake.add_member("Ada"), fake.add_member("Bob"), fake.add_member("Mia", roles=[mods])
    for user in (ada, bob, mia):
        user.locale = PSEUDO
    async with parlor(fake, str(tmp_path / "pseudo.sqlite3"), seed=5) as bot:
        await bot.tables.save_setting(fake.guild_id, "language", PSEUDO)
        answers = await _decks_and_cards(fake, bot, ada, mia)
        game_id = await _winston(fake, bot, [ada, bob], 8)
        match_id, chosen = await _open_and_start_match(fake, bot, game_id, [ada, bob])
        dms = {fake.dm_channel(u).id for u in (ada, bob)}
        bot_messages = [m for m in fake.all_messages(include_ephemeral=True) if m.author.id == fake.bot_user.id]
        checked = 0
        for message in bot_messages:
            for where, text in texts(message):
                left = _outside(message, where, text, dms, (f"Draft #{game_id}", *NAMES))  # the saved deck's name
                assert not left, f"{where} of message {message.id}: {left} bypassed the catalogue in {text!r}"
                checked += bool(text)
        assert checked > 300
        for answer in [*answers, *chosen]:
            assert "⟦" in answer.content or answer.content.strip("*") in CARD_NAMES, answer.content  # /pt card
        alts = [(a.filename, a.description or "") for m in bot_messages for a in m.attachments]
        decks = [alt for name, alt in alts if name == "pt-deck.png"]
        drafts = [alt for name, alt in alts if name.startswith("pt-draft-")]
        keys = {c["key"] for c in every_card()}
        cards = [alt for name, alt in alts if name.startswith("pt-") and name[3:-4] in keys]
        assert decks and all(alt.startswith("⟦Pîxél Tàçtîçš déçk") for alt in decks), decks[:1]
        assert drafts and all(alt.startswith("⟦") for alt in drafts), drafts[:1]
        assert cards and all(alt.startswith("⟦Pîxél Tàçtîçš çàrd") for alt in cards), cards[:1]
        labels = [c.get("label") or "" for m in bot_messages for v in versions(m)
                  for c in components(v.get("components") or []) if c.get("type") == 2]
        assert labels and all(label.startswith(("⟦", "◀ ⟦", "1", "2", "3", "4", "5", "6", "7", "8", "9", *NAMES, *CARD_NAMES))
                              for label in labels), [x for x in labels if "⟦" not in x][:5]
        assert (await bot.tables.load(match_id)).row.options["deck_choices"]
    fake.assert_no_violations()


def _german_records() -> list[tuple[object, list]]:
    """German deck, card, card-page and draft images, each with its drawn texts."""
    from rendering import pixel_tactics as pt_images
    from rendering import pt_draft
    from tests.games.pt_draft_helpers import cube_of, play

    out = []

    def draw(fn, *args):
        log: list = []
        out.append((Image.open(io.BytesIO(fn(*args, "de", log=log))), log))
    cards = every_card()
    base = next(c for c in cards if c.get("set") == "bases")
    chase = next(c for c in cards if c.get("set") == "chase")
    common = next(c for c in cards if c.get("set") == "commons")
    for card in (cards[0], base, chase, common):
        draw(pt_images.render_card, card)
    draw(pt_images.render_card_page, [cards[0], base, chase, common], 1, 9, "Pixel-Tactics-Karten · Grundset 1")
    leaders = [pools.card(k) for k in sets.set_keys("core")[:5]]
    heroes = [pools.card(k) for k in sets.set_keys("core")[5:40] + sets.set_keys("mini2")[:6]]
    problems = ["Ein Standard-Deck braucht genau 4 Anführer; dieses hat 5.", "Ein Standard-Deck hat 25 bis 30 Helden."]
    draw(pt_images.render_deck, {"name": "Red Fox", "format": "epic", "leaders": leaders, "heroes": heroes,
                                 "problems": problems, "code": "PT1-ABCDEF"})
    draw(pt_images.render_deck, {"name": "Red Fox", "format": "standard", "leaders": leaders[:4],
                                 "heroes": heroes[:25]})
    states = [ENGINE.new_game(3, {"method": "pack", "cube": cube_of(96)}, 1),
              ENGINE.new_game(2, {"method": "winston", "cube": cube_of(80)}, 2),
              ENGINE.new_game(2, {"method": "purchase", "cube": cube_of(80)}, 3)]
    states.append(play(ENGINE.new_game(2, {"method": "purchase", "cube": cube_of(80)}, 4))[0])
    for state in states:
        view = ENGINE.view(state, 0)
        draw(pt_images.render_draft_pick, pt_draft.pick_dict(view, "de"))
        draw(pt_images.render_draft_table, pt_draft.table_dict(ENGINE.view(state, None), ["Ada", "Bob", "Cy"], "de"))
    return out


async def test_german_decks_cards_and_drafts_speak_german_and_their_images_fit(fake_discord, tmp_path):  # noqa: F811
    from tests.rendering.legibility import assert_legible

    fake = fake_discord
    ada, bob = fake.add_member("Ada"), fake.add_member("Bob")
    ada.locale = "de"  # Bob's client is English: his private answers stay English
    async with parlor(fake, str(tmp_path / "de.sqlite3"), seed=5) as bot:
        await bot.tables.save_setting(fake.guild_id, "language", "de")
        made = await _deck(fake, ada, "new", {"name": "Red Fox", "format": "standard", "combination": "core + mini1"})
        assert made.content.startswith("Deck erstellt (aus core + mini1).") and "✅ Gültig: hier spielbar." in made.content
        assert "**Anführer:**" in made.content and "4 Anführer, 29 Helden" in made.content
        assert made.attachments[0].description.startswith("Pixel-Tactics-Deck Red Fox, Standard, hier gültig.")
        listed = await _deck(fake, ada, "list")
        assert listed.content.startswith("🃏 **Deine Decks hier**") and "✅ gültig" in listed.content
        refused = await _deck(fake, bob, "list")
        assert "You have no decks in this server yet" in refused.content
        page = await _slash(fake, ada, "pt", {"set": "core"}, subcommand="cards")
        assert "· Seite 1 von " in page.content and "Pixel-Tactics-Karten · Grundset 1" in page.content
        labels = [c["label"] for c in components(page.components) if c.get("type") == 2]
        assert sorted(labels) == ["Weiter ▶", "◀ Zurück"], labels
        card = await _slash(fake, bob, "pt", {"name": sets.BASES[0]["name"]}, subcommand="card")  # public: German
        assert card.attachments[0].description.startswith("Pixel-Tactics-Karte ")
        assert " Basis, " in card.attachments[0].description

        game_id = await _winston(fake, bot, [ada, bob], 8)
        posts = fake.messages(fake.games)
        contents = "\n".join(v["content"] or "" for m in posts for v in versions(m))
        assert "Winston-Draft" in contents and "Winston Draft ·" not in contents
        assert "der Draft ist vorbei." in contents and "the draft is over" not in contents
        assert "gespeichert" in contents and "Dein Match" in contents
        dms = "\n".join(v["content"] or "" for m in fake.messages(fake.dm_channel(ada)) for v in versions(m))
        assert "deine private Ansicht" in dms and "your private view" not in dms
        dm_labels = {c.get("label") or "" for m in fake.messages(fake.dm_channel(ada)) for v in versions(m)
                     for c in components(v["components"]) if c.get("type") == 2}
        assert any(label.startswith("Stapel 1 (") and label.endswith("als Helden nehmen") for label in dm_labels)
        alts = [a.description or "" for m in posts for a in m.attachments if a.filename.startswith("pt-draft-")]
        assert alts and all(alt.startswith("Winston-Draft: ") for alt in alts), alts[:2]
        match_id, (menu, chosen) = await _open_and_start_match(fake, bot, game_id, [ada, bob])
        lobby = "\n".join(v["content"] or "" for m in fake.messages(fake.games) for v in versions(m))
        assert "Eigene Decks: Jeder Spieler wählt privat eines seiner Decks (Deck wählen)." in lobby
        asked = next(versions(menu))["content"]  # the menu's first version (the choice edits it)
        assert asked.startswith("Choose the deck you will play") and chosen.content.startswith("✅ You will play")
    fake.assert_no_violations()

    for image, log in _german_records():
        assert_legible(image, log, 5)
        cut = [r.text for r in log if r.text.endswith("…") and r.text != t("de", "Choosing…")
               and not any(n[:8] in r.text for n in CARD_NAMES)
               and not all(w in CARD_WORD_STARTS for w in outside_catalogue(r.text))]  # a printed rule text
        assert not cut, cut
