"""The engine contract: options, refusals, purity, JSON states, decision ids, the view format."""

import json

import pytest

from bot.games.base import BadOptions, GameError, IllegalAction, NotYourTurn
from bot.games.tixel import TixelEngine, parse_action
from bot.games.tixel.scenario import arrange

ENGINE = TixelEngine()


def pos(board, to_move=0, options=None, **kw):
    """A hand-built position (seed 1: seat 0 is White)."""
    return arrange(ENGINE.new_game(2, options or {}, 1), board, to_move, **kw)


def test_engine_identity():
    assert (ENGINE.name, ENGINE.title, ENGINE.min_players, ENGINE.max_players) == ("tixel", "Tixel", 2, 2)


@pytest.mark.parametrize(
    "players, options, seed",
    [
        (3, {}, 1), (1, {}, 1), (2, {"tix": 5}, 1), (2, {"tix": -1}, 1), (2, {"tix": True}, 1),
        (2, {"tix": "2"}, 1), (2, {"poka_yoke": 1}, 1), (2, {"colour": "white"}, 1), (2, [], 1), (2, {}, "1"),
    ],
)
def test_bad_options(players, options, seed):
    with pytest.raises(BadOptions):
        ENGINE.new_game(players, options, seed)


def test_new_game_pools_follow_the_options():
    s = ENGINE.new_game(2, {"tix": 3, "poka_yoke": True}, 7)
    assert s["pools"] == [{"tixel": 7, "tix": 3, "poka": 0}] * 2 and s["options"] == {"tix": 3, "poka_yoke": True}
    assert ENGINE.new_game(2, None, 7)["options"] == {"tix": 0, "poka_yoke": False}


@pytest.mark.parametrize(
    "action",
    [
        None, "c3^NE", {}, {"type": "castle"}, {"type": "place"},
        {"type": "place", "kind": "tixel", "square": "c3", "active": "yes", "hollow": "NE", "round": None},
        {"type": "place", "kind": "tixel", "square": "z9", "active": True, "hollow": "NE", "round": None},
        {"type": "place", "kind": "tixel", "square": "c3", "active": True, "hollow": "NE", "round": "cw"},
        {"type": "place", "kind": "tix", "square": "c3", "active": True, "hollow": "NE", "round": None},
        {"type": "place", "kind": "poka", "square": "c3", "active": True, "hollow": "NE", "round": None},
        {"type": "place", "kind": "tixel", "square": "c3", "active": False, "hollow": "NE", "round": None},
        {"type": "slide", "from": "a1", "to": "a3", "stance": "NE", "turn": "cw"},
        {"type": "slide", "from": "a1", "to": "a3", "stance": "N", "turn": "left"},
        {"type": "slide", "from": 0, "to": "a3", "stance": "N", "turn": "cw"},
        {"type": "pivot", "square": "a1", "hollow": "N"},
        {"type": "end"}, {"type": "accept_draw"}, {"type": "pickup", "square": "a1"},
    ],
)
def test_malformed_or_illegal_actions_are_refused(action):
    with pytest.raises(IllegalAction):
        ENGINE.apply(pos({"a1": "0^NE", "f6": "1^NE"}), 0, action)


def test_wrong_seat_and_finished_games():
    s = pos({"a1": "0^NE", "f6": "1^NE"})
    with pytest.raises(NotYourTurn) as err:
        ENGINE.apply(s, 1, {"type": "offer_draw"})
    assert err.value.message == "It is not your turn."
    with pytest.raises(NotYourTurn):
        ENGINE.apply(s, "0", {"type": "offer_draw"})
    done = ENGINE.leave(s, 1)
    with pytest.raises(NotYourTurn) as err:
        ENGINE.apply(done, 0, {"type": "offer_draw"})
    assert err.value.message == "The game is over."
    with pytest.raises(GameError):
        ENGINE.result(s)
    with pytest.raises(NotYourTurn):
        ENGINE.default_action(done, 0)


