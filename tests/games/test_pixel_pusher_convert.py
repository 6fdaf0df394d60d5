"""Convert & Store by hand-worked cases: conversions, each player's share of the supply, storing,
un-storing, confirming, and where the leftovers go.

Card ids: m31 Yellow Mixer (R+G → Y), m40 White Blender (R+G+B → W), m43 Yellow Brightener (Y+B → W),
m55 Big Pixel Tank (+2 slots).
"""

import pytest

from bot.games.base import IllegalAction, NotYourTurn
from bot.games.pixel_pusher import PixelPusherEngine
from bot.games.pixel_pusher.invariants import check_invariants
from bot.games.pixel_pusher.scenario import set_images, set_pixels, set_slots, start_phase

ENGINE = PixelPusherEngine()


def converting(pixels, slots=None, abilities=None, token=0, players=2):
    """A game opened in Convert & Store: ``pixels`` = {seat: (held, stored)}."""
    s = ENGINE.new_game(players, {"content": 1}, 6)
    s["token"] = token
    for seat, seat_slots in (slots or {}).items():
        set_slots(s, seat, seat_slots)
    for seat, (held, stored) in pixels.items():
        set_pixels(s, seat, held, stored)
    start_phase(s, "convert", abilities or {})
    check_invariants(s)
    return s


def test_convert_pays_to_the_supply_and_gains_from_the_share():
    s = converting({0: ("RGB", ""), 1: ("R", "")}, slots={0: {3: ["m31"], 4: ["m40"]}})
    # seat 0 alone can make Y and W: the whole supply of those is its share; seat 1 has no converter
    assert s["work"][0]["share"] == {"C": 0, "M": 0, "Y": 10, "W": 10}
    assert s["work"][1]["share"] == {"C": 0, "M": 0, "Y": 0, "W": 0}
    legal = ENGINE.legal_actions(s, 0)
    assert {"type": "convert", "source": "m31", "pay": {"R": 1, "G": 1}, "gain": {"Y": 1}} in legal
    assert {"type": "convert", "source": "m40", "pay": {"R": 1, "G": 1, "B": 1}, "gain": {"W": 1}} in legal
    s = ENGINE.apply(s, 0, {"type": "convert", "source": "m31", "pay": {"R": 1, "G": 1}, "gain": {"Y": 1}})
    check_invariants(s)
    assert s["work"][0]["held"] == ["B", "Y"] and s["work"][0]["share"]["Y"] == 9
    assert s["work"][0]["paid"] == ["R", "G"]
    with pytest.raises(IllegalAction) as err:  # once a round
        ENGINE.apply(s, 0, {"type": "convert", "source": "m31", "pay": {"R": 1, "G": 1}, "gain": {"Y": 1}})
    assert err.value.message == "That card has already converted this round."
    with pytest.raises(IllegalAction) as err:  # R and G are spent
        ENGINE.apply(s, 0, {"type": "convert", "source": "m40", "pay": {"R": 1, "G": 1, "B": 1}, "gain": {"W": 1}})
    assert err.value.message == "You do not have the pixels to pay for that."
    # the public view still shows the board as the phase opened it
    public = ENGINE.view(s, None)
    assert public["seats"][0]["held"] == ["R", "G", "B"] and public["supply"]["Y"] == 10
    assert ENGINE.view(s, 0)["private"]["working"]["held"] == ["B", "Y"]


def test_a_recipe_the_card_does_not_have_and_a_card_you_do_not_have():
    s = converting({0: ("RGB", "")}, slots={0: {3: ["m31"]}, 1: {3: ["m34"]}})
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(s, 0, {"type": "convert", "source": "m31", "pay": {"G": 1, "B": 1}, "gain": {"C": 1}})
    assert err.value.message == "That card does not convert that way."
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(s, 0, {"type": "convert", "source": "m34", "pay": {"G": 1, "B": 1}, "gain": {"C": 1}})
    assert err.value.message == "You have no converter or ability card like that."


def test_ability_cards_convert_and_can_pay_from_storage():
    s = converting({0: ("G", "B")}, abilities={"collect": 0})  # 1st to Collect: G+B → C
    s = ENGINE.apply(s, 0, {"type": "convert", "source": "collect", "pay": {"G": 1, "B": 1}, "gain": {"C": 1}})
    assert s["work"][0]["held"] == ["C"] and s["work"][0]["stored"] == []


