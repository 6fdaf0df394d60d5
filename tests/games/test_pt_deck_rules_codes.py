"""Deck codes (round trips, size, every kind of bad code with its message), Combination decks, the default pool
and the default Cube."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.games.pixel_tactics import deck_codes, decks, pools, sets
from bot.games.pixel_tactics.decks import CombinationError, DeckCodeError, decode, encode
from tests.games.pt_deck_fakes import fake_cards  # noqa: F401  (the fixture)

CORE = sets.set_keys("core")


def code_of(bits: str) -> str:
    """Return the code of a bit string written by hand: padded to 5 bits, base32, then the 10-bit check."""
    bits += "0" * (-len(bits) % 5)
    check = deck_codes._crc(int(bits, 2), len(bits))
    body = "".join(deck_codes.ALPHABET[int(bits[i:i + 5], 2)] for i in range(0, len(bits), 5))
    return "PT1-" + body + "".join(deck_codes.ALPHABET[(check >> s) & 31] for s in (5, 0))


def test_codes_round_trip_short_and_case_blind(fake_cards):  # noqa: F811
    deck = {"format": "standard", "leaders": [CORE[7], CORE[0], sets.set_keys("mini1")[3], CORE[20]],
            "heroes": [*sets.set_keys("mini1")[:3], *CORE[1:7], *CORE[8:20], *CORE[21:], fake_cards["common"]]}
    code = encode(deck)
    assert code.startswith("PT1-") and len(code) <= 40
    assert decode(code) == decks.normalized(deck)
    assert decode(code)["leaders"] == deck["leaders"]  # the Leaders keep their order
    assert decode(f"  {code[:4].lower()}{code[4:10].lower()}\n{code[10:]} ") == decks.normalized(deck)
    epic = {"format": "epic", "leaders": CORE[:2] * 2, "heroes": [k for k in CORE for _ in range(3)][:70]}
    assert decode(encode(epic)) == decks.normalized(epic) and len(encode(epic)) <= 40
    empty = {"format": "standard", "leaders": [], "heroes": []}
    assert decode(encode(empty)) == empty


def test_the_code_layout_by_hand():
    # format 0, 1 Leader (core #1), Heroes from 1 set: core, span 3, cards #0 and #2
    bits = "0" + "0001" + "000" + "0000001" + "001" + "000" + "0000011" + "101"
    deck = {"format": "standard", "leaders": [CORE[1]], "heroes": [CORE[0], CORE[2]]}
    assert encode(deck) == code_of(bits)
    assert decode(code_of(bits)) == deck


@pytest.mark.parametrize(("code", "message"), [
    ("", "That is not a Pixel Tactics deck code: they start with PT1- (use `/pt deck export`)."),
    ("AAECAR8GuQ", "That is not a Pixel Tactics deck code: they start with PT1- (use `/pt deck export`)."),
    ("PT9-0000", "That deck code (PT9-) comes from a newer version of the bot: this one reads PT1- codes."),
    ("PT1-00U0", "A deck code has no “U”: copy it again whole."),
    ("PT1-0", "The code is incomplete: copy it again whole."),
])
def test_foreign_and_malformed_codes(code, message):
    with pytest.raises(DeckCodeError) as refused:
        decode(code)
    assert str(refused.value) == message


def test_truncated_damaged_and_unknown_cards_are_refused(fake_cards):  # noqa: F811
    code = encode({"format": "standard", "leaders": CORE[:4], "heroes": CORE[4:]})
    damaged = "The code is damaged or incomplete (its check does not match): copy it again whole."
    for bad in (code[:-1], code[:-3], code[:8] + ("1" if code[8] != "1" else "2") + code[9:]):
        with pytest.raises(DeckCodeError, match=r"^The code is (damaged|incomplete)") as refused:
            decode(bad)
        assert str(refused.value) in (damaged, "The code is incomplete: copy it again whole.")
    # a well-formed code naming card #100 of the core set (we have no such card)
    bits = "0" + "0001" + "000" + format(100, "07b") + "000"
    with pytest.raises(DeckCodeError, match="^The code names a card this bot does not have"):
        decode(code_of(bits))
    # a deck with one more character of bits after it
    bits = "0" + "0001" + "000" + "0000001" + "000"
    assert decode(code_of(bits)) == {"format": "standard", "leaders": [CORE[1]], "heroes": []}
    with pytest.raises(DeckCodeError, match=r"^The code is damaged \(it carries more than a deck\)"):
        decode(code_of(bits + "00000"))
    with pytest.raises(DeckCodeError, match="^A deck code holds at most 3 copies of a Hero.$"):
        encode({"format": "epic", "leaders": [], "heroes": [CORE[0]] * 4})
    with pytest.raises(DeckCodeError, match="^“test_chaser” cannot go in a deck code: only deck cards can.$"):
        encode({"format": "standard", "leaders": [fake_cards["chase"]], "heroes": []})


def test_combination_decks_from_a_seed(fake_cards):  # noqa: F811
    deck = pools.combination(7, "core", "mini1")
    assert deck == pools.combination(7, "core", "mini1")
    assert Counter(deck["leaders"] + deck["heroes"]) == Counter(CORE + sets.set_keys("mini1"))
    assert len(deck["leaders"]) == 4 and len(deck["heroes"]) == 29 and decks.problems(deck) == []
    leaders = {tuple(pools.combination(seed, "core2", "mini2")["leaders"]) for seed in range(6)}
    assert len(leaders) > 1  # the seed chooses the Leaders
    epic = pools.combination(3, ["core", "core2"], ["mini1", "mini2"], "epic")
    assert len(epic["heroes"]) == 62 and decks.problems(epic) == []
    five = pools.combination(3, ["core"], ["mini1"] * 3 + ["mini2"] * 2, "epic")
    assert len(five["heroes"]) == 61 and decks.problems(five) == []


@pytest.mark.parametrize(("core", "minis", "fmt", "message"), [
    (["core", "core2"], ["mini1"], "standard",
     "A Standard Combination is one core set and one minipak; you named 2 core sets and 1 minipak."),
    ("core", ["mini1", "mini2", "mini1"], "epic",
     "An Epic Combination is two core sets and two minipaks, one core set and five minipaks, or eight minipaks; "
     "you named 1 core set and 3 minipaks."),
    (None, ["mini1"] * 4 + ["mini2"] * 4, "epic",
     "That Combination needs 4 copies of Minipak 1, but a deck holds at most 3 copies of a card (we have 2 "
     "minipaks to combine)."),
    ("mini1", "core", "standard", "“mini1” is not a core set: choose from core, core2."),
    ("core", "mini1", "draft", "The format must be standard or epic, not “draft”."),
])
def test_combinations_our_sets_cannot_supply_are_refused(core, minis, fmt, message):
    with pytest.raises(CombinationError) as refused:
        pools.combination(1, core, minis, fmt)
    assert str(refused.value) == message


def test_the_default_pool_and_cube():
    pool = decks.default_pool()
    assert pool == [k for name in ("core", "core2", "mini1", "mini2", "commons") for k in sets.set_keys(name)]
    assert not set(pool) & set(sets.set_keys("promo"))
    cube = Counter(decks.DEFAULT_CUBE)
    assert set(cube) == set(pool) and max(cube.values()) <= 3 and len(set(cube.values())) == 1
    assert len(decks.DEFAULT_CUBE) >= min(256, 3 * len(pool))
    assert pools.cube_problems(decks.DEFAULT_CUBE) == []
    assert pools.cube_problems([CORE[0]] * 4 + ["nobody"]) == [
        "A Cube holds only cards a deck may hold, not “nobody”.",
        f"A Cube holds at most 3 copies of a card: {sets.card_def(CORE[0])['name']} has more."]
