"""The tournament service when things go off the happy path: drops, a forfeit fired by the deadline code, overrides,
voids, cancels, start-up reconciliation after a simulated crash, and two games finishing at the same moment."""

from __future__ import annotations

import asyncio

import pytest

from bot import errors, tournaments
from bot.deadlines import DeadlineService
from bot.scheduler import Scheduler
from bot.tables import TableService
from bot.tournament_service import TournamentRefused
from storage import ratings as rating_store
from tests.fakediscord.patience import patience
from tests.platform.tournament_helpers import GUILD, ORGANISER, Harness

H = 3600.0


@pytest.fixture
def h(db):
    return Harness(db)


def match_of(row, user_id: int, round_no: int = 1) -> tournaments.Match:
    """Return the match of a round a member plays in."""
    return next(m for m in tournaments.matches(row.state, round_no) if user_id in m.players)


async def test_a_drop_loses_the_running_match_and_leaves_its_game(h):
    row = await h.open(4, "single_elim", best_of=3)
    started = await h.service.start(row.id, ORGANISER, True)
    match = match_of(started, 1)
    rival = next(p for p in match.players if p != 1)
    (game_id,) = match.game_ids
    with pytest.raises(TournamentRefused, match="organisers can drop another"):
        await h.service.drop(row.id, 1, rival, False)
    after = await h.service.drop(row.id, 1, 1, False)  # member 1 drops themself, their game 1 still running
    dropped = {s.user_id: s.dropped for s in tournaments.standings(after.state)}
    assert dropped == {1: True, 2: False, 3: False, 4: False}
    decided = match_of(after, 1)
    assert decided.done and decided.winner == rival and decided.decided_by == "drop"
    game = await h.tables.load(game_id)
    assert game.row.status == "finished" and game.state["result"]["winners"] == [game.seat_of(rival)]
    assert [g.recorded for g in await h.service.store.games(row.id) if g.game_id == game_id] == [True]
    with pytest.raises(TournamentRefused, match="already dropped out"):
        await h.service.drop(row.id, 1, ORGANISER, True)
    assert await h.play_out(row.id) == 2 + 2  # the other match, then the final: 2-0 each
    final = await h.service.load(row.id)
    (the_final,) = tournaments.matches(final.state, 2)
    assert final.status == "finished" and rival in the_final.players and 1 not in the_final.players
    later = [await h.tables.load(g.game_id) for g in await h.service.store.games(row.id) if g.game_id != game_id]
    assert later and all(t.seat_of(1) is None for t in later)  # no game of member 1's after the drop


async def test_a_deadline_passing_forfeits_the_tournament_game(h, db):
    class Clock:
        now = 1_000_000.0

        def __call__(self) -> float:
            return self.now

    clock = Clock()
    deadlines = DeadlineService(db, h.tables, clock)
    h.tables.after_commit.append(deadlines.sync)
    fired = []

    async def handler(timer):
        fired.append(await deadlines.fire(timer))
        return fired[-1]

    scheduler = Scheduler(deadlines, handler, clock)
    assert (await h.tables.settings(GUILD)).deadline_policy == "skip"  # the server's: the game's own wins
    row = await h.open(2, "single_elim", deadline_hours=12)
    await h.service.start(row.id, ORGANISER, True)
    (table,) = h.events[-1].new_tables
    (late,) = {d.player for d in table.pending()}
    sleeper, other = table.user_of(late), table.user_of(1 - late)
    clock.now += 12 * H
    await scheduler.run_due()
    assert [f.kind for f in fired][-1] == "forfeit"
    game = await h.tables.load(table.id)
    assert game.row.status == "finished" and game.state["result"]["winners"] == [game.seat_of(other)]
    final = await h.service.load(row.id)
    assert final.status == "finished" and tournaments.champion(final.state) == other != sleeper
    assert h.events[-1].finished and h.events[-1].round_done == 1


async def test_an_override_decides_the_match_and_ends_its_game(h):
    row = await h.open(4, "single_elim", best_of=3)
    started = await h.service.start(row.id, ORGANISER, True)
    match = match_of(started, 1)
    winner, loser = match.players[1], match.players[0]
    with pytest.raises(TournamentRefused, match="organisers .* can override a result"):
        await h.service.override(row.id, match.id, winner, winner, False)
    with pytest.raises(TournamentRefused, match="must be one of the match's players"):
        await h.service.override(row.id, match.id, 99, ORGANISER, True)
    with pytest.raises(TournamentRefused, match="no match r9m9"):
        await h.service.override(row.id, "r9m9", winner, ORGANISER, True)
    after = await h.service.override(row.id, match.id, winner, ORGANISER, True)
    decided = match_of(after, winner)
    assert decided.done and decided.winner == winner and decided.decided_by == "override"
    game = await h.tables.load(match.game_ids[0])
    assert game.row.status == "finished" and game.state["result"]["winners"] == [game.seat_of(winner)]
    assert loser not in [s.user_id for t in h.events[-1].new_tables for s in t.seats]
    await h.play_out(row.id)
    final = await h.service.load(row.id)
    assert winner in tournaments.matches(final.state, 2)[0].players


