"""The tutorial's decision kinds, read from a seat's view and legal actions (``bot/tutorial/kinds.py``)."""

from __future__ import annotations

from bot.registry import engine
from bot.tutorial.kinds import (
    decision_kinds,
    pixel_pusher_kinds,
    pixel_tactics_kinds,
    pixies_kinds,
    tixel_kinds,
)
from bot.tutorial.tips import TIPS


def test_pixies_kinds():
    assert pixies_kinds({"round": 1}, [{"type": "take", "card": 3}]) == ["pick"]
    assert pixies_kinds({"round": 1}, [{"type": "keep", "which": "new"}, {"type": "keep", "which": "old"}]) == ["keep"]
    assert pixies_kinds({"round": 1}, [{"type": "space", "index": 2}]) == ["space"]
    assert pixies_kinds({"round": 2}, [{"type": "take", "card": 3}]) == ["pick", "scoring"]


def test_tixel_kinds():
    place = {"type": "place", "kind": "tixel", "square": "a1", "active": True, "hollow": "NE", "round": None}
    slide = {"type": "slide", "from": "a1", "to": "a3", "stance": "N", "turn": "cw"}
    sacrifice = {**slide, "turn": None}
    assert tixel_kinds({"phase": "move"}, [place, {"type": "offer_draw"}]) == ["place"]
    assert tixel_kinds({"phase": "move"}, [place, slide]) == ["place", "slide"]
    assert tixel_kinds({"phase": "move"}, [slide, sacrifice]) == ["slide", "sacrifice"]
    bonus = [{"type": "pivot", "square": "a3", "hollow": "SE"}, {"type": "pickup", "square": "b2"}, {"type": "end"}]
    assert tixel_kinds({"phase": "bonus", "options": {"poka_yoke": False}}, bonus) == ["bonus"]
    assert tixel_kinds({"phase": "bonus", "options": {"poka_yoke": True}}, bonus) == ["bonus", "promotion"]
    assert tixel_kinds({"phase": "draw"}, [{"type": "accept_draw"}, {"type": "decline_draw"}]) == []


def test_pixel_tactics_kinds():
    assert pixel_tactics_kinds({"phase": "leader"}, [{"type": "leader", "card": "0.marshal"}]) == ["leader"]
    assert pixel_tactics_kinds({"phase": "trap"}, [{"type": "decline"}]) == ["trap"]
    turn = [{"type": "recruit"}, {"type": "attack"}, {"type": "spell"}, {"type": "clear_corpse"}, {"type": "end"}]
    assert pixel_tactics_kinds({"phase": "turn"}, turn) == ["wave", "recruit", "attack", "power", "corpse"]
    assert pixel_tactics_kinds({"phase": "turn"}, [{"type": "draw"}, {"type": "end"}]) == ["wave"]
    assert pixel_tactics_kinds({"phase": "turn"}, []) == []


def test_pixel_pusher_kinds():
    assert pixel_pusher_kinds({"phase": "draft"}, [{"type": "pick", "card": 1}]) == ["draft"]
    assert pixel_pusher_kinds({"phase": "build"}, [{"type": "install", "card": 1, "slot": 1}, {"type": "pixel"}]) == [
        "build"]
    assert pixel_pusher_kinds({"phase": "build"}, [{"type": "pixel"}]) == []
    assert pixel_pusher_kinds({"phase": "convert"}, [{"type": "confirm"}]) == ["convert"]
    assert pixel_pusher_kinds({"phase": "score"}, [{"type": "fill", "image": 0, "row": 1}, {"type": "done"}]) == [
        "score"]
    assert pixel_pusher_kinds({"phase": "score"}, [{"type": "done"}]) == []


def test_every_kind_has_a_tip_and_real_openings_are_read():
    """The first decision of each game, from the engine itself, is the kind its tutorial opens with."""
    first = {"pixies": ["pick"], "tixel": ["place"], "pixel-tactics": ["leader"], "pixel-pusher": ["draft"]}
    options = {"pixel-tactics": {"trophies": 1}, "tixel": {"poka_yoke": True}}
    for game, kinds in first.items():
        eng = engine(game)
        state = eng.new_game(2, options.get(game, {}), 7)
        seat = next(d.player for d in eng.pending(state) if d.player == 0 or game != "tixel")
        got = decision_kinds(game, eng.view(state, seat), eng.legal_actions(state, seat))
        assert got == kinds and set(got) <= set(TIPS[game])
    assert decision_kinds("pt-draft", {}, [{"type": "pick"}]) == []
