"""Game flow: loss without a legal move, draw offers (once per turn), resignation, timed-out defaults."""

import pytest

from bot.games.base import IllegalAction, NotYourTurn
from bot.games.tixel import TixelEngine, parse_action
from bot.games.tixel.scenario import arrange

ENGINE = TixelEngine()


def pos(board, to_move=0, options=None, **kw):
    """A hand-built position (seed 1: seat 0 is White)."""
    return arrange(ENGINE.new_game(2, options or {}, 1), board, to_move, **kw)


def test_a_player_without_a_legal_move_loses():
    # Black's e1 slides west to b1, in front of White's a1, whose E corner must be faced: Black is
    # sacrificed (hollow W) and declines the bonus move. White's a1 is boxed in by a2 and b1 and White's
    # other piece is inactive: White has no legal move and loses.
    s = pos({"a1": "0^NE", "a2": "1=S", "e1": "1^NE", "d6": "0=N"}, to_move=1)
    s = ENGINE.apply(s, 1, parse_action("e1-b1=W", s, 1))
    assert not ENGINE.is_terminal(s)
    s = ENGINE.apply(s, 1, {"type": "end"})
    assert ENGINE.is_terminal(s) and ENGINE.pending(s) == []
    result = ENGINE.result(s)
    assert (result.winners, result.ranking, result.reason, result.scores) == ([1], [[1], [0]], "no legal move", [None, None])
    view = ENGINE.view(s, None)
    assert (view["status"], view["phase"], view["to_act"]) == ("finished", None, None)
    assert view["result"] == {"winners": [1], "ranking": [[1], [0]], "reason": "no legal move"}
    assert all(ENGINE.legal_actions(s, seat) == [] for seat in (0, 1))
    with pytest.raises(NotYourTurn):
        ENGINE.apply(s, 0, {"type": "offer_draw"})


def test_draw_offer_accepted():
    s = pos({"a1": "0^NE", "f6": "1^NE"})
    s = ENGINE.apply(s, 0, {"type": "offer_draw"})
    [decision] = ENGINE.pending(s)
    assert (decision.player, decision.kind) == (1, "draw") and s["draw_offer"] == 0
    assert ENGINE.legal_actions(s, 1) == [{"type": "accept_draw"}, {"type": "decline_draw"}]
    assert ENGINE.legal_actions(s, 0) == []
    assert ENGINE.view(s, None)["draw_offer"] == 0 and ENGINE.view(s, None)["to_act"] == 1
    with pytest.raises(IllegalAction) as err:
        parse_action("a1-a2^NE", s, 1)
    assert err.value.message == "Answer the draw offer first: accept or decline."
    s = ENGINE.apply(s, 1, parse_action("accept", s, 1))
    result = ENGINE.result(s)
    assert (result.winners, result.ranking, result.reason) == ([], [[0, 1]], "draw agreed")
    assert s["last_move"] is None  # draw actions are not board moves


def test_draw_offer_declined_once_per_turn():
    s = pos({"a1": "0^NE", "f6": "1^NE"})
    s = ENGINE.apply(s, 0, parse_action("draw", s, 0))
    s = ENGINE.apply(s, 1, parse_action("decline", s, 1))
    [decision] = ENGINE.pending(s)
    assert (decision.player, decision.kind) == (0, "move") and s["draw_offer"] is None
    assert {"type": "offer_draw"} not in ENGINE.legal_actions(s, 0)
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(s, 0, {"type": "offer_draw"})
    assert err.value.message == "You have already offered a draw this turn."
    s = ENGINE.apply(s, 0, parse_action("a1-a2^NE", s, 0))
    assert {"type": "offer_draw"} in ENGINE.legal_actions(s, 1)  # a new turn, Black's first offer
    s = ENGINE.apply(s, 1, {"type": "offer_draw"})
    with pytest.raises(NotYourTurn):
        ENGINE.apply(s, 1, {"type": "accept_draw"})  # the offerer cannot answer its own offer
    s = ENGINE.apply(s, 0, {"type": "decline_draw"})
    assert ENGINE.pending(s)[0].player == 1 and ENGINE.view(s, None)["turn"] == 2


def test_resignation_gives_the_other_player_the_win():
    s = pos({"a1": "0^NE", "f6": "1^NE"})
    for leaver in (0, 1):  # the player to move or the other one
        out = ENGINE.leave(s, leaver)
        result = ENGINE.result(out)
        assert (result.winners, result.reason) == ([1 - leaver], "resignation")
        assert out["step"] == s["step"] + 1 and ENGINE.pending(out) == []
    with pytest.raises(IllegalAction):
        ENGINE.leave(ENGINE.leave(s, 0), 1)
    with pytest.raises(IllegalAction):
        ENGINE.leave(s, 2)
    offered = ENGINE.apply(s, 0, {"type": "offer_draw"})
    assert ENGINE.result(ENGINE.leave(offered, 1)).winners == [0]


def test_default_actions():
    s = pos({"a1": "0^NE", "c2": "1^SW", "d1": "1^NE", "f6": "0^NE"})
    move = ENGINE.default_action(s, 0)
    assert move in ENGINE.legal_actions(s, 0) and move["type"] in ("place", "slide")
    assert move == ENGINE.default_action(dict(s), 0)
    with pytest.raises(NotYourTurn):
        ENGINE.default_action(s, 1)
    bonus = ENGINE.apply(s, 0, parse_action("a1-c1=E", s, 0))
    assert ENGINE.default_action(bonus, 0) == {"type": "end"}
    offered = ENGINE.apply(s, 0, {"type": "offer_draw"})
    assert ENGINE.default_action(offered, 1) == {"type": "decline_draw"}
    # a timed-out player never offers a draw, and different steps draw different moves
    seen = set()
    state = ENGINE.new_game(2, {}, 9)
    for _ in range(12):
        seat = ENGINE.pending(state)[0].player
        action = ENGINE.default_action(state, seat)
        assert action["type"] != "offer_draw" and action in ENGINE.legal_actions(state, seat)
        seen.add(repr(action))
        state = ENGINE.apply(state, seat, action)
        if ENGINE.is_terminal(state):
            break
    assert len(seen) > 1


def test_turn_counter_and_prompts():
    s = ENGINE.new_game(2, {}, 1)
    assert ENGINE.view(s, None)["turn"] == 1 and ENGINE.pending(s)[0].prompt == "Your turn: place or slide a piece."
    s = ENGINE.apply(s, 0, parse_action("c3^NE", s, 0))
    assert ENGINE.view(s, None)["turn"] == 2 and ENGINE.pending(s)[0].player == 1
