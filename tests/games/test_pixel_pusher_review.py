"""Review of the Pixel Pusher engine against issue #5 and the rulebook draft: hand-worked cases the other
test files leave out (setup per colour, Generate, the finite supply, error messages mid-draft, undo,
descriptions).

Card ids: m01 Red Scoop (1 R), m11 Green Scoop, m21 Blue Scoop, m31 Yellow Mixer (R+G → Y), m34 Cyan Mixer
(G+B → C), m40 White Blender (R+G+B → W), m43 Yellow Brightener (Y+B → W).
NO_SCORE images (Leaf, Key, Frog, Rainbow, Mushroom, Sun) have no scanline that one R can pay for.
"""

from collections import Counter

import pytest

from bot.games.base import GameError
from bot.games.pixel_pusher import PixelPusherEngine
from bot.games.pixel_pusher.content import ABILITY_CARDS, MACHINE_CARDS
from bot.games.pixel_pusher.invariants import check_invariants
from bot.games.pixel_pusher.scenario import (
    set_conveyor,
    set_hands,
    set_images,
    set_pixels,
    set_slots,
    start_phase,
)

ENGINE = PixelPusherEngine()
NO_SCORE = ["i02", "i13", "i17", "i19", "i05", "i03"]


# ------------------------------------------------------------------ setup and Generate
@pytest.mark.parametrize("players, deck", [(2, 40 - 6), (3, 50 - 9), (4, 60 - 12)])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_setup_per_colour(players, deck, seed):
    s = ENGINE.new_game(players, {"content": 1}, seed)
    on_belt = Counter(p for segment in s["conveyor"] for p in segment)
    # 20 of each primary: what is not on the belt is in the bag
    assert {c: s["bag"][c] + on_belt[c] for c in "RGB"} == {"R": 20, "G": 20, "B": 20}
    assert sum(s["bag"].values()) == 39 and sum(on_belt.values()) == 21
    assert [s["supply"][c] for c in "CMYW"] == [10, 10, 10, 10]
    assert len({i["id"] for i in s["images"]}) == 6 and len(set(s["image_deck"])) == 14
    assert len(s["deck"]) == deck
    assert all(board["held"] == [] and board["stored"] == [] for board in s["boards"])


def test_generate_is_skipped_in_round_1_then_shifts_the_belt():
    s = ENGINE.new_game(2, {"content": 1}, 21)
    assert [len(seg) for seg in s["conveyor"]] == [6, 5, 4, 3, 2, 1]  # round 1: the preload, no Generate
    set_images(s, NO_SCORE)
    set_conveyor(s, ["RRG", "GB", "B", "", "RG", "GGB"])
    set_pixels(s, 0, "R", "")
    start_phase(s, "convert", {})
    check_invariants(s)
    # the bag: 20 - belt - seat 0's R = R 16, G 15, B 17
    assert s["bag"] == {"R": 16, "G": 15, "B": 17}
    s = ENGINE.apply(s, 0, {"type": "confirm"})  # nobody can score: the round ends, Generate runs
    check_invariants(s)
    assert s["round"] == 2 and s["phase"] == "draft"
    # segment 6 (GGB) went into the bag, the belt moved one step, 6 new pixels on segment 1
    assert s["conveyor"][1:] == [["R", "R", "G"], ["G", "B"], ["B"], [], ["R", "G"]]
    new = Counter(s["conveyor"][0])
    assert sum(new.values()) == 6
    assert {c: s["bag"][c] + new[c] for c in "RGB"} == {"R": 16, "G": 17, "B": 18}
    assert s["boards"][0]["stored"] == ["R"]


# ------------------------------------------------------------------ the finite supply
def test_a_conversion_whose_output_is_gone_is_illegal():
    s = ENGINE.new_game(2, {"content": 1}, 22)
    set_slots(s, 0, {2: ["m34"]})
    set_pixels(s, 0, "GB", "CCCC")
    set_pixels(s, 1, "CCCC", "CC")  # all 10 cyans are on the boards
    start_phase(s, "convert", {"collect": 0})  # 1st to Collect converts G+B → C too
    assert s["supply_public"]["C"] == 0
    assert [a for a in ENGINE.legal_actions(s, 0) if a["type"] == "convert"] == []
    for source in ("m34", "collect"):
        with pytest.raises(GameError) as err:
            ENGINE.apply(s, 0, {"type": "convert", "source": source, "pay": {"G": 1, "B": 1}, "gain": {"C": 1}})
        assert err.value.message == "No cyan pixel is left for you in the supply this round."


