"""Core Set 2 cards 21-25: Harrow Knight, Gravemoss, Veilrunner, Cragspear, Cryptmother (every side, power and
tactic; expected values worked out by hand from the card texts)."""

from tests.games.pt_card_helpers import (
    at,
    attack,
    can,
    card_key,
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
    spell,
    stats,
    sts,
)
from tests.games.test_pt_core2_support import setup2

# -------------------------------------------------------------------------------------------- Harrow Knight


def test_harrowknight_leader_gives_its_target_minus_1_life_after_attacking():
    s = setup2(("harrowknight", "cryptmother"), wave="F", units={1: {"V1": "marrowfiend"}})
    s = attack(s, "L", "1:V1")
    assert dmg(s, "1:V1") == 5 and sts(s, "1:V1") == ["-1 Life"] and stats(s, "1:V1")["life"] == 4


def test_harrowknight_vanguard_defeats_a_hero_left_with_2_or_less_life_at_once():
    s = setup2(units={0: {"V0": "harrowknight"}, 1: {"V0": {"key": "tombwarden", "damage": 1}}})
    s = attack(s, "V0", "1:V0")
    assert kind(s, "1:V0") == "corpse"  # 7 - 1 - 4 = 2 left: defeated before the wave ends
    check_invariants(s)


def test_harrowknight_vanguard_spares_a_hero_with_more_life_left_and_leaders():
    s = setup2(units={0: {"V0": "harrowknight"}, 1: {"V0": "cairnguard"}})
    s = attack(s, "V0", "1:V0")
    assert kind(s, "1:V0") == "hero" and dmg(s, "1:V0") == 4  # 9 - 4 = 5 left
    s2 = setup2(units={0: {"V1": "harrowknight"}, 1: {"L": {"damage": 17}}})
    s2 = attack(s2, "V1", "1:L")
    assert kind(s2, "1:L") == "leader" and dmg(s2, "1:L") == 21  # Leaders are not Heroes


def test_harrowknight_flank_has_plus_1_attack():
    s = setup2(units={0: {"F0": "harrowknight"}})
    assert stats(s, "0:F0")["attack"] == 5


def test_harrowknight_rear_spell_gives_plus_1_attack_x2_and_minus_1_life():
    s = setup2(wave="R", units={0: {"R0": "harrowknight", "V0": "marrowfiend"}})
    s = spell(s, "R0", "0:V0")
    assert (stats(s, "0:V0")["attack"], stats(s, "0:V0")["life"]) == (6, 4)


def test_harrowknight_order_gives_plus_1_attack_x3_and_minus_1_life():
    s = setup2(hands={0: ["harrowknight"]}, units={0: {"V0": "marrowfiend"}})
    s = order(s, "harrowknight", "0:V0")
    assert sts(s, "0:V0") == ["+1 Attack", "+1 Attack", "+1 Attack", "-1 Life"]
    assert (stats(s, "0:V0")["attack"], stats(s, "0:V0")["life"]) == (7, 4)


# ----------------------------------------------------------------------------------------------- Gravemoss


def test_gravemoss_free_leader_action_clears_a_corpse_of_yours_and_heals_each_hero_1():
    s = setup2(("gravemoss", "cryptmother"),
               units={0: {"V0": {"key": "bonewright", "corpse": True}, "V1": {"key": "marrowfiend", "damage": 3},
                          "F0": {"key": "tombwarden", "damage": 1}, "L": {"damage": 2}}})
    s = lead(s, "0:V0")
    assert at(s, "0:V0") is None and pile(s, 0) == ["bonewright"]
    assert (dmg(s, "0:V1"), dmg(s, "0:F0"), dmg(s, "0:L")) == (2, 0, 2)  # 3 - 1, 1 - 1; the Leader is no Hero
    assert s["actions_left"] == 2  # free: no action spent
    assert not can(s, 0, {"type": "leader_action", "target": "0:V0"})


def test_gravemoss_vanguard_heals_itself_2_at_the_end_of_your_turn():
    s = setup2(units={0: {"V0": {"key": "gravemoss", "damage": 3}}})
    s = end(s)
    assert dmg(s, "0:V0") == 1


