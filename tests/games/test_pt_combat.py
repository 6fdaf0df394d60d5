"""Attacks: melee reach, corpses, Ranged, Intercept, damage reduction, Leader attacks, attack reactions."""

from bot.games.pixel_tactics.scenario import act, at, build, legal

PLAIN = ("gloomweaver", "rimecaster")


def targets(state, by, seat=0):
    return [a["target"] for a in legal(state, seat) if a["type"] == "attack" and a["by"] == by]


def test_melee_reaches_only_the_foremost_living_member_of_each_column():
    s = build(PLAIN, units={0: {"V0": "bladedancer"},
                            1: {"V0": {"key": "skyshot", "corpse": True}, "F0": "bladedancer", "V1": "gearsmith",
                                "R1": "stonehide", "R2": "marshal"}})
    # column 0: the corpse does not block, so F0 is in melee; column 1: V1; column 2: R2 is foremost
    assert targets(s, "V0") == ["1:V1", "1:F0", "1:R2"]


def test_a_hero_behind_others_has_no_melee_reach():
    s = build(PLAIN, wave="R", units={0: {"V0": "bladedancer", "R0": "stonehide"}, 1: {"V0": "surgeon"}})
    assert targets(s, "R0") == []
    s = build(PLAIN, wave="R", units={0: {"V0": {"key": "bladedancer", "corpse": True}, "R0": "stonehide"},
                                      1: {"V0": "surgeon"}})
    assert targets(s, "R0") == ["1:V0", "1:L"]  # the corpse in front does not count: R0 is foremost


def test_ranged_reaches_any_member_not_behind_an_interceptor():
    s = build(PLAIN, wave="R",
              units={0: {"V0": "bladedancer", "F0": "marshal", "R0": "skyshot"},
                     1: {"V1": "gearsmith", "F0": "bladedancer", "R0": "stonehide", "R1": "skyshot"}})
    # Gearsmith (Vanguard: Intercept) shields the Leader and R1 behind it; F0 and R0 have no interceptor
    assert targets(s, "R0") == ["1:V1", "1:F0", "1:R0"]


def test_an_interceptor_in_the_flank_shields_only_the_rear():
    s = build(PLAIN, wave="R",
              units={0: {"V0": "bladedancer", "F0": "marshal", "R0": "skyshot"},
                     1: {"V0": "surgeon", "F0": "ironsentry", "R0": "stonehide"}})
    assert targets(s, "R0") == ["1:V0", "1:F0", "1:L"]


def test_damage_is_attack_minus_reductions():
    s = build(PLAIN, units={0: {"V0": "bladedancer"}, 1: {"V0": "stonehide"}})
    s = act(s, 0, {"type": "attack", "by": "V0", "target": "1:V0"})
    assert at(s, "1:V0")["damage"] == 2  # Bladedancer 4 - Stonehide Vanguard 2
    s = build(PLAIN, units={0: {"V0": "surgeon"}, 1: {"V0": "stonehide"}})
    s = act(s, 0, {"type": "attack", "by": "V0", "target": "1:V0"})
    assert at(s, "1:V0")["damage"] == 0  # 2 - 2: never negative


def test_the_leader_attacks_only_in_the_flank_wave():
    s = build(PLAIN, wave="V")
    assert targets(s, "L") == []
    s = build(PLAIN, wave="F")
    assert targets(s, "L") == ["1:L"]
    s = act(s, 0, {"type": "attack", "by": "L", "target": "1:L"})
    assert at(s, "1:L")["damage"] == 3  # Gloomweaver Leader: Attack 3
    assert targets(s, "L") == []  # once per turn


def test_attack_reactions_of_target_and_attacker():
    s = build(("skyshot", "rageborn"), wave="F")
    s = act(s, 0, {"type": "attack", "by": "L", "target": "1:L"})
    assert at(s, "1:L")["damage"] == 3 and at(s, "0:L")["damage"] == 2  # Rageborn hits back for 2
    s = build(PLAIN, units={0: {"V0": "skyshot"}})
    s = act(s, 0, {"type": "attack", "by": "V0", "target": "1:L"})
    assert at(s, "0:V0")["statuses"] == ["+1 Attack"] and at(s, "1:L")["damage"] == 3


def test_no_attacks_during_the_ceasefire():
    s = build(PLAIN, ceasefire=True, wave="F")
    assert not [a for a in legal(s, 0) if a["type"] == "attack"]
