"""Pixel Tactics tournaments through the loopback Discord: a 4-player tournament of built Standard decks played
whole (each game dealt the decks the players joined with), and a 4-player tournament that opens with a Pack
Draft (the draft posted in a thread, picks by DM, played through with random legal picks; round 1 dealt decks
from the drafted pools; no casual pairing buttons), then a replacement: a new member takes a seat mid-game."""

from __future__ import annotations

import random

import bot.tournaments as tm
from bot.games.pixel_tactics import decks as deck_rules
from tests.e2e.drive import dump_images, perform
from tests.e2e.harness import TIMEOUT, buttons_with, parlor, png
from tests.e2e.test_pt_deck_lobby_e2e import standard
from tests.e2e.tournament_play import (
    click,
    create,
    pairing_post,
    refusal,
    resign_in_thread,
    running_games,
    wait_for,
)
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)

NAMES = ("Ann", "Ben", "Cat", "Dan")


async def play_out(fake, bot, tid: int, by_id: dict, rng: random.Random, check=None) -> None:
    """Finish every game of the tournament by resignations in its thread (``check(table)`` first)."""
    while (await bot.tables.tournaments.load(tid)).status == "running":
        tables = await wait_for(lambda: running_games(bot, tid), "the next games")
        for table in tables:
            if check is not None:
                await check(table)
            await resign_in_thread(fake, bot, by_id[rng.choice(table.seats).user_id], table)
        ended = {t.id for t in tables}
        await wait_for(lambda e=ended: _moved_on(bot, tid, e), "the results to count")


async def _moved_on(bot, tid: int, ended: set[int]) -> bool:
    row = await bot.tables.tournaments.load(tid)
    games = await bot.tables.tournaments.played(tid)
    counted = all(g.recorded for g in games if g.game_id in ended)
    return counted and (row.status != "running" or any(g.status == "running" for g in games))


