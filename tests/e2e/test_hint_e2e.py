"""``/game hint`` through the loopback Discord: off by default, turned on by ``/settings hints``, a private
suggestion naming a legal move in unrated games, refused in rated, tournament and league games and out of turn,
never a public post."""

from __future__ import annotations

from tests.ai.ai_helpers import tiny_budgets
from tests.e2e.harness import TIMEOUT, open_table_for, parlor
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)

MANAGE_GUILD = 1 << 5


async def hint(fake, user, options=None):
    rec = await (await fake.slash(user, "game", options or {}, subcommand="hint",
                                  channel=fake.games)).wait_final(TIMEOUT)
    assert rec.ephemeral, f"a hint answer must be private: {rec.content!r}"
    return rec.content


async def test_hints_off_then_on_unrated_only_and_never_public(fake_discord, tmp_path, monkeypatch):  # noqa: F811
    tiny_budgets(monkeypatch)
    fake = fake_discord
    mia = fake.add_member("Mia", roles=[fake.add_role("Mods", MANAGE_GUILD)])
    ada, bob = fake.add_member("Ada"), fake.add_member("Bob")
    async with parlor(fake, str(tmp_path / "hint.sqlite3"), seed=11) as bot:
        await fake.wait_commands("game", timeout=TIMEOUT)
        assert any(o["name"] == "hint" for o in fake.commands()["game"]["options"])
        game_id, _ = await open_table_for(fake, bot, [ada, bob], "tixel", {"rated": False}, thread=False)
        table = await bot.tables.load(game_id)
        mover = [ada, bob][table.pending()[0].player]
        waiting = bob if mover is ada else ada
        public = len(fake.all_messages(include_ephemeral=False))

        assert "Hints are off in this server" in await hint(fake, mover)

        rec = await (await fake.slash(mia, "settings", {"enabled": True}, subcommand="hints",
                                      channel=fake.general)).wait_final(TIMEOUT)
        assert rec.ephemeral and "may ask `/game hint`" in rec.content
        assert (await bot.tables.settings(fake.guild_id)).hints is True
        shown = (await (await fake.slash(mia, "settings", subcommand="show",
                                         channel=fake.general)).wait_final(TIMEOUT)).content
        assert "/game hint`, never in rated or event games):** on · changed" in shown

        answer = await hint(fake, mover)
        assert answer.startswith(f"💡 **Tixel #{game_id}**") and "nothing was played" in answer
        seat = table.pending()[0].player
        said = [table.engine.describe_for(table.state, seat, a, seat)
                for a in table.engine.legal_actions(table.state, seat)]
        assert any(f"**{text}**" in answer for text in said), answer
        assert await hint(fake, mover, {"game": game_id}) == answer  # same position, same hint

        assert "not your turn" in await hint(fake, waiting)
        assert "not playing in this game" in await hint(fake, mia, {"game": game_id})

        # a rated game (the default) is refused, by number too
        rated_id, _ = await open_table_for(fake, bot, [ada, bob], "tixel", thread=False)
        assert "No hints in a rated game" in await hint(fake, ada, {"game": rated_id})
        assert "No hints in a rated game" in await hint(fake, bob, {"game": rated_id})

        assert (await bot.tables.load(game_id)).row.version == table.row.version  # nothing was played
        assert await bot.db.actions(game_id) == [] and await bot.db.actions(rated_id) == []
        # the rated game's lobby and first table post are the only new public messages
        after = fake.all_messages(include_ephemeral=False)
        assert not [m for m in after[public:] if "💡" in (m.content or "") or "Hints" in (m.content or "")]
        assert all(m.content is None or "💡" not in m.content for m in after)
        fake.assert_no_violations()


async def test_hints_are_refused_in_tournament_and_league_games(fake_discord, tmp_path):  # noqa: F811
    """Hints on in the server: a tournament game's and a league game's players are still refused (privately, in
    the game's thread and by number), and nothing is played or posted."""
    import random

    from tests.e2e.league_play import open_challenge, posted_game, secret_choice
    from tests.e2e.test_league_threads_e2e import _league
    from tests.e2e.tournament_play import click, create, running_games, wait_for

    fake = fake_discord
    ann, ben = fake.add_member("Ann", admin=True), fake.add_member("Ben")
    async with parlor(fake, str(tmp_path / "events.sqlite3")) as bot:
        await fake.wait_commands("tournament", "league", timeout=TIMEOUT)
        await bot.tables.save_setting(fake.guild_id, "hints", True)
        tid, post = await create(fake, ann, {"game": "tixel", "format": "single_elim", "best_of": 1})
        for user in (ann, ben):
            assert not (await click(fake, user, post, f"tn:{tid}:join")).followups
        assert not (await click(fake, ann, post, f"tn:{tid}:start")).followups
        [tournament] = await wait_for(lambda: running_games(bot, tid), "the tournament's game")

        lid = await _league(fake, bot, [ann, ben])
        cid = await open_challenge(fake, bot, lid, ann, ben)
        rng = random.Random(9)
        for user in (ann, ben):
            await secret_choice(fake, bot, lid, cid, user, rng)
        league = await posted_game(bot, lid, cid)

        public = len(fake.all_messages(include_ephemeral=False))
        for table in (tournament, league):
            assert table.row.thread_id is not None
            thread = fake.channel(table.row.thread_id)
            for user in (ann, ben):
                for where, options in ((thread, {}), (fake.games, {"game": table.id})):
                    rec = await (await fake.slash(user, "game", options, subcommand="hint",
                                                  channel=where)).wait_final(TIMEOUT)
                    assert rec.ephemeral and rec.content == (
                        "No hints in tournament or league games: everyone plays on their own there."), rec.content
            assert (await bot.tables.load(table.id)).row.version == table.row.version  # nothing was played
        assert fake.all_messages(include_ephemeral=False)[public:] == []
        fake.assert_no_violations()
