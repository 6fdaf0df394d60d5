"""League Bases in play: the `bases` option, Ongoing abilities acting as the owner's Leader's from the start,
the Snap action (cost, your turn only, the Ceasefire, flipping ends both effects) and the public view.

The Bases here are hand-built (registered through ``bases_play.EXTRA``), so every expected value is worked
out from their texts: the League's real Bases (``sets/bases.py``) are checked by their own tests.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.base import BadOptions
from bot.games.pixel_tactics import PixelTacticsEngine, bases_play, sets
from bot.games.pixel_tactics.scenario import act, at, build, hand_size, keys, legal, stats

E = PixelTacticsEngine()
QUIET = ("gearsmith", "starseer")  # Leaders with only a Leader action


def _base(key: str, ongoing: list, snap: dict[str, Any], name: str = "Test Tower") -> dict[str, Any]:
    """Return a hand-built Base definition."""
    return {"key": key, "name": name, "set": "bases", "colour": "red", "points": 3,
            "ongoing": {"text": "(test ongoing)", "abilities": ongoing},
            "snap": {"text": "(test snap)", **snap}}


#: Ongoing: your Heroes have +1 Attack; your Leader has +2 Life. Snap (1 action): 2 damage to a rival Hero.
WATCHTOWER = _base("tb_watchtower", [
    {"kind": "static", "mod": "attack", "who": "heroes", "amount": 1},
    {"kind": "static", "mod": "life", "who": "self", "amount": 2},
], {"cost": 1, "target": {"side": "rival", "kind": "hero"}, "effects": [{"op": "damage", "amount": 2, "to": "target"}]},
    "Watchtower")
#: Ongoing: when your Leader is attacked, 1 damage to the attacker. Snap (0 actions): remove 3 damage from
#: your Leader (not hostile: allowed in the Ceasefire).
THORNWALL = _base("tb_thornwall", [
    {"kind": "reaction", "trigger": "attacked", "effects": [{"op": "damage", "amount": 1, "to": "event_source"}]},
], {"cost": 0, "target": None, "effects": [{"op": "heal", "amount": 3, "to": "own_leader"}]}, "Thornwall")
#: Ongoing: your maximum hand size is 1 more. Snap (2 actions): draw 2 cards.
LIBRARY = _base("tb_library", [{"kind": "static", "mod": "hand_size", "who": "you", "amount": 1}],
                {"cost": 2, "target": None, "effects": [{"op": "draw", "count": 2, "who": "you"}]}, "Library")


@pytest.fixture(autouse=True)
def _bases(monkeypatch):
    for base in (WATCHTOWER, THORNWALL, LIBRARY):
        monkeypatch.setitem(bases_play.EXTRA, base["key"], base)


def with_bases(state: dict[str, Any], *keys: str | None) -> dict[str, Any]:
    """Return ``state`` with the given Bases (one per seat) in play, none snapped."""
    state["bases"] = bases_play.initial(list(keys), 2)
    return state


# ------------------------------------------------------------------------------------------------ option


def test_the_bases_option_gives_each_seat_its_base_or_none():
    s = E.new_game(2, {"bases": ["tb_watchtower", None]}, 5)
    assert s["bases"] == [{"key": "tb_watchtower", "snapped": False}, None]
    assert "bases" not in E.new_game(2, {}, 5) and "bases" not in E.new_game(2, {"bases": None}, 5)
    for bad, message in ((["tb_watchtower"], "bases must be a list of 2 Base keys"),
                         ("tb_watchtower", "bases must be a list of 2 Base keys"),
                         (["tb_watchtower", "no_such_base"], "Unknown League Base: 'no_such_base'."),
                         ([3, None], "Unknown League Base: 3.")):
        with pytest.raises(BadOptions) as caught:
            E.new_game(2, {"bases": bad}, 5)
        assert str(caught.value).startswith(message)


def test_a_new_game_with_bases_plays_through_leader_picks():
    s = E.new_game(2, {"bases": ["tb_watchtower", "tb_library"], "trophies": 1}, 5)
    for seat in (0, 1):
        s = E.apply(s, seat, legal(s, seat)[0])
    assert s["phase"] == "turn"
    # Library's Ongoing: 5 + 1 from the very first turn; seat 0 has no hand-size effect
    assert hand_size(s, 1) == 6 and hand_size(s, 0) == 5


# ----------------------------------------------------------------------------------------------- ongoing


def test_ongoing_statics_act_as_the_leaders():
    plain = build(QUIET, units={0: {"V0": "ironsentry"}})
    s = with_bases(build(QUIET, units={0: {"V0": "ironsentry"}}), "tb_watchtower", None)
    assert stats(s, "0:V0")["attack"] == stats(plain, "0:V0")["attack"] + 1  # Iron Sentry 3 -> 4
    assert stats(s, "0:L")["life"] == stats(plain, "0:L")["life"] + 2  # "self" is the owner's Leader: 20 -> 22
    assert stats(s, "0:L")["attack"] == stats(plain, "0:L")["attack"]  # Heroes only, not the Leader
    s = act(s, 0, {"type": "attack", "by": "V0", "target": "1:L"})
    assert at(s, "1:L")["damage"] == stats(plain, "0:V0")["attack"] + 1


def test_ongoing_statics_survive_no_special_abilities_on_the_leader():
    s = with_bases(build(QUIET, units={0: {"L": {"statuses": ["No Special Abilities"]}, "V0": "ironsentry"}}),
                   "tb_watchtower", None)
    plain = build(QUIET, units={0: {"V0": "ironsentry"}})
    assert stats(s, "0:V0")["attack"] == stats(plain, "0:V0")["attack"] + 1  # the Base is out of play


def test_ongoing_reaction_hits_back_when_the_leader_is_attacked():
    s = with_bases(build(QUIET, units={1: {"V0": "ironsentry"}}, turn=1, first=1), "tb_thornwall", None)
    s = act(s, 1, {"type": "attack", "by": "V0", "target": "0:L"})
    assert at(s, "1:V0")["damage"] == 1
    assert any("1 damage to Iron Sentry (1:V0)." == line for line in s["log"])


# ------------------------------------------------------------------------------------------------- snap


def test_snap_pays_its_cost_applies_its_effect_and_ends_the_ongoing_effect():
    s = with_bases(build(QUIET, units={0: {"V0": "ironsentry"}, 1: {"V0": "stonehide", "V1": "brewmother"}}),
                   "tb_watchtower", None)
    before = stats(s, "0:V0")["attack"]
    assert [a for a in legal(s, 0) if a["type"] == "snap"] == [
        {"type": "snap", "target": "1:V0"}, {"type": "snap", "target": "1:V1"}]
    assert E.describe_action(s, 0, {"type": "snap", "target": "1:V1"}) == \
        "snapped the Base Watchtower on Brewmother (1:V1)"
    s = act(s, 0, {"type": "snap", "target": "1:V1"})
    assert at(s, "1:V1")["damage"] == 2 and s["actions_left"] == 1
    assert s["bases"][0] == {"key": "tb_watchtower", "snapped": True}
    assert stats(s, "0:V0")["attack"] == before - 1  # the Ongoing +1 Attack ended with the flip
    assert s["log"][-2:] == ["Seat 1 snaps the Base Watchtower on Brewmother (1:V1).",
                             "2 damage to Brewmother (1:V1)."]
    assert [a for a in legal(s, 0) if a["type"] == "snap"] == []
    with pytest.raises(Exception, match="Your Base is already snapped."):
        act(s, 0, {"type": "snap", "target": "1:V0"})


def test_snap_only_on_your_turn_and_only_with_a_base():
    s = with_bases(build(QUIET, units={1: {"V0": "stonehide"}}), None, "tb_library")
    assert [a for a in legal(s, 1) if a["type"] == "snap"] == []  # seat 0's turn
    with pytest.raises(Exception, match="You have no League Base in this game."):
        act(s, 0, {"type": "snap", "target": None})
    with pytest.raises(Exception, match="It is not your turn."):
        act(s, 1, {"type": "snap", "target": None})


def test_a_hostile_snap_waits_for_the_end_of_the_ceasefire_but_a_friendly_one_does_not():
    s = with_bases(build(QUIET, ceasefire=True, units={0: {"L": {"damage": 5}}, 1: {"V0": "stonehide"}}),
                   "tb_thornwall", "tb_watchtower")
    assert [a for a in legal(s, 0) if a["type"] == "snap"] == [{"type": "snap", "target": None}]
    s = act(s, 0, {"type": "snap", "target": None})
    assert at(s, "0:L")["damage"] == 2 and s["actions_left"] == 2  # 5 - 3, and it cost nothing
    s = act(s, 0, {"type": "end"})
    assert s["turn"] == 1 and [a for a in legal(s, 1) if a["type"] == "snap"] == []
    with pytest.raises(Exception, match="No interfering with the Rival during the Ceasefire"):
        act(s, 1, {"type": "snap", "target": "0:L"})


def test_a_snap_costing_two_needs_two_actions():
    s = with_bases(build(QUIET, actions=1, deck_top={0: ["ironsentry", "stonehide"]}), "tb_library", None)
    assert [a for a in legal(s, 0) if a["type"] == "snap"] == []
    with pytest.raises(Exception, match=r"Your Base's Snap costs 2 actions\."):
        act(s, 0, {"type": "snap", "target": None})
    s = with_bases(build(QUIET, deck_top={0: ["ironsentry", "stonehide"]}), "tb_library", None)
    s = act(s, 0, {"type": "snap", "target": None})
    assert keys(s["players"][0]["hand"]) == ["ironsentry", "stonehide"]
    assert s["turn"] == 1  # no action left: the turn ended by itself
    assert hand_size(s, 0) == 5  # Library's +1 hand size ended


def test_a_free_snap_keeps_the_turn_open_with_no_action_left():
    s = with_bases(build(QUIET, actions=1, units={0: {"L": {"damage": 4}}}), "tb_thornwall", None)
    s = act(s, 0, {"type": "draw"})
    assert s["turn"] == 0 and s["actions_left"] == 0  # the free Snap is still there to use
    assert legal(s, 0) == [{"type": "snap", "target": None}, {"type": "end"}]
    s = act(s, 0, {"type": "snap", "target": None})
    assert at(s, "0:L")["damage"] == 1 and s["turn"] == 1


# ------------------------------------------------------------------------------------------------- view


def test_everyone_sees_both_bases_and_whether_they_are_snapped():
    s = with_bases(build(QUIET, units={1: {"V0": "stonehide"}}), "tb_watchtower", None)
    expected = {"key": "tb_watchtower", "name": "Watchtower", "colour": "red", "points": 3,
                "ongoing": "(test ongoing)", "snap": "(test snap)", "cost": 1, "snapped": False}
    for viewer in (None, 0, 1):
        view = E.view(s, viewer)
        assert view["players"][0]["base"] == expected and view["players"][1]["base"] is None
    s = act(s, 0, {"type": "snap", "target": "1:V0"})
    assert E.view(s, None)["players"][0]["base"]["snapped"] is True
    assert E.view(build(QUIET), None)["players"][0]["base"] is None  # a game without Bases


# ------------------------------------------------------------------------------------------ League Bases

LEAGUE = [b["key"] for b in sets.BASES]


@pytest.mark.parametrize("key", LEAGUE)
def test_every_league_base_snaps_once_and_flips(key):
    s = with_bases(build(QUIET, units={0: {"L": {"damage": 3}, "V0": {"key": "ironsentry", "damage": 2},
                                           "V1": {"key": "stonehide", "corpse": True}},
                                       1: {"V0": "brewmother"}},
                         hands={1: ["bladedancer"]}), key, None)
    cost = sets.base_def(key)["snap"]["cost"]
    snaps = [a for a in legal(s, 0) if a["type"] == "snap"]
    assert snaps, key
    s = act(s, 0, snaps[0])
    gained = sum(e.get("count", 0) for e in sets.base_def(key)["snap"]["effects"] if e["op"] == "extra_action")
    assert s["bases"][0]["snapped"] is True and bases_play.ongoing(s, 0) == []
    left = 2 - cost + gained
    if left == 0:
        assert s["turn"] == 1  # the Snap used the last actions: the turn ended by itself
    else:
        assert s["actions_left"] == left and [a for a in legal(s, 0) if a["type"] == "snap"] == []


def test_red_barracks_gains_an_action_for_free_and_red_granary_holds_one_more_card():
    s = with_bases(build(QUIET, actions=0, units={0: {"V0": "ironsentry"}}), "red_barracks", "red_granary")
    assert s["turn"] == 0 and legal(s, 0)[0] == {"type": "snap", "target": None}
    s = act(s, 0, {"type": "snap", "target": None})  # cost 0, then "Gain 1 action"
    assert s["actions_left"] == 1 and s["turn"] == 0
    assert hand_size(s, 1) == 6 and hand_size(s, 0) == 5  # Granary: 5 + 1, for its owner only


def test_grey_infirmary_heals_the_leader_at_the_end_of_its_owners_turn():
    s = with_bases(build(QUIET, units={0: {"L": {"damage": 4}}, 1: {"L": {"damage": 4}}}), "grey_infirmary",
                   None)
    s = act(s, 0, {"type": "end"})
    assert at(s, "0:L")["damage"] == 3 and at(s, "1:L")["damage"] == 4


def test_yellow_shrine_snap_revives_a_corpse_for_two_actions():
    s = with_bases(build(QUIET, units={0: {"V1": {"key": "stonehide", "corpse": True}}}), "yellow_shrine", None)
    assert [a for a in legal(s, 0) if a["type"] == "snap"] == [{"type": "snap", "target": "0:V1"}]
    s = act(s, 0, {"type": "snap", "target": "0:V1"})
    assert at(s, "0:V1")["kind"] == "hero" and at(s, "0:V1")["damage"] == 0
    assert s["turn"] == 1  # both actions spent: seat 1's turn


def test_teal_signal_tower_draws_when_a_rival_hero_falls_at_the_casualty_check():
    s = with_bases(build(QUIET, turn=1, first=0, units={1: {"V0": {"key": "brewmother", "damage": 9}}},
                         deck_top={0: ["ironsentry"]}), "teal_signaltower", None)
    before = len(s["players"][0]["hand"])
    s = act(s, 1, {"type": "end"})  # end of the wave: Brewmother falls
    assert at(s, "1:V0")["kind"] == "corpse"
    assert len(s["players"][0]["hand"]) == before + 1 and keys(s["players"][0]["hand"])[-1] == "ironsentry"
