"""A whole Pixies game in the server's language, through the loopback Discord: with the pseudo-language
(``bot.i18n.PSEUDO``) as the server's language and every member's client, nothing the bot sends (message
content, embeds, button labels, select options, alt texts: in the channel, the game's thread and DMs, every
version of an edited post) bypasses the catalogue; with German, the public posts speak German."""

from __future__ import annotations

import random

from bot.i18n import PSEUDO
from cogs.pixies import _LAST_WORDS, last_words
from tests.ai.ai_helpers import tiny_budgets
from tests.e2e.bot_texts import check_answers, checked_texts, components, texts, versions
from tests.e2e.computer_play import member_turn
from tests.e2e.harness import (
    TIMEOUT,
    Clock,
    H,
    buttons_with,
    current_post,
    open_table_for,
    parlor,
    play_until,
)
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)
from tests.i18n.pseudo import outside_catalogue

#: names never translated: the members and the game
NAMES = ("Ada", "Bob", "Cyd", "Pixies")


async def play_whole_game(fake, bot, language: str, locale: str, seed: int, clock: Clock | None = None):
    """Set the server's language, open a two-player Pixies table and play it to the end (with a foreign and
    a wrong click on the way; with ``clock``, a reminder by DM, a timeout, ``/game extend``, ``/game status``,
    ``/games``, ``/pixies rules``, ``/game describe``,
    ``/game hint``, ``/mygames``, a ``/game resign`` answered **Keep playing** and an agreed ``/game undo`` too, in an
    unrated game); return (game id, the members, the members' private answers)."""
    await bot.tables.save_setting(fake.guild_id, "language", language)
    ada, bob, cyd = fake.add_member("Ada"), fake.add_member("Bob"), fake.add_member("Cyd")
    for user in (ada, bob, cyd):
        user.locale = locale
    if clock is not None:  # an unrated game (its lobby says so), where /game hint may help
        await bot.tables.save_setting(fake.guild_id, "hints", True)
    game_id, _ = await open_table_for(fake, bot, [ada, bob], "pixies", {"rated": False} if clock else None)
    answers = []
    if clock is not None:
        decision, _, _ = await current_post(fake, bot, game_id)
        mover, other = [ada, bob][decision.player], [ada, bob][1 - decision.player]
        clock.offset += 24 * H  # halfway: a reminder by DM
        bot.scheduler.poke()
        await fake.wait_for_message(lambda m: bool(m.content), TIMEOUT, channel=fake.dm_channel(mover))
        clock.offset += 24 * H  # the deadline passes: the bot plays for them
        bot.scheduler.poke()
        table = await bot.tables.load(game_id)
        await fake.wait_for_message(lambda m: m.content.startswith("⌛"), TIMEOUT, channel=table.row.post_channel_id)
        await current_post(fake, bot, game_id)
        for name, options, subcommand in (("game", None, "extend"), ("game", None, "status"), ("games", None, None),
                                          ("pixies", None, "rules"), ("game", None, "describe"),
                                          ("game", None, "hint"), ("mygames", None, None)):
            record = await (await fake.slash(other, name, options, subcommand=subcommand,
                                             channel=table.row.post_channel_id)).wait_final(TIMEOUT)
            if record.ephemeral:
                answers.append(record.message)
        asked = await (await fake.slash(other, "game", subcommand="resign",
                                        channel=table.row.post_channel_id)).wait_final(TIMEOUT)
        keep = next(b.custom_id for b in asked.message.buttons() if b.custom_id.endswith(":n"))
        await (await fake.click(other, asked.message, keep)).wait_final(TIMEOUT)
        answers.append(asked.message)
        # /game undo after a click, agreed by the other player: the request post, its buttons and votes
        decision, message, choices = await current_post(fake, bot, game_id)
        actor, voter = [ada, bob][decision.player], [ada, bob][1 - decision.player]
        await (await fake.click(actor, message, choices[0])).wait_final(TIMEOUT)
        undo = await (await fake.slash(actor, "game", subcommand="undo",
                                       channel=table.row.post_channel_id)).wait_final(TIMEOUT)
        answers.append(undo.message)
        request = await fake.wait_for_message(lambda m: bool(buttons_with(m, f"pu:{game_id}:")), TIMEOUT)
        agree = next(cid for cid in buttons_with(request, f"pu:{game_id}:") if cid.endswith(":y"))
        await (await fake.click(voter, request, agree)).wait_final(TIMEOUT)
        await fake.wait_until(lambda: not buttons_with(request, f"pu:{game_id}:"), TIMEOUT, "the undo agreed")
    decision, message, choices = await current_post(fake, bot, game_id)
    outsider = await (await fake.click(cyd, message, choices[0])).wait_final(TIMEOUT)
    other = [ada, bob][1 - decision.player]
    wrong = await (await fake.click(other, message, choices[0])).wait_final(TIMEOUT)
    await play_until(fake, bot, game_id, [ada, bob], random.Random(seed))
    table = await bot.tables.load(game_id)
    assert table.row.status == "finished"
    await fake.wait_for_message(lambda m: bool(m.attachments) and m.attachments[0].filename.endswith("-final.png"),
                                TIMEOUT)
    return game_id, [ada, bob], [outsider.followups[0], wrong.followups[0], *answers]


