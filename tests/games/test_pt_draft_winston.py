"""Winston Draft by hand-worked cases: three face-down lots, take / take one as a Leader / pass, the last lot,
the empty deck, the end-of-draft Leader fix-up and the return of Heroes down to 25."""

import json
import random

import pytest

from bot.games.base import BadOptions, IllegalAction, NotYourTurn
from bot.games.pt_draft import finish
from tests.games.pt_draft_helpers import COMMONS, DUALS, ENGINE, cube_of, play

D, C = DUALS, COMMONS


def new(seed=1):
    return ENGINE.new_game(2, {"method": "winston", "cube": cube_of(80)}, seed)


def staged(deck, lots):
    """A Winston state with a chosen draw deck and lots, seat 0 looking at lot 1."""
    s = new()
    s["deck"], s["lots"], s["looking"], s["turn"] = list(deck), [list(lot) for lot in lots], 0, 0
    return s


def test_deal():
    s = new()
    assert len(s["deck"]) == 77 and [len(lot) for lot in s["lots"]] == [1, 1, 1]
    [decision] = ENGINE.pending(s)
    assert decision.player == 0 and decision.private and decision.kind == "winston"
    assert sorted(s["deck"] + [k for lot in s["lots"] for k in lot]) == sorted(cube_of(80))


def test_two_players_only_and_the_cube_must_hold_80():
    with pytest.raises(BadOptions, match="Winston Draft is for 2 players"):
        ENGINE.new_game(3, {"method": "winston", "cube": cube_of(96)}, 1)
    with pytest.raises(BadOptions, match="holds 79: it lacks 1 card\\."):
        ENGINE.new_game(2, {"method": "winston", "cube": cube_of(79)}, 1)


def test_pass_adds_a_card_and_looks_at_the_next_lot():
    s = staged([C[0], C[1], C[2], C[3]], [[D[0]], [D[1]], [D[2]]])
    assert ENGINE.legal_actions(s, 0) == [{"type": "take"}, {"type": "leader", "card": D[0]}, {"type": "pass"}]
    s = ENGINE.apply(s, 0, {"type": "pass"})
    assert s["lots"] == [[D[0], C[0]], [D[1]], [D[2]]] and s["looking"] == 1 and s["turn"] == 0
    assert s["deck"] == [C[1], C[2], C[3]]
    s = ENGINE.apply(s, 0, {"type": "take"})
    assert s["heroes"][0] == [D[1]] and s["leaders"][0] == []
    assert s["lots"] == [[D[0], C[0]], [C[1]], [D[2]]] and s["deck"] == [C[2], C[3]]
    assert s["turn"] == 1 and s["looking"] == 0
    with pytest.raises(NotYourTurn):
        ENGINE.apply(s, 0, {"type": "take"})
    # seat 2 sees lot 1 (two cards) privately; the public sees only its size
    mine = ENGINE.view(s, 1)["private"]["lot"]
    assert [c["id"] for c in mine] == [D[0], C[0]]
    public = ENGINE.view(s, None)
    assert public["lots"] == [2, 1, 1] and public["deck"] == 2 and D[0] not in json.dumps(public)
    assert "lot" not in ENGINE.view(s, 0)["private"]


def test_take_one_as_leader_shuffles_the_rest_back():
    s = staged([C[0], C[1], C[2]], [[C[5], D[3], C[6]], [D[1]], [D[2]]])
    assert {"type": "leader", "card": C[5]} not in ENGINE.legal_actions(s, 0)  # Commons are never Leaders
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, {"type": "leader", "card": C[5]})
    s = ENGINE.apply(s, 0, {"type": "leader", "card": D[3]})
    assert s["leaders"][0] == [D[3]] and s["heroes"][0] == []
    # the two others went into the deck, shuffled, and the deck's top card formed a new lot 1
    assert len(s["lots"][0]) == 1 and len(s["deck"]) == 4
    assert sorted(s["deck"] + s["lots"][0]) == sorted([C[0], C[1], C[2], C[5], C[6]])
    assert s["turn"] == 1


def test_passing_the_last_lot_draws_the_top_card_to_keep():
    s = staged([C[0], C[1], D[4], C[3]], [[D[0]], [D[1]], [D[2]]])
    s = ENGINE.apply(s, 0, {"type": "pass"})
    s = ENGINE.apply(s, 0, {"type": "pass"})
    assert s["looking"] == 2 and s["lots"][:2] == [[D[0], C[0]], [D[1], C[1]]]
    assert ENGINE.view(s, 0)["private"]["last_lot"] is True
    s = ENGINE.apply(s, 0, {"type": "pass"})
    # the last lot got the top card, then the player drew the next one
    assert s["lots"][2] == [D[2], D[4]] and s["drawn"] == C[3] and s["deck"] == []
    assert ENGINE.legal_actions(s, 0) == [{"type": "keep", "to": "hero"}]  # a Common: a Hero only
    assert ENGINE.view(s, 0)["private"]["drawn"]["id"] == C[3] and "drawn" not in ENGINE.view(s, 1)["private"]
    s = ENGINE.apply(s, 0, {"type": "keep", "to": "hero"})
    assert s["heroes"][0] == [C[3]] and s["turn"] == 1


