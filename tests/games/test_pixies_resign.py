"""Resignation (Engine.leave): frozen grids and scores, shrinking reveals, who starts next, ranking.

Card ids used: 7 Blue 5, 16 Green 1 (5 spirals), 22 Green 5, 23 Green 5 (1 cross), 48 Red 1 (3 spirals),
56 Red 5, 63 Red 9; ids 24..31 as face-down filler.
"""

import pytest

from bot.games.base import IllegalAction, NotYourTurn
from bot.games.pixies import PixiesEngine
from bot.games.pixies.rules import check_invariants
from bot.games.pixies.scenario import arrange

ENGINE = PixiesEngine()
NEARLY_FULL = {index: (None, 24 + k) for k, index in enumerate([0, 1, 2, 3, 5, 6, 7, 8])}  # index 4 empty


def take(state, seat, card):
    """Apply a take and check invariants."""
    state = ENGINE.apply(state, seat, {"type": "take", "card": card})
    check_invariants(state)
    return state


def leave(state, seat):
    """Apply a resignation and check invariants."""
    state = ENGINE.leave(state, seat)
    check_invariants(state)
    return state


def to_act(state):
    """Return the seat of the single pending decision."""
    [decision] = ENGINE.pending(state)
    return decision.player


def test_two_player_resignation_ends_the_game_for_the_other_seat_even_if_behind():
    s = arrange(ENGINE.new_game(2, {}, 1), round_no=2, totals=[50, 10])
    s = leave(s, 0)
    assert ENGINE.is_terminal(s) and ENGINE.pending(s) == []
    res = ENGINE.result(s)
    assert (res.winners, res.ranking, res.scores) == ([1], [[1], [0]], [50, 10])
    assert s["rounds"] == [] and s["round"] == 2  # the interrupted round is not scored
    assert s["last_action"] == {"seat": 0, "text": "resigned"}
    view = ENGINE.view(s, None)
    assert [p["active"] for p in view["players"]] == [False, True]
    assert view["result"]["winners"] == [1]


def test_three_players_resign_mid_turn_before_picking():
    s = arrange(ENGINE.new_game(3, {}, 2), offer=[7, 63, 48], order=[0, 1, 2])
    s = take(s, 0, 7)
    step = s["step"]
    s = leave(s, 1)
    assert s["step"] == step + 1 and to_act(s) == 2  # seat 1 is skipped in this turn
    s = take(s, 2, 63)
    # End of turn: the extra card (Red 1) is discarded; two players remain -> 4 cards, A B A B,
    # started by the last picker (seat 2).
    assert s["discard"] == [48]
    assert (s["turn"], s["turn_first"], s["order"], s["pair_turn"], len(s["offer"])) == (2, 2, [2, 0, 2, 0], True, 4)
    assert s["grids"][1] == [{"up": None, "down": None}] * 9
    assert ENGINE.legal_actions(s, 1) == []
    with pytest.raises(NotYourTurn):
        ENGINE.apply(s, 1, {"type": "take", "card": s["offer"][0]})


def test_resigning_with_a_pending_placement_discards_the_taken_card():
    s = arrange(ENGINE.new_game(3, {}, 3), {0: {4: (56, None)}}, [7, 63, 48], [0, 1, 2])
    s = take(s, 0, 7)
    assert ENGINE.pending(s)[0].kind == "keep"
    s = leave(s, 0)
    assert s["held"] is None and s["discard"] == [7]
    assert s["grids"][0][4] == {"up": 56, "down": None}  # frozen as it was
    assert to_act(s) == 1 and ENGINE.pending(s)[0].kind == "pick"
    s = take(take(s, 1, 63), 2, 48)
    assert (s["turn"], s["turn_first"], s["order"]) == (2, 2, [2, 1, 2, 1])


