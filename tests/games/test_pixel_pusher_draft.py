"""Drafting by hand-worked cases: simultaneous private picks, hands passing left, the ability cards revealed.

Card ids: m01-m04 Red Scoop (1 R), m05-m08 Red Grabber (2 R), m11-m14 Green Scoop, m21-m24 Blue Scoop,
m31-m33 Yellow Mixer, m49 Pixel Tank.
"""

import pytest

from bot.games.base import IllegalAction, NotYourTurn
from bot.games.pixel_pusher import PixelPusherEngine
from bot.games.pixel_pusher.invariants import check_invariants
from bot.games.pixel_pusher.scenario import set_hands

ENGINE = PixelPusherEngine()


def three():
    s = ENGINE.new_game(3, {"content": 1}, 1)
    return set_hands(s, [["m01", "m02", "m03", "build"], ["m11", "m12", "m13", "collect"],
                         ["m21", "m22", "m23", "score"]])


def picks(state, *cards):
    """Apply one pick per seat, in seat order."""
    for seat, card in enumerate(cards):
        state = ENGINE.apply(state, seat, {"type": "pick", "card": card})
        check_invariants(state)
    return state


def test_three_players_pass_left_until_all_drafted():
    s = three()
    s = picks(s, "m01", "collect", "m23")
    # seat 0's rest goes to seat 1, seat 1's to seat 2, seat 2's to seat 0
    assert s["hands"] == [["m21", "m22", "score"], ["m02", "m03", "build"], ["m11", "m12", "m13"]]
    assert s["drafted"] == [["m01"], ["collect"], ["m23"]]
    assert s["picked"] == [False, False, False] and s["phase"] == "draft"
    s = picks(s, "score", "m02", "m11")
    assert s["hands"] == [["m12", "m13"], ["m21", "m22"], ["m03", "build"]]
    s = picks(s, "m12", "m21", "build")
    # the last cards (m13, m22, m03) are taken automatically: the draft is over
    assert s["phase"] == "build"
    assert s["abilities_held"] == [["score"], ["collect"], ["build"]]
    assert s["hands"] == [["m01", "m12", "m03"], ["m02", "m21", "m13"], ["m23", "m11", "m22"]]
    assert s["order"] == [2, 0, 1]  # seat 2 holds 1st to Build
    assert s["drafted"] == [[], [], []]


def test_two_players_swap_hands():
    s = ENGINE.new_game(2, {"content": 1}, 2)
    s = set_hands(s, [["m01", "m02", "m03", "build"], ["m11", "m12", "m13", "reverse"]])
    s = picks(s, "build", "m13")
    assert s["hands"] == [["m11", "m12", "reverse"], ["m01", "m02", "m03"]]
    s = picks(s, "reverse", "m01")
    assert s["hands"] == [["m02", "m03"], ["m11", "m12"]]
    s = picks(s, "m02", "m12")
    assert s["phase"] == "build"
    assert s["abilities_held"] == [["build", "reverse"], []]
    assert s["hands"] == [["m02", "m11"], ["m13", "m01", "m12", "m03"]]


def test_four_players_pass_left():
    s = ENGINE.new_game(4, {"content": 1}, 3)
    s = set_hands(s, [["m01", "m02", "m03", "build"], ["m11", "m12", "m13", "collect"],
                      ["m21", "m22", "m23", "score"], ["m31", "m32", "m33", "reverse"]])
    s = picks(s, "m01", "m11", "m21", "m31")
    assert s["hands"] == [["m32", "m33", "reverse"], ["m02", "m03", "build"],
                          ["m12", "m13", "collect"], ["m22", "m23", "score"]]


def test_ids_and_privacy_of_simultaneous_picks():
    s = three()
    before = {d.player: d for d in ENGINE.pending(s)}
    assert sorted(before) == [0, 1, 2]
    assert all(d.private and d.kind == "draft" for d in before.values())
    s1 = ENGINE.apply(s, 0, {"type": "pick", "card": "m01"})
    after = {d.player: d for d in ENGINE.pending(s1)}
    assert sorted(after) == [1, 2]
    assert after[1].id == before[1].id and after[2].id == before[2].id
    with pytest.raises(NotYourTurn) as err:
        ENGINE.apply(s1, 0, {"type": "pick", "card": "m02"})
    assert "already picked" in err.value.message
    s2 = ENGINE.apply(ENGINE.apply(s1, 1, {"type": "pick", "card": "m11"}), 2, {"type": "pick", "card": "m21"})
    new_ids = {d.player: d.id for d in ENGINE.pending(s2)}
    assert all(new_ids[p] != before[p].id for p in range(3))


def test_a_card_not_in_your_hand_reveals_nothing():
    s = three()
    messages = set()
    for card in ("m11", "m40", "score", "zzz", 7, None):  # another hand, the deck, another hand's ability, junk
        with pytest.raises(IllegalAction) as err:
            ENGINE.apply(s, 0, {"type": "pick", "card": card})
        messages.add(err.value.message)
    assert messages == {"That card is not in your hand."}


def test_wrong_action_kind_in_the_draft():
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(three(), 0, {"type": "install", "card": "m01", "slot": 1})
    assert err.value.message == "Pick a card from your hand now."


def test_legal_actions_are_the_hand():
    s = three()
    assert ENGINE.legal_actions(s, 1) == [{"type": "pick", "card": c} for c in ("m11", "m12", "m13", "collect")]
    assert ENGINE.default_action(s, 1) == {"type": "pick", "card": "m11"}


def test_nobody_holds_build_then_the_token_starts():
    s = ENGINE.new_game(2, {"content": 1}, 2)
    s["token"] = 1
    s = set_hands(s, [["m01", "m02", "m03", "collect"], ["m11", "m12", "m13", "score"]])
    s = picks(s, "m01", "m11")
    s = picks(s, "m12", "m02")
    s = picks(s, "m03", "m13")
    assert s["phase"] == "build" and s["order"] == [1, 0]
