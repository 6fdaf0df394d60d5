"""Minipak 1 ("Hired Hands"): every side, power and tactic of its 8 cards does what its text says.

Positions come from ``scenario.build`` (the mini cards replace unplaced core cards in both mirror decks).
Fillers are Minipak cards whose placed powers are silent: Rallycaller (only "when recruited" powers) and
the quiet core Leaders (Leader actions only). Expected values are worked out by hand in the comments.
"""

from bot.games.pixel_tactics.sets import card_def
from tests.games.pt_card_helpers import (
    act,
    activate,
    attack,
    can,
    check_invariants,
    choices,
    dmg,
    doc_section,
    end,
    hand,
    hand_size,
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


def test_set_is_eight_dual_cards_with_a_mix_of_tactics():
    from bot.games.pixel_tactics.sets import SETS

    cards = SETS["mini1"]
    assert len(cards) == 8 and all(c["set"] == "mini1" for c in cards)
    kinds = [c["tactic"]["kind"] for c in cards]
    assert (kinds.count("order"), kinds.count("operation"), kinds.count("trap")) == (5, 1, 2)
    for c in cards:
        assert 1 <= c["leader"]["attack"] <= 5 and 15 <= c["leader"]["life"] <= 24  # Salvebinder 2/15
        assert 1 <= c["hero"]["attack"] <= 5 and 2 <= c["hero"]["life"] <= 8


def test_rules_doc_lists_minipak_1_as_the_data_says():
    from bot.games.pixel_tactics.sets.listing import markdown

    assert doc_section("## Minipak 1 (8 cards)").endswith(markdown("mini1"))


# ------------------------------------------------------------------------------------------ Quartermaster


def test_quartermaster_leader_draws_when_a_hero_of_yours_is_defeated():
    s = setup(("quartermaster", "gearsmith"), first=0, units={0: {"V0": {"key": "rallycaller", "damage": 5}}},
              deck_top={0: ["salvebinder"]})
    s = end(end(s), seat=1)  # the Vanguard wave ends: casualties
    assert kind(s, "0:V0") == "corpse"
    assert hand(s, 0) == ["salvebinder"]  # 0 -> 1 card
    check_invariants(s)


def test_quartermaster_vanguard_gives_its_supporter_plus_1_life():
    s = setup(units={0: {"V0": "quartermaster", "F0": "rallycaller"}})
    assert stats(s, "0:F0")["life"] == 6  # 5 + 1
    assert stats(s, "0:V0")["life"] == 5


def test_quartermaster_flank_spell_draws_and_gives_a_hero_plus_1_life():
    s = setup(wave="F", units={0: {"F0": "quartermaster", "V0": "rallycaller"}}, deck_top={0: ["wayscout"]})
    assert choices(s, 0, "spell", "target", by="F0") == ["0:F0", "0:V0"]
    s = spell(s, "F0", "0:V0")
    assert hand(s, 0) == ["wayscout"]
    assert sts(s, "0:V0") == ["+1 Life"] and stats(s, "0:V0")["life"] == 6


def test_quartermaster_rear_spell_grows_the_hand_size_and_draws():
    s = setup(wave="R", units={0: {"R0": "quartermaster"}}, deck_top={0: ["wayscout"]})
    assert hand_size(s, 0) == 5
    s = spell(s, "R0")
    assert hand_size(s, 0) == 6 and hand(s, 0) == ["wayscout"]


def test_quartermaster_order_draws_2_and_gives_each_hero_plus_1_life():
    s = setup(hands={0: ["quartermaster"]}, units={0: {"V0": "rallycaller", "F0": "salvebinder"}},
              deck_top={0: ["wayscout", "lockwarden"]})
    s = order(s, "quartermaster")
    assert hand(s, 0) == ["wayscout", "lockwarden"]
    assert stats(s, "0:V0")["life"] == 6 and stats(s, "0:F0")["life"] == 7  # 5+1, 6+1
    assert pile(s, 0) == ["quartermaster"]


# -------------------------------------------------------------------------------------------- Lockwarden


def test_lockwarden_leader_vanguard_heroes_take_1_less_damage():
    s = setup(("gearsmith", "lockwarden"), units={0: {"V0": "wayscout"}, 1: {"V0": "rallycaller",
                                                                            "F0": "quartermaster"}})
    assert stats(s, "1:V0")["reduce"] == 1 and stats(s, "1:F0")["reduce"] == 0
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 2  # Wayscout 3 - 1


def test_lockwarden_hero_rows_intercept_and_protect():
    s = setup(units={0: {"V0": "lockwarden"}})
    assert stats(s, "0:V0")["intercept"] is True
    s = setup(units={0: {"F0": "lockwarden", "R0": "rallycaller"}})
    assert stats(s, "0:R0")["reduce"] == 1 and stats(s, "0:F0")["intercept"] is False
    s = setup(units={0: {"R0": "lockwarden", "F0": "rallycaller"}})
    assert stats(s, "0:F0")["intercept"] is True and stats(s, "0:R0")["intercept"] is False


def test_lockwarden_trap_gives_the_attacker_minus_2_attack_before_it_hits():
    s = setup(units={0: {"V0": "wayscout"}, 1: {"V0": "rallycaller"}}, reserve={1: {"X0": {"key": "lockwarden"}}})
    s = attack(s, "V0", "1:V0")
    assert window(s) == {"seat": 1, "slots": ["X0"]}
    s = activate(s, 1)
    assert sts(s, "0:V0") == ["-1 Attack", "-1 Attack"]
    assert dmg(s, "1:V0") == 1  # 3 - 2
    assert pile(s, 1) == ["lockwarden"]
    check_invariants(s)


# ------------------------------------------------------------------------------------------- Salvebinder


def test_salvebinder_leader_takes_1_less_damage_from_attacks():
    units = {0: {"V0": "wayscout"}}
    hit = attack(setup(("gearsmith", "salvebinder"), units=units), "V0", "1:L")
    plain = attack(setup(("gearsmith", "starseer"), units=units), "V0", "1:L")  # the same attack on a plain Leader
    assert dmg(plain, "1:L") == card_def("wayscout")["hero"]["attack"] == 3  # Wayscout's Hero: 3 Attack
    assert dmg(hit, "1:L") == 3 - 1


def test_salvebinder_vanguard_heals_your_leader_when_attacked():
    s = setup(units={0: {"V0": "wayscout"}, 1: {"V0": "salvebinder", "L": {"damage": 3}}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 3 and dmg(s, "1:L") == 2


def test_salvebinder_flank_spell_heals_2_and_gives_plus_1_life():
    s = setup(("gearsmith", "starseer"), wave="F", units={0: {"F0": "salvebinder", "L": {"damage": 4}}})
    life = stats(s, "0:L")["life"]
    s = spell(s, "F0", "0:L")
    assert dmg(s, "0:L") == 2 and sts(s, "0:L") == ["+1 Life"] and stats(s, "0:L")["life"] == life + 1


def test_salvebinder_rear_spell_heals_1_from_leader_and_each_hero():
    s = setup(wave="R", units={0: {"R0": "salvebinder", "L": {"damage": 2},
                                   "V0": {"key": "rallycaller", "damage": 3}}})
    s = spell(s, "R0")
    assert (dmg(s, "0:L"), dmg(s, "0:V0"), dmg(s, "0:R0")) == (1, 2, 0)


def test_salvebinder_order_removes_3_damage_from_each_hero():
    s = setup(hands={0: ["salvebinder"]}, units={0: {"L": {"damage": 4}, "V0": {"key": "rallycaller", "damage": 4},
                                                     "F0": {"key": "wayscout", "damage": 2}}})
    s = order(s, "salvebinder")
    assert (dmg(s, "0:V0"), dmg(s, "0:F0"), dmg(s, "0:L")) == (1, 0, 4)


# ---------------------------------------------------------------------------------------------- Wayscout


def test_wayscout_leader_gives_flank_heroes_ranged():
    s = setup(("wayscout", "gearsmith"), units={0: {"F0": "rallycaller", "V0": "quartermaster"}})
    assert stats(s, "0:F0")["ranged"] is True and stats(s, "0:V0")["ranged"] is False


def test_wayscout_vanguard_gains_ranged_when_recruited():
    s = setup(hands={0: ["wayscout"]})
    s = recruit(s, "wayscout", "V0")
    assert sts(s, "0:V0") == ["Ranged"] and stats(s, "0:V0")["ranged"] is True


def test_wayscout_flank_is_ranged():
    s = setup(units={0: {"F0": "wayscout"}})
    assert stats(s, "0:F0")["ranged"] is True


def test_wayscout_rear_ranged_attack_gives_the_target_minus_1_attack():
    s = setup(wave="R", units={0: {"R0": "wayscout"}, 1: {"V0": "rallycaller", "R1": "quartermaster"}})
    assert choices(s, 0, "attack", "target", by="R0") == ["1:L", "1:R1", "1:V0"]
    s = attack(s, "R0", "1:R1")
    assert dmg(s, "1:R1") == 3 and sts(s, "1:R1") == ["-1 Attack"] and stats(s, "1:R1")["attack"] == 1


def test_wayscout_order_gives_a_hero_of_yours_ranged_and_plus_1_attack():
    s = setup(hands={0: ["wayscout"]}, units={0: {"V0": "rallycaller"}})
    s = order(s, "wayscout", "0:V0")
    assert sts(s, "0:V0") == ["Ranged", "+1 Attack"]
    assert stats(s, "0:V0")["attack"] == 3 and stats(s, "0:V0")["ranged"] is True


# ------------------------------------------------------------------------------------------ Spur Captain


def test_spurcaptain_leader_action_gives_each_hero_of_yours_plus_1_attack_once_per_turn():
    s = setup(("spurcaptain", "gearsmith"), units={0: {"V0": "rallycaller", "R2": "wayscout"},
                                                   1: {"V0": "quartermaster"}})
    assert choices(s, 0, "leader_action", "target") == [None]
    s = lead(s)
    assert sts(s, "0:V0") == ["+1 Attack"] and sts(s, "0:R2") == ["+1 Attack"]
    assert (stats(s, "0:V0")["attack"], stats(s, "0:V0")["life"], stats(s, "0:R2")["attack"]) == (3, 5, 4)
    assert sts(s, "1:V0") == [] and sts(s, "0:L") == [] and s["actions_left"] == 1  # Heroes of yours only
    assert not can(s, 0, {"type": "leader_action", "target": None})


def test_spurcaptain_vanguard_attack_gives_its_supporter_plus_1_attack():
    s = setup(units={0: {"V0": "spurcaptain", "F0": "rallycaller"}, 1: {"V0": "quartermaster"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 3 and sts(s, "0:F0") == ["+1 Attack"]


def test_spurcaptain_flank_gives_its_forerunner_plus_1_attack():
    s = setup(units={0: {"F0": "spurcaptain", "V0": "rallycaller"}})
    assert stats(s, "0:V0")["attack"] == 3


def test_spurcaptain_rear_spell_gives_plus_1_attack_and_ranged():
    s = setup(wave="R", units={0: {"R0": "spurcaptain", "V0": "rallycaller"}})
    s = spell(s, "R0", "0:V0")
    assert sts(s, "0:V0") == ["+1 Attack", "Ranged"]
    assert stats(s, "0:V0")["attack"] == 3 and stats(s, "0:V0")["ranged"] is True


def test_spurcaptain_operation_gives_vanguard_heroes_plus_1_attack():
    s = setup(hands={0: ["spurcaptain"]}, units={0: {"V0": "rallycaller", "F0": "wayscout"}})
    s = operation(s, "spurcaptain")
    assert stats(s, "0:V0")["attack"] == 3 and stats(s, "0:F0")["attack"] == 3  # 2+1; Flank unchanged


# ------------------------------------------------------------------------------------------ Whisperknife


def test_whisperknife_leader_silences_its_attacker():
    s = setup(("gearsmith", "whisperknife"), units={0: {"V1": "lockwarden"}})
    assert stats(s, "0:V1")["intercept"] is True
    s = attack(s, "V1", "1:L")
    assert dmg(s, "1:L") == 3
    assert sts(s, "0:V1") == ["No Special Abilities"] and stats(s, "0:V1")["intercept"] is False


def test_whisperknife_vanguard_makes_the_attacking_rival_discard():
    s = setup(units={0: {"V0": "wayscout"}, 1: {"V0": "whisperknife"}}, hands={0: ["salvebinder", "lockwarden"]})
    s = attack(s, "V0", "1:V0")
    assert len(hand(s, 0)) == 1 and len(pile(s, 0)) == 1  # seat 0 is the Rival of the Hero's owner
    check_invariants(s)


def test_whisperknife_flank_spell_strips_statuses_then_deals_1():
    s = setup(wave="F", units={0: {"F0": "whisperknife"},
                               1: {"V0": {"key": "rallycaller", "statuses": ["+1 Attack", "Ranged"]}}})
    s = spell(s, "F0", "1:V0")
    assert sts(s, "1:V0") == [] and dmg(s, "1:V0") == 1


def test_whisperknife_rear_ranged_attack_makes_the_rival_discard():
    s = setup(wave="R", units={0: {"R0": "whisperknife"}, 1: {"V0": "rallycaller"}},
              hands={1: ["salvebinder", "lockwarden"]})
    assert stats(s, "0:R0")["ranged"] is True
    s = attack(s, "R0", "1:V0")
    assert dmg(s, "1:V0") == 3 and len(hand(s, 1)) == 1 and len(pile(s, 1)) == 1


def test_whisperknife_order_rival_discards_and_you_draw():
    s = setup(hands={0: ["whisperknife"], 1: ["salvebinder", "lockwarden"]}, deck_top={0: ["wayscout"]})
    s = order(s, "whisperknife")
    assert hand(s, 0) == ["wayscout"] and len(hand(s, 1)) == 1 and len(pile(s, 1)) == 1


# ------------------------------------------------------------------------------------------ Grievewarden


def test_grievewarden_leader_hurts_a_random_rival_hero_when_a_hero_of_yours_falls():
    s = setup(("grievewarden", "gearsmith"), first=0, units={0: {"V0": {"key": "rallycaller", "damage": 5}},
                                                             1: {"V0": "quartermaster"}})
    s = end(end(s), seat=1)
    assert kind(s, "0:V0") == "corpse" and dmg(s, "1:V0") == 1  # the only rival Hero (content 4)
    assert dmg(s, "1:L") == 0


def test_grievewarden_vanguard_hurts_the_rival_leader_when_attacked():
    s = setup(units={0: {"V0": "wayscout"}, 1: {"V0": "grievewarden"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 3 and dmg(s, "0:L") == 1


def test_grievewarden_flank_deals_2_to_a_random_rival_hero_when_an_ally_falls():
    s = setup(first=0, units={0: {"F0": "grievewarden", "V0": {"key": "rallycaller", "damage": 5}},
                              1: {"V0": "quartermaster"}})
    s = end(end(s), seat=1)
    assert kind(s, "0:V0") == "corpse"
    assert dmg(s, "1:V0") == 2  # the only rival Hero


def test_grievewarden_rear_spell_deals_2_to_the_rival_leader():
    s = setup(wave="R", units={0: {"R0": "grievewarden"}})
    s = spell(s, "R0")
    assert dmg(s, "1:L") == 2


def test_grievewarden_trap_answers_a_defeated_hero():
    s = setup(first=0, units={1: {"V0": {"key": "rallycaller", "damage": 5}}},
              reserve={1: {"X0": {"key": "grievewarden"}}}, deck_top={1: ["wayscout"]})
    s = end(end(s), seat=1)  # casualty check: seat 1's Rallycaller falls
    assert kind(s, "1:V0") == "corpse" and window(s) == {"seat": 1, "slots": ["X0"]}
    s = activate(s, 1)
    assert dmg(s, "0:L") == 2 and hand(s, 1) == ["wayscout"]
    check_invariants(s)


# ------------------------------------------------------------------------------------------- Rallycaller


def test_rallycaller_leader_action_draws_a_card_once_per_turn():
    s = setup(("rallycaller", "gearsmith"), deck_top={0: ["wayscout"]})
    s = lead(s)
    assert hand(s, 0) == ["wayscout"] and s["actions_left"] == 1
    assert not can(s, 0, {"type": "leader_action", "target": None})


def test_rallycaller_vanguard_recruit_gives_the_action_back():
    s = setup(hands={0: ["rallycaller"]})
    s = recruit(s, "rallycaller", "V0")
    assert s["actions_left"] == 2  # 2 - 1 + 1


def test_rallycaller_flank_recruit_draws_a_card():
    s = setup(wave="F", hands={0: ["rallycaller"]}, deck_top={0: ["wayscout"]})
    s = recruit(s, "rallycaller", "F0")
    assert hand(s, 0) == ["wayscout"] and s["actions_left"] == 1


def test_rallycaller_rear_recruit_gives_its_forerunner_plus_1_attack():
    s = setup(wave="R", hands={0: ["rallycaller"]}, units={0: {"F0": "wayscout"}})
    s = recruit(s, "rallycaller", "R0")
    assert sts(s, "0:F0") == ["+1 Attack"] and stats(s, "0:F0")["attack"] == 4


def test_rallycaller_order_gains_an_action_and_draws():
    s = setup(hands={0: ["rallycaller"]}, deck_top={0: ["wayscout"]})
    s = order(s, "rallycaller")
    assert s["actions_left"] == 2 and hand(s, 0) == ["wayscout"]
    s = act(s, 0, {"type": "end"})
    check_invariants(s)
