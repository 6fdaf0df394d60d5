"""A 6-player Swiss run whole through the loopback Discord: random resignations, a player dropping in the
middle of round 2 (their game ends, they get no further pairing and round 3 has a bye), standings after
each round, the final standings and champion, the organiser's export, and refusals of non-organisers."""

from __future__ import annotations

import random
import re

import bot.tournaments as tm
from tests.e2e.harness import TIMEOUT, parlor, png
from tests.e2e.tournament_play import (
    check_posted,
    click,
    create,
    refusal,
    resign_in_thread,
    running_games,
    settled,
    wait_for,
)
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)
from tests.fakediscord.state import P


async def test_six_player_swiss_with_a_drop(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    players = [fake.add_member(n) for n in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")]
    organiser = players[0]  # the creator plays too
    by_id = {u.id: u for u in players}
    rng = random.Random(7)
    async with parlor(fake, str(tmp_path / "sw.sqlite3")) as bot:
        await fake.wait_commands("tournament", timeout=TIMEOUT)
        tid, post = await create(fake, organiser, {"game": "tixel", "format": "swiss", "best_of": 1})
        assert "Swiss · best of 1" in post.content
        for user in players:
            assert not (await click(fake, user, post, f"tn:{tid}:join")).followups
        assert not (await click(fake, players[5], post, f"tn:{tid}:leave")).followups
        assert "Signed up (5)" in fake.messages(fake.games)[-1].content
        assert not (await click(fake, players[5], post, f"tn:{tid}:join")).followups
        assert not (await click(fake, organiser, post, f"tn:{tid}:start")).followups

        dropped = None
        for round_no in (1, 2, 3):
            tables = await wait_for(lambda: running_games(bot, tid), f"round {round_no}'s games")
            row = await bot.tables.tournaments.load(tid)
            assert row.state and tm.round_no(row.state) == round_no
            matches = {m.id: m for m in tm.matches(row.state, round_no)}
            byes = [m for m in matches.values() if m.bye]
            assert len(tables) == (3 if round_no < 3 else 2) and len(byes) == (0 if round_no < 3 else 1)
            if byes:
                line = next(m for m in fake.messages(fake.games) if m.content.startswith("🎟️"))
                assert line.content.startswith(f"🎟️ **Tixel tournament #1** — round 3: a bye for <@{byes[0].players[0]}>")
                assert [u.id for u in line.mentions] == byes[0].players != [dropped]
            for table in tables:
                check_posted(fake, table, matches[table.row.options["tournament"]["match"]])
                if dropped is not None:
                    assert dropped not in {s.user_id for s in table.seats}
            if round_no == 2:  # a player drops with their game running: the game ends, they lose the match
                quitter = tables[0].seats[1].user_id
                rec = await (await fake.slash(by_id[quitter], "tournament", {}, subcommand="drop",
                                              channel=fake.games)).wait_final(TIMEOUT)
                assert rec.ephemeral and "You have dropped from **Tixel tournament #1**" in rec.content
                await fake.wait_for_message(lambda m, q=quitter: m.content == f"🚪 <@{q}> dropped from **Tixel "
                                            "tournament #1**.", TIMEOUT, channel=fake.games)
                gone = await bot.tables.load(tables[0].id)
                assert gone.row.status == "finished"
                match = matches[tables[0].row.options["tournament"]["match"]]
                decided = {m.id: m for m in tm.matches((await bot.tables.tournaments.load(tid)).state, 2)}[match.id]
                assert decided.done and decided.winner == tables[0].seats[0].user_id
                dropped, tables = quitter, tables[1:]
            for table in tables:
                await resign_in_thread(fake, bot, by_id[rng.choice(table.seats).user_id], table)
            if round_no < 3:
                image_post = await fake.wait_for_message(
                    lambda m, r=round_no: m.content.startswith(f"📋 **Tixel tournament #1** — round {r} is complete"),
                    TIMEOUT, channel=fake.games)
                [image] = image_post.attachments
                assert png(image).width == 800 and "standings" in image.description
                # as of the end of this round: 3 matches a round, each won or drawn; round 3's bye (paired as
                # round 2 ended) not counted yet
                records = [tuple(map(int, r)) for r in re.findall(r"W-D-L (\d+)-(\d+)-(\d+)", image.description)]
                assert len(records) == 6 and all(sum(r) == round_no for r in records), image.description
                assert sum(w for w, _, _ in records) + sum(d for _, d, _ in records) / 2 == 3 * round_no

        end = await fake.wait_for_message(lambda m: "is over" in m.content, TIMEOUT, channel=fake.games)
        row = await bot.tables.tournaments.load(tid)
        standings = tm.standings(row.state)
        champion = tm.champion(row.state)
        assert row.status == "finished" and champion == standings[0].user_id
        assert [u.id for u in end.mentions] == [champion]
        [image] = end.attachments
        alt = image.description
        assert alt.startswith(f"Tixel tournament #1: standings. Swiss · 6 players · best of 1 · final. "
                              f"1. {by_id[champion].name} (champion): Pts {int(standings[0].points)}")
        assert f"{by_id[dropped].name} (dropped)" in alt
        assert sum(s.wins for s in standings) == 3 + 3 + 2 + 1  # games won and the bye
        await wait_for(lambda: settled(bot, tid), "every game posted")

        outsider = players[1] if players[1].id != champion else players[2]
        assert "organiser" in refusal(await (await fake.slash(outsider, "tournament", {"tournament": tid},
                                                              subcommand="export", channel=fake.games)
                                             ).wait_final(TIMEOUT))
        export = await (await fake.slash(organiser, "tournament", {"tournament": tid}, subcommand="export",
                                         channel=fake.games)).wait_final(TIMEOUT)
        assert export.ephemeral
        [csv] = export.message.attachments
        text = csv.data.decode()
        assert all(u.name in text for u in players)
        fake.assert_no_violations()


async def test_refusals_and_cancel(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    ann, ben, cat = (fake.add_member(n) for n in ("Ann", "Ben", "Cat"))
    async with parlor(fake, str(tmp_path / "rf.sqlite3")) as bot:
        await fake.wait_commands("tournament", timeout=TIMEOUT)
        pods = await (await fake.slash(ann, "tournament", {"game": "pixies", "format": "single_elim", "best_of": 1},
                                       subcommand="create", channel=fake.games)).wait_final(TIMEOUT)
        assert pods.ephemeral and "Swiss" in pods.content
        tid, post = await create(fake, ann, {"game": "tixel", "format": "round_robin", "best_of": 3})
        assert "have not joined" in refusal(await (await fake.slash(ben, "tournament", {}, subcommand="drop",
                                                                    channel=fake.games)).wait_final(TIMEOUT))
        assert "organiser" in refusal(await click(fake, ben, post, f"tn:{tid}:cancel"))
        assert "At least 2 players" in refusal(await click(fake, ann, post, f"tn:{tid}:start"))
        joined = await (await fake.slash(cat, "tournament", {}, subcommand="join", channel=fake.games)
                        ).wait_final(TIMEOUT)
        assert joined.ephemeral and "signed up" in joined.content
        choices = await (await fake.autocomplete(ben, "tournament", "tournament", {"tournament": ""},
                                                 subcommand="status", channel=fake.games)).wait_final(TIMEOUT)
        assert [c["value"] for c in choices.choices] == [tid]
        asked = await click(fake, ann, post, f"tn:{tid}:cancel")
        question = asked.message
        assert question.ephemeral and "Cancel **Tixel tournament #1**?" in question.content
        await click(fake, ann, question, f"tc:{tid}:{ann.id}:y")
        assert (await bot.tables.tournaments.load(tid)).status == "cancelled"
        post = next(m for m in fake.messages(fake.games) if m.id == post.id)
        assert "was cancelled" in post.content and not post.buttons()
        fake.assert_no_violations()


async def test_override_decides_a_round_robin_and_decks_are_asked_for(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
    async with parlor(fake, str(tmp_path / "ov.sqlite3")) as bot:
        await fake.wait_commands("tournament", timeout=TIMEOUT)
        decks, post = await create(fake, ann, {"game": "pixel-tactics", "format": "swiss", "best_of": 1,
                                               "deck": "standard"})
        assert "built standard decks" in post.content
        assert "/tournament join deck:" in refusal(await click(fake, ben, post, f"tn:{decks}:join"))
        nodeck = await (await fake.slash(ben, "tournament", {"tournament": decks, "deck": "Nope"}, subcommand="join",
                                         channel=fake.games)).wait_final(TIMEOUT)
        assert nodeck.ephemeral and "Nope" in nodeck.content

        tid, post = await create(fake, ann, {"game": "tixel", "format": "round_robin", "best_of": 3})
        for user in (ann, ben):
            assert not (await click(fake, user, post, f"tn:{tid}:join")).followups
        assert not (await click(fake, ann, post, f"tn:{tid}:start")).followups
        [table] = await wait_for(lambda: running_games(bot, tid), "the first game")
        pairing = next(m for m in fake.messages(fake.games) if m.content.startswith("⚔️"))
        assert pairing.content.startswith("⚔️ **Tixel tournament #2** — round 1, match 1, game 1 of 3: ")
        options = {"tournament": tid, "match": "r1m1", "winner": ben}
        assert "organiser" in refusal(await (await fake.slash(ben, "tournament", options, subcommand="override",
                                                              channel=fake.games)).wait_final(TIMEOUT))
        offered = await (await fake.autocomplete(ann, "tournament", "match", {"tournament": tid, "match": ""},
                                                 subcommand="override", channel=fake.games)).wait_final(TIMEOUT)
        [match] = tm.matches((await bot.tables.tournaments.load(tid)).state)
        names = {ann.id: "Ann", ben.id: "Ben"}
        label = "r1m1: " + " v ".join(names[p] for p in match.players)
        assert [(c["name"], c["value"]) for c in offered.choices] == [(label, "r1m1")]
        done = await (await fake.slash(ann, "tournament", options, subcommand="override",
                                       channel=fake.games)).wait_final(TIMEOUT)
        assert done.ephemeral and "Ben wins" in done.content
        end = await fake.wait_for_message(lambda m: "is over" in m.content, TIMEOUT, channel=fake.games)
        assert f"<@{ben.id}> (Ben) is the champion" in end.content
        row = await bot.tables.tournaments.load(tid)
        assert row.status == "finished" and tm.champion(row.state) == ben.id
        assert (await bot.tables.load(table.id)).row.status == "finished"  # Ann left the game the override ended
        await wait_for(lambda: settled(bot, tid), "the ended game posted in its thread")
        last = fake.messages(fake.channel(table.row.thread_id))[-1]
        assert last.content.startswith("**Tixel #1** · game over") and "Ann resigned" in last.content
        fake.assert_no_violations()


async def test_games_stay_in_the_channel_where_threads_are_not_allowed(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    fake.set_overwrite(fake.games, fake.guild_id, deny=P["CREATE_PUBLIC_THREADS"])  # @everyone role
    ann, ben, cat = (fake.add_member(n) for n in ("Ann", "Ben", "Cat"))
    async with parlor(fake, str(tmp_path / "nt.sqlite3")) as bot:
        await fake.wait_commands("tournament", timeout=TIMEOUT)
        tid, post = await create(fake, ann, {"game": "tixel", "format": "single_elim", "best_of": 1})
        for user in (ann, ben, cat):
            assert not (await click(fake, user, post, f"tn:{tid}:join")).followups
        assert not (await click(fake, ann, post, f"tn:{tid}:start")).followups
        [table] = await wait_for(lambda: running_games(bot, tid), "the first game")
        assert table.row.thread_id is None and not fake.threads()
        assert any(f"pg:{table.id}:" in "".join(b.custom_id or "" for b in m.buttons())
                   for m in fake.messages(fake.games))
        [bye] = [m for m in tm.matches((await bot.tables.tournaments.load(tid)).state, 1) if m.bye]
        line = next(m for m in fake.messages(fake.games) if m.content.startswith("🎟️"))
        assert [u.id for u in line.mentions] == bye.players  # the top seed of 3 sits round 1 out
        fake.assert_no_violations()


async def test_a_voided_game_is_replayed(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    players = [fake.add_member(n) for n in ("Ann", "Ben", "Cat", "Dan")]
    by_id = {u.id: u for u in players}
    async with parlor(fake, str(tmp_path / "vd.sqlite3")) as bot:
        await fake.wait_commands("tournament", timeout=TIMEOUT)
        tid, post = await create(fake, players[0], {"game": "tixel", "format": "single_elim", "best_of": 1})
        for user in players:
            assert not (await click(fake, user, post, f"tn:{tid}:join")).followups
        assert not (await click(fake, players[0], post, f"tn:{tid}:start")).followups
        first, second = await wait_for(lambda: running_games(bot, tid), "round 1's games")
        match_id = first.row.options["tournament"]["match"]
        running = await (await fake.slash(players[0], "tournament", {"game": first.id}, subcommand="void",
                                          channel=fake.games)).wait_final(TIMEOUT)
        assert running.ephemeral and "still being played" in running.content
        await resign_in_thread(fake, bot, by_id[first.seats[0].user_id], first)
        assert "organiser" in refusal(await (await fake.slash(players[1], "tournament", {"game": first.id},
                                                              subcommand="void", channel=fake.games)
                                             ).wait_final(TIMEOUT))
        done = await (await fake.slash(players[0], "tournament", {"game": first.id}, subcommand="void",
                                       channel=fake.games)).wait_final(TIMEOUT)
        assert done.ephemeral and f"Game #{first.id} of **Tixel tournament #1** was voided" in done.content
        replay = await wait_for(lambda: _replay_of(bot, tid, match_id, first.id), "the replayed game")
        row = await bot.tables.tournaments.load(tid)
        match = next(m for m in tm.matches(row.state, 1) if m.id == match_id)
        assert not match.done and sorted(s.user_id for s in replay.seats) == sorted(match.players)
        check_posted(fake, replay, match)
        assert any(m.content.startswith(f"♻️ Game #{first.id} of **Tixel tournament #1** was voided")
                   for m in fake.messages(fake.games))
        assert tm.round_no(row.state) == 1 and second.id not in {replay.id}
        fake.assert_no_violations()


async def _replay_of(bot, tid: int, match_id: str, voided: int):
    """Return the running game replaying a voided game's match, once posted."""
    for table in await running_games(bot, tid):
        if table.row.options["tournament"]["match"] == match_id and table.id != voided:
            return table
    return None
