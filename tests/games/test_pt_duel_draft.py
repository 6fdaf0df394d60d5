"""Duel Draft rule scenarios: one test per rule of the rulebook's Duel Draft text (GAME MODES), then our
choices (docs/rules/pt_modes/duel_draft.md, marked "ours"). States are dealt by the engine and, where a
scenario needs known cards, the tableau and deck are set by hand."""

import json
import re

import pytest

from bot.games.base import BadOptions, IllegalAction, NotYourTurn
from bot.games.pixel_tactics import PixelTacticsEngine
from bot.games.pixel_tactics.effects import draw_cards
from bot.games.pixel_tactics.modes import duel_draft
from bot.games.pixel_tactics.setup_decks import classic_keys
from bot.games.pixel_tactics.state import key_of, new_entry

ENGINE = PixelTacticsEngine()


def new(seed=7, **options):
    """Return a new Duel Draft match (one trophy unless told)."""
    return ENGINE.new_game(2, {"mode": "duel_draft", "trophies": 1, **options}, seed)


def setup_tableau(state, cards, deck=("0.marshal#3", "0.surgeon#3", "0.skyshot#3")):
    """Replace the tableau (no Gold on it) and the deck by known cards (third copies: no card dealt has one)."""
    dd = state["duel_draft"]
    dd["tableau"] = [{"card": c, "gold": 0} for c in cards]
    dd["deck"] = list(deck)
    return state


FIVE = ["0.lorekeeper#3", "0.gloomweaver#3", "0.brewmother#3", "0.nightblade#3", "0.shieldwarden#3"]


def to_turn(state):
    """Play the setup by default actions (far card each time, first card as Leader) until the first turn."""
    while state["phase"] in ("draft", "leader"):
        seat = ENGINE.pending(state)[0].player
        state = ENGINE.apply(state, seat, ENGINE.default_action(state, seat))
    assert state["phase"] == "turn"
    return state


def act(state, action):
    """Apply ``action`` for the seat whose turn it is."""
    return ENGINE.apply(state, state["turn"], action)


# ------------------------------------------------------------------ Setup
def test_rule_shuffle_the_decks_together_into_one_deck():
    state = new()
    dd = state["duel_draft"]
    pool = classic_keys("core", state.get("content", 1)) * 2
    assert sorted(key_of(c) for c in dd["deck"] + [lot["card"] for lot in dd["tableau"]]) == sorted(pool)
    assert len(dd["deck"]) + len(dd["tableau"]) == 50  # the rulebook recommends at least 50
    assert all(p["deck"] == [] and p["hand"] == [] for p in state["players"])


def test_rule_give_each_player_5_gold():
    assert new()["duel_draft"]["gold"] == [5, 5]


def test_rule_deal_the_top_5_cards_as_the_tableau_with_the_deck_at_its_end():
    state = new()
    dd = state["duel_draft"]
    assert len(dd["tableau"]) == 5 and all(lot["gold"] == 0 for lot in dd["tableau"])
    assert len(dd["deck"]) == 45
    # taking the far card shifts the tableau and deals the deck's top card at the deck's end
    seat = ENGINE.pending(state)[0].player
    top = dd["deck"][0]
    after = ENGINE.apply(state, seat, {"type": "draft_draw", "index": 0})
    assert [lot["card"] for lot in after["duel_draft"]["tableau"]] == [lot["card"] for lot in dd["tableau"][1:]] + [top]


def test_rule_players_begin_with_5_draft_draws_then_select_leaders():
    state = new()
    drafters = []
    while state["phase"] == "draft":
        seat = ENGINE.pending(state)[0].player
        drafters.append(seat)
        state = ENGINE.apply(state, seat, {"type": "draft_draw", "index": 0})
    first_drafter = drafters[0]
    assert drafters == [first_drafter, 1 - first_drafter] * 5  # they alternate (ours)
    assert state["phase"] == "leader" and [len(p["hand"]) for p in state["players"]] == [5, 5]
    assert {d.kind for d in ENGINE.pending(state)} == {"leader"}
    for seat in (0, 1):
        pick = ENGINE.legal_actions(state, seat)[0]
        assert pick["card"] in state["players"][seat]["hand"]
        state = ENGINE.apply(state, seat, pick)
    assert state["phase"] == "turn" and [len(p["hand"]) for p in state["players"]] == [4, 4]
    assert state["first"] == 1 - first_drafter  # the second drafter takes the first turn (ours)


# ------------------------------------------------------------------ Gameplay
def test_rule_no_basic_draw_action():
    state = to_turn(new())
    legal = ENGINE.legal_actions(state, state["turn"])
    assert not [a for a in legal if a["type"] == "draw"]
    assert {"type": "draft_draw", "index": 0} in legal
    with pytest.raises(IllegalAction):
        act(state, {"type": "draw"})


