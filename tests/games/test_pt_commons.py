"""Commons (Hero-only cards): every power and tactic does what its text says, blank rows do nothing.

Seat 0 acts with the quiet Leaders Gearsmith / Starseer (no passive ability) unless a test says otherwise.
Commons sit in units and hands through ``scenario.build`` like any card (they are not part of the Classic
set, so the whole-set conservation check does not apply to these positions).
"""

import pytest

from bot.games.pixel_tactics.sets import SETS
from bot.games.pixel_tactics.stats import member_abilities
from tests.games.pt_card_helpers import (
    at,
    attack,
    card_key,
    choices,
    dmg,
    hand,
    kind,
    operation,
    order,
    pile,
    place_trap,
    recruit,
    setup,
    spell,
    stats,
    sts,
)

COMMONS = SETS["commons"]
ROWS = {"V0": "vanguard", "F0": "flank", "R0": "rear"}


def test_there_are_at_least_30_commons_all_hero_only():
    assert len(COMMONS) >= 30
    assert all("leader" not in c and c["set"] == "commons" for c in COMMONS)
    assert len({c["name"] for c in COMMONS}) == len(COMMONS)
    kinds = [c["tactic"]["kind"] for c in COMMONS]
    assert kinds.count("order") >= len(COMMONS) // 2 and kinds.count("operation") >= 5 and kinds.count("trap") >= 5


@pytest.mark.parametrize("key", [c["key"] for c in COMMONS])
def test_a_no_ability_row_gives_no_ability_and_the_printed_figures(key):
    c = next(x for x in COMMONS if x["key"] == key)
    for slot, row in ROWS.items():
        if c["hero"][row]["text"] != "No Ability":
            continue
        s = setup(units={0: {slot: key}})
        assert member_abilities(s, 0, slot) == []
        values = stats(s, f"0:{slot}")
        assert (values["attack"], values["life"], values["reduce"]) == (c["hero"]["attack"], c["hero"]["life"], 0)
        assert not values["ranged"] and not values["intercept"]


