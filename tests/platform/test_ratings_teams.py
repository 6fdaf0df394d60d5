"""Team games are rated as openskill teams (issue #12): a Pixel Tactics Team Cross Duel (2v2) or King (3v3)
result, winners = a team, lands on ``pixel-tactics:team`` / ``pixel-tactics:king`` with each team one openskill
team; stored results carry each member's team so that a recomputation replays the same numbers."""

from __future__ import annotations

import math

import pytest
from openskill.models import PlackettLuce

from bot.game_table import Table
from bot.games.base import Result
from bot.games.pixel_tactics import PixelTacticsEngine
from bot.rating_math import Skill, apply_result, is_win, rate
from bot.ratings import RatingService, rated_teams
from storage import ratings as store
from storage.rows import GameRow, SeatRow

GUILD = 9
OS = PlackettLuce()


class Finished(PixelTacticsEngine):
    """Pixel Tactics whose states here are finished with the ranking they hold."""

    def is_terminal(self, state):
        return True

    def result(self, state):
        return Result(state["ranking"][0], state["ranking"])


def table_of(game_id: int, mode: str, users: list[int]) -> Table:
    row = GameRow(game_id, GUILD, 50, None, None, None, "pixel-tactics", {"game": {"mode": mode}}, 1, "running",
                  users[0], None, 1, 0.0, 0.0)
    return Table(row, [SeatRow(s, u, f"U{u}", 0.0) for s, u in enumerate(users)], Finished())


async def count(db, game_id: int, mode: str, users: list[int], ranking: list[list[int]]) -> None:
    table = table_of(game_id, mode, users)
    state = {"mode": mode, "ranking": ranking}
    writer = await RatingService(db).finishing_writer(table, state)
    assert writer is not None
    async with db.transaction() as conn:
        await writer(conn)


def test_a_two_against_two_of_newcomers_by_hand():
    # openskill's Plackett-Luce with its defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300 (added first).
    # Each team's sigma^2 = 2 (sigma^2 + tau^2); c = sqrt(sum over both teams of (team sigma^2 + beta^2)); equal
    # teams: p = 1/2; the winning team's mu moves by team sigma^2 / c * (1 - p), shared by sigma^2 / team sigma^2
    # (1/2 each); the losers' by the same amount down. Sigma: gamma = sqrt(team sigma^2) / c,
    # delta = gamma * team sigma^2 / c^2 * p (1 - p), sigma'^2 = sigma^2 (1 - (sigma^2 / team sigma^2) delta).
    s2 = (25 / 3) ** 2 + (25 / 300) ** 2
    team = 2 * s2
    c = math.sqrt(2 * (team + (25 / 6) ** 2))
    step = team / c * 0.5 / 2
    sigma = math.sqrt(s2 * (1 - 0.5 * (math.sqrt(team) / c) * team / c ** 2 * 0.25))
    after = rate({}, {1: 1, 3: 1, 2: 2, 4: 2}, {1: 0, 3: 0, 2: 1, 4: 1})
    assert after[1].mu == pytest.approx(25 + step, abs=1e-9) and after[3].mu == after[1].mu
    assert after[2].mu == pytest.approx(25 - step, abs=1e-9) and after[4].mu == after[2].mu
    assert step == pytest.approx(1.9643, abs=1e-4) and sigma == pytest.approx(8.17796, abs=1e-5)
    assert all(s.sigma == pytest.approx(sigma, abs=1e-9) for s in after.values())


def test_team_rating_is_openskill_teams_called_directly():
    before = {1: Skill(27.0, 6.0), 2: Skill(22.0, 7.5), 3: Skill(25.0, 8.0), 4: Skill(30.0, 5.0),
              5: Skill(24.0, 8.3), 6: Skill(26.0, 4.0)}
    teams = {1: 0, 2: 0, 6: 0, 3: 1, 4: 1, 5: 1}
    got = rate(before, {3: 1, 4: 1, 5: 1, 1: 2, 2: 2, 6: 2}, teams)
    r = {u: OS.rating(mu=s.mu, sigma=s.sigma) for u, s in before.items()}
    direct = OS.rate([[r[1], r[2], r[6]], [r[3], r[4], r[5]]], ranks=[2.0, 1.0])
    want = dict(zip([1, 2, 6, 3, 4, 5], [p for t in direct for p in t], strict=True))
    assert got == {u: Skill(float(p.mu), float(p.sigma)) for u, p in want.items()}
    # not the same as six players rated alone with shared ranks
    assert got != rate(before, {3: 1, 4: 1, 5: 1, 1: 2, 2: 2, 6: 2})


