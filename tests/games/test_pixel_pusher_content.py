"""Pixel Pusher content: 60 machine cards, 20 image cards, 4 ability cards, all valid."""

from collections import Counter

import pytest

from bot.games.pixel_pusher import content
from bot.games.pixel_pusher.content import (
    ABILITY_CARDS,
    IMAGE_CARDS,
    IMAGES,
    MACHINE_CARDS,
    MACHINES,
    validate,
)


def test_validate_accepts_the_content():
    validate()


def test_counts_60_20_4():
    for machines, images in content.VERSION_CARDS.values():
        assert len(machines) == 60 and len(images) == 20
    assert len(MACHINES) == 180 and len(IMAGES) == 40  # versions 1, 2 and 3 side by side (3 deals 2's pictures)
    assert [a["id"] for a in ABILITY_CARDS] == ["build", "collect", "score", "reverse"]
    assert [a["name"] for a in ABILITY_CARDS] == ["1st to Build", "1st to Collect", "1st to Score", "Reverser"]


def test_machine_types_and_mix():
    assert Counter(c["type"] for c in MACHINE_CARDS) == {"collector": 30, "converter": 18, "storage": 12}
    collectors = Counter((c["color"], c["n"]) for c in MACHINE_CARDS if c["type"] == "collector")
    for colour in "RGB":
        assert [collectors[(colour, n)] for n in (1, 2, 3)] == [4, 4, 2]
    gains = Counter(next(iter(c["gain"])) for c in MACHINE_CARDS if c["type"] == "converter")
    assert gains == {"Y": 3, "C": 3, "M": 3, "W": 9}
    assert Counter(c["slots"] for c in MACHINE_CARDS if c["type"] == "storage") == {1: 6, 2: 6}


def test_ids_are_stable():
    assert [c["id"] for c in MACHINE_CARDS][:3] == ["m01", "m02", "m03"]
    assert MACHINES["m01"]["text"] == "Collect 1 R"
    assert MACHINES["m10"]["text"] == "Collect 3 R"
    assert MACHINES["m31"]["name"] == "Yellow Mixer" and MACHINES["m31"]["pay"] == {"R": 1, "G": 1}
    assert MACHINES["m60"] == {"id": "m60", "type": "storage", "name": "Big Pixel Tank",
                               "text": "+2 storage slots", "slots": 2}


def test_scanlines_hand_worked():
    heart = IMAGES["i01"]  # .R.R / RRMR / .RR. / ..R.
    assert [(s["row"], s["needs"], s["vp"]) for s in heart["scanlines"]] == [
        (0, {"R": 2}, 2), (1, {"R": 3, "M": 1}, 6), (2, {"R": 2}, 2), (3, {"R": 1}, 1)]
    sea = IMAGES["i04"]  # .... / .C.. / CBBC / BBBB: the empty top row is no scanline
    assert [(s["row"], s["needs"], s["vp"]) for s in sea["scanlines"]] == [
        (1, {"C": 1}, 2), (2, {"B": 2, "C": 2}, 7), (3, {"B": 4}, 5)]
    ghost = IMAGES["i08"]  # BWBW: 1+3+1+3 +1 full row
    assert ghost["scanlines"][1] == {"row": 1, "needs": {"B": 2, "W": 2}, "vp": 9}


def test_every_image_is_4x4_with_2_to_4_scanlines():
    for card in IMAGE_CARDS:
        assert len(card["grid"]) == 4 and all(len(r) == 4 for r in card["grid"])
        assert 2 <= len(card["scanlines"]) <= 4
        for line in card["scanlines"]:
            cells = [c for c in card["grid"][line["row"]] if c]
            assert Counter(cells) == line["needs"]


def test_every_row_fits_the_printed_storage():
    for card in IMAGE_CARDS:
        assert all(sum(s["needs"].values()) <= 4 for s in card["scanlines"])


def _patch(monkeypatch, machines=None, images=None):
    """Replace version 1's cards as validate() sees them."""
    monkeypatch.setitem(content.VERSION_CARDS, 1, (machines or MACHINE_CARDS, images or IMAGE_CARDS))


@pytest.mark.parametrize("broken", [
    {"type": "teleporter"},
    {"n": 0},
    {"color": "Y"},
    {"name": ""},
])
def test_validate_rejects_a_broken_machine_card(monkeypatch, broken):
    cards = [dict(c) for c in MACHINE_CARDS]
    cards[0].update(broken)
    _patch(monkeypatch, machines=cards)
    with pytest.raises(ValueError):
        validate()


def test_validate_rejects_a_wrong_vp_or_count(monkeypatch):
    images = [dict(c) for c in IMAGE_CARDS]
    images[0] = {**images[0], "scanlines": [dict(images[0]["scanlines"][0], vp=3)] + images[0]["scanlines"][1:]}
    _patch(monkeypatch, images=images)
    with pytest.raises(ValueError):
        validate()
    _patch(monkeypatch, images=IMAGE_CARDS[:19])
    with pytest.raises(ValueError):
        validate()


def test_a_converter_must_shrink(monkeypatch):
    cards = [dict(c) for c in MACHINE_CARDS]
    cards[30] = {**cards[30], "gain": {"Y": 2}}
    _patch(monkeypatch, machines=cards)
    with pytest.raises(ValueError):
        validate()