async def test_games_ended_by_an_override_or_a_drop_are_unrated(h, db):
    """A rated tournament: the games its service ends because an override or a drop decided their match were not
    played out, so they are marked unrated and never reach the ratings; the games played are rated."""
    row = await h.open(4, "single_elim")
    assert row.options["rated"] is True
    started = await h.service.start(row.id, ORGANISER, True)
    first, second = tournaments.matches(started.state, 1)
    await h.service.override(row.id, first.id, first.players[0], ORGANISER, True)
    await h.service.drop(row.id, second.players[0], second.players[0], False)
    for match in (first, second):
        (game_id,) = match.game_ids
        game = await h.tables.load(game_id)
        assert game.row.status == "finished" and game.row.options["rated"] is False
        assert await rating_store.result_of(db, game_id) is None
    assert await h.tables.ratings.leaderboard(GUILD, "tixel") == []
    assert await h.play_out(row.id) == 1  # the final, played: rated
    final = [p for m in tournaments.matches((await h.service.load(row.id)).state, 2) for p in m.players]
    assert sorted(final) == sorted([first.players[0], second.players[1]])
    assert sorted((r.user_id, r.games) for r in await h.tables.ratings.leaderboard(GUILD, "tixel")) == sorted(
        (p, 1) for p in final)


async def test_a_pod_game_played_on_after_a_drop_stays_rated(h, db):
    """A drop in a pod of 3 does not decide the pod: the dropped player leaves its game (a resignation, ranked
    last) and the other two play it out, so it is rated with all three (here member 2 resigns too: Pixies ranks
    the two who left together, behind the winner)."""
    row = await h.open(3, "swiss", kind="pixies")
    (pod,) = tournaments.matches((await h.service.start(row.id, ORGANISER, True)).state, 1)
    (game_id,) = pod.game_ids
    await h.service.drop(row.id, 3, 3, False)
    game = await h.tables.load(game_id)
    assert game.row.status == "running" and game.row.options["rated"] is True
    await h.win(game_id, 1)
    result = await rating_store.result_of(db, game_id)
    assert result is not None and {int(u): rank for u, rank, _name in result.ranks} == {1: 1, 2: 2, 3: 2}


async def test_a_voided_game_is_replayed_and_its_rating_voided(h):
    row = await h.open(4, "single_elim")
    started = await h.service.start(row.id, ORGANISER, True)
    match = match_of(started, 1)
    (game_id,) = match.game_ids
    with pytest.raises(TournamentRefused, match="still being played"):
        await h.service.void(row.id, game_id, ORGANISER, True)
    await h.win(game_id, min(match.players))
    rated = {r.user_id for r in await h.tables.ratings.leaderboard(GUILD, "tixel")}
    assert rated == set(match.players)
    with pytest.raises(TournamentRefused, match="organisers .* can void a game"):
        await h.service.void(row.id, game_id, 1, False)
    with pytest.raises(TournamentRefused, match="not one of this tournament's games"):
        await h.service.void(row.id, 12345, ORGANISER, True)
    after = await h.service.void(row.id, game_id, ORGANISER, True)
    again = match_of(after, match.players[0])
    assert not again.done and again.game_ids != [game_id]
    (replay,) = h.events[-1].new_tables
    assert replay.row.options["tournament"] == {"id": row.id, "match": match.id, "game_no": 2}
    assert sorted(s.user_id for s in replay.seats) == sorted(match.players)
    assert [(g.game_id, g.voided) for g in await h.service.store.games(row.id) if g.match_id == match.id] == [
        (game_id, True), (replay.id, False)]
    assert all(r.games == 0 for r in await h.tables.ratings.leaderboard(GUILD, "tixel"))  # recomputed without it
    await h.win(replay.id, max(match.players))  # the replay decides the match now
    assert match_of(await h.service.load(row.id), match.players[0]).winner == max(match.players)


