"""The ratings tables of migration 0011: a result is stored once, in counting order; voids, clears, opt-outs."""

from __future__ import annotations

import pytest

from storage import ratings as store

G = 9


async def test_results_are_stored_once_in_counting_order(db):
    async with db.transaction() as conn:
        assert await store.insert_result(conn, 30, G, "pixies", 1, [[1, 1, "Ann"], [2, 2, "Ben"]], 5.0)
        assert await store.insert_result(conn, 12, G, "pixies", 1, [[2, 1, "Ben"], [3, 1, "Cy"]], 6.0)
        assert not await store.insert_result(conn, 30, G, "pixies", 1, [[1, 2, "Ann"]], 7.0)
        assert await store.insert_result(conn, 40, G, "tixel", 1, [[1, 1, "Ann"], [2, 2, "Ben"]], 8.0)
    listed = await store.results(db, G, "pixies", 1)
    assert [(r.game_id, r.seq, r.ranks, r.finished_at) for r in listed] == [
        (30, 1, [[1, 1, "Ann"], [2, 2, "Ben"]], 5.0), (12, 2, [[2, 1, "Ben"], [3, 1, "Cy"]], 6.0)]
    assert (await store.result_of(db, 40)).seq == 3 and await store.result_of(db, 41) is None


async def test_void_hides_a_result_but_keeps_it(db):
    async with db.transaction() as conn:
        await store.insert_result(conn, 1, G, "tixel", 2, [[1, 1, ""], [2, 2, ""]], 1.0)
        voided = await store.set_voided(conn, G, 1)
        assert await store.set_voided(conn, G + 1, 1) is None  # another server's game is not found
    assert (voided.board, voided.season) == ("tixel", 2)
    assert await store.results(db, G, "tixel", 2) == []
    assert [r.voided for r in await store.results(db, G, "tixel", 2, voided=True)] == [True]


async def test_ratings_history_and_clearing_one_board(db):
    async with db.transaction() as conn:
        for board in ("pixies", "tixel"):
            await store.insert_result(conn, len(board), G, board, 1, [[1, 1, "Ann"]], 2.0)
            await store.save_rating(conn, store.RatingRow(G, board, 1, 1, "Ann", 27.5, 8.0, 1, 1, 2.0))
            await store.add_history(conn, G, board, 1, 1, len(board), 27.5, 8.0, 2.0)
        await store.save_rating(conn, store.RatingRow(G, "pixies", 1, 1, "Annie", 28.0, 7.5, 2, 1, 3.0))
    (row,) = await store.board_ratings(db, G, "pixies", 1)
    assert (row.name, row.mu, row.sigma, row.games, row.wins, row.updated_at) == ("Annie", 28.0, 7.5, 2, 1, 3.0)
    assert await store.boards(db, G, 1) == ["pixies", "tixel"] and await store.boards(db, G, 2) == []
    assert [r.board for r in await store.member_ratings(db, G, 1, None)] == ["pixies", "tixel"]
    async with db.transaction() as conn:
        await store.clear_board(conn, G, "pixies", 1)
        assert await store.ratings_of(conn, G, "tixel", 1, [1, 2]) != {}
    assert await store.boards(db, G, 1) == ["tixel"]
    assert await store.history(db, G, "pixies", 1) == []
    assert [(h.user_id, h.mu, h.seq) for h in await store.history(db, G, "tixel", 1, 1)] == [(1, 27.5, 2)]


async def test_optouts_per_server(db):
    async with db.transaction() as conn:
        await store.set_optout(conn, G, 5, True)
        await store.set_optout(conn, G, 5, True)  # twice is once
        await store.set_optout(conn, G + 1, 6, True)
    assert await store.optouts(db, G) == {5}
    async with db.transaction() as conn:
        await store.set_optout(conn, G, 5, False)
    assert await store.optouts(db, G) == set() and await store.optouts(db, G + 1) == {6}


async def test_a_history_row_per_game_and_member(db):
    from storage.errors import IntegrityError

    async with db.transaction() as conn:
        await store.add_history(conn, G, "tixel", 1, 1, 7, 25.0, 8.0, 1.0)
    with pytest.raises(IntegrityError):
        async with db.transaction() as conn:
            await store.add_history(conn, G, "tixel", 1, 1, 7, 26.0, 8.0, 1.0)
