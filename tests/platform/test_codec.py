"""Button action encoding: every kind of value round-trips; malformed text is refused."""

import pytest

from bot.codec import decode_action, encode_action


@pytest.mark.parametrize("action", [
    {"type": "take", "card": "b5"},
    {"type": "leader", "card": "0.gearwright"},
    {"type": "promo_draw", "card": "1.lorekeeper@2#3"},
    {"type": "activate", "slot": "X1", "target": "1:V0"},
    {"type": "spell", "by": "R0", "target": None},
    {"type": "convert", "source": "m07", "pay": {"R": 1, "G": 1}, "gain": {"Y": 1}},
    {"type": "keep", "which": "new", "flag": True, "index": -3, "empty": {}},
])
def test_round_trip(action):
    assert decode_action(encode_action(action)) == action


def test_known_encoding():
    assert encode_action({"type": "convert", "pay": {"G": 1, "R": 2}, "target": None}) == "convert/pay=dG1.R2/target=n"


@pytest.mark.parametrize("bad", [{"type": "x", "v": "has space"}, {"type": "x", "v": [1]}, {"type": "x", "v": {"R": -1}},
                                 {"type": "x y"}])
def test_unencodable(bad):
    with pytest.raises(ValueError):
        encode_action(bad)


@pytest.mark.parametrize("text", ["x/v=q1", "x/v=dR", "x/v=n1", "x/=i1", "x y", "x/v=b2"])
def test_malformed(text):
    with pytest.raises(ValueError):
        decode_action(text)
