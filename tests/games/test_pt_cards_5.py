"""Core set cards 21-25: Cinderwitch, Field Surgeon, Mirewraith, Bladedancer, Mirrorjest."""

from tests.games.pt_card_helpers import (
    activate,
    attack,
    can,
    card_key,
    check_invariants,
    choices,
    decline,
    dmg,
    end,
    hand,
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

# -------------------------------------------------------------------------------------------- Cinderwitch


def test_cinderwitch_leader_action_deals_2_to_a_rival_hero():
    s = setup(("cinderwitch", "starseer"), units={0: {"V0": "marshal"}, 1: {"V0": "ironsentry"}})
    assert choices(s, 0, "leader_action", "target") == ["0:V0", "1:V0"]  # any Hero, never a Leader
    s = lead(s, "1:V0")
    assert (dmg(s, "1:V0"), dmg(s, "0:V0"), dmg(s, "0:L"), dmg(s, "1:L")) == (2, 0, 0, 0)
    assert s["actions_left"] == 1
    assert not can(s, 0, {"type": "leader_action", "target": "1:V0"})


def test_cinderwitch_leader_action_may_deal_2_to_a_hero_of_yours():
    s = setup(("cinderwitch", "starseer"), units={0: {"V0": "marshal"}, 1: {"V0": "ironsentry"}})
    s = lead(s, "0:V0")
    assert (dmg(s, "0:V0"), dmg(s, "1:V0"), dmg(s, "0:L")) == (2, 0, 0) and s["actions_left"] == 1


def test_cinderwitch_vanguard_deals_1_to_its_attacker():
    s = setup(units={0: {"V0": "ironsentry"}, 1: {"V0": "cinderwitch"}})
    s = attack(s, "V0", "1:V0")
    assert (dmg(s, "1:V0"), dmg(s, "0:V0")) == (3, 1)


def test_cinderwitch_flank_spell_deals_3_to_a_rival_vanguard_hero_only():
    s = setup(wave="F", units={0: {"F0": "cinderwitch"}, 1: {"V0": "ironsentry", "F2": "stonehide"}})
    assert choices(s, 0, "spell", "target", by="F0") == ["1:V0"]
    s = spell(s, "F0", "1:V0")
    assert dmg(s, "1:V0") == 3


def test_cinderwitch_rear_is_ranged():
    s = setup(wave="R", units={0: {"V0": "brewmother", "R0": "cinderwitch"}, 1: {"V1": "stonehide",
                                                                                  "R1": "nightblade"}})
    s = attack(s, "R0", "1:R1")
    assert dmg(s, "1:R1") == 3


def test_cinderwitch_trap_answers_damage_to_your_hero_with_2_to_the_rival_leader():
    s = setup(units={0: {"V0": "ironsentry"}, 1: {"V0": "brewmother"}}, reserve={1: {"X0": {"key": "cinderwitch"}}})
    s = attack(s, "V0", "1:V0")
    # seat 1 holds a ready "ask" Trap, so it is asked about the Attack too (nothing can answer it)
    assert window(s) == {"seat": 1, "slots": []}
    s = decline(s, 1)
    assert dmg(s, "1:V0") == 2  # the Attack has resolved; the damage opened the window
    assert window(s) == {"seat": 1, "slots": ["X0"]}
    s = activate(s, 1)
    assert dmg(s, "0:L") == 2
    assert pile(s, 1) == ["cinderwitch"]
    check_invariants(s)


def test_cinderwitch_trap_also_answers_order_damage_but_not_damage_to_the_leader():
    s = setup(hands={0: ["skyshot", "blastwright"]}, units={1: {"R2": "brewmother"}},
              reserve={1: {"X0": {"key": "cinderwitch", "policy": "always"}}})
    s = order(s, "skyshot", "1:L")
    assert dmg(s, "1:L") == 3 and dmg(s, "0:L") == 0  # a Leader is not a Hero
    s = order(s, "blastwright", "1:R2")
    assert dmg(s, "1:R2") == 2 and dmg(s, "0:L") == 2


def test_cinderwitch_trap_answers_end_of_turn_damage_then_the_turn_passes():
    s = setup(turn=0, first=0, units={0: {"V0": "doomclock"}, 1: {"V0": "ironsentry"}},
              reserve={1: {"X0": {"key": "cinderwitch"}}})
    s = end(s)  # Doomclock's Vanguard takes 1 and deals 2 to the only rival Hero
    assert (dmg(s, "1:V0"), dmg(s, "0:V0")) == (2, 1) and window(s) == {"seat": 1, "slots": ["X0"]}
    s = activate(s, 1)
    assert dmg(s, "0:L") == 2
    assert s["turn"] == 1 and s["phase"] == "turn" and s["actions_left"] == 2


# ------------------------------------------------------------------------------------------ Field Surgeon


def test_surgeon_leader_heals_each_hero_1_at_the_end_of_your_turn():
    s = setup(("surgeon", "starseer"), units={0: {"V0": {"key": "ironsentry", "damage": 2}, "F0": "nightblade",
                                                  "L": {"damage": 3}}})
    s = end(s)
    assert (dmg(s, "0:V0"), dmg(s, "0:F0"), dmg(s, "0:L")) == (1, 0, 3)


def test_surgeon_leader_heals_before_the_casualty_check():
    s = setup(("surgeon", "starseer"), turn=0, first=1, units={0: {"V0": {"key": "brewmother", "damage": 5}}})
    s = end(s)  # seat 0 is second: end of turn heal, then the end of the Vanguard wave
    assert kind(s, "0:V0") == "hero" and dmg(s, "0:V0") == 4


def test_surgeon_vanguard_heals_itself_1_at_the_end_of_your_turn():
    s = setup(units={0: {"V0": {"key": "surgeon", "damage": 3}, "L": {"damage": 2}}})
    s = end(s)
    assert (dmg(s, "0:V0"), dmg(s, "0:L")) == (2, 2)


def test_surgeon_flank_heals_your_leader_1_at_the_end_of_your_turn():
    s = setup(units={0: {"F0": {"key": "surgeon", "damage": 3}, "L": {"damage": 2}}})
    s = end(s)
    assert (dmg(s, "0:F0"), dmg(s, "0:L")) == (3, 1)


def test_surgeon_rear_spell_removes_4_damage_from_a_hero_of_yours():
    s = setup(wave="R", units={0: {"R0": "surgeon", "V0": {"key": "stonehide", "damage": 5}, "L": {"damage": 5}}})
    assert choices(s, 0, "spell", "target", by="R0") == ["0:R0", "0:V0"]  # Heroes, not the Leader
    s = spell(s, "R0", "0:V0")
    assert dmg(s, "0:V0") == 1


def test_surgeon_operation_played():
    s = setup(hands={0: ["surgeon"]})
    s = operation(s, "surgeon")
    assert s["players"][0]["reserve"][0] == {"kind": "operation", "card": "0.surgeon@6", "timers": 4}


def test_surgeon_operation_heals_your_leader_2_at_the_end_of_your_turn():
    s = setup(units={0: {"L": {"damage": 3}}}, reserve={0: {"X1": {"key": "surgeon", "kind": "operation"}}})
    s = end(s)
    assert dmg(s, "0:L") == 1
    assert s["players"][0]["reserve"][1]["timers"] == 3


def test_surgeon_operation_heals_once_more_on_its_last_turn_then_is_discarded():
    s = setup(units={0: {"L": {"damage": 3}}}, reserve={0: {"X1": {"key": "surgeon", "kind": "operation",
                                                                   "timers": 0}}})
    s = end(s)
    assert dmg(s, "0:L") == 1
    assert s["players"][0]["reserve"][1] is None and pile(s, 0) == ["surgeon"]


# --------------------------------------------------------------------------------------------- Mirewraith


def test_mirewraith_leader_draws_when_a_rival_hero_is_defeated():
    s = setup(("mirewraith", "starseer"), hands={0: ["nightblade"]}, deck_top={0: ["marshal"]},
              units={1: {"V0": {"key": "brewmother", "damage": 2}}})
    s = order(s, "nightblade", "1:V0")
    assert kind(s, "1:V0") == "corpse"
    assert hand(s, 0) == ["marshal"]


def test_mirewraith_leader_does_not_draw_when_your_own_hero_falls():
    s = setup(("mirewraith", "starseer"), turn=0, first=1, deck_top={0: ["marshal"]},
              units={0: {"V0": {"key": "brewmother", "damage": 5}}})
    s = end(s)
    assert kind(s, "0:V0") == "corpse"
    assert hand(s, 0) == []


def test_mirewraith_leader_draws_once_per_rival_casualty():
    s = setup(("mirewraith", "starseer"), turn=1, first=0, deck_top={0: ["marshal", "skyshot"]},
              units={1: {"V0": {"key": "brewmother", "damage": 5}, "V2": {"key": "ironsentry", "damage": 6}}})
    s = end(s, 1)
    assert (kind(s, "1:V0"), kind(s, "1:V2")) == ("corpse", "corpse")
    assert hand(s, 0) == ["marshal", "skyshot"]


def test_mirewraith_vanguard_gains_plus_1_life_when_attacked():
    s = setup(units={0: {"V0": "ironsentry"}, 1: {"V0": "mirewraith"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 3
    assert sts(s, "1:V0") == ["+1 Life"]
    assert stats(s, "1:V0")["life"] == 6


def test_mirewraith_flank_spell_gives_a_hero_of_yours_ranged():
    s = setup(wave="F", units={0: {"F0": "mirewraith", "V0": "brewmother"}, 1: {"V0": "ironsentry"}})
    assert choices(s, 0, "spell", "target", by="F0") == ["0:F0", "0:V0"]  # own Heroes, itself included
    s = spell(s, "F0", "0:V0")
    assert sts(s, "0:V0") == ["Ranged"]
    assert stats(s, "0:V0")["ranged"] is True


def test_a_ranged_status_works_under_no_special_abilities():
    s = setup(wave="R", units={0: {"V0": "ironsentry", "R0": {"key": "brewmother",
                                                              "statuses": ["Ranged", "No Special Abilities"]}},
                               1: {"V1": "stonehide", "R1": "nightblade"}})
    s = attack(s, "R0", "1:R1")
    assert dmg(s, "1:R1") == 1


def test_mirewraith_rear_is_ranged():
    s = setup(wave="R", units={0: {"V0": "brewmother", "R0": "mirewraith"}, 1: {"V1": "stonehide",
                                                                                 "R1": "nightblade"}})
    s = attack(s, "R0", "1:R1")
    assert dmg(s, "1:R1") == 3


def test_mirewraith_trap_revives_a_hero_defeated_by_an_order():
    s = setup(hands={0: ["nightblade"]}, units={1: {"V0": {"key": "brewmother", "damage": 2}}},
              reserve={1: {"X0": {"key": "mirewraith"}}})
    s = order(s, "nightblade", "1:V0")
    assert window(s) == {"seat": 1, "slots": []}  # asked about the Order itself: Mirewraith cannot answer it
    s = decline(s, 1)
    assert kind(s, "1:V0") == "corpse" and window(s) == {"seat": 1, "slots": ["X0"]}
    s = activate(s, 1)
    assert kind(s, "1:V0") == "hero" and dmg(s, "1:V0") == 0
    assert pile(s, 1) == ["mirewraith"]
    check_invariants(s)


def test_mirewraith_trap_revives_a_casualty_at_the_end_of_the_wave():
    s = setup(turn=1, first=0, units={1: {"V0": {"key": "brewmother", "damage": 5}}},
              reserve={1: {"X0": {"key": "mirewraith", "policy": "always"}}})
    s = end(s, 1)
    assert kind(s, "1:V0") == "hero" and dmg(s, "1:V0") == 0
    assert s["wave"] == "F" and pile(s, 1) == ["mirewraith"]


# -------------------------------------------------------------------------------------------- Bladedancer


def test_bladedancer_leader_gives_vanguard_heroes_plus_1_attack():
    s = setup(("bladedancer", "starseer"), units={0: {"V0": "ironsentry", "F0": "nightblade"},
                                                  1: {"V0": "stonehide"}})
    assert (stats(s, "0:V0")["attack"], stats(s, "0:F0")["attack"]) == (4, 3)
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 2  # 4 - 2


def test_bladedancer_vanguard_removes_1_damage_from_itself_after_attacking():
    s = setup(units={0: {"V0": {"key": "bladedancer", "damage": 2}}, 1: {"V0": "ironsentry"}})
    s = attack(s, "V0", "1:V0")
    assert (dmg(s, "1:V0"), dmg(s, "0:V0")) == (4, 1)


def test_bladedancer_vanguard_heals_before_rageborns_hit_back():
    # the active player's reaction first: nothing to heal yet, then Rageborn deals 2
    s = setup(units={0: {"V0": "bladedancer"}, 1: {"V0": "rageborn"}})
    s = attack(s, "V0", "1:V0")
    assert (dmg(s, "1:V0"), dmg(s, "0:V0")) == (4, 2)


def test_bladedancer_flank_takes_1_less_damage():
    s = setup(units={0: {"V0": "ironsentry"}, 1: {"F0": "bladedancer"}})
    s = attack(s, "V0", "1:F0")
    assert dmg(s, "1:F0") == 2


def test_bladedancer_rear_spell_gives_a_hero_of_yours_plus_1_attack():
    s = setup(wave="R", units={0: {"R0": "bladedancer", "V0": "brewmother"}})
    s = spell(s, "R0", "0:V0")
    assert sts(s, "0:V0") == ["+1 Attack"]
    assert stats(s, "0:V0")["attack"] == 2


def test_bladedancer_trap_cancels_a_rival_trap():
    s = setup(turn=1, first=1, units={1: {"V0": "blastwright"}, 0: {"V0": "ironsentry"}},
              reserve={0: {"X0": {"key": "shieldwarden"}}, 1: {"X0": {"key": "bladedancer"}}})
    s = attack(s, "V0", "0:V0", seat=1)
    assert window(s) == {"seat": 0, "slots": ["X0"]}
    s = activate(s, 0)
    assert window(s) == {"seat": 1, "slots": ["X0"]}
    s = activate(s, 1)
    assert dmg(s, "0:V0") == 4  # Shieldwarden's -3 was cancelled
    assert (pile(s, 0), pile(s, 1)) == (["shieldwarden"], ["bladedancer"])
    check_invariants(s)


def test_a_player_cannot_respond_to_their_own_trap():
    s = setup(turn=1, first=1, units={1: {"V0": "blastwright"}, 0: {"V0": "ironsentry"}},
              reserve={0: {"X0": {"key": "shieldwarden"}, "X1": {"key": "bladedancer"}}})
    s = activate(attack(s, "V0", "0:V0", seat=1), 0)
    # seat 0's Bladedancer Trap is not offered against seat 0's own Trap; the Attack resolves, and seat 0
    # (still holding a ready "ask" Trap) is asked about the damage, with nothing to answer it
    assert dmg(s, "0:V0") == 1
    assert window(s) == {"seat": 0, "slots": []} and choices(s, 0, "activate", "slot") == []
    s = decline(s, 0)
    assert window(s) is None
    assert s["players"][0]["reserve"][1]["card"] == "0.bladedancer@6"


# --------------------------------------------------------------------------------------------- Mirrorjest


def test_mirrorjest_leader_action_returns_a_hero_of_yours_to_your_hand():
    s = setup(("mirrorjest", "starseer"), units={0: {"V0": {"key": "brewmother", "damage": 2}}})
    s = lead(s, "0:V0")
    assert kind(s, "0:V0") is None
    assert hand(s, 0) == ["brewmother"]
    check_invariants(s)


def test_mirrorjest_vanguard_swaps_with_its_supporter_when_attacked():
    s = setup(units={0: {"V0": "ironsentry"}, 1: {"V0": "mirrorjest", "F0": "nightblade"}})
    s = attack(s, "V0", "1:V0")
    assert (card_key(s, "1:V0"), card_key(s, "1:F0")) == ("nightblade", "mirrorjest")
    assert (dmg(s, "1:V0"), dmg(s, "1:F0")) == (0, 3)


def test_mirrorjest_vanguard_does_not_swap_with_the_leader():
    s = setup(units={0: {"V1": "ironsentry"}, 1: {"V1": "mirrorjest"}})
    s = attack(s, "V1", "1:V1")
    assert card_key(s, "1:V1") == "mirrorjest" and dmg(s, "1:V1") == 3


def test_mirrorjest_vanguard_without_a_supporter_stays_put():
    s = setup(units={0: {"V0": "ironsentry"}, 1: {"V0": "mirrorjest"}})
    s = attack(s, "V0", "1:V0")
    assert card_key(s, "1:V0") == "mirrorjest" and kind(s, "1:F0") is None


def test_mirrorjest_vanguard_does_not_swap_with_a_corpse():
    s = setup(units={0: {"V0": "ironsentry"}, 1: {"V0": "mirrorjest", "F0": {"key": "nightblade", "corpse": True}}})
    s = attack(s, "V0", "1:V0")
    assert (card_key(s, "1:V0"), kind(s, "1:F0")) == ("mirrorjest", "corpse")


def test_mirrorjest_flank_spell_swaps_places_with_another_hero_of_yours():
    s = setup(wave="F", units={0: {"F0": "mirrorjest", "R2": "stonehide"}})
    assert choices(s, 0, "spell", "target", by="F0") == ["0:R2"]
    s = spell(s, "F0", "0:R2")
    assert (card_key(s, "0:F0"), card_key(s, "0:R2")) == ("stonehide", "mirrorjest")


def test_mirrorjest_rear_spell_returns_a_corpse_of_yours_to_your_hand():
    s = setup(wave="R", units={0: {"R0": "mirrorjest", "V1": {"key": "nightblade", "corpse": True}},
                               1: {"V0": {"key": "stonehide", "corpse": True}}})
    assert choices(s, 0, "spell", "target", by="R0") == ["0:V1"]
    s = spell(s, "R0", "0:V1")
    assert kind(s, "0:V1") is None
    assert hand(s, 0) == ["nightblade"]
    check_invariants(s)


def test_mirrorjest_trap_cancels_a_rival_order_then_draws():
    s = setup(hands={0: ["lorekeeper"]}, deck_top={0: ["marshal", "skyshot", "venomfang"], 1: ["dawnpriest"]},
              reserve={1: {"X0": {"key": "mirrorjest"}}})
    s = order(s, "lorekeeper")
    assert window(s) == {"seat": 1, "slots": ["X0"]}
    # while the Order is activating it is neither in the hand nor in the discard pile
    assert s["in_flight"] == ["0.lorekeeper@6"] and hand(s, 0) == [] and pile(s, 0) == []
    s = activate(s, 1)
    assert hand(s, 0) == [] and pile(s, 0) == ["lorekeeper"]
    assert hand(s, 1) == ["dawnpriest"] and pile(s, 1) == ["mirrorjest"]
    check_invariants(s)


def test_mirrorjest_trap_does_not_answer_a_spell():
    s = setup(wave="F", units={0: {"F0": "lorekeeper"}}, deck_top={0: ["marshal"]},
              reserve={1: {"X0": {"key": "mirrorjest"}}})
    s = spell(s, "F0")
    assert window(s) == {"seat": 1, "slots": []}  # asked (a ready "ask" Trap), but Mirrorjest cannot answer
    s = decline(s, 1)
    assert window(s) is None and hand(s, 0) == ["marshal"]
