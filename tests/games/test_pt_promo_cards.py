"""The Promo deck: every side, power and tactic of its 14 cards does what its text says.

Positions come from ``scenario.build`` (Promo cards placed without the Promo option replace unplaced core
cards in the mirror decks, like any other set's cards). Fillers are Minipak 1 cards with silent placed
powers (Rallycaller 2/5, Wayscout 3/4 outside the Rear, Quartermaster 2/5 outside the Vanguard).
"""

from tests.games.pt_card_helpers import (
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
    setup,
    spell,
    stats,
    sts,
    window,
)

NSA = "No Special Abilities"


def test_promo_deck_has_12_to_14_dual_cards_and_traps_on_four_triggers():
    from bot.games.pixel_tactics.sets import SETS

    cards = SETS["promo"]
    assert 12 <= len(cards) <= 14 and all(c["set"] == "promo" for c in cards)
    kinds = [c["tactic"]["kind"] for c in cards]
    assert (kinds.count("order"), kinds.count("operation"), kinds.count("trap")) == (7, 3, 4)
    triggers = {c["tactic"]["trigger"] for c in cards if c["tactic"]["kind"] == "trap"}
    assert triggers == {"rival_spell", "rival_order", "rival_spell_or_order", "rival_trap"}
    for c in cards:
        assert 1 <= c["leader"]["attack"] <= 5 and 16 <= c["leader"]["life"] <= 24
        assert 1 <= c["hero"]["attack"] <= 5 and 2 <= c["hero"]["life"] <= 8


def test_my_traps_cover_every_trap_trigger():
    from bot.games.pixel_tactics import vocab
    from bot.games.pixel_tactics.sets import SETS

    mine = SETS["mini1"] + SETS["mini2"] + SETS["promo"]
    assert {c["tactic"]["trigger"] for c in mine if c["tactic"]["kind"] == "trap"} == set(vocab.TRAP_TRIGGERS)


def test_rules_doc_lists_the_promos_as_the_data_says():
    from bot.games.pixel_tactics.sets import SETS
    from bot.games.pixel_tactics.sets.listing import markdown

    assert doc_section(f"## Promos ({len(SETS['promo'])} cards)").endswith(markdown("promo"))


# --------------------------------------------------------------------------------------------- Bloodsworn


def test_bloodsworn_leader_free_action_trades_2_life_for_an_action():
    s = setup(("bloodsworn", "gearsmith"))
    s = lead(s)
    assert dmg(s, "0:L") == 2 and s["actions_left"] == 3  # free, then +1
    assert not can(s, 0, {"type": "leader_action", "target": None})  # limited


def test_bloodsworn_vanguard_hits_for_6_and_hurts_itself():
    s = setup(units={0: {"V0": "bloodsworn"}, 1: {"V0": "rallycaller"}})
    assert stats(s, "0:V0")["attack"] == 6
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 6 and dmg(s, "0:V0") == 1


def test_bloodsworn_flank_spell_hurts_itself_and_rallies_every_hero():
    s = setup(wave="F", units={0: {"F0": "bloodsworn", "V0": "rallycaller"}})
    s = spell(s, "F0")
    assert dmg(s, "0:F0") == 2
    assert sts(s, "0:V0") == ["+1 Attack"] and sts(s, "0:F0") == ["+1 Attack"]


def test_bloodsworn_rear_spell_pays_2_life_for_2_cards():
    s = setup(wave="R", units={0: {"R0": "bloodsworn"}}, deck_top={0: ["wayscout", "lockwarden"]})
    s = spell(s, "R0")
    assert dmg(s, "0:L") == 2 and hand(s, 0) == ["wayscout", "lockwarden"]


def test_bloodsworn_order_pays_3_life_for_3_actions():
    s = setup(hands={0: ["bloodsworn"]})
    s = order(s, "bloodsworn")
    assert dmg(s, "0:L") == 3 and s["actions_left"] == 4  # 2 - 1 + 3


# ----------------------------------------------------------------------------------------------- Hoardmaw


def test_hoardmaw_leader_hand_sizes_8_and_6():
    s = setup(("hoardmaw", "gearsmith"))
    assert (hand_size(s, 0), hand_size(s, 1)) == (8, 6)


def test_hoardmaw_vanguard_grows_your_hand_size():
    assert hand_size(setup(units={0: {"V0": "hoardmaw"}}), 0) == 6


def test_hoardmaw_flank_spell_draws_3_and_shrinks_the_hand_size():
    s = setup(wave="F", units={0: {"F0": "hoardmaw"}}, deck_top={0: ["wayscout", "lockwarden", "salvebinder"]})
    s = spell(s, "F0")
    assert hand(s, 0) == ["wayscout", "lockwarden", "salvebinder"] and hand_size(s, 0) == 4


def test_hoardmaw_rear_spell_draws_2_and_the_rival_1():
    s = setup(wave="R", units={0: {"R0": "hoardmaw"}}, deck_top={0: ["wayscout", "lockwarden"], 1: ["salvebinder"]})
    s = spell(s, "R0")
    assert hand(s, 0) == ["wayscout", "lockwarden"] and hand(s, 1) == ["salvebinder"]


