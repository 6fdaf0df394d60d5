"""Round robin: the circle method and whole round robins."""

from __future__ import annotations

from itertools import combinations

import pytest

import bot.tournaments as T
from bot.tournaments import round_robin

from .helpers import Runner, signed_up


def test_four_players_by_the_circle_method():
    assert round_robin.schedule([1, 2, 3, 4]) == [
        [(1, 4), (2, 3)],
        [(3, 1), (4, 2)],
        [(1, 2), (3, 4)],
    ]


def test_three_players_sit_out_once_each():
    rounds = round_robin.schedule([1, 2, 3])
    assert rounds == [[(2, 3), (1, None)], [(3, 1), (2, None)], [(1, 2), (3, None)]]
    assert sorted(pair[0] for r in rounds for pair in r if pair[1] is None) == [1, 2, 3]


@pytest.mark.parametrize("n", range(2, 14))
def test_everybody_meets_everybody_once(n):
    players = list(range(1, n + 1))
    rounds = round_robin.schedule(players)
    assert len(rounds) == round_robin.rounds_for(n) == (n - 1 if n % 2 == 0 else n)
    met = [frozenset(pair) for r in rounds for pair in r if pair[1] is not None]
    assert sorted(met, key=sorted) == sorted((frozenset(c) for c in combinations(players, 2)), key=sorted)
    for r in rounds:
        seated = [p for pair in r for p in pair if p is not None]
        assert sorted(seated) == players
    byes = [pair[0] for r in rounds for pair in r if pair[1] is None]
    assert sorted(byes) == (players if n % 2 else [])


@pytest.mark.parametrize("n", [2, 3, 5, 6])
def test_a_whole_round_robin(n):
    t = Runner(T.start(signed_up(T.ROUND_ROBIN, n, best_of=3, seed=n)), seed=n).finish()
    ms = [m for m in T.matches(t) if not m.bye]
    assert len(ms) == n * (n - 1) // 2
    assert len({frozenset(m.players) for m in ms}) == len(ms)
    rows = T.standings(t)
    assert T.champion(t) == rows[0].user_id
    assert all(s.wins + s.draws + s.losses == (n - 1 if n % 2 == 0 else n) for s in rows)


def test_a_dropped_player_forfeits_the_rest_of_the_schedule():
    run = Runner(T.start(signed_up(T.ROUND_ROBIN, 4, seed=2)), seed=2)
    run.step()
    run.t = T.drop(run.t, 101)
    t = run.finish()
    later = [m for m in T.matches(t) if m.round > 1 and 101 in m.players]
    assert len(later) == 2
    assert all(m.done and m.decided_by == "drop" and m.winner != 101 and m.points[101] == 0 for m in later)
    assert next(s for s in T.standings(t) if s.user_id == 101).dropped
