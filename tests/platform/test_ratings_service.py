"""Ratings through the table service: a finishing game's result lands in the transaction of its final state
(never lost, never twice), what is rated, recomputation, seasons, voids, opt-outs and leaderboards."""

from __future__ import annotations

import asyncio
import copy
import random
import sqlite3
from dataclasses import replace

import pytest
from openskill.models import PlackettLuce

from bot import errors, registry
from bot.games.base import Decision, Engine, Result
from bot.rating_math import Skill, displayed, recompute
from bot.settings import save_setting
from bot.tables import TableService
from storage import ratings as store

GUILD = 9


class RankedEngine(Engine):
    """A game that ends with the ranking its options name (``ranking``: groups of seats, best first) when
    seat 0 says ``end``; a leaver ranks last, and the last one left wins alone."""

    name, title, min_players, max_players = "ranked", "Ranked", 2, 4

    def new_game(self, num_players, options, seed):
        ranking = options.get("ranking") or [[s] for s in range(num_players)]
        return {"n": num_players, "ranking": ranking, "done": False, "left": [], "step": 0}

    def _active(self, state):
        return [s for s in range(state["n"]) if s not in state["left"]]

    def pending(self, state):
        return [] if state["done"] else [Decision(self._active(state)[0], "end", str(state["step"]))]

    def legal_actions(self, state, player):
        return [{"type": "end"}] if any(d.player == player for d in self.pending(state)) else []

    def apply(self, state, player, action):
        s = copy.deepcopy(state)
        s["done"], s["step"] = True, s["step"] + 1
        return s

    def is_terminal(self, state):
        return state["done"]

    def result(self, state):
        left = state["left"]
        groups = [[s for s in g if s not in left] for g in state["ranking"]]
        groups = [g for g in groups if g] + ([sorted(left)] if left else [])
        return Result(groups[0], groups)

    def view(self, state, viewer):
        return dict(state)

    def default_action(self, state, player):
        return {"type": "end"}

    def leave(self, state, player):
        s = copy.deepcopy(state)
        s["left"].append(player)
        s["step"] += 1
        s["done"] = len(self._active(s)) == 1
        return s


@pytest.fixture(autouse=True)
def ranked_game(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "ranked", ("Ranked", "tests.platform.test_ratings_service:RankedEngine"))
    registry.engine.cache_clear()
    yield
    registry.engine.cache_clear()


@pytest.fixture
def tables(db):
    return TableService(db, seed_source=lambda: 0)


async def running(tables, users, ranking=None, options=None, kind="ranked", guild=GUILD):
    """Open, fill and start a game; ``ranking`` (groups of seats) is how it will end."""
    opts = {"game": {"ranking": ranking} if ranking else {}, **(options or {})}
    t = await tables.create_lobby(kind, guild, 50, users[0], f"U{users[0]}", opts)
    for u in users[1:]:
        await tables.join(t.id, u, f"U{u}")
    return await tables.start(t.id, users[0])


async def finish(tables, users, ranking=None, **kw):
    """Play a game to its end: seat 0 ends it with ``ranking``."""
    t = await running(tables, users, ranking, **kw)
    return await tables.act(t.id, users[0], None, {"type": "end"})


async def table_rows(db, board="ranked", season=1):
    return {r.user_id: (r.mu, r.sigma, r.games, r.wins) for r in await store.board_ratings(db, GUILD, board, season)}


async def history_rows(db, board="ranked", season=1):
    return [(h.user_id, h.game_id, h.mu, h.sigma, h.at) for h in await store.history(db, GUILD, board, season)]


def openskill(ranks_in_order):
    """Fold openskill's PlackettLuce over results given as {user: rank}, directly."""
    model = PlackettLuce()
    now: dict[int, tuple[float, float]] = {}
    for ranks in ranks_in_order:
        users = sorted(ranks)
        teams = [[model.rating(*now[u]) if u in now else model.rating()] for u in users]
        for u, team in zip(users, model.rate(teams, ranks=[ranks[u] for u in users]), strict=True):
            now[u] = (team[0].mu, team[0].sigma)
    return now


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


# --- one transaction --------------------------------------------------------------------------------


