"""Core Set 2 cards 6-10: Dirgesinger, Driftblade, Tidecaller, Pathfinder, Shadestep (every side, power and
tactic; expected values worked out by hand from the card texts)."""

from tests.games.pt_card_helpers import (
    activate,
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
    order,
    pile,
    recruit,
    spell,
    stats,
    sts,
    window,
)
from tests.games.test_pt_core2_support import setup2, wave_end

# -------------------------------------------------------------------------------------------- Dirgesinger


def test_dirgesinger_leader_gives_each_hero_plus_1_life_when_a_hero_of_yours_is_defeated():
    s = setup2(("dirgesinger", "cryptmother"),
               units={0: {"V0": {"key": "tombwarden", "damage": 7}, "V1": "marrowfiend"}, 1: {"V0": "bonewright"}})
    s = wave_end(s)
    assert kind(s, "0:V0") == "corpse" and sts(s, "0:V0") == []
    assert sts(s, "0:V1") == ["+1 Life"] and stats(s, "0:V1")["life"] == 6
    assert sts(s, "1:V0") == []


def test_dirgesinger_vanguard_spell_gives_each_of_your_heroes_plus_1_life():
    s = setup2(units={0: {"V0": "dirgesinger", "F0": "marrowfiend"}, 1: {"V0": "bonewright"}})
    s = spell(s, "V0")
    assert sts(s, "0:V0") == ["+1 Life"] and sts(s, "0:F0") == ["+1 Life"] and sts(s, "1:V0") == []


def test_dirgesinger_flank_spell_heals_leader_2_and_each_hero_1():
    s = setup2(wave="F", units={0: {"F0": {"key": "dirgesinger", "damage": 2},
                                    "V0": {"key": "marrowfiend", "damage": 3}, "L": {"damage": 4}}})
    s = spell(s, "F0")
    assert (dmg(s, "0:L"), dmg(s, "0:V0"), dmg(s, "0:F0")) == (2, 2, 1)


def test_dirgesinger_rear_spell_gives_a_hero_of_yours_plus_1_life_x2():
    s = setup2(wave="R", units={0: {"R0": "dirgesinger", "V0": "marrowfiend"}, 1: {"V0": "bonewright"}})
    assert choices(s, 0, "spell", "target", by="R0") == ["0:R0", "0:V0"]
    s = spell(s, "R0", "0:V0")
    assert stats(s, "0:V0")["life"] == 7


def test_dirgesinger_trap_returns_the_corpse_of_a_defeated_hero_to_your_hand():
    s = setup2(units={0: {"V0": {"key": "tombwarden", "damage": 7}}},
               reserve={0: {"X0": {"key": "dirgesinger", "policy": "always"}}})
    s = wave_end(s)
    assert at(s, "0:V0") is None and hand(s, 0) == ["tombwarden"]
    assert pile(s, 0) == ["dirgesinger"] and s["players"][0]["reserve"][0] is None
    check_invariants(s)


# --------------------------------------------------------------------------------------------- Driftblade


def test_driftblade_leader_heals_each_hero_of_yours_1_after_it_attacks():
    s = setup2(("driftblade", "cryptmother"), wave="F",
               units={0: {"L": {"damage": 3}, "V0": {"key": "marrowfiend", "damage": 2},
                          "R2": {"key": "bonewright", "damage": 1}}, 1: {"V0": {"key": "tombwarden", "damage": 1}}})
    s = attack(s, "L", "1:L")
    assert dmg(s, "1:L") == 3 and dmg(s, "1:V0") == 1  # Attack 3; rival Heroes are not healed
    assert (dmg(s, "0:V0"), dmg(s, "0:R2"), dmg(s, "0:L")) == (1, 0, 3)  # the Leader is not a Hero


def test_driftblade_leader_heals_nothing_when_a_hero_of_yours_attacks():
    s = setup2(("driftblade", "cryptmother"), units={0: {"V0": {"key": "marrowfiend", "damage": 2}}})
    s = attack(s, "V0", "1:L")
    assert dmg(s, "1:L") == 4 and dmg(s, "0:V0") == 2


