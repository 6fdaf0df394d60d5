"""Build and Collect by hand-worked cases: the same-type rule, a pixel instead, flipping, collect order,
all or nothing, stacked collectors.

Card ids: m01-m04 Red Scoop (1 R), m05-m08 Red Grabber (2 R), m09-m10 Red Hopper (3 R), m11 Green Scoop,
m19 Green Hopper (3 G), m21 Blue Scoop, m31 Yellow Mixer, m34 Cyan Mixer, m49/m50 Pixel Tank (+1 slot).
"""

import pytest

from bot.games.base import IllegalAction, NotYourTurn
from bot.games.pixel_pusher import PixelPusherEngine
from bot.games.pixel_pusher.invariants import check_invariants
from bot.games.pixel_pusher.scenario import set_conveyor, set_hands, set_slots, start_phase

ENGINE = PixelPusherEngine()


def building(hands, abilities, token=0, slots=None, conveyor=None):
    """A 2-player game in Build with these hands, ability holders, installed cards and conveyor."""
    s = ENGINE.new_game(2, {"content": 1}, 4)
    s["token"] = token
    set_hands(s, hands)
    for seat, seat_slots in (slots or {}).items():
        set_slots(s, seat, seat_slots)
    if conveyor is not None:
        set_conveyor(s, conveyor)
    start_phase(s, "build", abilities)
    check_invariants(s)
    return s


def test_build_order_starts_with_the_build_holder():
    s = building([["m31"], ["m05"]], {"build": 1})
    assert s["order"] == [1, 0] and [d.player for d in ENGINE.pending(s)] == [1]
    with pytest.raises(NotYourTurn):
        ENGINE.apply(s, 0, {"type": "install", "card": "m31", "slot": 1})


def test_only_the_same_type_goes_on_an_occupied_slot():
    s = building([["m31", "m34"], ["m05", "m11", "m49"]], {"build": 1}, slots={1: {1: ["m01"], 2: ["m21"]}})
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(s, 1, {"type": "install", "card": "m11", "slot": 1})
    assert err.value.message == "Slot 1 holds red collectors: only a card of the same type can go there."
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 1, {"type": "install", "card": "m49", "slot": 2})
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(s, 1, {"type": "install", "card": "m05", "slot": 7})
    assert err.value.message == "Choose a slot from 1 to 6."
    s = ENGINE.apply(s, 1, {"type": "install", "card": "m05", "slot": 1})
    assert s["boards"][1]["slots"][0] == ["m01", "m05"]
    assert s["hands"][1] == ["m11", "m49"] and s["order"][s["turn"]] == 1  # still seat 1's turn
    legal = ENGINE.legal_actions(s, 1)
    # Green Scoop: slots 3-6 (1 is red, 2 is blue); Pixel Tank: 3-6; one pixel option per card
    assert sorted((a["card"], a["slot"]) for a in legal if a["type"] == "install") == [
        ("m11", 3), ("m11", 4), ("m11", 5), ("m11", 6), ("m49", 3), ("m49", 4), ("m49", 5), ("m49", 6)]
    # one pixel action: it discards the first card of the hand (m11); install the others first
    assert [a for a in legal if a["type"] != "install"] == [{"type": "pixel"}]


def test_converters_stack_on_converters():
    s = building([["m34", "m49"], ["m05"]], {"build": 0}, slots={0: {3: ["m31"]}})
    s = ENGINE.apply(s, 0, {"type": "install", "card": "m34", "slot": 3})
    assert s["boards"][0]["slots"][2] == ["m31", "m34"]


def test_a_random_pixel_instead_of_a_card():
    s = building([["m31", "m34"], ["m05"]], {"build": 0})
    bag = sum(s["bag"].values())
    s2 = ENGINE.apply(s, 0, {"type": "pixel", "card": "m34"})
    check_invariants(s2)
    assert s2["hands"][0] == ["m31"] and s2["discard"] == s["discard"] + ["m34"]
    assert sum(s2["bag"].values()) == bag - 1 and len(s2["boards"][0]["held"]) == 1
    assert not ENGINE.undo_allowed(s, s2, 0, {"type": "pixel", "card": "m34"})
    # without a card, the first card of the hand is the one discarded
    s3 = ENGINE.apply(s, 0, {"type": "pixel"})
    assert s3["hands"][0] == ["m34"]


