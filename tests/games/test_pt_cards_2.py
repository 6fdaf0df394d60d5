"""Core set cards 6-10: Skyshot Ranger, Rageborn, Gravecaller, Field Marshal, Rimecaster."""

from tests.games.pt_card_helpers import (
    activate,
    attack,
    can,
    check_invariants,
    choices,
    dmg,
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

# ----------------------------------------------------------------------------------------- Skyshot Ranger


def test_skyshot_leader_gives_rear_heroes_ranged():
    s = setup(("skyshot", "gearsmith"), wave="R",
              units={0: {"V0": "ironsentry", "R0": "brewmother"}, 1: {"V1": "stonehide", "R1": "nightblade"}})
    assert stats(s, "0:R0")["ranged"] is True
    assert "1:R1" in choices(s, 0, "attack", "target", by="R0")
    s = attack(s, "R0", "1:R1")
    assert dmg(s, "1:R1") == 1  # Brewmother's Attack


def test_without_skyshot_leader_a_rear_hero_behind_a_hero_cannot_attack():
    s = setup(wave="R", units={0: {"V0": "ironsentry", "R0": "brewmother"}, 1: {"V1": "stonehide",
                                                                                 "R1": "nightblade"}})
    assert choices(s, 0, "attack", "target", by="R0") == []


def test_skyshot_vanguard_gains_plus_1_attack_after_attacking():
    s = setup(units={0: {"V0": "skyshot"}, 1: {"V0": "ironsentry"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 3
    assert sts(s, "0:V0") == ["+1 Attack"]
    assert stats(s, "0:V0")["attack"] == 4


def test_skyshot_vanguard_bonus_and_rimecaster_vanguard_penalty_cancel():
    # both react after the Attack: the active player's reaction (+1) first, then the rival's (-1) cancels it
    s = setup(units={0: {"V0": "skyshot"}, 1: {"V0": "rimecaster"}})
    s = attack(s, "V0", "1:V0")
    assert sts(s, "0:V0") == []
    assert stats(s, "0:V0")["attack"] == 3


def test_skyshot_flank_is_ranged():
    s = setup(wave="F", units={0: {"V0": "ironsentry", "F0": "skyshot"}, 1: {"V1": "stonehide",
                                                                               "R1": "nightblade"}})
    s = attack(s, "F0", "1:R1")
    assert dmg(s, "1:R1") == 3
    assert sts(s, "0:F0") == []  # the Vanguard power does not work in the Flank


def test_skyshot_rear_is_ranged_with_plus_1_attack():
    s = setup(wave="R", units={0: {"V0": "ironsentry", "R0": "skyshot"}, 1: {"V1": "stonehide",
                                                                              "R1": "nightblade"}})
    s = attack(s, "R0", "1:R1")
    assert dmg(s, "1:R1") == 4


def test_skyshot_order_deals_3_damage_to_a_rival_leader():
    s = setup(hands={0: ["skyshot"]}, units={0: {"V0": "ironsentry"}, 1: {"V0": "stonehide"}})
    assert choices(s, 0, "order", "target") == ["1:L", "1:V0"]
    s = order(s, "skyshot", "1:L")
    assert dmg(s, "1:L") == 3
    assert pile(s, 0) == ["skyshot"]


# ---------------------------------------------------------------------------------------------- Rageborn


def test_rageborn_leader_hits_back_for_2_when_attacked():
    s = setup(("gearsmith", "rageborn"), units={0: {"V1": "ironsentry"}})
    s = attack(s, "V1", "1:L")
    assert dmg(s, "1:L") == 3
    assert dmg(s, "0:V1") == 2


def test_rageborn_vanguard_hits_back_for_2_when_attacked():
    s = setup(units={0: {"V0": "ironsentry"}, 1: {"V0": "rageborn"}})
    s = attack(s, "V0", "1:V0")
    assert (dmg(s, "1:V0"), dmg(s, "0:V0")) == (3, 2)


def test_rageborn_in_flank_does_not_hit_back():
    s = setup(units={0: {"V0": "ironsentry"}, 1: {"F0": "rageborn"}})
    s = attack(s, "V0", "1:F0")
    assert (dmg(s, "1:F0"), dmg(s, "0:V0")) == (3, 0)


def test_rageborn_flank_gains_plus_1_attack_twice_when_an_ally_is_defeated():
    s = setup(hands={0: ["nightblade"]}, units={1: {"F0": "rageborn", "V1": {"key": "brewmother", "damage": 3}}})
    s = order(s, "nightblade", "1:V1")
    assert kind(s, "1:V1") == "corpse"
    assert sts(s, "1:F0") == ["+1 Attack", "+1 Attack"]
    assert stats(s, "1:F0")["attack"] == 7


def test_rageborn_flank_bonus_first_cancels_an_opposite_status():
    s = setup(hands={0: ["nightblade"]},
              units={1: {"F0": {"key": "rageborn", "statuses": ["-1 Attack"]},
                         "V1": {"key": "brewmother", "damage": 3}}})
    s = order(s, "nightblade", "1:V1")
    assert sts(s, "1:F0") == ["+1 Attack"]  # one +1 cancels the -1, the other stays
    assert stats(s, "1:F0")["attack"] == 6


def test_rageborn_flank_bonus_at_end_of_wave_casualties():
    s = setup(turn=1, first=0, units={1: {"F0": "rageborn", "V1": {"key": "brewmother", "damage": 5}}})
    s = end(s, 1)  # seat 1 is second: the Vanguard wave ends, casualties are checked
    assert kind(s, "1:V1") == "corpse"
    assert sts(s, "1:F0") == ["+1 Attack", "+1 Attack"]


def test_rageborn_rear_gives_its_forerunner_plus_2_attack():
    s = setup(wave="F", units={0: {"F0": "nightblade", "R0": "rageborn"}, 1: {"V0": "ironsentry"}})
    assert stats(s, "0:F0")["attack"] == 5
    s = attack(s, "F0", "1:V0")
    assert dmg(s, "1:V0") == 5


def test_rageborn_operation_is_played_with_4_time_markers():
    s = setup(hands={0: ["rageborn"]}, units={0: {"V0": "ironsentry"}})
    s = operation(s, "rageborn")
    assert s["players"][0]["reserve"][0] == {"kind": "operation", "card": "0.rageborn@6", "timers": 4}
    assert hand(s, 0) == [] and s["actions_left"] == 1
    assert stats(s, "0:V0")["attack"] == 4
    assert stats(s, "0:L")["attack"] == 3  # Heroes only: Gearsmith's own 3


def test_rageborn_operation_loses_its_first_marker_at_the_end_of_the_turn_it_is_played():
    s = setup(hands={0: ["rageborn"]})
    s = end(operation(s, "rageborn"))
    assert s["players"][0]["reserve"][0]["timers"] == 3


def test_rageborn_operation_gives_heroes_plus_1_attack_while_in_reserve():
    s = setup(units={0: {"V0": "ironsentry"}, 1: {"V0": "stonehide"}},
              reserve={0: {"X1": {"key": "rageborn", "kind": "operation"}}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 2  # (3 + 1) - 2 from Stonehide's Vanguard


def test_rageborn_operation_loses_a_time_marker_at_the_end_of_its_owners_turn():
    s = setup(reserve={0: {"X0": {"key": "rageborn", "kind": "operation"}}})
    s = end(s)
    assert s["players"][0]["reserve"][0]["timers"] == 3
    s = end(s, 1)  # the rival's turn does not remove a marker
    assert s["players"][0]["reserve"][0]["timers"] == 3


def test_rageborn_operation_with_no_marker_left_is_discarded():
    s = setup(units={0: {"V0": "ironsentry"}}, reserve={0: {"X0": {"key": "rageborn", "kind": "operation",
                                                                   "timers": 0}}})
    s = end(s)
    assert s["players"][0]["reserve"][0] is None
    assert pile(s, 0) == ["rageborn"]
    assert stats(s, "0:V0")["attack"] == 3
    check_invariants(s)


# -------------------------------------------------------------------------------------------- Gravecaller


def test_gravecaller_leader_revives_a_corpse_with_minus_1_life_that_can_attack_at_once():
    s = setup(("gravecaller", "gearsmith"), actions=3,
              units={0: {"V0": {"key": "ironsentry", "corpse": True}}, 1: {"V0": "brewmother"}})
    s = lead(s, "0:V0")
    assert kind(s, "0:V0") == "hero" and dmg(s, "0:V0") == 0
    assert sts(s, "0:V0") == ["-1 Life"] and stats(s, "0:V0")["life"] == 5  # Iron Sentry 3/6, then -1 Life
    assert s["actions_left"] == 1
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 2  # 3 - 1 (Brewmother's Vanguard)


def test_gravecaller_leader_action_is_long():
    s = setup(("gravecaller", "gearsmith"), actions=1, units={0: {"V0": {"key": "ironsentry", "corpse": True}}})
    assert not can(s, 0, {"type": "leader_action", "target": "0:V0"})


def test_gravecaller_vanguard_heals_leader_2_when_an_ally_is_defeated():
    s = setup(hands={0: ["nightblade"]},
              units={1: {"V0": "gravecaller", "V1": {"key": "brewmother", "damage": 3}, "L": {"damage": 5}}})
    s = order(s, "nightblade", "1:V1")
    assert kind(s, "1:V1") == "corpse"
    assert dmg(s, "1:L") == 3


def test_gravecaller_flank_spell_revives_a_corpse_that_acts_at_once():
    s = setup(wave="F", units={0: {"F0": "gravecaller", "F2": {"key": "ironsentry", "corpse": True}},
                               1: {"V2": "brewmother"}})
    s = spell(s, "F0", "0:F2")
    assert kind(s, "0:F2") == "hero"
    s = attack(s, "F2", "1:V2")
    assert dmg(s, "1:V2") == 3  # Iron Sentry Flank 3+1 = 4, minus 1


def test_gravecaller_rear_spell_clears_a_rival_corpse_then_draws():
    s = setup(wave="R", units={0: {"R0": "gravecaller"}, 1: {"V0": {"key": "ironsentry", "corpse": True}}},
              deck_top={0: ["marshal"]})
    assert choices(s, 0, "spell", "target", by="R0") == ["1:V0"]
    s = spell(s, "R0", "1:V0")
    assert kind(s, "1:V0") is None
    assert pile(s, 1) == ["ironsentry"]
    assert hand(s, 0) == ["marshal"]
    check_invariants(s)


def test_gravecaller_order_revives_with_plus_1_life_twice():
    s = setup(hands={0: ["gravecaller"]}, units={0: {"V0": {"key": "brewmother", "corpse": True}}})
    s = order(s, "gravecaller", "0:V0")
    assert kind(s, "0:V0") == "hero"
    assert sts(s, "0:V0") == ["+1 Life", "+1 Life"]
    assert stats(s, "0:V0")["life"] == 7
    assert pile(s, 0) == ["gravecaller"]


# ------------------------------------------------------------------------------------------ Field Marshal


def test_marshal_leader_gives_flank_heroes_plus_1_attack_and_life():
    s = setup(("marshal", "gearsmith"), wave="F",
              units={0: {"F0": "nightblade", "V2": "brewmother"}, 1: {"V0": "ironsentry"}})
    assert (stats(s, "0:F0")["attack"], stats(s, "0:F0")["life"]) == (4, 4)
    assert (stats(s, "0:V2")["attack"], stats(s, "0:V2")["life"]) == (1, 5)
    s = attack(s, "F0", "1:V0")
    assert dmg(s, "1:V0") == 4


def test_marshal_vanguard_gives_its_supporter_plus_1_attack():
    s = setup(wave="F", units={0: {"V0": "marshal", "F0": "skyshot"}, 1: {"V0": "ironsentry"}})
    s = attack(s, "F0", "1:V0")
    assert dmg(s, "1:V0") == 4  # Skyshot 3 + 1


def test_marshal_vanguard_in_the_centre_gives_the_leader_plus_1_attack():
    s = setup(wave="F", units={0: {"V1": "marshal"}, 1: {"V0": "ironsentry"}})
    assert stats(s, "0:L")["attack"] == 4  # Gearsmith 3 + 1
    assert stats(s, "0:V1")["attack"] == 3  # Marshal itself unchanged


def test_marshal_in_flank_gives_no_supporter_bonus():
    s = setup(wave="R", units={0: {"F0": "marshal", "R0": "skyshot", "V0": "brewmother"},
                               1: {"V0": "ironsentry"}})
    s = attack(s, "R0", "1:V0")
    assert dmg(s, "1:V0") == 4  # Skyshot Rear 3 + 1, nothing from Marshal


def test_marshal_flank_spell_gives_plus_1_attack_and_plus_1_life():
    s = setup(wave="F", units={0: {"F0": "marshal", "V0": "brewmother"}})
    s = spell(s, "F0", "0:V0")
    assert sts(s, "0:V0") == ["+1 Attack", "+1 Life"]
    assert (stats(s, "0:V0")["attack"], stats(s, "0:V0")["life"]) == (2, 6)


def test_marshal_rear_spell_gives_plus_1_attack_twice():
    s = setup(wave="R", units={0: {"R0": "marshal", "V0": "brewmother"}})
    s = spell(s, "R0", "0:V0")
    assert sts(s, "0:V0") == ["+1 Attack", "+1 Attack"]
    assert stats(s, "0:V0")["attack"] == 3


def test_marshal_order_gains_2_actions():
    s = setup(hands={0: ["marshal"]})
    s = order(s, "marshal")
    assert s["actions_left"] == 3  # 2 - 1 + 2
    assert pile(s, 0) == ["marshal"]


# --------------------------------------------------------------------------------------------- Rimecaster


def test_rimecaster_leader_action_gives_a_rival_hero_minus_1_attack():
    s = setup(("rimecaster", "gearsmith"), units={0: {"F0": "skyshot"}, 1: {"V0": "ironsentry"}})
    assert choices(s, 0, "leader_action", "target") == ["0:F0", "1:V0"]  # any Hero, never a Leader
    s = lead(s, "1:V0")
    assert sts(s, "1:V0") == ["-1 Attack"]
    assert stats(s, "1:V0")["attack"] == 2
    assert not can(s, 0, {"type": "leader_action", "target": "1:V0"})  # limited


def test_rimecaster_leader_action_may_give_a_hero_of_yours_minus_1_attack():
    s = setup(("rimecaster", "gearsmith"), units={0: {"F0": "skyshot"}, 1: {"V0": "ironsentry"}})
    s = lead(s, "0:F0")
    assert sts(s, "0:F0") == ["-1 Attack"] and stats(s, "0:F0")["attack"] == 2  # Skyshot 3 - 1
    assert sts(s, "1:V0") == [] and s["actions_left"] == 1


def test_rimecaster_leader_action_cancels_an_opposite_status():
    s = setup(("rimecaster", "gearsmith"), units={1: {"V0": {"key": "ironsentry", "statuses": ["+1 Attack"]}}})
    s = lead(s, "1:V0")
    assert sts(s, "1:V0") == []
    assert stats(s, "1:V0")["attack"] == 3


def test_rimecaster_vanguard_attacker_gains_minus_1_attack():
    s = setup(units={0: {"V0": "ironsentry"}, 1: {"V0": "rimecaster"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 3
    assert sts(s, "0:V0") == ["-1 Attack"]


def test_rimecaster_flank_spell_gives_minus_1_attack_twice():
    s = setup(wave="F", units={0: {"F0": "rimecaster"}, 1: {"V0": "ironsentry"}})
    s = spell(s, "F0", "1:V0")
    assert sts(s, "1:V0") == ["-1 Attack", "-1 Attack"]
    assert stats(s, "1:V0")["attack"] == 1


def test_rimecaster_rear_is_ranged():
    s = setup(wave="R", units={0: {"V0": "brewmother", "R0": "rimecaster"}, 1: {"V1": "stonehide",
                                                                                 "R1": "nightblade"}})
    s = attack(s, "R0", "1:R1")
    assert dmg(s, "1:R1") == 2


def test_rimecaster_trap_recruited_hero_gains_minus_1_attack_twice():
    s = setup(hands={0: ["ironsentry"]}, reserve={1: {"X0": {"key": "rimecaster"}}})
    s = recruit(s, "ironsentry", "V0")
    assert window(s) == {"seat": 1, "slots": ["X0"]}
    s = activate(s, 1)
    assert sts(s, "0:V0") == ["-1 Attack", "-1 Attack"]
    assert stats(s, "0:V0")["attack"] == 1
    assert pile(s, 1) == ["rimecaster"]
    check_invariants(s)


def test_rimecaster_trap_cannot_be_activated_in_the_ceasefire():
    s = setup(ceasefire=True, hands={0: ["ironsentry"]}, reserve={1: {"X0": {"key": "rimecaster"}}})
    s = recruit(s, "ironsentry", "V0")
    assert window(s) is None and sts(s, "0:V0") == []


def test_rimecaster_trap_always_fires_without_a_window():
    s = setup(hands={0: ["ironsentry"]}, reserve={1: {"X2": {"key": "rimecaster", "policy": "always"}}})
    s = recruit(s, "ironsentry", "V0")
    assert window(s) is None
    assert sts(s, "0:V0") == ["-1 Attack", "-1 Attack"]