def test_teammates_win_together_and_a_draw_is_nobodys_win():
    ranks, teams = {1: 1, 3: 1, 2: 2, 4: 2}, {1: 0, 3: 0, 2: 1, 4: 1}
    assert [is_win(ranks, u, teams) for u in (1, 2, 3, 4)] == [True, False, True, False]
    assert not is_win(ranks, 1)  # rated alone, a shared first place is no win
    drawn = apply_result({}, {1: 1, 2: 1, 3: 1, 4: 1}, teams)
    assert all(s.wins == 0 and s.games == 1 and s.skill.mu == pytest.approx(25.0) for s in drawn.values())


def test_team_games_have_teams_other_games_none():
    assert rated_teams(table_of(1, "team", [11, 12, 13, 14]), {"mode": "team"}) == {11: 0, 12: 1, 13: 0, 14: 1}
    assert rated_teams(table_of(1, "king", [1, 2, 3, 4, 5, 6]), {"mode": "king"}) == {
        1: 0, 2: 0, 3: 1, 4: 1, 5: 1, 6: 0}
    assert rated_teams(table_of(1, "siege", [1, 2]), {"mode": "siege"}) is None


async def test_a_team_cross_duel_is_rated_on_its_board_as_two_teams(db):
    users = [11, 12, 13, 14]  # seats 0..3: Team 1 = 11, 13; Team 2 = 12, 14
    await count(db, 1, "team", users, [[1, 3], [0, 2]])  # Team 2 wins
    results = await store.results(db, GUILD, "pixel-tactics:team", 1)
    assert results[0].ranks == [[11, 2, "U11", 0], [12, 1, "U12", 1], [13, 2, "U13", 0], [14, 1, "U14", 1]]
    want = rate({}, {11: 2, 13: 2, 12: 1, 14: 1}, {11: 0, 13: 0, 12: 1, 14: 1})
    board = {r.user_id: r for r in await RatingService(db).leaderboard(GUILD, "pixel-tactics:team")}
    assert {u: (board[u].games, board[u].wins) for u in users} == {11: (1, 0), 12: (1, 1), 13: (1, 0), 14: (1, 1)}
    assert board[12].rating == board[14].rating > board[11].rating == board[13].rating
    history = await store.history(db, GUILD, "pixel-tactics:team", 1)
    assert {h.user_id: Skill(h.mu, h.sigma) for h in history} == want


async def test_a_king_game_and_its_replay_give_the_same_numbers(db):
    users = [1, 2, 3, 4, 5, 6]  # Team 1 = seats 0, 1, 5; Team 2 = seats 2, 3, 4
    await count(db, 1, "king", users, [[0, 1, 5], [2, 3, 4]])
    await count(db, 2, "king", [3, 2, 1, 6, 5, 4], [[2, 3, 4], [0, 1, 5]])  # new seats: Team 2 = 1, 6, 5
    service = RatingService(db)
    first = rate({}, {1: 1, 2: 1, 6: 1, 3: 2, 4: 2, 5: 2}, {1: 0, 2: 0, 6: 0, 3: 1, 4: 1, 5: 1})
    second = rate(first, {1: 1, 6: 1, 5: 1, 3: 2, 2: 2, 4: 2}, {3: 0, 2: 0, 4: 0, 1: 1, 6: 1, 5: 1})
    before = {r.user_id: (r.rating, r.games, r.wins) for r in await service.leaderboard(GUILD, "pixel-tactics:king")}
    history = await store.history(db, GUILD, "pixel-tactics:king", 1)
    assert {h.user_id: Skill(h.mu, h.sigma) for h in history if h.game_id == 2} == second
    assert before[1][1:] == (2, 2) and before[3][1:] == (2, 0) and before[2][1:] == (2, 1)
    await service.recompute(GUILD, "pixel-tactics:king", 1)
    after = {r.user_id: (r.rating, r.games, r.wins) for r in await service.leaderboard(GUILD, "pixel-tactics:king")}
    assert after == before
