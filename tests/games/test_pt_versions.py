"""Content versions: instance ids carry the content version (none = version 1), new games record the current
one, games stored before versions (``content: 1``) deal, play and replay exactly as before, and games dealt with
content 2 keep the Leader sides that the rebalance of content 3 changed, games dealt with content 3 the Leader
sides that the tuning of content 4 changed, and games dealt with content 4 the Leader sides that the tuning of
content 5 changed."""

import hashlib
import json
import random
from pathlib import Path

import pytest

from bot.games.base import BadOptions
from bot.games.pixel_tactics import PixelTacticsEngine, sets
from bot.games.pixel_tactics.scenario import act, at, build, check_invariants, keys, legal, stats
from bot.games.pixel_tactics.sets.core_v1 import CARDS as CORE_V1
from bot.games.pixel_tactics.sets.leaders_v2 import LEADERS as LEADERS_V2
from bot.games.pixel_tactics.sets.leaders_v3 import LEADERS as LEADERS_V3
from bot.games.pixel_tactics.sets.leaders_v4 import LEADERS as LEADERS_V4
from bot.games.pixel_tactics.state import card, copy_of, key_of, make_id, owner, version_of

E = PixelTacticsEngine()
V1 = {c["key"]: c for c in CORE_V1}

#: observed with the engine as it was before content versions (commit c4ae77e), same seeds and policy:
#: the state's sha256 (sorted JSON, first 16 hex digits) after steps 0, 1, 10, 100 and at the end
GOLDEN = {
    3: (408, ["6081ecf9758a6ed0", "f4965a71b6f37985", "7931e49f89bd2ec2", "253ed105f3b4256e", "7b9c3cfbfb3039e2"],
        [[["0.bladedancer", "1.mirewraith"]], [["0.brewmother", "1.mirrorjest"], ["0.bannerbearer", "1.bladedancer"]]]),
    8: (358, ["2674b9833ab306b4", "f3e80bcc8954b4b9", "f77a4eba0e520249", "bb332bbbccbf83d0", "ae1a7f1a02cb13a3"],
        [[["0.surgeon", "1.shieldwarden"]], [["0.ironsentry", "1.stonehide"], ["0.bladedancer", "1.brewmother"]]]),
}
#: observed with the engine before the Leader rebalance (commit 515cb4b = eb06873~1, when content 2 was the current
#: one), same policy as GOLDEN: (set, seed) -> steps, digests after steps 0, 1, 10, 100 and at the end, trophies.
#: Both games use rebalanced Leaders' actions (core seed 1: Starseer, Hushmonk, Rimecaster; 19 Leader actions).
GOLDEN_V2 = {
    ("core", 1): (326, ["3b17c16f21f6416f", "63f3a5f33ab7a847", "762b54ccc4ba77b8", "7b424efd108b3c62",
                        "bf46d1face4ab9ba"],
                  [[["0.starseer@2", "1.hushmonk@2"], ["0.lorekeeper@2", "1.brewmother@2"]],
                   [["0.rimecaster@2", "1.bladedancer@2"]]]),
    ("core2", 2): (393, ["e35adfc00ab5b0f5", "cf9a5446ade8b475", "2579a7dc328c3775", "d67d72ffb218c3bb",
                         "f21b5d98c76309b1"],
                   [[["0.pyrekeeper@2", "1.cragspear@2"], ["0.gravesexton@2", "1.tunnelsapper@2"]], []]),
}
#: Leader sides before the rebalance, copied by hand from ``git show eb06873~1:bot/games/pixel_tactics/sets/core.py``
#: (Starseer, Venomfang, and Gearsmith and Mirrorjest, which only round 3 changed) and ``...sets/mini2.py`` (Nullwarden)
OLD_LEADERS = {
    "starseer": {"attack": 2, "life": 23, "text": "Leader action (limited): draw 2 cards.",
                 "abilities": [{"kind": "leader_action", "cost": 1, "limited": True, "target": None,
                                "effects": [{"op": "draw", "count": 2, "who": "you"}]}]},
    "venomfang": {"attack": 3, "life": 16, "text": "At the end of your turn, deal 1 damage to a random rival Hero.",
                  "abilities": [{"kind": "reaction", "trigger": "turn_end",
                                 "effects": [{"op": "damage", "amount": 1, "to": "random_rival_hero"}]}]},
    "nullwarden": {"attack": 4, "life": 22,
                   "text": "Leader action (limited): give a rival Hero [No Special Abilities] and [-1 Life].",
                   "abilities": [{"kind": "leader_action", "cost": 1, "limited": True,
                                  "target": {"side": "rival", "kind": "hero"},
                                  "effects": [{"op": "status", "status": "No Special Abilities", "to": "target"},
                                              {"op": "status", "status": "-1 Life", "to": "target"}]}]},
    "gearsmith": {"attack": 3, "life": 20,
                  "text": "Leader action (limited): draw a card and add a time marker to each of your Operations.",
                  "abilities": [{"kind": "leader_action", "cost": 1, "limited": True, "target": None,
                                 "effects": [{"op": "draw", "count": 1, "who": "you"},
                                             {"op": "timers", "amount": 1, "to": "own_operations"}]}]},
    "mirrorjest": {"attack": 4, "life": 21, "text": "Leader action (limited): return a Hero of yours to your hand.",
                   "abilities": [{"kind": "leader_action", "cost": 1, "limited": True,
                                  "target": {"side": "own", "kind": "hero"},
                                  "effects": [{"op": "return_to_hand", "to": "target"}]}]},
}
#: sha256 of the sorted JSON of every playable card (key -> definition) at commit 515cb4b, before the rebalance
V2_CARDS_SHA256 = "7af0319e72c48514e258166e2d7e63e3822a9c267d3640b8c8e4eaf7a218795b"

