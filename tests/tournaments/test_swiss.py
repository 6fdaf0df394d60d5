"""Swiss: the pairing function against a brute force, and whole tournaments with random results."""

from __future__ import annotations

import math
import random

import pytest

import bot.tournaments as T
from bot.games.base import rng_for
from bot.tournaments import swiss

from .helpers import Runner, signed_up


def perfect_matchings(players: list[int]):
    """Every way to split an even list into pairs."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        for tail in perfect_matchings(rest[:i] + rest[i + 1:]):
            yield [(first, other), *tail]


def fewest_rematches(players, played, had_bye) -> int:
    """Brute force: the fewest rematches any legal round (bye to someone without one) can have."""
    byes = [None]
    if len(players) % 2:
        byes = [p for p in players if p not in had_bye] or list(players)
    best = math.inf
    for bye in byes:
        rest = [p for p in players if p != bye]
        for pairs in perfect_matchings(rest):
            best = min(best, sum(frozenset(pair) in played for pair in pairs))
    return best


def rematches(pairs, played) -> int:
    return sum(frozenset(pair) in played for pair in pairs)


def check_round(players, pairs, bye, had_bye):
    """Every player once, in a pair or as the bye; the bye only to someone without one (if any)."""
    seated = [p for pair in pairs for p in pair] + ([] if bye is None else [bye])
    assert sorted(seated) == sorted(players)
    assert (bye is None) == (len(players) % 2 == 0)
    if bye is not None and any(p not in had_bye for p in players):
        assert bye not in had_bye


@pytest.mark.parametrize("n", range(2, 10))
def test_pairing_matches_the_brute_force(n):
    for case in range(60):
        rng = random.Random(n * 1000 + case)
        players = list(range(1, n + 1))
        all_pairs = [frozenset((a, b)) for a in players for b in players if a < b]
        played = set(rng.sample(all_pairs, rng.randint(0, len(all_pairs))))
        had_bye = set(rng.sample(players, rng.randint(0, n - 1)))
        points = {p: rng.choice([0, 3, 6, 1, 4]) for p in players}
        pairs, bye = swiss.pair(players, points, played, had_bye, random.Random(case))
        check_round(players, pairs, bye, had_bye)
        assert rematches(pairs, played) == fewest_rematches(players, played, had_bye)


def test_pairing_is_top_down_by_points_and_the_bye_goes_to_the_lowest_without_one():
    points = {1: 9, 2: 6, 3: 6, 4: 3, 5: 0}
    pairs, bye = swiss.pair([5, 4, 3, 2, 1], points, set(), {5}, random.Random(0))
    assert bye == 4
    assert pairs in ([(1, 2), (3, 5)], [(1, 3), (2, 5)])


def test_pairing_avoids_a_rematch_by_reaching_further_down():
    points = {1: 6, 2: 6, 3: 3, 4: 3}
    pairs, bye = swiss.pair([1, 2, 3, 4], points, {frozenset((1, 2))}, set(), random.Random(3))
    assert bye is None and rematches(pairs, {frozenset((1, 2))}) == 0
    assert {frozenset(p) for p in pairs} in ({frozenset((1, 3)), frozenset((2, 4))},
                                             {frozenset((2, 3)), frozenset((1, 4))})


def test_a_rematch_is_made_only_when_no_round_without_one_exists():
    played = {frozenset((1, 2)), frozenset((1, 3)), frozenset((2, 3))}
    pairs, bye = swiss.pair([1, 2, 3, 4], {}, played, set(), random.Random(0))
    assert rematches(pairs, played) == 1 == fewest_rematches([1, 2, 3, 4], played, set())


def test_the_same_rng_gives_the_same_pairing():
    players = list(range(1, 12))
    first = swiss.pair(players, {}, set(), set(), rng_for(5, "swiss", 1))
    assert first == swiss.pair(players, {}, set(), set(), rng_for(5, "swiss", 1))
    others = {str(swiss.pair(players, {}, set(), set(), rng_for(s, "swiss", 1))) for s in range(8)}
    assert len(others) > 1


@pytest.mark.parametrize("n", range(2, 21))
def test_whole_swiss_tournaments(n):
    for seed in range(4 if n <= 10 else 2):
        best_of = 3 if n <= 8 else 1
        run = Runner(T.start(signed_up(T.SWISS, n, best_of=best_of, seed=seed)), seed=seed)
        t = run.finish()
        assert t["rounds"] == max(1, math.ceil(math.log2(n)))
        players = [p["id"] for p in t["players"]]
        played, had_bye = set(), set()
        for r in range(1, t["rounds"] + 1):
            ms = T.matches(t, r)
            pairs = [tuple(m.players) for m in ms if not m.bye]
            byes = [m.players[0] for m in ms if m.bye]
            check_round(players, pairs, byes[0] if byes else None, had_bye)
            assert len(byes) <= 1 and not (set(byes) & had_bye)
            if n <= 10:
                assert rematches(pairs, played) == fewest_rematches(players, played, had_bye)
            played |= {frozenset(p) for p in pairs}
            had_bye |= set(byes)
            assert all(m.done for m in ms)
        rows = T.standings(t)
        assert [s.rank for s in rows] == list(range(1, n + 1))
        assert T.champion(t) == rows[0].user_id
        # every match (or bye) gives one match win, or a draw to each of its two players
        assert sum(s.wins for s in rows) + sum(s.draws for s in rows) / 2 == len(T.matches(t))
        keys = [(-s.points, -s.omw, -s.gw, -s.ogw) for s in rows]
        assert keys == sorted(keys)


def test_swiss_with_drops_pairs_only_active_players():
    for seed in range(30):
        rng = random.Random(seed)
        n = rng.randint(4, 14)
        run = Runner(T.start(signed_up(T.SWISS, n, best_of=1, seed=seed)), seed=seed)
        dropped = set()
        while not T.is_over(run.t):
            if rng.random() < 0.3:
                active = [p["id"] for p in run.t["players"] if not p["dropped"]]
                who = rng.choice(active)
                run.t = T.drop(run.t, who)
                dropped.add(who)
                continue
            run.step()
            current = [p for m in T.matches(run.t, run.t["round"]) for p in m.players]
            assert len(current) == len(set(current))
        dropped_in = {p["id"]: p["dropped_round"] for p in run.t["players"] if p["dropped"]}
        assert set(dropped_in) == dropped
        for r in range(1, T.round_no(run.t) + 1):
            seated = sorted(p for m in T.matches(run.t, r) for p in m.players)
            assert seated == [p for p in range(101, 101 + n) if dropped_in.get(p, r) >= r]
        byes = [m.players[0] for m in T.matches(run.t) if m.bye]
        assert len(byes) == len(set(byes))
