"""Single elimination: the bracket generator and whole brackets of 2..33 players with random results."""

from __future__ import annotations

import random

import pytest

import bot.tournaments as T
from bot.tournaments import single_elim

from .helpers import Runner, signed_up


def test_eight_players_pair_by_the_standard_seeding():
    assert single_elim.bracket(8) == [(1, 8), (4, 5), (2, 7), (3, 6)]


def test_five_players_give_byes_to_seeds_one_to_three():
    assert single_elim.bracket(5) == [(1, None), (4, 5), (2, None), (3, None)]


def test_sixteen_players_fold_one_and_two_into_opposite_halves():
    pairs = single_elim.bracket(16)
    assert pairs[:4] == [(1, 16), (8, 9), (4, 13), (5, 12)]
    assert pairs[4:] == [(2, 15), (7, 10), (3, 14), (6, 11)]


@pytest.mark.parametrize("n", range(2, 34))
def test_bracket_properties(n):
    pairs = single_elim.bracket(n)
    size = 2 * len(pairs)
    assert size >= n > size // 2
    seen = [s for pair in pairs for s in pair if s is not None]
    assert sorted(seen) == list(range(1, n + 1))
    byes = sorted(a for a, b in pairs if b is None)
    assert byes == list(range(1, size - n + 1))
    assert all(b is None or a < b for a, b in pairs)


def test_fewer_than_two_players_have_no_bracket():
    with pytest.raises(ValueError):
        single_elim.bracket(1)


@pytest.mark.parametrize("n", range(2, 34))
def test_a_whole_bracket_with_random_results(n):
    for seed in range(3 if n <= 17 else 2):
        run = Runner(T.start(signed_up(T.SINGLE_ELIM, n, best_of=1, seed=seed)), seed=seed)
        t = run.finish()
        seed_of = {p["id"]: p["seed"] for p in t["players"]}
        rounds = t["rounds"]
        assert rounds == (n - 1).bit_length()
        all_matches = T.matches(t)
        assert all(m.done for m in all_matches)
        byes = [m for m in all_matches if m.bye]
        assert all(m.round == 1 for m in byes)
        assert sorted(seed_of[m.players[0]] for m in byes) == list(range(1, 2 ** rounds - n + 1))
        played = [m for m in all_matches if not m.bye]
        assert len(played) == n - 1
        top_two = {p for p, s in seed_of.items() if s <= 2}
        for m in played:
            if set(m.players) == top_two:
                assert m.round == rounds
        losers = [p for m in played for p in m.players if p != m.winner]
        assert len(losers) == len(set(losers)) == n - 1
        final = T.matches(t, rounds)
        assert len(final) == 1 and T.champion(t) == final[0].winner
        assert T.champion(t) not in losers
        assert T.standings(t)[0].user_id == T.champion(t) and T.standings(t)[0].rank == 1
        for r in range(1, rounds + 1):
            assert len(T.matches(t, r)) == 2 ** (rounds - r)


def test_the_top_seeds_meet_in_the_final_when_the_better_seed_always_wins():
    run = Runner(T.start(signed_up(T.SINGLE_ELIM, 13, seed=4)), seed=4)
    seed_of = {p["id"]: p["seed"] for p in run.t["players"]}
    run.decide = lambda slot, rng: {p: seed_of[p] for p in slot.players}
    t = run.finish()
    (final,) = T.matches(t, t["rounds"])
    assert sorted(seed_of[p] for p in final.players) == [1, 2]
    assert seed_of[T.champion(t)] == 1
    ranks = {s.user_id: s.rank for s in T.standings(t)}
    by_seed = {seed_of[p]: r for p, r in ranks.items()}
    assert by_seed == {1: 1, 2: 2, 3: 3, 4: 3, **dict.fromkeys(range(5, 9), 5), **dict.fromkeys(range(9, 14), 9)}


def test_seeding_lists_the_given_players_first_and_the_rest_at_random():
    t = T.start(signed_up(T.SINGLE_ELIM, 6, seed=9), seeding=[104, 102])
    seed_of = {p["id"]: p["seed"] for p in t["players"]}
    assert seed_of[104] == 1 and seed_of[102] == 2
    assert sorted(seed_of.values()) == list(range(1, 7))
    again = T.start(signed_up(T.SINGLE_ELIM, 6, seed=9), seeding=[104, 102])
    assert again == t
    other = [T.start(signed_up(T.SINGLE_ELIM, 6, seed=s))["players"] for s in range(6)]
    assert len({tuple(p["seed"] for p in players) for players in other}) > 1


def test_a_level_match_after_the_cap_sends_the_better_seed_through():
    t = T.start(signed_up(T.SINGLE_ELIM, 2, best_of=1, seed=1))
    better = next(p["id"] for p in t["players"] if p["seed"] == 1)
    run = Runner(t, decide=lambda slot, rng: dict.fromkeys(slot.players, 1))
    t = run.finish()
    (final,) = T.matches(t)
    assert len(final.game_ids) == 3 and final.draws == 3
    assert final.winner == better and final.decided_by == "seed" and T.champion(t) == better


def test_brackets_with_random_drops_still_crown_a_champion():
    for seed in range(40):
        rng = random.Random(seed)
        n = rng.randint(2, 20)
        run = Runner(T.start(signed_up(T.SINGLE_ELIM, n, best_of=rng.choice([1, 3]), seed=seed)), seed=seed)
        while not T.is_over(run.t):
            if rng.random() < 0.15:
                run.t = T.drop(run.t, rng.choice([p["id"] for p in run.t["players"] if not p["dropped"]]))
            else:
                run.step()
        t = run.t
        played = [m for m in T.matches(t) if not m.bye]
        assert len(played) == n - 1 and all(m.done for m in played)
        for r in range(1, t["rounds"] + 1):
            assert len(T.matches(t, r)) == 2 ** (t["rounds"] - r)
        dropped = {p["id"] for p in t["players"] if p["dropped"]}
        for m in played:
            if m.decided_by == "drop" and set(m.players) - dropped:
                assert m.winner not in dropped
        assert T.champion(t) == T.matches(t, t["rounds"])[0].winner
