"""Card powers during the Ceasefire (round 1): nothing may touch the rival; powers on your own side still work."""

import pytest

from tests.games.pt_card_helpers import choices, dmg, end, lead, setup, spell, sts

# Spells whose every effect concerns the rival: not offered at all
HOSTILE_SPELLS = [
    ("gloomweaver", "V0"), ("gloomweaver", "F0"), ("gloomweaver", "R0"), ("nightblade", "F0"),
    ("blastwright", "F0"), ("blastwright", "R0"), ("pickpocket", "R0"), ("gearsmith", "R0"),
    ("venomfang", "F0"), ("cinderwitch", "F0"),
]


@pytest.mark.parametrize(("card", "slot"), HOSTILE_SPELLS, ids=[f"{c}-{s}" for c, s in HOSTILE_SPELLS])
def test_a_spell_against_the_rival_is_not_offered_in_the_ceasefire(card, slot):
    s = setup(("starseer", "marshal"), ceasefire=True, wave=slot[0], units={
        0: {slot: card}, 1: {"V0": {"key": "ironsentry", "damage": 1}, "V1": "stonehide"}},
        hands={1: ["brewmother"]}, reserve={1: {"X0": {"key": "surgeon", "kind": "operation"}}})
    assert choices(s, 0, "spell", "target", by=slot) == []


# Spells on "a Hero" (either side) offer only your own Heroes
@pytest.mark.parametrize(("card", "slot"), [("dawnpriest", "V0"), ("dawnpriest", "F0"), ("hushmonk", "F0"),
                                            ("rimecaster", "F0")])
def test_a_spell_on_any_hero_offers_only_your_own_in_the_ceasefire(card, slot):
    s = setup(("starseer", "marshal"), ceasefire=True, wave=slot[0],
              units={0: {slot: card, "R2": "brewmother"}, 1: {"V0": "ironsentry"}})
    assert choices(s, 0, "spell", "target", by=slot) == sorted(["0:R2", f"0:{slot}"])


def test_own_side_spells_still_work_in_the_ceasefire():
    s = setup(("starseer", "marshal"), ceasefire=True, wave="F",
              units={0: {"F0": "marshal", "V0": "brewmother"}})
    s = spell(s, "F0", "0:V0")
    assert sts(s, "0:V0") == ["+1 Attack", "+1 Life"]


@pytest.mark.parametrize("leader", ["gloomweaver", "nightblade", "rimecaster", "blastwright", "cinderwitch"])
def test_a_leader_action_against_the_rival_is_not_offered_in_the_ceasefire(leader):
    s = setup((leader, "marshal"), ceasefire=True, actions=2,
              units={1: {"V0": {"key": "ironsentry", "damage": 5}}}, hands={1: ["brewmother"]})
    assert choices(s, 0, "leader_action", "target") == []


@pytest.mark.parametrize("leader", ["brewmother", "starseer", "gearsmith", "mirrorjest", "hushmonk"])
def test_a_leader_action_on_your_own_side_is_offered_in_the_ceasefire(leader):
    s = setup((leader, "marshal"), ceasefire=True, units={0: {"V0": {"key": "ironsentry", "damage": 2}}},
              reserve={0: {"X0": {"key": "surgeon", "kind": "operation"}}})
    assert choices(s, 0, "leader_action", "target") != []


def test_brewmother_leader_heals_in_the_ceasefire():
    s = setup(("brewmother", "marshal"), ceasefire=True, units={0: {"V0": {"key": "ironsentry", "damage": 2}}})
    s = lead(s)
    assert dmg(s, "0:V0") == 0


def test_surgeon_leader_heals_your_heroes_in_the_ceasefire():
    s = setup(("surgeon", "marshal"), ceasefire=True,
              units={0: {"V0": {"key": "ironsentry", "damage": 2}, "L": {"damage": 1}}})
    s = end(s)
    assert (dmg(s, "0:V0"), dmg(s, "0:L")) == (1, 1)

