"""A Pixel Tactics League in the server's language, through the loopback Discord, as its members play it: created,
joined and started with the sign-up buttons, the League Draft by DM, a challenge accepted with the secret Leader
and Base choices (by DM, and through **My secret choice** for a member whose DMs are closed), its game in a
thread ended by resignation, a declined challenge, ``/league`` answers (draft, deck, pool, history, standings),
two cycles ended by the organiser with discards and a redraft, and the winner. With the pseudo-language
(``bot.i18n.PSEUDO``) as the server's language and every member's client, nothing the bot sends bypasses the
catalogue; with German, the posts, DMs, buttons, images and alt texts speak German and the score sheets read on
a phone."""

from __future__ import annotations

import io
import random

from PIL import Image

import bot.league as rules
from bot.games.pixel_tactics.sets import BASES, CHASE, SETS
from bot.i18n import PSEUDO
from cogs.league.views import sheet_views, standings_view
from rendering.league import render_sheet
from rendering.tournaments import render_standings
from tests.e2e.bot_texts import check_answers, checked_texts, components, versions
from tests.e2e.harness import TIMEOUT, buttons_with, parlor
from tests.e2e.league_play import (
    challenge_post,
    click,
    posted_game,
    run_draft,
    secret_choice,
    slash,
    stored,
    wait_for,
)
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)
from tests.i18n.pseudo import outside_catalogue
from tests.rendering.legibility import assert_legible

#: names never translated: the members, the game and the printed cards (longest first)
NAMES = ("Ann", "Ben", "Pixel Tactics")
CARD_NAMES = tuple(sorted({c["name"] for cards in SETS.values() for c in cards} | {c["name"] for c in CHASE}
                          | {c["name"] for c in BASES}, key=len, reverse=True))


def _answer(record):
    """The private answer of an interaction: its follow-up when it deferred, else its response."""
    return record.followups[-1] if record.followups else record.message


async def _resign(fake, bot, lid: int, cid: int, loser) -> None:
    """The challenge's game is posted in its thread; ``loser`` resigns there; wait for the result."""
    table = await posted_game(bot, lid, cid)
    thread = fake.channel(table.row.thread_id)
    asked = await (await fake.slash(loser, "game", {}, subcommand="resign", channel=thread)).wait_final(TIMEOUT)
    confirm = next(b.custom_id for b in asked.message.buttons() if b.custom_id.endswith(":y"))
    await (await fake.click(loser, asked.message, confirm)).wait_final(TIMEOUT)

    async def done():
        return True if (await stored(bot, lid, cid))["status"] == "done" else None

    await wait_for(done, f"the result of challenge {cid}")


async def play_league(fake, bot, language: str, locale: str):
    """Set the server's language and run a 2-player, 2-cycle league whole (Ann organises and plays, Ben's DMs
    close after the first draft); return (league id, the members' answers)."""
    await bot.tables.save_setting(fake.guild_id, "language", language)
    ann, ben = fake.add_member("Ann", admin=True), fake.add_member("Ben")
    for user in (ann, ben):
        user.locale = locale
    await fake.wait_commands("league", timeout=TIMEOUT)
    rng = random.Random(7)
    answers = [_answer(await slash(fake, ben, "create", {"cycles": 2, "days": 7}))]
    created = await slash(fake, ann, "create", {"cycles": 2, "days": 7})
    lid = int(next(b.custom_id for b in created.message.buttons() if b.custom_id.endswith(":join")).split(":")[1])
    for user in (ann, ben):
        assert not (await click(fake, user, created.message, f"lg:{lid}:join")).followups
    answers.append(_answer(await slash(fake, ann, "join")))  # already in: the rules' refusal
    answers.append(_answer(await click(fake, ben, created.message, f"lg:{lid}:start")))
    assert not (await click(fake, ann, created.message, f"lg:{lid}:start")).followups
    first = rules.draft_state((await bot.tables.leagues.load(lid)).state)
    drafter = ann if first is None or first.user_id == ann.id else ben
    answers.append(_answer(await slash(fake, drafter, "draft")))  # the pick, again, ephemerally (or nothing)
    await run_draft(fake, bot, lid, {u.id: u for u in (ann, ben)}, rng, alt="")

    # a challenge: accepted, chosen by DM (Ann) and through My secret choice (Ben, DMs closed), played, resigned
    answers.append(_answer(await slash(fake, ann, "challenge", {"member": ben})))
    cid = max(c["id"] for c in (await bot.tables.leagues.load(lid)).state["challenges"])
    offer = await challenge_post(fake, lid, cid)
    answers.append(_answer(await click(fake, ann, offer, f"lca:{lid}:{cid}:y")))  # only Ben may accept
    assert not (await click(fake, ben, offer, f"lca:{lid}:{cid}:y")).followups
    fake.close_dms(ben)
    await secret_choice(fake, bot, lid, cid, ann, rng)
    await secret_choice(fake, bot, lid, cid, ben, rng)
    await _resign(fake, bot, lid, cid, ben)

    # a declined challenge, and the members' /league answers
    answers.append(_answer(await slash(fake, ben, "challenge", {"member": ann})))
    declined = max(c["id"] for c in (await bot.tables.leagues.load(lid)).state["challenges"])
    post = await challenge_post(fake, lid, declined)
    assert not (await click(fake, ann, post, f"lca:{lid}:{declined}:n")).followups
    for sub in ("draft", "deck", "pool", "history"):
        answers.append(_answer(await slash(fake, ann, sub)))
    assert not (await slash(fake, ben, "standings")).ephemeral

    # cycle 1 ends: Ann keeps her Leaders by DM, Ben (told in the channel) with /league discard; the redraft
    answers.append(_answer(await slash(fake, ann, "end_cycle")))
    ended = (await bot.tables.leagues.load(lid)).state["ended"]
    dm = await fake.wait_for_message(lambda m: bool(buttons_with(m, f"ldk:{lid}:{ann.id}:{ended}")), TIMEOUT,
                                     channel=fake.dm_channel(ann))
    await click(fake, ann, dm, f"ldk:{lid}:{ann.id}:{ended}")
    await fake.wait_for_message(lambda m: f"<@{ben.id}>" in m.content and "`none`" in m.content, TIMEOUT,
                                channel=fake.games)
    answers.append(_answer(await slash(fake, ben, "discard", {"leaders": "none"})))
    await run_draft(fake, bot, lid, {u.id: u for u in (ann, ben)}, rng, alt="")

    # cycle 2 ends: the league is over
    answers.append(_answer(await slash(fake, ann, "end_cycle")))

    async def over():
        row = await bot.tables.leagues.load(lid)
        return row if row.status == "finished" else None

    await wait_for(over, "the league's end")
    await fake.wait_for_message(lambda m: len(m.attachments) >= 3 and "🏆" in m.content, TIMEOUT,
                                channel=fake.games)
    return lid, (ann, ben), answers


