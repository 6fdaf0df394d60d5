"""The League's 40 Bases: 8 colours x 5, each design's Ongoing and Snap do what their texts say.

Positions come from ``scenario.build`` with a Base given to seat 0 (``bases_play.initial``, as the
``bases`` option does); seat 0's Leader is the quiet Gearsmith (2/20) unless a test says otherwise.
"""

from collections import Counter

import pytest

from bot.games.pixel_tactics import PixelTacticsEngine, bases_play
from bot.games.pixel_tactics.sets import BASES, base_def, checks
from bot.games.pixel_tactics.sets.bases import COLOUR_DESIGNS, DESIGNS
from tests.games.pt_card_helpers import (
    act,
    at,
    attack,
    dmg,
    end,
    hand,
    hand_size,
    kind,
    order,
    pile,
    setup,
    stats,
    sts,
)

E = PixelTacticsEngine()


def based(design, colour="red", **kw):
    """Return a scenario position where seat 0 holds the ``colour`` Base of ``design`` (or its first colour)."""
    colour = colour if design in COLOUR_DESIGNS[colour] else next(c for c, d in COLOUR_DESIGNS.items() if design in d)
    s = setup(**kw)
    s["bases"] = bases_play.initial([f"{colour}_{design}", None], 2)
    return s


def snap(s, target=None, seat=0):
    """Use the Snap of ``seat``'s Base."""
    return act(s, seat, {"type": "snap", "target": target})


def test_forty_bases_five_of_each_colour_with_unique_keys():
    assert len(BASES) == 40 and len({b["key"] for b in BASES}) == 40
    assert Counter(b["colour"] for b in BASES) == {c: 5 for c in checks.COLOURS}
    for colour in checks.COLOURS:
        mine = [b for b in BASES if b["colour"] == colour]
        assert len({b["name"] for b in mine}) == 5 and sum(b["points"] for b in mine) == 15
    assert {b["points"] for b in BASES} == {1, 2, 3, 4, 5}
    assert 5 <= len(DESIGNS) <= 8
    assert Counter(d for designs in COLOUR_DESIGNS.values() for d in designs) == {d: 5 for d in DESIGNS}


def test_each_key_names_its_colour_and_design_and_the_engine_accepts_it():
    for b in BASES:
        colour, design = b["key"].split("_", 1)
        assert colour == b["colour"] and b["name"] == f"{colour.title()} {DESIGNS[design]['name']}"
        assert (b["ongoing"], b["snap"], b["points"]) == (DESIGNS[design]["ongoing"], DESIGNS[design]["snap"],
                                                          DESIGNS[design]["points"])
        assert base_def(b["key"]) is b
    state = E.new_game(2, {"bases": ["grey_shrine", "teal_signaltower"]}, 3)
    assert [x["key"] for x in state["bases"]] == ["grey_shrine", "teal_signaltower"]


# --------------------------------------------------------------------------------------------- Watchtower


def test_watchtower_rear_heroes_plus_1_attack_until_the_snap_deals_2():
    s = based("watchtower", units={0: {"R0": "nightblade", "V0": "ironsentry"}, 1: {"V0": "stonehide"}})
    assert stats(s, "0:R0")["attack"] == 4 and stats(s, "0:V0")["attack"] == 3
    s = snap(s, "1:V0")
    assert dmg(s, "1:V0") == 2 and s["actions_left"] == 1 and s["bases"][0]["snapped"]
    assert stats(s, "0:R0")["attack"] == 3  # flipped: the Ongoing effect is gone


# ------------------------------------------------------------------------------------------------ Granary


def test_granary_hand_size_6_and_a_free_snap_draws_2():
    s = based("granary", deck_top={0: ["nightblade", "skyshot"]})
    assert hand_size(s, 0) == 6 and hand_size(s, 1) == 5
    s = snap(s)
    assert hand(s, 0) == ["nightblade", "skyshot"] and s["actions_left"] == 2 and hand_size(s, 0) == 5


# ---------------------------------------------------------------------------------------------- Infirmary


