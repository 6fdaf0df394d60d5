"""A 4-player, 2-cycle Pixel Tactics League run whole through the loopback Discord under a fake clock: sign-up,
the League Draft by DM one player at a time, challenges with secret Leader and Base choices, games in threads
ended by resignation, captures, the first cycle ending on its timer with the score sheets, discards and the
redraft, the second cycle ended by the organiser, the winner; and refusals (a non-organiser creating or ending a
cycle, challenging a player without Bases, a retired Leader)."""

from __future__ import annotations

import logging
import random

import bot.league as rules
from bot.games.pixel_tactics.pools import card as card_of
from bot.league.pools import base_points
from tests.e2e.drive import dump_images
from tests.e2e.harness import TIMEOUT, parlor, png
from tests.e2e.league_play import (
    Clock,
    H,
    battle,
    challenge_post,
    choose,
    click,
    dm_with_menu,
    menu,
    open_challenge,
    play_out,
    refusal,
    run_draft,
    slash,
    wait_for,
)
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


async def test_four_player_two_cycle_league(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    ann = fake.add_member("Ann", admin=True)  # the organiser plays too
    ben, cat, dan = (fake.add_member(n) for n in ("Ben", "Cat", "Dan"))
    players = [ann, ben, cat, dan]
    by_id = {u.id: u for u in players}
    rng = random.Random(13)
    clock = Clock()
    async with parlor(fake, str(tmp_path / "league.sqlite3"), clock=clock) as bot:
        await fake.wait_commands("league", timeout=TIMEOUT)
        assert bot.db.clock is clock  # one clock drives the deadlines and the league's timers (the bot gives it)
        assert "Only organisers" in refusal(await slash(fake, ben, "create", {"cycles": 2, "days": 7}))

        created = await slash(fake, ann, "create", {"cycles": 2, "days": 7})
        post = created.message
        assert post is not None and not created.ephemeral
        lid = int(next(b.custom_id for b in post.buttons() if b.custom_id.endswith(":join")).split(":")[1])
        assert post.content.startswith(f"🏰 **League #{lid}** — Pixel Tactics League: 2 cycles of 7 days")
        for user in players:
            assert not (await click(fake, user, post, f"lg:{lid}:join")).followups
        post = next(m for m in fake.messages(fake.games) if m.id == post.id)
        assert "Signed up (4)" in post.content
        assert "organisers" in refusal(await click(fake, ben, post, f"lg:{lid}:start"))
        fake.close_dms(cat)  # Cat plays through the channel: /league draft, My secret choice, /league discard
        assert not (await click(fake, ann, post, f"lg:{lid}:start")).followups

        started = await fake.wait_for_message(lambda m: m.content.startswith(f"🏰 **League #{lid}** has started!"),
                                              TIMEOUT, channel=fake.games)
        assert sorted(u.id for u in started.mentions) == sorted(by_id)

        # The League Draft: 5 Leaders each, one player at a time, by DM.
        assert await run_draft(fake, bot, lid, by_id, rng) == 20
        row = await bot.tables.leagues.load(lid)
        assert row.state["phase"] == "cycle" and row.state["cycle"] == 1
        for user in players:
            pool = rules.pool_of(row.state, user.id)
            assert len(pool["leaders"]) == 5 and len(pool["heroes"]) == 25 and len(pool["deck"]) == 25
            assert len({b["key"] for b in pool["bases"]}) == 5
        await fake.wait_for_message(lambda m: "the League Draft is over: cycle 1 begins" in m.content, TIMEOUT,
                                    channel=fake.games)

        # Cycle 1: Ann beats Dan twice, Cat beats Ben once (after a declined challenge).
        captured: dict[int, list[str]] = {u.id: [] for u in players}
        first = await battle(fake, bot, lid, ann, dan, dan, rng)
        assert first["winner"] == ann.id
        captured[ann.id].append(first["choices"][str(ann.id)]["base"])
        retired = first["choices"][str(ann.id)]["leader"]
        line = await fake.wait_for_message(lambda m: m.content.startswith(f"🏆 **League #{lid}** — <@{ann.id}> beats"),
                                           TIMEOUT, channel=fake.games)
        assert "captures" in line.content

        declined = await slash(fake, ben, "challenge", {"member": cat})
        assert declined.ephemeral
        row = await bot.tables.leagues.load(lid)
        cid = max(c["id"] for c in row.state["challenges"])
        offer = await fake.wait_for_message(lambda m: any(b.custom_id == f"lca:{lid}:{cid}:n" for b in m.buttons()),
                                            TIMEOUT, channel=fake.games)
        assert "Only" in refusal(await click(fake, dan, offer, f"lca:{lid}:{cid}:y"))
        clock.offset += 25 * H  # unanswered for a day: Cat is reminded (in the channel: her DMs are closed)
        bot.scheduler.poke()
        nudge = await fake.wait_for_message(lambda m: "a challenge waits for your answer" in m.content, TIMEOUT,
                                            channel=fake.games)
        assert [u.id for u in nudge.mentions] == [cat.id]
        assert nudge.content.endswith("(press **Accept** or **Decline** on the challenge's post).")
        assert not (await click(fake, cat, offer, f"lca:{lid}:{cid}:n")).followups
        assert next(m for m in fake.messages(fake.games) if m.id == offer.id).content.endswith(": declined.")
        second = await battle(fake, bot, lid, cat, ben, ben, rng)
        captured[cat.id].append(second["choices"][str(cat.id)]["base"])

        # Ann's retired Leader: not offered again this cycle, and a forged menu naming it is refused by the rules.

        cid = await open_challenge(fake, bot, lid, ann, dan)
        forged = fake.planted_post(fake.dm_channel(ann), selects=[f"lcb:{lid}:{cid}:{ann.id}:{retired}"])
        assert "still available this cycle" in refusal(
            await choose(fake, ann, forged, f"lcb:{lid}:{cid}:{ann.id}:{retired}", ["0"]))
        dm = await dm_with_menu(fake, ann, f"lcl:{lid}:{cid}:{ann.id}")
        assert retired not in [o["value"] for o in menu(dm, "lcl:")["options"]]
        third = await play_out(fake, bot, lid, cid, [ann, dan], dan, rng)
        captured[ann.id].append(third["choices"][str(ann.id)]["base"])

        # Ben's challenge to Dan stays unanswered: it lapses at the cycle's end and its post loses its buttons.
        assert (await slash(fake, ben, "challenge", {"member": dan})).ephemeral
        lapsing = max(c["id"] for c in (await bot.tables.leagues.load(lid)).state["challenges"])
        unanswered = await challenge_post(fake, lid, lapsing)

        # A non-organiser cannot end the cycle; the cycle's timer ends it.
        assert "organisers" in refusal(await slash(fake, ben, "end_cycle"))
        clock.offset += 8 * 24 * H
        bot.scheduler.poke()
        scored = await fake.wait_for_message(lambda m: "cycle 1 is over and scored" in m.content, TIMEOUT,
                                             channel=fake.games)

        async def lapsed():
            post = next(m for m in fake.messages(fake.games) if m.id == unanswered.id)
            return post if not post.buttons() else None

        assert (await wait_for(lapsed, "the lapsed challenge's post")).content.endswith(
            ": the cycle ended before it was played.")
        assert len(scored.attachments) == 5 and all(png(a).width == 800 for a in scored.attachments)
        row = await bot.tables.leagues.load(lid)
        expected = {u.id: sum(base_points(k) for k in captured[u.id]) + 2 * (5 - lost)
                    for u, lost in ((ann, 0), (ben, 1), (cat, 0), (dan, 2))}
        assert {s.user_id: s.cycle_scores for s in rules.sheet(row.state)} == {u: [v] for u, v in expected.items()}
        sheets = {a.description.split(":")[0]: a.description for a in scored.attachments[1:]}
        assert "Score sheet of Dan" in sheets and f"{expected[dan.id]} points" in sheets["Score sheet of Dan"]

        # Discards: Ann puts one Leader back, the others keep theirs; then the redraft, lowest score first.
        ended = row.state["ended"]
        dm = await dm_with_menu(fake, ann, f"ldd:{lid}:{ann.id}:{ended}")
        gone = row.state["players"][0]["leaders"][0]
        await choose(fake, ann, dm, f"ldd:{lid}:{ann.id}:{ended}", [gone])
        told = await fake.wait_for_message(lambda m: f"<@{cat.id}>, cycle 1 of **League #{lid}** is scored" in m.content,
                                           TIMEOUT, channel=fake.games)
        assert [u.id for u in told.mentions] == [cat.id]
        assert (await slash(fake, cat, "discard", {"leaders": "none"})).content.startswith("You keep all your Leaders")
        for user in (ben, dan):
            keep = await fake.wait_for_message(
                lambda m, u=user: any(b.custom_id == f"ldk:{lid}:{u.id}:{ended}" for b in m.buttons()), TIMEOUT,
                channel=fake.dm_channel(user))
            await click(fake, user, keep, f"ldk:{lid}:{user.id}:{ended}")
        row = await bot.tables.leagues.load(lid)
        assert rules.draft_state(row.state).user_id == dan.id  # the lowest total drafts first
        assert await run_draft(fake, bot, lid, by_id, rng) == 1 + 4 * 5
        row = await bot.tables.leagues.load(lid)
        assert row.state["phase"] == "cycle" and row.state["cycle"] == 2
        assert all(len(rules.pool_of(row.state, u.id)["heroes"]) == 30 for u in players)
        assert len(rules.pool_of(row.state, ann.id)["leaders"]) == 5
        # Cat's closed DMs: one mention per draft turn (the Leaders, then the Heroes of the redraft), not per pick
        assert sum(f"<@{cat.id}>, your League Draft pick" in m.content for m in fake.messages(fake.games)) == 2

        # Ben looks at his pool, swaps a Hero of his deck for a new one; anyone reads the history and standings.
        shown = await slash(fake, ben, "pool")
        [pool_post] = shown.followups
        assert pool_post.ephemeral and png(pool_post.attachments[0]).width == 800
        assert "**Deck** (25 Heroes)" in pool_post.content
        pool = rules.pool_of(row.state, ben.id)
        spare = [k for k in pool["heroes"] if pool["heroes"].count(k) > pool["deck"].count(k)]
        out, into = pool["deck"][0], spare[0]
        names = {k: card_of(k)["name"] for k in (out, into)}
        swapped = await slash(fake, ben, "deck", {"remove": names[out], "add": names[into]})
        assert swapped.ephemeral and swapped.content.startswith(f"✅ {names[out]} out, {names[into]} in.")
        deck = rules.pool_of((await bot.tables.leagues.load(lid)).state, ben.id)["deck"]
        assert len(deck) == 25 and deck.count(into) == pool["deck"].count(into) + 1
        history = await slash(fake, dan, "history")
        dan_colour = rules.pool_of(row.state, dan.id)["colour"].title()
        assert history.ephemeral and history.content.count(f"Ann won, captured {dan_colour} ") == 2
        assert "declined" in history.content
        standings = await slash(fake, dan, "standings")
        [posted] = standings.followups
        assert not posted.ephemeral and len(posted.attachments) == 5
        assert "organisers" in refusal(await slash(fake, ben, "export"))
        export = await slash(fake, ann, "export")
        assert export.ephemeral and export.message.attachments[0].filename == f"league-{lid}.csv"

        # A challenger may withdraw their challenge (Decline on its post); nobody else answers for the challenged.
        assert (await slash(fake, cat, "challenge", {"member": ann})).ephemeral
        row = await bot.tables.leagues.load(lid)
        cid = max(c["id"] for c in row.state["challenges"])
        offer = await challenge_post(fake, lid, cid)
        assert not (await click(fake, cat, offer, f"lca:{lid}:{cid}:n")).followups
        assert next(m for m in fake.messages(fake.games) if m.id == offer.id).content.endswith(": withdrawn.")

        # Cycle 2: Ben takes Dan's last three Bases; then nobody can challenge Dan.
        for _ in range(3):
            won = await battle(fake, bot, lid, ben, dan, dan, rng)
            captured[ben.id].append(won["choices"][str(ben.id)]["base"])
        assert "has no Base of their own left" in refusal(await slash(fake, cat, "challenge", {"member": dan}))

        # The organiser ends the last cycle: the league is over, its winner announced.
        assert not (await slash(fake, ann, "end_cycle")).content.startswith("Only")
        end = await fake.wait_for_message(lambda m: f"**League #{lid}** is over" in m.content, TIMEOUT,
                                          channel=fake.games)
        row = await bot.tables.leagues.load(lid)
        assert row.status == "finished"
        second_cycle = {u.id: sum(base_points(k) for k in captured[u.id]) + 2 * (5 - lost)
                        for u, lost in ((ann, 0), (ben, 1), (cat, 0), (dan, 5))}
        totals = {s.user_id: s.total for s in rules.sheet(row.state)}
        assert totals == {u: expected[u] + second_cycle[u] for u in totals}
        best = max(totals.values())
        winners = [u for u, t in totals.items() if t == best]
        assert row.state["winners"] == winners
        assert all(f"<@{u}>" in end.content for u in winners) and len(end.attachments) == 5
        dump_images(fake, "league")
        fake.assert_no_violations()



async def test_forged_league_ids_are_refused_plainly(fake_discord, tmp_path, caplog):  # noqa: F811
    """Every league button and menu answers a forged or stale id with an ephemeral reason, logs no error, and
    changes nothing."""
    fake = fake_discord
    ann, ben = fake.add_member("Ann", admin=True), fake.add_member("Ben")
    async with parlor(fake, str(tmp_path / "forged.sqlite3")) as bot:
        await fake.wait_commands("league", timeout=TIMEOUT)
        created = await slash(fake, ann, "create", {"cycles": 3, "days": 7, "max_players": 4})
        lid = int(next(b.custom_id for b in created.message.buttons() if b.custom_id.endswith(":join")).split(":")[1])
        before = await bot.tables.leagues.load(lid)
        caplog.set_level(logging.INFO)
        caplog.clear()
        huge = "9" * 25
        buttons = [f"lg:{huge}:join", "lg:77:join", f"lg:{lid}:zap", f"lca:{lid}:5:y", f"lca:{huge}:1:n",
                   f"lcs:{lid}:5", f"lgc:{lid}:{ann.id}:y", f"ldk:{lid}:{ben.id}:0", f"ldk:77:{ben.id}:0"]
        menus = [f"ldp:{lid}:{ben.id}:l5p9", f"ldp:77:{ben.id}:l5p9", f"lcl:{lid}:5:{ben.id}",
                 f"lcb:{lid}:5:{ben.id}:bogcrone", f"ldd:{lid}:{ben.id}:0", f"ldp:{lid}:{huge}:x"]
        for custom_id in buttons + menus:
            if custom_id in menus:
                post = fake.planted_post(fake.games, selects=[custom_id])
                record = await fake.select(ben, post, custom_id, ["0"])
            else:
                post = fake.planted_post(fake.games, buttons=[custom_id])
                record = await fake.click(ben, post, custom_id)
            await record.wait_final(TIMEOUT)
            replies = [m for m in record.messages() if m.content]
            assert replies and all(m.ephemeral for m in replies), custom_id
            assert not any("Something went wrong" in m.content for m in replies), (custom_id, replies[-1].content)
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert errors == [], [r.getMessage() for r in errors]
        assert (await bot.tables.leagues.load(lid)).version == before.version
        fake.assert_no_violations()