# Static powers: (card, slot, other units of seat 0, position read, field, value), each worked from the text
STATICS = [
    ("spearhand", "V0", {}, "0:V0", "attack", 4),  # 3 + 1
    ("spearhand", "F0", {}, "0:F0", "intercept", True),
    ("hamletarcher", "F0", {}, "0:F0", "ranged", True),
    ("hamletarcher", "R0", {}, "0:R0", "attack", 3),  # 2 + 1, and Ranged:
    ("hamletarcher", "R0", {}, "0:R0", "ranged", True),
    ("bucklerman", "V0", {}, "0:V0", "intercept", True),
    ("bucklerman", "F0", {"V0": "ironsentry"}, "0:V0", "reduce", 1),
    ("alebrawler", "F0", {}, "0:F0", "attack", 5),  # 4 + 1
    ("trailfinder", "R0", {}, "0:R0", "ranged", True),
    ("sexton", "V0", {}, "0:V0", "intercept", True),
    ("towncrier", "F0", {"V0": "ironsentry"}, "0:V0", "attack", 4),  # 3 + 1
    ("halberdier", "V0", {}, "0:V0", "intercept", True),
    ("halberdier", "V0", {}, "0:V0", "life", 6),  # 5 + 1
    ("halberdier", "F0", {}, "0:F0", "life", 6),
    ("halberdier", "R0", {"F0": "brewmother"}, "0:F0", "attack", 2),  # 1 + 1
    ("stablehand", "R0", {"F0": "brewmother"}, "0:F0", "reduce", 1),
    ("lamplighter", "R0", {}, "0:R0", "ranged", True),
    ("hillmonk", "V0", {}, "0:V0", "reduce", 1),
    ("cogsquire", "V0", {}, "0:V0", "intercept", True),
    ("cogsquire", "F0", {"R0": "brewmother"}, "0:R0", "attack", 2),  # supporter 1 + 1
    ("cogsquire", "R0", {"F0": "brewmother"}, "0:F0", "life", 6),  # forerunner 5 + 1
    ("sellsword", "V0", {}, "0:V0", "attack", 5),  # 4 + 1
    ("sellsword", "R0", {}, "0:R0", "reduce", 1),
    ("bogwitch", "R0", {}, "0:R0", "ranged", True),
    ("watchhound", "F0", {}, "0:F0", "attack", 4),  # 3 + 1
    ("drillmaster", "V0", {"F0": "brewmother"}, "0:F0", "attack", 2),  # supporter 1 + 1
    ("drillmaster", "F0", {"V0": "brewmother"}, "0:V0", "attack", 2),  # forerunner 1 + 1
    ("boltcaster", "R0", {}, "0:R0", "ranged", True),
    ("turnkey", "V0", {}, "0:V0", "intercept", True),
    ("crowsnest", "V0", {}, "0:V0", "intercept", True),
    ("crowsnest", "R0", {}, "0:R0", "attack", 2),  # 1 + 1, and Ranged:
    ("crowsnest", "R0", {}, "0:R0", "ranged", True),
    ("wallmason", "V0", {}, "0:V0", "reduce", 1),
    ("wallmason", "F0", {"V0": "brewmother"}, "0:V0", "life", 7),  # forerunner 5 + 2
    ("netcaster", "R0", {}, "0:R0", "ranged", True),
    ("pitduelist", "F0", {}, "0:F0", "reduce", 1),
    ("pitduelist", "R0", {"F0": "brewmother"}, "0:F0", "attack", 2),  # forerunner 1 + 1
    ("oxdriver", "V0", {}, "0:V0", "intercept", True),
    ("oxdriver", "R0", {"F0": "brewmother"}, "0:F0", "reduce", 1),
    ("bucklerman", "R0", {"F0": "brewmother"}, "0:F0", "life", 6),  # forerunner 5 + 1
    ("herbwife", "V0", {}, "0:V0", "life", 5),  # 4 + 1
    ("alebrawler", "R0", {"F0": "brewmother"}, "0:F0", "attack", 2),  # forerunner 1 + 1
    ("sparkling", "V0", {}, "0:V0", "intercept", True),
    ("sexton", "R0", {"F0": "brewmother"}, "0:F0", "reduce", 1),
    ("ratcatcher", "R0", {}, "0:R0", "ranged", True),
    ("turnkey", "R0", {"F0": "brewmother"}, "0:F0", "life", 6),  # forerunner 5 + 1
    ("torchbearer", "R0", {}, "0:R0", "ranged", True),
    ("wallmason", "R0", {"F0": "brewmother"}, "0:F0", "reduce", 1),
]


@pytest.mark.parametrize("key,slot,others,where,field,value", STATICS)
def test_static_power(key, slot, others, where, field, value):
    s = setup(units={0: {slot: key, **others}})
    assert stats(s, where)[field] == value


def test_the_statics_table_moves_a_power_off_its_row():
    s = setup(units={0: {"R0": "spearhand"}})
    assert stats(s, "0:R0")["attack"] == 3  # Vanguard's +1 Attack only in the Vanguard
    s = setup(units={0: {"V0": "hamletarcher"}})
    assert not stats(s, "0:V0")["ranged"]


def test_hero_only_recruit_into_each_row():
    s = setup(hands={0: ["spearhand"]})
    s = recruit(s, "spearhand", "V0")
    assert kind(s, "0:V0") == "hero" and stats(s, "0:V0")["attack"] == 4


# -------------------------------------------------------------------------------------------- Spearhand


def test_spearhand_order_gives_a_hero_of_yours_plus_1_attack():
    s = setup(hands={0: ["spearhand"]}, units={0: {"V0": "brewmother"}, 1: {"V0": "ironsentry"}})
    assert choices(s, 0, "order", "target") == ["0:V0"]
    s = order(s, "spearhand", "0:V0")
    assert sts(s, "0:V0") == ["+1 Attack"] and stats(s, "0:V0")["attack"] == 2
    assert pile(s, 0) == ["spearhand"] and s["actions_left"] == 1


# ----------------------------------------------------------------------------------------- Hamlet Archer


