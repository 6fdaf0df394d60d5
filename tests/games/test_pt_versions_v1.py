"""Content 1: games stored before content versions (``content: 1``) deal, play and replay as before."""

import hashlib
import json
from pathlib import Path

import pytest

from bot.games.base import BadOptions
from bot.games.pixel_tactics import sets
from bot.games.pixel_tactics.scenario import build, check_invariants
from bot.games.pixel_tactics.sets.core_v1 import CARDS as CORE_V1
from bot.games.pixel_tactics.state import card
from tests.games.pt_versions_golden import GOLDEN, E, old_playout

V1 = {c["key"]: c for c in CORE_V1}


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
    # the result's reason as an event was added after the recording (issue 16): the rest is as recorded
    event = state["result"].pop("reason_event")
    assert event["template"].format(winner=f"Seat {event['fields']['winner'] + 1}", n=event["fields"]["n"]) \
        == state["result"]["reason"]
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


def test_version_1_holds_only_the_first_core_set():
    with pytest.raises(BadOptions, match="Core Set 2 has 0 cards in content version 1"):
        E.new_game(2, {"content": 1, "set": "core2"}, 1)
    with pytest.raises(BadOptions, match="no Chase Leaders in this content version"):
        E.new_game(2, {"content": 1, "chase": True}, 1)
    with pytest.raises(BadOptions, match="Promo deck has too few cards"):
        E.new_game(2, {"content": 1, "promos": True}, 1)
