"""Bonus moves: chains of sacrifices, the pick-up restriction, activate, pivot (Poka Yoke too), place,
slide, end, and Poka Yoke promotion with its cap of 2. Seed 1 makes seat 0 White.
"""

import pytest

from bot.games.base import IllegalAction
from bot.games.tixel import TixelEngine, format_action, parse_action
from bot.games.tixel.rules import check_invariants
from bot.games.tixel.scenario import arrange

ENGINE = TixelEngine()

# Worked example 2 twice over: a1 sacrificed in front of d1 (c2 is passed), then a4 in front of d4.
CHAIN = {"a1": "0^NE", "c2": "1^SW", "d1": "1^NE", "a4": "0^NE", "d4": "1^NE", "f6": "0=N"}


def pos(board, to_move=0, options=None, **kw):
    """A hand-built position, ``to_move`` at the start of a turn (or in a bonus with ``bonus_locked``)."""
    return arrange(ENGINE.new_game(2, options or {}, 1), board, to_move, **kw)


def play(state, text, seat=0):
    """Apply a move written in notation."""
    after = ENGINE.apply(state, seat, parse_action(text, state, seat))
    check_invariants(after)
    return after


def legal(state, kind=None, seat=0):
    """Formatted legal actions (of one type if given)."""
    return [format_action(a) for a in ENGINE.legal_actions(state, seat) if kind is None or a["type"] == kind]


def refusal(state, text, seat=0):
    """The reason given for illegal ``text``."""
    with pytest.raises(IllegalAction) as err:
        parse_action(text, state, seat)
    return err.value.message


def test_a_sacrifice_gives_an_optional_bonus_move():
    s = play(pos(CHAIN), "a1-c1=E")
    [decision] = ENGINE.pending(s)
    assert (decision.player, decision.kind) == (0, "bonus") and s["bonus"] == {"seat": 0, "chain": 1, "locked": "c1"}
    kinds = {a["type"] for a in ENGINE.legal_actions(s, 0)}
    assert kinds == {"place", "slide", "activate", "pickup", "pivot", "end"}  # f6=N activates, a4 pivots
    assert "offer_draw" not in kinds and refusal(s, "draw") == "You cannot offer a draw during bonus moves."
    assert legal(s, "pickup") == ["xa4", "xf6"]  # not c1: its sacrifice earned this bonus move
    assert refusal(s, "xc1") == "You cannot pick up c1 in this bonus move: its sacrifice earned it."
    assert refusal(s, "xc2") == "The piece on c2 is not yours."
    after = play(s, "end")
    assert ENGINE.pending(after)[0].player == 1 and after["bonus"] is None and after["turn"] == 2
    assert after["last_move"]["text"] == "ended the turn without a bonus move"


def test_chained_sacrifices_move_the_pick_up_restriction():
    s = play(pos(CHAIN), "a1-c1=E")
    s = play(s, "a4-c4=E")  # a bonus slide that sacrifices gives another bonus move
    assert s["bonus"] == {"seat": 0, "chain": 2, "locked": "c4"} and ENGINE.pending(s)[0].kind == "bonus"
    assert legal(s, "pickup") == ["xc1", "xf6"]  # the first sacrificed piece may be picked up now
    assert refusal(s, "xc4") == "You cannot pick up c4 in this bonus move: its sacrifice earned it."
    after = play(s, "xc1")
    assert "c1" not in after["board"] and after["pools"][0] == {"tixel": 8, "tix": 0, "poka": 0}
    assert after["promotions"] == [0, 0]  # Poka Yoke option off: no promotion
    assert ENGINE.pending(after)[0].player == 1


def test_a_bonus_slide_that_stays_active_ends_the_turn():
    s = play(pos(CHAIN), "a1-c1=E")
    after = play(s, "a4-a6^NE")
    assert after["bonus"] is None and ENGINE.pending(after)[0].player == 1


def test_a_bonus_placement_is_always_allowed():
    # The turn began with a slidable active piece (the slider itself), so placing is allowed.
    s = play(pos(CHAIN), "a1-c1=E")
    assert s["can_place"] and "b6^NE" in legal(s, "place")
    after = play(s, "b6^NE")
    assert after["board"]["b6"]["active"] and ENGINE.pending(after)[0].player == 1


def test_activate_turns_an_inactive_piece_45_degrees_where_it_fits():
    board = {"a1": "0=E", "b3": "0=N", "e4": "0T=", "c5": "0=E", "d5": "1^NE", "f1": "0^NE"}
    s = pos(board, options={"tix": 1}, bonus_locked="a1")
    # b3=N: hollow N turns to NE or NW (free neighbourhood); e4 Tix: just active; c5 beside d5's sharp
    # corner cannot become active; a1 (just sacrificed, no neighbours either) can.
    assert sorted(legal(s, "activate")) == ["+a1^NE", "+a1^SE", "+b3^NE", "+b3^NW", "+e4^"]
    assert refusal(s, "+b3^SE") == "Activating turns a piece 45°: the hollow of b3 (N) can turn to NW or NE."
    assert refusal(s, "+c5^SE") == "c5 cannot be activated with hollow SE: the active piece on d5 points a corner into c5."
    assert refusal(s, "+f1^NE") == "The piece on f1 is already active."
    after = play(s, "+b3^NW")
    assert after["board"]["b3"]["active"] and after["board"]["b3"]["hollow"] == "NW"
    assert after["last_move"]["text"] == "activated b3 (hollow NW)" and ENGINE.pending(after)[0].player == 1
    assert play(s, "+e4")["board"]["e4"]["active"]


