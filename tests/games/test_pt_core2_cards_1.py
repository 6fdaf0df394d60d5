"""Core Set 2 cards 1-5: Grave Sexton, Bonewright, Tombwarden, Carrion Kite, Marrow Fiend (every side, power
and tactic; expected values worked out by hand from the card texts)."""

from tests.games.pt_card_helpers import (
    at,
    attack,
    can,
    card_key,
    check_invariants,
    choices,
    dmg,
    hand,
    kind,
    lead,
    operation,
    order,
    pile,
    spell,
    stats,
    sts,
)
from tests.games.test_pt_core2_support import setup2, wave_end

# ------------------------------------------------------------------------------------------- Grave Sexton


def test_gravesexton_leader_action_clears_any_corpse_then_draws_once_per_turn():
    s = setup2(("gravesexton", "cryptmother"), units={0: {"V0": {"key": "bonewright", "corpse": True}},
                                                     1: {"V0": {"key": "tombwarden", "corpse": True}}},
               deck_top={0: ["carrionkite"]})
    assert choices(s, 0, "leader_action", "target") == ["0:V0", "1:V0"]
    s = lead(s, "1:V0")
    assert at(s, "1:V0") is None and pile(s, 1) == ["tombwarden"]  # cleared to its owner's pile
    assert hand(s, 0) == ["carrionkite"] and s["actions_left"] == 1
    assert not can(s, 0, {"type": "leader_action", "target": "0:V0"})  # limited
    check_invariants(s)


def test_gravesexton_vanguard_draws_when_another_hero_of_yours_is_defeated():
    s = setup2(units={0: {"V0": "gravesexton", "V1": {"key": "tombwarden", "damage": 7}}},
               deck_top={0: ["carrionkite"]})
    s = wave_end(s)
    assert kind(s, "0:V1") == "corpse" and s["wave"] == "F"
    assert hand(s, 0) == ["carrionkite"]
    check_invariants(s)


def test_gravesexton_vanguard_does_not_draw_for_its_own_defeat():
    s = setup2(units={0: {"V0": {"key": "gravesexton", "damage": 5}}}, deck_top={0: ["carrionkite"]})
    s = wave_end(s)
    assert kind(s, "0:V0") == "corpse" and hand(s, 0) == []


def test_gravesexton_flank_spell_clears_any_corpse_and_heals_the_leader_2():
    s = setup2(wave="F", units={0: {"F0": "gravesexton", "L": {"damage": 5}},
                                1: {"V0": {"key": "bonewright", "corpse": True}}})
    s = spell(s, "F0", "1:V0")
    assert at(s, "1:V0") is None and pile(s, 1) == ["bonewright"]
    assert dmg(s, "0:L") == 3  # 5 - 2


def test_gravesexton_rear_spell_clears_a_corpse_of_yours_then_draws_2():
    s = setup2(wave="R", units={0: {"R0": "gravesexton", "V0": {"key": "bonewright", "corpse": True}},
                                1: {"V0": {"key": "tombwarden", "corpse": True}}},
               deck_top={0: ["carrionkite", "marrowfiend"]})
    assert choices(s, 0, "spell", "target", by="R0") == ["0:V0"]  # own Corpses only
    s = spell(s, "R0", "0:V0")
    assert at(s, "0:V0") is None and pile(s, 0) == ["bonewright"]
    assert hand(s, 0) == ["carrionkite", "marrowfiend"]
    check_invariants(s)


def test_gravesexton_operation_draws_when_a_hero_of_yours_is_defeated():
    s = setup2(hands={0: ["gravesexton"]}, units={0: {"V0": {"key": "tombwarden", "damage": 7}}},
               deck_top={0: ["carrionkite"]})
    s = operation(s, "gravesexton")
    assert card_key(s, "0:X0") == "gravesexton" and at(s, "0:X0")["timers"] == 4
    s = wave_end(s)
    assert kind(s, "0:V0") == "corpse" and hand(s, 0) == ["carrionkite"]
    assert at(s, "0:X0")["timers"] == 3  # one marker off at the end of seat 0's turn
    check_invariants(s)


# --------------------------------------------------------------------------------------------- Bonewright


def test_bonewright_leader_gives_your_flank_heroes_plus_1_attack():
    units = {0: {"F0": "tombwarden", "V0": "carrionkite", "R0": "pathfinder"}, 1: {"F0": "tombwarden"}}
    s = setup2(("bonewright", "cryptmother"), units=units)
    quiet = setup2(units=units)  # the same Units under Leaders without a static bonus
    assert stats(s, "0:L")["attack"] == 3 and stats(s, "0:L")["life"] == 21  # Bonewright's Leader 3/21 (content 4)
    assert stats(s, "0:F0")["attack"] == stats(quiet, "0:F0")["attack"] + 1 == 3  # Tombwarden's Hero: 2, +1
    for where in ("0:V0", "0:R0", "1:F0"):  # your Vanguard and Rear, the rival's Flank: unchanged
        assert stats(s, where)["attack"] == stats(quiet, where)["attack"], where


