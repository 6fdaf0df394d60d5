"""Where a league's games are played: in a thread from their post when the server's ``threads`` setting is on
(the league e2e), else in the league's channel, and the post says so; the challenge post loses its buttons once
the game starts."""

from __future__ import annotations

import random

from tests.e2e.harness import TIMEOUT, parlor
from tests.e2e.league_play import (
    click,
    open_challenge,
    posted_game,
    run_draft,
    secret_choice,
    slash,
    wait_for,
)
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


async def _league(fake, bot, players) -> int:
    """Create a 2-player, 1-cycle league, sign both up, start it and run the draft; return its id."""
    created = await slash(fake, players[0], "create", {"cycles": 1, "days": 7})
    lid = int(next(b.custom_id for b in created.message.buttons() if b.custom_id.endswith(":join")).split(":")[1])
    for user in players:
        assert not (await click(fake, user, created.message, f"lg:{lid}:join")).followups
    assert not (await click(fake, players[0], created.message, f"lg:{lid}:start")).followups
    await run_draft(fake, bot, lid, {u.id: u for u in players}, random.Random(4))
    return lid


async def test_threads_off_plays_league_games_in_the_channel_and_the_challenge_post_loses_its_buttons(
        fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    ann, ben = fake.add_member("Ann", admin=True), fake.add_member("Ben")
    async with parlor(fake, str(tmp_path / "l.sqlite3")) as bot:
        await fake.wait_commands("league", timeout=TIMEOUT)
        await bot.tables.save_setting(fake.guild_id, "threads", False)
        lid = await _league(fake, bot, [ann, ben])
        cid = await open_challenge(fake, bot, lid, ann, ben)
        rng = random.Random(9)
        for user in (ann, ben):
            await secret_choice(fake, bot, lid, cid, user, rng)

        table = await posted_game(bot, lid, cid, thread=False)
        assert table.row.options["thread"] is False and table.row.thread_id is None
        assert fake.threads(fake.games) == []
        assert any(f"pg:{table.id}:" in "".join(b.custom_id or "" for b in m.buttons())
                   for m in fake.messages(fake.games))
        post = next(m for m in fake.messages(fake.games)
                    if m.content.startswith(f"⚔️ **League #{lid}** — the challenge is on"))
        assert f"Your game is **{table.title}**, posted below in this channel" in post.content
        assert "thread" not in post.content

        async def bare():
            offer = next(m for m in fake.messages(fake.games)
                         if m.content.startswith(f"⚔️ **League #{lid}** — <@{ann.id}> challenges <@{ben.id}>"))
            return offer if not offer.buttons() else None

        offer = await wait_for(bare, "the challenge post without buttons")
        assert offer.content.endswith("accepted, both chose: the game is on (posted below).")


async def test_the_league_cancel_question_is_the_shared_one(fake_discord, tmp_path):  # noqa: F811
    """/league cancel asks privately with **Cancel the league** / **Keep it** (cogs/cancelling.py, as tournaments
    do); Keep it changes nothing, Cancel cancels and the challenge post of an
    open challenge loses its buttons."""
    fake = fake_discord
    ann, ben = fake.add_member("Ann", admin=True), fake.add_member("Ben")
    async with parlor(fake, str(tmp_path / "c.sqlite3")) as bot:
        await fake.wait_commands("league", timeout=TIMEOUT)
        lid = await _league(fake, bot, [ann, ben])
        assert (await slash(fake, ann, "challenge", {"member": ben})).ephemeral
        cid = max(c["id"] for c in (await bot.tables.leagues.load(lid)).state["challenges"])
        asked = await slash(fake, ann, "cancel")
        question = asked.message
        assert question.ephemeral and question.content.startswith(f"Cancel **League #{lid}**?")
        assert [(b.label, b.custom_id) for b in question.buttons()] == [
            ("Cancel the league", f"lgc:{lid}:{ann.id}:y"), ("Keep it", f"lgc:{lid}:{ann.id}:n")]
        kept = await click(fake, ann, question, f"lgc:{lid}:{ann.id}:n")
        assert kept.message.content == "The league goes on: nothing changed." and not kept.message.buttons()
        assert (await bot.tables.leagues.load(lid)).status == "running"
        question = (await slash(fake, ann, "cancel")).message
        done = await click(fake, ann, question, f"lgc:{lid}:{ann.id}:y")
        assert done.message.content == f"League #{lid} was cancelled." and not done.message.buttons()
        assert (await bot.tables.leagues.load(lid)).status == "cancelled"

        async def bare():
            offer = next(m for m in fake.messages(fake.games)
                         if m.content.startswith(f"⚔️ **League #{lid}** — <@{ann.id}> challenges <@{ben.id}>"))
            return offer if not offer.buttons() else None

        assert (await wait_for(bare, "the challenge post without buttons")).content.endswith(
            "the league is over before it was played.")
        assert cid