async def committed(db, game_id):
    """Return what is stored of a game: status, version, log length, its rated result and its ratings."""
    row = await db.get_game(game_id)
    return (row.status, row.version, len(await db.actions(game_id)), await store.result_of(db, game_id),
            await table_rows(db))


async def test_a_failing_rating_writer_leaves_the_game_unfinished_and_a_retry_counts_once(tables, db, monkeypatch):
    t = await running(tables, [1, 2], [[1], [0]])
    before = await committed(db, t.id)
    real = tables.ratings.finishing_writer

    async def crashing(table, state):
        write = await real(table, state)

        async def boom(conn):
            await write(conn)  # the rating rows are written inside the transaction, then it fails
            raise RuntimeError("crash between the result and the rating")
        return boom

    monkeypatch.setattr(tables.ratings, "finishing_writer", crashing)
    with pytest.raises(RuntimeError):
        await tables.act(t.id, 1, None, {"type": "end"})
    assert await committed(db, t.id) == before == ("running", before[1], 0, None, {})
    monkeypatch.setattr(tables.ratings, "finishing_writer", real)
    after = await tables.act(t.id, 1, None, {"type": "end"})
    assert after.after.row.status == "finished"
    status, version, logged, result, rows = await committed(db, t.id)
    assert (status, version, logged) == ("finished", before[1] + 1, 1)
    assert result.ranks == [[1, 2, "U1"], [2, 1, "U2"]]
    assert {u: (mu, sigma, g) for u, (mu, sigma, g, _) in rows.items()} == {
        u: (*v, 1) for u, v in openskill([{2: 1, 1: 2}]).items()}


async def test_a_storage_failure_of_the_rating_stores_nothing_of_the_finish(tables, db, monkeypatch):
    t = await running(tables, [1, 2, 3], [[0], [1, 2]])
    before = await committed(db, t.id)
    real_save = store.save_rating
    calls = []

    async def disk_error(conn, row):
        calls.append(row.user_id)
        if len(calls) == 2:  # the first member's rating is written, the second's fails
            raise sqlite3.OperationalError("disk I/O error")
        await real_save(conn, row)

    monkeypatch.setattr(store, "save_rating", disk_error)
    with pytest.raises(errors.NotSaved, match="not"):
        await tables.act(t.id, 1, None, {"type": "end"})
    assert await committed(db, t.id) == before and await history_rows(db) == []
    monkeypatch.setattr(store, "save_rating", real_save)
    await tables.act(t.id, 1, None, {"type": "end"})
    status, _, logged, result, rows = await committed(db, t.id)
    assert (status, logged, sorted(rows)) == ("finished", 1, [1, 2, 3])
    assert {u: g for u, (_, _, g, _) in rows.items()} == {1: 1, 2: 1, 3: 1}


async def test_the_same_game_is_never_counted_twice(tables, db):
    t = await running(tables, [1, 2], [[0], [1]])
    out = await tables.act(t.id, 1, None, {"type": "end"})
    write = await tables.ratings.finishing_writer(t, out.after.state)
    rows, past = await table_rows(db), await history_rows(db)
    async with db.transaction() as conn:  # the finishing transaction's writer run again: a no-op
        await write(conn)
    assert await table_rows(db) == rows and await history_rows(db) == past
    async with db.transaction() as conn:
        assert not await store.insert_result(conn, t.id, GUILD, "ranked", 1, [[1, 1, ""], [2, 2, ""]], 0.0)
    assert len(await store.results(db, GUILD, "ranked", 1)) == 1
    with pytest.raises(sqlite3.IntegrityError):  # the primary key itself refuses a second row
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO rated_results (game_id, seq, guild_id, board, season, ranks, "
                               "finished_at) VALUES (?, 99, ?, 'ranked', 1, '[]', 0)", (t.id, GUILD))


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


async def test_pixel_tactics_is_rated_per_mode_and_drafts_never(tables, db):
    t = await running(tables, [1, 2], kind="pixel-tactics")
    await tables.resign(t.id, 1)
    assert await tables.ratings.boards(GUILD) == ["pixel-tactics:classic"]
    assert [(m.board, m.wins) for m in await tables.ratings.member(GUILD, 2)] == [("pixel-tactics:classic", 1)]