def test_bonewright_vanguard_gains_plus_1_life_x2_when_another_hero_of_yours_is_defeated():
    s = setup2(units={0: {"V0": "bonewright", "V1": {"key": "tombwarden", "damage": 7}}})
    s = wave_end(s)
    assert sts(s, "0:V0") == ["+1 Life", "+1 Life"]
    assert stats(s, "0:V0")["life"] == 7


def test_bonewright_flank_spell_revives_a_corpse_of_yours_without_special_abilities():
    s = setup2(wave="F", units={0: {"F0": "bonewright", "V0": {"key": "tombwarden", "corpse": True}}})
    assert stats(s, "0:F0")["attack"] == 3
    s = spell(s, "F0", "0:V0")
    assert kind(s, "0:V0") == "hero" and dmg(s, "0:V0") == 0
    assert sts(s, "0:V0") == ["No Special Abilities"]
    assert stats(s, "0:V0")["intercept"] is False  # Tombwarden's Vanguard Intercept is blank


def test_bonewright_rear_spell_clears_a_corpse_of_yours_and_gives_each_hero_plus_1_attack():
    s = setup2(wave="R", units={0: {"R0": "bonewright", "V0": {"key": "tombwarden", "corpse": True},
                                    "V1": "marrowfiend"}})
    s = spell(s, "R0", "0:V0")
    assert at(s, "0:V0") is None and pile(s, 0) == ["tombwarden"]
    assert sts(s, "0:V1") == ["+1 Attack"] and sts(s, "0:R0") == ["+1 Attack"]
    assert stats(s, "0:V1")["attack"] == 5 and stats(s, "0:L")["attack"] == 3  # Leaders are not Heroes


def test_bonewright_order_revives_a_corpse_of_yours_with_plus_1_attack():
    s = setup2(hands={0: ["bonewright"]}, units={0: {"V0": {"key": "tombwarden", "corpse": True}}})
    s = order(s, "bonewright", "0:V0")
    assert kind(s, "0:V0") == "hero" and sts(s, "0:V0") == ["+1 Attack"]
    assert stats(s, "0:V0")["attack"] == 3 and pile(s, 0) == ["bonewright"]
    check_invariants(s)


# --------------------------------------------------------------------------------------------- Tombwarden


def test_tombwarden_leader_vanguard_heroes_take_1_less_damage_from_attacks():
    s = setup2(("tombwarden", "cryptmother"), turn=1,
               units={0: {"V0": "marrowfiend", "F0": "carrionkite"}, 1: {"V0": "cragspear"}})
    assert stats(s, "0:V0")["reduce"] == 1 and stats(s, "0:F0")["reduce"] == 0
    s = attack(s, "V0", "0:V0", seat=1)
    assert dmg(s, "0:V0") == 3  # 4 - 1


def test_tombwarden_vanguard_intercept_shields_the_hero_behind_it():
    s = setup2(wave="R", units={0: {"R0": "gallowshot"}, 1: {"V0": "tombwarden", "F0": "marrowfiend"}})
    assert stats(s, "1:V0")["intercept"] is True
    targets = choices(s, 0, "attack", "target", by="R0")
    assert "1:V0" in targets and "1:F0" not in targets


def test_tombwarden_flank_gives_its_forerunner_intercept():
    s = setup2(units={0: {"F0": "tombwarden", "V0": "marrowfiend", "F2": "bonewright"}})
    assert stats(s, "0:V0")["intercept"] is True
    assert stats(s, "0:F0")["intercept"] is False and stats(s, "0:F2")["intercept"] is False


def test_tombwarden_rear_spell_clears_a_corpse_of_yours_and_heals_the_leader_3():
    s = setup2(wave="R", units={0: {"R0": "tombwarden", "V0": {"key": "marrowfiend", "corpse": True},
                                    "L": {"damage": 5}}})
    s = spell(s, "R0", "0:V0")
    assert at(s, "0:V0") is None and pile(s, 0) == ["marrowfiend"] and dmg(s, "0:L") == 2


def test_tombwarden_operation_gives_your_heroes_plus_1_life():
    s = setup2(hands={0: ["tombwarden"]}, units={0: {"V0": "marrowfiend"}, 1: {"V0": "bonewright"}})
    s = operation(s, "tombwarden")
    assert stats(s, "0:V0")["life"] == 6 and stats(s, "1:V0")["life"] == 5
    assert stats(s, "0:L")["life"] == 20  # Cryptmother's Leader side (3/20) is not a Hero


# ------------------------------------------------------------------------------------------- Carrion Kite


def test_carrionkite_leader_heals_2_when_a_rival_hero_is_defeated():
    s = setup2(("carrionkite", "cryptmother"), units={0: {"L": {"damage": 5}},
                                                     1: {"V0": {"key": "tombwarden", "damage": 7}}})
    s = wave_end(s)
    assert kind(s, "1:V0") == "corpse" and dmg(s, "0:L") == 3  # 5 - 2