def test_flip_belongs_to_the_reverser_once_a_round():
    s = building([["m31", "m34"], ["m05"]], {"reverse": 0, "build": 1})
    assert {"type": "flip"} not in ENGINE.legal_actions(s, 1)
    s = ENGINE.apply(s, 1, {"type": "install", "card": "m05", "slot": 1})
    assert {"type": "flip"} in ENGINE.legal_actions(s, 0)
    s = ENGINE.apply(s, 0, {"type": "flip"})
    assert s["boards"][0]["side"] == "B" and ENGINE.view(s, None)["seats"][0]["slot_segments"] == [6, 5, 4, 3, 2, 1]
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, {"type": "flip"})


def collect_case(collect_holder=1, side0="A"):
    """Seat 0: slot 1 Red Grabber (2 R), slot 2 two Red Scoops (2 R), slot 3 Green Hopper (3 G),
    slot 6 Red Hopper (3 R). Seat 1: slot 1 Red Grabber + Red Scoop (3 R), slot 2 Blue Scoop, slot 3
    Green Scoop. Each installs a Pixel Tank to end Build, then Collect runs."""
    s = building([["m49"], ["m50"]], {"collect": collect_holder} if collect_holder is not None else {}, token=0,
                 slots={0: {1: ["m05"], 2: ["m01", "m02"], 3: ["m19"], 6: ["m09"]},
                        1: {1: ["m06", "m03"], 2: ["m21"], 3: ["m11"]}},
                 conveyor=["RRRGGB", "RRB", "GG", "", "B", "RRR"])
    s["boards"][0]["side"] = side0
    s = ENGINE.apply(s, 0, {"type": "install", "card": "m49", "slot": 4})
    s = ENGINE.apply(s, 1, {"type": "install", "card": "m50", "slot": 4})
    check_invariants(s)
    assert s["phase"] == "convert"
    return s


def test_collect_in_order_all_or_nothing_with_stacked_collectors():
    s = collect_case(collect_holder=1)
    # seg 1 RRRGGB: seat 1 takes 3 R, seat 0 wants 2 R and finds none left: nothing
    # seg 2 RRB: seat 1 takes B, seat 0 (two scoops, 2 R) takes RR
    # seg 3 GG: seat 1 takes G, seat 0 wants 3 G: nothing; seg 6 RRR: seat 0 takes 3 R
    assert s["boards"][1]["held"] == ["R", "R", "R", "G", "B"]
    assert s["boards"][0]["held"] == ["R"] * 5
    assert s["conveyor"] == [["G", "G", "B"], [], ["G"], [], ["B"], []]
    assert "Seat 1 needed 2 R on segment 1: none taken." in s["log"]


def test_collect_order_follows_the_token_when_nobody_holds_the_card():
    s = collect_case(collect_holder=None)  # token = seat 0 collects first
    # seg 1: seat 0 takes RR, seat 1 wants 3 R, one left: nothing
    assert s["boards"][1]["held"] == ["G", "B"]
    # seat 0: RR (seg 1) + RR (seg 2, after seat 1 took B... seat 0 goes first: RR) + RRR (seg 6)
    assert s["boards"][0]["held"] == ["R"] * 7


def test_the_reversed_side_reads_segments_6_to_1():
    s = collect_case(collect_holder=1, side0="B")
    # side B: slot 1 (2 R) reads seg 6, slot 2 (2 R) seg 5, slot 3 (3 G) seg 4, slot 6 (3 R) seg 1
    # seg 1 RRRGGB: seat 1 takes 3 R first, seat 0's slot 6 wants 3 R: nothing; seg 5 "B": no R; seg 6 RRR: 2 R
    assert s["boards"][0]["held"] == ["R", "R"]
    assert s["conveyor"][5] == ["R"]