def test_gravemoss_flank_spell_clears_a_corpse_of_yours_and_gives_each_hero_plus_1_life():
    s = setup2(wave="F", units={0: {"F0": "gravemoss", "V0": {"key": "bonewright", "corpse": True},
                                    "V1": "marrowfiend"}})
    s = spell(s, "F0", "0:V0")
    assert at(s, "0:V0") is None and sts(s, "0:V1") == ["+1 Life"] and sts(s, "0:F0") == ["+1 Life"]


def test_gravemoss_rear_spell_heals_3_from_your_leader_or_a_hero_of_yours():
    s = setup2(wave="R", units={0: {"R0": "gravemoss", "V0": {"key": "marrowfiend", "damage": 4},
                                    "L": {"damage": 5}}})
    assert choices(s, 0, "spell", "target", by="R0") == ["0:L", "0:R0", "0:V0"]
    s = spell(s, "R0", "0:L")
    assert dmg(s, "0:L") == 2 and dmg(s, "0:V0") == 4


def test_gravemoss_operation_heals_each_hero_1_at_the_end_of_your_turn():
    s = setup2(hands={0: ["gravemoss"]}, units={0: {"V0": {"key": "marrowfiend", "damage": 3}, "L": {"damage": 3}}})
    s = operation(s, "gravemoss")
    s = end(s)
    assert dmg(s, "0:V0") == 2 and dmg(s, "0:L") == 3


# ---------------------------------------------------------------------------------------------- Veilrunner


def test_veilrunner_leader_draws_a_card_after_it_attacks():
    s = setup2(("veilrunner", "cryptmother"), wave="F", units={1: {"V1": "marrowfiend"}},
               deck_top={0: ["bonewright"]})
    assert not can(s, 0, {"type": "leader_action", "target": None})  # no Leader action
    s = attack(s, "L", "1:V1")
    assert dmg(s, "1:V1") == 4 and hand(s, 0) == ["bonewright"]  # Veilrunner's Attack 4, then a card


