"""Content 6 (the tuning after version 5's measurement): games dealt with content 5 deal, play and replay exactly
as before it and keep the two sides it changed, Cryptmother's Leader side and Marrow Fiend's Hero side (the first
Hero side a content version freezes, in ``sets/sides_v5.py``); content 6 plays them with the new sides."""

import hashlib
import json

import pytest

from bot.games.pixel_tactics import PixelTacticsEngine, sets
from bot.games.pixel_tactics.scenario import act, at, build, check_invariants, legal, stats
from bot.games.pixel_tactics.sets.sides_v5 import SIDES as SIDES_V5
from bot.games.pixel_tactics.state import card, key_of, version_of
from tests.games.pt_versions_golden import old_playout

E = PixelTacticsEngine()

#: sha256 of the sorted JSON of every playable card (key -> definition) at commit 0f1fa4a, before the tuning
V5_CARDS_SHA256 = "857848d1fb3033aab08205e88d8ca5c69ac4563eb3f2cea49a92de879630707d"
#: built decks for the content-5 golden game: both changed cards lead on both sides, Heroes from the sets
_LEADS_V5 = (["cryptmother", "marrowfiend", "quartermaster", "pyrekeeper"],
             ["marrowfiend", "cryptmother", "hexfencer", "spurcaptain"])
_POOL_V5 = [k for name in ("core2", "mini2", "core") for k in sets.set_keys(name)
            if k not in _LEADS_V5[0] + _LEADS_V5[1]]
DECKS_V5 = [{"format": "standard", "leaders": _LEADS_V5[0], "heroes": _POOL_V5[:25]},
            {"format": "standard", "leaders": _LEADS_V5[1], "heroes": _POOL_V5[4:29]}]
#: observed with the engine before the tuning of content 6 (commit 0f1fa4a, when content 5 was the current one),
#: same policy as pt_versions_golden.GOLDEN: (figure, seed) -> steps, digests after steps 0, 1, 10, 100 and at the end,
#: trophies. Core Set 2 seed 21 and the built decks lead with Cryptmother and use its Leader action (3 times each);
#: Core Set 2 seed 80 casts Marrow Fiend's Vanguard Spell. Content 6 plays all three differently.
GOLDEN_V5 = {
    ("core2", 21): (377, ["fb2418f43ba6fb19", "d315b9250f200548", "a344992650f0f981", "f453591fe4d80c42",
                          "d0fd660a441c1f44"],
                    [[["0.dirgesinger@5", "1.cragspear@5"]],
                     [["0.cryptmother@5", "1.veilrunner@5"], ["0.marrowfiend@5", "1.dirgesinger@5"]]]),
    ("core2", 80): (406, ["3f2c26f0bf4dd657", "c11fdff8db5868cc", "011e066b3a19dc32", "82940afba44ee3c0",
                          "48d12ec765625a2e"],
                    [[["0.cairnguard@5", "1.pyrekeeper@5"]],
                     [["0.harrowknight@5", "1.bonewright@5"], ["0.pathfinder@5", "1.gravesexton@5"]]]),
    ("decks", 3): (356, ["70fc7779e5693193", "76f40ab099c90664", "4c4bf8a13b184c73", "de9fda599c51eedf",
                         "c2c96136cb5c71c0"],
                   [[["0.quartermaster@5", "1.spurcaptain@5"], ["0.pyrekeeper@5", "1.hexfencer@5"]],
                    [["0.cryptmother@5", "1.cryptmother@5"]]]),
}


def _v5_options(figure):
    """Return the options of a content-5 golden game."""
    return {"trophies": 2, "content": 5, **({"decks": DECKS_V5} if figure == "decks" else {"set": figure})}


def test_new_games_are_dealt_with_content_6():
    s = E.new_game(2, {}, 4)
    assert s["content"] == sets.CURRENT == 6
    assert all(c.endswith("@6") for p in s["players"] for c in p["hand"] + p["deck"])
    assert E.settled_options({"trophies": 2}) == {"trophies": 2, "content": 6}
    assert E.settled_options({"trophies": 1, "content": 5}) == {"trophies": 1, "content": 5}


