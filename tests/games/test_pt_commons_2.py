"""Commons (Hero-only cards), Bellringer to Ox Driver: every power and tactic does what its text says (the
first Commons and the set-wide checks are in test_pt_commons.py).
"""


from bot.games.pixel_tactics.sets import SETS
from tests.games.pt_card_helpers import (
    at,
    attack,
    card_key,
    choices,
    dmg,
    end,
    hand,
    hand_size,
    kind,
    operation,
    order,
    pile,
    recruit,
    setup,
    spell,
    stats,
    sts,
)

COMMONS = SETS["commons"]
ROWS = {"V0": "vanguard", "F0": "flank", "R0": "rear"}


# --------------------------------------------------------------------------------------------- Bellringer


def test_bellringer_flank_spell_no_special_abilities_on_a_rival_hero():
    s = setup(wave="F", units={0: {"F0": "bellringer"}, 1: {"V0": "stonehide"}})
    s = spell(s, "F0", "1:V0")
    assert sts(s, "1:V0") == ["No Special Abilities"] and stats(s, "1:V0")["reduce"] == 0


def test_bellringer_rear_spell_plus_1_attack_to_a_hero_of_yours():
    s = setup(wave="R", units={0: {"R0": "bellringer", "V0": "ironsentry"}})
    s = spell(s, "R0", "0:V0")
    assert stats(s, "0:V0")["attack"] == 4


def test_bellringer_trap_rival_discards_when_it_plays_an_order():
    s = setup(hands={0: ["skyshot", "brewmother"]}, reserve={1: {"X0": {"key": "bellringer", "policy": "always"}}})
    s = order(s, "skyshot", "1:L")
    assert hand(s, 0) == [] and sorted(pile(s, 0)) == ["brewmother", "skyshot"]
    assert dmg(s, "1:L") == 3 and pile(s, 1) == ["bellringer"]  # the Order still resolves


# ---------------------------------------------------------------------------------------------- Sellsword


def test_sellsword_order_deals_3_to_a_damaged_rival_hero_only():
    s = setup(hands={0: ["sellsword"]}, units={1: {"V0": {"key": "ironsentry", "damage": 1}, "V1": "brewmother"}})
    assert choices(s, 0, "order", "target") == ["1:V0"]
    s = order(s, "sellsword", "1:V0")
    assert dmg(s, "1:V0") == 4


# ---------------------------------------------------------------------------------------------- Bog Witch