def test_rule_draft_draw_may_take_the_far_card():
    state = to_turn(new())
    seat = state["turn"]
    setup_tableau(state, FIVE)
    gold = state["duel_draft"]["gold"][seat]
    after = act(state, {"type": "draft_draw", "index": 0})
    assert after["players"][seat]["hand"][-1] == f"{seat}.lorekeeper#3"
    assert after["duel_draft"]["gold"][seat] == gold  # the far card is free
    assert [lot["card"] for lot in after["duel_draft"]["tableau"]] == FIVE[1:] + ["0.marshal#3"]
    assert after["duel_draft"]["deck"] == ["0.surgeon#3", "0.skyshot#3"]
    assert after["actions_left"] == 1


def test_rule_passing_over_a_card_places_one_gold_on_it():
    state = to_turn(new())
    seat = state["turn"]
    setup_tableau(state, FIVE)
    state["duel_draft"]["gold"][seat] = 5
    after = act(state, {"type": "draft_draw", "index": 2})
    assert after["players"][seat]["hand"][-1] == f"{seat}.brewmother#3"
    assert after["duel_draft"]["gold"][seat] == 3
    assert [(lot["card"], lot["gold"]) for lot in after["duel_draft"]["tableau"]] == [
        ("0.lorekeeper#3", 1), ("0.gloomweaver#3", 1), ("0.nightblade#3", 0), ("0.shieldwarden#3", 0), ("0.marshal#3", 0)]


def test_rule_taking_a_card_gains_all_the_gold_on_it():
    state = to_turn(new())
    seat = state["turn"]
    setup_tableau(state, FIVE)
    state["duel_draft"]["tableau"][1]["gold"] = 3
    state["duel_draft"]["gold"][seat] = 2
    after = act(state, {"type": "draft_draw", "index": 1})  # pays 1 on Lorekeeper, takes Gloomweaver's 3
    assert after["duel_draft"]["gold"][seat] == 2 - 1 + 3
    assert after["duel_draft"]["tableau"][0] == {"card": "0.lorekeeper#3", "gold": 1}


def test_rule_may_not_pass_over_a_card_without_gold():
    state = to_turn(new())
    seat = state["turn"]
    setup_tableau(state, FIVE)
    state["duel_draft"]["gold"][seat] = 0
    drafts = [a for a in ENGINE.legal_actions(state, seat) if a["type"] == "draft_draw"]
    assert drafts == [{"type": "draft_draw", "index": 0}]
    with pytest.raises(IllegalAction, match="costs 1 Gold; you have 0"):
        act(state, {"type": "draft_draw", "index": 1})
    state["duel_draft"]["gold"][seat] = 2
    assert [a["index"] for a in ENGINE.legal_actions(state, seat) if a["type"] == "draft_draw"] == [0, 1, 2]


def test_rule_passing_over_the_last_card_takes_the_decks_top_card():
    state = to_turn(new())
    seat = state["turn"]
    setup_tableau(state, FIVE)
    state["duel_draft"]["gold"][seat] = 5
    after = act(state, {"type": "draft_draw", "index": 5})
    assert after["players"][seat]["hand"][-1] == f"{seat}.marshal#3"
    assert after["duel_draft"]["gold"][seat] == 0
    assert [(lot["card"], lot["gold"]) for lot in after["duel_draft"]["tableau"]] == [(c, 1) for c in FIVE]
    assert after["duel_draft"]["deck"] == ["0.surgeon#3", "0.skyshot#3"]
    # with an empty deck there is nothing past the last card (ours, as the Winston Draft says)
    state["duel_draft"]["deck"] = []
    assert {"type": "draft_draw", "index": 5} not in ENGINE.legal_actions(state, seat)


def test_rule_a_taken_card_is_replaced_from_the_deck():
    state = to_turn(new())
    del state["players"][state["turn"]]["hand"][2:]  # room for two Draft Draws
    setup_tableau(state, FIVE, deck=["0.marshal#3"])
    after = act(state, {"type": "draft_draw", "index": 3})
    assert [lot["card"] for lot in after["duel_draft"]["tableau"]] == [
        "0.lorekeeper#3", "0.gloomweaver#3", "0.brewmother#3", "0.shieldwarden#3", "0.marshal#3"]
    # the deck is empty: the tableau shrinks
    again = act(after, {"type": "draft_draw", "index": 0})
    assert len(again["duel_draft"]["tableau"]) == 4 and again["duel_draft"]["deck"] == []


