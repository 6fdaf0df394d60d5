"""Content versions: instance ids carry the content version (none = version 1), new games record the current
one, and games stored before versions (``content: 1``) deal, play and replay exactly as before."""

import hashlib
import json
import random
from pathlib import Path

import pytest

from bot.games.base import BadOptions
from bot.games.pixel_tactics import PixelTacticsEngine, sets
from bot.games.pixel_tactics.scenario import build, check_invariants
from bot.games.pixel_tactics.sets.core_v1 import CARDS as CORE_V1
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
        assert card("0.bladedancer@2")["hero"]["attack"] == 9  # the current content reads the rebalanced card
        assert E.view(s, None)["players"][0]["unit"]["V0"]["attack"] == V1["bladedancer"]["hero"]["attack"]
    finally:
        card.cache_clear()


def test_ids_parse_key_version_copy_and_owner():
    assert (key_of("0.lorekeeper"), version_of("0.lorekeeper"), copy_of("0.lorekeeper")) == ("lorekeeper", 1, 1)
    assert (key_of("1.lorekeeper@2#3"), version_of("1.lorekeeper@2#3"), copy_of("1.lorekeeper@2#3")) == \
        ("lorekeeper", 2, 3)
    assert (key_of("0.rune_smith@2"), owner("1.rune_smith@2"), version_of("0.x#2")) == ("rune_smith", 1, 1)
    assert make_id(0, "lorekeeper", 1) == "0.lorekeeper" and make_id(1, "lorekeeper", 2, 2) == "1.lorekeeper@2#2"
    assert card("0.lorekeeper@2#2") is sets.card_def("lorekeeper")


def test_new_games_record_the_current_content_and_settle_it_in_their_options():
    s = E.new_game(2, {}, 4)
    assert s["content"] == sets.CURRENT == 2
    assert all(c.endswith("@2") for p in s["players"] for c in p["hand"] + p["deck"])
    assert E.settled_options({"trophies": 2}) == {"trophies": 2, "content": 2}
    assert E.settled_options({"content": 1}) == {"content": 1}
    # same seed, same shuffle: only the version mark differs between content 1 and 2 (core keys unchanged)
    old = E.new_game(2, {"content": 1}, 4)
    assert [key_of(c) for c in old["players"][1]["hand"]] == [key_of(c) for c in s["players"][1]["hand"]]


@pytest.mark.parametrize("content", [0, 3, "2", True, 1.0])
def test_bad_content_versions_are_refused(content):
    with pytest.raises(BadOptions, match="content must be a content version from 1 to 2"):
        E.new_game(2, {"content": content}, 1)


def test_version_1_holds_only_the_first_core_set():
    with pytest.raises(BadOptions, match="Core Set 2 has 0 cards in content version 1"):
        E.new_game(2, {"content": 1, "set": "core2"}, 1)
    with pytest.raises(BadOptions, match="no Chase Leaders in this content version"):
        E.new_game(2, {"content": 1, "chase": True}, 1)
    with pytest.raises(BadOptions, match="Promo deck has too few cards"):
        E.new_game(2, {"content": 1, "promos": True}, 1)
