"""Sign-up, start, idempotent results, drops, overrides and voids in the middle of a round."""

from __future__ import annotations

import json

import pytest

import bot.tournaments as T

from .helpers import Runner, pure, signed_up


def test_sign_up_and_its_refusals():
    t = T.new_tournament("pixel-tactics", "single elimination", 3, 7, False)
    assert t["fmt"] == T.SINGLE_ELIM and t["status"] == "signup" and T.round_no(t) == 0
    deck = {"leaders": ["L1"], "heroes": ["H1", "H2"]}
    t = pure(T.add_player, t, 1, "Ann", deck)
    deck["heroes"].append("H3")
    assert t["players"][0]["deck"] == {"leaders": ["L1"], "heroes": ["H1", "H2"]}
    with pytest.raises(T.TournamentError, match="already signed up"):
        T.add_player(t, 1, "Ann")
    with pytest.raises(T.TournamentError, match="At least 2"):
        T.start(t)
    t = pure(T.remove_player, T.add_player(t, 2, "Bob"), 1)
    assert [p["id"] for p in t["players"]] == [2]
    with pytest.raises(T.TournamentError):
        T.remove_player(t, 1)
    assert T.drop(T.add_player(t, 3, "Cy"), 3) == t  # a drop before the start is leaving
    started = T.start(T.add_player(t, 3, "Cy"))
    for refused in (lambda: T.add_player(started, 4, "Di"), lambda: T.remove_player(started, 2),
                    lambda: T.start(started)):
        with pytest.raises(T.TournamentError, match="already started"):
            refused()


@pytest.mark.parametrize("fmt,best_of", [("chess", 1), (T.SWISS, 2)])
def test_bad_settings_are_refused(fmt, best_of):
    with pytest.raises(T.TournamentError):
        T.new_tournament("tixel", fmt, best_of, 0, False)


def test_the_same_seed_and_results_give_the_same_tournament():
    runs = [Runner(T.start(signed_up(T.SWISS, 9, best_of=3, seed=11)), seed=4).finish() for _ in range(2)]
    assert runs[0] == runs[1]
    assert json.loads(json.dumps(runs[0])) == runs[0]


def test_record_game_is_idempotent():
    t = T.start(signed_up(T.SWISS, 4, best_of=3, seed=1))
    slot = T.games_to_start(t)[0]
    t = T.attach_game(t, slot.match_id, 1, 50)
    assert T.attach_game(t, slot.match_id, 1, 50) == t
    a, b = slot.players
    once = T.record_game(t, 50, {a: 1, b: 2})
    assert pure(T.record_game, once, 50, {a: 1, b: 2}) == once
    assert T.record_game(once, 50, {a: 2, b: 1}) == once  # a second, different report is ignored
    with pytest.raises(T.TournamentError, match="not part"):
        T.record_game(once, 99, {a: 1, b: 2})
    with pytest.raises(T.TournamentError, match="not played by"):
        T.record_game(T.attach_game(once, slot.match_id, 2, 51), 51, {a: 1, 999: 2})


def test_attach_game_only_takes_the_game_a_match_needs():
    t = T.start(signed_up(T.SWISS, 4, seed=1))
    slot = T.games_to_start(t)[0]
    with pytest.raises(T.TournamentError):
        T.attach_game(t, slot.match_id, 2, 7)
    t = T.attach_game(t, slot.match_id, 1, 7)
    with pytest.raises(T.TournamentError):
        T.attach_game(t, slot.match_id, 1, 8)  # game 1 already runs
    with pytest.raises(T.TournamentError):
        T.attach_game(t, "r1m2", 1, 7)  # game 7 belongs to another match
    assert slot not in T.games_to_start(t)


def test_a_drop_mid_match_gives_the_opponent_the_match():
    t = T.start(signed_up(T.SWISS, 4, best_of=3, seed=2))
    slot = next(s for s in T.games_to_start(t) if s.match_id == "r1m1")
    a, b = slot.players
    t = T.record_game(T.attach_game(t, "r1m1", 1, 1), 1, {a: 1, b: 2})
    t = T.attach_game(t, "r1m1", 2, 2)
    t = pure(T.drop, t, a)
    match = T.matches(t, 1)[0]
    assert match.done and match.winner == b and match.decided_by == "drop"
    assert match.wins == {a: 1, b: 2} and match.points == {a: 0, b: 3} and match.dropped == [a]
    assert T.abandoned_games(t) == [2]
    assert T.record_game(t, 2, {a: 1, b: 2}) == t
    assert T.drop(t, a) == t
    t = Runner(t, seed=2, first_game=10).finish()
    assert all(a not in m.players for m in T.matches(t) if m.round > 1)
    assert [s.dropped for s in T.standings(t)].count(True) == 1


def test_a_drop_in_elimination_sends_the_opponent_on_even_after_winning():
    t = T.start(signed_up(T.SINGLE_ELIM, 4, seed=3), seeding=[101, 102, 103, 104])
    t = T.record_game(T.attach_game(t, "r1m1", 1, 1), 1, {101: 1, 104: 2})
    t = T.drop(t, 101)  # 101 won its match, then drops before the final
    t = T.record_game(T.attach_game(t, "r1m2", 1, 2), 2, {102: 2, 103: 1})
    (final,) = T.matches(t, 2)
    assert final.players == [101, 103] and final.done and final.winner == 103 and final.decided_by == "drop"
    assert T.is_over(t) and T.champion(t) == 103
    assert [(s.user_id, s.rank) for s in T.standings(t)] == [(103, 1), (101, 2), (102, 3), (104, 3)]


