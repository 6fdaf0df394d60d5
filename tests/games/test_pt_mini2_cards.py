"""Minipak 2 ("Hexbinders"): every side, power and tactic of its 8 cards does what its text says.

Positions come from ``scenario.build``; fillers are Minipak 1 cards whose placed powers are silent or known
(Rallycaller 2/5 has only "when recruited" powers). Expected values are worked out by hand in the comments.
"""

from bot.games.pixel_tactics.scenario import card_id
from tests.games.pt_card_helpers import (
    activate,
    attack,
    can,
    check_invariants,
    choices,
    decline,
    dmg,
    doc_section,
    end,
    hand,
    kind,
    lead,
    operation,
    order,
    pile,
    recruit,
    setup,
    spell,
    stats,
    sts,
    window,
)

HL, HA, NSA = "-1 Life", "-1 Attack", "No Special Abilities"


def test_set_is_eight_dual_cards_with_a_mix_of_tactics():
    from bot.games.pixel_tactics.sets import SETS

    cards = SETS["mini2"]
    assert len(cards) == 8 and all(c["set"] == "mini2" for c in cards)
    kinds = [c["tactic"]["kind"] for c in cards]
    assert (kinds.count("order"), kinds.count("operation"), kinds.count("trap")) == (4, 2, 2)
    for c in cards:
        assert 1 <= c["leader"]["attack"] <= 5 and 16 <= c["leader"]["life"] <= 24
        assert 1 <= c["hero"]["attack"] <= 5 and 2 <= c["hero"]["life"] <= 8


def test_rules_doc_lists_minipak_2_as_the_data_says():
    from bot.games.pixel_tactics.sets.listing import markdown

    assert doc_section("## Minipak 2 (8 cards)").endswith(markdown("mini2"))


# ---------------------------------------------------------------------------------------------- Hexwright


def test_hexwright_leader_action_gives_a_rival_hero_minus_2_life():
    s = setup(("hexwright", "gearsmith"), units={0: {"V1": "wayscout"}, 1: {"V0": "rallycaller"}})
    assert choices(s, 0, "leader_action", "target") == ["0:V1", "1:V0"]  # any Hero, never a Leader
    s = lead(s, "1:V0")
    assert sts(s, "1:V0") == [HL, HL] and stats(s, "1:V0")["life"] == 3
    assert not can(s, 0, {"type": "leader_action", "target": "1:V0"})


def test_hexwright_leader_action_may_hex_a_hero_of_yours():
    s = setup(("hexwright", "gearsmith"), units={0: {"V1": "wayscout"}, 1: {"V0": "rallycaller"}})
    s = lead(s, "0:V1")
    assert sts(s, "0:V1") == [HL, HL] and stats(s, "0:V1")["life"] == 2 and sts(s, "1:V0") == []
    assert s["actions_left"] == 1


