"""Promos, Grudgekeeper to Sacrist: every side, power and tactic with hand-worked values (the first Promos and
the set-wide checks are in test_pt_promo_cards.py).
"""

from bot.games.pixel_tactics.scenario import card_id
from tests.games.pt_card_helpers import (
    act,
    activate,
    attack,
    card_key,
    check_invariants,
    choices,
    dmg,
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

NSA = "No Special Abilities"


# ------------------------------------------------------------------------------------------- Grudgekeeper


def test_grudgekeeper_leader_strikes_back_3_and_takes_1_more():
    s = setup(("gearsmith", "grudgekeeper"), units={0: {"V1": "lockwarden"}})
    s = attack(s, "V1", "1:L")
    assert dmg(s, "1:L") == 4 and dmg(s, "0:V1") == 3  # 3 + 1; the attacker takes 3


def test_grudgekeeper_vanguard_strikes_back_3_and_takes_1_more():
    s = setup(units={0: {"V0": "wayscout"}, 1: {"V0": "grudgekeeper"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 4 and dmg(s, "0:V0") == 3


def test_grudgekeeper_flank_hurts_the_rival_leader_when_an_ally_falls():
    s = setup(first=0, units={0: {"F0": "grudgekeeper", "V0": {"key": "rallycaller", "damage": 5}}})
    s = end(end(s), seat=1)
    assert kind(s, "0:V0") == "corpse" and dmg(s, "1:L") == 2


def test_grudgekeeper_rear_spell_hits_only_a_damaged_rival_hero():
    s = setup(wave="R", units={0: {"R0": "grudgekeeper"}, 1: {"V0": {"key": "rallycaller", "damage": 1},
                                                              "V1": "wayscout"}})
    assert choices(s, 0, "spell", "target", by="R0") == ["1:V0"]
    s = spell(s, "R0", "1:V0")
    assert dmg(s, "1:V0") == 3


def test_grudgekeeper_trap_cancels_an_order_and_its_owner_discards():
    s = setup(hands={0: ["rallycaller"], 1: ["wayscout"]}, reserve={1: {"X0": {"key": "grudgekeeper"}}},
              deck_top={0: ["lockwarden"]})
    s = order(s, "rallycaller")
    assert window(s) == {"seat": 1, "slots": ["X0"]}
    s = activate(s, 1)
    assert hand(s, 0) == [] and s["actions_left"] == 1  # no card, no action: cancelled
    assert sorted(pile(s, 1)) == ["grudgekeeper", "wayscout"] and pile(s, 0) == ["rallycaller"]
    check_invariants(s)


# ----------------------------------------------------------------------------------------------- Mutebell


def test_mutebell_leader_rival_spells_cannot_target_your_heroes():
    s = setup(("mutebell", "gearsmith"), turn=1, wave="F", units={0: {"V0": "rallycaller"}, 1: {"F0": "hexwright"}})
    assert stats(s, "0:V0")["immune"] == ["spells"] and stats(s, "0:L")["immune"] == []
    assert choices(s, 1, "spell", "target", by="F0") == []  # Hexwright's Flank Spell has no target left


def test_mutebell_vanguard_plus_1_attack_and_rival_spells_cannot_target_it():
    s = setup(turn=1, wave="F", units={0: {"V0": "mutebell", "V1": "rallycaller"}, 1: {"F0": "hexwright"}})
    assert stats(s, "0:V0")["attack"] == 3
    assert choices(s, 1, "spell", "target", by="F0") == ["0:V1"]


def test_mutebell_flank_spell_silences_the_target_and_itself():
    s = setup(wave="F", units={0: {"F0": "mutebell"}, 1: {"V0": "rallycaller"}})
    s = spell(s, "F0", "1:V0")
    assert sts(s, "1:V0") == [NSA] and sts(s, "0:F0") == [NSA]


def test_mutebell_rear_spell_unsilences_a_hero_of_yours_and_draws():
    s = setup(wave="R", units={0: {"R0": "mutebell", "V0": {"key": "rallycaller", "statuses": [NSA]},
                                   "V1": "wayscout"}}, deck_top={0: ["lockwarden"]})
    assert choices(s, 0, "spell", "target", by="R0") == ["0:V0"]
    s = spell(s, "R0", "0:V0")
    assert sts(s, "0:V0") == [] and hand(s, 0) == ["lockwarden"]


def test_mutebell_trap_cancels_an_order_and_shrinks_its_owners_hand_size():
    s = setup(hands={0: ["rallycaller"]}, reserve={1: {"X0": {"key": "mutebell"}}}, deck_top={0: ["lockwarden"]})
    s = order(s, "rallycaller")
    s = activate(s, 1)
    assert hand(s, 0) == [] and hand_size(s, 1) == 4 and hand_size(s, 0) == 5


def test_mutebell_trap_cancels_a_spell_too():
    s = setup(wave="F", units={0: {"F0": "glaciarch"}, 1: {"V0": "rallycaller"}},
              reserve={1: {"X0": {"key": "mutebell"}}})
    s = activate(spell(s, "F0", "1:V0"), 1)
    assert sts(s, "1:V0") == [] and hand_size(s, 1) == 4


# ---------------------------------------------------------------------------------------------- Snarejack


def test_snarejack_leader_smaller_hand_stronger_heroes():
    s = setup(("snarejack", "gearsmith"), units={0: {"V0": "rallycaller"}})
    assert hand_size(s, 0) == 3 and stats(s, "0:V0")["attack"] == 3  # 5 - 2; 2 + 1


def test_snarejack_vanguard_recruit_makes_the_rival_discard():
    s = setup(hands={0: ["snarejack"], 1: ["wayscout"]})
    s = recruit(s, "snarejack", "V0")
    assert hand(s, 1) == [] and pile(s, 1) == ["wayscout"]


def test_snarejack_flank_spell_returns_another_hero_to_hand_and_rear_is_ranged():
    s = setup(wave="F", units={0: {"F0": "snarejack", "V0": {"key": "rallycaller", "damage": 2}}})
    assert choices(s, 0, "spell", "target", by="F0") == ["0:V0"]
    s = spell(s, "F0", "0:V0")
    assert kind(s, "0:V0") is None and hand(s, 0) == ["rallycaller"]
    assert stats(setup(units={0: {"R0": "snarejack"}}), "0:R0")["ranged"] is True


def test_snarejack_trap_cancels_a_rival_trap_and_draws_2():
    s = setup(units={0: {"V0": "wayscout"}, 1: {"V0": "rallycaller"}},
              reserve={0: {"X0": {"key": "snarejack"}}, 1: {"X0": {"key": "lockwarden"}}},
              deck_top={0: ["salvebinder", "quartermaster"]})
    s = attack(s, "V0", "1:V0")
    s = activate(s, 1)  # Lockwarden's Trap answers the attack
    assert window(s) == {"seat": 0, "slots": ["X0"]}
    s = activate(s, 0)  # Snarejack's Trap answers the Trap
    assert sts(s, "0:V0") == [] and dmg(s, "1:V0") == 3  # Lockwarden's Trap was cancelled
    assert hand(s, 0) == ["salvebinder", "quartermaster"]
    assert pile(s, 0) == ["snarejack"] and pile(s, 1) == ["lockwarden"]
    check_invariants(s)


# ----------------------------------------------------------------------------------------------- Wishwell


def test_wishwell_leader_action_each_player_draws_2():
    s = setup(("wishwell", "gearsmith"), deck_top={0: ["wayscout", "lockwarden"], 1: ["salvebinder", "rallycaller"]})
    s = lead(s)
    assert hand(s, 0) == ["wayscout", "lockwarden"] and hand(s, 1) == ["salvebinder", "rallycaller"]


def test_wishwell_vanguard_each_player_draws_when_it_is_attacked():
    s = setup(units={0: {"V0": "wayscout"}, 1: {"V0": "wishwell"}}, deck_top={0: ["lockwarden"], 1: ["salvebinder"]})
    s = attack(s, "V0", "1:V0")
    assert hand(s, 0) == ["lockwarden"] and hand(s, 1) == ["salvebinder"]


def test_wishwell_flank_spell_each_player_draws_2():
    s = setup(wave="F", units={0: {"F0": "wishwell"}})
    s = spell(s, "F0")
    assert len(hand(s, 0)) == 2 and len(hand(s, 1)) == 2


def test_wishwell_rear_spell_grows_both_hand_sizes():
    s = setup(wave="R", units={0: {"R0": "wishwell"}})
    s = spell(s, "R0")
    assert (hand_size(s, 0), hand_size(s, 1)) == (7, 6)


def test_wishwell_operation_each_player_draws_at_your_turn_end():
    s = setup(hands={0: ["wishwell"]}, deck_top={0: ["wayscout"], 1: ["salvebinder"]})
    s = operation(s, "wishwell")
    s = end(s)
    assert hand(s, 0) == ["wayscout"] and hand(s, 1) == ["salvebinder"]


# ----------------------------------------------------------------------------------------------- Furyhorn


def test_furyhorn_leader_attack_costs_it_1_life():
    s = setup(("furyhorn", "gearsmith"), wave="F", units={1: {"V0": "lockwarden"}})
    s = attack(s, "L", "1:V0")
    assert dmg(s, "1:V0") == 5 and dmg(s, "0:L") == 1


def test_furyhorn_vanguard_attack_grows_and_hurts_itself():
    s = setup(units={0: {"V0": "furyhorn"}, 1: {"V0": "lockwarden"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 5 and sts(s, "0:V0") == ["+1 Attack"] and dmg(s, "0:V0") == 1


def test_furyhorn_flank_spell_hits_a_rival_vanguard_hero():
    s = setup(wave="F", units={0: {"F0": "furyhorn"}, 1: {"V0": "lockwarden", "F0": "rallycaller"}})
    assert choices(s, 0, "spell", "target", by="F0") == ["1:V0"]
    s = spell(s, "F0", "1:V0")
    assert dmg(s, "1:V0") == 3 and dmg(s, "0:F0") == 1


def test_furyhorn_rear_gives_its_forerunner_plus_2_attack_minus_1_life():
    s = setup(units={0: {"R0": "furyhorn", "F0": "rallycaller"}})
    assert (stats(s, "0:F0")["attack"], stats(s, "0:F0")["life"]) == (4, 4)


def test_furyhorn_operation_plus_2_attack_and_1_damage_to_each_hero_at_turn_end():
    s = setup(hands={0: ["furyhorn"]}, units={0: {"V0": "rallycaller", "F0": "wayscout"}})
    s = operation(s, "furyhorn")
    assert stats(s, "0:V0")["attack"] == 4 and stats(s, "0:F0")["attack"] == 5
    s = end(s)
    assert (dmg(s, "0:V0"), dmg(s, "0:F0")) == (1, 1)


# --------------------------------------------------------------------------------------------- Tumblejack


def test_tumblejack_leader_free_action_rescues_a_hero_with_2_or_less_life_left():
    s = setup(("tumblejack", "gearsmith"), units={0: {"V0": {"key": "rallycaller", "damage": 3},
                                                      "V1": {"key": "wayscout", "damage": 1}}})
    assert choices(s, 0, "leader_action", "target") == ["0:V0"]  # 5-3 = 2 left; Wayscout has 3 left
    s = lead(s, "0:V0")
    assert kind(s, "0:V0") is None and hand(s, 0) == ["rallycaller"] and s["actions_left"] == 2


def test_tumblejack_vanguard_swaps_with_its_supporter_after_attacking():
    s = setup(units={0: {"V0": "tumblejack", "F0": "rallycaller"}, 1: {"V0": "lockwarden"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 2
    assert card_key(s, "0:V0") == "rallycaller" and card_key(s, "0:F0") == "tumblejack"


def test_tumblejack_flank_spell_swaps_with_its_forerunner():
    s = setup(wave="F", units={0: {"F0": "tumblejack", "V0": "rallycaller"}})
    s = spell(s, "F0")
    assert card_key(s, "0:V0") == "tumblejack" and card_key(s, "0:F0") == "rallycaller"


def test_tumblejack_rear_spell_returns_itself_and_draws():
    s = setup(wave="R", units={0: {"R0": "tumblejack"}}, deck_top={0: ["wayscout"]})
    s = spell(s, "R0")
    assert kind(s, "0:R0") is None and hand(s, 0) == ["tumblejack", "wayscout"]


def test_tumblejack_order_returns_a_hero_and_gains_2_actions():
    s = setup(hands={0: ["tumblejack"]}, units={0: {"V0": "rallycaller"}})
    s = order(s, "tumblejack", "0:V0")
    assert hand(s, 0) == ["rallycaller"] and s["actions_left"] == 3  # 2 - 1 + 2
    s = recruit(s, "rallycaller", "V0")  # recruited again: its Vanguard power gives the action back
    assert s["actions_left"] == 3


# ------------------------------------------------------------------------------------------------ Sacrist


def test_sacrist_leader_action_sacrifices_a_hero_for_2_cards():
    s = setup(("sacrist", "gearsmith"), units={0: {"V0": "rallycaller"}}, deck_top={0: ["wayscout", "lockwarden"]})
    s = lead(s, "0:V0")
    assert kind(s, "0:V0") == "corpse" and hand(s, 0) == ["wayscout", "lockwarden"]


def test_sacrist_vanguard_grows_when_another_hero_of_yours_falls():
    s = setup(first=0, units={0: {"V0": "sacrist", "V1": {"key": "rallycaller", "damage": 5}}})
    s = end(end(s), seat=1)
    assert kind(s, "0:V1") == "corpse" and sts(s, "0:V0") == ["+1 Attack", "+1 Life"]


def test_sacrist_flank_spell_sacrifices_another_hero_to_heal_4():
    s = setup(wave="F", units={0: {"F0": "sacrist", "V0": "rallycaller", "L": {"damage": 5}}})
    assert choices(s, 0, "spell", "target", by="F0") == ["0:V0"]
    s = spell(s, "F0", "0:V0")
    assert kind(s, "0:V0") == "corpse" and dmg(s, "0:L") == 1


def test_sacrist_rear_spell_sacrifices_another_hero_for_3_damage_at_random():
    s = setup(wave="R", units={0: {"R0": "sacrist", "V0": "rallycaller"}, 1: {"V0": "lockwarden"}})
    s = spell(s, "R0", "0:V0")
    assert kind(s, "0:V0") == "corpse" and dmg(s, "1:V0") == 3


def test_sacrist_order_sacrifices_a_hero_for_3_damage_to_the_rival_leader():
    s = setup(hands={0: ["sacrist"]}, units={0: {"V0": "rallycaller"}})
    s = order(s, "sacrist", "0:V0")
    assert kind(s, "0:V0") == "corpse" and dmg(s, "1:L") == 3
    s = act(s, 0, {"type": "end"})
    check_invariants(s)


def test_a_promo_drawn_in_a_promos_game_is_its_drawers_to_play():
    s = setup(promos=True, hands={0: ["bloodsworn"]}, units={0: {"V0": "rallycaller"}}, promo_top=["sacrist"])
    assert s["promo_deck"][0] == "sacrist" and "bloodsworn" not in s["promo_deck"]
    s = act(s, 0, {"type": "promo_draw", "card": card_id(0, "bloodsworn")})
    assert hand(s, 0) == ["sacrist"] and pile(s, 0) == ["bloodsworn"]
    s = order(s, "sacrist", "0:V0")  # the Promo's Order, played by the seat that drew it
    assert kind(s, "0:V0") == "corpse" and dmg(s, "1:L") == 3
    assert pile(s, 0) == ["bloodsworn", "sacrist"]
    check_invariants(s)