def test_infirmary_heals_your_leader_1_at_the_end_of_your_turn():
    s = based("infirmary", units={0: {"L": {"damage": 3}, "V0": {"key": "ironsentry", "damage": 2}}})
    s = end(s)
    assert dmg(s, "0:L") == 2 and dmg(s, "0:V0") == 2


def test_infirmary_snap_heals_each_hero_3():
    s = based("infirmary", units={0: {"L": {"damage": 3}, "V0": {"key": "ironsentry", "damage": 4},
                                      "F0": {"key": "brewmother", "damage": 2}}})
    s = snap(s)
    assert (dmg(s, "0:V0"), dmg(s, "0:F0"), dmg(s, "0:L")) == (1, 0, 3) and s["actions_left"] == 1


# ------------------------------------------------------------------------------------------------ Rampart


def test_rampart_leader_takes_1_less_from_attacks():
    s = based("rampart", turn=1, units={1: {"V1": "ironsentry"}})
    s = attack(s, "V1", "0:L", seat=1)
    assert dmg(s, "0:L") == 2  # 3 - 1


def test_rampart_snap_gives_intercept_and_plus_1_life():
    s = based("rampart", units={0: {"V0": "brewmother"}})
    s = snap(s, "0:V0")
    assert sts(s, "0:V0") == ["Intercept", "+1 Life"] and stats(s, "0:L")["reduce"] == 0


# -------------------------------------------------------------------------------------------------- Forge


def test_forge_vanguard_plus_1_attack_and_snap_plus_2():
    s = based("forge", units={0: {"V0": "ironsentry", "F0": "brewmother"}})
    assert stats(s, "0:V0")["attack"] == 4 and stats(s, "0:F0")["attack"] == 1
    s = snap(s, "0:F0")
    assert stats(s, "0:F0")["attack"] == 3 and stats(s, "0:V0")["attack"] == 3


# ------------------------------------------------------------------------------------------------- Shrine


def test_shrine_heals_your_leader_1_when_a_hero_of_yours_falls():
    s = based("shrine", turn=1, hands={1: ["nightblade"]},
              units={0: {"L": {"damage": 3}, "V0": {"key": "brewmother", "damage": 4}}})
    s = order(s, "nightblade", "0:V0", seat=1)
    assert kind(s, "0:V0") == "corpse" and dmg(s, "0:L") == 2


def test_shrine_snap_is_a_long_action_reviving_a_corpse_of_yours():
    s = based("shrine", units={0: {"V0": {"key": "brewmother", "corpse": True}}})
    s = snap(s, "0:V0")
    assert kind(s, "0:V0") == "hero" and s["turn"] == 1  # both actions spent
    s = based("shrine", actions=1, units={0: {"V0": {"key": "brewmother", "corpse": True}}})
    assert {"type": "snap", "target": "0:V0"} not in E.legal_actions(s, 0)


# ----------------------------------------------------------------------------------------------- Barracks


def test_barracks_flank_heroes_plus_1_life_and_snap_gains_an_action():
    s = based("barracks", units={0: {"F0": "brewmother", "V0": "ironsentry"}})
    assert stats(s, "0:F0")["life"] == 6 and stats(s, "0:V0")["life"] == 6
    s = snap(s)
    assert s["actions_left"] == 3 and stats(s, "0:F0")["life"] == 5


# ------------------------------------------------------------------------------------------- Signal Tower


def test_signaltower_draws_when_a_rival_hero_falls():
    s = based("signaltower", hands={0: ["nightblade"]}, units={1: {"V0": {"key": "brewmother", "damage": 4}}},
              deck_top={0: ["skyshot"]})
    s = order(s, "nightblade", "1:V0")
    assert kind(s, "1:V0") == "corpse" and hand(s, 0) == ["skyshot"]


def test_signaltower_snap_rival_discards_a_random_card():
    s = based("signaltower", hands={1: ["brewmother"]})
    s = snap(s)
    assert hand(s, 1) == [] and pile(s, 1) == ["brewmother"] and at(s, "0:L")["damage"] == 0


@pytest.mark.parametrize("design", sorted(DESIGNS))
def test_every_design_is_tested_here(design):
    from pathlib import Path

    assert f'based("{design}"' in Path(__file__).read_text(encoding="utf-8")