#: built decks for the content-3 golden games: Leaders that content 4 changed on both sides, Heroes from the sets
_LEADS = (["grievewarden", "bonewright", "gravemoss", "pyrekeeper"], ["cryptmother", "boatwraith", "quartermaster",
                                                                      "spurcaptain"])
_POOL = [k for name in ("core2", "mini1", "core") for k in sets.set_keys(name) if k not in _LEADS[0] + _LEADS[1]]
DECKS_V3 = [{"format": "standard", "leaders": _LEADS[0], "heroes": _POOL[:25]},
            {"format": "standard", "leaders": _LEADS[1], "heroes": _POOL[4:29]}]
#: observed with the engine before the Leader tuning of content 4 (commit d073667, when content 3 was the current
#: one), same policy as GOLDEN: (figure, seed) -> steps, digests after steps 0, 1, 10, 100 and at the end, trophies.
#: Between them the games lead with every Leader that content 4 changed and use their Leader actions.
GOLDEN_V3 = {
    ("core2", 21): (453, ["3df6b99a68e8f913", "a733301f64cfee26", "3febe481c27b980d", "7dc15f9c20ab6511",
                          "ce78b6229bd3d6c0"],
                    [[["0.dirgesinger@3", "1.cragspear@3"]],
                     [["0.cryptmother@3", "1.veilrunner@3"], ["0.ashmoth@3", "1.pyrekeeper@3"]]]),
    ("core2", 32): (328, ["8f5904826137705f", "2e18127af97381bf", "4fc8b66761d8b009", "211084d0317f052b",
                          "ab468dffb7e988df"],
                    [[["0.boatwraith@3", "1.cryptmother@3"]],
                     [["0.gravemoss@3", "1.mournbell@3"], ["0.mournbell@3", "1.harrowknight@3"]]]),
    ("decks", 5): (535, ["3b937d1e77bd6335", "3f297b8b09e842f9", "4b2d5b8f656edab0", "997cc4480e37908d",
                         "e03ae4f3f9310a62"],
                   [[["0.gravemoss@3", "1.quartermaster@3"]],
                    [["0.grievewarden@3", "1.spurcaptain@3"], ["0.pyrekeeper@3", "1.boatwraith@3"]]]),
    ("decks", 14): (429, ["a3d9088b148427a9", "1d76ff2f8c3e82f6", "199b685aaeadde33", "96cc69808d19b6f2",
                          "9bd56e20e2d681da"],
                    [[["0.bonewright@3", "1.cryptmother@3"], ["0.grievewarden@3", "1.spurcaptain@3"]],
                     [["0.gravemoss@3", "1.boatwraith@3"]]]),
}
#: sha256 of the sorted JSON of every playable card (key -> definition) at commit d073667, before the tuning
V3_CARDS_SHA256 = "4a96394dac247a966998f2559fda9b277de195d24516a7a878b6729cccd0a4e8"
#: the Leaders content 4 changed: (Attack, Life) in content 3 and in content 4
CHANGED_IN_4 = {"pyrekeeper": ((3, 19), (3, 20)), "gravemoss": ((3, 22), (3, 20)), "cryptmother": ((3, 20), (3, 21)),
                "boatwraith": ((3, 20), (2, 22)), "bonewright": ((3, 20), (3, 21)), "grievewarden": ((2, 18), (3, 21))}

