"""The Pixel Tactics ``mode`` engine option: checked names, Classic states unchanged, other modes stored."""

import pytest

from bot.games.base import BadOptions, GameError
from bot.games.pixel_tactics.engine import PixelTacticsEngine
from bot.games.pixel_tactics.modes import MODES, mode_of, mode_title

ENGINE = PixelTacticsEngine()


def test_modes_names_the_four_two_player_modes_and_the_two_team_modes():
    assert MODES == {"classic": "Classic", "siege": "Siege", "duel_draft": "Duel Draft", "epic": "Epic Duel",
                     "team": "Team Cross Duel", "king": "King"}


def test_mode_of_a_state_without_mode_is_classic():
    assert mode_of({}) == "classic"
    assert mode_of({"mode": "siege"}) == "siege"
    assert mode_title({"mode": "duel_draft"}) == "Duel Draft"
    assert mode_title({}) == "Classic"


def test_classic_mode_option_deals_the_same_state_as_no_option():
    plain = ENGINE.new_game(2, {}, 7)
    classic = ENGINE.new_game(2, {"mode": "classic"}, 7)
    assert classic == plain
    assert "mode" not in classic


@pytest.mark.parametrize("bad", ["queen", "Siege", "", 3, None, ["siege"]])
def test_unknown_mode_is_refused_with_the_mode_names(bad):
    with pytest.raises(BadOptions) as err:
        ENGINE.new_game(2, {"mode": bad}, 7)
    assert isinstance(err.value, GameError)
    assert str(err.value) == "mode must be one of: classic, siege, duel_draft, epic, team, king."


def test_mode_option_is_kept_by_settled_options():
    assert ENGINE.settled_options({"mode": "siege"})["mode"] == "siege"


@pytest.mark.parametrize("mode", ["classic", "siege", "duel_draft", "epic"])
def test_checked_options_carry_the_mode(mode):
    from bot.games.pixel_tactics import setup_decks

    assert setup_decks.checked(2, {"mode": mode})["mode"] == mode


def test_a_siege_match_stores_its_mode_in_the_state():
    state = ENGINE.new_game(2, {"mode": "siege"}, 7)
    assert state["mode"] == "siege"
    assert mode_of(state) == "siege"
