"""The open Trap window's answered event in the view (``window_event``): the public facts the Trap prompt
announces (event type, acting seat, positions, the Order or Trap played in the open, a team mode's foe), never a
hand card or a face-down Trap; ``limited`` and ``next_first`` likewise public counters."""

from __future__ import annotations

import copy
import json

from bot.games.pixel_tactics import PixelTacticsEngine
from bot.games.pixel_tactics.scenario import act, build

E = PixelTacticsEngine()


def _position():
    """Seat 0 to act (Marshal in V1, the Order Skyshot Ranger in hand); seat 1 holds Stonehide in V0 and a ready
    face-down Shieldwarden set to "ask" in X0, so it is asked about every event."""
    return build(units={0: {"V1": "marshal"}, 1: {"V0": "stonehide"}}, hands={0: ["skyshot"]},
                 reserve={1: {"X0": {"key": "shieldwarden", "policy": "ask"}}}, actions=2)


def test_an_attack_window_carries_the_attack_and_not_the_face_down_trap():
    s = act(_position(), 0, {"type": "attack", "by": "V1", "target": "1:V0"})
    assert s["phase"] == "trap"
    for viewer in (None, 0, 1):
        view = E.view(s, viewer)
        assert view["window_seat"] == 1
        assert view["window_event"] == {"type": "attack", "actor": 0, "source": "0:V1", "target": "1:V0",
                                        "card": None, "foe": None, "cancelled": False, "reduce": 0}
    for viewer in (None, 0):
        assert "shieldwarden" not in json.dumps(E.view(s, viewer))
    assert "shieldwarden" not in json.dumps(E.view(s, 1)["window_event"])


def test_an_order_window_names_the_order_played_and_its_target():
    s = _position()
    order = s["players"][0]["hand"][0]
    assert order.startswith("0.skyshot")
    s = act(s, 0, {"type": "order", "card": order, "target": "1:V0"})
    assert s["phase"] == "trap"
    view = E.view(s, None)
    assert view["window_event"] == {"type": "order", "actor": 0, "source": None, "target": "1:V0", "card": order,
                                    "foe": None, "cancelled": False, "reduce": 0}
    assert [c["id"] for c in view["in_flight"]] == [order]  # the card named is the one in flight, face up
    assert "shieldwarden" not in json.dumps(view)


def test_a_source_in_a_face_down_traps_slot_is_not_shown():
    s = act(_position(), 0, {"type": "attack", "by": "V1", "target": "1:V0"})
    s = copy.deepcopy(s)
    s["chain"][-1]["source"] = "1:X0"  # as if the face-down Trap there were the source
    assert E.view(s, None)["window_event"]["source"] is None
    s["chain"][-1]["source"] = "0:X1"  # an empty reserve slot is only a position
    assert E.view(s, None)["window_event"]["source"] == "0:X1"


def test_no_window_no_event_and_the_public_counters():
    s = _position()
    view = E.view(s, None)
    assert view["window_event"] is None and view["window_seat"] is None
    assert view["limited"] == [] and view["next_first"] is None
