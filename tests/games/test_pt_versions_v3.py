"""Content 3 (Leader rebalance): content-2 games replay as before and keep their Leader sides."""

import hashlib
import json

import pytest

from bot.games.pixel_tactics import sets
from bot.games.pixel_tactics.scenario import act, at, build, check_invariants, keys, legal, stats
from bot.games.pixel_tactics.sets.leaders_v2 import LEADERS as LEADERS_V2
from bot.games.pixel_tactics.state import card, key_of, make_id, version_of
from tests.games.pt_versions_golden import GOLDEN_V2, OLD_LEADERS, V2_CARDS_SHA256, E, lead, old_playout


@pytest.mark.parametrize("set_name, seed", sorted(GOLDEN_V2))
def test_content_2_games_deal_play_and_replay_exactly_as_before_the_leader_rebalance(set_name, seed):
    steps, marks, trophies = GOLDEN_V2[(set_name, seed)]
    options = {"trophies": 2, "content": 2, "set": set_name}
    state, got, step, log = old_playout(seed, options)
    assert (step, got, state["trophies"]) == (steps, marks, trophies)
    assert state["content"] == 2 and all(version_of(c) == 2 for c in state["players"][0]["deck"])
    replay = E.new_game(2, options, seed)
    for seat, action in log:
        replay = E.apply(replay, seat, action)
    assert replay == state
    assert old_playout(seed, {**options, "content": 3})[2] != steps  # content 3 plays the same seed differently


def test_card_def_version_2_is_the_card_data_before_the_leader_rebalance():
    for key, leader in OLD_LEADERS.items():
        assert sets.card_def(key, 2)["leader"] == leader != sets.card_def(key, 3)["leader"]
    every = [c["key"] for c in sets.all_cards()]
    v2 = {k: sets.card_def(k, 2) for k in every}
    assert hashlib.sha256(json.dumps(v2, sort_keys=True).encode()).hexdigest() == V2_CARDS_SHA256
    changed = sorted(k for k in every if sets.card_def(k, 2) != sets.card_def(k, 3))
    assert changed == sorted(LEADERS_V2) and len(changed) == 52
    for key in every:  # only Leader sides differ: Heroes and tactics are the same in both versions
        old, new = sets.card_def(key, 2), sets.card_def(key, 3)
        assert {f: v for f, v in old.items() if f != "leader"} == {f: v for f, v in new.items() if f != "leader"}


def test_a_game_dealt_with_content_2_reads_every_leader_side_of_version_2():
    s = E.new_game(2, {"content": 2}, 5)
    for c in s["players"][0]["hand"] + s["players"][0]["deck"]:
        assert card(c)["leader"] == LEADERS_V2.get(key_of(c), sets.card_def(key_of(c), 3)["leader"])
    assert card(make_id(0, "starseer", 2))["leader"] == OLD_LEADERS["starseer"]


@pytest.mark.parametrize("content, drawn", [(2, ["marshal", "skyshot"]), (3, ["marshal"])])
def test_starseer_draws_2_in_a_content_2_game_and_1_in_a_content_3_game(content, drawn):
    s = build(("starseer", "gearsmith"), content=content, deck_top={0: ["marshal", "skyshot", "stonehide"]})
    s = lead(s)
    assert keys(s["players"][0]["hand"]) == drawn and s["actions_left"] == 1
    assert all(version_of(c) == content for c in s["players"][0]["hand"])


def test_venomfang_hits_at_turn_end_in_a_content_2_game_and_after_its_attack_in_a_content_3_game():
    s = build(("venomfang", "starseer"), content=2, units={1: {"V0": "ironsentry"}})
    assert at(act(s, 0, {"type": "end"}), "1:V0")["damage"] == 1
    s = build(("venomfang", "starseer"), content=3, units={1: {"V0": "ironsentry"}})
    assert at(act(s, 0, {"type": "end"}), "1:V0")["damage"] == 0
    s = build(("venomfang", "starseer"), content=2, wave="F", units={1: {"V0": "ironsentry"}})
    s = act(s, 0, {"type": "attack", "by": "L", "target": "1:L"})
    assert (at(s, "1:L")["damage"], at(s, "1:V0")["damage"]) == (3, 0)  # version 2: the attack alone
    s = build(("venomfang", "starseer"), content=3, wave="F", units={1: {"V0": "ironsentry"}})
    s = act(s, 0, {"type": "attack", "by": "L", "target": "1:L"})
    assert (at(s, "1:L")["damage"], at(s, "1:V0")["damage"]) == (3, 1)


def test_nullwarden_targets_rivals_for_1_action_in_content_2_and_any_hero_for_free_in_content_3():
    units = {0: {"V0": "wayscout"}, 1: {"F0": "quartermaster"}}
    old = build(("nullwarden", "gearsmith"), content=2, units=units)
    assert [a["target"] for a in legal(old, 0) if a["type"] == "leader_action"] == ["1:F0"]
    assert lead(old, "1:F0")["actions_left"] == 1
    new = build(("nullwarden", "gearsmith"), content=3, units=units)
    assert sorted(a["target"] for a in legal(new, 0) if a["type"] == "leader_action") == ["0:V0", "1:F0"]
    assert lead(new, "1:F0")["actions_left"] == 2


def test_leader_figures_follow_the_content_version_of_the_game():
    for content, life in ((2, 17), (3, 21)):  # Cinderwitch's Leader: 4/17 in version 2, 4/21 in version 3
        s = build(("cinderwitch", "gearsmith"), content=content)
        assert (stats(s, "0:L")["attack"], stats(s, "0:L")["life"]) == (4, life)
        check_invariants(s)


@pytest.mark.parametrize("content, gearsmith, mirrorjest", [(2, (3, 20), (4, 21)), (3, (3, 21), (4, 23))])
def test_gearsmith_and_mirrorjest_keep_their_version_2_figures_in_a_content_2_game(content, gearsmith, mirrorjest):
    s = build(("gearsmith", "mirrorjest"), content=content)
    assert (stats(s, "0:L")["attack"], stats(s, "0:L")["life"]) == gearsmith  # round 3: one Life more
    assert (stats(s, "1:L")["attack"], stats(s, "1:L")["life"]) == mirrorjest  # round 3: 4/23
    check_invariants(s)
