"""Rating arithmetic: every number against openskill's Plackett-Luce called directly, ties, 4-player ranks,
the displayed rating, the trend, boards and the replay of stored results."""

from __future__ import annotations

import random

from openskill.models import PlackettLuce

from bot.rating_math import (
    Skill,
    Standing,
    apply_result,
    board_of,
    default_skill,
    displayed,
    is_win,
    ranks_from,
    rate,
    recompute,
    trend,
    trend_of,
)


def direct(before: dict[int, Skill], ranks: dict[int, int]) -> dict[int, tuple[float, float]]:
    """Rate with openskill directly (players in id order, one team each)."""
    model = PlackettLuce()
    players = sorted(ranks)
    teams = [[model.rating(mu=before[u].mu, sigma=before[u].sigma) if u in before else model.rating()]
             for u in players]
    out = model.rate(teams, ranks=[ranks[u] for u in players])
    return {u: (t[0].mu, t[0].sigma) for u, t in zip(players, out, strict=True)}


def pairs(skills: dict[int, Skill]) -> dict[int, tuple[float, float]]:
    return {u: (s.mu, s.sigma) for u, s in skills.items()}


def test_a_newcomer_has_openskills_defaults_and_shows_1500():
    assert default_skill() == Skill(25.0, 25 / 3)
    assert displayed(default_skill()) == 1500


def test_displayed_is_1500_plus_40_ordinals_rounded():
    assert displayed(Skill(30.0, 5.0)) == 1500 + 40 * 15  # ordinal 30 - 15 = 15
    assert displayed(Skill(20.0, 7.0)) == 1500 + 40 * -1  # ordinal -1 → 1460
    assert displayed(Skill(25.0, 8.0)) == 1540            # ordinal 1.0
    assert displayed(Skill(25.0, 8.2)) == 1516            # ordinal 0.4 → 1516 exactly


def test_two_players_equal_openskill_directly():
    after = rate({}, {1: 1, 2: 2})
    assert pairs(after) == direct({}, {1: 1, 2: 2})
    assert after[1].mu > 25 > after[2].mu and after[1].sigma == after[2].sigma < 25 / 3
    # the winner's displayed rating rises, the loser's falls; symmetric around the start
    assert after[1].mu - 25 == 25 - after[2].mu


def test_a_tie_equals_openskill_directly_and_moves_nobody():
    after = rate({}, {1: 1, 2: 1})
    assert pairs(after) == direct({}, {1: 1, 2: 1})
    assert after[1] == after[2] and after[1].mu == 25.0 and after[1].sigma < 25 / 3


def test_four_players_with_a_tie_equal_openskill_directly():
    before = {10: Skill(28.0, 6.0), 20: Skill(22.5, 7.1), 30: Skill(25.0, 25 / 3)}
    ranks = {10: 2, 20: 1, 30: 2, 40: 3}  # 40 is a newcomer; 10 and 30 share second
    after = rate(before, ranks)
    assert pairs(after) == direct(before, ranks)
    assert after[20].mu > before[20].mu and after[40].mu < 25.0
    assert after[10].mu < before[10].mu  # the favourite drops sharing second behind an underdog


def test_rank_order_is_what_counts_not_the_seat_order():
    assert rate({}, {7: 2, 3: 1, 5: 3}) == rate({}, {3: 1, 5: 3, 7: 2})


def test_ranks_from_an_engine_ranking_groups_ties_and_puts_missing_seats_last():
    users = [101, 102, 103, 104]
    assert ranks_from([[2], [0, 3], [1]], users) == {103: 1, 101: 2, 104: 2, 102: 3}
    assert ranks_from([[1]], [5, 6, 7]) == {6: 1, 5: 2, 7: 2}  # only the winner listed


def test_a_win_is_ranked_alone_first():
    assert is_win({1: 1, 2: 2, 3: 2}, 1)
    assert not is_win({1: 1, 2: 1, 3: 2}, 1)  # a shared first is no win
    assert not is_win({1: 1, 2: 2}, 2)


def test_apply_result_counts_games_and_wins():
    start = {1: Standing(Skill(26.0, 6.0), 4, 3)}
    after = apply_result(start, {1: 1, 2: 1, 3: 2})
    assert (after[1].games, after[1].wins) == (5, 3)  # shared first
    assert (after[3].games, after[3].wins) == (1, 0)
    assert pairs({u: s.skill for u, s in after.items()}) == direct({1: Skill(26.0, 6.0)}, {1: 1, 2: 1, 3: 2})


def test_recompute_equals_openskill_folded_by_hand():
    rng = random.Random(13)
    results = []
    for _ in range(50):
        players = rng.sample(range(1, 7), rng.randint(2, 4))
        results.append({u: rng.randint(1, len(players)) for u in players})
    table = recompute(results)
    model = PlackettLuce()
    by_hand: dict[int, tuple[float, float]] = {}
    games: dict[int, int] = {}
    for ranks in results:
        players = sorted(ranks)
        teams = [[model.rating(*by_hand[u]) if u in by_hand else model.rating()] for u in players]
        for u, team in zip(players, model.rate(teams, ranks=[ranks[u] for u in players]), strict=True):
            by_hand[u] = (team[0].mu, team[0].sigma)
            games[u] = games.get(u, 0) + 1
    assert {u: (s.skill.mu, s.skill.sigma) for u, s in table.items()} == by_hand
    assert {u: s.games for u, s in table.items()} == games
    assert recompute([(r, "tag") for r in results]) == table  # a result may carry extras after its ranks


def test_trend_compares_with_the_rating_before_the_last_three_games():
    assert trend(1520, 1500) == "▲" and trend(1480, 1500) == "▼"
    assert trend(1505, 1500) == "▬" and trend(1495, 1500) == "▬" and trend(1506, 1500) == "▲"
    assert trend_of([]) == "▬"
    up = [Skill(25.0, 8.0), Skill(26.0, 7.5), Skill(27.0, 7.0)]  # 1540, 1640, 1740 vs a newcomer's 1500
    assert trend_of(up) == "▲"
    # four games: compared with the rating after the first (1740 vs 1740)
    assert trend_of([Skill(27.0, 7.0), Skill(20.0, 5.0), Skill(22.0, 5.0), Skill(27.0, 7.0)]) == "▬"
    assert trend_of([Skill(27.0, 7.0), Skill(30.0, 5.0), Skill(30.0, 5.0), Skill(24.0, 7.0)]) == "▼"


def test_boards_per_game_kind_and_pixel_tactics_mode():
    assert board_of("pixies", {"game": {}}) == "pixies"
    assert board_of("tixel", {}) == "tixel"
    assert board_of("pixel-pusher", None) == "pixel-pusher"
    assert board_of("pixel-tactics", {"game": {"trophies": 2}}) == "pixel-tactics:classic"
    assert board_of("pixel-tactics", {"game": {"mode": "siege"}}) == "pixel-tactics:siege"
    assert board_of("pt-draft", {}) is None