def test_rule_no_draft_draw_with_5_cards_in_hand():
    state = to_turn(new())
    seat = state["turn"]
    hand = state["players"][seat]["hand"]
    assert len(hand) == 4
    after = act(state, {"type": "draft_draw", "index": 0})
    assert len(after["players"][seat]["hand"]) == 5
    assert not [a for a in ENGINE.legal_actions(after, seat) if a["type"] == "draft_draw"]
    with pytest.raises(IllegalAction, match="hand is full"):
        act(after, {"type": "draft_draw", "index": 0})


def test_rule_draw_effects_come_from_the_central_deck():
    state = to_turn(new())
    seat = state["turn"]
    setup_tableau(state, FIVE)
    assert draw_cards(state, seat, 2) == 2
    assert state["players"][seat]["hand"][-2:] == [f"{seat}.marshal#3", f"{seat}.surgeon#3"]
    assert state["duel_draft"]["deck"] == ["0.skyshot#3"]
    assert [lot["card"] for lot in state["duel_draft"]["tableau"]] == FIVE  # the tableau is not touched
    # an Order that draws (Lorekeeper: draw 3) after the Ceasefire: one card left in the deck
    state["round"] = 2
    state["players"][seat]["hand"].append(f"{seat}.lorekeeper#4")
    after = act(state, {"type": "order", "card": f"{seat}.lorekeeper#4", "target": None})
    assert f"{seat}.skyshot#3" in after["players"][seat]["hand"] and after["duel_draft"]["deck"] == []


def test_rule_gather_funds_takes_all_gold_from_one_card_not_the_card():
    state = to_turn(new())
    seat = state["turn"]
    setup_tableau(state, FIVE)
    state["duel_draft"]["tableau"][3]["gold"] = 2
    state["duel_draft"]["gold"][seat] = 1
    legal = ENGINE.legal_actions(state, seat)
    assert [a for a in legal if a["type"] == "gather"] == [{"type": "gather", "index": 3}]  # only a card with Gold
    after = act(state, {"type": "gather", "index": 3})
    assert after["duel_draft"]["gold"][seat] == 3
    assert after["duel_draft"]["tableau"][3] == {"card": "0.nightblade#3", "gold": 0}
    assert len(after["players"][seat]["hand"]) == len(state["players"][seat]["hand"])
    assert after["actions_left"] == 1
    assert after["log"][-1] == f"Seat {seat + 1} gathers 2 Gold from Nightblade."


# ------------------------------------------------------------------ our choices
def test_ours_a_drafted_card_belongs_to_the_drafter():
    state = to_turn(new())
    seat = state["turn"]
    setup_tableau(state, ["0.skyshot#4"] + FIVE[1:])
    after = act(state, {"type": "draft_draw", "index": 0})
    assert after["players"][seat]["hand"][-1] == f"{seat}.skyshot#4"
    # a Corpse of that card is cleared into the drafter's own discard pile
    after["players"][seat]["hand"].remove(f"{seat}.skyshot#4")
    corpse = new_entry(f"{seat}.skyshot#4", "corpse")
    after["players"][seat]["unit"]["V1"] = corpse
    cleared = act(after, {"type": "clear_corpse", "slot": "V1"})
    assert cleared["players"][seat]["discard"] == [f"{seat}.skyshot#4"]


def test_ours_setup_draws_ignore_the_hand_limit_and_offer_no_gather():
    state = new()
    state["duel_draft"]["tableau"][2]["gold"] = 1
    seat = ENGINE.pending(state)[0].player
    assert {a["type"] for a in ENGINE.legal_actions(state, seat)} == {"draft_draw"}
    with pytest.raises(IllegalAction, match="Draft Draws"):
        ENGINE.apply(state, seat, {"type": "gather", "index": 2})
    with pytest.raises(NotYourTurn):
        ENGINE.apply(state, 1 - seat, {"type": "draft_draw", "index": 0})


def test_ours_next_game_redeals_the_pool_without_trophies_and_one_extra_draw_per_rival_trophy():
    state = to_turn(new(trophies=2))
    seat = state["turn"]
    rival = 1 - seat
    state["players"][rival]["unit"]["L"]["damage"] = 99  # routed at the end of the wave
    while state["game_no"] == 1:
        state = act(state, {"type": "end"})
    assert state["trophies"][seat] and not state["trophies"][rival]
    trophy = {(key_of(c), c.split("#")[1] if "#" in c else "1") for c in state["trophies"][seat][0]}
    dd = state["duel_draft"]
    left = dd["deck"] + [lot["card"] for lot in dd["tableau"]]
    assert len(left) == 48
    assert not trophy & {(key_of(c), c.split("#")[1] if "#" in c else "1") for c in left}
    assert dd["gold"] == [5, 5] and dd["setup"][rival] == 6 and dd["setup"][seat] == 5
    assert state["phase"] == "draft" and dd["drafter"] == rival  # the winner goes first, so drafts second
    while state["phase"] == "draft":
        s = ENGINE.pending(state)[0].player
        state = ENGINE.apply(state, s, {"type": "draft_draw", "index": 0})
    assert len(state["players"][rival]["hand"]) == 6 and len(state["players"][seat]["hand"]) == 5


