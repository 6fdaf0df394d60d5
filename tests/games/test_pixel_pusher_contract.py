"""The engine contract: privacy of hands, picks and Convert & Store work; decision ids; descriptions;
undo; defaults; leaving; JSON; purity."""

import json
import random

import pytest

from bot.games.base import GameError, IllegalAction, NotYourTurn
from bot.games.pixel_pusher import PixelPusherEngine
from bot.games.pixel_pusher.content import MACHINES
from bot.games.pixel_pusher.invariants import check_invariants
from bot.games.pixel_pusher.scenario import set_hands, set_pixels, set_slots, start_phase

ENGINE = PixelPusherEngine()


def private_ids(state):
    """Every machine card id held privately (hands and face-down picks)."""
    return {c for seat in range(state["num_players"]) for c in state["hands"][seat] + state["drafted"][seat]
            if c in MACHINES}


def assert_public_hides(state):
    """The public view names no privately held machine card; each seat's view names only its own."""
    text = json.dumps(ENGINE.view(state, None))
    for card in private_ids(state):
        assert f'"{card}"' not in text
    assert "private" not in ENGINE.view(state, None)
    for seat in range(state["num_players"]):
        mine = {c for c in state["hands"][seat] + state["drafted"][seat] if c in MACHINES}
        seen = json.dumps(ENGINE.view(state, seat))
        for card in private_ids(state) - mine:
            assert f'"{card}"' not in seen


def mid_draft():
    s = ENGINE.new_game(3, {"content": 1}, 11)
    s = set_hands(s, [["m01", "m02", "m03", "build"], ["m11", "m12", "m13", "collect"],
                      ["m21", "m22", "m23", "score"]])
    s = ENGINE.apply(s, 0, {"type": "pick", "card": "m01"})
    s = ENGINE.apply(s, 1, {"type": "pick", "card": "collect"})
    s = ENGINE.apply(s, 2, {"type": "pick", "card": "m23"})
    return ENGINE.apply(s, 0, {"type": "pick", "card": "score"})


def test_public_view_mid_draft_hides_hands_and_picks():
    s = mid_draft()
    assert private_ids(s) == {"m01", "m23", "m21", "m22", "m02", "m03", "m11", "m12", "m13"}
    assert_public_hides(s)
    public = ENGINE.view(s, None)
    assert [seat["picked"] for seat in public["seats"]] == [True, False, False]
    assert [seat["hand"] for seat in public["seats"]] == [2, 3, 3]
    assert all(seat["ability"] is None and seat["abilities"] == [] for seat in public["seats"])
    mine = ENGINE.view(s, 0)["private"]
    assert [c["id"] for c in mine["hand"]] == ["m21", "m22"]
    assert [c["id"] for c in mine["drafted"]] == ["m01", "score"]


def test_public_view_in_build_hides_the_hands():
    s = mid_draft()
    for seat, card in ((1, "m02"), (2, "m11"), (0, "m12"), (1, "m21"), (2, "m03")):
        s = ENGINE.apply(s, seat, {"type": "pick", "card": card})
    assert s["phase"] == "build"
    assert_public_hides(s)


def converting():
    s = ENGINE.new_game(2, {"content": 1}, 12)
    set_slots(s, 0, {3: ["m31"]})
    set_pixels(s, 0, "RGB", "")
    set_pixels(s, 1, "BB", "")
    return start_phase(s, "convert", {})


def test_public_view_mid_convert_shows_nothing_of_the_work():
    s = converting()
    before = ENGINE.view(s, None)
    ids = {d.player: d.id for d in ENGINE.pending(s)}
    s = ENGINE.apply(s, 0, {"type": "convert", "source": "m31", "pay": {"R": 1, "G": 1}, "gain": {"Y": 1}})
    s = ENGINE.apply(s, 0, {"type": "store", "color": "Y"})
    after = ENGINE.view(s, None)
    before.pop("log"), after.pop("log"), before.pop("log_events"), after.pop("log_events")
    assert before == after
    assert "working" not in json.dumps(after)
    assert ENGINE.view(s, 1)["private"]["working"]["held"] == ["B", "B"]
    assert ENGINE.decision_for(s, 1).id == ids[1] and ENGINE.decision_for(s, 0).id != ids[0]
    s = ENGINE.apply(s, 0, {"type": "confirm"})
    assert ENGINE.view(s, None)["seats"][0]["confirmed"] is True
    assert ENGINE.view(s, None)["seats"][0]["held"] == ["R", "G", "B"]  # still the opening board


