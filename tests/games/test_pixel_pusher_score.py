"""Score and the end by hand-worked cases: filling scanlines, already filled, two a turn, replacing a
finished image, the last round, tie-breaks.

Heart (i01): row 0 RR (2 VP), row 1 RRMR (6 VP), row 2 RR (2 VP), row 3 R (1 VP).
Sea (i04): row 1 C (2 VP), row 2 CBBC (7 VP), row 3 BBBB (5 VP). m55 = Big Pixel Tank (+2 slots).
"""

import pytest

from bot.games.base import IllegalAction
from bot.games.pixel_pusher import PixelPusherEngine
from bot.games.pixel_pusher.invariants import check_invariants
from bot.games.pixel_pusher.scenario import empty_deck, set_images, set_pixels, set_slots, start_phase

ENGINE = PixelPusherEngine()
IMAGES = ["i01", "i04", "i07", "i08", "i16", "i18"]


def scoring(stored, abilities=None, last_round=False, slots=None, players=2, token=0):
    """A game in Score with these stored pixels per seat and the images above."""
    s = ENGINE.new_game(players, {"content": 1}, 8)
    s["token"] = token
    set_images(s, IMAGES)
    for seat, seat_slots in (slots or {}).items():
        set_slots(s, seat, seat_slots)
    for seat, pixels in stored.items():
        set_pixels(s, seat, "", pixels)
    start_phase(s, "score", abilities or {})
    if last_round:
        empty_deck(s)
    check_invariants(s)
    return s


def test_fill_pays_from_storage_and_scores():
    s = scoring({0: "RRRM", 1: "RR"}, {"score": 0})
    assert ENGINE.legal_actions(s, 0) == [
        {"type": "fill", "image": "i01", "row": 0}, {"type": "fill", "image": "i01", "row": 1},
        {"type": "fill", "image": "i01", "row": 2}, {"type": "fill", "image": "i01", "row": 3},
        {"type": "done"}]
    s = ENGINE.apply(s, 0, {"type": "fill", "image": "i01", "row": 1})
    check_invariants(s)
    assert s["boards"][0]["score"] == 6 and s["boards"][0]["stored"] == []
    assert s["images"][0]["filled_by"] == [None, 0, None, None]
    # seat 0 has nothing left to pay with: seat 1's turn
    assert [d.player for d in ENGINE.pending(s)] == [1]
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(s, 1, {"type": "fill", "image": "i01", "row": 1})
    assert err.value.message == "That scanline is already filled."
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(s, 1, {"type": "fill", "image": "i04", "row": 3})
    assert err.value.message == "You do not have the pixels that scanline needs in storage."
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(s, 1, {"type": "fill", "image": "i04", "row": 0})
    assert err.value.message == "Sea has no scanline on that row."
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(s, 1, {"type": "fill", "image": "i02", "row": 0})
    assert err.value.message == "That image card is not on the table."
    s = ENGINE.apply(s, 1, {"type": "fill", "image": "i01", "row": 0})
    assert s["boards"][1]["score"] == 2


def test_score_order_and_the_token():
    assert scoring({0: "RR", 1: "RR"}, {"score": 1})["order"] == [1, 0]
    assert scoring({0: "RR", 1: "RR"}, {}, token=1)["order"] == [1, 0]
    assert scoring({0: "RR", 1: "RR"}, {}, token=0)["order"] == [0, 1]


def test_two_scanlines_a_turn_at_most():
    s = scoring({0: "RRRRR", 1: "G"}, {"score": 0}, slots={0: {2: ["m55"]}})
    s = ENGINE.apply(s, 0, {"type": "fill", "image": "i01", "row": 0})
    assert ENGINE.view(s, None)["fills"] == 1
    s = ENGINE.apply(s, 0, {"type": "fill", "image": "i01", "row": 2})
    # row 3 (one R) could still be paid, but two is the limit: seat 1 (who can fill nothing) is skipped too
    assert s["boards"][0]["stored"] == ["R"] and s["boards"][0]["score"] == 4
    assert s["phase"] == "draft" and s["round"] == 2


def test_a_finished_image_is_replaced_at_the_end_of_the_score_phase():
    s = scoring({0: "RRRRM", 1: "RRRR"}, {"score": 0}, last_round=True, slots={0: {2: ["m55"]}})
    s = ENGINE.apply(s, 0, {"type": "fill", "image": "i01", "row": 1})
    s = ENGINE.apply(s, 0, {"type": "fill", "image": "i01", "row": 3})
    s = ENGINE.apply(s, 1, {"type": "fill", "image": "i01", "row": 0})
    assert s["images"][0]["filled_by"] == [1, 0, None, 0]
    bag = dict(s["bag"])
    supply_m = s["supply"]["M"]
    s = ENGINE.apply(s, 1, {"type": "fill", "image": "i01", "row": 2})
    check_invariants(s)
    # Heart (8 R, 1 M) is replaced by the first card of the image deck (i02, the deck is in id order)
    assert [i["id"] for i in s["images"]] == ["i02", "i04", "i07", "i08", "i16", "i18"]
    assert s["bag"]["R"] == bag["R"] + 8 and s["supply"]["M"] == supply_m + 1
    assert s["status"] == "finished" and ENGINE.result(s).scores == [7, 4]


def test_the_game_ends_when_the_deck_is_empty_at_the_end_of_a_round():
    s = scoring({0: "RR", 1: "G"}, {"score": 0}, last_round=True)
    s = ENGINE.apply(s, 0, {"type": "fill", "image": "i01", "row": 0})
    assert ENGINE.is_terminal(s) and ENGINE.pending(s) == []
    result = ENGINE.result(s)
    assert result.winners == [0] and result.scores == [2, 0] and result.reason == "the machine deck is empty"


def test_tie_on_points_broken_by_pixels_on_the_board():
    s = scoring({0: "RRG", 1: "RRGG"}, {"score": 0}, last_round=True)
    s = ENGINE.apply(s, 0, {"type": "fill", "image": "i01", "row": 0})
    s = ENGINE.apply(s, 1, {"type": "fill", "image": "i01", "row": 2})
    result = ENGINE.result(s)
    assert result.scores == [2, 2] and result.winners == [1] and result.ranking == [[1], [0]]
    assert "broken by pixels" in result.reason


def test_still_tied_is_a_shared_victory():
    s = scoring({0: "RRG", 1: "RRG", 2: "G"}, {"score": 0}, last_round=True, players=3)
    s = ENGINE.apply(s, 0, {"type": "fill", "image": "i01", "row": 0})
    s = ENGINE.apply(s, 1, {"type": "fill", "image": "i01", "row": 2})
    result = ENGINE.result(s)
    assert result.winners == [0, 1] and result.ranking == [[0, 1], [2]]
    assert "shared victory" in result.reason
    assert ENGINE.view(s, None)["result"]["winners"] == [0, 1]


def test_default_action_fills_the_most_valuable_scanline():
    s = scoring({0: "RRRM", 1: "B"}, {"score": 0})
    assert ENGINE.default_action(s, 0) == {"type": "fill", "image": "i01", "row": 1}
