"""Core set cards 1-5: Lorekeeper, Gloomweaver, Brewmother, Nightblade, Shieldwarden (every side, power and tactic)."""

import pytest

from bot.games.base import IllegalAction
from tests.games.pt_card_helpers import (
    act,
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
    order,
    pile,
    place_trap,
    setup,
    spell,
    stats,
    sts,
    window,
)

# --------------------------------------------------------------------------------------------- Lorekeeper


def test_lorekeeper_leader_hand_size_7_lets_the_draw_action_go_past_5():
    six = ["brewmother", "nightblade", "shieldwarden", "skyshot", "rageborn", "gravecaller"]
    s = setup(("lorekeeper", "gearsmith"), hands={0: six}, deck_top={0: ["marshal"]})
    assert hand_size(s, 0) == 7 and hand_size(s, 1) == 5
    s = act(s, 0, {"type": "draw"})
    assert hand(s, 0) == six + ["marshal"]  # 6 -> 7 cards
    assert not can(s, 0, {"type": "draw"})  # 7 is the new maximum
    check_invariants(s)


def test_quiet_leader_hand_of_5_cannot_use_the_draw_action():
    s = setup(hands={0: ["brewmother", "nightblade", "shieldwarden", "skyshot", "rageborn"]})
    assert hand_size(s, 0) == 5
    assert not can(s, 0, {"type": "draw"})


def test_lorekeeper_vanguard_draws_when_attacked():
    s = setup(units={0: {"V0": "ironsentry"}, 1: {"V0": "lorekeeper"}}, deck_top={1: ["nightblade"]})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 3
    assert hand(s, 1) == ["nightblade"]  # 0 -> 1 card


def test_lorekeeper_in_flank_does_not_draw_when_attacked():
    s = setup(units={0: {"V0": "ironsentry"}, 1: {"F0": "lorekeeper"}}, deck_top={1: ["nightblade"]})
    s = attack(s, "V0", "1:F0")
    assert dmg(s, "1:F0") == 3
    assert hand(s, 1) == []


def test_lorekeeper_flank_spell_draws_a_card():
    s = setup(wave="F", units={0: {"F0": "lorekeeper"}}, deck_top={0: ["nightblade"]})
    s = spell(s, "F0")
    assert hand(s, 0) == ["nightblade"]
    assert s["actions_left"] == 1


def test_lorekeeper_rear_spell_draws_two_then_discards_one_at_random():
    s = setup(wave="R", units={0: {"R0": "lorekeeper"}}, hands={0: ["brewmother"]},
              deck_top={0: ["nightblade", "shieldwarden"]})
    s = spell(s, "R0")
    assert len(hand(s, 0)) == 2 and len(pile(s, 0)) == 1  # 1 + 2 - 1 = 2 in hand
    assert sorted(hand(s, 0) + pile(s, 0)) == ["brewmother", "nightblade", "shieldwarden"]
    check_invariants(s)


def test_lorekeeper_order_draws_3_and_goes_to_the_discard():
    s = setup(hands={0: ["lorekeeper"]}, deck_top={0: ["nightblade", "shieldwarden", "skyshot"]})
    s = order(s, "lorekeeper")
    assert hand(s, 0) == ["nightblade", "shieldwarden", "skyshot"]
    assert pile(s, 0) == ["lorekeeper"]
    assert s["in_flight"] == [] and s["actions_left"] == 1


# -------------------------------------------------------------------------------------------- Gloomweaver


def test_gloomweaver_leader_action_rival_discards_a_random_card_once_per_turn():
    s = setup(("gloomweaver", "gearsmith"), hands={1: ["brewmother", "nightblade"]})
    s = lead(s)
    assert len(hand(s, 1)) == 1 and len(pile(s, 1)) == 1  # 2 -> 1 card
    assert sorted(hand(s, 1) + pile(s, 1)) == ["brewmother", "nightblade"]
    assert s["actions_left"] == 1
    assert not can(s, 0, {"type": "leader_action", "target": None})  # limited


def test_gloomweaver_leader_action_not_during_the_ceasefire():
    s = setup(("gloomweaver", "gearsmith"), hands={1: ["brewmother", "nightblade"]}, ceasefire=True)
    assert not can(s, 0, {"type": "leader_action", "target": None})


def test_gloomweaver_vanguard_spell_gives_a_rival_hero_no_special_abilities():
    s = setup(units={0: {"V0": "gloomweaver"}, 1: {"V0": "stonehide"}})
    assert stats(s, "1:V0")["reduce"] == 2
    s = spell(s, "V0", "1:V0")
    assert sts(s, "1:V0") == ["No Special Abilities"]
    assert stats(s, "1:V0")["reduce"] == 0  # Stonehide's Vanguard text is blank


