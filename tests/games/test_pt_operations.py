"""Operations: four time markers, one removed at the end of each of the controller's turns, discarded when
none can be removed; continuous effects while in play; time-marker effects."""

from bot.games.pixel_tactics.scenario import act, at, build, hand_size, legal, stats

PLAIN = ("gloomweaver", "rimecaster")
END = {"type": "end"}


def test_an_operation_runs_out_after_its_markers():
    s = build(PLAIN, first=0, hands={0: ["rageborn"]}, units={0: {"V0": "surgeon"}})
    s = act(s, 0, {"type": "operation", "card": "0.rageborn@6"})
    assert s["players"][0]["reserve"][0]["timers"] == 4
    assert stats(s, "0:V0")["attack"] == 3  # Field Surgeon 2 + 1 while the Operation is in play
    markers = []
    while len(markers) < 5:
        seat = s["turn"]
        s = act(s, seat, END)
        if seat == 0:  # only the controller's turn ends count
            item = s["players"][0]["reserve"][0]
            markers.append(item["timers"] if item else None)
    assert markers == [3, 2, 1, 0, None]
    assert s["players"][0]["discard"] == ["0.rageborn@6"]
    assert stats(s, "0:V0")["attack"] == 2


def test_markers_go_only_at_the_end_of_the_controller_turns():
    s = build(PLAIN, turn=1, first=0, reserve={0: {"X1": {"key": "stonehide", "kind": "operation", "timers": 2}}})
    s = act(s, 1, END)
    assert s["players"][0]["reserve"][1]["timers"] == 2


def test_end_of_turn_reaction_of_an_operation():
    s = build(PLAIN, deck_top={0: ["skyshot"]}, reserve={0: {"X0": {"key": "gearsmith", "kind": "operation"}}})
    s = act(s, 0, END)
    assert s["players"][0]["hand"] == ["0.skyshot@6"]


def test_hand_size_operation():
    s = build(PLAIN, reserve={0: {"X0": {"key": "starseer", "kind": "operation"}}})
    assert hand_size(s, 0) == 7 and hand_size(s, 1) == 5


def test_time_marker_effects():
    s = build(("gearsmith", "rimecaster"), reserve={0: {"X0": {"key": "stonehide", "kind": "operation", "timers": 1}},
                                                     1: {"X2": {"key": "bannerbearer", "kind": "operation"}}})
    s = act(s, 0, {"type": "leader_action", "target": None})
    assert s["players"][0]["reserve"][0]["timers"] == 2 and s["players"][1]["reserve"][2]["timers"] == 4
    s = build(PLAIN, wave="R", units={0: {"R0": "gearsmith"}},
              reserve={1: {"X2": {"key": "bannerbearer", "kind": "operation", "timers": 1}}})
    s = act(s, 0, {"type": "spell", "by": "R0", "target": None})
    assert s["players"][1]["reserve"][2]["timers"] == 0  # never below zero
    s = act(act(s, 0, END), 1, END)
    assert s["players"][1]["reserve"][2] is None


def test_leader_reduction_from_an_operation():
    s = build(PLAIN, wave="F", units={0: {}}, reserve={1: {"X0": {"key": "bannerbearer", "kind": "operation"}}})
    s = act(s, 0, {"type": "attack", "by": "L", "target": "1:L"})
    assert at(s, "1:L")["damage"] == 2  # Gloomweaver 3 - 1
    assert not [a for a in legal(s, 0) if a["type"] == "attack"]
