"""Core set cards 16-20: Gearsmith, Iron Sentry, Venomfang, Bannerbearer, Starseer."""

from tests.games.pt_card_helpers import (
    act,
    activate,
    attack,
    can,
    check_invariants,
    choices,
    dmg,
    end,
    hand,
    hand_size,
    kind,
    lead,
    legal,
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

OTHER = ("starseer", "marshal")  # quiet Leaders that leave Gearsmith free for seat 0


def timers(state, seat):
    return [None if r is None else r.get("timers") for r in state["players"][seat]["reserve"]]


# ---------------------------------------------------------------------------------------------- Gearsmith


def test_gearsmith_leader_action_adds_a_time_marker_to_each_of_your_operations():
    s = setup(("gearsmith", "starseer"),
              reserve={0: {"X0": {"key": "rageborn", "kind": "operation", "timers": 2},
                           "X1": {"key": "shieldwarden"},
                           "X2": {"key": "stonehide", "kind": "operation", "timers": 4}},
                       1: {"X0": {"key": "surgeon", "kind": "operation", "timers": 1}}})
    s = lead(s)
    assert timers(s, 0) == [3, None, 5]
    assert timers(s, 1) == [1, None, None]


def test_gearsmith_vanguard_intercepts():
    s = setup(OTHER, wave="R", units={0: {"V0": "brewmother", "R0": "nightblade"}, 1: {"V1": "gearsmith"}})
    assert choices(s, 0, "attack", "target", by="R0") == ["1:V1"]


def test_gearsmith_corpse_does_not_intercept():
    s = setup(OTHER, wave="R", units={0: {"V0": "brewmother", "R0": "nightblade"},
                                      1: {"V1": {"key": "gearsmith", "corpse": True}}})
    assert choices(s, 0, "attack", "target", by="R0") == ["1:L"]


def test_gearsmith_in_rear_does_not_intercept():
    s = setup(OTHER, wave="R", units={0: {"V0": "brewmother", "R0": "nightblade"},
                                      1: {"V1": "ironsentry", "R1": "gearsmith"}})
    # Iron Sentry's Vanguard still covers the Leader and the Rear
    assert choices(s, 0, "attack", "target", by="R0") == ["1:V1"]
    s2 = setup(OTHER, wave="R", units={0: {"V0": "brewmother", "R0": "nightblade"},
                                       1: {"V1": "stonehide", "F0": "gearsmith", "R0": "skyshot"}})
    assert choices(s2, 0, "attack", "target", by="R0") == ["1:F0", "1:L", "1:R0", "1:V1"]


def test_gearsmith_flank_spell_adds_2_markers_to_each_of_your_operations():
    s = setup(OTHER, wave="F", units={0: {"F0": "gearsmith"}},
              reserve={0: {"X0": {"key": "rageborn", "kind": "operation", "timers": 1},
                           "X2": {"key": "stonehide", "kind": "operation", "timers": 4}},
                       1: {"X0": {"key": "surgeon", "kind": "operation", "timers": 1}}})
    s = spell(s, "F0")
    assert timers(s, 0) == [3, None, 6]
    assert timers(s, 1) == [1, None, None]


def test_gearsmith_rear_spell_removes_2_markers_from_each_rival_operation():
    s = setup(OTHER, wave="R", units={0: {"R0": "gearsmith"}},
              reserve={0: {"X0": {"key": "rageborn", "kind": "operation", "timers": 3}},
                       1: {"X0": {"key": "surgeon", "kind": "operation", "timers": 3},
                           "X1": {"key": "stonehide", "kind": "operation", "timers": 1}}})
    s = spell(s, "R0")
    assert timers(s, 1) == [1, 0, None]  # never below zero
    assert timers(s, 0) == [3, None, None]
    check_invariants(s)


def test_gearsmith_operation_played_with_4_markers():
    s = setup(OTHER, hands={0: ["gearsmith"]})
    s = operation(s, "gearsmith")
    assert s["players"][0]["reserve"][0] == {"kind": "operation", "card": "0.gearsmith@6", "timers": 4}
    assert hand(s, 0) == []


def test_gearsmith_operation_draws_at_the_end_of_your_turn_even_past_the_hand_size():
    five = ["brewmother", "nightblade", "shieldwarden", "skyshot", "rageborn"]
    s = setup(OTHER, hands={0: five}, deck_top={0: ["dawnpriest"]},
              reserve={0: {"X0": {"key": "gearsmith", "kind": "operation"}}})
    s = end(s)
    assert hand(s, 0) == five + ["dawnpriest"]  # 5 -> 6 cards: an ability draw is not the Draw action
    assert timers(s, 0) == [3, None, None]


def test_gearsmith_operation_does_not_draw_at_the_end_of_the_rivals_turn():
    s = setup(OTHER, turn=1, first=1, reserve={0: {"X0": {"key": "gearsmith", "kind": "operation"}}})
    s = end(s, 1)
    assert hand(s, 0) == [] and timers(s, 0) == [4, None, None]


# -------------------------------------------------------------------------------------------- Iron Sentry


def test_ironsentry_leader_gives_flank_heroes_plus_2_life():
    s = setup(("ironsentry", "starseer"), turn=0, first=1,
              units={0: {"F0": {"key": "nightblade", "damage": 4}, "V0": {"key": "brewmother", "damage": 5}}})
    assert (stats(s, "0:F0")["life"], stats(s, "0:V0")["life"]) == (5, 5)
    s = end(s)  # end of the Vanguard wave
    assert kind(s, "0:F0") == "hero" and kind(s, "0:V0") == "corpse"


def test_ironsentry_vanguard_intercepts():
    s = setup(wave="R", units={0: {"V0": "brewmother", "R0": "nightblade"}, 1: {"V1": "ironsentry",
                                                                                 "R1": "stonehide"}})
    assert choices(s, 0, "attack", "target", by="R0") == ["1:V1"]
    s = attack(s, "R0", "1:V1")
    assert dmg(s, "1:V1") == 3


def test_ironsentry_vanguard_with_no_special_abilities_no_longer_intercepts():
    s = setup(wave="R", units={0: {"V0": "brewmother", "R0": "nightblade"},
                               1: {"V1": {"key": "ironsentry", "statuses": ["No Special Abilities"]}}})
    assert choices(s, 0, "attack", "target", by="R0") == ["1:L", "1:V1"]
    s = attack(s, "R0", "1:L")
    assert dmg(s, "1:L") == 3


def test_ironsentry_flank_intercepts_for_the_rear_hero_behind_it():
    s = setup(wave="R", units={0: {"V0": "brewmother", "R1": "nightblade"},
                               1: {"F0": "ironsentry", "R0": "stonehide"}})
    assert choices(s, 0, "attack", "target", by="R1") == ["1:F0", "1:L"]


def test_ironsentry_flank_has_plus_1_attack():
    s = setup(wave="F", units={0: {"F0": "ironsentry"}, 1: {"V0": "brewmother"}})
    s = attack(s, "F0", "1:V0")
    assert dmg(s, "1:V0") == 3  # 3+1 = 4, minus 1 from Brewmother's Vanguard


def test_ironsentry_rear_forerunner_takes_1_less():
    s = setup(units={0: {"V0": "blastwright"}, 1: {"F0": "nightblade", "R0": "ironsentry"}})
    s = attack(s, "V0", "1:F0")
    assert dmg(s, "1:F0") == 3  # 4 - 1


def test_ironsentry_trap_redirects_an_attack_to_a_hero_of_your_choice():
    s = setup(units={0: {"V1": "blastwright"}, 1: {"V0": "brewmother", "R2": "stonehide"}},
              reserve={1: {"X0": {"key": "ironsentry"}}})
    s = attack(s, "V1", "1:L")
    assert window(s) == {"seat": 1, "slots": ["X0"]}
    assert [a["target"] for a in legal(s, 1) if a["type"] == "activate"] == ["1:V0", "1:R2"]
    s = activate(s, 1, "X0", "1:R2")
    assert (dmg(s, "1:L"), dmg(s, "1:R2"), dmg(s, "1:V0")) == (0, 4, 0)
    assert pile(s, 1) == ["ironsentry"]
    check_invariants(s)


def test_ironsentry_trap_redirect_applies_the_new_targets_reduction():
    s = setup(units={0: {"V1": "blastwright"}, 1: {"V0": "brewmother"}},
              reserve={1: {"X0": {"key": "ironsentry"}}})
    s = activate(attack(s, "V1", "1:L"), 1, "X0", "1:V0")
    assert (dmg(s, "1:L"), dmg(s, "1:V0")) == (0, 3)


# ---------------------------------------------------------------------------------------------- Venomfang


def test_venomfang_leader_deals_1_damage_to_a_random_rival_hero_after_it_attacks():
    s = setup(("venomfang", "starseer"), wave="F", units={1: {"V0": "ironsentry"}})
    s = attack(s, "L", "1:L")
    assert (dmg(s, "1:L"), dmg(s, "1:V0"), dmg(s, "0:L")) == (3, 1, 0)  # Attack 3, then 1 to the only rival Hero


def test_venomfang_leader_hits_exactly_one_of_several_rival_heroes():
    s = setup(("venomfang", "starseer"), wave="F", units={1: {"V0": "ironsentry", "R2": "brewmother"}})
    s = attack(s, "L", "1:L")
    assert sorted([dmg(s, "1:V0"), dmg(s, "1:R2")]) == [0, 1]
    assert dmg(s, "1:L") == 3


def test_venomfang_leader_deals_nothing_at_the_end_of_your_turn():
    s = setup(("venomfang", "starseer"), units={1: {"V0": "ironsentry"}})
    s = end(s)
    assert dmg(s, "1:V0") == 0 and s["turn"] == 1


def test_venomfang_leader_does_nothing_when_a_hero_of_yours_attacks():
    s = setup(("venomfang", "starseer"), units={0: {"V0": "bladedancer"}, 1: {"V0": "ironsentry", "R2": "brewmother"}})
    s = attack(s, "V0", "1:V0")
    assert (dmg(s, "1:V0"), dmg(s, "1:R2"), dmg(s, "1:L")) == (4, 0, 0)  # Bladedancer's 4 and nothing more


def test_venomfang_leader_does_nothing_when_the_rival_leader_attacks():
    s = setup(("venomfang", "starseer"), turn=1, first=1, wave="F", units={1: {"V0": "ironsentry"}})
    s = attack(s, "L", "0:L", seat=1)
    assert (dmg(s, "0:L"), dmg(s, "1:V0")) == (3, 0)  # Starseer's Attack 3; Venomfang's own Heroes untouched


def test_venomfang_vanguard_target_gains_minus_1_life_after_the_attack():
    s = setup(units={0: {"V0": "venomfang"}, 1: {"V0": "ironsentry"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 3
    assert sts(s, "1:V0") == ["-1 Life"]
    assert stats(s, "1:V0")["life"] == 5


def test_venomfang_vanguard_penalty_and_mirewraith_vanguard_bonus_cancel():
    s = setup(units={0: {"V0": "venomfang"}, 1: {"V0": "mirewraith"}})
    s = attack(s, "V0", "1:V0")
    assert sts(s, "1:V0") == []
    assert stats(s, "1:V0")["life"] == 5


def test_venomfang_flank_spell_gives_minus_1_life_twice():
    s = setup(wave="F", units={0: {"F0": "venomfang"}, 1: {"V0": "ironsentry"}})
    s = spell(s, "F0", "1:V0")
    assert sts(s, "1:V0") == ["-1 Life", "-1 Life"]
    assert stats(s, "1:V0")["life"] == 4


def test_venomfang_rear_is_ranged():
    s = setup(wave="R", units={0: {"V0": "brewmother", "R0": "venomfang"}, 1: {"V1": "stonehide",
                                                                                "R1": "nightblade"}})
    s = attack(s, "R0", "1:R1")
    assert dmg(s, "1:R1") == 3


def test_venomfang_order_gives_minus_1_life_twice_and_minus_1_attack():
    s = setup(hands={0: ["venomfang"]}, units={1: {"V0": "ironsentry"}})
    s = order(s, "venomfang", "1:V0")
    assert sts(s, "1:V0") == ["-1 Life", "-1 Life", "-1 Attack"]
    assert (stats(s, "1:V0")["attack"], stats(s, "1:V0")["life"]) == (2, 4)
    assert pile(s, 0) == ["venomfang"]


def test_venomfang_order_cancels_opposite_statuses_one_for_one():
    s = setup(hands={0: ["venomfang"]}, units={1: {"V0": {"key": "ironsentry", "statuses": ["+1 Life", "+1 Attack"]}}})
    s = order(s, "venomfang", "1:V0")
    assert sts(s, "1:V0") == ["-1 Life"]


def test_life_reduced_to_the_damage_defeats_at_the_casualty_check():
    s = setup(turn=1, first=0, hands={1: ["venomfang"]}, units={0: {"V0": {"key": "starseer", "damage": 1}}})
    s = order(s, "venomfang", "0:V0", seat=1)
    assert stats(s, "0:V0")["life"] == 1 and kind(s, "0:V0") == "hero"  # not yet: only at the wave's end
    s = end(s, 1)
    assert kind(s, "0:V0") == "corpse"


def test_life_reduced_to_zero_without_damage_defeats_at_the_casualty_check():
    s = setup(turn=1, first=0, hands={1: ["venomfang"]}, units={0: {"V0": {"key": "starseer",
                                                                          "statuses": ["-1 Life"]}}})
    s = order(s, "venomfang", "0:V0", seat=1)
    assert stats(s, "0:V0")["life"] == 0 and dmg(s, "0:V0") == 0
    s = end(s, 1)
    assert kind(s, "0:V0") == "corpse"


# ------------------------------------------------------------------------------------------- Bannerbearer


def test_bannerbearer_leader_gives_rear_heroes_plus_1_attack():
    s = setup(("bannerbearer", "starseer"), wave="R",
              units={0: {"V0": "brewmother", "R0": "skyshot"}, 1: {"V1": "stonehide", "R1": "nightblade"}})
    assert stats(s, "0:V0")["attack"] == 1
    s = attack(s, "R0", "1:R1")
    assert dmg(s, "1:R1") == 5  # Skyshot Rear 3+1, +1 from the Leader


def test_bannerbearer_vanguard_supporter_takes_1_less():
    s = setup(wave="R", units={0: {"V0": "brewmother", "R0": "skyshot"},
                               1: {"V0": "bannerbearer", "F0": "nightblade"}})
    s = attack(s, "R0", "1:F0")
    assert dmg(s, "1:F0") == 3  # 4 - 1


def test_bannerbearer_vanguard_in_the_centre_protects_the_leader_behind_it():
    s = setup(wave="R", units={0: {"V0": "brewmother", "R0": "nightblade"}, 1: {"V1": "bannerbearer"}})
    s = attack(s, "R0", "1:L")
    assert dmg(s, "1:L") == 2  # 3 - 1


def test_bannerbearer_flank_gives_forerunner_and_supporter_plus_1_attack():
    s = setup(units={0: {"V0": "ironsentry", "F0": "bannerbearer", "R0": "brewmother", "V1": "stonehide"},
                     1: {"V0": "nightblade"}})
    assert (stats(s, "0:V0")["attack"], stats(s, "0:R0")["attack"], stats(s, "0:V1")["attack"]) == (4, 2, 4)
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 4


def test_bannerbearer_rear_gives_its_forerunner_plus_1_attack_and_life():
    s = setup(wave="F", units={0: {"F0": "nightblade", "R0": "bannerbearer"}, 1: {"V0": "ironsentry"}})
    assert (stats(s, "0:F0")["attack"], stats(s, "0:F0")["life"]) == (4, 4)
    s = attack(s, "F0", "1:V0")
    assert dmg(s, "1:V0") == 4


def test_bannerbearer_operation_played():
    s = setup(hands={0: ["bannerbearer"]})
    s = operation(s, "bannerbearer")
    assert s["players"][0]["reserve"][0] == {"kind": "operation", "card": "0.bannerbearer@6", "timers": 4}
    assert stats(s, "0:L")["reduce"] == 1


def test_bannerbearer_operation_your_leader_takes_1_less():
    s = setup(units={0: {"V1": "ironsentry", "V0": "blastwright"}, 1: {"V0": "brewmother"}},
              reserve={1: {"X2": {"key": "bannerbearer", "kind": "operation", "timers": 1}}})
    s = attack(s, "V1", "1:L")
    assert dmg(s, "1:L") == 2
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 3  # Heroes are not covered: 4 - 1 (Brewmother's own Vanguard)


# ----------------------------------------------------------------------------------------------- Starseer


def test_starseer_leader_action_draws_a_card_once_per_turn():
    s = setup(("starseer", "gearsmith"), deck_top={0: ["marshal", "skyshot"]})
    s = lead(s)
    assert hand(s, 0) == ["marshal"] and s["actions_left"] == 1
    assert not can(s, 0, {"type": "leader_action", "target": None})


def test_starseer_leader_action_allowed_in_the_ceasefire():
    s = setup(("starseer", "gearsmith"), ceasefire=True, deck_top={0: ["marshal", "skyshot"]})
    s = lead(s)
    assert hand(s, 0) == ["marshal"]


def test_starseer_vanguard_draws_when_recruited():
    s = setup(("gearsmith", "marshal"), hands={0: ["starseer", "brewmother"]}, deck_top={0: ["skyshot"]})
    s = recruit(s, "starseer", "V0")
    assert hand(s, 0) == ["brewmother", "skyshot"]


def test_starseer_recruited_into_the_flank_draws_nothing():
    s = setup(("gearsmith", "marshal"), wave="F", hands={0: ["starseer", "brewmother"]}, deck_top={0: ["skyshot"]})
    s = recruit(s, "starseer", "F0")
    assert hand(s, 0) == ["brewmother"]


def test_starseer_flank_raises_your_hand_size_by_1_while_there():
    five = ["brewmother", "nightblade", "shieldwarden", "skyshot", "rageborn"]
    s = setup(("gearsmith", "marshal"), hands={0: five}, units={0: {"F0": "starseer"}}, deck_top={0: ["surgeon"]})
    assert hand_size(s, 0) == 6
    s = act(s, 0, {"type": "draw"})
    assert hand(s, 0) == five + ["surgeon"]


def test_starseer_in_rear_does_not_raise_the_hand_size():
    s = setup(("gearsmith", "marshal"), units={0: {"R0": "starseer"}})
    assert hand_size(s, 0) == 5


def test_starseer_rear_spell_raises_your_hand_size_for_the_rest_of_the_game():
    s = setup(("gearsmith", "marshal"), wave="R", units={0: {"R0": "starseer"}})
    s = spell(s, "R0")
    assert hand_size(s, 0) == 6 and hand_size(s, 1) == 5
    assert s["players"][0]["hand_bonus"] == 1


def test_starseer_operation_raises_your_hand_size_by_2():
    s = setup(("gearsmith", "marshal"), hands={0: ["starseer"]})
    s = operation(s, "starseer")
    assert s["players"][0]["reserve"][0] == {"kind": "operation", "card": "0.starseer@6", "timers": 4}
    assert hand_size(s, 0) == 7


def test_starseer_operation_lets_the_draw_action_go_to_7():
    six = ["brewmother", "nightblade", "shieldwarden", "skyshot", "rageborn", "surgeon"]
    s = setup(("gearsmith", "marshal"), hands={0: six}, deck_top={0: ["venomfang"]},
              reserve={0: {"X0": {"key": "starseer", "kind": "operation"}}})
    s = act(s, 0, {"type": "draw"})
    assert len(hand(s, 0)) == 7
    assert not can(s, 0, {"type": "draw"})


def test_starseer_operation_running_out_lowers_the_hand_size_again():
    s = setup(("gearsmith", "marshal"), reserve={0: {"X0": {"key": "starseer", "kind": "operation", "timers": 0}}})
    assert hand_size(s, 0) == 7
    s = end(s)
    assert s["players"][0]["reserve"][0] is None and pile(s, 0) == ["starseer"]
    assert hand_size(s, 0) == 5