def test_veilrunner_vanguard_returns_to_your_hand_after_attacking():
    s = setup2(units={0: {"V0": "veilrunner"}, 1: {"V0": "marrowfiend"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 2 and at(s, "0:V0") is None and hand(s, 0) == ["veilrunner"]
    check_invariants(s)


def test_veilrunner_flank_spell_swaps_with_another_hero_of_yours_then_draws():
    s = setup2(wave="F", units={0: {"F0": "veilrunner", "F2": "marrowfiend"}}, deck_top={0: ["bonewright"]})
    assert choices(s, 0, "spell", "target", by="F0") == ["0:F2"]
    s = spell(s, "F0", "0:F2")
    assert card_key(s, "0:F2") == "veilrunner" and card_key(s, "0:F0") == "marrowfiend"
    assert hand(s, 0) == ["bonewright"]


def test_veilrunner_rear_is_ranged():
    s = setup2(units={0: {"R2": "veilrunner"}})
    assert stats(s, "0:R2")["ranged"] is True


def test_veilrunner_order_draws_2():
    s = setup2(hands={0: ["veilrunner"]}, deck_top={0: ["bonewright", "marrowfiend"]})
    s = order(s, "veilrunner")
    assert hand(s, 0) == ["bonewright", "marrowfiend"] and pile(s, 0) == ["veilrunner"]


# ----------------------------------------------------------------------------------------------- Cragspear


def test_cragspear_leader_gains_plus_1_attack_when_attacked():
    s = setup2(("cragspear", "cryptmother"), turn=1, units={1: {"V1": "marrowfiend"}})
    s = attack(s, "V1", "0:L", seat=1)
    assert dmg(s, "0:L") == 4 and sts(s, "0:L") == ["+1 Attack"] and stats(s, "0:L")["attack"] == 4  # 3 + 1


def test_cragspear_vanguard_spell_deals_1_to_each_member_of_a_rival_column():
    s = setup2(units={0: {"V0": "cragspear"}, 1: {"V1": "marrowfiend", "R1": "bonewright", "V2": "tombwarden"}})
    s = spell(s, "V0", "1:R1")
    assert (dmg(s, "1:V1"), dmg(s, "1:L"), dmg(s, "1:R1"), dmg(s, "1:V2")) == (1, 1, 1, 0)


def test_cragspear_flank_has_intercept():
    s = setup2(units={0: {"F2": "cragspear"}})
    assert stats(s, "0:F2")["intercept"] is True


def test_cragspear_rear_gives_its_forerunner_plus_1_attack_and_intercept():
    s = setup2(units={0: {"R0": "cragspear", "F0": "marrowfiend"}})
    assert stats(s, "0:F0")["attack"] == 5 and stats(s, "0:F0")["intercept"] is True
    assert stats(s, "0:R0")["intercept"] is False


def test_cragspear_order_deals_4_to_a_rival_vanguard_hero():
    s = setup2(hands={0: ["cragspear"]}, units={1: {"V0": "cairnguard", "F2": "marrowfiend"}})
    assert choices(s, 0, "order", "target") == ["1:V0"]
    s = order(s, "cragspear", "1:V0")
    assert dmg(s, "1:V0") == 4 and pile(s, 0) == ["cragspear"]


# --------------------------------------------------------------------------------------------- Cryptmother


def test_cryptmother_leader_action_revives_a_corpse_of_yours_with_minus_1_life():
    s = setup2(units={0: {"V0": {"key": "marrowfiend", "corpse": True}}, 1: {"V0": {"key": "bonewright", "corpse": True}}})
    assert choices(s, 0, "leader_action", "target") == ["0:V0"]
    s = lead(s, "0:V0")  # content 4: the revived Hero gains [-1 Life] (Marrow Fiend's Hero 5 Life -> 4)
    assert kind(s, "0:V0") == "hero" and sts(s, "0:V0") == ["-1 Life"] and stats(s, "0:V0")["life"] == 4
    assert dmg(s, "0:V0") == 0 and kind(s, "1:V0") == "corpse"
    assert s["turn"] == 1  # a long action: the turn is over
    check_invariants(s)


def test_cryptmother_vanguard_gains_plus_1_attack_when_attacked():
    s = setup2(("tidecaller", "cryptmother"), turn=1, units={0: {"V0": "cryptmother"}, 1: {"V0": "cragspear"}})
    s = attack(s, "V0", "0:V0", seat=1)
    assert dmg(s, "0:V0") == 4 and stats(s, "0:V0")["attack"] == 3


def test_cryptmother_flank_spell_revives_a_corpse_of_yours_with_minus_1_life():
    s = setup2(("tidecaller", "cryptmother"), wave="F",
               units={0: {"F0": "cryptmother", "V0": {"key": "marrowfiend", "corpse": True}}})
    s = spell(s, "F0", "0:V0")
    assert kind(s, "0:V0") == "hero" and stats(s, "0:V0")["life"] == 4


def test_cryptmother_rear_spell_clears_any_corpse_and_heals_each_hero_2():
    s = setup2(("tidecaller", "cryptmother"), wave="R",
               units={0: {"R0": {"key": "cryptmother", "damage": 1}, "V0": {"key": "marrowfiend", "damage": 3},
                          "L": {"damage": 3}},
                      1: {"V0": {"key": "bonewright", "corpse": True}}})
    s = spell(s, "R0", "1:V0")
    assert at(s, "1:V0") is None and pile(s, 1) == ["bonewright"]
    assert (dmg(s, "0:V0"), dmg(s, "0:R0"), dmg(s, "0:L")) == (1, 0, 3)


def test_cryptmother_order_gives_each_hero_plus_1_life_and_heals_the_leader_2():
    s = setup2(("tidecaller", "cryptmother"), hands={0: ["cryptmother"]},
               units={0: {"V0": "marrowfiend", "L": {"damage": 5}}})
    s = order(s, "cryptmother")
    assert sts(s, "0:V0") == ["+1 Life"] and dmg(s, "0:L") == 3 and pile(s, 0) == ["cryptmother"]
