"""Tournaments and ratings in the server's language, through the loopback Discord: a three-player single
elimination (sign-up by button and by command, a leave, the organiser's start, a bye, the pairing posts and their
threads, the games resigned, the bracket after round 1, the final bracket and standings, the champion), then
/tournament status, /tournament export, a second tournament where a player is replaced and then drops, a cancelled
third, /leaderboard, /rating (shown, hidden, without games) and /settings ratings. With the pseudo-language
(``bot.i18n.PSEUDO``) as the server's language and every member's client, nothing the bot sends bypasses the
catalogue; with German, the posts and images speak German and the German images stay legible."""

from __future__ import annotations

import io

from PIL import Image

from bot.i18n import PSEUDO
from cogs.ratings import history_view, leaderboard_view
from cogs.tournaments.views import bracket_view, standings_view
from rendering.ratings.history import render_history
from rendering.ratings.leaderboard import render_leaderboard
from rendering.tournaments import render_bracket, render_standings
from tests.e2e.bot_texts import check_answers, checked_texts, components, versions
from tests.e2e.harness import TIMEOUT, parlor
from tests.e2e.tournament_play import click, create, running_games, settled, wait_for
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)
from tests.i18n.pseudo import outside_catalogue
from tests.rendering.legibility import assert_legible

#: names never translated: the members and the game
NAMES = ("Ann", "Ben", "Cat", "Tixel")
MANAGE_GUILD = 1 << 5


def _answer(record):
    """The private answer of an interaction: its follow-up when it deferred, else its response."""
    return record.followups[-1] if record.followups else record.message


async def slash(fake, user, name, options=None, **kwargs):
    """Run a slash command in the games channel and wait for its final answer."""
    return await (await fake.slash(user, name, options, channel=fake.games, **kwargs)).wait_final(TIMEOUT)


async def resign(fake, user, table) -> None:
    """``/game resign`` in the game's thread, confirmed with the question's first button."""
    thread = fake.channel(table.row.thread_id)
    asked = await (await fake.slash(user, "game", {}, subcommand="resign", channel=thread)).wait_final(TIMEOUT)
    confirm = next(b.custom_id for b in asked.message.buttons() if b.custom_id.endswith(":y"))
    await (await fake.click(user, asked.message, confirm)).wait_final(TIMEOUT)


