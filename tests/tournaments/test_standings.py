"""Standings worked by hand: a 6-player Swiss (best of 3) and a 3-player Swiss with byes."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

import bot.tournaments as T

ANN, BOB, CY, DI, ED, FLO = range(101, 107)
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


def signed(n: int, best_of: int, seed: int) -> dict:
    t = T.new_tournament("tixel", T.SWISS, best_of, seed, False)
    for i in range(n):
        t = T.add_player(t, 101 + i, NAMES[i])
    return T.start(t)


class Table:
    """Plays given game winners (None: a drawn game) into given matches."""

    def __init__(self, t: dict):
        self.t, self.game_id = t, 0

    def play(self, match_id: str, winners: list[int | None]) -> None:
        for winner in winners:
            (slot,) = [s for s in T.games_to_start(self.t) if s.match_id == match_id]
            self.game_id += 1
            self.t = T.attach_game(self.t, match_id, slot.game_no, self.game_id)
            a, b = slot.players
            ranks = {a: 1, b: 1} if winner is None else {winner: 1, (b if winner == a else a): 2}
            self.t = T.record_game(self.t, self.game_id, ranks)

    def pairs(self, round_no: int) -> list[list[int]]:
        return [m.players for m in T.matches(self.t, round_no)]


def test_six_player_swiss_worked_by_hand():
    table = Table(signed(6, 3, 2026))
    assert table.t["rounds"] == 3  # ceil(log2(6))
    # round 1 is random from the seed (observed); then pairs by points, top down, no rematch
    assert table.pairs(1) == [[FLO, BOB], [DI, ANN], [ED, CY]]
    table.play("r1m1", [FLO, FLO])  # Flo 2-0 Bob
    table.play("r1m2", [ANN, DI, ANN])  # Ann 2-1 Di
    table.play("r1m3", [CY, ED, None, CY])  # Cy 2-1 Ed, one drawn game
    assert table.pairs(2) == [[CY, ANN], [FLO, DI], [BOB, ED]]
    table.play("r2m1", [ANN, ANN])  # Ann 2-0 Cy
    table.play("r2m2", [DI, DI])  # Di 2-0 Flo
    table.play("r2m3", [BOB, ED, BOB])  # Bob 2-1 Ed
    assert table.pairs(3) == [[ANN, FLO], [CY, BOB], [DI, ED]]
    table.play("r3m1", [FLO, ANN, FLO])  # Flo 2-1 Ann
    table.play("r3m2", [CY, BOB, None, None, None])  # 1-1 after best_of + 2 games: a drawn match
    table.play("r3m3", [DI, DI])  # Di 2-0 Ed
    assert T.is_over(table.t)

    # Match-win %: Ann, Di, Flo 6/9; Bob, Cy 4/9; Ed 0 (1/3 as an opponent).
    # Game points (3 a win, 1 a drawn game) / 3 x games: Ann 15/24, Bob 12/30, Cy 13/33,
    # Di 15/21, Ed 7/27 (1/3 as an opponent), Flo 12/21.
    mw = {ANN: F(2, 3), BOB: F(4, 9), CY: F(4, 9), DI: F(2, 3), ED: F(1, 3), FLO: F(2, 3)}
    gw = {ANN: F(15, 24), BOB: F(12, 30), CY: F(13, 33), DI: F(15, 21), ED: F(7, 27), FLO: F(12, 21)}
    floor_gw = {**gw, ED: F(1, 3)}
    opponents = {ANN: [DI, CY, FLO], BOB: [FLO, ED, CY], CY: [ED, ANN, BOB], DI: [ANN, FLO, ED],
                 ED: [CY, BOB, DI], FLO: [BOB, DI, ANN]}
    omw = {p: sum(mw[o] for o in opps) / 3 for p, opps in opponents.items()}
    ogw = {p: sum(floor_gw[o] for o in opps) / 3 for p, opps in opponents.items()}
    assert omw[ANN] == omw[FLO] == F(16, 27) > omw[DI] == F(15, 27)  # OMW puts Di third
    assert omw[BOB] == omw[CY] == F(13, 27)  # GW% then puts Ann before Flo, Bob before Cy

    rows = T.standings(table.t)
    expected = [  # rank, user, points, wins, draws, losses
        (1, ANN, 6, 2, 0, 1), (2, FLO, 6, 2, 0, 1), (3, DI, 6, 2, 0, 1),
        (4, BOB, 4, 1, 1, 1), (5, CY, 4, 1, 1, 1), (6, ED, 0, 0, 0, 3),
    ]
    assert [(s.rank, s.user_id, s.points, s.wins, s.draws, s.losses) for s in rows] == expected
    for s in rows:
        assert s.name == NAMES[s.user_id - 101]
        assert s.omw == pytest.approx(float(omw[s.user_id]))
        assert s.gw == pytest.approx(float(gw[s.user_id]))
        assert s.ogw == pytest.approx(float(ogw[s.user_id]))
    assert T.champion(table.t) == ANN


def test_a_bye_is_a_two_nil_win_left_out_of_the_opponents_percentages():
    table = Table(signed(3, 1, 7))
    (pair, bye) = table.pairs(1)
    a, b = pair
    (c,) = bye
    table.play("r1m1", [a])
    # round 2: c (3 points, had the bye) and a (3) are on top; b (0) is the only one without a bye
    (pair2, bye2) = table.pairs(2)
    assert bye2 == [b] and sorted(pair2) == sorted([a, c])
    table.play("r2m1", [c])
    assert T.is_over(table.t)
    rows = {s.user_id: s for s in T.standings(table.t)}
    # c: bye (3, games 2-0) + beat a 1-0: points 6, GW (6 + 3) / (3 x 3) = 1, opponents [a]
    # a: beat b, lost to c: points 3, MW 1/2, GW 3 / 6; b: lost to a, then a bye: points 3, MW 1/2
    assert (rows[c].points, rows[c].wins, rows[c].gw) == (6, 2, 1.0)
    assert rows[c].omw == pytest.approx(1 / 2)  # only a counts: the bye is not an opponent
    assert rows[a].omw == pytest.approx((1 / 2 + 1) / 2)  # b's 3 of 6, c's 6 of 6
    assert rows[b].omw == pytest.approx(1 / 2) and rows[b].gw == pytest.approx(6 / 9)
    assert [s.user_id for s in T.standings(table.t)] == [c, a, b]  # a and b on 3: OMW 3/4 beats 1/2