def test_bonus_only_moves_are_refused_at_the_start_of_a_turn():
    s = pos({"a1": "0=E", "f1": "0^NE", "c4": "0Y^NE>", "f6": "1^NE"}, options={"poka_yoke": True})
    assert refusal(s, "+a1^NE") == "Activating is a bonus move: it is only allowed after a sacrifice."
    assert refusal(s, "@f1^SE") == "Pivoting is a bonus move: it is only allowed after a sacrifice."
    assert refusal(s, "@c4^SE") == "Pivoting is a bonus move: it is only allowed after a sacrifice."
    assert not [a for a in ENGINE.legal_actions(s, 0) if a["type"] in ("pivot", "activate", "pickup", "end")]
    assert refusal(s, "xa1") == "Picking up is a bonus move: it is only allowed after a sacrifice."
    assert refusal(s, "end") == "There is no bonus move to decline."


def test_pivot_tixel_and_poka_yoke():
    board = {"a1": "0=E", "d2": "0^NE", "b5": "0Y^NE<", "b6": "1=N", "e5": "0Y^SW>", "f3": "0T^"}
    s = pos(board, options={"tix": 1, "poka_yoke": True}, promotions=[2, 0], bonus_locked="a1")
    # d2: any other diagonal. b5 (rounded N towards b6=N, which does not face it): every other diagonal
    # would point a sharp corner at b6 -> no pivot. e5 in the open: three. f3 is a Tix piece: none.
    assert legal(s, "pivot") == ["@d2^SE", "@d2^SW", "@d2^NW", "@e5^NE", "@e5^SE", "@e5^NW"]
    assert refusal(s, "@b5^SE") == (
        "b5 cannot pivot to SE: its corner would point into the inactive piece on b6, whose hollow does not face b5.")
    assert refusal(s, "@f3^NE") == "A Tix piece has no hollow to pivot."
    assert refusal(s, "@a1^NE") == "The piece on a1 is inactive: only active pieces pivot."
    assert refusal(s, "@d2^NE") == "The hollow of d2 already faces NE."
    after = play(s, "@e5^NE")
    assert after["board"]["e5"] == {**s["board"]["e5"], "hollow": "NE"} and after["board"]["e5"]["round"] == "cw"
    assert after["last_move"]["text"] == "pivoted e5 (hollow NE, rounded corner E)"


PROMO = {"a1": "0^NE", "d1": "1^NE", "c4": "0=N", "e6": "0T=", "f4": "0Y=S>"}


def test_picking_up_an_own_tixel_promotes_it():
    s = pos(PROMO, options={"tix": 1, "poka_yoke": True}, promotions=[1, 0])
    s = play(s, "a1-c1=E")
    assert s["pools"][0] == {"tixel": 6, "tix": 0, "poka": 0}
    text = ENGINE.describe_action(s, 0, parse_action("xc4", s, 0))
    assert text == "picked up c4, promoted to a Poka Yoke piece"
    after = play(s, "xc4")
    assert after["pools"][0] == {"tixel": 6, "tix": 0, "poka": 1} and after["promotions"] == [2, 0]
    assert after["last_move"]["text"] == text and ENGINE.view(after, None)["promotions"] == [2, 0]


def test_promotion_cap_and_pieces_that_are_not_promoted():
    s = play(pos(PROMO, options={"tix": 1, "poka_yoke": True}, promotions=[2, 0]), "a1-c1=E")
    assert s["pools"][0] == {"tixel": 5, "tix": 0, "poka": 1}
    capped = play(s, "xc4")  # two promotions used: the tixel goes back as a tixel
    assert capped["pools"][0] == {"tixel": 6, "tix": 0, "poka": 1} and capped["promotions"] == [2, 0]
    assert capped["last_move"]["text"] == "picked up c4"
    s = play(pos(PROMO, options={"tix": 1, "poka_yoke": True}, promotions=[1, 0]), "a1-c1=E")
    tix = play(s, "xe6")
    assert tix["pools"][0] == {"tixel": 6, "tix": 1, "poka": 0} and tix["promotions"] == [1, 0]
    poka = play(s, "xf4")
    assert poka["pools"][0] == {"tixel": 6, "tix": 0, "poka": 1} and poka["promotions"] == [1, 0]
    off = play(pos({k: v for k, v in PROMO.items() if k != "f4"}, options={"tix": 1}), "a1-c1=E")
    off = play(off, "xc4")  # without the Poka Yoke option nothing is promoted
    assert off["pools"][0] == {"tixel": 8, "tix": 0, "poka": 0} and off["promotions"] == [0, 0]


def test_a_promoted_piece_can_be_placed_either_side_up():
    board = {**{k: v for k, v in PROMO.items() if k != "f4"}, "a6": "0^NE"}
    s = play(pos(board, options={"tix": 1, "poka_yoke": True}), "a1-c1=E")
    s = play(s, "xc4")
    assert s["promotions"] == [1, 0] and s["pools"][0] == {"tixel": 6, "tix": 0, "poka": 1}
    s = play(s, "d1-d3^NE", seat=1)
    assert ENGINE.view(s, None)["pools"][0]["poka"] == 1
    assert {"Yf1^NE>", "Yf1^NE<"} <= set(legal(s, "place"))
    s = play(s, "Yf1^SW<")
    assert s["board"]["f1"]["kind"] == "poka" and s["pools"][0]["poka"] == 0