# ------------------------------------------------------------------ hidden information
def _hidden_words(state):
    """Names and ids of every card hidden in hands or face-down picks during a draft."""
    words = set()
    by_id = {c["id"]: c["name"] for c in MACHINE_CARDS + ABILITY_CARDS}
    for seat in range(state["num_players"]):
        for card in state["hands"][seat] + state["drafted"][seat]:
            words |= {card, by_id[card]}
    return words


def test_mid_draft_refusals_name_no_hidden_card():
    s = ENGINE.new_game(3, {"content": 1}, 26)
    s = set_hands(s, [["m01", "m31", "m55", "build"], ["m11", "m40", "m49", "collect"],
                      ["m21", "m43", "m09", "reverse"]])
    s = ENGINE.apply(s, 0, {"type": "pick", "card": "m55"})
    s = ENGINE.apply(s, 2, {"type": "pick", "card": "reverse"})
    hidden = _hidden_words(s)
    assert {"Big Pixel Tank", "Reverser", "White Blender", "1st to Build"} <= hidden
    every = [c["id"] for c in MACHINE_CARDS + ABILITY_CARDS] + ["", "m61", None, 0, [], {}]
    messages = set()
    for seat in (0, 1, 2, 3, -1, None, "1"):
        for card in every:
            for action in ({"type": "pick", "card": card}, {"type": "install", "card": card, "slot": 2},
                           {"type": "pixel", "card": card}, {"type": "flip"}, {"type": "confirm"},
                           {"type": "convert", "source": card, "pay": {"R": 1, "G": 1}, "gain": {"Y": 1}},
                           {"type": "store", "color": "R"}, {"type": "fill", "image": card, "row": 0},
                           {"type": card}, card):
                if seat in (0, 1, 2) and action in ENGINE.legal_actions(s, seat):
                    continue
                with pytest.raises(GameError) as err:
                    ENGINE.apply(s, seat, action)
                messages.add(err.value.message)
    assert messages == {"You are not playing in this game.", "Pick a card from your hand now.",
                        "That card is not in your hand.", "You have already picked: wait for the others to pick."}
    for message in messages:
        assert not any(word in message for word in hidden)


def test_public_descriptions_of_hidden_steps_are_fixed_sentences():
    s = ENGINE.new_game(2, {"content": 1}, 27)
    s = set_hands(s, [["m01", "m31", "m55", "build"], ["m11", "m40", "m49", "collect"]])
    for card in ("m01", "m31", "m55", "build"):
        assert ENGINE.describe_action(s, 0, {"type": "pick", "card": card}) == "made a pick"
        assert ENGINE.describe_for(s, 0, {"type": "pick", "card": card}, 1) == "made a pick"
    b = start_phase(ENGINE.new_game(2, {"content": 1}, 27), "build", {})
    b = set_hands(b, [["m40", "m01"], ["m11"]])
    assert ENGINE.describe_action(b, 0, {"type": "pixel"}) == "discarded a card to take a random pixel"
    assert ENGINE.describe_for(b, 0, {"type": "pixel"}, 1) == "discarded a card to take a random pixel"
    assert ENGINE.describe_for(b, 0, {"type": "pixel"}, 0) == "discarded White Blender to take a random pixel"


@pytest.mark.parametrize("junk", [None, "pick", 3, [], {}, {"type": None}, {"type": "fill"},
                                  {"type": "pick", "card": "nope"}, {"type": "convert", "source": 5}])
def test_describing_junk_never_crashes(junk):
    s = ENGINE.new_game(2, {"content": 1}, 28)
    for viewer in (None, 0, 1):
        assert isinstance(ENGINE.describe_for(s, 0, junk, viewer), str)
    assert isinstance(ENGINE.describe_action(s, 0, junk), str)