#: built decks for the content-4 golden games: the three Leaders content 5 changed on both sides, Heroes from the sets
_LEADS_V4 = (["pyrekeeper", "hexfencer", "marrowfiend", "quartermaster"],
             ["marrowfiend", "pyrekeeper", "hexfencer", "spurcaptain"])
_POOL_V4 = [k for name in ("core2", "mini2", "core") for k in sets.set_keys(name)
            if k not in _LEADS_V4[0] + _LEADS_V4[1]]
DECKS_V4 = [{"format": "standard", "leaders": _LEADS_V4[0], "heroes": _POOL_V4[:25]},
            {"format": "standard", "leaders": _LEADS_V4[1], "heroes": _POOL_V4[4:29]}]
#: observed with the engine before the Leader tuning of content 5 (commit dd4be5f, when content 4 was the current
#: one), same policy as GOLDEN: (figure, seed) -> steps, digests after steps 0, 1, 10, 100 and at the end, trophies.
#: Between them the games lead with every Leader that content 5 changed (Core Set 2 seed 59: Pyrekeeper, seed 72:
#: Marrow Fiend and Pyrekeeper; the built decks: all three) and use Leader actions. A Life more or less changes a
#: game only when a Leader's fall comes sooner or later, so these seeds are ones that content 5 plays differently.
GOLDEN_V4 = {
    ("core2", 59): (505, ["fd617d35afd526fe", "dba0c06b90ac8852", "b37d38071ff40643", "d63b841599615b8b",
                          "40624f0421de4b56"],
                    [[], [["0.gallowshot@4", "1.vowbreaker@4"], ["0.pyrekeeper@4", "1.mournbell@4"]]]),
    ("core2", 72): (243, ["e1a45e0360af00c0", "95bee7590667393e", "b12e86e8b81c6fe7", "c529b0fe728903e1",
                          "db63a9b138a68950"],
                    [[], [["0.driftblade@4", "1.cairnguard@4"], ["0.marrowfiend@4", "1.pyrekeeper@4"]]]),
    ("decks", 6): (367, ["9f06b75facfe789c", "32f1e71b8a3b21fe", "bca62bd1c08ba647", "02503e1e7d54ec76",
                         "6dd08798a97b8490"],
                   [[["0.marrowfiend@4", "1.hexfencer@4"]],
                    [["0.pyrekeeper@4", "1.pyrekeeper@4"], ["0.hexfencer@4", "1.marrowfiend@4"]]]),
    ("decks", 10): (400, ["5974433694713676", "f51f2e355014e8a9", "1f91e06be5d80e0d", "c9ce2ceda0e42279",
                          "4c55208a612b753d"],
                    [[["0.marrowfiend@4", "1.marrowfiend@4"]],
                     [["0.hexfencer@4", "1.pyrekeeper@4"], ["0.quartermaster@4", "1.hexfencer@4"]]]),
}
#: sha256 of the sorted JSON of every playable card (key -> definition) at commit dd4be5f, before the tuning
V4_CARDS_SHA256 = "304e5278987d05200dc56de1aa44473d819117015a9dc86d70c3734d40ba6770"
#: the Leaders content 5 changed: (Attack, Life) in content 4 and in content 5
CHANGED_IN_5 = {"pyrekeeper": ((3, 20), (3, 21)), "marrowfiend": ((2, 18), (2, 17)), "hexfencer": ((4, 17), (4, 16))}


