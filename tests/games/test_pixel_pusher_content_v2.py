"""Pixel Pusher content version 2: the mix, the scanline formula worked by hand, demand that fits supply."""

from collections import Counter

from bot.games.pixel_pusher import PixelPusherEngine, content
from bot.games.pixel_pusher.content import IMAGES, MACHINES, VERSION_CARDS

MACHINES_V2, IMAGES_V2 = VERSION_CARDS[2]


def test_ids_follow_version_one():
    assert [c["id"] for c in MACHINES_V2][:2] == ["m61", "m62"] and MACHINES_V2[-1]["id"] == "m120"
    assert [c["id"] for c in IMAGES_V2][0] == "i21" and IMAGES_V2[-1]["id"] == "i40"
    assert MACHINES["m01"]["text"] == "Collect 1 R" and IMAGES["i01"]["name"] == "Heart"  # version 1 unchanged


def test_the_mix():
    assert Counter(c["type"] for c in MACHINES_V2) == {"collector": 30, "converter": 18, "storage": 12}
    collectors = Counter((c["color"], c["n"]) for c in MACHINES_V2 if c["type"] == "collector")
    for colour in "RGB":
        assert [collectors[(colour, n)] for n in (1, 2, 3)] == [6, 3, 1]
    gains = Counter(next(iter(c["gain"])) for c in MACHINES_V2 if c["type"] == "converter")
    assert gains == {"Y": 5, "C": 5, "M": 5, "W": 3}
    assert all(c["uses"] == 1 and c["text"].endswith("once a round") for c in MACHINES_V2 if c["type"] == "converter")
    assert Counter(c["slots"] for c in MACHINES_V2 if c["type"] == "storage") == {1: 7, 2: 5}


def test_scanlines_hand_worked():
    sun = IMAGES["i23"]  # .R.. / YWGY / .BB. / .GG.
    # R: 1; YWGY: 5+7+1+5 +2 (three colours) +1 (full row) = 21; BB: 2; GG: 2
    assert [(s["row"], s["needs"], s["vp"]) for s in sun["scanlines"]] == [
        (0, {"R": 1}, 1), (1, {"G": 1, "Y": 2, "W": 1}, 21), (2, {"B": 2}, 2), (3, {"G": 2}, 2)]
    ghost = IMAGES["i28"]  # .BB. / BWBR / .GY. / .R..
    assert [s["vp"] for s in ghost["scanlines"]] == [2, 13, 7, 1]  # BWBR: 1+7+1+1 +2 +1; GY: 1+5 +1


def test_converting_pays():
    worth = content.pixel_vp(2)
    for card in MACHINES_V2:
        if card["type"] == "converter":
            paid = sum(worth[c] * n for c, n in card["pay"].items())
            made = sum(worth[c] * n for c, n in card["gain"].items())
            assert made > paid, card["name"]


def test_demand_fits_supply():
    need = Counter()
    for card in IMAGES_V2:
        for line in card["scanlines"]:
            need.update(line["needs"])
    assert need["R"] == need["G"] == need["B"]  # the bag holds 20 of each
    assert need["C"] == need["M"] == need["Y"]  # one mixer kind each, 5 copies
    assert need["W"] < need["C"]  # white costs three primaries: fewer cells, fewer blenders
    makers = Counter(next(iter(c["gain"])) for c in MACHINES_V2 if c["type"] == "converter")
    for colour in "CMY":
        assert abs(need[colour] / need["W"] - makers[colour] / makers["W"]) < 0.25  # 15 : 8 cells, 5 : 3 makers


def test_every_picture_has_two_small_primary_scanlines_and_fits_storage():
    for card in IMAGES_V2:
        sizes = [sum(s["needs"].values()) for s in card["scanlines"]]
        assert max(sizes) <= 4
        small = [s for s in card["scanlines"] if sum(s["needs"].values()) <= 2 and set(s["needs"]) <= set("RGB")]
        assert len(small) >= 2, card["name"]


def test_version_two_games_deal_version_two_and_one_scanline():
    engine = PixelPusherEngine()
    state = engine.new_game(3, {"content": 2}, 5)
    assert state["content"] == 2 and state["max_fills"] == 1
    dealt = set(state["deck"]) | set(state["removed"]) | {c for h in state["hands"] for c in h}
    assert dealt - set(content.ABILITIES) == {c["id"] for c in MACHINES_V2}
    assert {i["id"] for i in state["images"]} <= {c["id"] for c in IMAGES_V2}
    assert engine.new_game(3, {"scanlines": 2, "content": 2}, 5)["max_fills"] == 2
    assert engine.settled_options({"content": 2}) == {"content": 2}
    old = engine.new_game(2, {"content": 1}, 5)
    assert old["content"] == 1 and old["max_fills"] == 2 and old["deck"][0] in {c["id"] for c in content.MACHINE_CARDS}


def test_malformed_options_are_refused():
    import pytest

    from bot.games.base import BadOptions
    engine = PixelPusherEngine()
    for options in ({"content": 4}, {"content": "2"}, {"scanlines": 3}, {"scanlines": True}, {"belt": 7}):
        with pytest.raises(BadOptions):
            engine.new_game(2, options, 1)


def test_a_game_stored_before_versions_plays_on_with_version_one():
    import random

    from bot.games.pixel_pusher.invariants import check_invariants
    engine = PixelPusherEngine()
    state = engine.new_game(3, {"content": 1}, 9)
    del state["content"], state["max_fills"]  # as a state saved before content versions
    state = engine.from_json(engine.to_json(state))
    assert engine.view(state, None)["content"] == 1 and engine.view(state, None)["max_fills"] == 2
    rng = random.Random(9)
    while not engine.is_terminal(state):
        decision = rng.choice(engine.pending(state))
        state = engine.apply(state, decision.player, rng.choice(engine.legal_actions(state, decision.player)))
        check_invariants(state)
        assert "content" not in state


def test_the_rules_page_lists_version_two_as_dealt():
    from pathlib import Path
    page = (Path(__file__).parents[2] / "docs" / "rules" / "pixel_pusher.md").read_text(encoding="utf-8")
    for card in IMAGES_V2:
        lines = ", ".join(
            f"{s['row'] + 1}: {''.join(c * s['needs'][c] for c in content.COLOURS if c in s['needs'])} = {s['vp']}"
            for s in card["scanlines"])
        assert f"| {card['id']} | {card['name']} | `{' / '.join(card['_rows'])}` | {lines} |" in page
    for name, copies in Counter(c["name"] for c in MACHINES_V2).items():
        assert f"| {name} |" in page or name.split()[0] in page, name
        assert f"| {copies} |" in page
