"""Purchase Draft by hand-worked cases: five face-up lots, a coin on each lot passed over, the coins of the lot
taken, the Leader pile (4, dual cards only) and the Hero deck (25), the end when no one can buy."""

import json
import random

import pytest

from bot.games.base import BadOptions, IllegalAction, NotYourTurn
from tests.games.pt_draft_helpers import COMMONS, DUALS, ENGINE, cube_of, play

D, C = DUALS, COMMONS


def new(players=2, seed=1):
    return ENGINE.new_game(players, {"method": "purchase", "cube": cube_of(29 * players)}, seed)


def staged(lots, deck):
    s = new()
    s["lots"] = [{"card": k, "coins": 0} for k in lots]
    s["deck"] = list(deck)
    return s


def test_deal():
    s = new(3)
    assert len(s["lots"]) == 5 and len(s["deck"]) == 87 - 5 and s["coins"] == [5, 5, 5]
    [decision] = ENGINE.pending(s)
    assert decision.player == 0 and not decision.private  # the lots are face up
    with pytest.raises(BadOptions, match="Purchase Draft is for 2 to 4 players"):
        ENGINE.new_game(5, {"method": "purchase", "cube": cube_of(145)}, 1)
    with pytest.raises(BadOptions, match="deals 87 cards, but the Cube holds 80: it lacks 7 cards"):
        ENGINE.new_game(3, {"method": "purchase", "cube": cube_of(80)}, 1)


def test_passing_over_lots_costs_coins_placed_on_them():
    s = staged([D[0], C[0], D[1], C[1], D[2]], [C[2], C[3]])
    legal = ENGINE.legal_actions(s, 0)
    assert legal[:3] == [{"type": "buy", "lot": 0, "to": "leader"}, {"type": "buy", "lot": 0, "to": "hero"},
                         {"type": "buy", "lot": 1, "to": "hero"}]
    assert {"type": "buy", "lot": 1, "to": "leader"} not in legal  # a Common is never a Leader
    s = ENGINE.apply(s, 0, {"type": "buy", "lot": 2, "to": "leader"})
    assert s["coins"] == [3, 5] and s["leaders"][0] == [D[1]]
    # the lots shift away from the deck, keeping their coins; the deck's top card is the new lot 5
    assert s["lots"] == [{"card": D[0], "coins": 1}, {"card": C[0], "coins": 1}, {"card": C[1], "coins": 0},
                         {"card": D[2], "coins": 0}, {"card": C[2], "coins": 0}]
    assert s["turn"] == 1
    with pytest.raises(NotYourTurn):
        ENGINE.apply(s, 0, {"type": "buy", "lot": 0, "to": "hero"})
    s = ENGINE.apply(s, 1, {"type": "buy", "lot": 1, "to": "hero"})
    # one coin paid onto lot 1, one coin gained from lot 2
    assert s["coins"] == [3, 5] and s["heroes"][1] == [C[0]]
    assert s["lots"][0] == {"card": D[0], "coins": 2} and s["lots"][-1] == {"card": C[3], "coins": 0}
    s = ENGINE.apply(s, 0, {"type": "buy", "lot": 0, "to": "hero"})
    assert s["coins"] == [5, 5] and s["heroes"][0] == [D[0]] and len(s["lots"]) == 4 and s["deck"] == []


def test_coins_limit_how_far_a_player_reaches():
    s = staged([D[0], D[1], D[2], D[3], D[4]], [])
    s["coins"] = [2, 5]
    assert {a["lot"] for a in ENGINE.legal_actions(s, 0)} == {0, 1, 2}
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, {"type": "buy", "lot": 3, "to": "hero"})


def test_full_piles_refuse_and_a_stuck_player_passes():
    s = staged([C[0], C[1], D[0]], [])
    s["leaders"][0] = D[10:14]
    s["heroes"][0] = cube_of(60)[30:55]
    assert ENGINE.legal_actions(s, 0) == []  # both full: seat 1 is never asked
    s["turn"] = 1
    s["coins"] = [5, 0]
    s["leaders"][1] = D[14:17]
    s["heroes"][1] = cube_of(60)[1:26]
    # seat 2 needs a Leader: the only dual lot is 2 coins away and seat 2 has none
    assert ENGINE.legal_actions(s, 1) == []


def test_the_draft_ends_when_no_one_can_buy():
    s = staged([C[0], C[1], D[0]], [])
    s["leaders"] = [D[10:14], D[14:17]]
    s["heroes"] = [cube_of(60)[30:54], cube_of(60)[1:26]]
    s["coins"] = [0, 0]
    s = ENGINE.apply(s, 0, {"type": "buy", "lot": 0, "to": "hero"})
    # seat 1 can reach only Commons and needs a Leader: it passes; seat 0 is full: the draft is over
    assert s["status"] == "finished"
    assert "Seat 2 can buy no lot and passes." in s["log"]
    assert len(s["decks"][1]["leaders"]) == 4  # the fix-up made a random dual Hero its 4th Leader


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (2, 4)])
def test_whole_purchase_drafts(players, seed):
    rng = random.Random(seed)
    coins = 5 * players

    def check(state):
        if state["phase"] == "purchase":
            assert sum(state["coins"]) + sum(lot["coins"] for lot in state["lots"]) == coins

    s, steps = play(new(players, seed), rng, check=check)
    assert steps >= 29 * players - 5
    for seat in range(players):
        assert len(s["leaders"][seat]) <= 4 and len(s["heroes"][seat]) <= 25


def test_default_purchases_give_four_leaders_and_25_heroes_each():
    s, steps = play(new(2, 5))
    assert steps == 58
    assert [(len(d["leaders"]), len(d["heroes"])) for d in s["decks"]] == [(4, 25), (4, 25)]
    assert s["deck_problems"] == [[], []]


def test_views_show_the_face_up_lots_and_purchases():
    s = new()
    public = ENGINE.view(s, None)
    assert [lot["id"] for lot in public["lots"]] == [lot["card"] for lot in s["lots"]]
    assert [lot["cost"] for lot in public["lots"]] == [0, 1, 2, 3, 4]
    s = ENGINE.apply(s, 0, {"type": "buy", "lot": 0, "to": "hero"})
    public = ENGINE.view(s, None)
    assert [c["id"] for c in public["seats"][0]["hero_cards"]] == s["heroes"][0]
    assert s["deck"][0] not in json.dumps(public) or s["deck"][0] in [lot["card"] for lot in s["lots"]]
