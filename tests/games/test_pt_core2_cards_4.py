"""Core Set 2 cards 16-20: Gallowshot, Cairnguard, Ashmoth, Pyrekeeper, Mournbell (every side, power and
tactic; expected values worked out by hand from the card texts)."""

from tests.games.pt_card_helpers import (
    at,
    attack,
    can,
    card_key,
    check_invariants,
    choices,
    deck,
    dmg,
    end,
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

# ---------------------------------------------------------------------------------------------- Gallowshot


def test_gallowshot_leader_gives_flank_heroes_ranged():
    s = setup2(("gallowshot", "cryptmother"), units={0: {"F0": "marrowfiend", "V0": "bonewright"}})
    assert stats(s, "0:F0")["ranged"] is True and stats(s, "0:V0")["ranged"] is False


def test_gallowshot_vanguard_is_ranged_and_reaches_the_rear():
    s = setup2(units={0: {"V0": "gallowshot"}, 1: {"V0": "bonewright", "R2": "marrowfiend"}})
    s = attack(s, "V0", "1:R2")
    assert dmg(s, "1:R2") == 3


def test_gallowshot_flank_is_ranged_with_plus_1_attack():
    s = setup2(units={0: {"F0": "gallowshot"}})
    assert stats(s, "0:F0")["ranged"] is True and stats(s, "0:F0")["attack"] == 4


def test_gallowshot_rear_is_ranged_and_gives_its_target_minus_1_attack():
    s = setup2(wave="R", units={0: {"R0": "gallowshot"}, 1: {"V0": "bonewright", "R2": "marrowfiend"}})
    s = attack(s, "R0", "1:R2")
    assert dmg(s, "1:R2") == 3 and sts(s, "1:R2") == ["-1 Attack"] and stats(s, "1:R2")["attack"] == 3


def test_gallowshot_order_defeats_a_rival_hero_with_2_or_less_life_left_then_draws():
    s = setup2(hands={0: ["gallowshot"]}, deck_top={0: ["bonewright"]},
               units={1: {"V0": {"key": "tombwarden", "damage": 5}, "V1": {"key": "marrowfiend", "damage": 2}}})
    assert choices(s, 0, "order", "target") == ["1:V0"]  # 2 left vs 3 left
    s = order(s, "gallowshot", "1:V0")
    assert kind(s, "1:V0") == "corpse" and hand(s, 0) == ["bonewright"] and pile(s, 0) == ["gallowshot"]
    check_invariants(s)


# ---------------------------------------------------------------------------------------------- Cairnguard


def test_cairnguard_leader_gives_flank_heroes_intercept():
    s = setup2(("cairnguard", "cryptmother"), units={0: {"F2": "marrowfiend", "R2": "bonewright"}})
    assert stats(s, "0:F2")["intercept"] is True and stats(s, "0:R2")["intercept"] is False


def test_cairnguard_vanguard_has_intercept_and_plus_1_life():
    s = setup2(units={0: {"V0": "cairnguard"}})
    assert stats(s, "0:V0")["intercept"] is True and stats(s, "0:V0")["life"] == 9


def test_cairnguard_flank_has_intercept():
    s = setup2(wave="R", units={0: {"R0": "gallowshot"}, 1: {"F0": "cairnguard", "R0": "marrowfiend"}})
    assert stats(s, "1:F0")["intercept"] is True
    targets = choices(s, 0, "attack", "target", by="R0")
    assert "1:F0" in targets and "1:R0" not in targets


def test_cairnguard_rear_spell_gives_a_hero_of_yours_intercept_and_plus_1_life():
    s = setup2(wave="R", units={0: {"R0": "cairnguard", "V1": "marrowfiend"}})
    s = spell(s, "R0", "0:V1")
    assert sts(s, "0:V1") == ["Intercept", "+1 Life"]
    assert stats(s, "0:V1")["intercept"] is True and stats(s, "0:V1")["life"] == 6


def test_cairnguard_order_gives_intercept_and_plus_1_life_x2():
    s = setup2(hands={0: ["cairnguard"]}, units={0: {"V1": "marrowfiend"}})
    s = order(s, "cairnguard", "0:V1")
    assert stats(s, "0:V1")["intercept"] is True and stats(s, "0:V1")["life"] == 7


# ------------------------------------------------------------------------------------------------- Ashmoth


def test_ashmoth_leader_action_gives_a_rival_hero_no_special_abilities_once_per_turn():
    s = setup2(("ashmoth", "cryptmother"), units={0: {"V0": "marrowfiend"}, 1: {"V0": "tombwarden", "F2": "bonewright"}})
    assert choices(s, 0, "leader_action", "target") == ["0:V0", "1:F2", "1:V0"]  # any Hero
    s = lead(s, "1:V0")
    assert sts(s, "1:V0") == ["No Special Abilities"] and stats(s, "1:V0")["intercept"] is False
    assert s["actions_left"] == 1 and not can(s, 0, {"type": "leader_action", "target": "1:F2"})


def test_ashmoth_leader_action_may_silence_a_hero_of_yours():
    s = setup2(("ashmoth", "cryptmother"), units={0: {"F0": "marrowfiend"}, 1: {"V0": "tombwarden"}})
    assert stats(s, "0:F0")["reduce"] == 1  # Marrow Fiend's Flank: takes 1 less damage from Attacks
    s = lead(s, "0:F0")
    assert sts(s, "0:F0") == ["No Special Abilities"] and stats(s, "0:F0")["reduce"] == 0
    assert sts(s, "1:V0") == [] and s["actions_left"] == 1


def test_ashmoth_leader_action_only_at_own_heroes_during_the_ceasefire():
    s = setup2(("ashmoth", "cryptmother"), ceasefire=True, units={0: {"V0": "marrowfiend"}, 1: {"V0": "tombwarden"}})
    assert choices(s, 0, "leader_action", "target") == ["0:V0"]
    assert not can(s, 0, {"type": "leader_action", "target": "1:V0"})


def test_ashmoth_vanguard_gives_its_attacker_no_special_abilities():
    s = setup2(turn=1, units={0: {"V0": "ashmoth"}, 1: {"V0": "cragspear"}})
    s = attack(s, "V0", "0:V0", seat=1)
    assert dmg(s, "0:V0") == 4 and sts(s, "1:V0") == ["No Special Abilities"]


def test_ashmoth_flank_is_ranged():
    s = setup2(units={0: {"F0": "ashmoth"}})
    assert stats(s, "0:F0")["ranged"] is True


def test_ashmoth_rear_spell_gives_a_rival_hero_no_special_abilities():
    s = setup2(wave="R", units={0: {"R0": "ashmoth"}, 1: {"V0": "tombwarden"}})
    assert choices(s, 0, "spell", "target", by="R0") == ["1:V0"]
    s = spell(s, "R0", "1:V0")
    assert stats(s, "1:V0")["nsa"] is True and stats(s, "1:V0")["intercept"] is False


def test_ashmoth_order_gives_no_special_abilities_and_minus_1_attack():
    s = setup2(hands={0: ["ashmoth"]}, units={1: {"V0": "marrowfiend"}})
    s = order(s, "ashmoth", "1:V0")
    assert sts(s, "1:V0") == ["No Special Abilities", "-1 Attack"] and stats(s, "1:V0")["attack"] == 3


# ---------------------------------------------------------------------------------------------- Pyrekeeper


def test_pyrekeeper_leader_action_clears_a_corpse_of_yours_then_deals_1_to_the_rival_leader():
    s = setup2(("pyrekeeper", "cryptmother"), units={0: {"V0": {"key": "marrowfiend", "corpse": True},
                                                         "V2": {"key": "tombwarden", "corpse": True}},
                                                    1: {"V0": {"key": "bonewright", "corpse": True}}},
               deck_top={0: ["carrionkite"]})
    assert choices(s, 0, "leader_action", "target") == ["0:V0", "0:V2"]  # Corpses of yours only
    s = lead(s, "0:V0")
    assert at(s, "0:V0") is None and pile(s, 0) == ["marrowfiend"] and dmg(s, "1:L") == 1
    assert hand(s, 0) == [] and deck(s, 0)[0] == "carrionkite"  # no longer draws
    assert s["actions_left"] == 1 and kind(s, "1:V0") == "corpse"
    assert not can(s, 0, {"type": "leader_action", "target": "0:V2"})  # limited


def test_pyrekeeper_vanguard_deals_1_to_a_random_rival_hero_when_another_hero_of_yours_falls():
    s = setup2(units={0: {"V0": "pyrekeeper", "V1": {"key": "tombwarden", "damage": 7}}, 1: {"V0": "marrowfiend"}})
    s = wave_end(s)
    assert kind(s, "0:V1") == "corpse" and dmg(s, "1:V0") == 1  # the only rival Hero


def test_pyrekeeper_flank_spell_clears_a_corpse_and_deals_2_to_a_random_rival_hero():
    s = setup2(wave="F", units={0: {"F0": "pyrekeeper", "V0": {"key": "bonewright", "corpse": True}},
                                1: {"R1": "marrowfiend"}})
    s = spell(s, "F0", "0:V0")
    assert at(s, "0:V0") is None and dmg(s, "1:R1") == 2 and dmg(s, "1:L") == 0


def test_pyrekeeper_rear_is_ranged():
    s = setup2(units={0: {"R0": "pyrekeeper"}})
    assert stats(s, "0:R0")["ranged"] is True


def test_pyrekeeper_operation_deals_1_to_a_random_rival_hero_at_the_end_of_your_turn():
    s = setup2(hands={0: ["pyrekeeper"]}, units={1: {"V2": "marrowfiend"}})
    s = operation(s, "pyrekeeper")
    assert card_key(s, "0:X0") == "pyrekeeper"
    s = end(s)
    assert dmg(s, "1:V2") == 1
    s = end(s, 1)  # the Rival's turn end does not trigger it
    assert dmg(s, "1:V2") == 1 and at(s, "0:X0")["timers"] == 3
    check_invariants(s)


# ----------------------------------------------------------------------------------------------- Mournbell


def test_mournbell_leader_heals_1_for_every_hero_defeated_on_either_side():
    s = setup2(("mournbell", "cryptmother"), units={0: {"V0": {"key": "tombwarden", "damage": 7}, "L": {"damage": 4}},
                                                   1: {"V0": {"key": "bonewright", "damage": 5}}})
    s = wave_end(s)
    assert kind(s, "0:V0") == "corpse" and kind(s, "1:V0") == "corpse"
    assert dmg(s, "0:L") == 2  # 4 - 1 - 1


def test_mournbell_vanguard_has_intercept():
    s = setup2(units={0: {"V2": "mournbell"}})
    assert stats(s, "0:V2")["intercept"] is True


def test_mournbell_flank_spell_heals_the_leader_3():
    s = setup2(wave="F", units={0: {"F0": "mournbell", "L": {"damage": 5}}})
    s = spell(s, "F0")
    assert dmg(s, "0:L") == 2


def test_mournbell_rear_spell_draws_then_heals_the_leader_1():
    s = setup2(wave="R", units={0: {"R0": "mournbell", "L": {"damage": 5}}}, deck_top={0: ["bonewright"]})
    s = spell(s, "R0")
    assert hand(s, 0) == ["bonewright"] and dmg(s, "0:L") == 4


def test_mournbell_order_heals_the_leader_4_then_draws():
    s = setup2(hands={0: ["mournbell"]}, units={0: {"L": {"damage": 6}}}, deck_top={0: ["bonewright"]})
    s = order(s, "mournbell")
    assert dmg(s, "0:L") == 2 and hand(s, 0) == ["bonewright"] and pile(s, 0) == ["mournbell"]