async def test_a_void_failing_midway_changes_neither_the_tournament_nor_the_ratings(h, db, monkeypatch):
    """The game's void in the tournament and its rating's void are one transaction: a failure while the board is
    recomputed (after the tournament's state was written) leaves both as they were; retried, both happen."""
    row = await h.open(4, "single_elim")
    match = match_of(await h.service.start(row.id, ORGANISER, True), 1)
    (game_id,) = match.game_ids
    await h.win(game_id, min(match.players))
    before = await h.service.load(row.id)
    events, running = len(h.events), await h.running_games(row.id)

    async def crash(*args):
        raise RuntimeError("the bot stops here")

    monkeypatch.setattr(rating_store, "clear_board", crash)
    with pytest.raises(RuntimeError, match="the bot stops here"):
        await h.service.void(row.id, game_id, ORGANISER, True)
    after = await h.service.load(row.id)
    assert (after.state, after.version) == (before.state, before.version) and match_of(after, match.players[0]).done
    assert [g.voided for g in await h.service.store.games(row.id) if g.game_id == game_id] == [False]
    assert not (await rating_store.result_of(db, game_id)).voided
    assert sorted(r.games for r in await h.tables.ratings.leaderboard(GUILD, "tixel")) == [1, 1]
    assert len(h.events) == events and await h.running_games(row.id) == running  # no replay created

    monkeypatch.undo()
    voided = await h.service.void(row.id, game_id, ORGANISER, True)
    assert not match_of(voided, match.players[0]).done
    assert [g.voided for g in await h.service.store.games(row.id) if g.game_id == game_id] == [True]
    assert (await rating_store.result_of(db, game_id)).voided
    assert all(r.games == 0 for r in await h.tables.ratings.leaderboard(GUILD, "tixel"))


async def test_a_cancelled_tournament_stops_counting_and_creating_games(h):
    row = await h.open(4, "single_elim")
    await h.service.start(row.id, ORGANISER, True)
    with pytest.raises(TournamentRefused, match="organisers .* can cancel it"):
        await h.service.cancel(row.id, 1, False)
    cancelled = await h.service.cancel(row.id, ORGANISER, True)
    assert cancelled.status == "cancelled" and h.events[-1].row.status == "cancelled"
    with pytest.raises(TournamentRefused, match="already cancelled"):
        await h.service.cancel(row.id, ORGANISER, True)
    with pytest.raises(TournamentRefused, match="is cancelled"):
        await h.service.drop(row.id, 1, 1, False)
    events = len(h.events)
    assert await h.play_out(row.id) == 2  # the running games end as ordinary games
    assert (await h.service.load(row.id)).state == cancelled.state and len(h.events) == events
    assert await h.service.reconcile() == 0


async def test_reconcile_counts_games_that_finished_while_the_hook_never_ran(h, db):
    row = await h.open(4, "single_elim")
    started = await h.service.start(row.id, ORGANISER, True)
    h.tables.after_commit.remove(h.service.games.on_commit)  # the stop: games end, their hook never runs
    for match in tournaments.matches(started.state, 1):
        await h.win(match.game_ids[0], min(match.players))
    assert (await h.service.load(row.id)).state == started.state
    restarted = TableService(db)  # a new process over the same database
    seen = []

    async def listen(event):
        seen.append(event)

    restarted.tournaments.listeners.append(listen)
    assert await restarted.tournaments.reconcile() == 3  # two results counted, the final created
    after = await restarted.tournaments.load(row.id)
    (the_final,) = tournaments.matches(after.state, 2)
    assert sorted(the_final.players) == [1, min(p for m in tournaments.matches(after.state, 1)
                                               if 1 not in m.players for p in m.players)]
    assert [len(e.new_tables) for e in seen] == [0, 1] and seen[-1].round_done == 1
    assert await restarted.tournaments.reconcile() == 0  # nothing twice


async def test_reconcile_creates_the_games_a_failed_creation_left_out(h, monkeypatch):
    row = await h.open(2, "single_elim", best_of=3)
    await h.service.start(row.id, ORGANISER, True)
    (first,) = await h.running_games(row.id)

    async def refuse(*args, **kwargs):
        raise errors.NotSaved("disk full")

    monkeypatch.setattr(h.tables, "create_started", refuse)
    await h.win(first, 1)  # counted, but game 2 of the match cannot be created
    assert await h.running_games(row.id) == []
    assert [(s.match_id, s.game_no) for s in tournaments.games_to_start((await h.service.load(row.id)).state)] == [
        ("r1m1", 2)]
    monkeypatch.undo()
    assert await h.service.reconcile() == 1
    (second,) = await h.running_games(row.id)
    assert (await h.tables.load(second)).row.options["tournament"]["game_no"] == 2
    await h.win(second, 1)
    assert tournaments.champion((await h.service.load(row.id)).state) == 1


