"""King (3v3, issue #12): one test per rule of the rulebook's King text, on 6-seat states from
``match.new_match(6, 1, seed, "core", mode="king")`` edited by hand: seats, reach, moves, turns, routed Leaders,
hands and views (the rules played through the engine: ``test_pt_king_engine.py``).

Table (clockwise): 0 King 1, 1 Knight 1, 2 Knight 2, 3 King 2, 4 Knight 2, 5 Knight 1.
"""

import json

from bot.games.pixel_tactics import PixelTacticsEngine, match
from bot.games.pixel_tactics.modes import king
from bot.games.pixel_tactics.scenario import cards_of
from bot.games.pixel_tactics.state import new_entry
from tests.games.test_pt_playouts import strings

ENGINE = PixelTacticsEngine()


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


# ------------------------------------------------------------------ Leaders routed
def started(seed=3):
    """Return a King match after every seat picked its first legal Leader, seat 0 first, in the Vanguard wave of
    round 2 (past the Ceasefire), with every hand, deck and discard pile as dealt."""
    state = fresh(seed)
    for seat in range(6):
        if state["players"][seat]["unit"]["L"] is None and state["players"][seat]["leader_pick"] is None:
            match.pick_leader(state, seat, match.leader_actions(state, seat)[0]["card"])
    state.update(first=0, turn=0, round=2, wave="V", phase="turn", stage="act", actions_left=2)
    return state


def place(state, seat, slot, holder=None):
    """Put the top card of ``holder``'s deck (default ``seat``) into ``seat``'s Unit at ``slot`` as a Hero."""
    holder = seat if holder is None else holder
    card_id = state["players"][holder]["deck"].pop(0)
    state["players"][seat]["unit"][slot] = new_entry(card_id, "hero")
    return card_id


def owned(state, seat):
    """Return every card of ``seat`` wherever it is, out of play included (sorted)."""
    return sorted(cards_of(state, seat) + king.cards_out(state, seat))


def test_a_routed_knight_is_eliminated_its_cards_leave_play():
    state = started()
    before = owned(state, 2)
    mine_at_king = place(state, 3, "V0", holder=2)  # Knight 2's Hero standing in its King's Unit
    kings_in_knight = place(state, 2, "V1", holder=3)  # King 2's Hero standing in the Knight's Unit
    own_hero = place(state, 2, "F0")
    leader = state["players"][2]["unit"]["L"]["card"]
    hand = list(state["players"][2]["hand"])
    state["players"][2]["discard"].append(state["players"][2]["deck"].pop())
    king.fall(state, [2])
    assert state["status"] == "playing" and king.eliminated(state) == [False, False, True, False, False, False]
    p = state["players"][2]
    assert all(e is None for e in p["unit"].values()) and p["reserve"] == [None] * 3
    assert p["hand"] == [] and p["deck"] == [] and p["discard"] == []
    out = king.cards_out(state, 2)
    assert leader in out and own_hero in out and set(hand) <= set(out) and mine_at_king not in out
    # its Hero in the King's Unit stays; the King's Hero in its Unit goes to the King's discard pile (its owner)
    assert state["players"][3]["unit"]["V0"]["card"] == mine_at_king
    assert state["players"][3]["discard"] == [kings_in_knight]
    assert owned(state, 2) == before
    assert king.points(state) == [1, 0]
    assert state["log"][-1].startswith("Seat 3's Knight Leader ") and "Seat 3 is eliminated" in state["log"][-1]


def test_the_first_player_marker_leaves_an_eliminated_seat_clockwise():
    state = started()
    state["first"] = 5
    king.fall(state, [5])
    assert state["first"] == 0 and king.wave_order(state) == [0, 1, 2, 3, 4]


def test_a_rival_kings_leader_defeated_wins_the_game_for_your_team():
    state = started()
    king.fall(state, [3])
    assert state["status"] == "finished"
    assert state["result"]["winners"] == [0, 1, 5]
    assert state["result"]["ranking"] == [[0, 1, 5], [2, 3, 4]]
    assert "Team 1 wins" in state["result"]["reason"]


def test_a_kings_leader_defeated_ends_the_game_even_when_an_enemy_knight_falls_too():
    state = started()
    king.fall(state, [0, 2])  # King 1 and Knight 2 routed in the same wave: King 1's team loses
    assert state["status"] == "finished" and state["result"]["winners"] == [2, 3, 4]
    assert king.eliminated(state) == [False] * 6  # nobody is eliminated by a finished game


def test_eliminated_knights_team_still_wins_with_its_king():
    state = started()
    king.fall(state, [1])
    king.fall(state, [3])
    assert state["result"]["winners"] == [0, 1, 5]  # Knight 1 (seat 1) was out, its team won
    # each seat scores its team's points: Team 2 eliminated Knight 1 (seat 1), Team 1 none
    assert state["result"]["scores"] == [0, 0, 1, 1, 1, 0]


def test_both_kings_routed_at_once_more_living_heroes_wins():
    state = started()
    place(state, 0, "V0")
    place(state, 1, "V0")
    place(state, 3, "V0", holder=4)  # Team 2: one Hero (standing in the King's Unit)
    king.fall(state, [0, 3])
    assert state["result"]["winners"] == [0, 1, 5]
    assert "more living Heroes (2 to 1)" in state["result"]["reason"]


def test_both_kings_routed_at_once_with_as_many_living_heroes_is_a_draw():
    state = started()
    place(state, 5, "R0")
    place(state, 2, "R2")
    king.fall(state, [0, 3])
    assert state["result"]["winners"] == [] and "a draw" in state["result"]["reason"]
    assert state["result"]["ranking"] == [[0, 1, 2, 3, 4, 5]]


# ------------------------------------------------------------------ hands
def test_teammates_never_see_each_others_hands_in_any_view():
    state = started()
    for viewer in (None, *range(6)):
        view = ENGINE.view(state, viewer)
        text = json.dumps(view)
        for seat in range(6):
            assert view["players"][seat]["hand"] == len(state["players"][seat]["hand"])
            if seat != viewer:
                assert not set(state["players"][seat]["hand"]) & strings(text), (viewer, seat)
        if viewer is not None:
            assert [c["id"] for c in view["hand"]] == state["players"][viewer]["hand"]


def test_view_fields_of_the_king_table():
    state = started()
    king.fall(state, [4])
    fields = king.view_fields(state)
    assert fields["kind"] == "king" and fields["team_of"] == [0, 0, 1, 1, 1, 0]
    assert fields["roles"] == ["king", "knight", "knight", "king", "knight", "knight"]
    assert fields["eliminated"] == [False, False, False, False, True, False]
    assert fields["points"] == [1, 0] and fields["defeats"] == [0, 0, 0, 0, 1, 0]
    assert fields["reach"][5] == [[2, 2], [3, 1]]  # Knight 1 at seat 5 now sits beside King 2 (by seat)
    assert fields["reach"][4] == []
    assert fields["out"][4] == len(king.cards_out(state, 4)) > 0 and fields["out"][0] == 0
