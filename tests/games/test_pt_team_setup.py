"""Team Cross Duel players, setup and objective (points per defeated enemy Leader, goals, draws)."""

import pytest

from bot.games.base import BadOptions
from bot.games.pixel_tactics.modes import teams
from tests.games.pt_team_helpers import ENGINE, LEADERS, new, round_two, rout, started


# ------------------------------------------------------------------------------------------- players, setup
def test_players_four_in_two_teams_of_two():
    state = ENGINE.new_game(4, {"mode": "team"}, 3)
    assert state["mode"] == "team" and len(state["players"]) == 4 and state["target"] == 1
    with pytest.raises(BadOptions):
        ENGINE.new_game(2, {"mode": "team"}, 3)
    with pytest.raises(BadOptions):
        ENGINE.new_game(4, {"mode": "team", "trophies": 2}, 3)
    assert [teams.team_of(state, s) for s in range(4)] == [0, 1, 0, 1]
    assert teams.allies(state, 0) == [2] and teams.enemies(state, 0) == [1, 3] and teams.enemies(state, 3) == [0, 2]


def test_materials_core_sets_each_seat_its_own_mirror_copy():
    state = new()
    for seat in range(4):
        player = state["players"][seat]
        assert len(player["hand"]) == 5 and len(player["deck"]) == 20
        assert all(c.startswith(f"{seat}.") for c in player["hand"] + player["deck"])
    assert sorted(c.split(".", 1)[1] for c in state["players"][0]["hand"] + state["players"][0]["deck"]) == \
        sorted(c.split(".", 1)[1] for c in state["players"][3]["hand"] + state["players"][3]["deck"])


def test_setup_each_player_draws_and_selects_a_leader_as_normal():
    state = new()
    assert [d.player for d in ENGINE.pending(state)] == [0, 1, 2, 3]
    state = ENGINE.apply(state, 0, {"type": "leader", "card": state["players"][0]["hand"][0]})
    assert [d.player for d in ENGINE.pending(state)] == [1, 2, 3]
    public = ENGINE.view(state, 2)  # a teammate does not see the pick either
    assert public["players"][0]["unit"]["L"]["hidden"] and public["players"][0]["unit"]["L"]["card"] is None
    state = started()
    assert [state["players"][s]["unit"]["L"]["card"] for s in range(4)] == [f"{s}.{k}" for s, k in enumerate(LEADERS)]
    assert state["first"] == 0 and state["turn"] == 0 and state["round"] == 1 and state["phase"] == "turn"


# --------------------------------------------------------------------------------------------- objective
def test_objective_three_points_from_one_opponent():
    state = round_two()
    state["teams"]["defeats"] = [0, 2, 0, 0]
    state = rout(state, 1)
    assert state["status"] == "finished"
    assert state["result"]["winners"] == [0, 2] and state["result"]["ranking"] == [[0, 2], [1, 3]]
    assert state["result"]["scores"] == [3, 0, 3, 0]
    assert "Team 1 wins with 3 points" in state["result"]["reason"]


def test_objective_one_point_from_each_opponent():
    state = round_two()
    state["teams"]["defeats"] = [0, 1, 0, 0]
    state = rout(state, 3)
    assert state["status"] == "finished" and state["result"]["winners"] == [0, 2]
    assert state["teams"]["defeats"] == [0, 1, 0, 1]


def test_objective_play_to_five_points_or_two_per_opponent():
    state = round_two(points=5)
    assert ENGINE.view(state, None)["teams"]["goal"] == {"one": 5, "each": 2}
    state["teams"]["defeats"] = [0, 1, 0, 0]
    state = rout(state, 3)  # 1 from each: not enough when playing to 5
    assert state["status"] == "playing" and state["teams"]["picking"] == [3]
    state = round_two(points=5)
    state["teams"]["defeats"] = [0, 2, 0, 1]
    state = rout(state, 3)  # 2 from each
    assert state["status"] == "finished" and state["result"]["winners"] == [0, 2]
    state = round_two(points=5)
    state["teams"]["defeats"] = [4, 0, 0, 0]
    state = rout(state, 0)  # 5 from one
    assert state["result"]["winners"] == [1, 3]


def test_five_points_refused_with_built_decks():
    import random

    from tests.games.pt_play_fakes import random_deck

    rng = random.Random(5)
    decks = [random_deck(rng, "standard") for _ in range(4)]
    with pytest.raises(BadOptions, match="5"):
        ENGINE.new_game(4, {"mode": "team", "points": 5, "decks": decks}, 1)


def test_a_point_each_time_an_enemy_leader_is_defeated():
    state = round_two()
    state = rout(state, 1)
    assert state["teams"]["defeats"] == [0, 1, 0, 0]
    assert teams.team_points(state) == [1, 0]
    view = ENGINE.view(state, None)["teams"]
    assert view["points"] == [1, 0] and view["defeats"] == [0, 1, 0, 0]
    assert [c["id"] for c in view["set_aside"][1]] == ["1.stonehide"]
    assert "Seat 2's Leader Stonehide is defeated: a point for Team 1." in state["log"]


def test_both_teams_at_their_goal_more_points_wins_else_a_draw():
    state = round_two()
    state["teams"]["defeats"] = [2, 2, 0, 1]
    state = rout(state, 0, 1)  # Team 1: 3 + 1 = 4 points, Team 2: 3
    assert state["result"]["winners"] == [0, 2]
    state = round_two()
    state["teams"]["defeats"] = [2, 2, 0, 0]
    state = rout(state, 0, 1)  # 3 each
    assert state["result"]["winners"] == [] and state["result"]["ranking"] == [[0, 1, 2, 3]]
    assert "draw" in state["result"]["reason"]