async def run_all(fake, bot, language: str, locale: str):
    """Set the server's language, run a three-player single elimination to its end and use the ratings commands;
    return (the members, the tournament id, their private answers, the public answers to commands)."""
    await bot.tables.save_setting(fake.guild_id, "language", language)
    ann, ben, cat = (fake.add_member(n, admin=n == "Ann") for n in ("Ann", "Ben", "Cat"))
    for user in (ann, ben, cat):
        user.locale = locale
    await fake.wait_commands("tournament", timeout=TIMEOUT)
    answers, public = [], []
    tid, post = await create(fake, ann, {"game": "tixel", "format": "single_elim", "best_of": 1})
    for user in (ann, ben):
        assert not (await click(fake, user, post, f"tn:{tid}:join")).followups
    assert not (await click(fake, ben, post, f"tn:{tid}:leave")).followups
    assert not (await click(fake, ben, post, f"tn:{tid}:join")).followups
    answers.append(_answer(await slash(fake, cat, "tournament", {}, subcommand="join")))
    answers.append(_answer(await slash(fake, cat, "tournament", {}, subcommand="status")))
    answers.append(_answer(await click(fake, ben, post, f"tn:{tid}:cancel")))  # not an organiser
    choices = await (await fake.autocomplete(ben, "tournament", "tournament", {"tournament": ""},
                                             subcommand="status", channel=fake.games)).wait_final(TIMEOUT)
    [choice] = choices.choices
    if language == PSEUDO:
        assert not outside_catalogue(choice["name"], NAMES), choice
    assert not (await click(fake, ann, post, f"tn:{tid}:start")).followups
    by_id = {u.id: u for u in (ann, ben, cat)}
    for round_no in (1, 2):
        [table] = await wait_for(lambda: running_games(bot, tid), f"round {round_no}'s game")
        if round_no == 1:
            public.append(await slash(fake, ben, "tournament", {}, subcommand="status"))
            answers.append(_answer(await slash(fake, ben, "tournament", {}, subcommand="export")))  # refused
        await resign(fake, by_id[table.seats[1].user_id], table)
    await wait_for(lambda: settled(bot, tid), "every game posted")
    row = await bot.tables.tournaments.load(tid)
    assert row.status == "finished"
    answers.append(_answer(await slash(fake, ann, "tournament", {"tournament": tid}, subcommand="export")))
    public.append(await slash(fake, ann, "tournament", {"tournament": tid}, subcommand="status"))
    # a second tournament: Ben's place goes to Cat, who then drops (their running game is lost by forfeit)
    other, post2 = await create(fake, ann, {"game": "tixel", "format": "round_robin", "best_of": 3})
    for user in (ann, ben):
        assert not (await click(fake, user, post2, f"tn:{other}:join")).followups
    assert not (await click(fake, ann, post2, f"tn:{other}:start")).followups
    await wait_for(lambda: running_games(bot, other), "the second tournament's game")
    answers.append(_answer(await slash(fake, ann, "tournament", {"tournament": other, "old": ben, "new": cat},
                                       subcommand="replace")))
    answers.append(_answer(await slash(fake, cat, "tournament", {"tournament": other}, subcommand="drop")))
    assert (await bot.tables.tournaments.load(other)).status == "finished"
    await wait_for(lambda: settled(bot, other), "the second tournament's games posted")
    # a third tournament, cancelled after the organiser first keeps it
    second, post2 = await create(fake, ann, {"game": "tixel", "format": "swiss", "best_of": 3, "max_players": 8})
    asked = await click(fake, ann, post2, f"tn:{second}:cancel")
    answers.append(asked.message)
    await click(fake, ann, asked.message, f"tc:{second}:{ann.id}:n")
    asked = await click(fake, ann, post2, f"tn:{second}:cancel")
    await click(fake, ann, asked.message, f"tc:{second}:{ann.id}:y")
    # ratings
    public.append(await slash(fake, ben, "leaderboard", {"game": "tixel"}))
    answers.append(_answer(await slash(fake, ben, "leaderboard", {"game": "pixies"})))  # nobody yet
    public.append(await slash(fake, ann, "rating", {"member": ben}))
    answers.append(_answer(await slash(fake, ben, "rating", {"game": "pixies"})))  # no games of it
    answers.append(_answer(await slash(fake, cat, "rating", {"hidden": True})))
    answers.append(_answer(await slash(fake, cat, "rating")))  # hidden: only Cat sees it
    answers.append(_answer(await slash(fake, cat, "rating", {"hidden": False})))
    question = await slash(fake, ann, "settings", group="ratings", subcommand="new_season")
    answers.append(question.message)
    keep = [b.custom_id for b in question.message.buttons()][1]
    await (await fake.click(ann, question.message, keep)).wait_final(TIMEOUT)
    answers.append(_answer(await slash(fake, ann, "settings", {"games": 1}, group="ratings",
                                       subcommand="provisional")))
    return (ann, ben, cat), tid, answers, public


