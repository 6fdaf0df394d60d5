"""A whole Tixel game in the server's language, through the loopback Discord: with the pseudo-language
(``bot.i18n.PSEUDO``) as the server's language and every member's client, nothing the bot sends (message
content, button labels, select options of the guided move, alt texts, refusals: every version of an edited
post) bypasses the catalogue; with German, the public posts speak German."""

from __future__ import annotations

import random

from bot.games.base import GameError, Phrase
from bot.games.tixel import notation
from bot.i18n import PSEUDO
from tests.e2e.bot_texts import check_answers, checked_texts, components, versions
from tests.e2e.harness import TIMEOUT, open_table_for, parlor
from tests.e2e.tixel_play import board_post, by_button, play_actions, short_game
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)
from tests.i18n.pseudo import outside_catalogue

#: names never translated: the members and the game
NAMES = ("Ada", "Bob", "Cyd", "Tixel")
OPTIONS = {"tix": 2, "poka_yoke": True}
#: the actions played before a refusal whose reason holds a clause (``{why}``) is asked for
BEFORE_CLAUSE = 8


def clause_refusal(state: dict, seat: int) -> str | None:
    """A move, in notation, that the engine refuses with a reason holding a clause (a ``Phrase`` field)."""
    for square in (f + r for f in "abcdef" for r in "123456"):
        for text in [f"{square}^{d}" for d in ("NE", "SE", "SW", "NW")] + [f"{square}={d}" for d in "NESW"]:
            try:
                notation.parse_action(text, state, seat)
            except GameError as exc:
                if any(isinstance(v, Phrase) for v in exc.fields.values()):
                    return text
    return None


def _answer(record):
    """The private answer of an interaction: its follow-up when it deferred, else its response."""
    return record.followups[0] if record.followups else record.message


async def play_whole_game(fake, bot, language: str, locale: str, seed: int, actions: list):
    """Set the server's language, open a Tixel table with both expansions and play it to a win: a draw offered
    and declined, a foreign click, a wrong-turn click, a typed move refused with a clause, ``/tixel help`` and
    ``/game describe`` on the way (``actions``: ``short_game``'s, found with the table's ``seed``); return (game
    id, the members, their private answers)."""
    await bot.tables.save_setting(fake.guild_id, "language", language)
    ada, bob, cyd = fake.add_member("Ada"), fake.add_member("Bob"), fake.add_member("Cyd")
    for user in (ada, bob, cyd):
        user.locale = locale
    game_id, _ = await open_table_for(fake, bot, [ada, bob], "tixel", OPTIONS)
    users = [ada, bob]
    table, decision, message = await board_post(fake, bot, game_id)
    mover, rival = users[decision.player], users[1 - decision.player]
    offer = f"pg:{game_id}:{decision.player}:{decision.id}:"
    foreign = await (await fake.click(cyd, message, next(b.custom_id for b in message.buttons()
                                                          if b.custom_id.startswith(offer)))).wait_final(TIMEOUT)
    wrong = await (await fake.click(rival, message, f"tg:{game_id}:{decision.player}:{decision.id}")
                   ).wait_final(TIMEOUT)
    answers = [_answer(foreign), _answer(wrong)]
    await by_button(fake, mover, table, decision, message, {"type": "offer_draw"})
    table, decision, message = await board_post(fake, bot, game_id)
    assert decision.kind == "draw"
    await by_button(fake, rival, table, decision, message, {"type": "decline_draw"})
    rng = random.Random(seed)
    await play_actions(fake, bot, game_id, users, actions[:BEFORE_CLAUSE], rng)
    table, decision, message = await board_post(fake, bot, game_id)
    channel = table.row.post_channel_id
    typed = clause_refusal(table.state, decision.player)
    assert typed, "no refusal with a clause in this position"
    refused = await (await fake.slash(users[decision.player], "tixel", {"move": typed}, subcommand="move",
                                      channel=channel)).wait_final(TIMEOUT)
    answers.append(_answer(refused))
    for name, subcommand in (("tixel", "help"), ("game", "describe"), ("game", "status")):
        record = await (await fake.slash(users[decision.player], name, subcommand=subcommand,
                                         channel=channel)).wait_final(TIMEOUT)
        if record.ephemeral:
            answers.append(_answer(record))
    await play_actions(fake, bot, game_id, users, actions[BEFORE_CLAUSE:], rng)
    table = await bot.tables.load(game_id)
    assert table.row.status == "finished"
    await fake.wait_for_message(lambda m: bool(m.attachments) and m.attachments[0].filename.endswith("-final.png"),
                                TIMEOUT)
    return game_id, users, answers


