"""A whole Pixel Pusher game in the server's language, through the loopback Discord: with the pseudo-language
(``bot.i18n.PSEUDO``) as the server's language and every member's client, nothing the bot sends (table posts,
their buttons, the Build chooser's selects, DMs with hands and Convert & Store, the ephemeral private view of a
member whose DMs are closed, refusals, alt texts: every version of an edited post) bypasses the catalogue; with
German, the public posts and DMs speak German."""

from __future__ import annotations

import random

from bot.i18n import PSEUDO
from tests.e2e.bot_texts import check_answers, checked_texts, components, versions
from tests.e2e.drive import play_to_the_end, press_chooser_of, private_answer, slash_answers
from tests.e2e.harness import TIMEOUT, buttons_with, open_table_for, parlor
from tests.e2e.test_pixel_pusher_e2e import choose
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)
from tests.i18n.pseudo import outside_catalogue

#: names never translated: the members and the game
NAMES = ("Ada", "Bob", "Cyd", "Dee", "Pixel Pusher")


async def play_whole_game(fake, bot, language: str, locale: str, seed: int):
    """Set the server's language, open a 3-player table (Cyd's DMs closed) and play it to the end: a foreign
    click, a stale click on an answered draft, ``/pusher rules``, ``/game describe`` and a click on another
    player's Build button on the way; return (game id, the players, their private answers)."""
    await bot.tables.save_setting(fake.guild_id, "language", language)
    ada, bob, cyd, dee = (fake.add_member(n) for n in ("Ada", "Bob", "Cyd", "Dee"))
    for user in (ada, bob, cyd, dee):
        user.locale = locale
    fake.close_dms(cyd)
    users = [ada, bob, cyd]
    game_id, _ = await open_table_for(fake, bot, users, "pixel-pusher")
    post = await fake.wait_for_message(lambda m: bool(buttons_with(m, f"pm:{game_id}")), TIMEOUT)
    channel = post.channel_id  # the game's thread
    table = await bot.tables.load(game_id)
    answers = [private_answer(await (await fake.click(dee, post, f"pm:{game_id}")).wait_final(TIMEOUT))]
    # Cyd (DMs closed) opens her hand twice, drafts from the first answer, then clicks the second's (now stale)
    first, second = [private_answer(await (await fake.click(cyd, post, f"pm:{game_id}")).wait_final(TIMEOUT))
                     for _ in range(2)]
    decision = table.engine.decision_for(table.state, 2)
    button = next(b for b in buttons_with(first, f"pg:{game_id}:2:{decision.id}:"))
    await (await fake.click(cyd, first, button)).wait_final(TIMEOUT)
    answers.append(private_answer(await (await fake.click(cyd, second, button)).wait_final(TIMEOUT)))
    answers += await slash_answers(fake, ada, (("pusher", "rules"), ("game", "describe")), channel)

    async def before(decision):
        if decision.kind == "build" and len(answers) == 4:  # another player presses the builder's button
            other = users[(decision.player + 1) % 3]
            answers.append(await press_chooser_of(fake, game_id, decision, other, channel))

    await play_to_the_end(fake, bot, game_id, users, random.Random(seed), choose, channel, closed=cyd, steps=400,
                          before=before)
    return game_id, users, answers


async def test_a_whole_pixel_pusher_game_in_the_pseudo_language_bypasses_no_catalogue(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    async with parlor(fake, str(tmp_path / "pseudo.sqlite3"), seed=41) as bot:
        game_id, users, answers = await play_whole_game(fake, bot, PSEUDO, PSEUDO, 7)
        table = await bot.tables.load(game_id)
        bot_messages = [m for m in fake.all_messages(include_ephemeral=True) if m.author.id == fake.bot_user.id]
        assert len(bot_messages) > 40
        checked = checked_texts(bot_messages, lambda _message, text: outside_catalogue(text, NAMES))
        assert checked > 200
        check_answers(answers, NAMES)
        assert len(answers) == 5
        foreign, stale, wrong = answers[0], answers[1], answers[4]
        assert len({foreign.content, stale.content, wrong.content}) == 3
        dms = [m for u in users[:2] for m in fake.messages(fake.dm_channel(u))]
        assert dms and all(v["content"].startswith("⟦") for m in dms for v in versions(m)), dms[0].content
        private = [m for m in bot_messages if m.ephemeral and m.attachments]  # Cyd's hand, DMs closed
        assert private and all(a.description.startswith("⟦") for m in private for a in m.attachments)
        posts = fake.messages(table.row.thread_id or table.row.post_channel_id)
        alts = [a.description for m in posts for a in m.attachments]
        assert alts and all(alt and alt.startswith("⟦") for alt in alts)
        labels = [b.get("label") or "" for m in posts + dms for v in versions(m)
                  for b in components(v.get("components") or []) if b.get("type") == 2]
        assert labels and all(label.startswith("⟦") for label in labels), labels
        chooser = [o for m in bot_messages if m.ephemeral for v in versions(m)
                   for c in components(v.get("components") or []) if c.get("type") == 3 for o in c["options"]]
        assert chooser and all(o["label"].startswith("⟦") for o in chooser), chooser[:3]


async def test_a_german_server_plays_pixel_pusher_in_german(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    async with parlor(fake, str(tmp_path / "de.sqlite3"), seed=41) as bot:
        game_id, users, answers = await play_whole_game(fake, bot, "de", "en-US", 7)
        table = await bot.tables.load(game_id)
        posts = fake.messages(table.row.thread_id or table.row.post_channel_id)
        contents = "\n".join(v["content"] or "" for m in posts for v in versions(m))
        assert "· Runde 1 ·" in contents and "· Round 1 ·" not in contents
        assert "Geheimer Draft" in contents and "Draft in secret" not in contents
        assert "baute " in contents and " installed " not in contents
        assert "SP" in contents and " VP" not in contents
        labels = {b["label"] for m in posts for v in versions(m) for b in components(v["components"])
                  if b.get("type") == 2}
        assert "Bauen" in labels and "Build" not in labels
        assert "Werten beenden" in labels and "Done scoring" not in labels
        alts = [a.description or "" for m in posts for a in m.attachments]
        assert alts and all(alt.startswith(("Pixel Pusher, Runde ", "Teil 1 von 2: Pixel Pusher, Runde ",
                                            "Teil 2 von 2: ")) for alt in alts), alts[:2]
        assert not any("Part 1 of 2" in alt or "Score track:" in alt for alt in alts)  # a board in two images
        assert any("Förderband: " in alt for alt in alts) and not any("Conveyor: " in alt for alt in alts)
        dms = [m for u in users[:2] for m in fake.messages(fake.dm_channel(u))]
        assert dms and all("deine private Ansicht" in v["content"] for m in dms for v in versions(m))
        dm_alts = [a.description or "" for m in dms for a in m.attachments]
        assert dm_alts and all("private Ansicht" in alt for alt in dm_alts)
        # the members' own answers (and Cyd's ephemeral private view) follow their client: English here
        foreign = answers[0]
        assert all(a.ephemeral for a in answers) and "not playing" in foreign.content, foreign.content
        private = [m for m in fake.all_messages(include_ephemeral=True) if m.ephemeral and m.attachments]
        assert private and all("private view" in (a.description or "") for m in private for a in m.attachments)