def test_driftblade_vanguard_swaps_with_its_supporter_after_attacking():
    s = setup2(units={0: {"V0": "driftblade", "F0": "marrowfiend"}, 1: {"V0": "tombwarden"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 4
    assert card_key(s, "0:V0") == "marrowfiend" and card_key(s, "0:F0") == "driftblade"
    check_invariants(s)


def test_driftblade_vanguard_never_swaps_with_the_leader():
    s = setup2(units={0: {"V1": "driftblade"}, 1: {"V1": "tombwarden"}})
    s = attack(s, "V1", "1:V1")
    assert card_key(s, "0:V1") == "driftblade" and dmg(s, "1:V1") == 4


def test_driftblade_flank_swaps_with_its_forerunner_after_attacking():
    # Gallowshot's Leader gives Flank Heroes Ranged, so the Flank Hero can attack past its forerunner
    s = setup2(("gallowshot", "cryptmother"), wave="F", units={0: {"F0": "driftblade", "V0": "marrowfiend"}})
    s = attack(s, "F0", "1:L")
    assert dmg(s, "1:L") == 4
    assert card_key(s, "0:V0") == "driftblade" and card_key(s, "0:F0") == "marrowfiend"


def test_driftblade_rear_is_ranged():
    s = setup2(units={0: {"R2": "driftblade"}})
    assert stats(s, "0:R2")["ranged"] is True


def test_driftblade_order_returns_a_hero_of_yours_and_gains_an_action():
    s = setup2(hands={0: ["driftblade"]}, units={0: {"V0": {"key": "marrowfiend", "damage": 3}}})
    s = order(s, "driftblade", "0:V0")
    assert at(s, "0:V0") is None and hand(s, 0) == ["marrowfiend"]
    assert s["actions_left"] == 2 and pile(s, 0) == ["driftblade"]  # 2 - 1 + 1
    check_invariants(s)


# --------------------------------------------------------------------------------------------- Tidecaller


def test_tidecaller_leader_action_returns_a_rival_hero_with_3_or_less_life_left():
    s = setup2(("tidecaller", "cryptmother"),
               units={1: {"V0": {"key": "tombwarden", "damage": 4}, "V1": "marrowfiend"}})
    assert choices(s, 0, "leader_action", "target") == ["1:V0"]  # 7 - 4 = 3 left; Marrow Fiend has 5
    s = lead(s, "1:V0")
    assert at(s, "1:V0") is None and hand(s, 1) == ["tombwarden"]
    assert s["turn"] == 1  # both actions spent: the turn passed to the Rival
    check_invariants(s)


def test_tidecaller_leader_action_is_long():
    s = setup2(("tidecaller", "cryptmother"), actions=1, units={1: {"V0": {"key": "tombwarden", "damage": 4}}})
    assert not can(s, 0, {"type": "leader_action", "target": "1:V0"})


def test_tidecaller_vanguard_spell_returns_an_undamaged_rival_vanguard_hero():
    s = setup2(units={0: {"V0": "tidecaller"},
                      1: {"V0": "marrowfiend", "V1": {"key": "bonewright", "damage": 1}, "F0": "carrionkite"}})
    assert choices(s, 0, "spell", "target", by="V0") == ["1:V0"]
    s = spell(s, "V0", "1:V0")
    assert at(s, "1:V0") is None and hand(s, 1) == ["marrowfiend"]


def test_tidecaller_flank_is_ranged():
    s = setup2(units={0: {"F2": "tidecaller"}})
    assert stats(s, "0:F2")["ranged"] is True


def test_tidecaller_rear_spell_returns_a_damaged_hero_of_yours():
    s = setup2(wave="R", units={0: {"R0": "tidecaller", "V0": {"key": "marrowfiend", "damage": 2},
                                    "V1": "bonewright"}, 1: {"V0": {"key": "tombwarden", "damage": 2}}})
    assert choices(s, 0, "spell", "target", by="R0") == ["0:V0"]
    s = spell(s, "R0", "0:V0")
    assert at(s, "0:V0") is None and hand(s, 0) == ["marrowfiend"]


def test_tidecaller_trap_returns_a_recruited_hero_to_its_owners_hand():
    s = setup2(turn=1, hands={1: ["marrowfiend"]}, reserve={0: {"X0": {"key": "tidecaller", "policy": "always"}}})
    s = recruit(s, "marrowfiend", "V0", seat=1)
    assert at(s, "1:V0") is None and hand(s, 1) == ["marrowfiend"]
    assert s["actions_left"] == 1 and pile(s, 0) == ["tidecaller"]
    check_invariants(s)


# --------------------------------------------------------------------------------------------- Pathfinder


def test_pathfinder_leader_gives_vanguard_heroes_plus_1_life():
    s = setup2(("pathfinder", "cryptmother"), units={0: {"V0": "marrowfiend", "F0": "bonewright"}})
    assert stats(s, "0:V0")["life"] == 6 and stats(s, "0:F0")["life"] == 5


def test_pathfinder_vanguard_gains_plus_1_life_after_attacking():
    s = setup2(units={0: {"V0": "pathfinder"}, 1: {"V0": "tombwarden"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 3 and sts(s, "0:V0") == ["+1 Life"] and stats(s, "0:V0")["life"] == 6


def test_pathfinder_flank_swaps_with_its_forerunner_at_the_end_of_your_turn():
    s = setup2(wave="F", units={0: {"F0": "pathfinder", "V0": "marrowfiend"}})
    s = end(s)
    assert card_key(s, "0:V0") == "pathfinder" and card_key(s, "0:F0") == "marrowfiend"
    check_invariants(s)


def test_pathfinder_flank_stays_put_without_a_forerunner():
    s = setup2(wave="F", units={0: {"F2": "pathfinder"}})
    s = end(s)
    assert card_key(s, "0:F2") == "pathfinder" and at(s, "0:V2") is None


def test_pathfinder_rear_is_ranged():
    s = setup2(units={0: {"R1": "pathfinder"}})
    assert stats(s, "0:R1")["ranged"] is True


def test_pathfinder_order_gives_plus_1_attack_and_an_action():
    s = setup2(hands={0: ["pathfinder"]}, units={0: {"V0": "marrowfiend"}})
    s = order(s, "pathfinder", "0:V0")
    assert stats(s, "0:V0")["attack"] == 5 and s["actions_left"] == 2


# ---------------------------------------------------------------------------------------------- Shadestep


def test_shadestep_leader_gives_the_attacker_minus_1_attack():
    s = setup2(("shadestep", "cryptmother"), turn=1, units={1: {"V1": "cragspear"}})
    s = attack(s, "V1", "0:L", seat=1)
    assert dmg(s, "0:L") == 4 and sts(s, "1:V1") == ["-1 Attack"] and stats(s, "1:V1")["attack"] == 3


def test_shadestep_vanguard_spell_swaps_with_a_corpse_of_yours():
    s = setup2(units={0: {"V0": "shadestep", "F0": {"key": "bonewright", "corpse": True}}})
    assert choices(s, 0, "spell", "target", by="V0") == ["0:F0"]
    s = spell(s, "V0", "0:F0")
    assert kind(s, "0:V0") == "corpse" and card_key(s, "0:V0") == "bonewright"
    assert card_key(s, "0:F0") == "shadestep"
    check_invariants(s)


def test_shadestep_flank_takes_1_less_damage_from_attacks():
    s = setup2(turn=1, wave="F", units={0: {"F0": "shadestep"}, 1: {"F0": "cragspear"}})
    s = attack(s, "F0", "0:F0", seat=1)
    assert dmg(s, "0:F0") == 3


def test_shadestep_rear_is_ranged():
    s = setup2(units={0: {"R0": "shadestep"}})
    assert stats(s, "0:R0")["ranged"] is True


def test_shadestep_trap_swaps_the_attacked_hero_away_and_the_attack_misses():
    s = setup2(turn=1, units={0: {"V0": "marrowfiend", "F0": "bonewright"}, 1: {"V0": "cragspear"}},
               reserve={0: {"X0": {"key": "shadestep"}}})
    s = attack(s, "V0", "0:V0", seat=1)
    assert window(s) == {"seat": 0, "slots": ["X0"]}
    assert choices(s, 0, "activate", "target") == ["0:F0", "0:V0"]
    s = activate(s, 0, "X0", "0:F0")
    assert card_key(s, "0:V0") == "bonewright" and card_key(s, "0:F0") == "marrowfiend"
    assert dmg(s, "0:V0") == 0 and dmg(s, "0:F0") == 0  # the Attack finds no one
    assert pile(s, 0) == ["shadestep"] and s["actions_left"] == 1
    check_invariants(s)
