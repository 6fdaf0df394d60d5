"""The Pixel Tactics Draft engine under the platform contract: options and refusals, determinism, decision ids,
timeouts, leaving, descriptions that never name a hidden card."""

import json
import random

import pytest

from bot.games.base import BadOptions
from bot.games.pt_draft import PtDraftEngine, cube
from tests.games.pt_draft_helpers import ENGINE, POOL, cube_of, play


def test_refusals_name_what_is_wrong():
    with pytest.raises(BadOptions, match="A Pack Draft for 4 players deals 128 cards, but the Cube holds 100: "
                                         "it lacks 28 cards."):
        ENGINE.new_game(4, {"method": "pack", "cube": cube_of(100)}, 1)
    with pytest.raises(BadOptions, match="A Pack Draft is for 3 to 8 players; this table has 2."):
        ENGINE.new_game(2, {"method": "pack", "cube": cube_of(96)}, 1)
    with pytest.raises(BadOptions, match="An Epic Pack Draft for 3 players deals 192 cards"):
        ENGINE.new_game(3, {"method": "epic-pack", "cube": cube_of(96)}, 1)
    with pytest.raises(BadOptions, match="method must be one of"):
        ENGINE.new_game(3, {"method": "rochester", "cube": cube_of(96)}, 1)
    with pytest.raises(BadOptions, match="at most 3 copies"):
        ENGINE.new_game(2, {"method": "winston", "cube": [POOL[0]] * 4 + cube_of(80)}, 1)
    with pytest.raises(BadOptions, match="Unknown option"):
        ENGINE.new_game(2, {"method": "winston", "colour": "red"}, 1)


def test_default_method_and_cube():
    assert cube.default_method(2) == "winston" and cube.default_method(5) == "pack"
    settled = ENGINE.settled_options({"method": "purchase"})
    assert settled["method"] == "purchase" and settled["cube"] == cube.default_cube()
    assert ENGINE.settled_options({"cube": ["x"]})["cube"] == ["x"]
    s = ENGINE.new_game(2, {}, 3)
    assert s["method"] == "winston"


def test_standard_drafts_deal_one_copy_of_each_card_when_the_cube_has_enough():
    distinct = list(dict.fromkeys(POOL))
    twice = distinct + distinct[:10]
    s = ENGINE.new_game(2, {"method": "purchase", "cube": twice}, 1)
    dealt = s["deck"] + [lot["card"] for lot in s["lots"]]
    assert len(dealt) == 58 and len(set(dealt)) == 58


@pytest.mark.parametrize("method,players", [("pack", 3), ("winston", 2), ("purchase", 3)])
def test_same_seed_same_draft(method, players):
    options = {"method": method, "cube": cube_of(96)}
    a, _ = play(ENGINE.new_game(players, options, 11), random.Random(4))
    b, _ = play(ENGINE.new_game(players, options, 11), random.Random(4))
    assert ENGINE.to_json(a) == ENGINE.to_json(b)
    assert json.loads(ENGINE.to_json(a)) == a


def test_decision_ids_change_once_answered_only():
    s = ENGINE.new_game(3, {"method": "pack", "cube": cube_of(96)}, 1)
    ids = {d.player: d.id for d in ENGINE.pending(s)}
    s = ENGINE.apply(s, 0, ENGINE.default_action(s, 0))
    after = {d.player: d.id for d in ENGINE.pending(s)}
    assert after == {1: ids[1], 2: ids[2]}
    s = ENGINE.apply(s, 1, ENGINE.default_action(s, 1))
    s = ENGINE.apply(s, 2, ENGINE.default_action(s, 2))
    assert all(d.id != ids[d.player] for d in ENGINE.pending(s))


def test_descriptions_name_a_hidden_card_to_its_owner_only():
    s = ENGINE.new_game(3, {"method": "pack", "cube": cube_of(96)}, 1)
    action = ENGINE.default_action(s, 0)
    name = next(c["name"] for c in ENGINE.view(s, 0)["private"]["pack"] if c["id"] == action["card"])
    assert ENGINE.describe_for(s, 0, action, 0) == f"picked {name}"
    assert ENGINE.describe_for(s, 0, action, 1) == "made a pick" == ENGINE.describe_action(s, 0, action)
    w = ENGINE.new_game(2, {"method": "winston", "cube": cube_of(80)}, 1)
    assert ENGINE.describe_action(w, 0, {"type": "pass"}) == "passed lot 1"


def test_undo_only_when_nothing_was_revealed():
    s = ENGINE.new_game(3, {"method": "pack", "cube": cube_of(96)}, 1)
    a = ENGINE.apply(s, 0, ENGINE.default_action(s, 0))
    assert ENGINE.undo_allowed(s, a, 0, ENGINE.default_action(s, 0))
    b = ENGINE.apply(a, 1, ENGINE.default_action(a, 1))
    c = ENGINE.apply(b, 2, ENGINE.default_action(b, 2))  # the packs pass: new cards seen
    assert not ENGINE.undo_allowed(b, c, 2, ENGINE.default_action(b, 2))


def test_everyone_leaving_ends_the_draft():
    s = ENGINE.new_game(2, {"method": "winston", "cube": cube_of(80)}, 1)
    s = ENGINE.leave(s, 0)
    assert s["turn"] == 1 and s["status"] == "playing"
    s = ENGINE.leave(s, 1)
    assert s["status"] == "finished" and ENGINE.result(s).reason == "Every player left the draft."


def test_a_purchase_player_who_leaves_is_skipped():
    s = ENGINE.new_game(3, {"method": "purchase", "cube": cube_of(87)}, 1)
    s = ENGINE.leave(s, 0)
    assert s["turn"] == 1
    s, _ = play(s)
    assert s["status"] == "finished" and s["pools"][0] == []


def test_engine_is_registered_by_its_name():
    assert PtDraftEngine.name == "pt-draft" and PtDraftEngine.title == "Pixel Tactics Draft"