def test_descriptions_never_name_a_pick_publicly():
    s = ENGINE.new_game(2, {"content": 1}, 3)
    s = set_hands(s, [["m01", "m02", "m03", "build"], ["m11", "m12", "m13", "collect"]])
    action = {"type": "pick", "card": "m02"}
    assert ENGINE.describe_action(s, 0, action) == "made a pick"
    assert ENGINE.describe_for(s, 0, action, None) == "made a pick"
    assert ENGINE.describe_for(s, 0, action, 1) == "made a pick"
    assert ENGINE.describe_for(s, 0, action, 0) == "picked Red Scoop (Collect 1 R)"
    assert ENGINE.describe_for(s, 0, {"type": "pick", "card": "build"}, 0) == "picked 1st to Build"


def test_descriptions_of_convert_steps_are_private():
    s = converting()
    action = {"type": "convert", "source": "m31", "pay": {"R": 1, "G": 1}, "gain": {"Y": 1}}
    assert ENGINE.describe_action(s, 0, action) == "worked on their machine"
    assert ENGINE.describe_for(s, 0, action, 0) == "converted R+G → Y with Yellow Mixer"
    assert ENGINE.describe_for(s, 0, {"type": "store", "color": "B"}, 0) == "stored a blue pixel"
    assert ENGINE.describe_action(s, 0, {"type": "confirm"}) == "confirmed Convert & Store"


def test_undo_allowed():
    s = ENGINE.new_game(2, {"content": 1}, 3)
    s = set_hands(s, [["m01", "m02", "m03", "build"], ["m11", "m12", "m13", "collect"]])
    a = {"type": "pick", "card": "m01"}
    s1 = ENGINE.apply(s, 0, a)
    assert ENGINE.undo_allowed(s, s1, 0, a)  # nothing seen yet
    b = {"type": "pick", "card": "m11"}
    s2 = ENGINE.apply(s1, 1, b)
    assert not ENGINE.undo_allowed(s1, s2, 1, b)  # the hands passed: new cards seen
    c = converting()
    act = {"type": "store", "color": "B"}
    c1 = ENGINE.apply(c, 1, act)
    assert ENGINE.undo_allowed(c, c1, 1, act)
    c2 = ENGINE.apply(c1, 1, {"type": "confirm"})
    assert ENGINE.undo_allowed(c1, c2, 1, {"type": "confirm"})
    c3 = ENGINE.apply(c2, 0, {"type": "confirm"})  # closes the phase: everyone's work is shown
    assert not ENGINE.undo_allowed(c2, c3, 0, {"type": "confirm"})


def test_install_cannot_be_taken_back():
    s = ENGINE.new_game(2, {"content": 1}, 3)
    s = start_phase(set_hands(s, [["m01", "m02"], ["m11"]]), "build", {"build": 0})
    act = {"type": "install", "card": "m01", "slot": 1}
    assert not ENGINE.undo_allowed(s, ENGINE.apply(s, 0, act), 0, act)


def test_default_actions_are_legal_in_every_phase():
    for seed in range(3):
        s = ENGINE.new_game(3, {"content": 1}, seed)
        kinds = set()
        while not ENGINE.is_terminal(s):
            decision = ENGINE.pending(s)[0]
            action = ENGINE.default_action(s, decision.player)
            assert action in ENGINE.legal_actions(s, decision.player)
            kinds.add(decision.kind)
            s = ENGINE.apply(s, decision.player, action)
        assert kinds >= {"draft", "build", "convert"}
    with pytest.raises(NotYourTurn):
        ENGINE.default_action(s, 0)


def test_leaving_two_players_ends_the_game():
    s = ENGINE.new_game(2, {"content": 1}, 3)
    s = ENGINE.leave(s, 0)
    assert ENGINE.is_terminal(s) and ENGINE.result(s).winners == [1]
    with pytest.raises(IllegalAction):
        ENGINE.leave(s, 1)