def test_ours_promos_are_refused_and_built_decks_are_pooled():
    with pytest.raises(BadOptions, match="without Promos"):
        new(promos=True)
    core, core2 = classic_keys("core", 2), classic_keys("core2", 2)
    deck = {"format": "standard", "leaders": core[:4], "heroes": core[4:] + core2[:4]}
    state = ENGINE.new_game(2, {"mode": "duel_draft", "trophies": 1, "decks": [deck, deck]}, 3)
    dd = state["duel_draft"]
    assert "decks" not in state and len(dd["deck"]) + len(dd["tableau"]) == 58
    cards = dd["deck"] + [lot["card"] for lot in dd["tableau"]]
    assert sorted(key_of(c) for c in cards) == sorted((core + core2[:4]) * 2) and len(set(cards)) == 58
    state = to_turn(state)  # the Leader comes from the hand, not from a Leader stack
    assert all(p["unit"]["L"] is not None for p in state["players"])


def test_ours_undo_only_when_nothing_was_revealed():
    state = to_turn(new())
    seat = state["turn"]
    state["duel_draft"]["tableau"][1]["gold"] = 1
    gathered = act(state, {"type": "gather", "index": 1})
    assert ENGINE.undo_allowed(state, gathered, seat, {"type": "gather", "index": 1})
    drafted = act(state, {"type": "draft_draw", "index": 0})  # a new card is dealt into the tableau
    assert not ENGINE.undo_allowed(state, drafted, seat, {"type": "draft_draw", "index": 0})
    state["duel_draft"]["deck"] = []
    quiet = act(state, {"type": "draft_draw", "index": 0})  # nothing left to deal: nothing revealed
    assert ENGINE.undo_allowed(state, quiet, seat, {"type": "draft_draw", "index": 0})


def test_ours_descriptions_and_view_hide_the_deck():
    state = to_turn(new())
    seat = state["turn"]
    setup_tableau(state, FIVE)
    state["duel_draft"]["tableau"][0]["gold"] = 2
    state["duel_draft"]["gold"][seat] = 5
    whole = {"type": "draft_draw", "index": 5}
    assert ENGINE.describe_action(state, seat, whole) == "passed over the tableau and took the deck's top card"
    assert ENGINE.describe_for(state, seat, whole, seat) == "passed over the tableau and drew Field Marshal from the deck"
    assert ENGINE.describe_action(state, seat, {"type": "draft_draw", "index": 2}) == \
        "drafted Brewmother (passing over 2)"
    assert ENGINE.describe_action(state, seat, {"type": "gather", "index": 0}) == "gathered 2 Gold from Lorekeeper"
    public = ENGINE.view(state, None)
    assert public["duel_draft"]["deck"] == 3 and public["duel_draft"]["gold"] == [5 if s == seat else
                                                                                  state["duel_draft"]["gold"][s]
                                                                                  for s in (0, 1)]
    assert public["duel_draft"]["bank"] == 2
    assert [(lot["card"]["id"], lot["gold"]) for lot in public["duel_draft"]["tableau"]] == [
        (c, 2 if i == 0 else 0) for i, c in enumerate(FIVE)]
    text = json.dumps(public)
    assert not {"0.marshal#3", "0.surgeon#3", "0.skyshot#3"} & set(re.findall(r"\"([^\"]*)\"", text))
    after = act(state, whole)
    assert after["log"][-1] == f"Seat {seat + 1} passes over the whole tableau and takes the deck's top card."


def test_ours_default_actions_are_legal():
    state = new()
    seat = ENGINE.pending(state)[0].player
    assert ENGINE.default_action(state, seat) == {"type": "draft_draw", "index": 0}
    state = to_turn(state)
    assert ENGINE.default_action(state, state["turn"]) == {"type": "end"}


def test_ours_a_player_without_a_leader_side_drafts_once_more(monkeypatch):
    state = new()
    real = duel_draft._can_lead
    monkeypatch.setattr(duel_draft, "_can_lead", lambda st, s: real(st, s) and len(st["players"][s]["hand"]) > 5)
    while state["phase"] == "draft":
        s = ENGINE.pending(state)[0].player
        state = ENGINE.apply(state, s, {"type": "draft_draw", "index": 0})
    assert [len(p["hand"]) for p in state["players"]] == [6, 6]
