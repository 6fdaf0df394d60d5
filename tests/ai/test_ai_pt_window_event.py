"""The Pixel Tactics computer player rebuilds an open Trap window from the view's ``window_event``: the chain
entry of its determinized state is the engine's own (but for who was asked before), whatever the event."""

from __future__ import annotations

import random

import pytest

from bot.ai.pixel_tactics import ADAPTER
from bot.games.pixel_tactics import PixelTacticsEngine
from bot.games.pixel_tactics.scenario import act, build

E = PixelTacticsEngine()


def _position():
    """Seat 0 to act (Marshal in V1, Dawnpriest's Spell in V0, the Order Skyshot Ranger in hand); seat 1 holds
    Stonehide in V0 and a ready face-down Shieldwarden set to "ask"."""
    return build(units={0: {"V0": "dawnpriest", "V1": "marshal"}, 1: {"V0": "stonehide"}}, hands={0: ["skyshot"]},
                 reserve={1: {"X0": {"key": "shieldwarden", "policy": "ask"}}}, actions=3)


@pytest.mark.parametrize("kind", ["attack", "order", "spell"])
def test_the_determinized_window_holds_the_engines_chain_entry(kind):
    s = _position()
    action = next(a for a in E.legal_actions(s, 0) if a["type"] == kind)
    s = act(s, 0, action)
    assert s["phase"] == "trap" and s["chain"][-1]["type"] == kind
    view = E.view(s, 1)
    sample = ADAPTER.determinize(view, 1, random.Random(3))
    assert E.view(sample, 1) == view
    real = {k: v for k, v in s["chain"][-1].items() if k != "asked"}
    assert {k: v for k, v in sample["chain"][-1].items() if k != "asked"} == real
    assert E.legal_actions(sample, 1) == E.legal_actions(s, 1)