def test_supply_exhausted_makes_the_conversion_illegal():
    # 9 of the 10 yellows sit on boards: 1 left, and it goes to the token holder's share (seat 0)
    s = converting({0: ("RG", "YYYY"), 1: ("RGY", "YYYY")}, slots={0: {3: ["m31"]}, 1: {3: ["m32"]}})
    assert s["work"][0]["share"]["Y"] == 1 and s["work"][1]["share"]["Y"] == 0
    assert not [a for a in ENGINE.legal_actions(s, 1) if a["type"] == "convert"]
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(s, 1, {"type": "convert", "source": "m32", "pay": {"R": 1, "G": 1}, "gain": {"Y": 1}})
    assert err.value.message == "No yellow pixel is left for you in the supply this round."
    # seat 0 may take the last one; seat 1's decision id does not change
    before = ENGINE.decision_for(s, 1).id
    s = ENGINE.apply(s, 0, {"type": "convert", "source": "m31", "pay": {"R": 1, "G": 1}, "gain": {"Y": 1}})
    assert ENGINE.decision_for(s, 1).id == before


def test_shares_split_evenly_with_the_remainder_from_the_token():
    # each seat has a Cyan Mixer (m34-m36) and G+B: 10 cyans = 3 each + 1, to the token holder (seat 2)
    s = converting({0: ("GB", ""), 1: ("GB", ""), 2: ("GB", "")}, token=2, players=3,
                   slots={0: {1: ["m34"]}, 1: {1: ["m35"]}, 2: {1: ["m36"]}})
    assert [s["work"][seat]["share"]["C"] for seat in range(3)] == [3, 3, 4]
    # nobody can make M, Y or W: those stay in the supply
    assert all(s["work"][seat]["share"]["M"] == 0 for seat in range(3))
    assert (s["supply"]["C"], s["supply"]["M"], s["supply"]["W"]) == (0, 10, 10)
    check_invariants(s)


def test_the_last_pixel_of_a_colour_goes_to_a_player_who_can_make_it():
    # 9 whites on the boards, 1 in the supply. Seat 0 holds the token but has no converter at all;
    # seat 1 has a White Blender and R, G, B: the last white must be theirs to make.
    s = ENGINE.new_game(2, {"content": 1}, 23)
    s["token"] = 0
    set_slots(s, 1, {4: ["m40"]})
    set_pixels(s, 0, "WW", "WWWW")
    set_pixels(s, 1, "RGB", "WWW")
    start_phase(s, "convert", {})
    check_invariants(s)
    assert s["work"][0]["share"]["W"] == 0 and s["work"][1]["share"]["W"] == 1
    action = {"type": "convert", "source": "m40", "pay": {"R": 1, "G": 1, "B": 1}, "gain": {"W": 1}}
    assert action in ENGINE.legal_actions(s, 1)
    s = ENGINE.apply(s, 1, action)
    check_invariants(s)
    assert s["work"][1]["held"] == ["W"]


def test_shares_split_among_the_players_who_can_make_the_colour():
    # 3 players, token on seat 1. Seats 0 and 1 have a Yellow Mixer and R+G to pay; seat 2 has one too
    # but no pixel at all (it can never convert: it is confirmed at once and gets no share).
    s = ENGINE.new_game(3, {"content": 1}, 24)
    s["token"] = 1
    for seat, card in ((0, "m31"), (1, "m32"), (2, "m33")):
        set_slots(s, seat, {1: [card]})
    set_pixels(s, 0, "RG", "")
    set_pixels(s, 1, "RG", "")
    start_phase(s, "convert", {})
    # 10 yellows between seats 0 and 1 (5 each); nobody can make C, M or W: those stay in the supply
    assert [s["work"][seat]["share"] for seat in range(3)] == [
        {"C": 0, "M": 0, "Y": 5, "W": 0}, {"C": 0, "M": 0, "Y": 5, "W": 0}, {"C": 0, "M": 0, "Y": 0, "W": 0}]
    assert s["confirmed"] == [False, False, True]
    check_invariants(s)


def test_shares_remainder_starts_with_the_token_among_those_who_can_make_it():
    # 7 yellows in the supply (3 on seat 2's board), 3 players with a Yellow Mixer and R+G, token on seat 2
    s = ENGINE.new_game(3, {"content": 1}, 25)
    s["token"] = 2
    for seat, card in ((0, "m31"), (1, "m32"), (2, "m33")):
        set_slots(s, seat, {1: [card]})
        set_pixels(s, seat, "RG", "YYY" if seat == 2 else "")
    start_phase(s, "convert", {})
    # 7 = 2 each + 1 remainder, to the token holder (seat 2) first
    assert [s["work"][seat]["share"]["Y"] for seat in range(3)] == [2, 2, 3]


