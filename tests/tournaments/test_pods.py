"""Pods: sizes, seating from the standings, scoring by place, whole pod tournaments, drops."""

from __future__ import annotations

import random

import pytest

import bot.tournaments as T
from bot.tournaments import pods

from .helpers import Runner, signed_up


@pytest.mark.parametrize("n,sizes", [
    (2, [2]), (3, [3]), (4, [4]), (5, [3, 2]), (6, [3, 3]), (7, [4, 3]), (8, [4, 4]), (9, [3, 3, 3]),
    (10, [4, 3, 3]), (11, [4, 4, 3]), (12, [4, 4, 4]), (13, [4, 3, 3, 3]), (14, [4, 4, 3, 3]),
])
def test_pod_sizes(n, sizes):
    assert pods.pod_sizes(n) == sizes


@pytest.mark.parametrize("n", range(6, 60))
def test_pods_of_four_with_the_fewest_pods_of_three(n):
    sizes = pods.pod_sizes(n)
    assert sum(sizes) == n and set(sizes) <= {3, 4} and sizes == sorted(sizes, reverse=True)
    assert sizes.count(3) == min(b for b in range(4) if (n - 3 * b) % 4 == 0)


def test_pods_are_cut_top_down():
    assert pods.make_pods([7, 6, 5, 4, 3, 2, 1]) == [[7, 6, 5, 4], [3, 2, 1]]
    assert pods.make_pods([5, 4, 3, 2, 1]) == [[5, 4, 3], [2, 1]]


def test_a_pod_game_scores_by_place_and_ties_share_the_average():
    assert pods.place_points({1: 1, 2: 2, 3: 3, 4: 4}) == {1: 3, 2: 2, 3: 1, 4: 0}
    assert pods.place_points({1: 1, 2: 1, 3: 3, 4: 4}) == {1: 2.5, 2: 2.5, 3: 1, 4: 0}
    assert pods.place_points({1: 1, 2: 2, 3: 2, 4: 2}) == {1: 3, 2: 1, 3: 1, 4: 1}
    assert pods.place_points({1: 2, 2: 1, 3: 3}) == {1: 2, 2: 3, 3: 1}


@pytest.mark.parametrize("n,rounds", [(3, 2), (4, 2), (5, 3), (8, 3), (9, 4), (13, 4), (16, 4)])
def test_whole_pod_tournaments(n, rounds):
    for seed in range(3):
        t = Runner(T.start(signed_up(T.SWISS, n, best_of=3, seed=seed, pod=True)), seed=seed).finish()
        assert t["rounds"] == rounds
        for r in range(1, rounds + 1):
            ms = T.matches(t, r)
            assert [len(m.players) for m in ms] == pods.pod_sizes(n)
            assert sorted(p for m in ms for p in m.players) == list(range(101, 101 + n))
            assert all(len(m.game_ids) == 3 and m.done and not m.bye for m in ms)
        rows = T.standings(t)
        assert T.champion(t) == rows[0].user_id
        assert [(-s.points, -s.wins) for s in rows] == sorted((-s.points, -s.wins) for s in rows)
        total = sum(s.points for s in rows)
        per_game = {2: 5, 3: 6, 4: 6}
        assert total == sum(3 * per_game[len(m.players)] for m in T.matches(t))


def test_later_rounds_seat_pods_from_the_standings():
    run = Runner(T.start(signed_up(T.SWISS, 7, best_of=1, seed=1, pod=True)), seed=1)
    run.decide = lambda slot, rng: {p: p for p in slot.players}  # the lower id places better
    run.step()
    order = [s.user_id for s in T.standings(run.t)]
    assert [m.players for m in T.matches(run.t, 2)] == [order[:4], order[4:]]


def test_seats_rotate_from_game_to_game():
    run = Runner(T.start(signed_up(T.SWISS, 3, best_of=3, seed=0, pod=True)), seed=0)
    seats = []
    for _ in range(3):
        (slot,) = T.games_to_start(run.t)
        seats.append(slot.players)
        run.step()
    a, b, c = seats[0]
    assert seats == [[a, b, c], [b, c, a], [c, a, b]]


def test_pod_tournaments_need_three_players_and_are_swiss_only():
    with pytest.raises(T.TournamentError):
        T.start(signed_up(T.SWISS, 2, pod=True))
    with pytest.raises(T.TournamentError):
        T.new_tournament("pixies", T.ROUND_ROBIN, 1, 0, True)


def test_a_dropped_player_ranks_last_in_the_remaining_games_of_the_pod():
    t = T.start(signed_up(T.SWISS, 4, best_of=3, seed=3, pod=True))
    (slot,) = T.games_to_start(t)
    a, b, c, d = slot.players
    t = T.attach_game(t, slot.match_id, 1, 1)
    t = T.record_game(t, 1, {a: 1, b: 2, c: 3, d: 4})
    t = T.attach_game(t, slot.match_id, 2, 2)
    t = T.drop(t, a)
    t = T.record_game(t, 2, {a: 1, b: 2, c: 3, d: 4})  # a was still seated: ranked last all the same
    (slot,) = T.games_to_start(t)
    assert slot.game_no == 3 and sorted(slot.players) == sorted([b, c, d])
    t = T.attach_game(t, slot.match_id, 3, 3)
    t = T.record_game(t, 3, {b: 1, c: 1, d: 3})
    (pod,) = T.matches(t, 1)
    assert pod.results[1] == {a: 4, b: 1, c: 2, d: 3}
    assert pod.points == {a: 3 + 0 + 0, b: 2 + 3 + 2.5, c: 1 + 2 + 2.5, d: 0 + 1 + 1}
    assert pod.done and pod.winner == b
    assert all(a not in m.players for m in T.matches(t, 2))


def test_a_pod_left_with_one_player_is_decided_at_once():
    t = T.start(signed_up(T.SWISS, 3, best_of=3, seed=5, pod=True))
    (slot,) = T.games_to_start(t)
    a, b, c = slot.players
    t = T.attach_game(t, slot.match_id, 1, 1)
    t = T.record_game(t, 1, {a: 3, b: 2, c: 1})
    t = T.drop(t, a)
    t = T.attach_game(t, slot.match_id, 2, 2)
    t = T.drop(t, b)
    (pod,) = T.matches(t, 1)
    assert pod.done and pod.decided_by == "drop" and pod.winner == c
    assert pod.points == {a: 1 + 1.5 + 1.5, b: 2 + 1.5 + 1.5, c: 3 + 3 + 3}
    assert T.abandoned_games(t) == [2]
    assert T.is_over(t) and T.champion(t) == c


def test_pods_with_random_drops_seat_every_active_player_once_a_round():
    for seed in range(25):
        rng = random.Random(seed)
        n = rng.randint(3, 13)
        run = Runner(T.start(signed_up(T.SWISS, n, best_of=rng.choice([1, 3]), seed=seed, pod=True)), seed=seed)
        while not T.is_over(run.t):
            active = [p["id"] for p in run.t["players"] if not p["dropped"]]
            if rng.random() < 0.2:
                run.t = T.drop(run.t, rng.choice(active))
            else:
                run.step()
        dropped_in = {p["id"]: p["dropped_round"] for p in run.t["players"] if p["dropped"]}
        for r in range(1, T.round_no(run.t) + 1):
            ms = T.matches(run.t, r)
            seated = [p for m in ms for p in m.players]
            assert sorted(seated) == [p for p in range(101, 101 + n) if dropped_in.get(p, r) >= r]
            assert [len(m.players) for m in ms] == pods.pod_sizes(len(seated))
            assert all(m.done for m in ms)