async def test_storage_errors_of_a_rating_read_refuse_the_finish_cleanly(tables, db, monkeypatch):
    t = await running(tables, [1, 2], [[0], [1]])

    async def broken(conn, guild_id):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store, "season_in", broken)
    with pytest.raises(errors.NotSaved):
        await tables.act(t.id, 1, None, {"type": "end"})
    assert (await db.get_game(t.id)).status == "running" and await table_rows(db) == {}


async def test_a_result_counts_in_the_season_its_transaction_sees(tables, db):
    t = await running(tables, [1, 2], [[0], [1]])
    out = await tables.act(t.id, 1, None, {"type": "end"})
    for counted in ("rated_results", "ratings", "rating_history"):  # as if the game were finishing only now
        await db.conn.execute(f"DELETE FROM {counted}")
    write = await tables.ratings.finishing_writer(t, out.after.state)
    assert await tables.ratings.reset_season(GUILD) == 2  # a new season starts before the commit
    async with db.transaction() as conn:
        await write(conn)
    assert (await store.result_of(db, t.id)).season == 2
    assert await table_rows(db, season=1) == {} and sorted(await table_rows(db, season=2)) == [1, 2]


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


# --- results arriving at once -----------------------------------------------------------------------


async def test_two_games_of_one_member_finishing_at_once_both_count_in_order(tables, db, monkeypatch):
    a = await running(tables, [1, 2], [[0], [1]])
    b = await running(tables, [1, 3], [[1], [0]])
    real_read, reads = store.ratings_of, []

    async def slow_read(conn, *args):
        reads.append(args[-1])
        await asyncio.sleep(0.05)  # the other game's finish runs meanwhile, up to the write lock
        return await real_read(conn, *args)

    monkeypatch.setattr(store, "ratings_of", slow_read)
    outs = await asyncio.gather(tables.act(a.id, 1, None, {"type": "end"}), tables.act(b.id, 1, None, {"type": "end"}))
    assert [o.after.row.status for o in outs] == ["finished", "finished"] and len(reads) == 2
    results = await store.results(db, GUILD, "ranked", 1)
    assert sorted(r.game_id for r in results) == [a.id, b.id]
    order = [{u: r for u, r, _ in res.ranks} for res in results]  # in the order they were counted
    rows = await table_rows(db)
    # member 1's second result started from the first one's rating: no update was lost
    assert {u: (mu, sigma) for u, (mu, sigma, _, _) in rows.items()} == openskill(order)
    assert {u: (g, w) for u, (_, _, g, w) in rows.items()} == {1: (2, 1), 2: (1, 0), 3: (1, 1)}
    assert [h[0] for h in await history_rows(db)].count(1) == 2


async def test_the_same_finishing_move_sent_twice_at_once_counts_once(tables, db):
    t = await running(tables, [1, 2], [[1], [0]])
    outs = await asyncio.gather(*(tables.act(t.id, 1, None, {"type": "end"}) for _ in range(2)),
                                return_exceptions=True)
    assert sum(not isinstance(o, BaseException) for o in outs) >= 1
    assert all(isinstance(o, errors.ParlorError) for o in outs if isinstance(o, BaseException))
    (result,) = await store.results(db, GUILD, "ranked", 1)
    assert result.game_id == t.id
    assert {u: (g, w) for u, (_, _, g, w) in (await table_rows(db)).items()} == {1: (1, 0), 2: (1, 1)}


async def test_a_pixel_tactics_resignation_is_rated_a_loss_on_the_classic_board(tables, db):
    t = await running(tables, [5, 6], kind="pixel-tactics")
    out = await tables.resign(t.id, 6)
    assert out.after.row.status == "finished"
    (result,) = await store.results(db, GUILD, "pixel-tactics:classic", 1)
    assert result.ranks == [[5, 1, "U5"], [6, 2, "U6"]]
    rows = await table_rows(db, "pixel-tactics:classic")
    assert {u: (mu, sigma) for u, (mu, sigma, _, _) in rows.items()} == openskill([{5: 1, 6: 2}])
    assert {u: (g, w) for u, (_, _, g, w) in rows.items()} == {5: (1, 1), 6: (1, 0)}