async def test_a_standard_deck_tournament_played_whole(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    players = [fake.add_member(n) for n in NAMES]
    by_id = {u.id: u for u in players}
    rng = random.Random(5)
    async with parlor(fake, str(tmp_path / "ptd.sqlite3")) as bot:
        await fake.wait_commands("tournament", timeout=TIMEOUT)
        for offset, user in enumerate(players):
            await bot.tables.decks.save(fake.guild_id, user.id, standard(f"{user.name} deck", 7 * offset))
        tid, post = await create(fake, players[0], {"game": "pixel-tactics", "format": "single_elim",
                                                     "best_of": 1, "deck": "standard"})
        assert "built standard decks" in post.content
        assert "with built standard decks" in refusal(await click(fake, players[1], post, f"tn:{tid}:join"))
        for user in players:
            rec = await (await fake.slash(user, "tournament", {"deck": f"{user.name} deck"}, subcommand="join",
                                          channel=fake.games)).wait_final(TIMEOUT)
            assert rec.ephemeral and "You are signed up" in rec.content, rec.content
        await click(fake, players[0], post, f"tn:{tid}:start")

        async def dealt_their_decks(table) -> None:
            row = await bot.tables.tournaments.load(tid)
            match = next(m for m in tm.matches(row.state) if m.id == table.row.options["tournament"]["match"])
            post = pairing_post(fake, table)
            assert sorted(u.id for u in post.mentions) == sorted(match.players)
            thread = fake.channel(table.row.thread_id)
            assert thread in fake.threads(fake.games)
            posted = [m for m in fake.messages(thread) if m.attachments]
            assert posted and f":{table.id}" in "".join(b.custom_id or "" for b in posted[0].buttons())
            offsets = {u.id: 7 * i for i, u in enumerate(players)}
            expected = [{k: standard("", offsets[s.user_id])[k] for k in ("format", "leaders", "heroes")}
                        for s in table.seats]
            assert table.row.options["game"]["decks"] == expected and table.row.options["game"]["trophies"] == 1

        await play_out(fake, bot, tid, by_id, rng, dealt_their_decks)
        end = await fake.wait_for_message(lambda m: "is over" in m.content, TIMEOUT, channel=fake.games)
        champion = tm.champion((await bot.tables.tournaments.load(tid)).state)
        assert f"<@{champion}>" in end.content and len(end.attachments) == 2  # bracket and standings
        assert len(await bot.tables.tournaments.played(tid)) == 3
    dump_images(fake, "tournament-pt-decks")
    fake.assert_no_violations()


async def test_a_draft_tournament_then_a_replacement(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    players = [fake.add_member(n) for n in NAMES]
    newcomer = fake.add_member("Eve")
    by_id = {u.id: u for u in [*players, newcomer]}
    rng = random.Random(11)
    async with parlor(fake, str(tmp_path / "draft-t.sqlite3"), seed=3) as bot:
        await fake.wait_commands("tournament", timeout=TIMEOUT)
        tid, post = await create(fake, players[0], {"game": "pixel-tactics", "format": "single_elim",
                                                     "best_of": 1, "deck": "draft"})
        assert "a Pack Draft first" in post.content
        for user in players:
            assert not (await click(fake, user, post, f"tn:{tid}:join")).followups  # no deck to name
        await click(fake, players[0], post, f"tn:{tid}:start")

        opened = await fake.wait_for_message(lambda m: m.content.startswith("🃏"), TIMEOUT, channel=fake.games)
        assert sorted(u.id for u in opened.mentions) == sorted(u.id for u in players)
        [game] = await wait_for(lambda: bot.tables.tournaments.played(tid), "the draft")
        draft = await bot.tables.load(game.game_id)
        assert draft.row.kind == "pt-draft" and draft.state["method"] == "pack"
        thread = fake.channel(draft.row.thread_id)
        assert thread in fake.threads(fake.games)
        status = await (await fake.slash(players[1], "tournament", {}, subcommand="status",
                                         channel=fake.games)).wait_final(TIMEOUT)
        assert "The drafts are being played (0 of 1 over)" in status.content

        picks = 0
        while (draft := await bot.tables.load(game.game_id)).row.status == "running":
            decision = rng.choice(draft.pending())
            state, seat = draft.state, decision.player
            legal = draft.engine.legal_actions(state, seat)
            held = set(state["leaders"][seat] + state["heroes"][seat])
            fresh = [a for a in legal if a.get("card") not in held]  # random picks, second copies avoided
            action = {"type": "done"} if state["phase"] == "return" else rng.choice(fresh or legal)
            await perform(fake, bot, game.game_id, by_id[draft.user_of(seat)], action, thread)
            picks += 1
        assert picks >= 4 * 28

        final = await fake.wait_for_message(lambda m: "the draft is over" in m.content, TIMEOUT, channel=thread)
        assert png(final.attachments[0]).width == 800
        assert not any(buttons_with(m, f"pp:{game.game_id}:") for m in fake.messages(thread))
        begins = await fake.wait_for_message(lambda m: "every draft is over" in m.content, TIMEOUT,
                                             channel=fake.games)
        assert begins.content.startswith(f"🃏 **Pixel Tactics tournament #{tid}**")
        tables = await wait_for(lambda: running_games(bot, tid), "round 1")
        assert len(tables) == 2
        for table in tables:
            for seat, deck in zip(table.seats, table.row.options["game"]["decks"], strict=True):
                assert deck_rules.problems(deck) == []
                [pool] = await bot.tables.decks.pools(fake.guild_id, seat.user_id)
                assert pool["name"] == f"Draft #{game.game_id}" and pool["source_game_id"] == game.game_id
                assert set(deck["leaders"] + deck["heroes"]) <= set(pool["cards"])

        # an organiser gives a player's place (and their running game's seat) to a new member
        table = tables[0]
        old = by_id[table.seats[0].user_id]
        rec = await (await fake.slash(old, "tournament", {"old": old, "new": newcomer}, subcommand="replace",
                                      channel=fake.games)).wait_final(TIMEOUT)
        if old is not players[0]:
            assert rec.ephemeral and "Only an organiser" in rec.content
            rec = await (await fake.slash(players[0], "tournament", {"old": old, "new": newcomer},
                                          subcommand="replace", channel=fake.games)).wait_final(TIMEOUT)
        assert rec.ephemeral and f"Eve takes {old.name}'s place" in rec.content, rec.content
        await fake.wait_for_message(lambda m: m.content.startswith(f"🔁 <@{newcomer.id}> takes the place of "
                                                                   f"<@{old.id}>"), TIMEOUT, channel=fake.games)
        seated = fake.channel(table.row.thread_id)
        await fake.wait_for_message(lambda m: f"<@{newcomer.id}> takes over" in m.content, TIMEOUT, channel=seated)
        assert (await bot.tables.load(table.id)).seats[0].user_id == newcomer.id
        await resign_in_thread(fake, bot, by_id[table.seats[1].user_id], table)  # the newcomer wins it
        await wait_for(lambda: _won_by(bot, tid, newcomer.id), "the newcomer's win to count")
        await resign_in_thread(fake, bot, by_id[tables[1].seats[0].user_id], tables[1])
        await play_out(fake, bot, tid, by_id, rng)
        row = await bot.tables.tournaments.load(tid)
        assert row.status == "finished" and old.id not in {s.user_id for s in tm.standings(row.state)}
        assert newcomer.id in tm.matches(row.state, 2)[0].players
    dump_images(fake, "tournament-pt-draft")
    fake.assert_no_violations()


async def _won_by(bot, tid: int, user_id: int) -> bool:
    row = await bot.tables.tournaments.load(tid)
    return any(m.done and m.winner == user_id for m in tm.matches(row.state, 1))