def test_hoardmaw_order_discards_3_random_then_draws_4():
    s = setup(hands={0: ["hoardmaw", "wayscout", "lockwarden", "salvebinder"]},
              deck_top={0: ["rallycaller", "quartermaster", "whisperknife", "grievewarden"]})
    s = order(s, "hoardmaw")
    assert hand(s, 0) == ["rallycaller", "quartermaster", "whisperknife", "grievewarden"]
    assert sorted(pile(s, 0)) == ["hoardmaw", "lockwarden", "salvebinder", "wayscout"]
    check_invariants(s)


# --------------------------------------------------------------------------------------------- Dicemonger


def test_dicemonger_leader_action_deals_1_three_times_at_random():
    s = setup(("dicemonger", "gearsmith"), units={1: {"V0": "rallycaller", "V1": "wayscout"}})
    s = lead(s)
    assert dmg(s, "1:V0") + dmg(s, "1:V1") == 3 and s["actions_left"] == 1
    assert not can(s, 0, {"type": "leader_action", "target": None})


def test_dicemonger_vanguard_answers_an_attack_with_2_damage_at_random():
    s = setup(units={0: {"V0": "wayscout"}, 1: {"V0": "dicemonger"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 3 and dmg(s, "0:V0") == 2  # the only rival Hero of the Dicemonger's owner


def test_dicemonger_flank_spell_deals_3_at_random():
    s = setup(wave="F", units={0: {"F0": "dicemonger"}, 1: {"V0": "rallycaller"}})
    s = spell(s, "F0")
    assert dmg(s, "1:V0") == 3


def test_dicemonger_rear_spell_each_player_discards_then_draws():
    s = setup(wave="R", units={0: {"R0": "dicemonger"}}, hands={0: ["wayscout"], 1: ["lockwarden"]},
              deck_top={0: ["salvebinder"], 1: ["rallycaller"]})
    s = spell(s, "R0")
    assert (hand(s, 0), pile(s, 0)) == (["salvebinder"], ["wayscout"])
    assert (hand(s, 1), pile(s, 1)) == (["rallycaller"], ["lockwarden"])


def test_dicemonger_order_deals_2_three_times_at_random():
    s = setup(hands={0: ["dicemonger"]}, units={1: {"V0": "rallycaller", "V1": "lockwarden"}})
    s = order(s, "dicemonger")
    hits = (dmg(s, "1:V0"), dmg(s, "1:V1"))
    assert sum(hits) == 6 and all(h % 2 == 0 for h in hits)


# -------------------------------------------------------------------------------------------- Glasshammer


def test_glasshammer_leader_heroes_plus_2_attack_minus_2_life():
    s = setup(("glasshammer", "gearsmith"), units={0: {"V0": "rallycaller"}, 1: {"V0": "wayscout"}})
    assert (stats(s, "0:V0")["attack"], stats(s, "0:V0")["life"]) == (4, 3)
    assert (stats(s, "1:V0")["attack"], stats(s, "1:V0")["life"]) == (3, 4)  # the rival's are unchanged


def test_glasshammer_vanguard_and_rear():
    s = setup(units={0: {"V0": "glasshammer"}})
    assert stats(s, "0:V0")["attack"] == 5
    assert stats(setup(units={0: {"R0": "glasshammer"}}), "0:R0")["ranged"] is True


def test_glasshammer_flank_spell_deals_4_and_takes_2():
    s = setup(wave="F", units={0: {"F0": "glasshammer"}, 1: {"V0": "rallycaller"}})
    s = spell(s, "F0", "1:V0")
    assert dmg(s, "1:V0") == 4 and dmg(s, "0:F0") == 2


def test_glasshammer_order_gives_each_hero_plus_2_attack_minus_1_life():
    s = setup(hands={0: ["glasshammer"]}, units={0: {"V0": "rallycaller", "F0": "wayscout"}})
    s = order(s, "glasshammer")
    assert sts(s, "0:V0") == ["+1 Attack", "+1 Attack", "-1 Life"]
    assert (stats(s, "0:V0")["attack"], stats(s, "0:V0")["life"]) == (4, 4)
    assert (stats(s, "0:F0")["attack"], stats(s, "0:F0")["life"]) == (5, 3)


# -------------------------------------------------------------------------------------------- Peacebinder


def test_peacebinder_leader_weakens_every_hero_on_both_sides():
    s = setup(("peacebinder", "gearsmith"), units={0: {"V0": "wayscout"}, 1: {"V0": "rallycaller"}})
    assert stats(s, "0:V0")["attack"] == 2 and stats(s, "1:V0")["attack"] == 1


def test_peacebinder_vanguard_takes_2_less_damage():
    s = setup(units={0: {"V0": "wayscout"}, 1: {"V0": "peacebinder"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 1


def test_peacebinder_flank_spell_calms_and_heals_any_hero():
    s = setup(wave="F", units={0: {"F0": "peacebinder"}, 1: {"V0": {"key": "wayscout", "damage": 3}}})
    s = spell(s, "F0", "1:V0")
    assert sts(s, "1:V0") == ["-1 Attack", "-1 Attack"] and dmg(s, "1:V0") == 1


def test_peacebinder_rear_spell_heals_2_from_each_hero():
    s = setup(wave="R", units={0: {"R0": "peacebinder", "V0": {"key": "rallycaller", "damage": 3},
                                   "F0": {"key": "wayscout", "damage": 1}}})
    s = spell(s, "R0")
    assert (dmg(s, "0:V0"), dmg(s, "0:F0")) == (1, 0)


def test_peacebinder_trap_cancels_a_spell_and_each_player_draws():
    s = setup(wave="R", units={0: {"R0": "quartermaster"}}, reserve={1: {"X0": {"key": "peacebinder"}}},
              deck_top={0: ["wayscout"], 1: ["lockwarden"]})
    s = spell(s, "R0")
    assert window(s) == {"seat": 1, "slots": ["X0"]}
    s = activate(s, 1)
    assert hand_size(s, 0) == 5  # Quartermaster's +1 was cancelled
    assert hand(s, 0) == ["wayscout"] and hand(s, 1) == ["lockwarden"]
    check_invariants(s)


# ---------------------------------------------------------------------------------------------- Doomclock


def test_doomclock_leader_burns_rival_heroes_both_leaders_at_turn_end():
    s = setup(("doomclock", "gearsmith"), units={1: {"V0": "rallycaller", "F0": "wayscout"}})
    s = end(s)
    assert (dmg(s, "1:V0"), dmg(s, "1:F0"), dmg(s, "1:L"), dmg(s, "0:L")) == (1, 1, 1, 1)


def test_doomclock_vanguard_turn_end_1_to_itself_2_to_a_random_rival_hero():
    s = setup(units={0: {"V0": "doomclock"}, 1: {"V0": "rallycaller"}})
    s = end(s)
    assert (dmg(s, "0:V0"), dmg(s, "1:V0")) == (1, 2)


def test_doomclock_flank_turn_end_1_to_each_rival_hero_and_itself():
    s = setup(units={0: {"F0": "doomclock"}, 1: {"V0": "rallycaller", "V1": "wayscout"}})
    s = end(s)
    assert (dmg(s, "0:F0"), dmg(s, "1:V0"), dmg(s, "1:V1")) == (1, 1, 1)


def test_doomclock_rear_spell_2_to_each_rival_hero_3_to_your_leader():
    s = setup(wave="R", units={0: {"R0": "doomclock"}, 1: {"V0": "rallycaller", "V1": "wayscout"}})
    s = spell(s, "R0")
    assert (dmg(s, "1:V0"), dmg(s, "1:V1"), dmg(s, "0:L")) == (2, 2, 3)


def test_doomclock_operation_2_to_the_rival_leader_1_to_yours_each_turn_end():
    s = setup(hands={0: ["doomclock"]})
    s = operation(s, "doomclock")
    s = end(s)
    assert (dmg(s, "1:L"), dmg(s, "0:L")) == (2, 1)


# ------------------------------------------------------------------------------------------------ Ashborn


def test_ashborn_leader_revives_a_fallen_hero_for_2_life():
    s = setup(("ashborn", "gearsmith"), first=0, units={0: {"V0": {"key": "rallycaller", "damage": 5}}})
    s = end(end(s), seat=1)  # casualty check
    assert kind(s, "0:V0") == "hero" and dmg(s, "0:V0") == 0 and dmg(s, "0:L") == 2
    check_invariants(s)


def test_ashborn_vanguard_revives_another_fallen_hero_and_takes_2():
    s = setup(first=0, units={0: {"V0": "ashborn", "V1": {"key": "rallycaller", "damage": 5}}})
    s = end(end(s), seat=1)
    assert kind(s, "0:V1") == "hero" and dmg(s, "0:V0") == 2


def test_ashborn_flank_spell_revives_a_corpse_for_2_life():
    s = setup(wave="F", units={0: {"F0": "ashborn", "V0": {"key": "rallycaller", "corpse": True}}})
    assert choices(s, 0, "spell", "target", by="F0") == ["0:V0"]
    s = spell(s, "F0", "0:V0")
    assert kind(s, "0:V0") == "hero" and dmg(s, "0:L") == 2


def test_ashborn_rear_spell_clears_a_corpse_and_heals_2():
    s = setup(wave="R", units={0: {"R0": "ashborn", "L": {"damage": 3},
                                   "V0": {"key": "rallycaller", "corpse": True}}})
    s = spell(s, "R0", "0:V0")
    assert kind(s, "0:V0") is None and pile(s, 0) == ["rallycaller"] and dmg(s, "0:L") == 1


def test_ashborn_order_revives_with_plus_2_attack_for_2_life():
    s = setup(hands={0: ["ashborn"]}, units={0: {"V0": {"key": "rallycaller", "corpse": True}}})
    s = order(s, "ashborn", "0:V0")
    assert kind(s, "0:V0") == "hero" and stats(s, "0:V0")["attack"] == 4 and dmg(s, "0:L") == 2
