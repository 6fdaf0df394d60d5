"""Chase Leaders: each one's Leader side does what its text says, in place of the Leader it replaced.

A Chase Leader rides on a Leader entry (``{"card": <the chosen dual card>, "kind": "leader", "chase": key}``):
the positions below are built with a quiet dual Leader, then the Chase Leader is swapped in.
"""

from bot.games.pixel_tactics.sets import CHASE
from tests.games.pt_card_helpers import (
    QUIET,
    act,
    at,
    attack,
    can,
    choices,
    dmg,
    end,
    hand,
    hand_size,
    kind,
    lead,
    order,
    pile,
    setup,
    stats,
    sts,
)


def chased(key, seat=0, leaders=QUIET, **kw):
    """Return a scenario position where ``seat``'s Leader is replaced by the Chase Leader ``key``."""
    s = setup(leaders, **kw)
    s["players"][seat]["unit"]["L"]["chase"] = key
    return s


def test_at_least_ten_distinct_chase_leaders():
    assert len(CHASE) >= 10
    assert len({c["name"] for c in CHASE}) == len(CHASE)
    assert len({c["leader"]["text"] for c in CHASE}) == len(CHASE)
    for c in CHASE:
        assert set(c) == {"key", "name", "set", "leader"} and c["set"] == "chase"
        assert 1 <= c["leader"]["attack"] <= 5 and 16 <= c["leader"]["life"] <= 24


def test_a_chase_leader_brings_its_own_figures():
    s = chased("provisioner")  # over Gearsmith 2/20
    assert (stats(s, "0:L")["attack"], stats(s, "0:L")["life"]) == (1, 22)
    s = chased("emberlord")
    assert (stats(s, "0:L")["attack"], stats(s, "0:L")["life"]) == (4, 17)


def test_thornqueen_attacker_gains_minus_1_attack():
    s = chased("thornqueen", turn=1, units={1: {"V1": "ironsentry"}})
    s = attack(s, "V1", "0:L", seat=1)
    assert dmg(s, "0:L") == 3 and sts(s, "1:V1") == ["-1 Attack"] and stats(s, "1:V1")["attack"] == 2


def test_tideregent_returns_a_damaged_rival_hero_once_per_turn():
    s = chased("tideregent", units={1: {"V0": {"key": "ironsentry", "damage": 1}, "V1": "brewmother"}})
    assert choices(s, 0, "leader_action", "target") == ["1:V0"]
    s = lead(s, "1:V0")
    assert at(s, "1:V0") is None and hand(s, 1) == ["ironsentry"] and s["actions_left"] == 1
    assert not can(s, 0, {"type": "leader_action", "target": "1:V1"})


def test_emberlord_gains_plus_1_attack_after_it_attacks():
    s = chased("emberlord", wave="F", units={1: {"V1": "ironsentry"}})
    s = attack(s, "L", "1:V1")
    assert dmg(s, "1:V1") == 4 and sts(s, "0:L") == ["+1 Attack"] and stats(s, "0:L")["attack"] == 5


def test_provisioner_heroes_of_yours_have_plus_1_attack():
    s = chased("provisioner", units={0: {"V0": "ironsentry", "F0": "brewmother"}, 1: {"V0": "stonehide"}})
    assert (stats(s, "0:V0")["attack"], stats(s, "0:F0")["attack"], stats(s, "1:V0")["attack"]) == (4, 2, 4)


def test_ashoracle_draws_at_the_end_of_your_turn():
    s = chased("ashoracle", deck_top={0: ["nightblade"]})
    s = end(s)
    assert hand(s, 0) == ["nightblade"]


def test_mourningknight_heroes_gain_plus_1_attack_when_one_of_yours_falls():
    s = chased("mourningknight", turn=1, hands={1: ["nightblade"]},
               units={0: {"V0": {"key": "brewmother", "damage": 4}, "V1": "ironsentry"}})
    s = order(s, "nightblade", "0:V0", seat=1)
    assert kind(s, "0:V0") == "corpse" and sts(s, "0:V1") == ["+1 Attack"] and stats(s, "0:V1")["attack"] == 4


def test_sporemother_random_rival_hero_gains_minus_1_life_at_your_turn_end():
    s = chased("sporemother", units={1: {"V0": "ironsentry"}})
    s = end(s)
    assert sts(s, "1:V0") == ["-1 Life"] and stats(s, "1:V0")["life"] == 5


def test_tollkeeper_hand_sizes_replace_the_chosen_leaders():
    s = chased("tollkeeper", leaders=("lorekeeper", "starseer"))  # Lorekeeper's +2 is gone
    assert (hand_size(s, 0), hand_size(s, 1)) == (6, 4)


def test_stormherald_long_action_hits_a_rival_column_for_2():
    s = chased("stormherald", units={1: {"V1": "brewmother", "R1": "nightblade", "V0": "ironsentry"}})
    s = lead(s, "1:V1")
    assert (dmg(s, "1:V1"), dmg(s, "1:L"), dmg(s, "1:R1"), dmg(s, "1:V0")) == (2, 2, 2, 0)
    assert s["turn"] == 1  # both actions spent: the Rival's turn
    s = chased("stormherald", actions=1, units={1: {"V1": "brewmother"}})
    assert choices(s, 0, "leader_action", "target") == []


def test_bonepiper_clears_a_corpse_then_heals_your_leader_2():
    s = chased("bonepiper", units={0: {"L": {"damage": 3}}, 1: {"V0": {"key": "stonehide", "corpse": True}}})
    s = lead(s, "1:V0")
    assert at(s, "1:V0") is None and pile(s, 1) == ["stonehide"] and dmg(s, "0:L") == 1


def test_glasswing_flank_heroes_have_ranged():
    s = chased("glasswing", units={0: {"F0": "ironsentry", "V0": "brewmother"}})
    assert stats(s, "0:F0")["ranged"] and not stats(s, "0:V0")["ranged"]


def test_without_the_chase_entry_the_chosen_leader_plays():
    s = setup(QUIET, units={0: {"F0": "ironsentry"}})
    assert not stats(s, "0:F0")["ranged"] and stats(s, "0:L")["life"] == 21  # Gearsmith 3/21
    s = act(s, 0, {"type": "leader_action", "target": None})  # Gearsmith's own action is still there
    assert s["actions_left"] == 1


def test_every_chase_leader_has_a_test_naming_it():
    from pathlib import Path

    text = Path(__file__).read_text(encoding="utf-8")
    assert [c["key"] for c in CHASE if f'"{c["key"]}"' not in text] == []