async def test_two_games_of_a_round_finishing_at_once_each_count_exactly_once(h):
    row = await h.open(4, "single_elim")
    started = await h.service.start(row.id, ORGANISER, True)
    both_in, inside, peak = asyncio.Event(), [0], [0]
    record = h.service.games.record

    async def overlapping(tid, table):
        inside[0] += 1
        peak[0] = max(peak[0], inside[0])
        if inside[0] == 2:
            both_in.set()
        await asyncio.wait_for(both_in.wait(), patience(10))  # each hook waits until the other one is running too
        try:
            return await record(tid, table)
        finally:
            inside[0] -= 1

    h.service.games.record = overlapping
    round1 = tournaments.matches(started.state, 1)
    await asyncio.gather(*(h.win(m.game_ids[0], min(m.players)) for m in round1))
    assert peak[0] == 2  # both finish hooks really overlapped
    after = await h.service.load(row.id)
    assert all(m.done and len(m.game_ids) == 1 for m in tournaments.matches(after.state, 1))
    games = await h.service.store.games(row.id)
    assert len(games) == 3 and [g.recorded for g in games] == [True, True, False]  # one final, created once
    assert sum(len(e.new_tables) for e in h.events) == 2 + 1
    assert await h.service.reconcile() == 0


async def test_hooks_and_a_reconcile_racing_count_each_game_once(h):
    row = await h.open(8, "single_elim")
    started = await h.service.start(row.id, ORGANISER, True)
    round1 = tournaments.matches(started.state, 1)
    await asyncio.gather(*(h.win(m.game_ids[0], min(m.players)) for m in round1),
                         h.service.reconcile(), h.service.reconcile())
    after = await h.service.load(row.id)
    assert [(m.round, len(m.game_ids)) for m in tournaments.matches(after.state)] == [(1, 1)] * 4 + [(2, 1)] * 2
    games = await h.service.store.games(row.id)
    assert len(games) == 4 + 2 and sum(g.recorded for g in games) == 4
    assert sorted(len(e.new_tables) for e in h.events if e.new_tables) == [2, 4]


async def test_create_started_writes_the_game_and_the_extra_write_in_one_transaction(h, db):
    async def failing(conn, game_id):
        await conn.execute("UPDATE games SET thread_id = 1 WHERE id = ?", (game_id,))
        raise RuntimeError("stop")

    with pytest.raises(RuntimeError):
        await h.tables.create_started("tixel", GUILD, 5, [(1, "A"), (2, "B")], {"game": {}}, failing)
    assert await db.list_games(GUILD, ("lobby", "running")) == []  # nothing of it was stored
    seen = []

    async def noted(conn, game_id):
        seen.append(game_id)

    table = await h.tables.create_started("tixel", GUILD, 5, [(2, "B"), (1, "A")], {"game": {}, "rated": False},
                                          noted)
    assert seen == [table.id] and table.row.status == "running" and table.row.creator_id == 2
    assert [(s.seat, s.user_id, s.name) for s in table.seats] == [(0, 2, "B"), (1, 1, "A")]
    assert table.state == table.engine.new_game(2, {}, table.row.seed) and table.row.options["rated"] is False
    with pytest.raises(errors.LobbyError, match="needs 2–2 players"):
        await h.tables.create_started("tixel", GUILD, 5, [(1, "A")], {})


async def test_a_dropped_pod_player_leaves_the_game_which_goes_on_and_is_not_seated_again(h):
    row = await h.open(4, "swiss", kind="pixies")
    await h.service.start(row.id, ORGANISER, True)
    (pod,) = h.events[-1].new_tables
    assert sorted(s.user_id for s in pod.seats) == [1, 2, 3, 4]
    await h.service.drop(row.id, 4, ORGANISER, True)
    assert (await h.tables.load(pod.id)).row.status == "running"  # the others play on
    with pytest.raises(errors.IllegalMove, match="already left"):
        await h.tables.resign(pod.id, 4)
    await h.win(pod.id, 1)
    after = await h.service.load(row.id)
    (first,) = tournaments.matches(after.state, 1)
    assert first.done and first.results[0][1] == 1 and first.results[0][4] == 4  # the dropped player ranks last
    (second,) = h.events[-1].new_tables
    assert sorted(s.user_id for s in second.seats) == [1, 2, 3]  # round 2: a pod of 3 without member 4
    await h.play_out(row.id)
    final = await h.service.load(row.id)
    assert final.status == "finished" and [s.user_id for s in tournaments.standings(final.state)][0] == 1


async def test_reconcile_ends_a_game_a_drop_decided_when_the_stop_came_before_its_end(h, monkeypatch):
    row = await h.open(2, "single_elim", best_of=3)
    await h.service.start(row.id, ORGANISER, True)
    (game_id,) = await h.running_games(row.id)

    async def nothing(*args):
        return 0

    monkeypatch.setattr(h.service.games, "end_abandoned", nothing)  # the stop: the drop is stored, no more
    monkeypatch.setattr(h.service.games, "resign_from_running", nothing)
    await h.service.drop(row.id, 2, 2, False)
    assert await h.running_games(row.id) == [game_id]
    monkeypatch.undo()
    assert await h.service.reconcile() == 1
    game = await h.tables.load(game_id)
    assert game.row.status == "finished" and game.state["result"]["winners"] == [game.seat_of(1)]
    assert tournaments.champion((await h.service.load(row.id)).state) == 1
