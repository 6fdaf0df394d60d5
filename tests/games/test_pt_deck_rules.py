"""Deck rules (Standard, Epic), card kinds, pools and server lists: every rule with its exact refusal; the
edits that would break one are refused with the same sentence and change nothing."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.games.pixel_tactics import decks, sets
from bot.games.pixel_tactics.decks import DeckEditError, problems
from tests.games.pt_deck_fakes import fake_cards  # noqa: F401  (the fixture)

CORE = sets.set_keys("core")
NAME = {k: sets.card_def(k)["name"] for k in CORE}
L1, L2, L3, L4 = CORE[:4]


def standard(heroes: int = 21, leaders: int = 4) -> dict:
    """A Standard deck of core cards: the first ``leaders`` as Leaders, the next ``heroes`` as Heroes."""
    return {"format": "standard", "leaders": CORE[:leaders], "heroes": CORE[leaders:leaders + heroes]}


def full_standard() -> dict:
    """A valid Standard deck: 4 core Leaders, the other 21 core cards and 4 of Core Set 2 as Heroes."""
    return {"format": "standard", "leaders": CORE[:4], "heroes": CORE[4:] + sets.set_keys("core2")[:4]}


def epic() -> dict:
    """A valid Epic deck: 4 core Leaders, then 3 copies of 20 other core cards (60 Heroes)."""
    return {"format": "epic", "leaders": CORE[:4], "heroes": [k for k in CORE[4:24] for _ in range(3)]}


def test_a_valid_standard_and_epic_deck_have_no_problems(fake_cards):  # noqa: F811
    assert problems(full_standard()) == []
    assert problems(epic()) == []
    assert problems(full_standard(), pool=set(decks.default_pool())) == []


def test_format_and_stack_sizes():
    assert problems({"format": "sealed", "leaders": [], "heroes": []}) == [
        "The format must be standard or epic, not “sealed”."]
    assert problems(standard(heroes=21, leaders=3)) == [
        "A Standard deck needs exactly 4 Leaders; this one has 3.",
        "A Standard deck needs 25 to 30 Heroes; this one has 21."]
    deck = {"format": "epic", "leaders": CORE[:5], "heroes": [k for k in CORE[5:25] for _ in range(3)] + [L1] * 2}
    assert problems(deck) == ["An Epic deck needs exactly 4 Leaders; this one has 5."]
    deck = {"format": "epic", "leaders": CORE[:4], "heroes": [k for k in CORE[4:] for _ in range(3)] + [L1] * 2}
    assert len(deck["heroes"]) == 65 and problems(deck) == []
    deck["heroes"] = deck["heroes"][:59]
    assert problems(deck) == ["An Epic deck needs 60 to 80 Heroes; this one has 59."]


def test_standard_one_copy_and_never_in_both_stacks(fake_cards):  # noqa: F811
    deck = full_standard()
    deck["heroes"] = deck["heroes"][:-1] + [CORE[5]]
    assert problems(deck) == [f"A Standard deck holds one copy of each card: {NAME[CORE[5]]} is in it more "
                              "than once."]
    deck = full_standard()
    deck["heroes"] = deck["heroes"][:-2] + [L1, L2]
    assert problems(deck) == [f"A Standard deck cannot hold a card in both stacks: {NAME[L1]} and {NAME[L2]} "
                              "are Leaders and Heroes."]


def test_epic_three_copies_across_both_stacks():
    deck = epic()
    deck["heroes"] = deck["heroes"][:-1] + [L1, L1]  # a Leader may also be a Hero: 3 copies in all
    assert problems(deck) == []
    deck["heroes"].append(L1)
    assert problems(deck) == [f"An Epic deck holds at most 3 copies of a card across both stacks: {NAME[L1]} "
                              "has more."]


def test_commons_never_lead_chase_leaders_and_bases_never_in_a_deck(fake_cards):  # noqa: F811
    deck = full_standard()
    deck["leaders"] = [fake_cards["common"], L2, L3, L4]
    deck["heroes"] = [L1, *deck["heroes"][:-1]]
    assert problems(deck) == ["Commons have no Leader side, so they cannot be Leaders: Test Squire."]
    deck = full_standard()
    deck["heroes"] = deck["heroes"][:-2] + [fake_cards["chase"], fake_cards["base"], "nobody_at_all"]
    assert problems(deck) == ["Unknown card: “nobody_at_all”.",
                              "Chase Leaders never go in a deck (a game option swaps one in for your Leader): "
                              "Test Chaser.",
                              "Bases are for League play and never go in a deck: Test Red Post."]


def test_the_pool_membership_and_its_copies():
    deck = standard(21)
    assert problems(deck, pool=set(CORE[:20]))[-1] == (
        f"Not in the card pool: {NAME[CORE[20]]}, {NAME[CORE[21]]}, {NAME[CORE[22]]}, {NAME[CORE[23]]} and "
        f"{NAME[CORE[24]]}.")
    pool = Counter({k: 2 for k in CORE[:24]})
    deck = epic()
    assert problems(deck, pool=pool) == [
        f"The card pool holds fewer copies of {', '.join(NAME[k] for k in CORE[4:23])} and {NAME[CORE[23]]} "
        "than this deck uses."]
    pool = Counter({k: 3 for k in CORE[:23]})
    assert problems(deck, pool=pool) == [f"Not in the card pool: {NAME[CORE[23]]}."]


def test_banned_lists_concern_one_role_each(fake_cards):  # noqa: F811
    deck = full_standard()
    hero = deck["heroes"][0]
    lists = {"banned_leaders": [L1, hero], "banned_heroes": [L2]}
    assert problems(deck, lists=lists) == [f"Banned as a Leader here: {NAME[L1]}."]
    lists = {"banned_leaders": [], "banned_heroes": [hero, deck["heroes"][1]]}
    assert problems(deck, lists=lists) == [
        f"Banned as Heroes here: {NAME[hero]} and {NAME[deck['heroes'][1]]}."]


def test_restricted_leader_one_per_deck_and_restricted_heroes_up_to_the_servers_number(fake_cards):  # noqa: F811
    deck = full_standard()
    assert problems(deck, lists={"restricted_leaders": [L1]}) == []
    assert problems(deck, lists={"restricted_leaders": [L1, L3]}) == [
        f"Only one Restricted Leader per deck: this one has 2 ({NAME[L1]} and {NAME[L3]})."]
    h1, h2 = deck["heroes"][:2]
    assert problems(deck, lists={"restricted_heroes": [h1]}) == []
    assert problems(deck, lists={"restricted_heroes": [h1, h2]}) == [
        f"At most 1 Restricted Hero per deck here: this one has 2 ({NAME[h1]} and {NAME[h2]})."]
    assert problems(deck, lists={"restricted_heroes": [h1, h2], "restricted_hero_count": 2}) == []
    assert problems(deck, lists={"restricted_heroes": [h1], "restricted_hero_count": 0}) == [
        f"At most 0 Restricted Heroes per deck here: this one has 1 ({NAME[h1]})."]
    copies = epic()
    assert problems(copies, lists={"restricted_heroes": [CORE[4]], "restricted_hero_count": 2}) == [
        f"At most 2 Restricted Heroes per deck here: this one has 3 ({NAME[CORE[4]]})."]


def test_adding_cards_and_the_refusals(fake_cards):  # noqa: F811
    deck = {"format": "standard", "leaders": [], "heroes": []}
    for key in CORE[:4]:
        deck = decks.add(deck, key, "leader")
    assert deck["leaders"] == CORE[:4]
    with pytest.raises(DeckEditError, match="^This deck already has 4 Leaders: remove one, or designate it as "
                                            "a Hero, first.$"):
        decks.add(deck, CORE[4], "leader")
    with pytest.raises(DeckEditError) as refused:
        decks.add(deck, L1, "hero")
    assert str(refused.value) == (f"A Standard deck cannot hold a card in both stacks: {NAME[L1]} is a Leader "
                                  "and a Hero.")
    for key in CORE[4:]:
        deck = decks.add(deck, key)
    with pytest.raises(DeckEditError, match=f"^A Standard deck holds one copy of each card: {NAME[CORE[9]]} is"):
        decks.add(deck, CORE[9])
    with pytest.raises(DeckEditError, match="^Commons have no Leader side"):
        decks.add({"format": "standard", "leaders": [], "heroes": []}, fake_cards["common"], "leader")
    with pytest.raises(DeckEditError, match="^Chase Leaders never go in a deck"):
        decks.add(deck, fake_cards["chase"], "leader")
    with pytest.raises(DeckEditError, match="^Not in the card pool: Test Squire.$"):
        decks.add(deck, fake_cards["common"], pool=set(CORE))
    with pytest.raises(DeckEditError, match="^Banned as a Hero here: Test Squire.$"):
        decks.add(deck, fake_cards["common"], lists={"banned_heroes": [fake_cards["common"]]})
    extra = sets.set_keys("core2")
    for key in extra[:9]:
        deck = decks.add(deck, key)
    assert len(deck["heroes"]) == 30 and problems(deck) == []
    with pytest.raises(DeckEditError, match="^A Standard deck holds at most 30 Heroes; this one has 30.$"):
        decks.add(deck, extra[9])


def test_epic_add_counts_copies_across_stacks():
    deck = decks.add({"format": "epic", "leaders": [], "heroes": []}, L1, "leader")
    deck = decks.add(deck, L1, "hero", copies=2)
    assert deck == {"format": "epic", "leaders": [L1], "heroes": [L1, L1]}
    with pytest.raises(DeckEditError, match=f"^An Epic deck holds at most 3 copies of a card across both stacks: "
                                            f"{NAME[L1]} has more.$"):
        decks.add(deck, L1)
    with pytest.raises(DeckEditError, match="^Add 1 to 3 copies at a time.$"):
        decks.add(deck, L2, copies=4)


def test_removing_and_designating():
    deck = standard(21)
    assert decks.remove(deck, CORE[10])["heroes"] == [k for k in CORE[4:] if k != CORE[10]]
    assert decks.remove(deck, L1)["leaders"] == CORE[1:4]
    with pytest.raises(DeckEditError, match=f"^{NAME[L1]} is not among this deck's Heroes.$"):
        decks.remove(deck, L1, "hero")
    with pytest.raises(DeckEditError, match=f"^This deck holds only 1 copy of {NAME[CORE[9]]} among its Heroes or "
                                            "Leaders.$"):
        decks.remove(deck, CORE[9], copies=2)
    moved = decks.designate(decks.remove(deck, L1), CORE[10], "leader")
    assert moved["leaders"] == [*CORE[1:4], CORE[10]] and CORE[10] not in moved["heroes"]
    with pytest.raises(DeckEditError, match=f"^{NAME[L2]} is already a Leader of this deck.$"):
        decks.designate(deck, L2, "leader")
    with pytest.raises(DeckEditError, match="^This deck already has 4 Leaders"):
        decks.designate(deck, CORE[10], "leader")
    with pytest.raises(DeckEditError, match="^A card goes in as a leader or a hero, not “tactic”.$"):
        decks.designate(deck, CORE[10], "tactic")
    back = decks.designate(deck, L2, "hero")
    assert back["leaders"] == [L1, L3, L4] and L2 in back["heroes"]
    with pytest.raises(DeckEditError, match=f"^Only one Restricted Leader per deck: this one has 2 \\({NAME[L1]}"):
        decks.designate(decks.remove(deck, L2), CORE[10], "leader", lists={"restricted_leaders": [L1, CORE[10]]})
