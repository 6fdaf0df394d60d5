"""Minipak and Promo cards during the Ceasefire (the whole first round): the parts that touch the rival's
unit or hand do nothing, the parts that touch your own side still happen (docs: Ceasefire, rule 3)."""

from tests.games.pt_card_helpers import can, dmg, end, hand, hand_size, lead, recruit, setup, stats, sts


def test_doomclock_leader_in_the_ceasefire_only_ticks_on_itself():
    s = setup(("doomclock", "gearsmith"), ceasefire=True, units={1: {"V0": "rallycaller"}})
    s = end(s)
    assert (dmg(s, "1:V0"), dmg(s, "1:L"), dmg(s, "0:L")) == (0, 0, 1)


def test_bogcrone_recruited_in_the_ceasefire_hexes_nobody():
    s = setup(ceasefire=True, hands={0: ["bogcrone"]}, units={1: {"V0": "rallycaller"}})
    s = recruit(s, "bogcrone", "V0")
    assert sts(s, "1:V0") == [] and sts(s, "0:V0") == []


def test_hostile_leader_actions_are_not_offered_in_the_ceasefire():
    s = setup(("hexwright", "gearsmith"), ceasefire=True, units={1: {"V0": "rallycaller"}})
    assert not can(s, 0, {"type": "leader_action", "target": "1:V0"})
    s = setup(("dicemonger", "gearsmith"), ceasefire=True, units={1: {"V0": "rallycaller"}})
    assert not can(s, 0, {"type": "leader_action", "target": None})


def test_wishwell_leader_in_the_ceasefire_draws_for_you_only():
    s = setup(("wishwell", "gearsmith"), ceasefire=True, deck_top={0: ["wayscout", "lockwarden"], 1: ["salvebinder"]})
    s = lead(s)
    assert hand(s, 0) == ["wayscout", "lockwarden"] and hand(s, 1) == []


def test_hand_size_and_attack_statics_in_the_ceasefire_touch_only_your_side():
    s = setup(("hoardmaw", "snarejack"), ceasefire=True)
    assert (hand_size(s, 0), hand_size(s, 1)) == (8, 3)  # Hoardmaw's +1 for the Rival waits for round 2
    s = setup(("peacebinder", "gearsmith"), ceasefire=True, units={0: {"V0": "wayscout"}, 1: {"V0": "rallycaller"}})
    assert stats(s, "0:V0")["attack"] == 2 and stats(s, "1:V0")["attack"] == 2