def digest(state):
    """Return the first 16 hex digits of the sha256 of the state's sorted JSON."""
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:16]


def old_playout(seed, options):
    """Play the golden policy (no Trap placed, attacks preferred); return the state, digests, steps and log."""
    rng = random.Random(f"v1:{seed}")
    state = E.new_game(2, options, seed)
    marks, log = [], []
    for step in range(3000):
        if E.is_terminal(state):
            break
        decision = rng.choice(E.pending(state))
        legal = [a for a in E.legal_actions(state, decision.player) if a["type"] != "trap"]
        attacks = [a for a in legal if a["type"] == "attack"]
        action = rng.choice(attacks) if attacks and rng.random() < 0.75 else rng.choice(legal)
        state = E.apply(state, decision.player, action)
        log.append((decision.player, action))
        if step in (0, 1, 10, 100):
            marks.append(digest(state))
    marks.append(digest(state))
    return state, marks, step, log


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_content_1_games_deal_play_and_replay_exactly_as_before(seed):
    steps, marks, trophies = GOLDEN[seed]
    state, got, step, log = old_playout(seed, {"trophies": 2, "content": 1})
    assert (step, got, state["trophies"]) == (steps, marks, trophies)
    assert "content" not in state and all("@" not in c for c in state["players"][0]["deck"])
    replay = E.new_game(2, {"trophies": 2, "content": 1}, seed)
    for seat, action in log:
        replay = E.apply(replay, seat, action)
    assert replay == state


def test_a_log_recorded_before_versions_with_traps_replays_to_the_same_end():
    """The log (Traps placed, windows answered, Orders, Operations, two games) was recorded by the engine before
    content versions; the migration gives its table ``content: 1``."""
    data = json.loads((Path(__file__).parent / "pt_versions_v1_log.json").read_text())
    state = E.new_game(2, {**data["options"], "content": 1}, data["seed"])
    for seat, action in data["log"]:
        state = E.apply(state, seat, action)
    assert hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest() == data["final_sha256"]
    assert state["trophies"] == data["final_trophies"] and state["result"] == data["final_result"]
    assert {a["type"] for _, a in data["log"]} >= {"trap", "activate", "decline", "order", "operation"}


def test_a_stored_version_1_state_keeps_the_first_core_set_even_when_the_card_changes(monkeypatch):
    s = build(("gearsmith", "starseer"), content=1, units={0: {"V0": "bladedancer"}})
    assert s["players"][0]["unit"]["V0"]["card"] == "0.bladedancer" and "content" not in s
    check_invariants(s)
    changed = {**sets.card_def("bladedancer"), "hero": {**sets.card_def("bladedancer")["hero"], "attack": 9}}
    monkeypatch.setitem(sets._BY_KEY, "bladedancer", changed)
    card.cache_clear()
    try:
        assert card("0.bladedancer") is V1["bladedancer"]  # version 1 reads the frozen set
        assert card("0.bladedancer@6")["hero"]["attack"] == 9  # the current content reads the rebalanced card
        assert E.view(s, None)["players"][0]["unit"]["V0"]["attack"] == V1["bladedancer"]["hero"]["attack"]
    finally:
        card.cache_clear()


