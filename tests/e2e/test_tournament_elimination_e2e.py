"""An 8-player single elimination run whole through the loopback Discord: sign-ups with refusals, the
start by the organiser, every game posted in a thread with its match's players, random resignations, a
forfeit on timeout under the fake clock, the bracket after each round, and the champion at the end."""

from __future__ import annotations

import random

import bot.tournaments as tm
from tests.e2e.harness import TIMEOUT, buttons_with, parlor, png
from tests.e2e.test_deadlines_e2e import Clock, H
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


async def test_eight_player_single_elimination(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    organiser = fake.add_member("Olga")
    players = [fake.add_member(n) for n in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")]
    late = fake.add_member("Ivo")
    by_id = {u.id: u for u in players}
    rng = random.Random(13)
    clock = Clock()
    async with parlor(fake, str(tmp_path / "se.sqlite3"), clock=clock) as bot:
        await fake.wait_commands("tournament", timeout=TIMEOUT)
        tid, post = await create(fake, organiser, {"game": "tixel", "format": "single_elim", "best_of": 1,
                                                   "max_players": 8, "deadline": "24 hours", "rated": False})
        assert "Tixel tournament #1" in post.content and "single elimination" in post.content
        assert buttons_with(post, f"tn:{tid}:") == [f"tn:{tid}:{op}" for op in ("join", "leave", "start", "cancel")]
        for user in players:
            assert not (await click(fake, user, post, f"tn:{tid}:join")).followups
        assert "already joined" in refusal(await click(fake, players[0], post, f"tn:{tid}:join"))
        assert "full (8 players)" in refusal(await click(fake, late, post, f"tn:{tid}:join"))
        assert "organisers" in refusal(await click(fake, players[1], post, f"tn:{tid}:start"))
        post = fake.messages(fake.games)[-1]
        assert "Signed up (8)" in post.content and all(f"<@{u.id}>" in post.content for u in players)

        assert not (await click(fake, organiser, post, f"tn:{tid}:start")).followups
        seen: set[int] = set()
        for round_no in (1, 2, 3):
            tables = await wait_for(lambda: running_games(bot, tid), f"round {round_no}'s games")
            row = await bot.tables.tournaments.load(tid)
            assert tm.round_no(row.state) == round_no
            matches = {m.id: m for m in tm.matches(row.state, round_no)}
            assert len(tables) == 4 >> (round_no - 1)  # no byes with 8 players
            for table in tables:
                check_posted(fake, table, matches[table.row.options["tournament"]["match"]])
                assert table.row.options["deadline_policy"] == "forfeit"
                seen.add(table.id)
            if round_no == 2:  # /tournament override's match choices name the matches as the bracket image does
                offered = await (await fake.autocomplete(organiser, "tournament", "match", {"tournament": tid,
                                                         "match": ""}, subcommand="override", channel=fake.games)
                                 ).wait_final(TIMEOUT)
                names = {u.id: u.name for u in players}
                assert [(c["name"], c["value"]) for c in offered.choices] == [
                    (f"r2m{k} · Semi-final {k}: " + " v ".join(names[p] for p in matches[f"r2m{k}"].players), f"r2m{k}")
                    for k in (1, 2)]
            # Round 1: one game times out (its player to move forfeits); the others end by a random resignation.
            timed_out = tables[-1] if round_no == 1 else None
            for table in tables:
                if table is timed_out:
                    continue
                await resign_in_thread(fake, bot, by_id[rng.choice(table.seats).user_id], table)
            if timed_out is not None:
                mover = timed_out.seats[timed_out.pending()[0].player].user_id
                clock.offset += 25 * H
                bot.scheduler.poke()
                match = await wait_for(lambda g=timed_out.id: _decided(bot, tid, g), "the forfeit counted")
                assert (await bot.tables.load(timed_out.id)).row.status == "finished"
                assert match.winner != mover and mover in match.players
            if round_no < 3:
                image_post = await fake.wait_for_message(
                    lambda m, r=round_no: m.content.startswith(f"📋 **Tixel tournament #1** — round {r} is complete"),
                    TIMEOUT, channel=fake.games)
                [image] = image_post.attachments
                assert png(image).width == 800 and "single-elimination bracket" in image.description

        end = await fake.wait_for_message(lambda m: "is over" in m.content and m.content.startswith("🏆"), TIMEOUT,
                                          channel=fake.games)
        row = await bot.tables.tournaments.load(tid)
        champion = tm.champion(row.state)
        assert row.status == "finished" and champion in by_id
        assert [u.id for u in end.mentions] == [champion]
        assert f"({by_id[champion].name}) is the champion" in end.content
        bracket, table_image = end.attachments
        assert f"Champion: {by_id[champion].name}" in bracket.description
        assert table_image.description.startswith("Tixel tournament #1: standings.")
        final = tm.matches(row.state, 3)[0]
        assert final.winner == champion and len(seen) == 7
        await wait_for(lambda: settled(bot, tid), "every game posted")
        post = next(m for m in fake.messages(fake.games) if m.id == post.id)
        assert "The tournament is over" in post.content and f"Champion: <@{champion}>" in post.content
        assert not post.buttons()

        status = await (await fake.slash(late, "tournament", {"tournament": tid}, subcommand="status",
                                         channel=fake.general)).wait_final(TIMEOUT)
        assert not status.ephemeral and len(status.message.attachments) == 2
        fake.assert_no_violations()


async def _decided(bot, tid: int, game_id: int):
    """Return the match of a game once its result counts, else ``None``."""
    state = (await bot.tables.tournaments.load(tid)).state
    return next((m for m in tm.matches(state, 1) if game_id in m.game_ids and m.done), None)


async def test_a_result_missed_while_the_bot_was_down_is_counted_at_the_start(fake_discord, tmp_path):  # noqa: F811
    from bot.tables import TableService
    from storage.database import Database
    from tests.pgserver import backend_target

    fake = fake_discord
    players = [fake.add_member(n) for n in ("Ann", "Ben", "Cat", "Dan")]
    path = str(tmp_path / "rc.sqlite3")
    async with parlor(fake, path) as bot:
        await fake.wait_commands("tournament", timeout=TIMEOUT)
        tid, post = await create(fake, players[0], {"game": "tixel", "format": "single_elim", "best_of": 1})
        for user in players:
            assert not (await click(fake, user, post, f"tn:{tid}:join")).followups
        assert not (await click(fake, players[0], post, f"tn:{tid}:start")).followups
        first, second = await wait_for(lambda: running_games(bot, tid), "round 1's games")
        await resign_in_thread(fake, bot, next(u for u in players if u.id == first.seats[0].user_id), first)
        await wait_for(lambda: settled(bot, tid), "the first result posted")
    # While the bot is down, the other game ends without its finish hook (as if the process stopped there).
    db = await Database.open(backend_target(path))  # the same database the harness runs the bot on
    try:
        tables = TableService(db)
        tables.after_commit.remove(tables.tournaments.games.on_commit)
        await tables.resign(second.id, second.seats[1].user_id)
        assert tm.round_no((await tables.tournaments.load(tid)).state) == 1
    finally:
        await db.close()
    async with parlor(fake, path) as bot:
        [final] = await wait_for(lambda: running_games(bot, tid), "the final, created at the start")
        row = await bot.tables.tournaments.load(tid)
        [match] = tm.matches(row.state, 2)
        assert sorted(s.user_id for s in final.seats) == sorted(match.players)
        assert second.seats[0].user_id in match.players and first.seats[1].user_id in match.players
        check_posted(fake, final, match)
        shown = await fake.wait_for_message(lambda m: m.content.startswith(
            "📋 **Tixel tournament #1** — round 1 is complete"), TIMEOUT, channel=fake.games)
        assert "Semi-finals" in shown.attachments[0].description and "Final" in shown.attachments[0].description