@pytest.mark.parametrize("figure, seed", sorted(GOLDEN_V5))
def test_content_5_games_deal_play_and_replay_exactly_as_before_the_tuning_of_content_6(figure, seed):
    steps, marks, trophies = GOLDEN_V5[(figure, seed)]
    options = _v5_options(figure)
    state, got, step, log = old_playout(seed, options)
    assert (step, got, state["trophies"]) == (steps, marks, trophies)
    assert state["content"] == 5 and all(version_of(c) == 5 for c in state["players"][0]["deck"])
    replay = E.new_game(2, options, seed)
    for seat, action in log:
        replay = E.apply(replay, seat, action)
    assert replay == state


@pytest.mark.parametrize("figure, seed", sorted(GOLDEN_V5))
def test_content_6_plays_the_content_5_golden_games_differently(figure, seed):
    steps, _marks, trophies = GOLDEN_V5[(figure, seed)]
    state, _got, step, _log = old_playout(seed, {**_v5_options(figure), "content": 6})
    strip = json.loads(json.dumps(state["trophies"]).replace("@6", "@5"))
    assert state["content"] == 6 and (step, strip) != (steps, trophies)


def test_card_def_version_5_is_the_card_data_before_the_tuning_of_content_6():
    every = [c["key"] for c in sets.all_cards()]
    v5 = {k: sets.card_def(k, 5) for k in every}
    assert hashlib.sha256(json.dumps(v5, sort_keys=True).encode()).hexdigest() == V5_CARDS_SHA256
    changed = sorted(k for k in every if sets.card_def(k, 5) != sets.card_def(k, 6))
    assert changed == sorted(SIDES_V5) == ["cryptmother", "marrowfiend"]
    for key in every:  # only the frozen sides differ; every other side is the same definition
        old, new = sets.card_def(key, 5), sets.card_def(key, 6)
        if key not in SIDES_V5:
            assert old is new
            continue
        for side in ("leader", "hero", "tactic"):
            assert (old[side] == new[side]) == (side not in SIDES_V5[key]), (key, side)
            if side in SIDES_V5[key]:
                assert old[side] == SIDES_V5[key][side]
    # the earlier versions still read version 5's sides where they did not change them
    assert sets.card_def("marrowfiend", 4)["hero"] == SIDES_V5["marrowfiend"]["hero"]
    assert sets.card_def("cryptmother", 4)["leader"] == SIDES_V5["cryptmother"]["leader"]


def test_a_game_dealt_with_content_5_reads_the_sides_of_version_5():
    s = E.new_game(2, {"content": 5, "decks": DECKS_V5}, 5)
    for c in s["players"][0]["leaders"] + s["players"][1]["leaders"] + s["players"][0]["deck"]:
        for side in ("leader", "hero", "tactic"):
            if side in card(c):
                want = SIDES_V5.get(key_of(c), {}).get(side, sets.card_def(key_of(c), 6)[side])
                assert card(c)[side] == want, (c, side)


@pytest.mark.parametrize("content, figures", [(5, (3, 21)), (6, (3, 20))])
def test_cryptmother_leads_with_21_life_in_content_5_and_20_in_content_6(content, figures):
    s = build(("cryptmother", "gearsmith"), content=content)
    assert (stats(s, "0:L")["attack"], stats(s, "0:L")["life"]) == figures
    s = build(("cryptmother", "gearsmith"), content=content, units={0: {"V0": {"key": "marrowfiend", "corpse": True}}})
    s = act(s, 0, {"type": "leader_action", "target": "0:V0"})
    assert at(s, "0:V0")["kind"] == "hero" and at(s, "0:V0")["statuses"] == ["-1 Life"]  # the power is the same
    check_invariants(s)


@pytest.mark.parametrize("content, statuses, figures", [
    (5, ["+1 Attack", "+1 Attack"], (6, 5)), (6, ["+1 Attack", "+1 Attack", "+1 Life"], (6, 6))])
def test_marrow_fiends_vanguard_spell_adds_1_life_in_content_6(content, statuses, figures):
    s = build(("lorekeeper", "gearsmith"), content=content,
              units={0: {"V0": {"key": "marrowfiend"}, "V1": {"key": "rageborn", "corpse": True}}})
    spell = {"type": "spell", "by": "V0", "target": "0:V1"}
    assert spell in legal(s, 0)
    s = act(s, 0, spell)
    assert at(s, "0:V1") is None and at(s, "0:V0")["statuses"] == statuses
    assert (stats(s, "0:V0")["attack"], stats(s, "0:V0")["life"]) == figures
    check_invariants(s)
