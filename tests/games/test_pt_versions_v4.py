"""Content 4 (Leader tuning): content-3 games replay as before and keep their Leader sides."""

import hashlib
import json

import pytest

from bot.games.pixel_tactics import sets
from bot.games.pixel_tactics.scenario import act, at, build, check_invariants, stats
from bot.games.pixel_tactics.sets.leaders_v3 import LEADERS as LEADERS_V3
from bot.games.pixel_tactics.state import card, key_of, version_of
from tests.games.pt_versions_golden import (
    CHANGED_IN_4,
    DECKS_V3,
    GOLDEN_V3,
    V3_CARDS_SHA256,
    E,
    lead,
    old_playout,
)


def _v3_options(figure):
    """Return the options of a content-3 golden game."""
    return {"trophies": 2, "content": 3, **({"decks": DECKS_V3} if figure == "decks" else {"set": figure})}


@pytest.mark.parametrize("figure, seed", sorted(GOLDEN_V3))
def test_content_3_games_deal_play_and_replay_exactly_as_before_the_leader_tuning(figure, seed):
    steps, marks, trophies = GOLDEN_V3[(figure, seed)]
    options = _v3_options(figure)
    state, got, step, log = old_playout(seed, options)
    assert (step, got, state["trophies"]) == (steps, marks, trophies)
    assert state["content"] == 3 and all(version_of(c) == 3 for c in state["players"][0]["deck"])
    replay = E.new_game(2, options, seed)
    for seat, action in log:
        replay = E.apply(replay, seat, action)
    assert replay == state


def test_content_4_plays_the_content_3_golden_games_differently():
    for figure, seed in GOLDEN_V3:
        steps, _marks, trophies = GOLDEN_V3[(figure, seed)]
        state, _got, step, _log = old_playout(seed, {**_v3_options(figure), "content": 4})
        strip = json.loads(json.dumps(state["trophies"]).replace("@4", "@3"))
        assert state["content"] == 4 and (step, strip) != (steps, trophies), (figure, seed)


def test_card_def_version_3_is_the_card_data_before_the_leader_tuning():
    every = [c["key"] for c in sets.all_cards()]
    v3 = {k: sets.card_def(k, 3) for k in every}
    assert hashlib.sha256(json.dumps(v3, sort_keys=True).encode()).hexdigest() == V3_CARDS_SHA256
    changed = sorted(k for k in every if sets.card_def(k, 3) != sets.card_def(k, 4))
    assert changed == sorted(LEADERS_V3) == sorted(CHANGED_IN_4)
    for key in every:  # only Leader sides differ: Heroes and tactics are the same in both versions
        old, new = sets.card_def(key, 3), sets.card_def(key, 4)
        assert {f: v for f, v in old.items() if f != "leader"} == {f: v for f, v in new.items() if f != "leader"}
        if key in LEADERS_V3:
            assert old["leader"] == LEADERS_V3[key]
        else:
            assert old is new  # an unchanged card is the same definition in both versions


def test_a_game_dealt_with_content_3_reads_every_leader_side_of_version_3():
    s = E.new_game(2, {"content": 3, "set": "core2"}, 5)
    for c in s["players"][0]["hand"] + s["players"][0]["deck"]:
        assert card(c)["leader"] == LEADERS_V3.get(key_of(c), sets.card_def(key_of(c), 4)["leader"])


@pytest.mark.parametrize("key", sorted(CHANGED_IN_4))
def test_leader_figures_of_content_3_and_4(key):
    for content in (3, 4):
        s = build((key, "gearsmith"), content=content)
        assert (stats(s, "0:L")["attack"], stats(s, "0:L")["life"]) == CHANGED_IN_4[key][content - 3], content
        check_invariants(s)


@pytest.mark.parametrize("content, statuses, life", [(3, [], 5), (4, ["-1 Life"], 4)])
def test_cryptmother_revives_plainly_in_a_content_3_game_and_with_minus_1_life_in_a_content_4_game(content, statuses,
                                                                                                 life):
    s = build(("cryptmother", "gearsmith"), content=content, units={0: {"V0": {"key": "marrowfiend", "corpse": True}}})
    s = lead(s, "0:V0")
    assert at(s, "0:V0")["kind"] == "hero" and at(s, "0:V0")["statuses"] == statuses
    assert stats(s, "0:V0")["life"] == life and s["turn"] == 1  # a long action in both versions
    check_invariants(s)


@pytest.mark.parametrize("content, leader, hero", [(3, 1, 0), (4, 0, 1)])
def test_grievewarden_hurts_the_rival_leader_in_content_3_and_a_random_rival_hero_in_content_4(content, leader, hero):
    s = build(("grievewarden", "gearsmith"), content=content, first=0,
              units={0: {"V0": {"key": "rallycaller", "damage": 5}}, 1: {"V0": "quartermaster"}})
    s = act(act(s, 0, {"type": "end"}), 1, {"type": "end"})  # Rallycaller falls at the end of the wave
    assert at(s, "0:V0")["kind"] == "corpse"
    assert (at(s, "1:L")["damage"], at(s, "1:V0")["damage"]) == (leader, hero)