def test_apply_leave_and_view_do_not_mutate_their_input():
    s = pos({"a1": "0^NE", "c2": "1^SW", "d1": "1^NE", "f6": "0^NE"})
    before = json.dumps(s, sort_keys=True)
    bonus = ENGINE.apply(s, 0, parse_action("a1-c1=E", s, 0))
    ENGINE.apply(s, 0, parse_action("f6-f4^NE", s, 0))
    ENGINE.apply(s, 0, {"type": "offer_draw"})
    ENGINE.leave(s, 0)
    view = ENGINE.view(s, None)
    view["board"]["a1"]["active"] = False
    view["pools"][0]["tixel"] = 0
    assert json.dumps(s, sort_keys=True) == before
    middle = json.dumps(bonus, sort_keys=True)
    ENGINE.apply(bonus, 0, {"type": "pickup", "square": "f6"})
    ENGINE.view(bonus, 0)["last_move"]["path"].append("zz")
    assert json.dumps(bonus, sort_keys=True) == middle


def test_states_are_plain_json_and_decision_ids_change():
    s = pos({"a1": "0^NE", "c2": "1^SW", "d1": "1^NE", "f6": "0^NE"})
    ids = [ENGINE.pending(s)[0].id]
    for seat, text in [(0, "draw"), (1, "decline"), (0, "a1-c1=E"), (0, "end"), (1, "d1-d3^NE")]:
        s = ENGINE.apply(s, seat, parse_action(text, s, seat))
        assert ENGINE.from_json(ENGINE.to_json(s)) == s
        assert json.loads(json.dumps(s)) == s
        ids.append(ENGINE.pending(s)[0].id)
    assert len(set(ids)) == len(ids)


VIEW_KEYS = {"game", "status", "turn", "colors", "to_act", "phase", "board", "pools", "options", "promotions",
             "bonus", "can_place", "last_move", "draw_offer", "result"}
PIECE_KEYS = {"id", "owner", "kind", "active", "hollow", "round"}
LAST_KEYS = {"seat", "text", "action", "path", "deactivated", "sacrificed"}


def test_view_follows_the_contract():
    s = pos({"a1": "0^NE", "c2": "1^SW", "d1": "1^NE", "f6": "0^NE"}, options={"tix": 1})
    view = ENGINE.view(s, None)
    assert set(view) == VIEW_KEYS and view == ENGINE.view(s, 0) == ENGINE.view(s, 1)
    assert (view["game"], view["status"], view["turn"], view["to_act"], view["phase"]) == ("tixel", "playing", 1, 0, "move")
    assert view["colors"] == ["white", "black"] and view["options"] == {"tix": 1, "poka_yoke": False}
    assert all(set(p) == PIECE_KEYS for p in view["board"].values())
    assert view["pools"] == [{"tixel": 7, "tix": 1, "poka": 0}, {"tixel": 7, "tix": 1, "poka": 0}]
    assert view["bonus"] is None and view["last_move"] is None and view["draw_offer"] is None
    assert view["can_place"] == [True, True] and view["promotions"] == [0, 0] and view["result"] is None
    s = ENGINE.apply(s, 0, parse_action("a1-c1=E", s, 0))
    view = ENGINE.view(s, None)
    assert view["phase"] == "bonus" and view["bonus"] == {"seat": 0, "chain": 1, "locked": "c1"}
    assert set(view["last_move"]) == LAST_KEYS and view["last_move"]["seat"] == 0
    assert view["last_move"]["action"] == {"type": "slide", "from": "a1", "to": "c1", "stance": "E", "turn": None}
    assert view["board"]["c2"] == {"id": 3, "owner": 1, "kind": "tixel", "active": False, "hollow": "S", "round": None}
    json.dumps(view)


def test_describe_action_is_the_last_move_text():
    s = pos({"a1": "0^NE", "c2": "1^SW", "d1": "1^NE", "f6": "0^NE"}, options={"tix": 1, "poka_yoke": True},
            promotions=[1, 0])
    cases = {
        "b4^NE": "placed a tixel on b4, active (hollow NE)",
        "Tb4": "placed a Tix piece on b4, active",
        "Yb4^SW<": "placed a Poka Yoke piece on b4, active (hollow SW, rounded corner S)",
        "f6-f4^SE": "slid f6→f4, active (hollow SE)",
    }
    for text, sentence in cases.items():
        action = parse_action(text, s, 0)
        assert ENGINE.describe_action(s, 0, action) == sentence
        assert ENGINE.apply(s, 0, action)["last_move"]["text"] == sentence
    assert ENGINE.describe_action(s, 0, {"type": "offer_draw"}) == "offered a draw"
    assert isinstance(ENGINE.describe_action(s, 0, {"type": "nonsense"}), str)
