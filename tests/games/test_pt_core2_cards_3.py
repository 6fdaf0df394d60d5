"""Core Set 2 cards 11-15: Boat Wraith, Snarewright, Vowbreaker, Thornbound, Tunnel Sapper (every side, power
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
    lead,
    order,
    pile,
    spell,
    stats,
    sts,
)
from tests.games.test_pt_core2_support import setup2, wave_end

# --------------------------------------------------------------------------------------------- Boat Wraith


def test_boatwraith_leader_action_returns_a_corpse_of_yours_to_your_hand():
    s = setup2(("boatwraith", "cryptmother"), units={0: {"V0": {"key": "marrowfiend", "corpse": True}},
                                                    1: {"V0": {"key": "tombwarden", "corpse": True}}})
    assert choices(s, 0, "leader_action", "target") == ["0:V0"]
    s = lead(s, "0:V0")
    assert at(s, "0:V0") is None and hand(s, 0) == ["marrowfiend"] and s["actions_left"] == 1
    assert not can(s, 0, {"type": "leader_action", "target": "0:V0"})
    check_invariants(s)


def test_boatwraith_vanguard_has_intercept():
    s = setup2(units={0: {"V1": "boatwraith"}})
    assert stats(s, "0:V1")["intercept"] is True


def test_boatwraith_flank_spell_returns_a_corpse_of_yours_to_your_hand():
    s = setup2(wave="F", units={0: {"F0": "boatwraith", "V0": {"key": "marrowfiend", "corpse": True}}})
    s = spell(s, "F0", "0:V0")
    assert at(s, "0:V0") is None and hand(s, 0) == ["marrowfiend"]


def test_boatwraith_rear_spell_returns_a_hero_of_yours_then_draws():
    s = setup2(wave="R", units={0: {"R0": "boatwraith", "V0": {"key": "marrowfiend", "damage": 3}}},
               deck_top={0: ["bonewright"]})
    s = spell(s, "R0", "0:V0")
    assert at(s, "0:V0") is None and hand(s, 0) == ["marrowfiend", "bonewright"]


def test_boatwraith_order_returns_a_corpse_of_yours_then_draws():
    s = setup2(hands={0: ["boatwraith"]}, units={0: {"V0": {"key": "marrowfiend", "corpse": True}}},
               deck_top={0: ["bonewright"]})
    s = order(s, "boatwraith", "0:V0")
    assert at(s, "0:V0") is None and hand(s, 0) == ["marrowfiend", "bonewright"] and pile(s, 0) == ["boatwraith"]
    check_invariants(s)


# --------------------------------------------------------------------------------------------- Snarewright


def test_snarewright_leader_gives_the_attacker_minus_1_life():
    s = setup2(("snarewright", "cryptmother"), turn=1, units={1: {"V1": "cragspear"}})
    s = attack(s, "V1", "0:L", seat=1)
    assert dmg(s, "0:L") == 4 and sts(s, "1:V1") == ["-1 Life"] and stats(s, "1:V1")["life"] == 4


def test_snarewright_vanguard_gives_the_attacker_minus_1_life():
    s = setup2(turn=1, units={0: {"V0": "snarewright"}, 1: {"V0": "cragspear"}})
    s = attack(s, "V0", "0:V0", seat=1)
    assert dmg(s, "0:V0") == 4 and stats(s, "1:V0")["life"] == 4


def test_snarewright_flank_supporter_takes_1_less_damage_from_attacks():
    s = setup2(turn=1, wave="R", units={0: {"F0": "snarewright", "R0": "marrowfiend"}, 1: {"R0": "gallowshot"}})
    assert stats(s, "0:R0")["reduce"] == 1 and stats(s, "0:F0")["reduce"] == 0
    s = attack(s, "R0", "0:R0", seat=1)
    assert dmg(s, "0:R0") == 2  # Gallowshot's Ranged 3 - 1


def test_snarewright_rear_spell_gives_a_rival_hero_minus_1_attack_and_minus_1_life():
    s = setup2(wave="R", units={0: {"R0": "snarewright"}, 1: {"V0": "marrowfiend"}})
    s = spell(s, "R0", "1:V0")
    assert sts(s, "1:V0") == ["-1 Attack", "-1 Life"]
    assert (stats(s, "1:V0")["attack"], stats(s, "1:V0")["life"]) == (3, 4)


def test_snarewright_trap_cancels_a_spell_and_deals_2_to_the_caster():
    s = setup2(turn=1, wave="F", units={1: {"F0": "mournbell", "L": {"damage": 4}}},
               reserve={0: {"X0": {"key": "snarewright", "policy": "always"}}})
    s = spell(s, "F0", None, seat=1)
    assert dmg(s, "1:L") == 4  # the healing Spell was cancelled
    assert dmg(s, "1:F0") == 2 and pile(s, 0) == ["snarewright"] and s["actions_left"] == 1
    check_invariants(s)


# ---------------------------------------------------------------------------------------------- Vowbreaker


def test_vowbreaker_leader_rival_discards_when_a_rival_hero_is_defeated():
    s = setup2(("vowbreaker", "cryptmother"), units={1: {"V0": {"key": "tombwarden", "damage": 7}}},
               hands={1: ["marrowfiend", "bonewright"]})
    s = wave_end(s)
    assert len(hand(s, 1)) == 1 and sorted(hand(s, 1) + pile(s, 1)) == ["bonewright", "marrowfiend"]
    check_invariants(s)


def test_vowbreaker_vanguard_gives_its_target_no_special_abilities():
    s = setup2(units={0: {"V0": "vowbreaker"}, 1: {"V0": "tombwarden"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 3 and sts(s, "1:V0") == ["No Special Abilities"]
    assert stats(s, "1:V0")["intercept"] is False


def test_vowbreaker_flank_spell_removes_every_status_of_a_rival_hero():
    s = setup2(wave="F", units={0: {"F0": "vowbreaker", "V0": {"key": "bonewright", "statuses": ["+1 Attack"]}},
                                1: {"V0": {"key": "marrowfiend", "statuses": ["+1 Attack", "+1 Life"]}}})
    assert choices(s, 0, "spell", "target", by="F0") == ["1:V0"]
    s = spell(s, "F0", "1:V0")
    assert sts(s, "1:V0") == [] and sts(s, "0:V0") == ["+1 Attack"]


def test_vowbreaker_rear_spell_rival_discards_a_random_card():
    s = setup2(wave="R", units={0: {"R0": "vowbreaker"}}, hands={1: ["marrowfiend", "bonewright"]})
    s = spell(s, "R0")
    assert len(hand(s, 1)) == 1 and len(pile(s, 1)) == 1


def test_vowbreaker_trap_cancels_an_order_and_the_rival_discards():
    s = setup2(turn=1, hands={1: ["mournbell", "marrowfiend"]}, units={1: {"L": {"damage": 4}}},
               reserve={0: {"X0": {"key": "vowbreaker", "policy": "always"}}})
    s = order(s, "mournbell", None, seat=1)
    assert dmg(s, "1:L") == 4 and hand(s, 1) == []  # no healing, no draw; Marrow Fiend discarded
    assert sorted(pile(s, 1)) == ["marrowfiend", "mournbell"] and pile(s, 0) == ["vowbreaker"]
    check_invariants(s)


# ---------------------------------------------------------------------------------------------- Thornbound


def test_thornbound_leader_deals_1_to_its_attacker():
    s = setup2(("thornbound", "cryptmother"), turn=1, units={1: {"V1": "cragspear"}})
    s = attack(s, "V1", "0:L", seat=1)
    assert dmg(s, "0:L") == 4 and dmg(s, "1:V1") == 1


def test_thornbound_vanguard_deals_1_to_its_attacker_and_gives_it_minus_1_attack():
    s = setup2(turn=1, units={0: {"V0": "thornbound"}, 1: {"V0": "cragspear"}})
    s = attack(s, "V0", "0:V0", seat=1)
    assert dmg(s, "0:V0") == 4 and dmg(s, "1:V0") == 1 and stats(s, "1:V0")["attack"] == 3


def test_thornbound_flank_forerunner_takes_1_less_damage_from_attacks():
    s = setup2(turn=1, units={0: {"F0": "thornbound", "V0": "marrowfiend"}, 1: {"V0": "cragspear"}})
    s = attack(s, "V0", "0:V0", seat=1)
    assert dmg(s, "0:V0") == 3


def test_thornbound_rear_spell_deals_1_to_a_rival_hero_and_1_to_the_rival_leader():
    s = setup2(wave="R", units={0: {"R0": "thornbound"}, 1: {"R2": "marrowfiend"}})
    s = spell(s, "R0", "1:R2")
    assert dmg(s, "1:R2") == 1 and dmg(s, "1:L") == 1


def test_thornbound_order_deals_2_and_gives_minus_1_attack():
    s = setup2(hands={0: ["thornbound"]}, units={1: {"F2": "marrowfiend"}})
    s = order(s, "thornbound", "1:F2")
    assert dmg(s, "1:F2") == 2 and stats(s, "1:F2")["attack"] == 3 and pile(s, 0) == ["thornbound"]


# ------------------------------------------------------------------------------------------- Tunnel Sapper


def test_tunnelsapper_leader_action_deals_1_to_a_random_rival_hero_twice():
    s = setup2(("tunnelsapper", "cryptmother"), units={0: {"V0": "carrionkite"}, 1: {"V1": "marrowfiend"}})
    assert choices(s, 0, "leader_action", "target") == [None]  # no target chosen
    s = lead(s)
    assert (dmg(s, "1:V1"), dmg(s, "1:L"), dmg(s, "0:V0")) == (2, 0, 0)  # the only rival Hero, twice
    assert s["turn"] == 1  # a long action: both actions spent


def test_tunnelsapper_leader_action_spreads_2_damage_over_several_rival_heroes():
    s = setup2(("tunnelsapper", "cryptmother"), units={1: {"V1": "marrowfiend", "R1": "bonewright",
                                                          "V0": "tombwarden"}})
    s = lead(s)
    hits = [dmg(s, f"1:{slot}") for slot in ("V0", "V1", "R1")]
    assert sum(hits) == 2 and max(hits) <= 2 and dmg(s, "1:L") == 0


def test_tunnelsapper_vanguard_has_plus_1_attack():
    s = setup2(units={0: {"V0": "tunnelsapper"}, 1: {"V0": "tombwarden"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 4


def test_tunnelsapper_flank_spell_deals_2_to_a_rival_rear_hero():
    s = setup2(wave="F", units={0: {"F0": "tunnelsapper"}, 1: {"V0": "tombwarden", "R2": "marrowfiend"}})
    assert choices(s, 0, "spell", "target", by="F0") == ["1:R2"]
    s = spell(s, "F0", "1:R2")
    assert dmg(s, "1:R2") == 2


def test_tunnelsapper_rear_spell_swaps_with_another_hero_of_yours():
    s = setup2(wave="R", units={0: {"R0": "tunnelsapper", "V2": "marrowfiend"}})
    assert choices(s, 0, "spell", "target", by="R0") == ["0:V2"]
    s = spell(s, "R0", "0:V2")
    assert card_key(s, "0:V2") == "tunnelsapper" and card_key(s, "0:R0") == "marrowfiend"


def test_tunnelsapper_trap_returns_a_damaged_hero_to_your_hand():
    s = setup2(turn=1, units={0: {"V0": "marrowfiend"}, 1: {"V0": "cragspear"}},
               reserve={0: {"X0": {"key": "tunnelsapper", "policy": "always"}}})
    s = attack(s, "V0", "0:V0", seat=1)
    assert at(s, "0:V0") is None and hand(s, 0) == ["marrowfiend"] and pile(s, 0) == ["tunnelsapper"]
    check_invariants(s)