def test_leaving_mid_draft_in_three_players_keeps_the_draft_flowing():
    s = ENGINE.new_game(3, {"content": 1}, 3)
    s = set_hands(s, [["m01", "m02", "m03", "build"], ["m11", "m12", "m13", "collect"],
                      ["m21", "m22", "m23", "score"]])
    s = ENGINE.apply(s, 0, {"type": "pick", "card": "m02"})
    s = ENGINE.leave(s, 2)
    check_invariants(s)
    s = ENGINE.apply(s, 1, {"type": "pick", "card": "m11"})
    # seat 2's picks are made for it (its first card: m21, then at once m12 from its new hand)
    assert s["hands"] == [["m22", "m23", "score"], ["m01", "m03", "build"], ["m13", "collect"]]
    assert s["drafted"][2] == ["m21", "m12"]
    assert [d.player for d in ENGINE.pending(s)] == [0, 1]
    with pytest.raises(NotYourTurn) as err:
        ENGINE.apply(s, 2, {"type": "pick", "card": "m12"})
    assert err.value.message == "You have left this game."
    while not ENGINE.is_terminal(s):
        d = ENGINE.pending(s)[0]
        s = ENGINE.apply(s, d.player, ENGINE.default_action(s, d.player))
        check_invariants(s)
        assert all(seat != 2 for seat in (x.player for x in ENGINE.pending(s)))
    result = ENGINE.result(s)
    assert result.ranking[-1] == [2] and 2 not in result.winners


def test_leaving_during_convert_settles_the_work():
    s = converting()
    s = ENGINE.new_game(3, {"content": 1}, 12)
    set_pixels(s, 0, "RGB", "")
    set_pixels(s, 1, "BB", "")
    set_pixels(s, 2, "G", "")
    s = start_phase(s, "convert", {})
    s = ENGINE.apply(s, 1, {"type": "store", "color": "B"})
    s = ENGINE.leave(s, 1)
    check_invariants(s)
    assert s["boards"][1]["stored"] == ["B"] and s["work"][1] is None
    assert [d.player for d in ENGINE.pending(s)] == [0, 2]


def test_refusals():
    s = mid_draft()
    with pytest.raises(NotYourTurn):
        ENGINE.apply(s, 5, {"type": "pick", "card": "m21"})
    for bad in (None, "pick", {}, {"type": "fill"}, {"type": "pick"}):
        with pytest.raises(IllegalAction):
            ENGINE.apply(s, 1, bad)
    done = ENGINE.leave(ENGINE.new_game(2, {"content": 1}, 1), 1)
    with pytest.raises(NotYourTurn) as err:
        ENGINE.apply(done, 0, {"type": "pick", "card": "m01"})
    assert err.value.message == "The game is over."
    with pytest.raises(GameError):
        ENGINE.result(s)


def test_apply_is_pure_and_json_round_trips():
    s = ENGINE.new_game(4, {"content": 1}, 17)
    rng = random.Random(1)
    for _ in range(60):
        if ENGINE.is_terminal(s):
            break
        d = rng.choice(ENGINE.pending(s))
        frozen = json.dumps(s, sort_keys=True)
        nxt = ENGINE.apply(s, d.player, rng.choice(ENGINE.legal_actions(s, d.player)))
        assert json.dumps(s, sort_keys=True) == frozen
        assert ENGINE.from_json(ENGINE.to_json(nxt)) == nxt
        s = nxt


def test_view_shape():
    v = ENGINE.view(ENGINE.new_game(2, {"content": 1}, 1), None)
    assert set(v) >= {"game", "round", "phase", "players", "conveyor", "bag", "supply", "deck", "discard",
                      "images", "image_deck", "abilities", "order", "to_act", "seats", "log", "result"}
    assert set(v["seats"][0]) >= {"seat", "score", "side", "slot_segments", "slots", "storage", "stored", "held",
                                  "ability", "hand", "picked", "confirmed"}
    assert v["game"] == "pixel-pusher" and v["players"] == 2 and v["to_act"] == [0, 1]
    assert set(v["images"][0]) >= {"id", "name", "grid", "scanlines"}
    assert set(v["images"][0]["scanlines"][0]) == {"row", "needs", "vp", "filled_by"}
    assert set(ENGINE.view(ENGINE.new_game(2, {"content": 1}, 1), 1)["private"]) == {"hand", "drafted", "working"}