def test_hexwright_vanguard_hexes_its_attacker():
    s = setup(units={0: {"V0": "wayscout"}, 1: {"V0": "hexwright"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 3 and sts(s, "0:V0") == [HL] and stats(s, "0:V0")["life"] == 3


def test_hexwright_flank_spell_and_rear_ranged():
    s = setup(wave="F", units={0: {"F0": "hexwright"}, 1: {"V0": "rallycaller"}})
    s = spell(s, "F0", "1:V0")
    assert sts(s, "1:V0") == [HL, HA]
    s = setup(units={0: {"R0": "hexwright"}})
    assert stats(s, "0:R0")["ranged"] is True


def test_hexwright_order_hexes_each_rival_hero_cancelling_a_plus_1_life():
    s = setup(hands={0: ["hexwright"]},
              units={1: {"V0": "rallycaller", "F0": {"key": "quartermaster", "statuses": ["+1 Life"]}}})
    s = order(s, "hexwright")
    assert sts(s, "1:V0") == [HL] and sts(s, "1:F0") == []  # the opposite statuses cancel


# ---------------------------------------------------------------------------------------------- Hexreaper


def test_hexreaper_leader_long_action_defeats_a_rival_hero_with_1_or_less_attack():
    s = setup(("hexreaper", "gearsmith"), actions=3,
              units={1: {"V0": {"key": "rallycaller", "statuses": [HA]}, "V1": "wayscout"}})
    assert choices(s, 0, "leader_action", "target") == ["1:V0"]  # 2-1 = 1; Wayscout has 3
    s = lead(s, "1:V0")
    assert kind(s, "1:V0") == "corpse" and s["actions_left"] == 1
    check_invariants(s)


def test_hexreaper_vanguard_has_plus_1_attack():
    s = setup(units={0: {"V0": "hexreaper"}})
    assert stats(s, "0:V0")["attack"] == 4


def test_hexreaper_flank_spell_defeats_a_rival_hero_with_minus_1_life():
    s = setup(wave="F", units={0: {"F0": "hexreaper"}, 1: {"V0": {"key": "rallycaller", "statuses": [HL]},
                                                           "V1": "wayscout"}})
    assert choices(s, 0, "spell", "target", by="F0") == ["1:V0"]
    s = spell(s, "F0", "1:V0")
    assert kind(s, "1:V0") == "corpse" and kind(s, "1:V1") == "hero"


def test_hexreaper_rear_spell_deals_2_to_a_rival_hero_with_minus_1_attack():
    s = setup(wave="R", units={0: {"R0": "hexreaper"}, 1: {"V0": {"key": "rallycaller", "statuses": [HA]},
                                                           "V1": "wayscout"}})
    assert choices(s, 0, "spell", "target", by="R0") == ["1:V0"]
    s = spell(s, "R0", "1:V0")
    assert dmg(s, "1:V0") == 2


def test_hexreaper_order_defeats_a_rival_hero_with_1_or_less_attack():
    s = setup(hands={0: ["hexreaper"]}, units={1: {"V0": "wayscout", "V1": "salvebinder"}})
    assert choices(s, 0, "order", "target") == ["1:V1"]  # Salvebinder's printed Attack is 1
    s = order(s, "hexreaper", "1:V1")
    assert kind(s, "1:V1") == "corpse" and pile(s, 0) == ["hexreaper"]


# ---------------------------------------------------------------------------------------------- Glaciarch


def test_glaciarch_leader_chills_its_attacker():
    s = setup(("gearsmith", "glaciarch"), units={0: {"V1": "lockwarden"}})
    s = attack(s, "V1", "1:L")
    assert dmg(s, "1:L") == 3 and sts(s, "0:V1") == [HA] and stats(s, "0:V1")["attack"] == 2


def test_glaciarch_vanguard_intercepts_and_takes_1_less():
    s = setup(units={0: {"V0": "wayscout"}, 1: {"V0": "glaciarch"}})
    assert stats(s, "1:V0")["intercept"] is True
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 2  # 3 - 1


def test_glaciarch_flank_spell_chills_and_draws():
    s = setup(wave="F", units={0: {"F0": "glaciarch"}, 1: {"V0": "rallycaller"}}, deck_top={0: ["wayscout"]})
    s = spell(s, "F0", "1:V0")
    assert sts(s, "1:V0") == [HA] and hand(s, 0) == ["wayscout"]


def test_glaciarch_rear_spell_chills_the_rival_leader():
    s = setup(wave="R", units={0: {"R0": "glaciarch"}, 1: {"V0": "rallycaller"}})
    assert choices(s, 0, "spell", "target", by="R0") == ["1:L"]
    before = stats(s, "1:L")["attack"]
    s = spell(s, "R0", "1:L")
    assert sts(s, "1:L") == [HA] and stats(s, "1:L")["attack"] == before - 1


def test_glaciarch_trap_hexes_a_recruited_hero():
    s = setup(hands={0: ["wayscout"]}, reserve={1: {"X0": {"key": "glaciarch"}}})
    s = recruit(s, "wayscout", "V0")
    assert window(s) == {"seat": 1, "slots": ["X0"]}
    s = activate(s, 1)
    assert sts(s, "0:V0") == ["Ranged", HA, HL]  # Wayscout's own "when recruited" first
    assert (stats(s, "0:V0")["attack"], stats(s, "0:V0")["life"]) == (2, 3)
    check_invariants(s)


# ------------------------------------------------------------------------------------------- Blightcaller


def test_blightcaller_leader_heals_when_a_rival_hero_falls():
    s = setup(("blightcaller", "gearsmith"), first=0, units={0: {"L": {"damage": 3}},
                                                             1: {"V0": {"key": "rallycaller", "damage": 5}}})
    s = end(end(s), seat=1)
    assert kind(s, "1:V0") == "corpse" and dmg(s, "0:L") == 1


def test_blightcaller_vanguard_hexes_a_random_rival_hero_at_turn_end():
    s = setup(units={0: {"V0": "blightcaller"}, 1: {"V0": "rallycaller"}})
    s = end(s)
    assert sts(s, "1:V0") == [HL]  # the only rival Hero


def test_blightcaller_flank_spell_hexes_and_heals_your_leader():
    s = setup(wave="F", units={0: {"F0": "blightcaller", "L": {"damage": 2}}, 1: {"V0": "rallycaller"}})
    s = spell(s, "F0", "1:V0")
    assert sts(s, "1:V0") == [HL] and dmg(s, "0:L") == 1


def test_blightcaller_rear_spell_hexes_the_rival_leader():
    s = setup(wave="R", units={0: {"R0": "blightcaller"}})
    before = stats(s, "1:L")["life"]
    s = spell(s, "R0", "1:L")
    assert sts(s, "1:L") == [HL] and stats(s, "1:L")["life"] == before - 1


def test_blightcaller_operation_hexes_a_random_rival_hero_at_turn_end():
    s = setup(hands={0: ["blightcaller"]}, units={1: {"V0": "rallycaller"}})
    s = operation(s, "blightcaller")
    assert sts(s, "1:V0") == []
    s = end(s)
    assert sts(s, "1:V0") == [HL]
    assert s["players"][0]["reserve"][0]["timers"] == 3


# --------------------------------------------------------------------------------------------- Nullwarden


def test_nullwarden_free_leader_action_hexes_a_rival_hero():
    s = setup(("nullwarden", "gearsmith"), units={0: {"V0": "wayscout"}, 1: {"F0": "quartermaster"}})
    assert choices(s, 0, "leader_action", "target") == ["0:V0", "1:F0"]  # any Hero
    s = lead(s, "1:F0")
    assert sts(s, "1:F0") == [HL] and stats(s, "1:F0")["life"] == 4  # 5 - 1; no longer [No Special Abilities]
    assert s["actions_left"] == 2  # free: no action spent
    assert not can(s, 0, {"type": "leader_action", "target": "0:V0"})  # limited


def test_nullwarden_free_leader_action_may_target_a_hero_of_yours():
    s = setup(("nullwarden", "gearsmith"), units={0: {"V0": "wayscout"}, 1: {"F0": "quartermaster"}})
    s = lead(s, "0:V0")
    assert sts(s, "0:V0") == [HL] and stats(s, "0:V0")["life"] == 3 and sts(s, "1:F0") == []
    assert s["actions_left"] == 2


def test_nullwarden_vanguard_intercepts_and_rival_orders_cannot_target_it():
    s = setup(turn=1, hands={1: ["hexfencer"]}, units={0: {"V0": "nullwarden", "V1": "rallycaller"}})
    assert stats(s, "0:V0")["intercept"] is True
    assert choices(s, 1, "order", "target", card=card_id(1, "hexfencer")) == ["0:V1"]


def test_nullwarden_flank_spell_silences_and_hexes():
    s = setup(wave="F", units={0: {"F0": "nullwarden"}, 1: {"V0": "rallycaller"}})
    s = spell(s, "F0", "1:V0")
    assert sts(s, "1:V0") == [NSA, HL]


def test_nullwarden_rear_spell_defeats_a_silenced_hero_with_3_or_less_life_left():
    s = setup(wave="R", units={0: {"R0": "nullwarden"},
                               1: {"V0": {"key": "rallycaller", "statuses": [NSA], "damage": 2},
                                   "V1": {"key": "wayscout", "statuses": [NSA]},
                                   "V2": {"key": "quartermaster", "damage": 4}}})
    assert choices(s, 0, "spell", "target", by="R0") == ["1:V0"]  # 5-2 = 3 left; 4 left; no status
    s = spell(s, "R0", "1:V0")
    assert kind(s, "1:V0") == "corpse"


def test_nullwarden_trap_gives_a_damaged_hero_plus_2_life():
    s = setup(units={0: {"V0": "wayscout"}, 1: {"V0": "rallycaller"}}, reserve={1: {"X0": {"key": "nullwarden"}}})
    s = attack(s, "V0", "1:V0")
    assert window(s) == {"seat": 1, "slots": []}  # asked about the attack too (nothing to answer it)
    s = decline(s, 1)
    assert dmg(s, "1:V0") == 3 and window(s) == {"seat": 1, "slots": ["X0"]}
    s = activate(s, 1)
    assert sts(s, "1:V0") == ["+1 Life", "+1 Life"] and stats(s, "1:V0")["life"] == 7
    check_invariants(s)


# ---------------------------------------------------------------------------------------------- Hexfencer


def test_hexfencer_leader_attack_gives_the_target_minus_1_attack():
    s = setup(("hexfencer", "gearsmith"), wave="F", units={1: {"V0": "rallycaller"}})
    s = attack(s, "L", "1:V0")
    assert dmg(s, "1:V0") == 4 and sts(s, "1:V0") == [HA]


def test_hexfencer_vanguard_attack_silences_the_target():
    s = setup(units={0: {"V0": "hexfencer"}, 1: {"V0": "lockwarden"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 4 and sts(s, "1:V0") == [NSA] and stats(s, "1:V0")["intercept"] is False


def test_hexfencer_flank_spell_hits_a_weak_hero_and_rear_is_ranged():
    s = setup(wave="F", units={0: {"F0": "hexfencer"}, 1: {"V0": "rallycaller", "V1": "wayscout"}})
    assert choices(s, 0, "spell", "target", by="F0") == ["1:V0"]  # Attack 2; Wayscout has 3
    s = spell(s, "F0", "1:V0")
    assert dmg(s, "1:V0") == 2
    assert stats(setup(units={0: {"R0": "hexfencer"}}), "0:R0")["ranged"] is True


def test_hexfencer_order_silences_and_weakens():
    s = setup(hands={0: ["hexfencer"]}, units={1: {"V0": "rallycaller"}})
    s = order(s, "hexfencer", "1:V0")
    assert sts(s, "1:V0") == [NSA, HA] and stats(s, "1:V0")["attack"] == 1


# --------------------------------------------------------------------------------------------- Sigilsmith


def test_sigilsmith_leader_action_cleanses_and_mends_a_hero_of_yours():
    s = setup(("sigilsmith", "gearsmith"), units={0: {"V0": {"key": "rallycaller", "statuses": [HL, HA],
                                                             "damage": 3}},
                                                  1: {"V0": {"key": "wayscout", "statuses": ["+1 Attack"]}}})
    assert choices(s, 0, "leader_action", "target") == ["0:V0"]
    s = lead(s, "0:V0")
    assert sts(s, "0:V0") == [] and dmg(s, "0:V0") == 1 and stats(s, "0:V0")["attack"] == 2


def test_sigilsmith_vanguard_intercepts():
    assert stats(setup(units={0: {"V0": "sigilsmith"}}), "0:V0")["intercept"] is True


def test_sigilsmith_flank_spell_cleanses_then_gives_plus_1_life():
    s = setup(wave="F", units={0: {"F0": "sigilsmith", "V0": {"key": "rallycaller", "statuses": [HL, HA]}}})
    s = spell(s, "F0", "0:V0")
    assert sts(s, "0:V0") == ["+1 Life"] and stats(s, "0:V0")["life"] == 6


def test_sigilsmith_rear_spell_gives_plus_2_life():
    s = setup(wave="R", units={0: {"R0": "sigilsmith", "V0": "rallycaller"}})
    s = spell(s, "R0", "0:V0")
    assert stats(s, "0:V0")["life"] == 7


def test_sigilsmith_operation_gives_rival_heroes_minus_1_attack():
    s = setup(hands={0: ["sigilsmith"]}, units={0: {"V0": "wayscout"}, 1: {"V0": "rallycaller"}})
    s = operation(s, "sigilsmith")
    assert stats(s, "1:V0")["attack"] == 1 and stats(s, "0:V0")["attack"] == 3


# ----------------------------------------------------------------------------------------------- Bogcrone


def test_bogcrone_leader_weakens_a_random_rival_hero_after_it_attacks():
    s = setup(("bogcrone", "gearsmith"), wave="F", units={1: {"V0": "rallycaller"}})
    s = attack(s, "L", "1:L")
    assert dmg(s, "1:L") == 3 and sts(s, "1:V0") == [HA] and stats(s, "1:V0")["attack"] == 1


def test_bogcrone_leader_does_nothing_at_turn_end():
    s = setup(("bogcrone", "gearsmith"), units={1: {"V0": "rallycaller"}})
    s = end(s)
    assert sts(s, "1:V0") == [] and s["turn"] == 1


def test_bogcrone_vanguard_recruit_hexes_a_random_rival_hero_twice():
    s = setup(hands={0: ["bogcrone"]}, units={1: {"V0": "rallycaller"}})
    s = recruit(s, "bogcrone", "V0")
    assert sts(s, "1:V0") == [HL, HL] and stats(s, "1:V0")["life"] == 3


def test_bogcrone_flank_spell_gives_minus_2_attack():
    s = setup(wave="F", units={0: {"F0": "bogcrone"}, 1: {"V0": "wayscout"}})
    s = spell(s, "F0", "1:V0")
    assert sts(s, "1:V0") == [HA, HA] and stats(s, "1:V0")["attack"] == 1


def test_bogcrone_rear_spell_hexes_only_a_weakened_hero():
    s = setup(wave="R", units={0: {"R0": "bogcrone"}, 1: {"V0": {"key": "rallycaller", "statuses": [HA]},
                                                          "V1": "wayscout"}})
    assert choices(s, 0, "spell", "target", by="R0") == ["1:V0"]
    s = spell(s, "R0", "1:V0")
    assert sts(s, "1:V0") == [HA, HL, HL] and stats(s, "1:V0")["life"] == 3


def test_bogcrone_order_gives_minus_2_attack_and_minus_1_life():
    s = setup(hands={0: ["bogcrone"]}, units={1: {"V0": "wayscout"}})
    s = order(s, "bogcrone", "1:V0")
    assert sts(s, "1:V0") == [HA, HA, HL]
    assert (stats(s, "1:V0")["attack"], stats(s, "1:V0")["life"]) == (1, 3)
