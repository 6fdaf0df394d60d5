"""Pack Draft and Epic Pack Draft by hand-worked cases: packs of 8, Leader first picks (dual cards only), passing
left, right, left, right, the last card taken by itself, the return of up to 3 Heroes."""

import json

import pytest

from bot.games.base import IllegalAction, NotYourTurn
from bot.games.pt_draft import pack
from tests.games.pt_draft_helpers import COMMONS, DUALS, ENGINE, cube_of, play


def new(players=3, method="pack", seed=1):
    return ENGINE.new_game(players, {"method": method, "cube": cube_of(32 * players)}, seed)


def rests(packs, picked):
    """Return each pack without the card picked from it."""
    out = []
    for cards, card in zip(packs, picked, strict=True):
        cards = list(cards)
        cards.remove(card)
        out.append(cards)
    return out


def pick_all(state, choose=lambda s, seat: pack.choices(s, seat)[0]):
    """Every seat picks once (in seat order); return the state and the cards picked."""
    picked = []
    for seat in range(state["num_players"]):
        card = choose(state, seat)
        picked.append(card)
        state = ENGINE.apply(state, seat, {"type": "pick", "card": card})
    return state, picked


def test_deal_four_packs_of_eight_per_player():
    s = new(3)
    assert [len(p) for p in s["packs"]] == [8, 8, 8]
    assert [[len(p) for p in u] for u in s["unopened"]] == [[8, 8, 8]] * 3
    dealt = [k for p in s["packs"] for k in p] + [k for u in s["unopened"] for p in u for k in p]
    assert sorted(dealt) == sorted(cube_of(96))
    assert [d.player for d in ENGINE.pending(s)] == [0, 1, 2]
    assert all(d.private and d.kind == "pack" for d in ENGINE.pending(s))


def test_first_pick_is_a_leader_and_accepts_dual_cards_only():
    s = new(3)
    s["packs"][0] = [COMMONS[0], DUALS[0], COMMONS[1], DUALS[1], COMMONS[2], COMMONS[3], COMMONS[4], COMMONS[5]]
    assert ENGINE.legal_actions(s, 0) == [{"type": "pick", "card": DUALS[0]}, {"type": "pick", "card": DUALS[1]}]
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, {"type": "pick", "card": COMMONS[0]})
    after = ENGINE.apply(s, 0, {"type": "pick", "card": DUALS[1]})
    assert after["leaders"][0] == [DUALS[1]] and after["heroes"][0] == []
    assert after["picked"] == [True, False, False]
    assert [d.player for d in ENGINE.pending(after)] == [1, 2]
    with pytest.raises(NotYourTurn):
        ENGINE.apply(after, 0, {"type": "pick", "card": DUALS[0]})


def test_a_pack_without_dual_cards_gives_a_hero_and_the_fix_up_makes_a_leader_later():
    s = new(3)
    s["packs"][0] = COMMONS[:8]
    assert [a["card"] for a in ENGINE.legal_actions(s, 0)] == COMMONS[:8]
    after = ENGINE.apply(s, 0, {"type": "pick", "card": COMMONS[3]})
    assert after["heroes"][0] == [COMMONS[3]] and after["leaders"][0] == []


def test_packs_pass_left_then_right():
    s = new(3)
    before = [list(p) for p in s["packs"]]
    s, picked = pick_all(s)
    # pack 1 passes left: seat 0's pack goes to seat 1, seat 1's to seat 2, seat 2's to seat 0
    rest = rests(before, picked)
    assert s["packs"] == [rest[2], rest[0], rest[1]]
    assert all(len(lead) == 1 and len(hero) == 0 for lead, hero in zip(s["leaders"], s["heroes"], strict=True))
    for _ in range(6):  # picks 2..7; the 8th card of each pack is taken by itself
        s, _picked = pick_all(s)
    assert s["round"] == 1 and s["pick"] == 0
    assert [(len(lead), len(hero)) for lead, hero in zip(s["leaders"], s["heroes"], strict=True)] == [(1, 7)] * 3
    second = [list(p) for p in s["packs"]]
    s, picked = pick_all(s)
    rest = rests(second, picked)
    # pack 2 passes right: seat 0 receives seat 1's pack
    assert s["packs"] == [rest[1], rest[2], rest[0]]
    assert pack.direction(s) == "right"


def test_whole_pack_draft_by_default_picks():
    s, steps = play(new(3, seed=7))
    # 3 players x (4 packs x 7 picks) and no return (the default keeps every Hero)
    assert steps == 84 + 3
    assert s["status"] == "finished"
    for seat in range(3):
        assert len(s["leaders"][seat]) == 4 and len(s["heroes"][seat]) == 28
        assert len(s["pools"][seat]) == 32
    assert sorted(k for p in s["pools"] for k in p) == sorted(cube_of(96))
    # the default pick prefers cards the player does not hold yet, so each pool makes a valid Standard deck
    assert s["deck_problems"] == [[], [], []]
    assert ENGINE.result(s).winners == [] and ENGINE.result(s).ranking == [[0, 1, 2]]


