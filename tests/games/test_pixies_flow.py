"""Turn order, round ends, game end, resignations and refusals, on hand-built states.

Card ids used: 7 Blue 5, 16 Green 1 (5 spirals), 22 Green 5, 48 Red 1 (3 spirals), 56 Red 5,
63 Red 9; ids 24..47 only as face-down filler (face-down cards never score).
A seat whose grid is "nearly full" has face-down fillers on every space but the middle (space 5,
index 4); taking Blue 5 (id 7) then fills it with one face-up card worth a zone of 1.
"""


import pytest

from bot.games.base import BadOptions, NotYourTurn, rng_for
from bot.games.pixies import PixiesEngine
from bot.games.pixies.rules import check_invariants
from bot.games.pixies.scenario import arrange

ENGINE = PixiesEngine()


def nearly_full(first_filler=24):
    """Face-down fillers on every space but index 4."""
    spaces = [0, 1, 2, 3, 5, 6, 7, 8]
    return {index: (None, first_filler + k) for k, index in enumerate(spaces)}


def take(state, seat, card):
    """Apply a take and check invariants."""
    state = ENGINE.apply(state, seat, {"type": "take", "card": card})
    check_invariants(state)
    return state


def to_act(state):
    """Return the seat of the single pending decision."""
    [decision] = ENGINE.pending(state)
    return decision.player


def play_any_pick(state):
    """Let the current seat take the first offered card and resolve any placement decision."""
    seat = to_act(state)
    state = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    while ENGINE.pending(state) and ENGINE.pending(state)[0].kind != "pick":
        state = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    return seat, state


# ----------------------------------------------------------------------------- setup


def test_options_and_player_counts():
    for n in (1, 5, "2"):
        with pytest.raises(BadOptions):
            ENGINE.new_game(n, {}, 1)
    with pytest.raises(BadOptions):
        ENGINE.new_game(2, {"variant": 1}, 1)
    s = ENGINE.new_game(4, {}, 1)
    assert len(s["offer"]) == 4 and len(s["deck"]) == 66 and s["round"] == 1 and s["turn"] == 1


def test_first_player_is_drawn_from_the_seed():
    firsts = set()
    for seed in range(20):
        s = ENGINE.new_game(3, {}, seed)
        assert s["turn_first"] == rng_for(seed, "first").randrange(3)
        firsts.add(s["turn_first"])
        assert s["order"] == [(s["turn_first"] + k) % 3 for k in range(3)]
    assert firsts == {0, 1, 2}
    assert ENGINE.new_game(3, {}, 5) == ENGINE.new_game(3, {}, 5)


# ------------------------------------------------------------------------- turn order


def test_two_players_reveal_four_and_alternate():
    s = ENGINE.new_game(2, {}, 3)
    a = s["turn_first"]
    b = 1 - a
    assert len(s["offer"]) == 4
    seats = []
    for _ in range(4):
        seat, s = play_any_pick(s)
        seats.append(seat)
    assert seats == [a, b, a, b]
    # The last picker (b) reveals the next turn's four cards.
    assert (s["turn"], s["turn_first"], to_act(s), len(s["offer"]), len(s["deck"])) == (2, b, b, 4, 62)


def test_three_players_pick_clockwise_and_the_last_picker_starts_next_turn():
    s = arrange(ENGINE.new_game(3, {}, 1), offer=[7, 63, 48], order=[1, 2, 0])
    s = take(s, 1, 7)
    assert to_act(s) == 2
    s = take(s, 2, 63)
    assert to_act(s) == 0
    s = take(s, 0, 48)
    assert (s["turn"], s["turn_first"], s["order"], len(s["offer"])) == (2, 0, [0, 1, 2], 3)


def test_four_players_reveal_four_cards_one_each():
    s = ENGINE.new_game(4, {}, 2)
    first = s["turn_first"]
    assert s["order"] == [(first + k) % 4 for k in range(4)] and not s["pair_turn"]
    seats = []
    for _ in range(4):
        seat, s = play_any_pick(s)
        seats.append(seat)
    assert seats == [(first + k) % 4 for k in range(4)]
    assert (s["turn"], s["turn_first"], len(s["offer"])) == (2, (first + 3) % 4, 4)


# ------------------------------------------------------------------------- round ends


def test_two_players_first_pick_fills_second_still_picks_then_round_ends():
    s = arrange(ENGINE.new_game(2, {}, 4), {0: nearly_full()}, [7, 63, 22, 48], [0, 1, 0, 1], round_no=3)
    s = take(s, 0, 7)  # seat 0 is full now, but seat 1 still takes pick 2
    assert s["status"] == "playing" and to_act(s) == 1
    s = take(s, 1, 63)
    # Round 3 ends after pick 2; the last two cards stay untaken and are discarded.
    assert s["status"] == "finished"
    assert sorted(s["discard"]) == [22, 48]
    assert s["grids"][1][8] == {"up": 63, "down": None}
    # Round 3 scores: seat 0 Blue 5 alone (zone 1 x 4 = 4); seat 1 Red 9 alone (1 x 4 = 4).
    assert [e["total"] for e in s["rounds"][-1]["scores"]] == [4, 4]


