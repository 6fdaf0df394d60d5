"""The tutorial's decision kinds, read from a seat's view and legal actions (``bot/tutorial/kinds.py``)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from bot.games.pixel_pusher.content import MACHINE_TYPES
from bot.registry import engine
from bot.tutorial import GAME_OPTIONS, LEARNER
from bot.tutorial.kinds import (
    ACTIONS,
    KINDS,
    NOT_IN_TUTORIAL,
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
    assert tixel_kinds({"phase": "move"}, [place, {"type": "offer_draw"}]) == ["place", "draw"]
    assert tixel_kinds({"phase": "move"}, [place, slide]) == ["place", "slide"]
    assert tixel_kinds({"phase": "move"}, [slide, sacrifice]) == ["slide", "sacrifice"]
    bonus = [{"type": "pivot", "square": "a3", "hollow": "SE"}, {"type": "pickup", "square": "b2"}, {"type": "end"}]
    assert tixel_kinds({"phase": "bonus", "options": {"poka_yoke": False}}, bonus) == ["bonus"]
    assert tixel_kinds({"phase": "bonus", "options": {"poka_yoke": True}}, bonus) == ["bonus", "promotion"]
    assert tixel_kinds({"phase": "draw"}, [{"type": "accept_draw"}, {"type": "decline_draw"}]) == ["draw"]


def test_pixel_tactics_kinds():
    assert pixel_tactics_kinds({"phase": "leader"}, [{"type": "leader", "card": "0.marshal"}]) == ["leader"]
    assert pixel_tactics_kinds({"phase": "trap"}, [{"type": "decline"}]) == ["trap"]
    turn = [{"type": "recruit"}, {"type": "attack"}, {"type": "spell"}, {"type": "clear_corpse"}, {"type": "end"}]
    assert pixel_tactics_kinds({"phase": "turn"}, turn) == ["wave", "recruit", "attack", "power", "corpse"]
    assert pixel_tactics_kinds({"phase": "turn"}, [{"type": "draw"}, {"type": "end"}]) == ["wave", "draw"]
    tactics = [{"type": "switch"}, {"type": "trap"}, {"type": "operation"}, {"type": "order"}, {"type": "move"},
               {"type": "clear_reserve"}, {"type": "leader_action"}, {"type": "end"}]
    assert pixel_tactics_kinds({"phase": "turn"}, tactics) == ["wave", "power", "order", "operation", "place_trap",
                                                               "move", "reserve"]
    assert pixel_tactics_kinds({"phase": "turn"}, []) == []


def test_pixel_pusher_kinds():
    assert pixel_pusher_kinds({"phase": "draft"}, [{"type": "pick", "card": 1}]) == ["draft"]
    build = [{"type": "install", "card": 1, "slot": 1}, {"type": "pixel"}]
    assert pixel_pusher_kinds({"phase": "build"}, build) == ["build", "pixel"]
    assert pixel_pusher_kinds({"phase": "build"}, [{"type": "pixel"}, {"type": "flip"}]) == ["pixel", "flip"]
    assert pixel_pusher_kinds({"phase": "convert"}, [{"type": "confirm"}]) == ["convert"]
    convert = [{"type": "unstore", "color": "R"}, {"type": "convert"}, {"type": "confirm"}]
    assert pixel_pusher_kinds({"phase": "convert"}, convert) == ["convert", "store"]
    assert pixel_pusher_kinds({"phase": "score"}, [{"type": "fill", "image": 0, "row": 1}, {"type": "done"}]) == [
        "score"]
    assert pixel_pusher_kinds({"phase": "score"}, [{"type": "done"}]) == ["score"]


def test_every_kind_has_a_tip_and_real_openings_are_read():
    """The first decision of each game, from the engine itself, is the kind its tutorial opens with."""
    first = {"pixies": ["pick"], "tixel": ["place", "draw"], "pixel-tactics": ["leader"], "pixel-pusher": ["draft"]}
    options = {"pixel-tactics": {"trophies": 1}, "tixel": {"poka_yoke": True}}
    for game, kinds in first.items():
        eng = engine(game)
        state = eng.new_game(2, options.get(game, {}), 7)
        seat = next(d.player for d in eng.pending(state) if d.player == 0 or game != "tixel")
        got = decision_kinds(game, eng.view(state, seat), eng.legal_actions(state, seat))
        assert got == kinds and set(got) <= set(TIPS[game])
    assert decision_kinds("pt-draft", {}, [{"type": "pick"}]) == []


#: each game's engine package
PACKAGES = {"pixies": "pixies", "tixel": "tixel", "pixel-tactics": "pixel_tactics", "pixel-pusher": "pixel_pusher"}
#: ``"type"`` values in an engine's source that are not actions: Pixel Pusher's machine card types
NOT_ACTIONS = {"pixel-pusher": set(MACHINE_TYPES)}
#: the tutorial's kinds that are no action type: a sacrificing slide, a promotion, a round's scoring
SITUATIONS = {"pixies": {"scoring"}, "tixel": {"sacrifice", "promotion"}}


def action_types(game: str) -> set[str]:
    """Return every action type written in a game's engine source (``{"type": "…"}``)."""
    root = Path(__file__).resolve().parents[2] / "bot" / "games" / PACKAGES[game]
    found = {m for path in root.rglob("*.py")
             for m in re.findall(r"""["']type["']\s*:\s*["']([a-z_]+)["']""", path.read_text(encoding="utf-8"))}
    return found - NOT_ACTIONS.get(game, set())


@pytest.mark.parametrize("game", list(KINDS))
def test_every_action_type_of_every_game_has_a_tip(game):
    """A new action type in an engine fails here until ``ACTIONS`` names the tip that explains it (or it is
    listed as never offered by the tutorial), and every tip explains an action type or a named situation."""
    types = action_types(game)
    outside = NOT_IN_TUTORIAL.get(game, {})
    assert len(types) >= 3 and types == set(ACTIONS[game]) | set(outside), types ^ (set(ACTIONS[game]) | set(outside))
    assert not set(ACTIONS[game]) & set(outside)
    assert set(ACTIONS[game].values()) | SITUATIONS.get(game, set()) == set(TIPS[game])


@pytest.mark.parametrize("game", list(KINDS))
def test_tutorial_games_explain_every_action_by_the_time_it_is_offered(game):
    """Random tutorial games (the tutorial's options, random choices for both seats): whenever the learner is
    offered an action, the tip of its kind was due with this decision or an earlier one; none of the action
    types the tutorial leaves out is ever offered."""
    eng = engine(game)
    outside = set(NOT_IN_TUTORIAL.get(game, {}))
    for seed in range(3):
        rng = random.Random(seed)
        state = eng.new_game(2, dict(GAME_OPTIONS.get(game, {})), seed)
        shown: set[str] = set()
        for _step in range(300):
            if eng.is_terminal(state):
                break
            decision = rng.choice(eng.pending(state))
            legal = eng.legal_actions(state, decision.player)
            if decision.player == LEARNER:
                shown |= set(decision_kinds(game, eng.view(state, LEARNER), legal))
                for action in legal:
                    assert action["type"] not in outside and ACTIONS[game][action["type"]] in shown, (seed, action)
            state = eng.apply(state, decision.player, rng.choice(legal))