def test_overrides_decide_a_match_of_the_current_round_only():
    t = T.start(signed_up(T.SINGLE_ELIM, 4, best_of=3, seed=3), seeding=[101, 102, 103, 104])
    with pytest.raises(T.TournamentError, match="needs a winner"):
        T.override(t, "r1m1", {101: 1, 104: 1})
    with pytest.raises(T.TournamentError, match="not played by"):
        T.override(t, "r1m1", {102: 1})
    t = pure(T.override, t, "r1m1", {104: 1, 101: 2})
    m = T.matches(t, 1)[0]
    assert m.winner == 104 and m.decided_by == "override" and m.wins == {101: 0, 104: 2}
    t = T.override(t, "r1m2", {102: 1, 103: 2})
    assert T.round_no(t) == 2 and [m.players for m in T.matches(t, 2)] == [[104, 102]]
    with pytest.raises(T.TournamentError, match="Round 1 is over"):
        T.override(t, "r1m1", {101: 1, 104: 2})
    with pytest.raises(T.TournamentError, match="no match"):
        T.override(t, "r9m9", {101: 1})


def test_an_override_can_draw_a_swiss_match():
    t = T.start(signed_up(T.SWISS, 4, seed=3))
    (a, b) = T.matches(t, 1)[0].players
    t = T.override(t, "r1m1", {a: 1, b: 1})
    m = T.matches(t, 1)[0]
    assert m.done and m.winner is None and m.points == {a: 1, b: 1}


def test_voiding_a_game_replays_it():
    t = T.start(signed_up(T.SWISS, 4, best_of=3, seed=6))
    a, b = T.matches(t, 1)[0].players
    t = T.record_game(T.attach_game(t, "r1m1", 1, 1), 1, {a: 1, b: 2})
    t = T.attach_game(t, "r1m1", 2, 2)
    t = pure(T.void_game, t, 2)  # a running game: void it, the match needs game 3 instead
    assert T.void_game(t, 2) == t
    assert ("r1m1", 3) in [(s.match_id, s.game_no) for s in T.games_to_start(t)]
    t = T.record_game(t, 2, {a: 1, b: 2})  # a late result of the voided game does not count
    assert T.matches(t, 1)[0].wins == {a: 1, b: 0}
    t = T.record_game(T.attach_game(t, "r1m1", 3, 3), 3, {a: 1, b: 2})
    assert T.matches(t, 1)[0].winner == a
    t = T.void_game(t, 3)  # a finished game of a decided match: the match is open again
    m = T.matches(t, 1)[0]
    assert not m.done and m.game_ids == [1] and m.wins == {a: 1, b: 0}
    t = T.record_game(T.attach_game(t, "r1m1", 4, 4), 4, {a: 2, b: 1})
    assert T.matches(t, 1)[0].wins == {a: 1, b: 1}


def test_results_of_closed_rounds_cannot_be_voided():
    run = Runner(T.start(signed_up(T.SWISS, 4, seed=8)), seed=8)
    run.step()
    first_game = run.slots[0][0]
    with pytest.raises(T.TournamentError, match="Round 1 is over"):
        T.void_game(run.t, first_game)


def test_a_drop_that_completes_the_round_pairs_the_next_one():
    t = T.start(signed_up(T.SWISS, 4, seed=4))
    (m1, m2) = T.matches(t, 1)
    t = T.record_game(T.attach_game(t, m1.id, 1, 1), 1, {m1.players[0]: 1, m1.players[1]: 2})
    t = T.drop(t, m2.players[0])
    assert T.round_no(t) == 2
    assert sorted(p for m in T.matches(t, 2) for p in m.players) == sorted(
        [*m1.players, m2.players[1]])


def test_a_swiss_with_one_player_left_ends():
    t = T.start(signed_up(T.SWISS, 3, seed=4))
    t = T.drop(T.drop(t, 101), 102)
    assert T.is_over(t) and T.champion(t) == 103
    assert T.games_to_start(t) == []
    with pytest.raises(T.TournamentError, match="over"):
        T.drop(t, 103)


def test_two_dropped_players_both_lose_their_round_robin_match():
    t = T.start(signed_up(T.ROUND_ROBIN, 4, seed=4))
    (a, c), (b, d) = [m.players for m in T.matches(t, 1)]
    t = T.drop(T.drop(t, a), b)
    t = Runner(t, seed=1, first_game=10).finish()
    (m,) = [m for m in T.matches(t) if set(m.players) == {a, b}]
    assert m.done and m.winner is None and m.decided_by == "drop" and m.points == {a: 0, b: 0}
    rows = {s.user_id: s for s in T.standings(t)}
    assert [(rows[p].points, rows[p].wins, rows[p].draws, rows[p].losses) for p in (a, b)] == [(0, 0, 0, 3)] * 2