def test_two_players_mid_turn_end_deals_next_round_started_by_the_last_adder():
    s = arrange(ENGINE.new_game(2, {}, 4), {0: nearly_full()}, [7, 63, 22, 48], [0, 1, 0, 1])
    s = take(take(s, 0, 7), 1, 63)
    # Round 1 scores: each a lone face-up card, zone 1 x 2 = 2.
    assert s["rounds"] == [
        {
            "round": 1,
            "multiplier": 2,
            "scores": [
                {"seat": 0, "active": True, "validated": 0, "spirals": 0, "crosses": 0, "color_spirals": 0,
                 "zone_color": "blue", "zone_size": 1, "zone_points": 2, "total": 2},
                {"seat": 1, "active": True, "validated": 0, "spirals": 0, "crosses": 0, "color_spirals": 0,
                 "zone_color": "red", "zone_size": 1, "zone_points": 2, "total": 2},
            ],
        }
    ]  # fmt: skip
    assert (s["round"], s["turn"], s["turn_first"], to_act(s), s["totals"]) == (2, 1, 1, 1, [2, 2])
    # All 70 cards were collected: 4 on the table, 66 in the deck, grids empty, discard empty.
    assert len(s["offer"]) == 4 and len(s["deck"]) == 66 and s["discard"] == []
    assert all(sp == {"up": None, "down": None} for g in s["grids"] for sp in g)


def test_two_players_fill_on_pick_three_still_gives_pick_four():
    grid0 = {i: (None, 24 + i) for i in (0, 1, 2, 3, 5, 6, 7)}  # empty: indexes 4 and 8
    s = arrange(ENGINE.new_game(2, {}, 6), {0: grid0}, [63, 22, 7, 48], [0, 1, 0, 1])
    s = take(s, 0, 63)  # index 8: seat 0 not full yet
    s = take(s, 1, 22)
    assert (s["round"], to_act(s)) == (1, 0)  # nobody full after pick 2: picks 3 and 4 follow
    s = take(s, 0, 7)  # index 4: seat 0 full
    assert (s["round"], to_act(s)) == (1, 1)
    s = take(s, 1, 48)
    # Round 1: seat 0 Red 9 + Blue 5 (two lone cards, tie -> blue zone 1 x 2) = 2;
    # seat 1 Green 5 + Red 1 (3 spirals): 3 + green zone 1 x 2 = 5.
    assert [e["total"] for e in s["rounds"][0]["scores"]] == [2, 5]
    assert [e["zone_color"] for e in s["rounds"][0]["scores"]] == ["blue", "green"]
    assert (s["round"], s["turn_first"]) == (2, 1)


def test_three_players_round_ends_only_at_the_end_of_the_turn():
    s = arrange(ENGINE.new_game(3, {}, 8), {1: nearly_full()}, [7, 63, 48], [1, 2, 0])
    s = take(s, 1, 7)
    assert (s["round"], to_act(s)) == (1, 2)
    s = take(s, 2, 63)
    assert (s["round"], to_act(s)) == (1, 0)
    s = take(s, 0, 48)
    # Round 1: seat 0 Red 1 (3 spirals) + zone 2 = 5; seat 1 Blue 5 zone 2; seat 2 Red 9 zone 2.
    assert [e["total"] for e in s["rounds"][0]["scores"]] == [5, 2, 2]
    assert (s["round"], s["turn_first"], s["order"]) == (2, 0, [0, 1, 2])


def test_rounds_reshuffle_with_the_seed():
    s = arrange(ENGINE.new_game(3, {}, 8), {1: nearly_full()}, [7, 63, 48], [1, 2, 0])
    before = s["deck"][:]
    s = take(take(take(s, 1, 7), 2, 63), 0, 48)
    assert sorted(s["deck"] + s["offer"]) == list(range(70))
    assert s["offer"] + s["deck"] != before
    again = arrange(ENGINE.new_game(3, {}, 8), {1: nearly_full()}, [7, 63, 48], [1, 2, 0])
    again = take(take(take(again, 1, 7), 2, 63), 0, 48)
    assert again == s


def test_game_ends_after_round_three_and_ties_share_the_victory():
    s = arrange(ENGINE.new_game(3, {}, 9), {0: nearly_full()}, [7, 63, 16], [0, 1, 2], round_no=3, totals=[30, 30, 20])
    s = take(take(take(s, 0, 7), 1, 63), 2, 16)
    # Round 3: seat 0 Blue 5 -> zone 1 x 4 = 4; seat 1 Red 9 -> 4; seat 2 Green 1 (5 spirals) -> 5 + 4 = 9.
    # Totals: 30 + 4 = 34, 30 + 4 = 34, 20 + 9 = 29.
    assert ENGINE.is_terminal(s)
    res = ENGINE.result(s)
    assert (res.winners, res.ranking, res.scores) == ([0, 1], [[0, 1], [2]], [34, 34, 29])
    assert ENGINE.pending(s) == [] and ENGINE.legal_actions(s, 0) == []
    view = ENGINE.view(s, None)
    assert view["result"] == {"winners": [0, 1], "ranking": [[0, 1], [2]], "scores": [34, 34, 29]}
    assert (view["status"], view["round"], view["to_act"], view["decision"], view["offer"]) == ("finished", 3, None, None, [])
    assert [r["multiplier"] for r in view["rounds"]] == [4]
    with pytest.raises(NotYourTurn):
        ENGINE.apply(s, 0, {"type": "take", "card": 7})
