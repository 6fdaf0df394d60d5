"""A 4-player Pixies tournament through the loopback Discord: pods seated by the bot, each game ended by
resignations, standings (points by rank, games won) after each round, the champion at the end."""

from __future__ import annotations

import random

import bot.tournaments as tm
from tests.e2e.harness import TIMEOUT, parlor, png
from tests.e2e.tournament_play import (
    check_posted,
    click,
    create,
    pairing_post,
    resign_in_thread,
    running_games,
    settled,
    wait_for,
)
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


async def test_four_player_pixies_pods(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    players = [fake.add_member(n) for n in ("Ann", "Ben", "Cat", "Dan")]
    by_id = {u.id: u for u in players}
    rng = random.Random(3)
    async with parlor(fake, str(tmp_path / "pods.sqlite3")) as bot:
        await fake.wait_commands("tournament", timeout=TIMEOUT)
        tid, post = await create(fake, players[0], {"game": "pixies", "format": "swiss", "best_of": 1})
        for user in players:
            assert not (await click(fake, user, post, f"tn:{tid}:join")).followups
        assert not (await click(fake, players[0], post, f"tn:{tid}:start")).followups
        for round_no in (1, 2):  # 4 players: one pod of 4, two rounds
            [table] = await wait_for(lambda: running_games(bot, tid), f"round {round_no}'s pod")
            row = await bot.tables.tournaments.load(tid)
            [match] = tm.matches(row.state, round_no)
            check_posted(fake, table, match)
            assert pairing_post(fake, table).content.startswith(
                f"⚔️ **Pixies tournament #1** — round {round_no}, pod 1: ")
            for seat in rng.sample(table.seats, 3):  # the last one left wins
                await resign_in_thread(fake, bot, by_id[seat.user_id], table)
            if round_no == 1:
                shown = await fake.wait_for_message(lambda m: m.content.startswith(
                    "📋 **Pixies tournament #1** — round 1 is complete"), TIMEOUT, channel=fake.games)
                [image] = shown.attachments
                assert png(image).width == 800
                assert "after round 1" in image.description and "Games won 1" in image.description
        end = await fake.wait_for_message(lambda m: "is over" in m.content, TIMEOUT, channel=fake.games)
        row = await bot.tables.tournaments.load(tid)
        standings = tm.standings(row.state)
        assert row.status == "finished" and tm.champion(row.state) == standings[0].user_id
        assert sum(s.points for s in standings) == 2 * (3 + 2 + 1 + 0)  # each game's ranks score 3, 2, 1, 0
        assert sum(s.wins for s in standings) == 2
        [image] = end.attachments
        assert image.description.startswith("Pixies tournament #1: standings. Swiss · 4 players · best of 1 · final.")
        await wait_for(lambda: settled(bot, tid), "every game posted")
        fake.assert_no_violations()
