"""A whole Classic Pixel Tactics game in the server's language, through the loopback Discord: with the
pseudo-language (``bot.i18n.PSEUDO``) as the server's language and every member's client, nothing the bot sends
(table posts and every version of them, their buttons, the chooser's selects, hands by DM, the ephemeral hand of
a member whose DMs are closed, Trap windows, refusals, alt texts) bypasses the catalogue, card names and rule texts
aside (they are the printed English cards); with German, the public posts and DMs speak German."""

from __future__ import annotations

import random
import re

from bot.games.pixel_tactics.sets import BASES, CHASE, SETS
from bot.i18n import PSEUDO
from tests.e2e.bot_texts import checked_texts, components, versions
from tests.e2e.drive import play_to_the_end, press_chooser_of, private_answer, slash_answers
from tests.e2e.harness import TIMEOUT, buttons_with, open_table_for, parlor
from tests.e2e.pt_play import choose
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)
from tests.i18n.pseudo import outside_catalogue

#: names never translated: the members and the game
NAMES = ("Ada", "Bob", "Cyd", "Dee", "Pixel Tactics")
_CARDS = [c for cards in SETS.values() for c in cards] + list(CHASE) + list(BASES)
#: the printed cards' names (longest first, so that a name inside another goes with it)
CARD_NAMES = tuple(sorted({c["name"] for c in _CARDS}, key=len, reverse=True))


def _card_texts(card: dict) -> list[str]:
    """Every rule text printed on a card."""
    out = []
    for part in card.values():
        if isinstance(part, dict):
            out += [str(part.get("text") or "")] + [str(v.get("text") or "") for v in part.values()
                                                     if isinstance(v, dict)]
    return out


#: words of the printed rule texts: a player's own hand (its alt text and description) and a chooser step's
#: hint quote them
CARD_WORDS = {w for c in _CARDS for text in _card_texts(c) for w in re.findall(r"[^\W\d_]+", text)}
#: the same words and their beginnings (a shortened text is cut inside a word)
CARD_WORD_STARTS = {w[:k] for w in CARD_WORDS for k in range(1, len(w) + 1)}


def outside(text: str, private: bool = False) -> list[str]:
    """The words of ``text`` that bypassed the catalogue (card names aside; in a private message, rule texts
    aside too)."""
    left = outside_catalogue(text, NAMES + CARD_NAMES)
    return [w for w in left if w not in CARD_WORD_STARTS] if private else left


async def play_classic_game(fake, bot, language: str, locale: str, seed: int):
    """Set the server's language and play a Classic single game to its end (Bob's DMs closed): a foreign click,
    a wrong-turn click, ``/pt rules`` and ``/game describe`` on the way; return (game id, players, answers)."""
    await bot.tables.save_setting(fake.guild_id, "language", language)
    ada, bob, dee = (fake.add_member(n) for n in ("Ada", "Bob", "Dee"))
    for user in (ada, bob, dee):
        user.locale = locale
    fake.close_dms(bob)
    users = [ada, bob]
    game_id, _ = await open_table_for(fake, bot, users, "pixel-tactics", {"trophies": 1})
    post = await fake.wait_for_message(lambda m: bool(buttons_with(m, f"pm:{game_id}")), TIMEOUT)
    channel = post.channel_id  # the game's thread
    answers = [private_answer(await (await fake.click(dee, post, f"pm:{game_id}")).wait_final(TIMEOUT))]
    answers += await slash_answers(fake, ada, (("pt", "rules"), ("game", "describe")), channel)

    async def before(decision):
        if decision.kind == "turn" and len(answers) == 3:  # the other player presses the acting player's chooser
            answers.append(await press_chooser_of(fake, game_id, decision, users[1 - decision.player], channel))

    await play_to_the_end(fake, bot, game_id, users, random.Random(seed), choose, channel, closed=bob, steps=600,
                          before=before)
    return game_id, users, answers