def test_resigned_grid_stays_frozen_and_scores_zero_in_later_rounds():
    grids = {0: NEARLY_FULL, 2: {0: (48, None), 4: (56, 23)}}
    s = arrange(ENGINE.new_game(3, {}, 4), grids, [7, 63, 16], [0, 1, 2], totals=[0, 0, 0])
    s = leave(s, 2)  # not seat 2's turn: leaving is always possible
    assert to_act(s) == 0
    s = take(take(s, 0, 7), 1, 63)
    # Seat 0 filled, the turn is over (seat 2 left): round 1 scored, Green 1 left on the table.
    first = s["rounds"][0]["scores"]
    # seat 0: Blue 5 alone -> zone 1 x 2 = 2; seat 1: Red 9 alone -> 2; seat 2 resigned -> zeros.
    assert [e["total"] for e in first] == [2, 2, 0]
    assert first[2] == {
        "seat": 2, "active": False, "validated": 0, "spirals": 0, "crosses": 0, "color_spirals": 0,
        "zone_color": None, "zone_size": 0, "zone_points": 0, "total": 0,
    }  # fmt: skip
    # Round 2: seat 2's three cards stay in its grid, out of the deck; 2 active players -> 4 cards.
    assert s["round"] == 2 and s["grids"][2][0] == {"up": 48, "down": None}
    assert s["grids"][2][4] == {"up": 56, "down": 23}
    assert len(s["deck"]) == 70 - 3 - 4 and len(s["offer"]) == 4
    assert (s["turn_first"], s["order"]) == (1, [1, 0, 1, 0])  # seat 1 added the last card
    view = ENGINE.view(s, 0)
    assert view["players"][2]["active"] is False and view["players"][2]["total"] == 0
    frozen = view["players"][2]["grid"][4]
    assert frozen["up"]["id"] == 56 and frozen["down"] is True


def test_a_resigned_player_never_wins():
    s = arrange(ENGINE.new_game(3, {}, 5), {0: NEARLY_FULL}, [7, 63, 16], [0, 1, 2], round_no=3, totals=[10, 20, 100])
    s = leave(s, 2)
    s = take(take(s, 0, 7), 1, 63)
    # Round 3: seat 0 +4 (zone 1 x 4), seat 1 +4 -> 14, 24; seat 2 frozen at 100.
    res = ENGINE.result(s)
    assert (res.winners, res.ranking, res.scores) == ([1], [[1], [0], [2]], [14, 24, 100])


def test_last_active_player_wins_at_once():
    s = arrange(ENGINE.new_game(3, {}, 6), totals=[5, 9, 7])
    s = leave(leave(s, 1), 2)
    res = ENGINE.result(s)
    assert (res.winners, res.ranking) == ([0], [[0], [1], [2]])
    # Resigned seats are ranked among themselves by frozen score: 9 before 7.
    s2 = leave(leave(arrange(ENGINE.new_game(3, {}, 6), totals=[5, 7, 9]), 1), 2)
    assert ENGINE.result(s2).ranking == [[0], [2], [1]]


def test_next_turn_passes_clockwise_when_the_last_adder_resigned():
    s = arrange(ENGINE.new_game(4, {}, 7), offer=[7, 63, 48, 16], order=[0, 1, 2, 3])
    s = take(take(take(s, 0, 7), 1, 63), 2, 48)
    s = leave(s, 2)  # seat 2 added the last card; it would have started the next turn
    s = leave(s, 3)  # seat 3 had not picked: the turn is over
    # Seats 0 and 1 remain: next active clockwise from seat 2 (3 is out) is seat 0.
    assert s["discard"] == [16]
    assert (s["turn"], s["turn_first"], s["order"], len(s["offer"])) == (2, 0, [0, 1, 0, 1], 4)


def test_next_round_passes_clockwise_when_the_last_adder_resigned():
    s = arrange(ENGINE.new_game(4, {}, 8), {0: NEARLY_FULL}, [7, 63, 48, 16], [0, 1, 2, 3])
    s = take(take(take(s, 0, 7), 1, 63), 2, 48)
    s = leave(leave(s, 2), 3)
    assert (s["round"], s["turn_first"], s["order"]) == (2, 0, [0, 1, 0, 1])
    assert [e["active"] for e in s["rounds"][0]["scores"]] == [True, True, False, False]


def test_four_players_down_to_three_reveal_three():
    s = arrange(ENGINE.new_game(4, {}, 9), offer=[7, 63, 48, 16], order=[0, 1, 2, 3])
    s = leave(s, 0)  # the turn's first player leaves before anyone picked
    assert to_act(s) == 1
    s = take(take(take(s, 1, 7), 2, 63), 3, 48)
    assert s["discard"] == [16]
    assert (s["turn_first"], s["order"], len(s["offer"])) == (3, [3, 1, 2], 3)


def test_leave_refusals():
    s = ENGINE.new_game(3, {}, 10)
    s = leave(s, 1)
    with pytest.raises(IllegalAction):
        ENGINE.leave(s, 1)
    for seat in (-1, 3):
        with pytest.raises(IllegalAction):
            ENGINE.leave(s, seat)
    s = leave(s, 0)
    assert ENGINE.is_terminal(s)
    with pytest.raises(IllegalAction):
        ENGINE.leave(s, 2)
