"""The Pixies deck: 70 cards with the published colour and value distribution."""

from collections import Counter

from bot.games.pixies.cards import CARDS, card_dict, card_label


def test_seventy_cards_with_stable_ids():
    assert len(CARDS) == 70
    assert [c.id for c in CARDS] == list(range(70))


def test_sixteen_per_colour_and_six_multicolour():
    counts = Counter(c.color for c in CARDS)
    assert counts == {"blue": 16, "green": 16, "yellow": 16, "red": 16, "multi": 6}


def test_counts_per_value():
    counts = Counter(c.value for c in CARDS)
    assert [counts[v] for v in range(1, 10)] == [5, 6, 8, 10, 12, 10, 8, 6, 5]


def test_every_colour_has_every_value():
    for color in ("blue", "green", "yellow", "red"):
        assert {c.value for c in CARDS if c.color == color} == set(range(1, 10))


def test_multicolour_cards_are_2_3_4_6_7_8_without_colour_spiral():
    multi = [c for c in CARDS if c.color == "multi"]
    assert [c.value for c in multi] == [2, 3, 4, 6, 7, 8]
    assert [c.id for c in multi] == [64, 65, 66, 67, 68, 69]
    assert not any(c.color_spiral for c in multi)
    # 6x1 7x1 8x1
    assert [c.crosses for c in multi] == [0, 0, 0, 1, 1, 1]


def test_symbol_totals_per_colour():
    # Sums of the notation in the brief, by hand:
    # blue   spirals 6+4+3+1+1+1 = 16, crosses 2+1+3+3+6+1 = 16, colour spirals 4c 5c = 2
    # green  spirals 5+3+2+4+1   = 15, crosses 1+1+4+1+2+2+4 = 15, colour spirals 3c 5c = 2
    # yellow spirals 4+2+5+3+1   = 15, crosses 1+2+3+5+1+2 = 14, colour spirals 2c 5c = 2
    # red    spirals 3+5+4+2     = 14, crosses 1+2+4+1+5 = 13, colour spirals 1c 5c = 2
    expected = {"blue": (16, 16, 2), "green": (15, 15, 2), "yellow": (15, 14, 2), "red": (14, 13, 2)}
    for color, (spirals, crosses, color_spirals) in expected.items():
        cards = [c for c in CARDS if c.color == color]
        assert sum(c.spirals for c in cards) == spirals
        assert sum(c.crosses for c in cards) == crosses
        assert sum(c.color_spiral for c in cards) == color_spirals


def test_a_card_has_at_most_one_kind_of_symbol():
    for c in CARDS:
        assert (c.spirals > 0) + (c.crosses > 0) + c.color_spiral <= 1


def test_spot_checks_of_ids():
    # Blue list: 1s6(0) 2s4(1) 3s3(2) 3s1(3) 4s1(4) 4c(5) 4(6) 5(7) 5x2(8) ...
    assert card_dict(0) == {
        "id": 0,
        "color": "blue",
        "value": 1,
        "spirals": 6,
        "crosses": 0,
        "color_spiral": False,
    }
    assert (CARDS[5].color, CARDS[5].value, CARDS[5].color_spiral) == ("blue", 4, True)
    assert (CARDS[8].value, CARDS[8].crosses) == (5, 2)
    # Green starts at 16 with 1s5; yellow at 32 with 1s4; red at 48 with 1s3; red 1c is 49.
    assert (CARDS[16].color, CARDS[16].value, CARDS[16].spirals) == ("green", 1, 5)
    assert (CARDS[32].color, CARDS[32].value, CARDS[32].spirals) == ("yellow", 1, 4)
    assert (CARDS[48].color, CARDS[48].value, CARDS[48].spirals) == ("red", 1, 3)
    assert (CARDS[49].color, CARDS[49].value, CARDS[49].color_spiral) == ("red", 1, True)
    assert (CARDS[63].color, CARDS[63].value, CARDS[63].spirals, CARDS[63].crosses) == ("red", 9, 0, 0)


def test_labels():
    assert card_label(8) == "Blue 5 (2 crosses)"
    assert card_label(3) == "Blue 3 (1 spiral)"
    assert card_label(11) == "Blue 6 (1 cross)"
    assert card_label(19) == "Green 3 (colour spiral)"
    assert card_label(36) == "Yellow 3"
    assert card_label(67) == "Multicolour 6 (1 cross)"