async def test_a_whole_pixel_tactics_game_in_the_pseudo_language_bypasses_no_catalogue(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    async with parlor(fake, str(tmp_path / "pseudo.sqlite3"), seed=43) as bot:
        game_id, users, answers = await play_classic_game(fake, bot, PSEUDO, PSEUDO, 5)
        table = await bot.tables.load(game_id)
        bot_messages = [m for m in fake.all_messages(include_ephemeral=True) if m.author.id == fake.bot_user.id]
        assert len(bot_messages) > 30
        dm_channels = {fake.dm_channel(u).id for u in users}
        checked = checked_texts(bot_messages, lambda message, text: outside(
            text, message.ephemeral or message.channel_id in dm_channels))
        assert checked > 200
        assert len(answers) == 4
        for answer in answers:
            assert answer.ephemeral and "⟦" in answer.content, answer.content
            assert not outside(answer.content, True), answer.content
        foreign, rules, describe, wrong = answers
        assert foreign.content != wrong.content
        assert rules.content.startswith("⟦**Pîxél Tàçtîçš**") and "Vanguard" not in rules.content
        dms = fake.messages(fake.dm_channel(users[0]))
        assert dms and all("⟦" in v["content"] for m in dms for v in versions(m) if v["content"])
        private = [m for m in bot_messages if m.ephemeral and m.attachments]  # Bob's hand, DMs closed
        assert private and all(a.description.startswith("⟦") for m in private for a in m.attachments)
        posts = fake.messages(table.row.thread_id or table.row.post_channel_id)
        alts = [a.description for m in posts for a in m.attachments]
        assert alts and all(alt and alt.startswith("Pixel Tactics, ⟦") for alt in alts), alts[:2]
        labels = [b.get("label") or "" for m in posts + dms for v in versions(m)
                  for b in components(v.get("components") or []) if b.get("type") == 2]
        assert labels and all(label.startswith("⟦") or label.startswith(CARD_NAMES) for label in labels), labels
        chooser = [o for m in bot_messages if m.ephemeral for v in versions(m)
                   for c in components(v.get("components") or []) if c.get("type") == 3 for o in c["options"]]
        assert chooser and any(o["label"].startswith("⟦") for o in chooser), chooser[:3]


async def test_a_german_server_plays_pixel_tactics_in_german(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    async with parlor(fake, str(tmp_path / "de.sqlite3"), seed=43) as bot:
        game_id, users, answers = await play_classic_game(fake, bot, "de", "en-US", 5)
        table = await bot.tables.load(game_id)
        posts = fake.messages(table.row.thread_id or table.row.post_channel_id)
        contents = "\n".join(v["content"] or "" for m in posts for v in versions(m))
        assert "· Runde 1" in contents and "· round 1" not in contents
        assert "Welle" in contents and " wave · " not in contents
        assert "✅ **Ada** rekrutierte " in contents and " recruited " not in contents
        assert "gewinnt das Match" in contents and "wins the match" not in contents
        # the actions left in their form for the count (the engine's turn prompt is the same counted message)
        assert "du bist am Zug, noch 2 Aktionen." in contents and "du bist am Zug, noch 1 Aktion." in contents
        assert not any(english in contents for english in ("action left", "actions left", "action(s)"))
        labels = {b["label"] for m in posts for v in versions(m) for b in components(v["components"])
                  if b.get("type") == 2}
        assert "Aktion wählen" in labels and "Take an action" not in labels
        assert "Zug beenden" in labels and "End turn" not in labels
        alts = [a.description or "" for m in posts for a in m.attachments]
        assert alts and all(alt.startswith("Pixel Tactics, ") for alt in alts), alts[:2]
        assert any("Hand " in alt and "Stapel " in alt for alt in alts) and not any("deck " in alt for alt in alts)
        assert any(" Aktion" in alt for alt in alts) and not any(" action" in alt for alt in alts)
        dms = fake.messages(fake.dm_channel(users[0]))
        assert dms and all("deine Hand" in v["content"] for m in dms for v in versions(m) if v["content"])
        dm_alts = [a.description or "" for m in dms for a in m.attachments]
        assert dm_alts and all(alt.startswith("Deine Hand") for alt in dm_alts)
        # the members' own answers (and Bob's ephemeral hand) follow their client: English here
        foreign = answers[0]
        assert all(a.ephemeral for a in answers) and "⟦" not in foreign.content, foreign.content
        private = [m for m in fake.all_messages(include_ephemeral=True) if m.ephemeral and m.attachments]
        assert private and all((a.description or "").startswith("Your hand") for m in private for a in m.attachments)