# ------------------------------------------------------------------ undo
def test_undo_after_random_or_hidden_steps():
    # a Score fill that ends the round: Generate draws from the bag and new hands are dealt
    s = ENGINE.new_game(2, {"content": 1}, 29)
    set_images(s, ["i01", "i04", "i07", "i08", "i16", "i18"])
    set_pixels(s, 0, "", "RR")
    start_phase(s, "score", {"score": 0})
    fill = {"type": "fill", "image": "i01", "row": 0}
    after = ENGINE.apply(s, 0, fill)
    assert after["round"] == 2 and not ENGINE.undo_allowed(s, after, 0, fill)
    # a random pixel from an empty bag draws nothing, but the card is discarded face down
    b = start_phase(ENGINE.new_game(2, {"content": 1}, 29), "build", {"build": 0})
    b = set_hands(b, [["m40", "m01"], ["m11"]])
    b["bag"] = {"R": 0, "G": 0, "B": 0}
    b["supply"].update({"R": 20 - sum(seg.count("R") for seg in b["conveyor"]),
                        "G": 20 - sum(seg.count("G") for seg in b["conveyor"]),
                        "B": 20 - sum(seg.count("B") for seg in b["conveyor"])})
    check_invariants(b)
    b1 = ENGINE.apply(b, 0, {"type": "pixel"})
    assert b1["boards"][0]["held"] == [] and b1["discard"][-1] == "m40"
    assert not ENGINE.undo_allowed(b, b1, 0, {"type": "pixel"})
    # flipping reveals nothing
    r = start_phase(ENGINE.new_game(2, {"content": 1}, 29), "build", {"reverse": 0, "build": 0})
    r = set_hands(r, [["m40"], ["m11"]])
    r1 = ENGINE.apply(r, 0, {"type": "flip"})
    assert ENGINE.undo_allowed(r, r1, 0, {"type": "flip"})


# ------------------------------------------------------------------ acting order
def test_a_leaver_keeps_setting_where_the_order_starts():
    # 3 players, token on seat 0; seat 1 drafted 1st to Collect and leaves during Build. Collect starts
    # after seat 1's place (seat 2, then seat 0), not with the token holder.
    s = ENGINE.new_game(3, {"content": 1}, 30)
    s["token"] = 0
    set_hands(s, [["m49"], ["m50"], ["m51"]])
    set_slots(s, 0, {1: ["m05"]})  # Red Grabber: 2 R from segment 1
    set_slots(s, 2, {1: ["m06"]})
    set_conveyor(s, ["RRRGGB"])
    start_phase(s, "build", {"collect": 1, "build": 0})
    s = ENGINE.leave(s, 1)
    s = ENGINE.apply(s, 0, {"type": "install", "card": "m49", "slot": 4})
    s = ENGINE.apply(s, 2, {"type": "install", "card": "m51", "slot": 4})
    check_invariants(s)
    # segment 1 RRRGGB: seat 2 takes RR, one R is left: seat 0 (2 R) takes none
    assert s["boards"][2]["held"] == ["R", "R"] and s["boards"][0]["held"] == []
    assert s["conveyor"][0] == ["R", "G", "G", "B"]


# ------------------------------------------------------------------ a deck that cannot deal full stacks
def _end_round_with(players, deck):
    """A game whose round ends (nobody can score) with exactly ``deck`` left in the machine deck."""
    s = ENGINE.new_game(players, {"content": 1}, 31)
    set_images(s, NO_SCORE)
    set_pixels(s, 0, "R", "")
    start_phase(s, "convert", {})
    pool = s["deck"] + s["removed"]  # every machine card is in one of these two now
    s["removed"] = [c for c in pool if c not in deck]
    s["deck"] = list(deck)
    check_invariants(s)
    return ENGINE.apply(s, 0, {"type": "confirm"})


def test_three_players_last_round_one_card_a_stack():
    s = _end_round_with(3, ["m01", "m11", "m21", "m31", "m49"])
    check_invariants(s)
    # 5 cards for 3 stacks: 1 each (5 // 3), the other 2 discarded; the deck is empty, so this is the last round
    assert s["round"] == 2 and s["deck"] == [] and s["discard"][-2:] == ["m31", "m49"]
    assert [h[0] for h in s["hands"]] == ["m01", "m11", "m21"] and all(len(h) == 2 for h in s["hands"])
    for seat in range(3):
        s = ENGINE.apply(s, seat, {"type": "pick", "card": s["hands"][seat][0]})
    # the last cards (the ability cards, passed left) are drafted automatically
    assert s["phase"] == "build" and s["hands"] == [["m01"], ["m11"], ["m21"]]
    while not ENGINE.is_terminal(s):
        d = ENGINE.pending(s)[0]
        s = ENGINE.apply(s, d.player, ENGINE.default_action(s, d.player))
    assert s["round"] == 2 and ENGINE.result(s).reason.startswith("the machine deck is empty")


def test_two_players_last_round_two_cards_a_stack():
    s = _end_round_with(2, ["m01", "m02", "m11", "m12"])
    assert s["deck"] == [] and s["hands"][0][:2] == ["m01", "m02"] and s["hands"][1][:2] == ["m11", "m12"]
    assert [len(h) for h in s["hands"]] == [3, 3]