def _images(fake) -> list:
    return [a for m in fake.messages(fake.games) for a in m.attachments]


async def test_a_league_in_the_pseudo_language_bypasses_no_catalogue(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    async with parlor(fake, str(tmp_path / "pseudo.sqlite3")) as bot:
        lid, _, answers = await play_league(fake, bot, PSEUDO, PSEUDO)
        messages = [m for m in fake.all_messages(include_ephemeral=True) if m.author.id == fake.bot_user.id]
        threads = {t.id for t in fake.threads(fake.games)}
        # the league's own messages: the game's thread and its players' hands are the Pixel Tactics test's
        league = [m for m in messages if m.channel_id not in threads
                  and not any(a.filename.startswith("pixel-tactics-") for a in m.attachments)]
        assert len(league) > 30
        checked = checked_texts(league, lambda _m, text: outside_catalogue(text, NAMES + CARD_NAMES))
        assert checked > 100
        check_answers([a for a in answers if a is not None], NAMES + CARD_NAMES)
        alts = [a.description for a in _images(fake)]
        assert len(alts) >= 9 and all(alt and alt.startswith("⟦") for alt in alts), alts[:3]
        dm_alts = [a.description for m in league if m.channel_id != fake.games.id or m.ephemeral for a in m.attachments]
        assert dm_alts and all(alt.startswith("⟦") for alt in dm_alts)
        labels = [c.get("label") or c.get("placeholder") or "" for m in league for v in versions(m)
                  for c in components(v.get("components") or []) if c.get("type") in (2, 3)]
        assert labels and all(label.startswith("⟦") for label in labels), labels


async def test_a_german_server_runs_its_league_in_german(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    async with parlor(fake, str(tmp_path / "de.sqlite3")) as bot:
        lid, (ann, _), answers = await play_league(fake, bot, "de", "de")
        posts = fake.messages(fake.games)
        contents = "\n".join(v["content"] or "" for m in posts for v in versions(m))
        assert f"🏰 **Liga #{lid}** — Pixel-Tactics-Liga: 2 Zyklen zu 7 Tagen" in contents
        assert "hat begonnen! Basisfarben:" in contents and "Base colours" not in contents
        assert "fordert" in contents and "challenges" not in contents
        assert "Zyklus 1 ist vorbei und gewertet" in contents and "is over and scored" not in contents
        assert "gewinnt die Liga!" in contents or "teilen sich den Sieg!" in contents
        labels = {c["label"] for m in posts for v in versions(m) for c in components(v["components"])
                  if c.get("type") == 2}
        assert {"Beitreten", "Annehmen", "Ablehnen"} <= labels and not labels & {"Join", "Accept", "Decline"}
        alts = [a.description or "" for a in _images(fake)]
        assert any(alt.startswith(f"Liga #{lid}: Tabelle.") for alt in alts), alts[:2]
        assert any(alt.startswith("Punktebogen von Ann") for alt in alts) and not any("Score sheet" in a for a in alts)
        dms = "\n".join(v["content"] or "" for m in fake.messages(fake.dm_channel(ann)) for v in versions(m))
        assert "deine Liga-Draft-Wahl" in dms and "du hast **" in dms
        assert all(a.ephemeral and "League #" not in a.content for a in answers if a is not None)
        assert any("Du bist schon in dieser Liga." in a.content for a in answers if a is not None)
        # the German score sheets and standings read on a phone: legible, nothing cut
        row = await bot.tables.leagues.load(lid)
        for view in sheet_views(row, "de"):
            log: list = []
            image = Image.open(io.BytesIO(render_sheet(view, "de", log=log)))
            assert_legible(image, log, 20)
            assert min(rec.px for rec in log) * 400 / image.width >= 14
            assert not [r.text for r in log if r.text.endswith("…")]
            assert {"Anführer", "Eigene Basen", "Eroberte Basen", "Zykluspunkte", "Gesamt"} <= {r.text for r in log}
        log = []
        image = Image.open(io.BytesIO(render_standings(standings_view(row, "de"), "de", log=log)))
        assert_legible(image, log, 10)
        assert not [r.text for r in log if r.text.endswith("…")]