async def test_a_whole_pixies_game_in_the_pseudo_language_bypasses_no_catalogue(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    clock = Clock()
    async with parlor(fake, str(tmp_path / "pseudo.sqlite3"), clock=clock) as bot:
        game_id, users, refusals = await play_whole_game(fake, bot, PSEUDO, PSEUDO, seed=3, clock=clock)
        assert len(refusals) == 10 and any(fake.dm_messages(u) for u in users)
        table = await bot.tables.load(game_id)
        messages = fake.all_messages(include_ephemeral=True)
        for user in users:
            messages += fake.dm_messages(user)
        bot_messages = [m for m in messages if m.author.id == fake.bot_user.id]
        assert len(bot_messages) > 30
        checked = checked_texts(bot_messages, lambda _message, text: outside_catalogue(text, NAMES))
        assert checked > 100
        check_answers(refusals, NAMES)
        thread = fake.channel(table.row.thread_id)
        assert thread.name.startswith("Pixies")
        posts = fake.messages(thread)
        alts = [a.description for m in posts for a in m.attachments]
        assert alts and all(alt and alt.startswith("⟦") for alt in alts)
        assert any("⟦" in (b.get("label") or "") for m in posts for v in versions(m)
                   for b in components(v.get("components") or []) if b.get("type") == 2)


async def test_a_german_server_plays_pixies_in_german(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    async with parlor(fake, str(tmp_path / "de.sqlite3")) as bot:
        game_id, users, refusals = await play_whole_game(fake, bot, "de", "en-US", seed=8)
        table = await bot.tables.load(game_id)
        lobby = fake.messages(fake.games)[0]
        said = [v["content"] or "" for v in versions(lobby)]
        assert any("ein Tisch für 2–4 Spieler, gespielt in einem Thread" in text for text in said), said
        assert not any("a table for" in text for text in said)
        assert {b["label"] for v in versions(lobby) for b in components(v["components"]) if b.get("type") == 2} >= {
            "Beitreten", "Starten"}
        assert "die Partie hat begonnen" in lobby.content
        posts = fake.messages(table.row.thread_id)
        contents = "\n".join(v["content"] or "" for m in posts for v in versions(m))
        assert "Durchgang 1/3 · Runde 1" in contents and "Round 1/3" not in contents
        assert "du wählst: nimm eine der offenen Karten" in contents and "your pick" not in contents
        assert "Ende von Durchgang 3: Wertung" in contents and "end of round" not in contents
        assert "Endstand" in contents and "final standings" not in contents
        labels = [b.label or "" for m in posts for b in m.buttons()]
        assert not any(label.startswith(("Blue", "Green", "Yellow", "Red", "Multicolour", "Space ")) for label in labels)
        alts = [a.description or "" for m in posts for a in m.attachments]
        assert any(alt.startswith("Pixies, Durchgang 1 von 3, Runde 1") for alt in alts)
        assert not any("cards in the deck" in alt for alt in alts)
        # the members' own answers follow their client (English here), not the server
        assert all(r.ephemeral for r in refusals) and "not playing" in refusals[0].content
        # after a restart (nothing remembered), the last action's words for the image are rebuilt from the log
        _LAST_WORDS.clear()
        words = await last_words(table, "de")
        assert words and words.startswith(("nahm ", "ließ ", "legte ")), words
        assert await last_words(table, "en") == table.state["last_action"]["text"]  # the engine's own English


async def test_pixies_against_a_computer_in_the_pseudo_language(fake_discord, tmp_path, monkeypatch):  # noqa: F811
    tiny_budgets(monkeypatch)
    fake = fake_discord
    async with parlor(fake, str(tmp_path / "vs.sqlite3"), seed=4) as bot:
        await bot.tables.save_setting(fake.guild_id, "language", PSEUDO)
        ada = fake.add_member("Ada")
        ada.locale = PSEUDO
        rec = await (await fake.slash(ada, "play", {"game": "pixies", "vs": "easy"},
                                      channel=fake.games)).wait_final(TIMEOUT)
        game_id = int(rec.content.split("#")[1].split("*")[0])
        rng, moves = random.Random(2), 0
        while await member_turn(bot, game_id, {0}) is not None:
            _, message, choices = await current_post(fake, bot, game_id)
            await (await fake.click(ada, message, rng.choice(choices))).wait_final(TIMEOUT)
            moves += 1
            assert moves < 200
        assert (await bot.tables.load(game_id)).row.status == "finished"
        for message in fake.all_messages(include_ephemeral=True):
            if message.author.id != fake.bot_user.id:
                continue
            for where, text in texts(message):
                left = outside_catalogue(text, NAMES)  # the computer's name too comes from the catalogue
                assert not left, f"{where} of message {message.id}: {left} bypassed the catalogue in {text!r}"
        assert any("🤖" in m.content for m in fake.messages((await bot.tables.load(game_id)).row.post_channel_id))
