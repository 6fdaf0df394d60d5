"""Pixel Pusher content version 3: version 2's pictures and worths with fewer converters and more Scoops; games
dealt with version 2 deal, play and replay exactly as before."""

import hashlib
import random
from collections import Counter

import pytest

from bot.games.pixel_pusher import PixelPusherEngine, content
from bot.games.pixel_pusher.content import IMAGES, MACHINES, VERSION_CARDS
from bot.games.pixel_pusher.invariants import check_invariants

E = PixelPusherEngine()
MACHINES_V2, IMAGES_V2 = VERSION_CARDS[2]
MACHINES_V3, IMAGES_V3 = VERSION_CARDS[3]

#: observed with the engine before content version 3 (commit 92fd971, when version 2 was the current one):
#: (players, seed) -> steps, digests of the state after steps 0, 1, 10, 100 and at the end, final scores
GOLDEN_V2 = {
    (2, 7): (177, ["2e023ce6989e4a7d", "2625722f131dea79", "39909396a4e1196a", "6bb2f965abf36584",
                   "98084bc8b0db2ada"], [4, 7]),
    (3, 11): (158, ["b722df1f980be1f5", "a9ab05067aebc8a5", "f9aa9745f8aed80e", "d8388c27b7ba0f77",
                    "1c0dab9ee0afa556"], [6, 5, 13]),
    (4, 23): (200, ["ed7e29acf27236e7", "7cf9967649620889", "014bb9f9b2b48d18", "069dfa23c98299ec",
                    "5d0c29cf104e11bb"], [2, 5, 10, 6]),
}


def _digest(state: dict) -> str:
    """The state's digest without the fields added after the golden games were recorded (issue 16: the log's
    entries as events, the result's reason keys; the English ``log`` and ``reason`` are still digested)."""
    state = {k: v for k, v in state.items() if k != "log_events"}
    if isinstance(state.get("result"), dict):
        state["result"] = {k: v for k, v in state["result"].items() if k != "reason_keys"}
    return hashlib.sha256(E.to_json(state).encode()).hexdigest()[:16]


def _playout(players: int, seed: int, options: dict) -> tuple[dict, list[str], int, list]:
    """Play a seeded random game; return the end state, the digests, the number of steps and the log."""
    state = E.new_game(players, options, seed)
    rng = random.Random(f"pp-golden:{players}:{seed}")
    marks, step, log = [_digest(state)], 0, []
    while not E.is_terminal(state):
        decision = rng.choice(E.pending(state))
        action = rng.choice(E.legal_actions(state, decision.player))
        log.append((decision.player, action))
        state = E.apply(state, decision.player, action)
        step += 1
        if step in (1, 10, 100):
            marks.append(_digest(state))
    marks.append(_digest(state))
    return state, marks, step, log


def test_ids_follow_version_two_and_earlier_cards_are_unchanged():
    assert MACHINES_V3[0]["id"] == "m121" and MACHINES_V3[-1]["id"] == "m180"
    assert len(MACHINES) == 180 and len(IMAGES) == 40  # version 3 deals version 2's pictures
    assert IMAGES_V3 is IMAGES_V2 and content.pixel_vp(3) == content.pixel_vp(2)
    assert Counter(c["name"] for c in MACHINES_V2)["Yellow Mixer"] == 5  # version 2 unchanged
    assert MACHINES["m61"]["name"] == "Red Scoop" and MACHINES["m91"]["name"] == "Yellow Mixer"


def test_the_mix():
    assert Counter(c["type"] for c in MACHINES_V3) == {"collector": 33, "converter": 15, "storage": 12}
    collectors = Counter((c["color"], c["n"]) for c in MACHINES_V3 if c["type"] == "collector")
    for colour in "RGB":
        assert [collectors[(colour, n)] for n in (1, 2, 3)] == [7, 3, 1]
    gains = Counter(next(iter(c["gain"])) for c in MACHINES_V3 if c["type"] == "converter")
    assert gains == {"Y": 4, "C": 4, "M": 4, "W": 3}
    assert Counter(c["slots"] for c in MACHINES_V3 if c["type"] == "storage") == {1: 7, 2: 5}
    # no new words: every name and text is one version 2 already has
    assert {(c["name"], c["text"]) for c in MACHINES_V3} == {(c["name"], c["text"]) for c in MACHINES_V2}


def test_new_games_deal_version_three():
    state = E.new_game(4, {}, 5)
    assert state["content"] == content.CURRENT == 3 and state["max_fills"] == 1
    dealt = set(state["deck"]) | set(state["removed"]) | {c for h in state["hands"] for c in h}
    assert dealt - set(content.ABILITIES) == {c["id"] for c in MACHINES_V3}
    assert E.settled_options({}) == {"content": 3}
    assert E.settled_options({"content": 2}) == {"content": 2}
    old = E.new_game(3, {"content": 2}, 5)
    assert old["deck"][0] in {c["id"] for c in MACHINES_V2}


@pytest.mark.parametrize("players, seed", sorted(GOLDEN_V2))
def test_version_2_games_deal_play_and_replay_exactly_as_before_version_3(players, seed):
    steps, marks, scores = GOLDEN_V2[(players, seed)]
    state, got, step, log = _playout(players, seed, {"content": 2})
    assert (step, got, [b["score"] for b in state["boards"]]) == (steps, marks, scores)
    replay = E.new_game(players, {"content": 2}, seed)
    for seat, action in log:
        replay = E.apply(replay, seat, action)
        check_invariants(replay)
    assert replay == state


@pytest.mark.parametrize("players, seed", sorted(GOLDEN_V2))
def test_version_3_deals_the_golden_seeds_differently(players, seed):
    assert E.new_game(players, {}, seed)["deck"] != E.new_game(players, {"content": 2}, seed)["deck"]
    state, _marks, _step, _log = _playout(players, seed, {})
    assert state["content"] == 3 and E.view(state, None)["content"] == 3
