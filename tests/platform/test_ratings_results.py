"""Ratings through the table service, what lands in the table: a finishing game's result equals openskill applied
directly (ties, shared victories, 50 random results and their recomputation), and what is rated (unrated games,
resignations, deadline forfeits, Pixel Tactics per mode, real multiplayer games)."""

from __future__ import annotations

import random

import pytest

from bot.rating_math import Skill, displayed, recompute
from bot.settings import save_setting
from storage import ratings as store
from tests.platform.ratings_helpers import (
    GUILD,
    finish,
    history_rows,
    openskill,
    ranked_tables,
    running,
    table_rows,
)


@pytest.fixture
def tables(db, monkeypatch):
    yield from ranked_tables(db, monkeypatch)


# --- results in, table out ---------------------------------------------------------------------------


async def test_a_four_player_game_with_a_tie_equals_openskill_directly(tables, db):
    # seat 2 first, seats 0 and 3 share second, seat 1 last
    await finish(tables, [11, 12, 13, 14], [[2], [0, 3], [1]])
    expected = openskill([{13: 1, 11: 2, 14: 2, 12: 3}])
    rows = await table_rows(db)
    assert {u: (mu, sigma) for u, (mu, sigma, _, _) in rows.items()} == expected
    assert {u: (g, w) for u, (_, _, g, w) in rows.items()} == {11: (1, 0), 12: (1, 0), 13: (1, 1), 14: (1, 0)}
    (result,) = await store.results(db, GUILD, "ranked", 1)
    assert sorted(result.ranks) == [[11, 2, "U11"], [12, 3, "U12"], [13, 1, "U13"], [14, 2, "U14"]]


async def test_a_shared_victory_is_nobodys_win(tables, db):
    await finish(tables, [1, 2, 3], [[0, 1], [2]])
    rows = await table_rows(db)
    assert {u: w for u, (_, _, _, w) in rows.items()} == {1: 0, 2: 0, 3: 0}
    assert {u: (mu, sigma) for u, (mu, sigma, _, _) in rows.items()} == openskill([{1: 1, 2: 1, 3: 2}])


async def test_recomputing_50_random_results_reproduces_the_stored_table(tables, db):
    rng = random.Random(2026)
    given = []
    for _ in range(50):
        users = rng.sample(range(1, 8), rng.randint(2, 4))
        groups: list[list[int]] = []
        for seat in rng.sample(range(len(users)), len(users)):  # random order, random ties
            if groups and rng.random() < 0.3:
                groups[-1].append(seat)
            else:
                groups.append([seat])
        await finish(tables, users, groups)
        given.append({users[s]: i + 1 for i, g in enumerate(groups) for s in g})
    stored, past = await table_rows(db), await history_rows(db)
    assert len(past) == sum(len(r) for r in given)
    # the table equals openskill folded over the results, and the pure replay of the stored results
    assert {u: (mu, sigma) for u, (mu, sigma, _, _) in stored.items()} == openskill(given)
    results = await store.results(db, GUILD, "ranked", 1)
    assert [{u: r for u, r, _ in res.ranks} for res in results] == given
    replayed = recompute([{u: r for u, r, _ in res.ranks} for res in results])
    assert {u: (s.skill.mu, s.skill.sigma, s.games, s.wins) for u, s in replayed.items()} == stored
    # and the service's recomputation rewrites exactly the same rows
    await tables.ratings.recompute(GUILD, "ranked", 1)
    assert await table_rows(db) == stored and await history_rows(db) == past


# --- what is rated --------------------------------------------------------------------------------


async def test_unrated_games_leave_the_table_unchanged(tables, db):
    await finish(tables, [1, 2], [[0], [1]])
    rows, past = await table_rows(db), await history_rows(db)
    await finish(tables, [1, 2], [[1], [0]], options={"rated": False})       # the host's rated:False
    await finish(tables, [1, 3], [[1], [0]], options={"bots": [3]})          # a computer player
    await finish(tables, [1, 2], [[1], [0]], guild=None)                     # outside a server
    lobby = await tables.create_lobby("ranked", GUILD, 50, 1, "U1", {})
    await tables.join(lobby.id, 2, "U2")
    await tables.cancel(lobby.id, 1)                                          # a cancelled table
    assert await table_rows(db) == rows and await history_rows(db) == past
    assert len(await store.results(db, GUILD, "ranked", 1)) == 1


async def test_a_game_marked_unrated_finishes_normally(tables, db):
    out = await finish(tables, [1, 2], [[0], [1]], options={"rated": False})
    assert out.after.row.status == "finished" and await store.result_of(db, out.after.id) is None


