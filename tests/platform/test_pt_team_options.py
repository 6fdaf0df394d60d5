"""Team modes' options (issue #12): seat counts per mode, Team Cross Duel's ``points``, and the options the team
modes refuse (more than one game, Promos, Chase Leaders, Bases, Epic decks), checked by ``setup_decks``."""

import pytest

from bot.games.base import BadOptions
from bot.games.pixel_tactics import PixelTacticsEngine, sets
from bot.games.pixel_tactics.modes import seats_of
from bot.games.pixel_tactics.setup_decks import checked

E = PixelTacticsEngine()
CORE = sets.set_keys("core")
LEADERS = ["gearsmith", "starseer", "lorekeeper", "rageborn"]
DECK = {"format": "standard", "leaders": LEADERS,
        "heroes": [k for k in CORE if k not in LEADERS] + sets.set_keys("commons")[:4]}


def test_each_mode_is_played_by_its_seats():
    assert [seats_of(m) for m in ("classic", "siege", "duel_draft", "epic", "team", "king")] == [2, 2, 2, 2, 4, 6]
    assert E.min_players == 2 and E.max_players == 6


@pytest.mark.parametrize("mode", ["classic", "siege", "duel_draft", "epic"])
@pytest.mark.parametrize("seats", [3, 4, 6])
def test_two_seat_modes_refuse_more_seats_with_todays_message(mode, seats):
    with pytest.raises(BadOptions, match=r"^Pixel Tactics is played by 2 players\.$"):
        checked(seats, {"mode": mode})


@pytest.mark.parametrize("seats", [2, 3, 5, 6])
def test_team_cross_duel_needs_exactly_four_seats(seats):
    with pytest.raises(BadOptions, match=r"^Team Cross Duel is played by 4 players \(two teams of 2\)\.$"):
        checked(seats, {"mode": "team"})


@pytest.mark.parametrize("seats", [2, 4, 5])
def test_king_needs_exactly_six_seats(seats):
    with pytest.raises(BadOptions, match=r"^King is played by 6 players \(two teams of 3: a King and two Knights\)"):
        checked(seats, {"mode": "king"})


def test_the_engine_refuses_seven_seats_and_one_before_any_mode():
    for seats in (1, 7):
        with pytest.raises(BadOptions, match="Pixel Tactics is played by 2 to 6 players."):
            E.new_game(seats, {"mode": "king"}, 1)


def test_team_modes_are_one_game_and_team_cross_duel_defaults_to_three_points():
    team = checked(4, {"mode": "team"})
    assert team == {"target": 1, "content": sets.CURRENT, "set": "core", "decks": None, "promos": False,
                    "chase": False, "mode": "team", "points": 3}
    assert checked(4, {"mode": "team", "points": 5, "trophies": 1})["points"] == 5
    king = checked(6, {"mode": "king"})
    assert king["target"] == 1 and king["mode"] == "king" and "points" not in king
    assert "points" not in checked(2, {})  # Classic settings unchanged


@pytest.mark.parametrize("points", [1, 2, 4, 6, "3", True, None])
def test_points_must_be_three_or_five(points):
    with pytest.raises(BadOptions, match=r"^points must be 3 \(3 from one rival or 1 from each\) or 5"):
        checked(4, {"mode": "team", "points": points})


@pytest.mark.parametrize("mode, seats", [("classic", 2), ("siege", 2), ("epic", 2), ("king", 6)])
def test_points_belongs_to_team_cross_duel_only(mode, seats):
    with pytest.raises(BadOptions, match=r"^points is an option of Team Cross Duel only\.$"):
        checked(seats, {"mode": mode, "points": 3})


def test_five_points_is_refused_with_built_decks_three_is_allowed():
    with pytest.raises(BadOptions, match="A built deck holds 4 Leaders .* Play to 3 points."):
        checked(4, {"mode": "team", "points": 5, "decks": [DECK] * 4})
    got = checked(4, {"mode": "team", "decks": [DECK] * 4})
    assert got["points"] == 3 and [d["leaders"][0] for d in got["decks"]] == [
        f"{s}.gearsmith@{sets.CURRENT}" for s in range(4)]


@pytest.mark.parametrize("mode, seats, title", [("team", 4, "Team Cross Duel"), ("king", 6, "King")])
@pytest.mark.parametrize("options, reason", [
    ({"trophies": 2}, "is one game, won by defeating Leaders: leave trophies out."),
    ({"trophies": 3}, "is one game, won by defeating Leaders: leave trophies out."),
    ({"promos": True}, "is played without Promos."),
    ({"chase": True}, "is played without Chase Leaders."),
    ({"bases": [["b1"], ["b2"]]}, "is not a League game: it is played without Bases."),
])
def test_team_modes_refuse_other_modes_options(mode, seats, title, options, reason):
    with pytest.raises(BadOptions) as caught:
        checked(seats, {"mode": mode, **options})
    assert str(caught.value) == f"{title} {reason}"


def test_team_modes_refuse_epic_decks():
    epic = {"format": "epic", "leaders": LEADERS, "heroes": DECK["heroes"] * 3}
    with pytest.raises(BadOptions, match="^King is played with core sets or Standard decks, not Epic decks.$"):
        checked(6, {"mode": "king", "decks": [epic] * 6})