async def test_a_whole_tixel_game_in_the_pseudo_language_bypasses_no_catalogue(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    seed, actions = short_game(OPTIONS)
    async with parlor(fake, str(tmp_path / "pseudo.sqlite3"), seed=seed) as bot:
        game_id, users, answers = await play_whole_game(fake, bot, PSEUDO, PSEUDO, seed, actions)
        assert len(answers) >= 5
        table = await bot.tables.load(game_id)
        messages = fake.all_messages(include_ephemeral=True)
        bot_messages = [m for m in messages if m.author.id == fake.bot_user.id]
        assert len(bot_messages) > 20
        checked = checked_texts(bot_messages, lambda _message, text: outside_catalogue(text, NAMES))
        assert checked > 100
        check_answers(answers, NAMES)
        foreign, wrong, clause = answers[:3]
        assert foreign.content != wrong.content
        assert clause.content.count("⟦") >= 2, clause.content  # the reason's clause ({why}) translated too
        posts = fake.messages(table.row.thread_id)
        alts = [a.description for m in posts for a in m.attachments]
        assert alts and all(alt and alt.startswith("⟦") for alt in alts)
        labels = [b.get("label") or "" for m in posts for v in versions(m) for b in components(v.get("components") or [])
                  if b.get("type") == 2]
        assert labels and all(label.startswith("⟦") for label in labels), labels
        guide = [m for m in bot_messages if m.ephemeral and any(c.get("type") == 3 for v in versions(m)
                                                                for c in components(v.get("components") or []))]
        assert guide, "the guided move was never used"


async def test_a_german_server_plays_tixel_in_german(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    seed, actions = short_game(OPTIONS)
    async with parlor(fake, str(tmp_path / "de.sqlite3"), seed=seed) as bot:
        game_id, users, answers = await play_whole_game(fake, bot, "de", "en-US", seed, actions)
        table = await bot.tables.load(game_id)
        posts = fake.messages(table.row.thread_id)
        contents = "\n".join(v["content"] or "" for m in posts for v in versions(m))
        assert "· Zug 1" in contents and "· Turn 1" not in contents
        assert "du bist am Zug" in contents and "your move" not in contents
        assert "bietet Remis an" in contents and "offers a draw" not in contents
        assert "setzte einen " in contents and "placed a " not in contents
        assert "Spielende" in contents and "game over" not in contents
        assert "gewinnt" in contents and " wins" not in contents
        labels = {b["label"] for m in posts for v in versions(m) for b in components(v["components"])
                  if b.get("type") == 2}
        assert {"Geführter Zug", "Remis anbieten"} <= labels and not labels & {"Guided move", "Offer a draw"}
        alts = [a.description or "" for m in posts for a in m.attachments]
        assert alts and all(alt.startswith("Tixel, Zug ") for alt in alts), alts[:2]
        assert any("Vorrat von Ada" in alt for alt in alts) and not any(" pool: " in alt for alt in alts)
        assert any("Zuletzt: " in alt for alt in alts) and not any("Last: " in alt for alt in alts)
        # the members' own answers follow their client (English here), not the server
        foreign, wrong, clause = answers[:3]
        assert all(a.ephemeral for a in answers) and "not playing" in foreign.content, foreign.content
        assert not any(word in clause.content for word in ("Stein", "passt", "⟦")), clause.content