def test_return_up_to_three_heroes():
    s = new(3, seed=3)
    while s["phase"] == "pack":
        s, _ = pick_all(s, lambda st, seat: ENGINE.default_action(st, seat)["card"])
    assert s["phase"] == "return" and s["returns_left"] == [3, 3, 3]
    hero = s["heroes"][0][5]
    s = ENGINE.apply(s, 0, {"type": "return", "card": hero})
    assert len(s["heroes"][0]) == 27 and s["returned"][0] == [hero] and s["returns_left"][0] == 2
    s = ENGINE.apply(s, 0, {"type": "return", "card": s["heroes"][0][0]})
    s = ENGINE.apply(s, 0, {"type": "return", "card": s["heroes"][0][0]})
    assert len(s["heroes"][0]) == 25 and s["returns_left"][0] == 0
    assert ENGINE.legal_actions(s, 0) == []  # three is the most
    s = ENGINE.apply(s, 1, {"type": "done"})
    assert s["status"] == "playing"
    assert ENGINE.default_action(s, 2) == {"type": "done"}
    s = ENGINE.apply(s, 2, ENGINE.default_action(s, 2))
    assert s["status"] == "finished"
    assert [len(p) for p in s["pools"]] == [29, 32, 32]
    assert hero not in s["pools"][0] or s["pools"][0].count(hero) < cube_of(96).count(hero)
    deck = s["decks"][0]
    assert deck["format"] == "standard" and len(deck["leaders"]) == 4 and len(deck["heroes"]) <= 25


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (5, 3), (8, 4)])
def test_random_pack_drafts_play_through(players, seed):
    import random

    if 32 * players > 3 * len(DUALS + COMMONS):
        pytest.skip(f"the sets hold too few cards for a Cube of {32 * players}")
    s, _ = play(ENGINE.new_game(players, {"method": "pack", "cube": cube_of(32 * players)}, seed),
                random.Random(seed))
    for seat in range(players):
        assert len(s["leaders"][seat]) == 4 and 25 <= len(s["heroes"][seat]) <= 28
        deck = s["decks"][seat]
        assert len(deck["leaders"]) == 4 and len(set(deck["leaders"])) == 4
        assert not set(deck["leaders"]) & set(deck["heroes"]) and len(set(deck["heroes"])) == len(deck["heroes"])


def test_epic_pack_leaders_only_on_packs_1_3_5_7():
    players = 3
    need = 64 * players
    cube = cube_of(min(need, 3 * len(DUALS + COMMONS)))
    if len(cube) < need:
        pytest.skip(f"the sets hold {len(cube)} cards; an Epic Pack Draft for 3 needs {need}")
    s = ENGINE.new_game(players, {"method": "epic-pack", "cube": cube}, 5)
    leader_rounds = []
    while s["phase"] == "pack":
        if s["pick"] == 0:
            leader_rounds.append((s["round"], pack.leader_pick(s)))
        s, _ = pick_all(s)
    assert leader_rounds == [(r, r % 2 == 0) for r in range(8)]
    assert s["status"] == "finished"
    for seat in range(players):
        assert len(s["leaders"][seat]) == 4 and len(s["heroes"][seat]) == 60
        assert s["decks"][seat]["format"] == "epic" and s["deck_problems"][seat] == []


def test_the_public_view_never_shows_a_pack():
    s = new(3)
    public = json.dumps(ENGINE.view(s, None))
    names = {c["name"] for seat in range(3) for c in ENGINE.view(s, seat)["private"]["pack"]}
    assert names and not any(f'"{n}"' in public for n in names)
    mine = ENGINE.view(s, 1)
    assert [c["id"] for c in mine["private"]["pack"]] == s["packs"][1]
    others = {c["name"] for c in ENGINE.view(s, 0)["private"]["pack"]} - {c["name"] for c in mine["private"]["pack"]}
    assert not any(f'"{n}"' in json.dumps(mine) for n in others)
    assert ENGINE.describe_action(s, 0, {"type": "pick", "card": s["packs"][0][0]}) == "made a pick"


def test_a_player_who_leaves_picks_by_default():
    s = new(3, seed=2)
    s = ENGINE.leave(s, 2)
    assert s["active"] == [True, True, False] and s["picked"][2] and len(s["leaders"][2]) == 1
    s, _ = play(s)
    assert s["status"] == "finished" and len(s["pools"][2]) == 32
