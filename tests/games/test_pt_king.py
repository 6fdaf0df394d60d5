"""King (3v3, issue #12): one test per rule of the rulebook's King text, on 6-seat states from
``match.new_match(6, 1, seed, "core", mode="king")`` edited by hand.

Table (clockwise): 0 King 1, 1 Knight 1, 2 Knight 2, 3 King 2, 4 Knight 2, 5 Knight 1.
"""

from bot.games.pixel_tactics import match
from bot.games.pixel_tactics.modes import king


def fresh(seed=3):
    """Return a dealt 6-seat King match (Leader picks pending) with its King state set up."""
    state = match.new_match(6, 1, seed, "core", mode="king")
    if "king" not in state:
        king.begin(state)
    return state


def knock_out(state, *seats):
    """Mark seats eliminated (the ring functions only read the flags)."""
    for seat in seats:
        state["king"]["eliminated"][seat] = True
    return state


# ------------------------------------------------------------------ setup: seats, teams, roles
def test_setup_teams_of_three_king_in_the_centre_knights_beside():
    state = fresh()
    assert king.roles(state) == ["king", "knight", "knight", "king", "knight", "knight"]
    assert king.team_seats(0) == [0, 1, 5] and king.team_seats(1) == [2, 3, 4]
    assert [king.team_of(s) for s in range(6)] == [0, 0, 1, 1, 1, 0]
    # each King sits between its two Knights around the table
    assert king.live_seats(state) == [0, 1, 2, 3, 4, 5]
    assert {king.distance(state, 0, 1), king.distance(state, 0, 5)} == {1}
    assert {king.distance(state, 3, 2), king.distance(state, 3, 4)} == {1}


# ------------------------------------------------------------------ reach
def test_knights_reach_only_the_knight_directly_across_at_the_start():
    state = fresh()
    assert {s: c for s, c in king.reach(state, 1).items() if c == 1} == {2: 1}
    assert {s: c for s, c in king.reach(state, 2).items() if c == 1} == {1: 1}
    assert {s: c for s, c in king.reach(state, 4).items() if c == 1} == {5: 1}
    assert {s: c for s, c in king.reach(state, 5).items() if c == 1} == {4: 1}


def test_long_action_reaches_a_player_two_seats_away():
    state = fresh()
    # Knight 1 (seat 1): Knight 2 beside it at cost 1, the rival King two seats away (past Knight 2) at cost 2,
    # the far Knight (seat 4, three seats either way) out of reach; teammates are never listed
    assert king.reach(state, 1) == {2: 1, 3: 2}
    assert king.reach(state, 5) == {4: 1, 3: 2}
    assert king.reach(state, 2) == {1: 1, 0: 2}
    assert king.reach(state, 4) == {5: 1, 0: 2}


def test_king_reaches_the_rival_king_and_either_rival_knight_with_a_long_action():
    state = fresh()
    assert king.reach(state, 0) == {2: 2, 3: 2, 4: 2}
    assert king.reach(state, 3) == {0: 2, 1: 2, 5: 2}
    # the Kings sit three seats apart around the ring but count as two (ours)
    assert king.distance(state, 0, 3) == 2


def test_eliminated_seats_disappear_and_new_neighbours_appear():
    state = knock_out(fresh(), 2)  # Knight 2 at seat 2 is out: Knight 1 (seat 1) now sits beside King 2
    assert king.live_seats(state) == [0, 1, 3, 4, 5]
    assert king.reach(state, 1) == {3: 1, 4: 2}
    assert king.reach(state, 0) == {3: 2, 4: 2}  # 0 -> 1 -> 3 and 0 -> 5 -> 4
    assert king.reach(state, 3) == {1: 1, 0: 2, 5: 2}
    assert king.reach(state, 2) == {} and king.distance(state, 1, 2) is None
    # the other rival Knight falls too: the Kings become neighbours
    knock_out(state, 4)
    assert king.reach(state, 3) == {1: 1, 5: 1, 0: 2}
    assert king.reach(state, 0) == {3: 2}
    knock_out(state, 1)
    assert king.live_seats(state) == [0, 3, 5]
    assert king.reach(state, 0) == {3: 1} and king.reach(state, 3) == {0: 1, 5: 1}


# ------------------------------------------------------------------ moves between Units
def test_knights_and_their_king_move_heroes_into_and_out_of_each_others_units():
    state = fresh()
    assert king.move_partners(state, 0) == [1, 5]
    assert king.move_partners(state, 1) == [0] and king.move_partners(state, 5) == [0]
    assert king.move_partners(state, 3) == [2, 4]
    assert king.move_partners(state, 2) == [3] and king.move_partners(state, 4) == [3]


def test_knight_to_knight_moves_are_not_allowed():
    state = fresh()
    assert 5 not in king.move_partners(state, 1) and 1 not in king.move_partners(state, 5)
    assert 4 not in king.move_partners(state, 2)
    knock_out(state, 5)  # an eliminated Knight is no partner (and has none)
    assert king.move_partners(state, 0) == [1] and king.move_partners(state, 5) == []


# ------------------------------------------------------------------ turns
def test_turns_proceed_clockwise_skipping_eliminated_seats():
    state = fresh()
    state["first"] = 0
    assert king.wave_order(state) == [0, 1, 2, 3, 4, 5]
    state["first"] = 4
    assert king.wave_order(state) == [4, 5, 0, 1, 2, 3]
    knock_out(state, 5, 1)
    assert king.wave_order(state) == [4, 0, 2, 3]


def test_first_player_marker_passes_clockwise_to_the_next_live_seat():
    state = fresh()
    state["first"] = 0
    assert king.next_first(state) == 1
    knock_out(state, 1)
    assert king.next_first(state) == 2
    state["first"] = 5
    assert king.next_first(state) == 0