def test_carrionkite_vanguard_gains_plus_1_attack_when_a_rival_hero_is_defeated():
    s = setup2(units={0: {"V0": "carrionkite"}, 1: {"V0": {"key": "tombwarden", "damage": 7}}})
    s = wave_end(s)
    assert sts(s, "0:V0") == ["+1 Attack"] and stats(s, "0:V0")["attack"] == 4


def test_carrionkite_flank_spell_clears_a_rival_corpse_then_draws():
    s = setup2(wave="F", units={0: {"F0": "carrionkite", "V0": {"key": "bonewright", "corpse": True}},
                                1: {"V0": {"key": "tombwarden", "corpse": True}}}, deck_top={0: ["marrowfiend"]})
    assert choices(s, 0, "spell", "target", by="F0") == ["1:V0"]
    s = spell(s, "F0", "1:V0")
    assert at(s, "1:V0") is None and pile(s, 1) == ["tombwarden"] and hand(s, 0) == ["marrowfiend"]


def test_carrionkite_rear_is_ranged():
    s = setup2(wave="R", units={0: {"R0": "carrionkite"}, 1: {"V1": "marrowfiend", "R0": "bonewright"}})
    assert stats(s, "0:R0")["ranged"] is True
    s = attack(s, "R0", "1:R0")
    assert dmg(s, "1:R0") == 3


def test_carrionkite_operation_deals_1_to_the_rival_leader_when_a_rival_hero_is_defeated():
    s = setup2(reserve={0: {"X0": {"key": "carrionkite", "kind": "operation"}}},
               units={0: {"V0": {"key": "bonewright", "damage": 5}}, 1: {"V0": {"key": "tombwarden", "damage": 7}}})
    s = wave_end(s)
    assert kind(s, "0:V0") == "corpse" and kind(s, "1:V0") == "corpse"
    assert dmg(s, "1:L") == 1 and dmg(s, "0:L") == 0  # only the rival Hero's defeat counts


# ------------------------------------------------------------------------------------------- Marrow Fiend


def test_marrowfiend_leader_free_action_clears_a_corpse_of_yours_and_gains_plus_1_attack():
    s = setup2(("marrowfiend", "cryptmother"), units={0: {"V1": {"key": "bonewright", "corpse": True},
                                                         "V2": {"key": "carrionkite", "corpse": True}},
                                                     1: {"V0": {"key": "tombwarden", "corpse": True}}})
    assert choices(s, 0, "leader_action", "target") == ["0:V1", "0:V2"]  # Corpses of yours only
    s = lead(s, "0:V1")
    assert at(s, "0:V1") is None and pile(s, 0) == ["bonewright"] and kind(s, "1:V0") == "corpse"
    assert sts(s, "0:L") == ["+1 Attack"] and stats(s, "0:L")["attack"] == 3  # 2 + 1
    assert s["actions_left"] == 2  # free: no action spent
    assert not can(s, 0, {"type": "leader_action", "target": "0:V2"})  # limited


def test_marrowfiend_vanguard_spell_clears_a_corpse_and_gains_plus_1_attack_x2_and_plus_1_life():
    s = setup2(units={0: {"V0": "marrowfiend", "V1": {"key": "bonewright", "corpse": True}}})
    s = spell(s, "V0", "0:V1")
    assert at(s, "0:V1") is None and (stats(s, "0:V0")["attack"], stats(s, "0:V0")["life"]) == (6, 6)


def test_marrowfiend_flank_takes_1_less_damage_from_attacks():
    s = setup2(turn=1, wave="F", units={0: {"F0": "marrowfiend"}, 1: {"F0": "cragspear"}})
    s = attack(s, "F0", "0:F0", seat=1)
    assert dmg(s, "0:F0") == 3  # 4 - 1


def test_marrowfiend_rear_gives_its_forerunner_plus_1_attack():
    s = setup2(units={0: {"R0": "marrowfiend", "F0": "tombwarden", "F2": "bonewright"}})
    assert stats(s, "0:F0")["attack"] == 3 and stats(s, "0:F2")["attack"] == 3
    assert stats(s, "0:R0")["attack"] == 4


def test_marrowfiend_order_clears_any_corpse_then_deals_2_to_the_rival_leader():
    s = setup2(hands={0: ["marrowfiend"]}, units={0: {"V0": {"key": "bonewright", "corpse": True}},
                                                  1: {"V0": {"key": "tombwarden", "corpse": True}}})
    assert choices(s, 0, "order", "target") == ["0:V0", "1:V0"]
    s = order(s, "marrowfiend", "0:V0")
    assert at(s, "0:V0") is None and dmg(s, "1:L") == 2
    assert pile(s, 0) == ["bonewright", "marrowfiend"]
    check_invariants(s)