def test_ids_parse_key_version_copy_and_owner():
    assert (key_of("0.lorekeeper"), version_of("0.lorekeeper"), copy_of("0.lorekeeper")) == ("lorekeeper", 1, 1)
    assert (key_of("1.lorekeeper@2#3"), version_of("1.lorekeeper@2#3"), copy_of("1.lorekeeper@2#3")) == \
        ("lorekeeper", 2, 3)
    assert (key_of("0.rune_smith@2"), owner("1.rune_smith@2"), version_of("0.x#2")) == ("rune_smith", 1, 1)
    assert make_id(0, "lorekeeper", 1) == "0.lorekeeper" and make_id(1, "lorekeeper", 2, 2) == "1.lorekeeper@2#2"
    assert card("0.lorekeeper@3#2") is sets.card_def("lorekeeper")
    assert card("0.lorekeeper@2#2") is sets.card_def("lorekeeper", 2)
    assert (card("0.lorekeeper@2")["leader"]["life"], card("0.lorekeeper@3")["leader"]["life"]) == (20, 21)


def test_new_games_record_the_current_content_and_settle_it_in_their_options():
    s = E.new_game(2, {}, 4)
    assert s["content"] == sets.CURRENT == 6
    assert all(c.endswith("@6") for p in s["players"] for c in p["hand"] + p["deck"])
    assert E.settled_options({"trophies": 2}) == {"trophies": 2, "content": 6}
    assert E.settled_options({"content": 1}) == {"content": 1}
    assert E.settled_options({"trophies": 1, "content": 2}) == {"trophies": 1, "content": 2}
    assert E.settled_options({"trophies": 1, "content": 3}) == {"trophies": 1, "content": 3}
    assert E.settled_options({"trophies": 1, "content": 4}) == {"trophies": 1, "content": 4}
    # same seed, same shuffle: only the version mark differs between contents 1 to 6 (core keys unchanged)
    for version in (1, 2, 3, 4, 5):
        old = E.new_game(2, {"content": version}, 4)
        assert [key_of(c) for c in old["players"][1]["hand"]] == [key_of(c) for c in s["players"][1]["hand"]]
        assert old.get("content", 1) == version and all(version_of(c) == version for c in old["players"][1]["hand"])


@pytest.mark.parametrize("content", [0, 7, "2", True, 1.0])
def test_bad_content_versions_are_refused(content):
    with pytest.raises(BadOptions, match="content must be a content version from 1 to 6"):
        E.new_game(2, {"content": content}, 1)


def test_version_1_holds_only_the_first_core_set():
    with pytest.raises(BadOptions, match="Core Set 2 has 0 cards in content version 1"):
        E.new_game(2, {"content": 1, "set": "core2"}, 1)
    with pytest.raises(BadOptions, match="no Chase Leaders in this content version"):
        E.new_game(2, {"content": 1, "chase": True}, 1)
    with pytest.raises(BadOptions, match="Promo deck has too few cards"):
        E.new_game(2, {"content": 1, "promos": True}, 1)


# ------------------------------------------------------------------------------------ content 2 and 3


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


def _lead(state, target=None, seat=0):
    """Use the Leader action of ``seat``."""
    return act(state, seat, {"type": "leader_action", "target": target})


@pytest.mark.parametrize("content, drawn", [(2, ["marshal", "skyshot"]), (3, ["marshal"])])
def test_starseer_draws_2_in_a_content_2_game_and_1_in_a_content_3_game(content, drawn):
    s = build(("starseer", "gearsmith"), content=content, deck_top={0: ["marshal", "skyshot", "stonehide"]})
    s = _lead(s)
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
    assert _lead(old, "1:F0")["actions_left"] == 1
    new = build(("nullwarden", "gearsmith"), content=3, units=units)
    assert sorted(a["target"] for a in legal(new, 0) if a["type"] == "leader_action") == ["0:V0", "1:F0"]
    assert _lead(new, "1:F0")["actions_left"] == 2


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


# ------------------------------------------------------------------------------------ content 3 and 4


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
    s = _lead(s, "0:V0")
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


# ------------------------------------------------------------------------------------ content 4 and 5


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