def test_hamletarcher_flank_ranged_reaches_past_the_front():
    s = setup(wave="F", units={0: {"F0": "hamletarcher"}, 1: {"V1": "brewmother"}})
    assert "1:L" in choices(s, 0, "attack", "target", by="F0")
    s = attack(s, "F0", "1:L")
    assert dmg(s, "1:L") == 2


def test_hamletarcher_order_deals_2_to_a_rival_hero():
    s = setup(hands={0: ["hamletarcher"]}, units={1: {"V0": "ironsentry"}})
    assert choices(s, 0, "order", "target") == ["1:V0"]
    s = order(s, "hamletarcher", "1:V0")
    assert dmg(s, "1:V0") == 2 and dmg(s, "1:L") == 0


# -------------------------------------------------------------------------------------------- Bucklerman


def test_bucklerman_trap_attack_deals_2_less():
    s = setup(units={0: {"V0": "blastwright"}, 1: {"V0": "ironsentry"}},
              reserve={1: {"X0": {"key": "bucklerman", "policy": "always"}}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 2  # Blastwright 3 + 1 = 4, minus 2
    assert pile(s, 1) == ["bucklerman"]


def test_bucklerman_trap_can_be_placed():
    s = setup(hands={0: ["bucklerman"]})
    s = place_trap(s, "bucklerman")
    assert card_key(s, "0:X0") == "bucklerman" and hand(s, 0) == []


# ----------------------------------------------------------------------------------------------- Herbwife


def test_herbwife_flank_spell_removes_2_damage_from_a_hero_of_yours():
    s = setup(wave="F", units={0: {"F0": "herbwife", "V0": {"key": "ironsentry", "damage": 3}}})
    s = spell(s, "F0", "0:V0")
    assert dmg(s, "0:V0") == 1


def test_herbwife_rear_spell_removes_2_damage_from_your_leader():
    s = setup(wave="R", units={0: {"R0": "herbwife", "L": {"damage": 3}}})
    s = spell(s, "R0")
    assert dmg(s, "0:L") == 1


def test_herbwife_order_removes_3_damage_from_your_leader():
    s = setup(hands={0: ["herbwife"]}, units={0: {"L": {"damage": 5}}})
    s = order(s, "herbwife", "0:L")
    assert dmg(s, "0:L") == 2


# -------------------------------------------------------------------------------------------- Ale Brawler


def test_alebrawler_vanguard_hits_back_1_when_attacked():
    s = setup(units={0: {"V0": "ironsentry"}, 1: {"V0": "alebrawler"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 3 and dmg(s, "0:V0") == 1


def test_alebrawler_order_gives_a_rival_hero_minus_1_attack():
    s = setup(hands={0: ["alebrawler"]}, units={1: {"V0": "stonehide"}})
    s = order(s, "alebrawler", "1:V0")
    assert sts(s, "1:V0") == ["-1 Attack"] and stats(s, "1:V0")["attack"] == 3


# -------------------------------------------------------------------------------------------- Trailfinder


def test_trailfinder_vanguard_draws_when_recruited():
    s = setup(hands={0: ["trailfinder"]}, deck_top={0: ["nightblade"]})
    s = recruit(s, "trailfinder", "V0")
    assert hand(s, 0) == ["nightblade"]


def test_trailfinder_flank_draws_after_attacking():
    s = setup(wave="F", units={0: {"F0": "trailfinder"}, 1: {"V0": "ironsentry"}}, deck_top={0: ["nightblade"]})
    s = attack(s, "F0", "1:V0")
    assert dmg(s, "1:V0") == 2 and hand(s, 0) == ["nightblade"]


def test_trailfinder_order_draws_2():
    s = setup(hands={0: ["trailfinder"]}, deck_top={0: ["nightblade", "skyshot"]})
    s = order(s, "trailfinder")
    assert hand(s, 0) == ["nightblade", "skyshot"]


# ------------------------------------------------------------------------------------ Sparkling Apprentice


def test_sparkling_flank_spell_1_and_rear_spell_2_damage():
    s = setup(wave="F", units={0: {"F0": "sparkling"}, 1: {"V0": "ironsentry"}})
    s = spell(s, "F0", "1:V0")
    assert dmg(s, "1:V0") == 1
    s = setup(wave="R", units={0: {"R0": "sparkling"}, 1: {"V0": "ironsentry"}})
    s = spell(s, "R0", "1:V0")
    assert dmg(s, "1:V0") == 2


def test_sparkling_order_deals_1_to_each_rival_hero_not_the_leader():
    s = setup(hands={0: ["sparkling"]}, units={0: {"V0": "brewmother"}, 1: {"V0": "ironsentry", "F2": "nightblade"}})
    s = order(s, "sparkling")
    assert (dmg(s, "1:V0"), dmg(s, "1:F2"), dmg(s, "1:L"), dmg(s, "0:V0")) == (1, 1, 0, 0)


# ------------------------------------------------------------------------------------------------- Sexton


def test_sexton_flank_spell_clears_a_corpse_then_heals_your_leader_2():
    s = setup(wave="F", units={0: {"F0": "sexton", "L": {"damage": 3}},
                               1: {"V0": {"key": "stonehide", "corpse": True}}})
    assert choices(s, 0, "spell", "target", by="F0") == ["1:V0"]
    s = spell(s, "F0", "1:V0")
    assert at(s, "1:V0") is None and pile(s, 1) == ["stonehide"] and dmg(s, "0:L") == 1


def test_sexton_order_clears_a_corpse_then_draws_2():
    s = setup(hands={0: ["sexton"]}, units={0: {"V0": {"key": "nightblade", "corpse": True}}},
              deck_top={0: ["skyshot", "rageborn"]})
    s = order(s, "sexton", "0:V0")
    assert at(s, "0:V0") is None and hand(s, 0) == ["skyshot", "rageborn"]
    assert pile(s, 0) == ["nightblade", "sexton"]


# --------------------------------------------------------------------------------------------- Town Crier


def test_towncrier_rear_spell_rival_discards_a_random_card():
    s = setup(wave="R", units={0: {"R0": "towncrier"}}, hands={1: ["brewmother"]})
    s = spell(s, "R0")
    assert hand(s, 1) == [] and pile(s, 1) == ["brewmother"]


def test_towncrier_trap_cancels_an_order():
    s = setup(hands={0: ["skyshot"]}, reserve={1: {"X0": {"key": "towncrier", "policy": "always"}}})
    s = order(s, "skyshot", "1:L")
    assert dmg(s, "1:L") == 0
    assert pile(s, 1) == ["towncrier"] and pile(s, 0) == ["skyshot"]


# --------------------------------------------------------------------------------------------- Halberdier


def test_halberdier_order_gives_intercept_and_plus_1_life():
    s = setup(hands={0: ["halberdier"]}, units={0: {"V0": "brewmother"}})
    s = order(s, "halberdier", "0:V0")
    assert sts(s, "0:V0") == ["Intercept", "+1 Life"]
    assert stats(s, "0:V0")["intercept"] and stats(s, "0:V0")["life"] == 6


# ----------------------------------------------------------------------------------------------- Cutpurse


def test_cutpurse_vanguard_rival_discards_after_it_attacks():
    s = setup(units={0: {"V0": "cutpurse"}, 1: {"V0": "ironsentry"}}, hands={1: ["brewmother"]})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 2 and pile(s, 1) == ["brewmother"]


def test_cutpurse_rear_spell_rival_discards():
    s = setup(wave="R", units={0: {"R0": "cutpurse"}}, hands={1: ["brewmother"]})
    s = spell(s, "R0")
    assert pile(s, 1) == ["brewmother"]


def test_cutpurse_trap_returns_a_recruited_hero_to_its_owners_hand():
    s = setup(hands={0: ["ironsentry"]}, reserve={1: {"X0": {"key": "cutpurse", "policy": "always"}}})
    s = recruit(s, "ironsentry", "V0")
    assert at(s, "0:V0") is None and hand(s, 0) == ["ironsentry"]
    assert pile(s, 1) == ["cutpurse"] and s["actions_left"] == 1


# --------------------------------------------------------------------------------------------- Ratcatcher


def test_ratcatcher_vanguard_target_gains_minus_1_life_after_the_attack():
    s = setup(units={0: {"V0": "ratcatcher"}, 1: {"V0": "ironsentry"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 2 and sts(s, "1:V0") == ["-1 Life"] and stats(s, "1:V0")["life"] == 5


def test_ratcatcher_flank_spell_and_order_give_minus_1_life():
    s = setup(wave="F", units={0: {"F0": "ratcatcher"}, 1: {"V0": "ironsentry"}})
    s = spell(s, "F0", "1:V0")
    assert sts(s, "1:V0") == ["-1 Life"]
    s = setup(hands={0: ["ratcatcher"]}, units={1: {"V0": "ironsentry"}})
    s = order(s, "ratcatcher", "1:V0")
    assert sts(s, "1:V0") == ["-1 Life", "-1 Life"] and stats(s, "1:V0")["life"] == 4


# --------------------------------------------------------------------------------------------- Stablehand


def test_stablehand_flank_spell_swaps_with_another_hero_of_yours():
    s = setup(wave="F", units={0: {"F0": "stablehand", "R2": "ironsentry"}})
    assert choices(s, 0, "spell", "target", by="F0") == ["0:R2"]
    s = spell(s, "F0", "0:R2")
    assert card_key(s, "0:F0") == "ironsentry" and card_key(s, "0:R2") == "stablehand"


def test_stablehand_order_gains_an_action_and_draws():
    s = setup(hands={0: ["stablehand"]}, deck_top={0: ["nightblade"]})
    s = order(s, "stablehand")
    assert s["actions_left"] == 2 and hand(s, 0) == ["nightblade"]  # 2 - 1 + 1


# -------------------------------------------------------------------------------------------- Lamplighter


def test_lamplighter_vanguard_spell_removes_every_status():
    s = setup(units={0: {"V0": "lamplighter"}, 1: {"V0": {"key": "stonehide", "statuses": ["+1 Attack", "Intercept"]}}})
    s = spell(s, "V0", "1:V0")
    assert sts(s, "1:V0") == []


def test_lamplighter_flank_spell_gives_ranged():
    s = setup(wave="F", units={0: {"F0": "lamplighter", "V0": "ironsentry"}})
    s = spell(s, "F0", "0:V0")
    assert sts(s, "0:V0") == ["Ranged"] and stats(s, "0:V0")["ranged"]


def test_lamplighter_operation_rear_heroes_plus_1_attack():
    s = setup(hands={0: ["lamplighter"]}, units={0: {"R0": "nightblade", "V0": "ironsentry"}})
    s = operation(s, "lamplighter")
    assert card_key(s, "0:X0") == "lamplighter"
    assert stats(s, "0:R0")["attack"] == 4 and stats(s, "0:V0")["attack"] == 3


# ---------------------------------------------------------------------------------------------- Hill Monk


def test_hillmonk_vanguard_takes_1_less_from_attacks():
    s = setup(units={0: {"V0": "ironsentry"}, 1: {"V0": "hillmonk"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 2


def test_hillmonk_flank_gains_plus_1_life_when_attacked():
    s = setup(wave="F", units={0: {"F0": "ironsentry"}, 1: {"F0": "hillmonk"}})
    s = attack(s, "F0", "1:F0")
    assert dmg(s, "1:F0") == 4 and sts(s, "1:F0") == ["+1 Life"] and stats(s, "1:F0")["life"] == 6


def test_hillmonk_trap_cancels_a_spell():
    s = setup(wave="F", units={0: {"F0": "blastwright"}, 1: {"V0": "ironsentry"}},
              reserve={1: {"X0": {"key": "hillmonk", "policy": "always"}}})
    s = spell(s, "F0", "1:V0")
    assert dmg(s, "1:V0") == 0 and pile(s, 1) == ["hillmonk"]


# --------------------------------------------------------------------------------------------- Cog Squire


def test_cogsquire_operation_vanguard_heroes_plus_1_life():
    s = setup(hands={0: ["cogsquire"]}, units={0: {"V0": "ironsentry", "F0": "brewmother"}})
    s = operation(s, "cogsquire")
    assert stats(s, "0:V0")["life"] == 7 and stats(s, "0:F0")["life"] == 5
