"""Setup: options, the deal, the secret simultaneous Leader pick, the first player, decision ids."""

import json

import pytest

from bot.games.base import BadOptions, IllegalAction, NotYourTurn
from bot.games.pixel_tactics import PixelTacticsEngine

E = PixelTacticsEngine()


@pytest.mark.parametrize("options", [{"trophies": 4}, {"trophies": "2"}, {"trophies": 0}, {"speed": 1}, []])
def test_bad_options(options):
    with pytest.raises(BadOptions):
        E.new_game(2, options, 1)


def test_player_count_and_options():
    with pytest.raises(BadOptions):
        E.new_game(3, {}, 1)
    assert E.new_game(2, {}, 1)["target"] == 2
    assert E.new_game(2, {"trophies": 3}, 1)["target"] == 3
    assert E.new_game(2, None, 1)["target"] == 2


def test_deal_shuffles_each_copy_and_deals_five():
    s = E.new_game(2, {}, 5)
    for seat in (0, 1):
        p = s["players"][seat]
        assert len(p["hand"]) == 5 and len(p["deck"]) == 20
        assert all(c.startswith(f"{seat}.") for c in p["hand"] + p["deck"])
    assert [c[2:] for c in s["players"][0]["hand"]] != [c[2:] for c in s["players"][1]["hand"]]
    assert E.new_game(2, {}, 5) == s  # deterministic from the seed


def test_leader_pick_is_private_simultaneous_and_revealed_together():
    s = E.new_game(2, {}, 5)
    decisions = E.pending(s)
    assert [(d.player, d.kind, d.private) for d in decisions] == [(0, "leader", True), (1, "leader", True)]
    pick0 = s["players"][0]["hand"][2]
    s1 = E.apply(s, 0, {"type": "leader", "card": pick0})
    assert [d.player for d in E.pending(s1)] == [1]
    public = E.view(s1, None)
    assert pick0 not in json.dumps(public)
    assert public["players"][0]["leader_chosen"] and not public["players"][1]["leader_chosen"]
    assert public["players"][0]["unit"]["L"]["card"] is None
    assert E.view(s1, 0)["players"][0]["unit"]["L"]["card"]["id"] == pick0
    assert E.view(s1, 0)["leader_pick"]["id"] == pick0
    assert E.describe_action(s, 0, {"type": "leader", "card": pick0}) == "chose a Leader"
    assert "as Leader" in E.describe_for(s, 0, {"type": "leader", "card": pick0}, 0)
    with pytest.raises(NotYourTurn):
        E.apply(s1, 0, {"type": "leader", "card": s["players"][0]["hand"][0]})
    pick1 = s["players"][1]["hand"][0]
    s2 = E.apply(s1, 1, {"type": "leader", "card": pick1})
    assert s2["players"][0]["unit"]["L"]["card"] == pick0 and s2["players"][1]["unit"]["L"]["card"] == pick1
    assert len(s2["players"][0]["hand"]) == 4 and len(s2["players"][1]["hand"]) == 4
    assert s2["phase"] == "turn" and s2["round"] == 1 and s2["wave"] == "V" and s2["actions_left"] == 2
    assert s2["turn"] == s2["first"] in (0, 1)
    assert not E.undo_allowed(s1, s2, 1, {"type": "leader", "card": pick1})
    assert E.undo_allowed(s, s1, 0, {"type": "leader", "card": pick0})


def test_first_player_is_drawn_from_the_seed():
    firsts = set()
    for seed in range(12):
        s = E.new_game(2, {}, seed)
        for seat in (0, 1):
            s = E.apply(s, seat, E.default_action(s, seat))
        firsts.add(s["first"])
    assert firsts == {0, 1}


def test_leader_refusals_reveal_nothing():
    s = E.new_game(2, {}, 5)
    deck_card = s["players"][0]["deck"][0]
    msgs = set()
    for card in (deck_card, "1.lorekeeper@6", "0.nothing@6"):
        with pytest.raises(IllegalAction) as err:
            E.apply(s, 0, {"type": "leader", "card": card})
        msgs.add(err.value.message)
    assert msgs == {"That card is not in your hand."}
    with pytest.raises(IllegalAction):
        E.apply(s, 0, {"type": "draw"})


def test_default_action_picks_the_first_card():
    s = E.new_game(2, {}, 5)
    assert E.default_action(s, 1) == {"type": "leader", "card": s["players"][1]["hand"][0]}


def test_decision_ids_change_after_each_action_of_that_player():
    s = E.new_game(2, {}, 5)
    for seat in (0, 1):
        s = E.apply(s, seat, E.default_action(s, seat))
    seat = s["turn"]
    first_id = E.pending(s)[0].id
    s2 = E.apply(s, seat, {"type": "draw"})
    assert E.pending(s2)[0].player == seat and E.pending(s2)[0].id != first_id