def test_bogwitch_vanguard_attacker_gains_minus_1_life():
    s = setup(units={0: {"V0": "ironsentry"}, 1: {"V0": "bogwitch"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 3 and sts(s, "0:V0") == ["-1 Life"]


def test_bogwitch_flank_spell_minus_1_attack():
    s = setup(wave="F", units={0: {"F0": "bogwitch"}, 1: {"V0": "stonehide"}})
    s = spell(s, "F0", "1:V0")
    assert stats(s, "1:V0")["attack"] == 3


def test_bogwitch_trap_removes_2_damage_from_the_damaged_hero():
    s = setup(units={0: {"V0": "ironsentry"}, 1: {"V0": "nightblade"}},
              reserve={1: {"X0": {"key": "bogwitch", "policy": "always"}}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 1 and pile(s, 1) == ["bogwitch"]  # 3 - 2


# ----------------------------------------------------------------------------------------------- Ferryman


def test_ferryman_vanguard_draws_when_another_hero_of_yours_is_defeated():
    s = setup(hands={0: ["nightblade"]}, units={1: {"V0": "ferryman", "V1": {"key": "brewmother", "damage": 4}}},
              deck_top={1: ["skyshot"]})
    s = order(s, "nightblade", "1:V1")
    assert kind(s, "1:V1") == "corpse" and hand(s, 1) == ["skyshot"]


def test_ferryman_rear_spell_returns_a_corpse_of_yours_to_hand():
    s = setup(wave="R", units={0: {"R0": "ferryman", "V0": {"key": "stonehide", "corpse": True}}})
    s = spell(s, "R0", "0:V0")
    assert at(s, "0:V0") is None and hand(s, 0) == ["stonehide"]


def test_ferryman_trap_heals_your_leader_3_when_a_hero_of_yours_falls():
    s = setup(hands={0: ["nightblade"]}, units={1: {"V1": {"key": "brewmother", "damage": 4}, "L": {"damage": 5}}},
              reserve={1: {"X0": {"key": "ferryman", "policy": "always"}}})
    s = order(s, "nightblade", "1:V1")
    assert kind(s, "1:V1") == "corpse" and dmg(s, "1:L") == 2 and pile(s, 1)[-1] == "ferryman"


# -------------------------------------------------------------------------------------------- Watch Hound


def test_watchhound_vanguard_heals_1_after_attacking():
    s = setup(units={0: {"V0": {"key": "watchhound", "damage": 2}}, 1: {"V0": "ironsentry"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "1:V0") == 3 and dmg(s, "0:V0") == 1


def test_watchhound_order_plus_1_attack_twice():
    s = setup(hands={0: ["watchhound"]}, units={0: {"V0": "brewmother"}})
    s = order(s, "watchhound", "0:V0")
    assert sts(s, "0:V0") == ["+1 Attack", "+1 Attack"] and stats(s, "0:V0")["attack"] == 3


# -------------------------------------------------------------------------------------------- Drillmaster


def test_drillmaster_rear_spell_and_operation():
    s = setup(wave="R", units={0: {"R0": "drillmaster", "V0": "brewmother"}})
    s = spell(s, "R0", "0:V0")
    assert stats(s, "0:V0")["attack"] == 2
    s = setup(hands={0: ["drillmaster"]}, units={0: {"F0": "brewmother", "V0": "ironsentry"}})
    s = operation(s, "drillmaster")
    assert stats(s, "0:F0")["attack"] == 2 and stats(s, "0:V0")["attack"] == 3


# ------------------------------------------------------------------------------------------- Tonic Seller


def test_tonicseller_flank_spell_plus_1_life_twice_on_any_hero():
    s = setup(wave="F", units={0: {"F0": "tonicseller"}, 1: {"V0": "ironsentry"}})
    assert choices(s, 0, "spell", "target", by="F0") == ["0:F0", "1:V0"]
    s = spell(s, "F0", "1:V0")
    assert stats(s, "1:V0")["life"] == 8


def test_tonicseller_rear_spell_removes_3_damage():
    s = setup(wave="R", units={0: {"R0": "tonicseller", "V0": {"key": "ironsentry", "damage": 4}}})
    s = spell(s, "R0", "0:V0")
    assert dmg(s, "0:V0") == 1


def test_tonicseller_operation_heals_each_hero_1_at_the_end_of_your_turn():
    s = setup(hands={0: ["tonicseller"]}, units={0: {"V0": {"key": "ironsentry", "damage": 2},
                                                      "F0": {"key": "brewmother", "damage": 1}, "L": {"damage": 2}}})
    s = operation(s, "tonicseller")
    s = end(s)
    assert (dmg(s, "0:V0"), dmg(s, "0:F0"), dmg(s, "0:L")) == (1, 0, 2)


# --------------------------------------------------------------------------------------------- Boltcaster


def test_boltcaster_flank_spell_1_damage_to_a_rival_column():
    s = setup(wave="F", units={0: {"F0": "boltcaster"}, 1: {"V1": "brewmother", "R1": "nightblade", "V0": "ironsentry"}})
    s = spell(s, "F0", "1:V1")
    assert (dmg(s, "1:V1"), dmg(s, "1:L"), dmg(s, "1:R1"), dmg(s, "1:V0")) == (1, 1, 1, 0)


def test_boltcaster_order_deals_2_to_a_rival_leader():
    s = setup(hands={0: ["boltcaster"]})
    s = order(s, "boltcaster", "1:L")
    assert dmg(s, "1:L") == 2


# --------------------------------------------------------------------------------------------- Post Rider


def test_postrider_vanguard_draws_when_recruited_and_flank_grows_the_hand():
    s = setup(hands={0: ["postrider"]}, deck_top={0: ["nightblade"]})
    s = recruit(s, "postrider", "V0")
    assert hand(s, 0) == ["nightblade"]
    s = setup(units={0: {"F0": "postrider"}})
    assert hand_size(s, 0) == 6 and hand_size(s, 1) == 5


def test_postrider_operation_draws_at_the_end_of_your_turn():
    s = setup(hands={0: ["postrider"]}, deck_top={0: ["nightblade"]})
    s = operation(s, "postrider")
    s = end(s)
    assert hand(s, 0) == ["nightblade"]


# ------------------------------------------------------------------------------------------------ Turnkey


def test_turnkey_flank_spell_and_order_minus_1_attack_twice():
    s = setup(wave="F", units={0: {"F0": "turnkey"}, 1: {"V0": "stonehide"}})
    s = spell(s, "F0", "1:V0")
    assert stats(s, "1:V0")["attack"] == 2
    s = setup(hands={0: ["turnkey"]}, units={1: {"V0": "stonehide"}})
    s = order(s, "turnkey", "1:V0")
    assert sts(s, "1:V0") == ["-1 Attack", "-1 Attack"]


# ----------------------------------------------------------------------------------------------- Smuggler


def test_smuggler_vanguard_draws_after_attacking():
    s = setup(units={0: {"V0": "smuggler"}, 1: {"V0": "ironsentry"}}, deck_top={0: ["nightblade"]})
    s = attack(s, "V0", "1:V0")
    assert hand(s, 0) == ["nightblade"]


def test_smuggler_flank_swaps_and_rear_returns_another_hero_to_hand():
    s = setup(wave="F", units={0: {"F0": "smuggler", "V2": "ironsentry"}})
    s = spell(s, "F0", "0:V2")
    assert card_key(s, "0:V2") == "smuggler" and card_key(s, "0:F0") == "ironsentry"
    s = setup(wave="R", units={0: {"R0": "smuggler", "V0": "ironsentry"}})
    assert choices(s, 0, "spell", "target", by="R0") == ["0:V0"]
    s = spell(s, "R0", "0:V0")
    assert at(s, "0:V0") is None and hand(s, 0) == ["ironsentry"]


def test_smuggler_trap_cancels_the_rivals_trap():
    s = setup(turn=1, units={1: {"V0": "ironsentry"}, 0: {"V0": "brewmother"}},
              reserve={0: {"X0": {"key": "shieldwarden", "policy": "always"}},
                       1: {"X0": {"key": "smuggler", "policy": "always"}}})
    s = attack(s, "V0", "0:V0", seat=1)
    assert dmg(s, "0:V0") == 2  # Shieldwarden's -3 cancelled; Brewmother's Vanguard still takes 1 less
    assert pile(s, 0) == ["shieldwarden"] and pile(s, 1) == ["smuggler"]


# ------------------------------------------------------------------------------------- Crow's-Nest Lookout


def test_crowsnest_order_draws_then_gives_ranged():
    s = setup(hands={0: ["crowsnest"]}, units={0: {"V0": "ironsentry"}}, deck_top={0: ["nightblade"]})
    s = order(s, "crowsnest", "0:V0")
    assert hand(s, 0) == ["nightblade"] and sts(s, "0:V0") == ["Ranged"]


# ----------------------------------------------------------------------------------------------- Wallmason


def test_wallmason_operation_vanguard_heroes_take_1_less():
    s = setup(hands={0: ["wallmason"]}, units={0: {"V0": "ironsentry", "F0": "brewmother"}})
    s = operation(s, "wallmason")
    assert stats(s, "0:V0")["reduce"] == 1 and stats(s, "0:F0")["reduce"] == 0


# -------------------------------------------------------------------------------------------- Torchbearer


def test_torchbearer_vanguard_hits_back_and_flank_spell_only_vanguards():
    s = setup(units={0: {"V0": "ironsentry"}, 1: {"V0": "torchbearer"}})
    s = attack(s, "V0", "1:V0")
    assert dmg(s, "0:V0") == 1
    s = setup(wave="F", units={0: {"F0": "torchbearer"}, 1: {"V1": "ironsentry", "F2": "brewmother"}})
    assert choices(s, 0, "spell", "target", by="F0") == ["1:V1"]
    s = spell(s, "F0", "1:V1")
    assert dmg(s, "1:V1") == 2


def test_torchbearer_order_1_damage_to_a_rival_column():
    s = setup(hands={0: ["torchbearer"]}, units={1: {"V1": "brewmother"}})
    s = order(s, "torchbearer", "1:V1")
    assert dmg(s, "1:V1") == 1 and dmg(s, "1:L") == 1


# ---------------------------------------------------------------------------------------------- Netcaster


def test_netcaster_flank_spell_and_order():
    s = setup(wave="F", units={0: {"F0": "netcaster"}, 1: {"V0": "stonehide"}})
    s = spell(s, "F0", "1:V0")
    assert stats(s, "1:V0")["attack"] == 3
    s = setup(hands={0: ["netcaster"]}, units={1: {"V0": "stonehide"}})
    s = order(s, "netcaster", "1:V0")
    assert sts(s, "1:V0") == ["-1 Attack", "-1 Life"]
    assert (stats(s, "1:V0")["attack"], stats(s, "1:V0")["life"]) == (3, 8)


# -------------------------------------------------------------------------------------------- Pit Duelist


def test_pitduelist_order_4_to_a_rival_hero_and_2_to_your_leader():
    s = setup(hands={0: ["pitduelist"]}, units={1: {"V0": "stonehide"}})
    s = order(s, "pitduelist", "1:V0")
    assert dmg(s, "1:V0") == 4 and dmg(s, "0:L") == 2


# ---------------------------------------------------------------------------------------------- Ox Driver


def test_oxdriver_operation_flank_heroes_take_1_less():
    s = setup(hands={0: ["oxdriver"]}, units={0: {"V0": "ironsentry", "F0": "brewmother"}})
    s = operation(s, "oxdriver")
    assert stats(s, "0:F0")["reduce"] == 1 and stats(s, "0:V0")["reduce"] == 0


def test_every_common_has_a_test_naming_it():
    from pathlib import Path

    here = Path(__file__).parent
    text = "".join((here / name).read_text(encoding="utf-8") for name in ("test_pt_commons.py", "test_pt_commons_2.py"))
    assert [c["key"] for c in COMMONS if f'"{c["key"]}"' not in text] == []
