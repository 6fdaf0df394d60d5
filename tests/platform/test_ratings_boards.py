"""Ratings through the table service, the boards: seasons, voids, organisers, opt-outs and leaderboards."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot import errors
from bot.rating_math import Skill, displayed
from bot.settings import save_setting
from storage import ratings as store
from tests.platform.ratings_helpers import (
    GUILD,
    finish,
    history_rows,
    openskill,
    ranked_tables,
    table_rows,
)


@pytest.fixture
def tables(db, monkeypatch):
    yield from ranked_tables(db, monkeypatch)


# --- seasons, voids, opt-outs, leaderboards -------------------------------------------------------------


async def test_a_new_season_starts_empty_and_the_old_one_stays_readable(tables, db):
    ratings = tables.ratings
    await finish(tables, [1, 2], [[0], [1]])
    old = await ratings.leaderboard(GUILD, "ranked")
    assert [b.user_id for b in old] == [1, 2] and await ratings.boards(GUILD) == ["ranked"]
    assert await ratings.reset_season(GUILD) == 2 and await ratings.season(GUILD) == 2
    assert await ratings.leaderboard(GUILD, "ranked") == [] and await ratings.boards(GUILD) == []
    await finish(tables, [2, 3], [[0], [1]])
    assert await ratings.leaderboard(GUILD, "ranked", season=1) == old
    new = await ratings.leaderboard(GUILD, "ranked")
    assert [(b.user_id, b.rating, b.games) for b in new] == [
        (2, displayed(Skill(*openskill([{2: 1, 3: 2}])[2])), 1), (3, displayed(Skill(*openskill([{2: 1, 3: 2}])[3])), 1)]
    assert [(m.board, m.season, m.games) for m in await ratings.member(GUILD, 2)] == [("ranked", 2, 1)]
    assert [(m.season, m.wins) for m in await ratings.member(GUILD, 2, season=1)] == [(1, 0)]


async def test_void_recomputes_the_board_without_the_game(tables, db):
    a = await finish(tables, [1, 2], [[0], [1]])
    b = await finish(tables, [1, 2, 3], [[2], [1], [0]])
    c = await finish(tables, [2, 3], [[0, 1]])
    assert a and c
    await tables.ratings.void(GUILD, b.after.id)
    rows = await table_rows(db)
    assert {u: (mu, sigma) for u, (mu, sigma, _, _) in rows.items()} == openskill([{1: 1, 2: 2}, {2: 1, 3: 1}])
    assert {u: (g, w) for u, (_, _, g, w) in rows.items()} == {1: (1, 1), 2: (2, 0), 3: (1, 0)}
    assert (await store.result_of(db, b.after.id)).voided
    assert [h[1] for h in await history_rows(db)] == [a.after.id, a.after.id, c.after.id, c.after.id]
    with pytest.raises(errors.ParlorError, match="no rated result"):
        await tables.ratings.void(GUILD, 999)
    with pytest.raises(errors.ParlorError, match="no rated result"):  # another server's game
        await tables.ratings.void(GUILD + 1, a.after.id)
    with pytest.raises(errors.ParlorError, match="voided already"):  # a second void changes nothing
        await tables.ratings.void(GUILD, b.after.id)
    assert await table_rows(db) == rows


def test_organisers_have_manage_server_or_the_organiser_role():
    from bot.ratings import organises
    from bot.settings import DEFAULTS

    with_role = replace(DEFAULTS, organiser_role=77)
    assert organises(DEFAULTS, True, []) and organises(with_role, False, [5, 77])
    assert not organises(DEFAULTS, False, [77]) and not organises(with_role, False, [5])


async def test_opting_out_hides_a_member_from_the_leaderboard_only(tables, db):
    ratings = tables.ratings
    await finish(tables, [1, 2, 3], [[0], [1], [2]])
    await ratings.set_optout(GUILD, 2, True)
    assert await ratings.optout(GUILD, 2) and not await ratings.optout(GUILD, 1)
    assert [b.user_id for b in await ratings.leaderboard(GUILD, "ranked")] == [1, 3]
    assert [m.games for m in await ratings.member(GUILD, 2)] == [1]  # still rated, still readable
    await ratings.set_optout(GUILD, 2, False)
    assert [b.user_id for b in await ratings.leaderboard(GUILD, "ranked")] == [1, 2, 3]


async def test_leaderboard_lists_provisional_members_after_the_others(tables, db):
    await save_setting(db, GUILD, "provisional_games", 2)
    await finish(tables, [1, 2], [[0], [1]])
    await finish(tables, [1, 2], [[0], [1]])
    await finish(tables, [3, 2], [[0], [1]])  # 3 wins once: high but provisional
    board = await tables.ratings.leaderboard(GUILD, "ranked")
    assert [(b.user_id, b.provisional) for b in board] == [(1, False), (2, False), (3, True)]
    assert board[2].rating > board[1].rating
    one = board[0]
    assert (one.games, one.wins, one.win_rate, one.trend) == (2, 2, 1.0, "▲")
    assert (board[1].games, board[1].wins, board[1].win_rate, board[1].trend) == (3, 0, 0.0, "▼")
    member = await tables.ratings.member(GUILD, 2)
    assert [r for _, r in member[0].history] == [
        displayed(Skill(*openskill(x)[2])) for x in ([{1: 1, 2: 2}], [{1: 1, 2: 2}] * 2, [{1: 1, 2: 2}] * 2 + [{3: 1, 2: 2}])]
