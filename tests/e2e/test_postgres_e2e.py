"""Whole games through the loopback Discord on PostgreSQL (``PARLOR_DB`` a ``postgresql://`` URL): a Pixies game
with refusals and a restart, replayed from its log; rated finishes counted once each, and /leaderboard."""

from __future__ import annotations

import random
from pathlib import Path

from bot.games.pixies import PixiesEngine
from bot.tables import replay
from storage import ratings as store
from tests.e2e.conftest import ON_POSTGRESQL
from tests.e2e.harness import TIMEOUT, buttons_with, open_table, parlor, play_until, resign
from tests.e2e.test_pixies_e2e import check_turn_post, exercise_refusals
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


async def test_a_pixies_game_with_a_restart_on_postgresql(fake_discord, pg_url):  # noqa: F811
    fake = fake_discord
    ada, bob, cyd = fake.add_member("Ada"), fake.add_member("Bob"), fake.add_member("Cyd")
    rng = random.Random(5)
    async with parlor(fake, pg_url) as bot:
        assert bot.db.postgres
        game_id, _ = await open_table(fake, bot, [ada, bob])
        thread = fake.channel((await bot.tables.load(game_id)).row.thread_id)
        await exercise_refusals(fake, bot, game_id, [ada, bob], cyd)
        await play_until(fake, bot, game_id, [ada, bob], rng, max_actions=30,
                         on_post=lambda t, d, m: check_turn_post(fake, t, d, m))
    async with parlor(fake, pg_url) as bot:  # the bot restarts: the game and its buttons go on
        await play_until(fake, bot, game_id, [ada, bob], rng,
                         on_post=lambda t, d, m: check_turn_post(fake, t, d, m))
        table = await bot.tables.load(game_id)
        assert table.row.status == "finished"
        log = await bot.db.actions(game_id)
        assert [a.seq for a in log] == list(range(1, len(log) + 1))
        assert replay(PixiesEngine(), table.row, 2, [(a.actor_seat, a.action) for a in log]) == table.state
        await fake.wait_for_message(lambda m: "final standings" in m.content, TIMEOUT, channel=thread)
        assert not any(buttons_with(m, f"pg:{game_id}:") for m in fake.messages(thread)[-3:])


async def test_rated_finishes_count_once_each_and_show_on_the_leaderboard(fake_discord, pg_url):  # noqa: F811
    fake = fake_discord
    ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
    async with parlor(fake, pg_url) as bot:
        for _ in range(2):
            game_id, _ = await open_table(fake, bot, [ann, ben], thread=False)
            await resign(fake, ben, fake.games, {"game": game_id})
            assert (await bot.tables.load(game_id)).row.status == "finished"
        guild = fake.games.guild_id
        results = await store.results(bot.db, guild, "pixies", 1)
        assert [r.seq for r in results] == [1, 2]
        board = {r.user_id: r for r in await store.board_ratings(bot.db, guild, "pixies", 1)}
        assert (board[ann.id].wins, board[ben.id].wins, board[ann.id].games) == (2, 0, 2)
        record = await (await fake.slash(ann, "leaderboard", {"game": "pixies"}, channel=fake.games)).wait_final(TIMEOUT)
        assert not record.ephemeral


def test_the_modules_run_on_both_backends_exist_and_are_repeated():
    """Every module ``tests/e2e/conftest.py`` names for PostgreSQL exists (a renamed one is not silently dropped
    from CI's PostgreSQL runs)."""
    here = Path(__file__).parent
    assert len(set(ON_POSTGRESQL)) == len(ON_POSTGRESQL) >= 20
    missing = [name for name in ON_POSTGRESQL if not (here / f"{name}.py").is_file()]
    assert not missing, missing
    assert not {"test_postgres_e2e", "test_shards_e2e"} & set(ON_POSTGRESQL)  # they choose their backends