async def test_a_tournament_and_the_ratings_in_the_pseudo_language_bypass_no_catalogue(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    async with parlor(fake, str(tmp_path / "pseudo.sqlite3")) as bot:
        _, tid, answers, public = await run_all(fake, bot, PSEUDO, PSEUDO)
        bot_messages = [m for m in fake.all_messages(include_ephemeral=True) if m.author.id == fake.bot_user.id]
        checked = checked_texts(bot_messages, lambda _message, text: outside_catalogue(text, NAMES))
        assert checked > 60
        check_answers(answers, NAMES)
        posts = fake.messages(fake.games)
        alts = {a.filename: a.description for m in posts for a in m.attachments}
        assert {f"tournament-{tid}-bracket.png", f"tournament-{tid}-standings.png"} <= set(alts)
        assert any(name.startswith("leaderboard-") for name in alts) and any(n.startswith("rating-") for n in alts)
        assert all(alt and alt.startswith("⟦") for alt in alts.values()), alts
        labels = [b.get("label") or "" for m in bot_messages for v in versions(m)
                  for b in components(v.get("components") or []) if b.get("type") == 2]
        assert len(labels) > 6 and all(label.startswith("⟦") for label in labels), labels
        for thread in fake.threads(fake.games):
            assert not outside_catalogue(thread.name, NAMES), thread.name
        contents = [v["content"] or "" for m in posts for v in versions(m)]
        for sign in ("🏆", "⚔️", "🎟️", "📋", "🚫", "📈"):
            assert any(sign in c for c in contents), sign
        assert all(not r.ephemeral for r in public)
        fake.assert_no_violations()


async def test_a_german_server_runs_its_tournament_and_ratings_in_german(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    async with parlor(fake, str(tmp_path / "de.sqlite3")) as bot:
        (ann, ben, cat), tid, answers, public = await run_all(fake, bot, "de", "de")
        posts = fake.messages(fake.games)
        contents = "\n".join(v["content"] or "" for m in posts for v in versions(m))
        assert "🏆 **Tixel-Turnier #1** — K.-o.-System · Best of 1" in contents
        assert "Angemeldet (3): " in contents and "Signed up" not in contents
        assert "Runde 1: ein Freilos für" in contents and "a bye for" not in contents
        assert "Runde 1 ist abgeschlossen." in contents and "is complete" not in contents
        assert "ist der Sieger! Endstand:" in contents and "champion" not in contents
        assert "**Tixel-Turnier #3** wurde abgesagt." in contents
        assert "übernimmt den Platz von" in contents and "ist aus **Tixel-Turnier #2** ausgetreten." in contents
        assert "🏆 **Tixel**-Rangliste · Saison 1" in contents and "leaderboard" not in contents
        assert "📈 Ratings von " in contents
        labels = {b["label"] for m in posts for v in versions(m) for b in components(v["components"])
                  if b.get("type") == 2}
        assert {"Beitreten", "Verlassen", "Starten", "Abbrechen"} <= labels and not labels & {"Join", "Leave"}
        alts = {a.filename: a.description or "" for m in posts for a in m.attachments}
        assert alts[f"tournament-{tid}-bracket.png"].startswith("Tixel-Turnier #1: Turnierbaum im K.-o.-System. "
                                                                 "Sieger: ")
        assert "Finale: " in alts[f"tournament-{tid}-bracket.png"]
        assert alts[f"tournament-{tid}-standings.png"].startswith("Tixel-Turnier #1: Tabelle. K.-o.-System · "
                                                                   "3 Spieler · Bo1 · Endstand.")
        assert next(a for n, a in alts.items() if n.startswith("leaderboard-")).startswith("Tixel-Rangliste, Saison 1.")
        assert next(a for n, a in alts.items() if n.startswith("rating-")).startswith("Ratings von Ben, Saison 1.")
        for thread in fake.threads(fake.games):
            assert "— Turnier #" in thread.name and ", Runde " in thread.name, thread.name
        joined, signup, refused = (a.content for a in answers[:3])
        assert joined == "Du bist für **Tixel-Turnier #1** angemeldet." and "Angemeldet (3)" in signup
        assert "Nur ein Organisator" in refused
        kinds = " | ".join(v["content"] or "" for a in answers for v in versions(a))
        assert "**Saison 2** starten?" in kinds and "Du bist in den Ranglisten dieses Servers verborgen" in kinds
        assert "Noch niemand steht auf der **Pixies**-Rangliste" in kinds
        # the German images: legible on a phone, nothing cut short but a name
        row = await bot.tables.tournaments.load(tid)
        ratings = bot.tables.ratings
        boards = await ratings.member(fake.guild_id, ben.id, 1)
        rows = await ratings.leaderboard(fake.guild_id, "tixel", 1)
        drawn = [(render_bracket, bracket_view(row, lang="de")), (render_standings, standings_view(row, lang="de")),
                 (render_leaderboard, leaderboard_view(rows, "tixel", 1, 5, "de")),
                 (render_history, history_view("Ben", boards, 1, 5, "de"))]
        for render, view in drawn:
            log: list = []
            image = Image.open(io.BytesIO(render(view, "de", log=log)))
            assert_legible(image, log, 5)
            words = " | ".join(rec.text for rec in log)
            assert "…" not in words, words
            assert not any(w in words for w in ("Final standings", "Champion", "Player", "rising", "Season ")), words
        fake.assert_no_violations()


def test_german_standings_of_every_format_fit_on_a_phone():
    from bot.i18n import t
    from cogs.tournaments import views

    formats = ((views.SWISS_COLUMNS, views.TIE_BREAKS, ["9", "3-0-0", "56", "86", "50"]),
               (views.ELIMINATION_COLUMNS, views.STAGES, ["3-0", "100"]),
               (views.POD_COLUMNS, views.POD_NOTE, ["12", "4"]))
    for columns, note, values in formats:
        rows = [{"rank": k + 1, "name": name, "values": values, "dropped": k == 2, "champion": k == 0}
                for k, name in enumerate(("Ann", "Ben", "Cat", "Dan"))]
        subtitle = t("de", "{head} · round {round} in play", round=63,  # the longest: a round robin of 64
                     head=t("de", "{format} · {count} players · best of {best_of}", format=t("de", "round robin"),
                            count=64, best_of=5))
        view = {"title": t("de", "{game} tournament #{number}", game="Pixel Tactics", number=9999),
                "subtitle": subtitle, "columns": [t("de", c) for c in columns], "rows": rows, "note": t("de", note)}
        log: list = []
        image = Image.open(io.BytesIO(render_standings(view, "de", log=log)))
        assert_legible(image, log, 10)
        words = " | ".join(rec.text for rec in log)
        assert "…" not in words and "Spieler" in words and "ausgetreten" in words, words
