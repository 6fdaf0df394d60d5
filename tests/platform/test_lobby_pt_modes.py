"""/play mode: the option belongs to Pixel Tactics, and the lobby text names a mode other than Classic."""

from cogs.lobby.options import option_refusal
from cogs.lobby.texts import mode_line

NONE = {"tix": None, "poka_yoke": None, "trophies": None, "deck": None, "set": None, "promos": None,
        "chase": None, "method": None, "mode": None}


def test_mode_is_refused_for_other_games_with_the_reason():
    assert option_refusal("pixies", {**NONE, "mode": "siege"}) == "The `mode` option is for Pixel Tactics only."
    assert option_refusal("pt-draft", {**NONE, "mode": "epic"}) == "The `mode` option is for Pixel Tactics only."
    assert option_refusal("pixel-tactics", {**NONE, "mode": "duel_draft"}) is None


def test_lobby_line_names_the_mode_and_classic_says_nothing():
    assert mode_line({"mode": "siege"}) == "\nMode: Siege"
    assert mode_line({"mode": "duel_draft", "trophies": 2}) == "\nMode: Duel Draft"
    assert mode_line({"mode": "epic"}) == "\nMode: Epic Duel"
    assert mode_line({"mode": "classic"}) == ""
    assert mode_line({}) == ""


def test_mode_combinations_the_engine_refuses_are_refused_at_once():
    pt = "pixel-tactics"
    assert "leave `trophies` out" in option_refusal(pt, {**NONE, "mode": "epic", "trophies": 2})
    assert option_refusal(pt, {**NONE, "mode": "epic", "trophies": 1}) is None
    assert "leave `card_set` out" in option_refusal(pt, {**NONE, "mode": "epic", "set": "core2"})
    assert option_refusal(pt, {**NONE, "mode": "duel_draft", "promos": True}) == "Duel Draft is played without Promos."
    assert option_refusal(pt, {**NONE, "mode": "siege", "trophies": 3, "promos": True}) is None
