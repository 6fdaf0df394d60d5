"""Core set cards 11-15: Dawnpriest, Hushmonk, Stonehide, Blastwright, Pickpocket."""

from tests.games.pt_card_helpers import (
    activate,
    attack,
    can,
    check_invariants,
    choices,
    decline,
    dmg,
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

# --------------------------------------------------------------------------------------------- Dawnpriest


def test_dawnpriest_leader_gives_heroes_plus_1_life_at_the_casualty_check():
    s = setup(("dawnpriest", "gearsmith"), turn=0, first=1, units={0: {"V0": {"key": "brewmother", "damage": 5}}})
    assert stats(s, "0:V0")["life"] == 6 and stats(s, "0:L")["life"] == 22
    s = end(s)  # seat 0 plays second: the Vanguard wave ends, casualties are checked
    assert s["wave"] == "F"
    assert kind(s, "0:V0") == "hero" and dmg(s, "0:V0") == 5


def test_without_dawnpriest_the_same_hero_falls():
    s = setup(turn=0, first=1, units={0: {"V0": {"key": "brewmother", "damage": 5}}})
    s = end(s)
    assert kind(s, "0:V0") == "corpse" and dmg(s, "0:V0") == 0


def test_dawnpriest_vanguard_spell_removes_every_status_from_a_hero():
    s = setup(units={0: {"V0": "dawnpriest"},
                     1: {"V0": {"key": "ironsentry", "statuses": ["+1 Attack", "Intercept", "No Special Abilities"]}}})
    assert choices(s, 0, "spell", "target", by="V0") == ["0:V0", "1:V0"]
    s = spell(s, "V0", "1:V0")
    assert sts(s, "1:V0") == []


def test_dawnpriest_flank_spell_gives_plus_1_life_twice():
    s = setup(wave="F", units={0: {"F0": "dawnpriest"}, 1: {"V0": "ironsentry"}})
    s = spell(s, "F0", "1:V0")
    assert sts(s, "1:V0") == ["+1 Life", "+1 Life"]
    assert stats(s, "1:V0")["life"] == 8


def test_dawnpriest_rear_spell_removes_2_damage_from_your_leader():
    s = setup(wave="R", units={0: {"R0": "dawnpriest", "L": {"damage": 3}}})
    s = spell(s, "R0", "0:L")
    assert dmg(s, "0:L") == 1


def test_dawnpriest_order_gives_each_of_your_heroes_plus_1_attack():
    s = setup(hands={0: ["dawnpriest"]}, units={0: {"V0": "brewmother", "F2": "ironsentry"},
                                                1: {"V0": "stonehide"}})
    s = order(s, "dawnpriest")
    assert (sts(s, "0:V0"), sts(s, "0:F2")) == (["+1 Attack"], ["+1 Attack"])
    assert sts(s, "0:L") == [] and sts(s, "1:V0") == []
    assert pile(s, 0) == ["dawnpriest"]


# ----------------------------------------------------------------------------------------------- Hushmonk


def test_hushmonk_free_leader_action_gives_a_rival_hero_no_special_abilities():
    s = setup(("hushmonk", "gearsmith"), units={0: {"V0": "brewmother"}, 1: {"V0": "stonehide"}})
    assert choices(s, 0, "leader_action", "target") == ["0:V0", "1:V0"]
    s = lead(s, "1:V0")
    assert sts(s, "1:V0") == ["No Special Abilities"]
    assert stats(s, "1:V0")["reduce"] == 0
    assert s["actions_left"] == 2  # free: no action spent
    assert not can(s, 0, {"type": "leader_action", "target": "0:V0"})  # limited


def test_hushmonk_free_leader_action_may_silence_a_hero_of_yours():
    s = setup(("hushmonk", "gearsmith"), units={0: {"V0": "brewmother"}, 1: {"V0": "stonehide"}})
    assert stats(s, "0:V0")["reduce"] == 1  # Brewmother's Vanguard: takes 1 less damage from Attacks
    s = lead(s, "0:V0")
    assert sts(s, "0:V0") == ["No Special Abilities"] and stats(s, "0:V0")["reduce"] == 0
    assert sts(s, "1:V0") == [] and s["actions_left"] == 2


def test_hushmonk_vanguard_intercepts_ranged_attacks():
    s = setup(wave="R", units={0: {"V0": "brewmother", "R0": "nightblade"}, 1: {"V1": "hushmonk"}})
    assert choices(s, 0, "attack", "target", by="R0") == ["1:V1"]
    s = attack(s, "R0", "1:V1")
    assert dmg(s, "1:V1") == 3


def test_hushmonk_vanguard_cannot_be_targeted_by_rival_spells_but_by_orders():
    s = setup(wave="F", hands={0: ["skyshot"]}, units={0: {"F0": "blastwright"},
                                                      1: {"V0": "ironsentry", "V1": "hushmonk"}})
    assert choices(s, 0, "spell", "target", by="F0") == ["1:V0"]
    assert "1:V1" in choices(s, 0, "order", "target")


def test_hushmonk_in_flank_can_be_targeted_by_spells():
    s = setup(wave="F", units={0: {"F0": "blastwright"}, 1: {"V0": "ironsentry", "F2": "hushmonk"}})
    assert choices(s, 0, "spell", "target", by="F0") == ["1:F2", "1:V0"]
    s = spell(s, "F0", "1:F2")
    assert dmg(s, "1:F2") == 2


def test_hushmonk_vanguard_with_no_special_abilities_loses_its_spell_immunity():
    s = setup(wave="F", units={0: {"F0": "blastwright"}, 1: {"V1": {"key": "hushmonk",
                                                                   "statuses": ["No Special Abilities"]}}})
    assert choices(s, 0, "spell", "target", by="F0") == ["1:V1"]
    s = spell(s, "F0", "1:V1")
    assert dmg(s, "1:V1") == 2


def test_hushmonk_flank_spell_gives_a_hero_no_special_abilities():
    s = setup(wave="F", units={0: {"F0": "hushmonk"}, 1: {"V0": "rageborn"}})
    s = spell(s, "F0", "1:V0")
    assert sts(s, "1:V0") == ["No Special Abilities"]


def test_no_special_abilities_blanks_a_reaction():
    s = setup(units={0: {"V0": "ironsentry"}, 1: {"V0": {"key": "rageborn", "statuses": ["No Special Abilities"]}}})
    s = attack(s, "V0", "1:V0")
    assert (dmg(s, "1:V0"), dmg(s, "0:V0")) == (3, 0)  # no hit back


def test_hushmonk_rear_spell_removes_no_special_abilities_only():
    s = setup(wave="R", units={0: {"R0": "hushmonk", "V0": {"key": "brewmother",
                                                            "statuses": ["No Special Abilities", "+1 Attack"]},
                                   "V1": "ironsentry"}})
    assert choices(s, 0, "spell", "target", by="R0") == ["0:V0"]  # only Heroes with the status
    s = spell(s, "R0", "0:V0")
    assert sts(s, "0:V0") == ["+1 Attack"]


def test_hushmonk_trap_cancels_a_spell_and_blanks_the_caster():
    s = setup(wave="F", units={0: {"F0": "lorekeeper"}}, deck_top={0: ["marshal"]},
              reserve={1: {"X0": {"key": "hushmonk"}}})
    s = spell(s, "F0")
    assert window(s) == {"seat": 1, "slots": ["X0"]}
    s = activate(s, 1)
    assert hand(s, 0) == []
    assert sts(s, "0:F0") == ["No Special Abilities"]
    assert pile(s, 1) == ["hushmonk"]
    check_invariants(s)


def test_hushmonk_trap_does_not_answer_an_order():
    s = setup(hands={0: ["lorekeeper"]}, deck_top={0: ["marshal", "skyshot", "venomfang"]},
              reserve={1: {"X0": {"key": "hushmonk"}}})
    s = order(s, "lorekeeper")
    # A seat holding a ready "ask" Trap is asked about every event (the window betrays no Trap), but
    # Hushmonk's Trap is not among the answers: only "decline" is offered.
    assert window(s) == {"seat": 1, "slots": []} and choices(s, 1, "activate", "slot") == []
    s = decline(s, 1)
    assert hand(s, 0) == ["marshal", "skyshot", "venomfang"]


# ---------------------------------------------------------------------------------------------- Stonehide


def test_stonehide_leader_takes_1_less_damage_from_attacks():
    s = setup(("gearsmith", "stonehide"), units={0: {"V1": "ironsentry"}})
    s = attack(s, "V1", "1:L")
    assert dmg(s, "1:L") == 2


def test_stonehide_leader_reduction_does_not_apply_to_damage_that_is_not_an_attack():
    s = setup(("gearsmith", "stonehide"), hands={0: ["skyshot"]})
    s = order(s, "skyshot", "1:L")
    assert dmg(s, "1:L") == 3


def test_stonehide_vanguard_takes_2_less_damage():
    s = setup(units={0: {"V0": "blastwright"}, 1: {"V0": "stonehide"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 2  # 4 - 2


def test_stonehide_vanguard_blanked_by_no_special_abilities_takes_full_damage():
    s = setup(units={0: {"V0": "blastwright"}, 1: {"V0": {"key": "stonehide", "statuses": ["No Special Abilities"]}}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 4


def test_stonehide_flank_plus_2_life_survives_10_damage_but_not_in_vanguard():
    s = setup(turn=1, first=0, units={0: {"V0": {"key": "stonehide", "damage": 9}},
                                      1: {"F0": {"key": "stonehide", "damage": 10}}})
    assert (stats(s, "0:V0")["life"], stats(s, "1:F0")["life"]) == (9, 11)
    s = end(s, 1)  # end of the Vanguard wave: casualties
    assert kind(s, "1:F0") == "hero" and dmg(s, "1:F0") == 10
    assert kind(s, "0:V0") == "corpse"


def test_stonehide_rear_gives_its_forerunner_plus_2_life():
    s = setup(turn=1, first=0, units={1: {"F0": {"key": "nightblade", "damage": 4}, "R0": "stonehide"}})
    assert stats(s, "1:F0")["life"] == 5
    s = end(s, 1)
    assert kind(s, "1:F0") == "hero" and dmg(s, "1:F0") == 4


def test_stonehide_operation_played_gives_heroes_damage_reduction():
    s = setup(hands={0: ["stonehide"]}, units={0: {"V0": "ironsentry"}})
    s = operation(s, "stonehide")
    assert s["players"][0]["reserve"][0] == {"kind": "operation", "card": "0.stonehide@6", "timers": 4}
    assert stats(s, "0:V0")["reduce"] == 1 and stats(s, "0:L")["reduce"] == 0


def test_stonehide_operation_heroes_take_1_less_but_not_the_leader():
    s = setup(units={0: {"V0": "blastwright", "V1": "ironsentry"}, 1: {"V0": "ironsentry"}},
              reserve={1: {"X0": {"key": "stonehide", "kind": "operation", "timers": 2}}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 3  # 4 - 1
    s = attack(s, "V1", "1:L")
    assert dmg(s, "1:L") == 3


# -------------------------------------------------------------------------------------------- Blastwright


def test_blastwright_leader_action_deals_1_damage_to_each_rival_hero():
    s = setup(("blastwright", "gearsmith"), units={0: {"V1": "brewmother"}, 1: {"V0": "ironsentry", "R2": "skyshot"}})
    assert choices(s, 0, "leader_action", "target") == [None]
    s = lead(s, None)
    assert (dmg(s, "1:V0"), dmg(s, "1:R2"), dmg(s, "1:L"), dmg(s, "0:V1")) == (1, 1, 0, 0)


def test_blastwright_vanguard_has_plus_1_attack():
    s = setup(units={0: {"V0": "blastwright"}, 1: {"V0": "ironsentry"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 4


def test_blastwright_flank_spell_deals_2_damage_to_a_rival_hero():
    s = setup(wave="F", units={0: {"F0": "blastwright"}, 1: {"R2": "ironsentry"}})
    s = spell(s, "F0", "1:R2")
    assert dmg(s, "1:R2") == 2


def test_blastwright_rear_spell_deals_1_to_each_member_of_a_rival_column():
    s = setup(wave="R", units={0: {"R0": "blastwright"},
                               1: {"V0": "brewmother", "V1": "stonehide", "R1": "nightblade"}})
    s = spell(s, "R0", "1:V1")
    assert (dmg(s, "1:V1"), dmg(s, "1:L"), dmg(s, "1:R1")) == (1, 1, 1)
    assert dmg(s, "1:V0") == 0


def test_blastwright_rear_spell_column_reaches_a_spell_immune_hero():
    s = setup(wave="R", units={0: {"R0": "blastwright"}, 1: {"V0": "hushmonk", "R0": "nightblade"}})
    s = spell(s, "R0", "1:R0")
    assert (dmg(s, "1:V0"), dmg(s, "1:R0")) == (1, 1)


def test_blastwright_rear_spell_can_choose_a_column_holding_only_hushmonk():
    s = setup(wave="R", units={0: {"R0": "blastwright"}, 1: {"V0": "hushmonk"}})
    s = spell(s, "R0", "1:V0")
    assert dmg(s, "1:V0") == 1


def test_blastwright_order_deals_2_to_each_member_of_a_rival_column():
    s = setup(hands={0: ["blastwright"]},
              units={1: {"V1": "stonehide", "R1": "nightblade", "F2": "ironsentry",
                         "V0": {"key": "brewmother", "corpse": True}}})
    s = order(s, "blastwright", "1:L")
    assert (dmg(s, "1:V1"), dmg(s, "1:L"), dmg(s, "1:R1"), dmg(s, "1:F2")) == (2, 2, 2, 0)
    assert pile(s, 0) == ["blastwright"]
    check_invariants(s)


# --------------------------------------------------------------------------------------------- Pickpocket


def test_pickpocket_leader_sets_the_rival_hand_size_to_4():
    four = ["brewmother", "nightblade", "shieldwarden", "skyshot"]
    s = setup(("gearsmith", "pickpocket"), hands={0: four})
    assert hand_size(s, 0) == 4 and hand_size(s, 1) == 5
    assert not can(s, 0, {"type": "draw"})


def test_pickpocket_leader_does_not_reach_the_rival_hand_in_the_ceasefire():
    four = ["brewmother", "nightblade", "shieldwarden", "skyshot"]
    s = setup(("gearsmith", "pickpocket"), hands={0: four}, ceasefire=True)
    assert hand_size(s, 0) == 5
    assert can(s, 0, {"type": "draw"})


def test_pickpocket_vanguard_rival_discards_after_it_attacks():
    s = setup(units={0: {"V0": "pickpocket"}, 1: {"V0": "ironsentry"}}, hands={1: ["brewmother", "nightblade"]})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 3
    assert len(hand(s, 1)) == 1 and len(pile(s, 1)) == 1
    assert sorted(hand(s, 1) + pile(s, 1)) == ["brewmother", "nightblade"]


def test_pickpocket_vanguard_discard_comes_before_lorekeepers_draw():
    # active player's reaction first: the rival's only card is discarded, then Lorekeeper draws
    s = setup(units={0: {"V0": "pickpocket"}, 1: {"V0": "lorekeeper"}}, hands={1: ["brewmother"]},
              deck_top={1: ["nightblade"]})
    s = attack(s, "V0", "1:V0")
    assert hand(s, 1) == ["nightblade"] and pile(s, 1) == ["brewmother"]


def test_pickpocket_flank_draws_after_it_attacks():
    s = setup(wave="F", units={0: {"F0": "pickpocket"}, 1: {"V0": "ironsentry"}}, deck_top={0: ["marshal"]},
              hands={1: ["brewmother"]})
    s = attack(s, "F0", "1:V0")
    assert hand(s, 0) == ["marshal"]
    assert hand(s, 1) == ["brewmother"]  # no discard from the Flank


def test_pickpocket_rear_spell_returns_an_undamaged_rival_hero_to_its_owners_hand():
    s = setup(wave="R", units={0: {"R0": "pickpocket"},
                               1: {"V0": {"key": "ironsentry", "statuses": ["+1 Attack"]},
                                   "V1": {"key": "stonehide", "damage": 1}}})
    assert choices(s, 0, "spell", "target", by="R0") == ["1:V0"]
    s = spell(s, "R0", "1:V0")
    assert kind(s, "1:V0") is None
    assert hand(s, 1) == ["ironsentry"]
    check_invariants(s)


def test_pickpocket_order_rival_discards_2_random_cards():
    s = setup(hands={0: ["pickpocket"], 1: ["brewmother", "nightblade", "marshal"]})
    s = order(s, "pickpocket")
    assert len(hand(s, 1)) == 1 and len(pile(s, 1)) == 2  # 3 -> 1
    assert sorted(hand(s, 1) + pile(s, 1)) == ["brewmother", "marshal", "nightblade"]
    assert pile(s, 0) == ["pickpocket"]