def test_gloomweaver_vanguard_spell_targets_only_rival_heroes():
    s = setup(units={0: {"V0": "gloomweaver", "V1": "ironsentry"}, 1: {"V0": "stonehide"}})
    assert choices(s, 0, "spell", "target", by="V0") == ["1:V0"]


def test_gloomweaver_flank_spell_rival_discards_a_random_card():
    s = setup(wave="F", units={0: {"F0": "gloomweaver"}}, hands={1: ["brewmother", "nightblade"]})
    s = spell(s, "F0")
    assert len(hand(s, 1)) == 1 and len(pile(s, 1)) == 1
    assert sorted(hand(s, 1) + pile(s, 1)) == ["brewmother", "nightblade"]


def test_gloomweaver_rear_spell_lowers_rival_hand_size_and_blocks_their_draw():
    four = ["brewmother", "nightblade", "shieldwarden", "skyshot"]
    s = setup(wave="R", units={0: {"R0": "gloomweaver"}}, hands={1: four})
    assert hand_size(s, 1) == 5
    s = spell(s, "R0")
    assert hand_size(s, 1) == 4 and hand_size(s, 0) == 5
    s = end(s)  # seat 1's turn now, with 4 cards in hand and a maximum of 4
    assert s["turn"] == 1
    assert not can(s, 1, {"type": "draw"})


def test_gloomweaver_trap_cancels_a_rival_spell_after_a_window():
    s = setup(wave="F", units={0: {"F0": "lorekeeper"}}, deck_top={0: ["nightblade"]},
              reserve={1: {"X0": {"key": "gloomweaver"}}})
    s = spell(s, "F0")
    assert window(s) == {"seat": 1, "slots": ["X0"]}
    assert hand(s, 0) == []  # nothing resolved yet
    s = activate(s, 1)
    assert hand(s, 0) == []  # the draw was cancelled
    assert pile(s, 1) == ["gloomweaver"] and s["players"][1]["reserve"][0] is None
    assert s["actions_left"] == 1 and window(s) is None
    check_invariants(s)


def test_gloomweaver_trap_declined_lets_the_spell_resolve():
    s = setup(wave="F", units={0: {"F0": "lorekeeper"}}, deck_top={0: ["nightblade"]},
              reserve={1: {"X0": {"key": "gloomweaver"}}})
    s = decline(spell(s, "F0"), 1)
    assert hand(s, 0) == ["nightblade"]
    assert s["players"][1]["reserve"][0]["card"] == "1.gloomweaver@6"


def test_gloomweaver_trap_always_cancels_a_rival_order_automatically():
    s = setup(hands={0: ["lorekeeper"]}, deck_top={0: ["nightblade", "shieldwarden", "skyshot"]},
              reserve={1: {"X0": {"key": "gloomweaver", "policy": "always"}}})
    s = order(s, "lorekeeper")
    assert window(s) is None
    assert hand(s, 0) == []  # Draw 3 cancelled
    assert pile(s, 0) == ["lorekeeper"] and pile(s, 1) == ["gloomweaver"]


def test_gloomweaver_trap_placed_face_down_answers_the_rivals_next_turn():
    s = setup(hands={0: ["gloomweaver"]}, turn=0, first=0, wave="F",
              units={1: {"F0": "lorekeeper"}}, deck_top={1: ["nightblade"]})
    s = place_trap(s, "gloomweaver")
    assert s["players"][0]["reserve"][0] == {"kind": "trap", "card": "0.gloomweaver@6", "policy": "ask",
                                             "placed_turn": 10}
    assert hand(s, 0) == [] and s["actions_left"] == 1
    s = end(s)  # seat 1's Flank turn
    s = spell(s, "F0", seat=1)
    assert window(s) == {"seat": 0, "slots": ["X0"]}
    s = activate(s, 0)
    assert hand(s, 1) == [] and pile(s, 0) == ["gloomweaver"]


def test_gloomweaver_trap_placed_this_turn_cannot_fire():
    s = setup(wave="F", units={0: {"F0": "lorekeeper"}}, deck_top={0: ["nightblade"]},
              reserve={1: {"X0": {"key": "gloomweaver", "ready": False}}})
    s = spell(s, "F0")
    assert window(s) is None and hand(s, 0) == ["nightblade"]


# --------------------------------------------------------------------------------------------- Brewmother


def test_brewmother_leader_action_removes_2_damage_from_each_hero():
    s = setup(("brewmother", "gearsmith"),
              units={0: {"V0": {"key": "ironsentry", "damage": 3}, "F0": {"key": "stonehide", "damage": 1},
                         "L": {"damage": 4}}})
    s = lead(s)
    assert (dmg(s, "0:V0"), dmg(s, "0:F0"), dmg(s, "0:L")) == (1, 0, 4)


