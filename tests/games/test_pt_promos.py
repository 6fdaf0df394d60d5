"""Promos: a shared Promo deck, one Promo in every opening hand (one card fewer from your own deck), the
Promo Draw action (1 action: discard a card from hand, then draw a Promo), owned by the drawer, hidden."""

import json

import pytest

from bot.games.base import IllegalAction
from bot.games.pixel_tactics import PixelTacticsEngine, promos
from bot.games.pixel_tactics.scenario import act, build, check_invariants, legal
from bot.games.pixel_tactics.state import key_of
from tests.games.pt_play_fakes import fake_promos  # noqa: F401  (fixture)
from tests.games.test_pt_decks_play import DECK, OTHER, both_pick

E = PixelTacticsEngine()


def test_classic_hands_hold_four_deck_cards_and_a_promo_that_never_leads(fake_promos):  # noqa: F811
    s = E.new_game(2, {"promos": True}, 9)
    assert sorted(s["promo_deck"] + [key_of(p["hand"][-1]) for p in s["players"]]) == sorted(fake_promos)
    for seat in (0, 1):
        p = s["players"][seat]
        assert len(p["hand"]) == 5 and len(p["deck"]) == 21  # 25 cards: 4 in hand, 21 in the deck
        promo = p["hand"][-1]
        assert promo == f"{seat}.{key_of(promo)}@6" and key_of(promo) in fake_promos
        assert [a["card"] for a in E.legal_actions(s, seat)] == p["hand"][:4]
        with pytest.raises(IllegalAction, match="A Promo cannot be your Leader"):
            E.apply(s, seat, {"type": "leader", "card": promo})
    public = E.view(s, None)
    assert public["promo_deck"] == len(fake_promos) - 2
    assert not [k for k in fake_promos if f'"{k}"' in json.dumps(public)]
    check_invariants(s)
    again = both_pick_classic(s)
    assert [len(p["hand"]) for p in again["players"]] == [4, 4]  # the same hand size as without Promos
    check_invariants(again)


def both_pick_classic(state):
    """Each seat leads with the first card of its hand."""
    for seat in (0, 1):
        state = E.apply(state, seat, {"type": "leader", "card": state["players"][seat]["hand"][0]})
    return state


def test_built_decks_draw_three_heroes_and_a_promo_after_the_reveal(fake_promos):  # noqa: F811
    s = E.new_game(2, {"decks": [DECK, OTHER], "promos": True}, 9)
    assert [p["hand"] for p in s["players"]] == [[], []] and len(s["promo_deck"]) == len(fake_promos)
    top = list(s["promo_deck"][:2])
    deck0 = list(s["players"][0]["deck"])
    s = both_pick(s)
    assert s["players"][0]["hand"] == deck0[:3] + [f"0.{top[0]}@6"]
    assert s["players"][1]["hand"][-1] == f"1.{top[1]}@6" and len(s["players"][1]["hand"]) == 4
    check_invariants(s)


def test_promo_draw_discards_then_draws_the_top_promo_even_in_the_ceasefire(fake_promos):  # noqa: F811
    top = fake_promos[3]
    s = build(("gearsmith", "starseer"), hands={0: ["skyshot", "stonehide"]}, promos=True, promo_top=[top],
              ceasefire=True)
    check_invariants(s)
    draws = [a for a in legal(s, 0) if a["type"] == "promo_draw"]
    assert draws == [{"type": "promo_draw", "card": "0.skyshot@6"}, {"type": "promo_draw", "card": "0.stonehide@6"}]
    assert legal(s, 0)[-1] == {"type": "end"}
    action = draws[0]
    sky = card_name("skyshot")
    assert E.describe_action(s, 0, action) == f"discarded {sky} and drew a Promo"
    assert E.describe_for(s, 0, action, 0) == f"discarded {sky} and drew the Promo {card_name(top)}"
    after = act(s, 0, action)
    p = after["players"][0]
    assert p["hand"] == ["0.stonehide@6", f"0.{top}@6"] and p["discard"] == ["0.skyshot@6"]
    assert after["actions_left"] == 1 and after["promo_deck"] == s["promo_deck"][1:]
    assert not E.undo_allowed(s, after, 0, action)
    public = json.dumps(E.view(after, None))
    assert f'"{top}"' not in public and "draws a Promo" in after["log"][-1]
    assert E.view(after, None)["promo_deck"] == len(s["promo_deck"]) - 1
    assert E.view(after, 0)["hand"][-1]["key"] == top  # the drawer owns and sees it
    check_invariants(after)


def test_no_promo_draw_without_promos_an_empty_promo_deck_or_an_empty_hand(fake_promos):  # noqa: F811
    plain = build(("gearsmith", "starseer"), hands={0: ["skyshot"]})
    assert not [a for a in legal(plain, 0) if a["type"] == "promo_draw"]
    with pytest.raises(IllegalAction, match="without Promos"):
        act(plain, 0, {"type": "promo_draw", "card": "0.skyshot@6"})
    empty = build(("gearsmith", "starseer"), hands={0: ["skyshot"]}, promos=True)
    empty["promo_deck"] = []
    assert not [a for a in legal(empty, 0) if a["type"] == "promo_draw"]
    with pytest.raises(IllegalAction, match="The Promo deck is empty"):
        act(empty, 0, {"type": "promo_draw", "card": "0.skyshot@6"})
    no_hand = build(("gearsmith", "starseer"), promos=True)
    assert not [a for a in legal(no_hand, 0) if a["type"] == "promo_draw"]
    with pytest.raises(IllegalAction, match="choose one that is in your hand"):
        act(no_hand, 0, {"type": "promo_draw", "card": "0.skyshot@6"})


def test_a_promo_drawn_by_a_seat_whose_deck_holds_that_card_gets_a_copy_number(fake_promos):  # noqa: F811
    promo = fake_promos[0]
    deck = {**DECK, "heroes": DECK["heroes"][:-1] + [promo]}
    s = E.new_game(2, {"decks": [deck, OTHER], "promos": True}, 1)
    assert promos.promo_id(s, 0, promo) == f"0.{promo}@6#2" and promos.promo_id(s, 1, promo) == f"1.{promo}@6"
    s = both_pick(s)
    check_invariants(s)


def test_the_next_game_reshuffles_the_whole_promo_deck(fake_promos):  # noqa: F811
    s = both_pick(E.new_game(2, {"decks": [DECK, OTHER], "promos": True, "trophies": 2}, 4))
    s["players"][0]["unit"]["L"]["damage"] = 99
    while s["game_no"] == 1:
        s = E.apply(s, s["turn"], {"type": "end"})
    assert sorted(s["promo_deck"]) == sorted(fake_promos) and all(p["hand"] == [] for p in s["players"])
    check_invariants(s)


def card_name(key):
    """Return a card's name."""
    from bot.games.pixel_tactics.sets import card_def

    return card_def(key)["name"]