def test_the_last_lot_cannot_be_passed_when_the_deck_is_empty():
    s = staged([], [[D[0]], [D[1]], [D[2]]])
    s = ENGINE.apply(s, 0, {"type": "pass"})
    assert s["lots"][0] == [D[0]]  # nothing to add
    s = ENGINE.apply(s, 0, {"type": "pass"})
    assert s["looking"] == 2
    assert {"type": "pass"} not in ENGINE.legal_actions(s, 0)
    s = ENGINE.apply(s, 0, {"type": "take"})
    assert s["lots"][2] == [] and s["turn"] == 1 and s["looking"] == 0


def test_with_one_card_left_passing_the_last_lot_draws_it():
    s = staged([D[5]], [[D[0]], [D[1]], [D[2]]])
    s["looking"] = 2
    s = ENGINE.apply(s, 0, {"type": "pass"})
    assert s["lots"][2] == [D[2]] and s["drawn"] == D[5]
    assert ENGINE.legal_actions(s, 0) == [{"type": "keep", "to": "hero"}, {"type": "keep", "to": "leader"}]
    s = ENGINE.apply(s, 0, {"type": "keep", "to": "leader"})
    assert s["leaders"][0] == [D[5]]


def test_empty_lots_are_skipped_and_the_draft_ends_with_the_last_card():
    s = staged([], [[], [D[1]], []])
    s["looking"] = 1
    s["leaders"] = [D[10:14], D[14:18]]
    s["heroes"] = [[], []]
    s = ENGINE.apply(s, 0, {"type": "take"})
    assert s["status"] == "finished" and s["pools"][0] == D[10:14] + [D[1]]
    assert s["decks"][0] == {"format": "standard", "leaders": D[10:14], "heroes": [D[1]]}
    assert any("25 to 30 Heroes" in p for p in s["deck_problems"][0])  # the rulebook: play with all you have


def test_leader_fix_up_is_random_and_takes_dual_cards_only():
    s = new()
    s["leaders"] = [[D[0], D[1]], D[2:8]]
    s["heroes"] = [[C[0], D[8], C[1], D[9], D[10]], [C[2]]]
    finish.fix_leaders(s)
    assert len(s["leaders"][0]) == 4 and s["leaders"][0][:2] == [D[0], D[1]]
    assert set(s["leaders"][0][2:]) <= {D[8], D[9], D[10]} and C[0] in s["heroes"][0] and C[1] in s["heroes"][0]
    assert len(s["heroes"][0]) == 3
    assert len(s["leaders"][1]) == 4 and len(s["heroes"][1]) == 3 and set(s["leaders"][1]) < set(D[2:8])
    again = new()
    again["leaders"] = [[D[0], D[1]], D[2:8]]
    again["heroes"] = [[C[0], D[8], C[1], D[9], D[10]], [C[2]]]
    finish.fix_leaders(again)
    assert again["leaders"] == s["leaders"]  # seeded


def test_more_than_25_heroes_may_return_any_number_down_to_25():
    s = new()
    s["leaders"] = [D[0:4], D[4:8]]
    s["heroes"] = [cube_of(80)[8:38], cube_of(80)[38:60]]
    finish.start_returns(s)
    assert s["phase"] == "return" and s["returns_left"] == [5, 0]
    assert [d.player for d in ENGINE.pending(s)] == [0]
    for _ in range(5):
        s = ENGINE.apply(s, 0, {"type": "return", "card": s["heroes"][0][-1]})
    assert s["status"] == "finished" and len(s["heroes"][0]) == 25 and len(s["returned"][0]) == 5


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_whole_winston_drafts(seed):
    s0 = new(seed)
    dealt = sorted(s0["deck"] + [k for lot in s0["lots"] for k in lot])
    s, steps = play(s0, random.Random(seed))
    returned = [k for r in s["returned"] for k in r]
    assert sorted(s["pools"][0] + s["pools"][1] + returned) == dealt
    for seat in range(2):
        assert len(s["leaders"][seat]) == 4
        assert len(s["heroes"][seat]) >= 25 or not s["returned"][seat]


def test_whole_winston_by_default_actions_takes_every_lot():
    s, steps = play(new(9))
    assert s["status"] == "finished" and sum(len(p) for p in s["pools"]) == 80