def test_brewmother_vanguard_takes_1_less_damage_from_attacks():
    s = setup(units={0: {"V0": "ironsentry"}, 1: {"V0": "brewmother"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 2  # 3 - 1


def test_brewmother_in_flank_takes_full_damage():
    s = setup(units={0: {"V0": "ironsentry"}, 1: {"F0": "brewmother"}})
    s = attack(s, "V0", "1:F0")
    assert dmg(s, "1:F0") == 3


def test_brewmother_flank_spell_removes_3_damage_from_your_leader():
    s = setup(wave="F", units={0: {"F0": "brewmother", "L": {"damage": 5}}})
    assert choices(s, 0, "spell", "target", by="F0") == ["0:F0", "0:L"]
    s = spell(s, "F0", "0:L")
    assert dmg(s, "0:L") == 2


def test_brewmother_rear_spell_removes_2_damage_from_each_of_your_heroes():
    s = setup(wave="R", units={0: {"R0": "brewmother", "V0": {"key": "ironsentry", "damage": 3},
                                   "F2": {"key": "stonehide", "damage": 1}, "L": {"damage": 3}}})
    s = spell(s, "R0")
    assert (dmg(s, "0:V0"), dmg(s, "0:F2"), dmg(s, "0:L")) == (1, 0, 3)


def test_brewmother_order_removes_5_damage_as_much_as_there_is():
    s = setup(hands={0: ["brewmother"]}, units={0: {"V1": {"key": "stonehide", "damage": 4}}})
    s = order(s, "brewmother", "0:V1")
    assert dmg(s, "0:V1") == 0
    assert pile(s, 0) == ["brewmother"]


# --------------------------------------------------------------------------------------------- Nightblade


def test_nightblade_leader_long_action_defeats_a_hero_with_2_life_left():
    s = setup(("nightblade", "gearsmith"), actions=3,
              units={1: {"V0": {"key": "brewmother", "damage": 3}, "V1": {"key": "ironsentry", "damage": 3}}})
    assert choices(s, 0, "leader_action", "target") == ["1:V0"]  # 5-3=2 left; Iron Sentry has 6-3=3
    s = lead(s, "1:V0")
    assert kind(s, "1:V0") == "corpse" and dmg(s, "1:V0") == 0
    assert kind(s, "1:V1") == "hero"
    assert s["actions_left"] == 1
    check_invariants(s)


def test_nightblade_leader_action_is_long():
    s = setup(("nightblade", "gearsmith"), actions=1, units={1: {"V0": {"key": "brewmother", "damage": 3}}})
    assert not can(s, 0, {"type": "leader_action", "target": "1:V0"})


def test_nightblade_vanguard_has_plus_2_attack():
    s = setup(units={0: {"V0": "nightblade"}, 1: {"V0": "ironsentry"}})
    assert stats(s, "0:V0")["attack"] == 5
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 5


def test_nightblade_in_flank_attacks_with_its_printed_3():
    s = setup(wave="F", units={0: {"F0": "nightblade"}, 1: {"V0": "ironsentry"}})
    s = attack(s, "F0", "1:V0")
    assert dmg(s, "1:V0") == 3


def test_nightblade_flank_spell_defeats_a_damaged_rival_hero():
    s = setup(wave="F", units={0: {"F0": "nightblade"},
                               1: {"V0": {"key": "stonehide", "damage": 1}, "V1": "ironsentry"}})
    assert choices(s, 0, "spell", "target", by="F0") == ["1:V0"]
    s = spell(s, "F0", "1:V0")
    assert kind(s, "1:V0") == "corpse"
    assert kind(s, "1:V1") == "hero"


def test_nightblade_rear_is_ranged():
    s = setup(wave="R", units={0: {"V0": "ironsentry", "R0": "nightblade"}, 1: {"V1": "brewmother",
                                                                                  "R1": "stonehide"}})
    assert "1:R1" in choices(s, 0, "attack", "target", by="R0")  # behind Brewmother and the Leader
    s = attack(s, "R0", "1:R1")
    assert dmg(s, "1:R1") == 3


def test_nightblade_in_vanguard_is_not_ranged():
    s = setup(units={0: {"V0": "nightblade"}, 1: {"V1": "brewmother", "R1": "stonehide"}})
    assert choices(s, 0, "attack", "target", by="V0") == ["1:V1"]  # melee reach only


def test_nightblade_order_defeats_a_rival_hero_with_3_or_less_life_left():
    s = setup(hands={0: ["nightblade"]},
              units={1: {"V0": {"key": "brewmother", "damage": 2}, "V1": "ironsentry"}})
    assert choices(s, 0, "order", "target") == ["1:V0"]  # 5-2=3 left; Iron Sentry has 6
    s = order(s, "nightblade", "1:V0")
    assert kind(s, "1:V0") == "corpse"
    assert pile(s, 0) == ["nightblade"]


# ------------------------------------------------------------------------------------------- Shieldwarden


def test_shieldwarden_leader_gives_vanguard_heroes_intercept():
    s = setup(("gearsmith", "shieldwarden"), wave="R",
              units={0: {"V0": "ironsentry", "R0": "nightblade"},
                     1: {"V1": "brewmother", "F0": "stonehide", "R1": "skyshot"}})
    assert stats(s, "1:V1")["intercept"] is True
    # the Leader and the Rear Hero behind Brewmother are covered; Stonehide in F0 is not
    assert choices(s, 0, "attack", "target", by="R0") == ["1:F0", "1:V1"]
    with pytest.raises(IllegalAction):
        attack(s, "R0", "1:L")
    s = attack(s, "R0", "1:V1")
    assert dmg(s, "1:V1") == 2  # 3 - 1 (Brewmother's Vanguard)


def test_shieldwarden_leader_intercept_is_granted_so_no_special_abilities_keeps_it():
    s = setup(("gearsmith", "shieldwarden"), wave="R",
              units={0: {"V0": "brewmother", "R0": "nightblade"},
                     1: {"V1": {"key": "brewmother", "statuses": ["No Special Abilities"]}}})
    assert choices(s, 0, "attack", "target", by="R0") == ["1:V1"]


def test_quiet_leader_leaves_the_leader_open_to_ranged_attacks():
    s = setup(wave="R", units={0: {"V0": "ironsentry", "R0": "nightblade"}, 1: {"V1": "brewmother"}})
    assert choices(s, 0, "attack", "target", by="R0") == ["1:L", "1:V1"]


def test_shieldwarden_vanguard_intercepts_and_takes_1_less():
    s = setup(wave="R", units={0: {"V0": "ironsentry", "R0": "nightblade"}, 1: {"V1": "shieldwarden"}})
    assert choices(s, 0, "attack", "target", by="R0") == ["1:V1"]
    s = attack(s, "R0", "1:V1")
    assert dmg(s, "1:V1") == 2  # 3 - 1


def test_shieldwarden_flank_forerunner_takes_2_less():
    s = setup(units={0: {"V0": "blastwright"}, 1: {"V0": "ironsentry", "F0": "shieldwarden"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 2  # Blastwright Vanguard 3+1 = 4, minus 2


def test_shieldwarden_flank_still_protects_a_forerunner_with_no_special_abilities():
    s = setup(units={0: {"V0": "blastwright"},
                     1: {"V0": {"key": "ironsentry", "statuses": ["No Special Abilities"]}, "F0": "shieldwarden"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 2


def test_shieldwarden_flank_with_no_special_abilities_protects_nobody():
    s = setup(units={0: {"V0": "blastwright"},
                     1: {"V0": "ironsentry", "F0": {"key": "shieldwarden", "statuses": ["No Special Abilities"]}}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 4


def test_shieldwarden_rear_spell_gives_a_hero_of_yours_intercept():
    s = setup(wave="R", units={0: {"R0": "shieldwarden", "V1": "brewmother"}})
    s = spell(s, "R0", "0:V1")
    assert sts(s, "0:V1") == ["Intercept"]
    assert stats(s, "0:V1")["intercept"] is True


def test_shieldwarden_trap_attack_deals_3_less():
    s = setup(units={0: {"V0": "blastwright"}, 1: {"V0": "ironsentry"}},
              reserve={1: {"X1": {"key": "shieldwarden"}}})
    s = attack(s, "V0", "1:V0")
    assert window(s) == {"seat": 1, "slots": ["X1"]} and dmg(s, "1:V0") == 0
    s = activate(s, 1, "X1")
    assert dmg(s, "1:V0") == 1  # 4 - 3
    assert pile(s, 1) == ["shieldwarden"]
    check_invariants(s)


def test_shieldwarden_trap_set_to_never_stays_down():
    s = setup(units={0: {"V0": "blastwright"}, 1: {"V0": "ironsentry"}},
              reserve={1: {"X1": {"key": "shieldwarden", "policy": "never"}}})
    s = attack(s, "V0", "1:V0")
    assert window(s) is None and dmg(s, "1:V0") == 4
    assert s["players"][1]["reserve"][1]["card"] == "1.shieldwarden@6"
