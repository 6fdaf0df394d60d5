"""Row powers only work in their row: each passive Hero power, placed in another row, does nothing."""

import pytest

from tests.games.pt_card_helpers import attack, card_key, dmg, order, setup, stats, sts

# (card, seat 0's Heroes, position read, value, expected): the printed value, because the power that would
# change it belongs to another row. Fillers are Dawnpriest (1/6) and Lorekeeper (1/4), whose powers in these
# rows are Spells or reactions and change no value; the Leaders have Leader actions only.
STATIC = [
    ("shieldwarden", {"R1": "shieldwarden"}, "0:R1", "intercept", False),  # Vanguard: Intercept
    ("shieldwarden", {"R1": "shieldwarden"}, "0:R1", "reduce", 0),  # Vanguard: takes 1 less
    ("shieldwarden", {"F0": "dawnpriest", "R0": "shieldwarden"}, "0:F0", "reduce", 0),  # Flank: forerunner -2
    ("rageborn", {"V0": "dawnpriest", "F0": "rageborn"}, "0:V0", "attack", 1),  # Rear: forerunner +2 Attack
    ("blastwright", {"F0": "blastwright"}, "0:F0", "attack", 3),  # Vanguard: +1 Attack
    ("nightblade", {"F2": "nightblade"}, "0:F2", "attack", 3),  # Vanguard: +2 Attack
    ("nightblade", {"F2": "nightblade"}, "0:F2", "ranged", False),  # Rear: Ranged
    ("ironsentry", {"R0": "ironsentry"}, "0:R0", "attack", 3),  # Flank: +1 Attack
    ("ironsentry", {"R0": "ironsentry"}, "0:R0", "intercept", False),  # Vanguard/Flank: Intercept
    ("ironsentry", {"V0": "dawnpriest", "F0": "ironsentry"}, "0:V0", "reduce", 0),  # Rear: forerunner -1
    ("bannerbearer", {"F0": "bannerbearer", "R0": "dawnpriest"}, "0:R0", "reduce", 0),  # Vanguard: supporter -1
    ("bannerbearer", {"V0": "dawnpriest", "F0": "bannerbearer"}, "0:V0", "life", 6),  # Rear: forerunner +1 Life
    ("bladedancer", {"V0": "bladedancer"}, "0:V0", "reduce", 0),  # Flank: takes 1 less
    ("brewmother", {"F0": "brewmother"}, "0:F0", "reduce", 0),  # Vanguard: takes 1 less
    ("stonehide", {"R0": "stonehide"}, "0:R0", "reduce", 0),  # Vanguard: takes 2 less
    ("stonehide", {"R0": "stonehide"}, "0:R0", "life", 9),  # Flank: +2 Life
    ("stonehide", {"V0": "dawnpriest", "F0": "stonehide"}, "0:V0", "life", 6),  # Rear: forerunner +2 Life
    ("skyshot", {"V2": "skyshot"}, "0:V2", "ranged", False),  # Flank/Rear: Ranged
    ("skyshot", {"V2": "skyshot"}, "0:V2", "attack", 3),  # Rear: +1 Attack
    ("rimecaster", {"V2": "rimecaster"}, "0:V2", "ranged", False),  # Rear: Ranged
    ("venomfang", {"F2": "venomfang"}, "0:F2", "ranged", False),  # Rear: Ranged
    ("cinderwitch", {"F2": "cinderwitch"}, "0:F2", "ranged", False),  # Rear: Ranged
    ("mirewraith", {"V2": "mirewraith"}, "0:V2", "ranged", False),  # Rear: Ranged
    ("hushmonk", {"F2": "hushmonk"}, "0:F2", "intercept", False),  # Vanguard: Intercept
    ("hushmonk", {"F2": "hushmonk"}, "0:F2", "immune", []),  # Vanguard: Rival Spells cannot target it
    ("gearsmith", {"F2": "gearsmith"}, "0:F2", "intercept", False),  # Vanguard: Intercept
    ("marshal", {"F0": "marshal", "R0": "lorekeeper"}, "0:R0", "attack", 1),  # Vanguard: supporter +1 Attack
]


@pytest.mark.parametrize(("card", "unit", "where", "field", "expected"), STATIC,
                         ids=[f"{c}-{w}-{f}" for c, _u, w, f, _e in STATIC])
def test_a_passive_power_of_another_row_does_nothing(card, unit, where, field, expected):
    s = setup(("starseer", "gearsmith"), units={0: unit})
    assert stats(s, where)[field] == expected


def test_rageborn_in_vanguard_gains_nothing_when_an_ally_is_defeated():
    s = setup(hands={0: ["nightblade"]}, units={1: {"V0": "rageborn", "V1": {"key": "brewmother", "damage": 3}}})
    s = order(s, "nightblade", "1:V1")
    assert sts(s, "1:V0") == []


def test_gravecaller_in_flank_does_not_heal_the_leader_when_an_ally_is_defeated():
    s = setup(hands={0: ["nightblade"]},
              units={1: {"F0": "gravecaller", "V1": {"key": "brewmother", "damage": 3}, "L": {"damage": 5}}})
    s = order(s, "nightblade", "1:V1")
    assert dmg(s, "1:L") == 5


@pytest.mark.parametrize("card", ["rimecaster", "cinderwitch", "mirewraith", "mirrorjest", "rageborn",
                                  "lorekeeper"])
def test_an_attacked_reaction_of_the_vanguard_does_nothing_in_the_flank(card):
    s = setup(units={0: {"V0": "ironsentry"}, 1: {"F0": card, "R0": "dawnpriest"}}, deck_top={1: ["marshal"]})
    s = attack(s, "V0", "1:F0")
    assert dmg(s, "1:F0") == 3 and dmg(s, "0:V0") == 0
    assert sts(s, "0:V0") == [] and sts(s, "1:F0") == []
    assert (card_key(s, "1:F0"), card_key(s, "1:R0")) == (card, "dawnpriest")
    assert s["players"][1]["hand"] == []


@pytest.mark.parametrize("card", ["venomfang", "bladedancer", "skyshot", "pickpocket"])
def test_an_after_attack_reaction_of_the_vanguard_does_nothing_from_the_rear(card):
    # none of these Rear powers reacts to an attack; the Hero attacks in melee from an empty column
    s = setup(wave="R", units={0: {"R0": {"key": card, "damage": 1}}, 1: {"V0": "ironsentry"}},
              hands={1: ["marshal"]})
    s = attack(s, "R0", "1:V0")
    assert sts(s, "1:V0") == [] and sts(s, "0:R0") == []
    assert dmg(s, "0:R0") == 1
    assert s["players"][1]["hand"] == ["1.marshal@6"]