async def test_a_resignation_counts_as_a_loss(tables, db):
    t = await running(tables, [1, 2, 3], [[0], [1], [2]])  # seat 0 would have won
    await tables.resign(t.id, 1)
    assert await store.result_of(db, t.id) is None  # the game goes on with two players
    out = await tables.resign(t.id, 3)
    assert out.after.row.status == "finished"
    (result,) = await store.results(db, GUILD, "ranked", 1)
    assert sorted(result.ranks) == [[1, 2, "U1"], [2, 1, "U2"], [3, 2, "U3"]]
    rows = await table_rows(db)
    assert {u: (mu, sigma) for u, (mu, sigma, _, _) in rows.items()} == openskill([{2: 1, 1: 2, 3: 2}])
    assert rows[2][3] == 1 and rows[1][3] == rows[3][3] == 0


async def test_a_tixel_resignation_is_rated_a_loss(tables, db):
    t = await running(tables, [5, 6], kind="tixel")
    await tables.resign(t.id, 5)
    rows = await table_rows(db, "tixel")
    assert displayed(Skill(*rows[6][:2])) > 1500 > displayed(Skill(*rows[5][:2]))
    assert {u: (g, w) for u, (_, _, g, w) in rows.items()} == {5: (1, 0), 6: (1, 1)}


async def test_a_deadline_forfeit_counts_as_a_loss(tables, db):
    from bot.deadlines import DeadlineService
    from bot.scheduler import Scheduler

    clock = [1_000_000.0]
    deadlines = DeadlineService(db, tables, lambda: clock[0])
    tables.after_commit.append(deadlines.sync)
    await save_setting(db, GUILD, "deadline_policy", "forfeit")
    t = await running(tables, [1, 2], [[0], [1]])  # seat 0 (user 1) must act and lets the time run out
    clock[0] += 48 * 3600
    await Scheduler(deadlines, deadlines.fire, lambda: clock[0]).run_due()
    assert (await tables.load(t.id)).row.status == "finished"
    (result,) = await store.results(db, GUILD, "ranked", 1)
    assert result.ranks == [[1, 2, "U1"], [2, 1, "U2"]]
    assert {u: (mu, sigma) for u, (mu, sigma, _, _) in (await table_rows(db)).items()} == openskill([{2: 1, 1: 2}])


async def test_pixel_tactics_is_rated_per_mode_and_drafts_never(tables, db):
    t = await running(tables, [1, 2], kind="pixel-tactics")
    await tables.resign(t.id, 1)
    assert await tables.ratings.boards(GUILD) == ["pixel-tactics:classic"]
    assert [(m.board, m.wins) for m in await tables.ratings.member(GUILD, 2)] == [("pixel-tactics:classic", 1)]


@pytest.mark.parametrize("kind,users", [("pixies", [1, 2, 3, 4]), ("pixel-pusher", [1, 2, 3])])
async def test_real_multiplayer_games_rate_every_seat_with_the_leavers_tied_last(tables, db, kind, users):
    t = await running(tables, users, kind=kind)
    for leaver in users[1:]:  # everyone but the first resigns; the last resignation ends the game
        out = await tables.resign(t.id, leaver)
    assert out.after.row.status == "finished"
    (result,) = await store.results(db, GUILD, kind, 1)
    expected = {users[0]: 1, **{u: 2 for u in users[1:]}}
    assert {u: r for u, r, _ in result.ranks} == expected
    rows = await table_rows(db, kind)
    assert {u: (mu, sigma) for u, (mu, sigma, _, _) in rows.items()} == openskill([expected])
    assert {u: w for u, (_, _, _, w) in rows.items()} == {u: int(u == users[0]) for u in users}


async def test_a_pixel_tactics_resignation_is_rated_a_loss_on_the_classic_board(tables, db):
    t = await running(tables, [5, 6], kind="pixel-tactics")
    out = await tables.resign(t.id, 6)
    assert out.after.row.status == "finished"
    (result,) = await store.results(db, GUILD, "pixel-tactics:classic", 1)
    assert result.ranks == [[5, 1, "U5"], [6, 2, "U6"]]
    rows = await table_rows(db, "pixel-tactics:classic")
    assert {u: (mu, sigma) for u, (mu, sigma, _, _) in rows.items()} == openskill([{5: 1, 6: 2}])
    assert {u: (g, w) for u, (_, _, g, w) in rows.items()} == {5: (1, 1), 6: (1, 0)}
