"""Every card placement case, on hand-built states.

Card ids used: 7 Blue 5, 8 Blue 5 (2 crosses), 22 Green 5, 23 Green 5 (1 cross), 56 Red 5,
63 Red 9, 48 Red 1 (3 spirals); others only as face-down filler.
"""

import pytest

from bot.games.base import IllegalAction
from bot.games.pixies import PixiesEngine
from bot.games.pixies.rules import check_invariants
from bot.games.pixies.scenario import arrange

ENGINE = PixiesEngine()


def two_player(grids=None, offer=(8, 63, 48, 22)):
    """A fresh 2-player game, seat 0 to pick from ``offer``."""
    return arrange(ENGINE.new_game(2, {}, 11), grids, list(offer), [0, 1, 0, 1])


def test_empty_space_gets_the_card_face_up():
    s = ENGINE.apply(two_player(), 0, {"type": "take", "card": 8})
    assert s["grids"][0][4] == {"up": 8, "down": None}
    assert s["offer"] == [63, 48, 22]
    assert ENGINE.pending(s)[0].player == 1 and ENGINE.pending(s)[0].kind == "pick"
    assert s["last_action"] == {"seat": 0, "text": "took Blue 5 (2 crosses) → space 5"}
    check_invariants(s)


def test_card_on_a_lone_face_down_card_goes_on_top_validated():
    s = two_player({0: {4: (None, 56)}})
    s = ENGINE.apply(s, 0, {"type": "take", "card": 8})
    assert s["grids"][0][4] == {"up": 8, "down": 56}
    assert ENGINE.view(s, None)["players"][0]["grid"][4]["down"] is True
    assert s["last_action"]["text"] == "took Blue 5 (2 crosses) → space 5, validated"
    assert ENGINE.pending(s)[0].player == 1


def test_single_face_up_card_asks_which_stays_up():
    s = two_player({0: {4: (56, None)}})
    s = ENGINE.apply(s, 0, {"type": "take", "card": 8})
    [decision] = ENGINE.pending(s)
    assert (decision.player, decision.kind) == (0, "keep")
    assert ENGINE.legal_actions(s, 0) == [{"type": "keep", "which": "new"}, {"type": "keep", "which": "old"}]
    assert ENGINE.legal_actions(s, 1) == []
    view = ENGINE.view(s, 1)
    assert view["decision"]["kind"] == "keep" and view["decision"]["card"]["id"] == 8
    assert view["decision"]["space"] == 4
    assert s["grids"][0][4] == {"up": 56, "down": None}  # untouched until decided
    check_invariants(s)  # the held card is accounted for


def test_keep_new_puts_the_old_card_face_down_beneath():
    s = ENGINE.apply(two_player({0: {4: (56, None)}}), 0, {"type": "take", "card": 8})
    s = ENGINE.apply(s, 0, {"type": "keep", "which": "new"})
    assert s["grids"][0][4] == {"up": 8, "down": 56}
    assert s["held"] is None and ENGINE.pending(s)[0].player == 1
    check_invariants(s)


def test_keep_old_puts_the_taken_card_face_down_beneath():
    s = ENGINE.apply(two_player({0: {4: (56, None)}}), 0, {"type": "take", "card": 8})
    s = ENGINE.apply(s, 0, {"type": "keep", "which": "old"})
    assert s["grids"][0][4] == {"up": 56, "down": 8}
    assert s["last_action"]["text"].startswith("kept Red 5 face up on space 5")
    check_invariants(s)


def test_validated_space_sends_the_card_face_down_to_a_chosen_empty_space():
    # space 5 validated; space 1 holds only a face-down card (not empty); space 9 face up (not empty)
    s = two_player({0: {4: (56, 23), 0: (None, 7), 8: (15, None)}}, offer=(8, 22, 48, 63))
    s = ENGINE.apply(s, 0, {"type": "take", "card": 8})
    [decision] = ENGINE.pending(s)
    assert decision.kind == "space" and decision.player == 0
    # empty spaces: indexes 1, 2, 3, 5, 6, 7 (0 has a face-down card, 4 validated, 8 face up)
    assert ENGINE.legal_actions(s, 0) == [{"type": "space", "index": i} for i in (1, 2, 3, 5, 6, 7)]
    for bad in (0, 4, 8):
        with pytest.raises(IllegalAction):
            ENGINE.apply(s, 0, {"type": "space", "index": bad})
    s = ENGINE.apply(s, 0, {"type": "space", "index": 6})
    assert s["grids"][0][6] == {"up": None, "down": 8}
    assert s["last_action"]["text"] == "placed the card face down on space 7"
    assert ENGINE.view(s, None)["players"][0]["grid"][6] == {"up": None, "down": True}
    assert ENGINE.pending(s)[0].player == 1
    check_invariants(s)


def test_validated_space_with_one_empty_space_places_automatically():
    # Every space but index 2 covered; space 5 validated -> the Blue 5 goes face down on index 2.
    fillers = {0: (None, 30), 1: (None, 31), 3: (None, 32), 4: (56, 23), 5: (None, 33), 6: (None, 34)}
    fillers.update({7: (None, 35), 8: (None, 36)})
    s = ENGINE.apply(two_player({0: fillers}), 0, {"type": "take", "card": 8})
    assert s["grids"][0][2] == {"up": None, "down": 8}
    assert s["held"] is None
    assert s["last_action"]["text"] == (
        "took Blue 5 (2 crosses) → space 5 is validated, so it goes face down on space 3"
    )
    assert ENGINE.pending(s)[0].player == 1
    check_invariants(s)


def test_a_face_down_card_later_validated_by_its_number():
    # A card placed face down on space 9 becomes the base of a later 9.
    s = two_player({0: {4: (56, 23)}}, offer=(8, 22, 63, 48))
    s = ENGINE.apply(s, 0, {"type": "take", "card": 8})
    s = ENGINE.apply(s, 0, {"type": "space", "index": 8})
    s = ENGINE.apply(s, 1, {"type": "take", "card": 22})
    s = ENGINE.apply(s, 0, {"type": "take", "card": 63})
    assert s["grids"][0][8] == {"up": 63, "down": 8}
