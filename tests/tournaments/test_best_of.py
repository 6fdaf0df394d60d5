"""best_of counts single games: majorities, drawn games replayed, and the best_of + 2 cap."""

from __future__ import annotations

import pytest

import bot.tournaments as T

from .helpers import signed_up

A, B = 101, 102
WIN, LOSS, DRAW = {A: 1, B: 2}, {A: 2, B: 1}, {A: 1, B: 1}


def play(fmt: str, best_of: int, results: list[dict[int, int]]) -> tuple[dict, T.Match]:
    """Two players, one match: play the given game results in order while the match wants games."""
    t = T.start(signed_up(fmt, 2, best_of=best_of, seed=0), seeding=[A, B])
    for game_id, ranks in enumerate(results, start=1):
        (slot,) = T.games_to_start(t)
        assert slot.game_no == game_id
        t = T.attach_game(t, slot.match_id, slot.game_no, game_id)
        t = T.record_game(t, game_id, ranks)
    (match,) = T.matches(t, 1)
    return t, match


@pytest.mark.parametrize("best_of,results,wins", [
    (1, [WIN], {A: 1, B: 0}),
    (3, [WIN, WIN], {A: 2, B: 0}),
    (3, [LOSS, WIN, WIN], {A: 2, B: 1}),
    (5, [WIN, LOSS, WIN, LOSS, WIN], {A: 3, B: 2}),
    (3, [DRAW, WIN, DRAW, WIN], {A: 2, B: 0}),
    (5, [WIN, WIN, WIN], {A: 3, B: 0}),
])
def test_first_to_a_majority_of_games_wins(best_of, results, wins):
    t, match = play(T.SWISS, best_of, results)
    assert match.done and match.winner == A and match.wins == wins and match.decided_by == "games"
    assert match.points == {A: 3, B: 0}
    assert T.games_to_start(t) == [] and T.is_over(t)


def test_a_match_waits_for_its_majority():
    t, match = play(T.SWISS, 3, [WIN, LOSS])
    assert not match.done and match.wins == {A: 1, B: 1}
    assert [(s.match_id, s.game_no) for s in T.games_to_start(t)] == [("r1m1", 3)]


def test_seats_alternate_from_game_to_game():
    t = T.start(signed_up(T.SWISS, 2, best_of=3, seed=0), seeding=[A, B])
    (first,) = T.games_to_start(t)
    t = T.record_game(T.attach_game(t, "r1m1", 1, 1), 1, DRAW)
    (second,) = T.games_to_start(t)
    assert second.players == first.players[::-1]


@pytest.mark.parametrize("best_of,results", [
    (1, [DRAW, DRAW, DRAW]),
    (3, [WIN, LOSS, DRAW, DRAW, DRAW]),
    (5, [WIN, LOSS, DRAW, DRAW, WIN, LOSS, DRAW]),
])
def test_level_after_best_of_plus_two_games_is_a_drawn_swiss_match(best_of, results):
    t, match = play(T.SWISS, best_of, results)
    assert len(match.game_ids) == best_of + 2
    assert match.done and match.winner is None and match.decided_by == "cap"
    assert match.points == {A: 1, B: 1}
    assert [(s.points, s.draws) for s in T.standings(t)] == [(1, 1), (1, 1)]


def test_level_after_the_cap_in_elimination_sends_the_higher_seed_through():
    t, match = play(T.SINGLE_ELIM, 3, [LOSS, WIN, DRAW, DRAW, DRAW])
    assert match.winner == A and match.decided_by == "seed" and T.champion(t) == A


def test_ahead_when_the_cap_is_reached_wins_the_match():
    t, match = play(T.SWISS, 3, [DRAW, DRAW, DRAW, DRAW, LOSS])
    assert match.done and match.winner == B and match.wins == {A: 0, B: 1} and match.decided_by == "cap"


def test_a_lead_the_remaining_games_cannot_undo_ends_the_match_early():
    t, match = play(T.SWISS, 5, [DRAW, DRAW, DRAW, DRAW, WIN, WIN])
    assert match.done and match.winner == A and len(match.game_ids) == 6 and match.decided_by == "cap"


def test_a_round_robin_match_can_be_drawn_too():
    t, match = play(T.ROUND_ROBIN, 1, [DRAW, DRAW, DRAW])
    assert match.winner is None and match.points == {A: 1, B: 1}