def test_store_unstore_and_confirm():
    s = converting({0: ("RRGBB", "Y"), 1: ("R", "")})  # 4 printed slots, 1 used
    s = ENGINE.apply(s, 0, {"type": "store", "color": "B"})
    s = ENGINE.apply(s, 0, {"type": "unstore", "color": "Y"})
    assert s["work"][0]["stored"] == ["B"] and s["work"][0]["held"] == ["R", "R", "G", "B", "Y"]
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, {"type": "unstore", "color": "W"})
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, {"type": "store", "color": "W"})
    s = ENGINE.apply(s, 0, {"type": "confirm"})
    check_invariants(s)
    # confirm fills the 3 empty slots most valuable first (Y, then R, R), and G and B go to the supply
    assert s["work"][0]["stored"] == ["R", "R", "B", "Y"] and s["work"][0]["held"] == ["G", "B"]
    with pytest.raises(NotYourTurn):
        ENGINE.apply(s, 0, {"type": "confirm"})
    supply = dict(s["supply"])
    s = ENGINE.apply(s, 1, {"type": "confirm"})
    check_invariants(s)
    assert s["phase"] in ("score", "draft") and s["boards"][0]["stored"] == ["R", "R", "B", "Y"]
    assert s["boards"][0]["held"] == [] and s["boards"][1]["stored"] == ["R"]
    assert supply["G"] == 0  # during the phase the returns wait with the player's work


def test_full_storage_refuses_a_store():
    s = converting({0: ("R", "GGGG"), 1: ("B", "")})
    assert {"type": "store", "color": "R"} not in ENGINE.legal_actions(s, 0)
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(s, 0, {"type": "store", "color": "R"})
    assert err.value.message == "Your storage slots are full."


def test_storage_cards_add_slots():
    s = converting({0: ("RRRRRR", ""), 1: ("B", "")}, slots={0: {5: ["m55"]}})
    assert ENGINE.view(s, 0)["private"]["working"]["storage"] == 6
    s = ENGINE.apply(s, 0, {"type": "confirm"})
    assert s["work"][0]["stored"] == ["R"] * 6


def test_a_player_with_nothing_to_do_is_confirmed_at_once():
    s = converting({0: ("", "RR"), 1: ("G", "")})
    assert s["confirmed"] == [True, False] and [d.player for d in ENGINE.pending(s)] == [1]
    assert ENGINE.pending(s)[0].private


def test_returned_primaries_go_back_to_the_bag_at_generate():
    s = converting({0: ("RRRRRR", ""), 1: ("G", "")})
    set_images(s, ["i04", "i07", "i08", "i16", "i18", "i14"])  # no scanline of red or green only
    s = ENGINE.apply(s, 0, {"type": "confirm"})
    s = ENGINE.apply(s, 1, {"type": "confirm"})
    check_invariants(s)
    # 2 R came back to the supply; nobody could score; the round ended and Generate poured them in the bag
    assert s["round"] == 2 and s["phase"] == "draft"
    assert s["boards"][0]["stored"] == ["R"] * 4 and s["boards"][1]["stored"] == ["G"]
    assert (s["supply"]["R"], s["supply"]["G"], s["supply"]["B"]) == (0, 0, 0)


def test_a_colour_you_could_never_pay_for_is_not_shared_with_you():
    # seat 0 (token) has a Yellow Mixer and a Cyan Brightener (C+R → W) and holds R+G: it can make Y, but
    # it has no C and nothing that makes C, so it can never make W. Seat 1 has a White Blender and R+G+B.
    s = converting({0: ("RG", ""), 1: ("RGB", "")}, slots={0: {1: ["m31"], 2: ["m45"]}, 1: {1: ["m40"]}})
    assert s["work"][0]["share"] == {"C": 0, "M": 0, "Y": 10, "W": 0}
    assert s["work"][1]["share"] == {"C": 0, "M": 0, "Y": 0, "W": 10}
    # with a Cyan Mixer and G+B as well, seat 0 could make C first, then W: the whites are split
    s = converting({0: ("RGB", ""), 1: ("RGB", "")},
                   slots={0: {1: ["m31"], 2: ["m45"], 3: ["m34"]}, 1: {1: ["m40"]}})
    assert s["work"][0]["share"] == {"C": 10, "M": 0, "Y": 10, "W": 5}
    assert s["work"][1]["share"]["W"] == 5
