"""Content 5 (Leader tuning): content-4 games replay as before and keep their Leader figures."""

import hashlib
import json

import pytest

from bot.games.pixel_tactics import sets
from bot.games.pixel_tactics.scenario import build, check_invariants, stats
from bot.games.pixel_tactics.sets.leaders_v4 import LEADERS as LEADERS_V4
from bot.games.pixel_tactics.state import card, key_of, version_of
from tests.games.pt_versions_golden import CHANGED_IN_5, DECKS_V4, GOLDEN_V4, V4_CARDS_SHA256, E, old_playout


def _v4_options(figure):
    """Return the options of a content-4 golden game."""
    return {"trophies": 2, "content": 4, **({"decks": DECKS_V4} if figure == "decks" else {"set": figure})}


@pytest.mark.parametrize("figure, seed", sorted(GOLDEN_V4))
def test_content_4_games_deal_play_and_replay_exactly_as_before_the_leader_tuning_of_content_5(figure, seed):
    steps, marks, trophies = GOLDEN_V4[(figure, seed)]
    options = _v4_options(figure)
    state, got, step, log = old_playout(seed, options)
    assert (step, got, state["trophies"]) == (steps, marks, trophies)
    assert state["content"] == 4 and all(version_of(c) == 4 for c in state["players"][0]["deck"])
    replay = E.new_game(2, options, seed)
    for seat, action in log:
        replay = E.apply(replay, seat, action)
    assert replay == state


def test_content_5_plays_the_content_4_golden_games_differently():
    for figure, seed in GOLDEN_V4:
        steps, _marks, trophies = GOLDEN_V4[(figure, seed)]
        state, _got, step, _log = old_playout(seed, {**_v4_options(figure), "content": 5})
        strip = json.loads(json.dumps(state["trophies"]).replace("@5", "@4"))
        assert state["content"] == 5 and (step, strip) != (steps, trophies), (figure, seed)


def test_card_def_version_4_is_the_card_data_before_the_leader_tuning_of_content_5():
    every = [c["key"] for c in sets.all_cards()]
    v4 = {k: sets.card_def(k, 4) for k in every}
    assert hashlib.sha256(json.dumps(v4, sort_keys=True).encode()).hexdigest() == V4_CARDS_SHA256
    changed = sorted(k for k in every if sets.card_def(k, 4) != sets.card_def(k, 5))
    assert changed == sorted(LEADERS_V4) == sorted(CHANGED_IN_5)
    for key in every:  # only Leader sides differ, and only in figures: Heroes, tactics and powers are the same
        old, new = sets.card_def(key, 4), sets.card_def(key, 5)
        assert {f: v for f, v in old.items() if f != "leader"} == {f: v for f, v in new.items() if f != "leader"}
        if key in LEADERS_V4:
            assert old["leader"] == LEADERS_V4[key]
            strip = {"attack", "life"}
            assert {f: v for f, v in old["leader"].items() if f not in strip} == \
                {f: v for f, v in new["leader"].items() if f not in strip}
        else:
            assert old is new  # an unchanged card is the same definition in both versions


def test_a_game_dealt_with_content_4_reads_every_leader_side_of_version_4():
    s = E.new_game(2, {"content": 4, "decks": DECKS_V4}, 5)
    for c in s["players"][0]["leaders"] + s["players"][1]["leaders"] + s["players"][0]["deck"]:
        assert card(c)["leader"] == LEADERS_V4.get(key_of(c), sets.card_def(key_of(c), 5)["leader"])


@pytest.mark.parametrize("key", sorted(CHANGED_IN_5))
def test_leader_figures_of_content_4_and_5(key):
    for content in (4, 5):
        s = build((key, "gearsmith"), content=content)
        assert (stats(s, "0:L")["attack"], stats(s, "0:L")["life"]) == CHANGED_IN_5[key][content - 4], content
        check_invariants(s)


def test_pyrekeeper_keeps_its_leader_figures_of_each_content_version():
    for content, figures in ((3, (3, 19)), (4, (3, 20)), (5, (3, 21))):  # version 3's side is leaders_v3.py's
        s = build(("pyrekeeper", "gearsmith"), content=content)
        assert (stats(s, "0:L")["attack"], stats(s, "0:L")["life"]) == figures, content
        check_invariants(s)
