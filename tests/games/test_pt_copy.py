"""Pixel Tactics state copies, cached boards and card views: a returned state shares no container with
the state it came from, the board cache gives what ``compute`` gives (once per distinct board), and every
view gets its own card dicts."""

import json
import random

import pytest

from bot.games.pixel_tactics import PixelTacticsEngine, stats
from bot.games.pixel_tactics.state import card, copy_state
from bot.games.pixel_tactics.view import card_view
from tests.games.copy_helpers import containers
from tests.games.copy_helpers import scribble_plain as scribble

ENGINE = PixelTacticsEngine()


def history(seed, trophies=2):
    """Yield (state, seat, action) along one seeded random match."""
    rng = random.Random(f"pt-copy:{seed}")
    state = ENGINE.new_game(2, {"trophies": trophies}, seed)
    while not ENGINE.is_terminal(state):
        decision = rng.choice(ENGINE.pending(state))
        legal = ENGINE.legal_actions(state, decision.player)
        attacks = [a for a in legal if a["type"] == "attack"]
        action = rng.choice(attacks if attacks and rng.random() < 0.75 else legal)
        yield state, decision.player, action
        state = ENGINE.apply(state, decision.player, action)


def test_applied_state_shares_nothing():
    seen = {"window": 0, "chain": 0, "trophies": 0, "statuses": 0, "reserve": 0}
    for state, seat, action in history(3):
        before = json.dumps(state, sort_keys=True)
        new = ENGINE.apply(state, seat, action)
        assert not {id(c) for c in containers(new)} & {id(c) for c in containers(state)}
        assert json.dumps(state, sort_keys=True) == before  # apply left its input alone
        assert ENGINE.from_json(ENGINE.to_json(new)) == new
        seen["window"] += new["window"] is not None
        seen["chain"] += bool(new["chain"] or new["queue"])
        seen["trophies"] += any(new["trophies"])
        units = [e for p in new["players"] for e in p["unit"].values() if e]
        seen["statuses"] += any(e["statuses"] for e in units)
        seen["reserve"] += any(r for p in new["players"] for r in p["reserve"])
        scribble(new)
        assert json.dumps(state, sort_keys=True) == before  # changing the new state never reaches the old
    assert all(seen.values()), seen


def test_copy_equals_a_json_round_trip_and_is_independent():
    for i, (state, _seat, _action) in enumerate(history(4, trophies=1)):
        if i % 5:
            continue
        new = copy_state(state)
        assert new == json.loads(json.dumps(state)) and list(new) == list(state)
        assert not {id(c) for c in containers(new)} & {id(c) for c in containers(state)}
    finished = ENGINE.leave(state, 0)
    new = copy_state(finished)
    assert new == finished and new["result"] is not finished["result"]
    scribble(new)
    assert finished["result"]["winners"] == [1]


def test_board_cache_matches_compute_once_per_board(monkeypatch):
    calls = []
    real = stats.compute
    monkeypatch.setattr(stats, "compute", lambda s: calls.append(1) or real(s))
    stats._BOARDS.clear()
    for i, (state, seat, _action) in enumerate(history(6, trophies=1)):
        if i % 3:
            continue
        calls.clear()
        board = stats.board_of(state)
        assert board == real(state)
        # a click's work on one state (legal actions, the view, a description) computes its board once
        ENGINE.legal_actions(state, seat)
        ENGINE.view(state, None)
        ENGINE.view(state, seat)
        assert len(calls) <= 1 and stats.board_of(state) is board


def test_board_key_changes_with_what_compute_reads():
    state = ENGINE.new_game(2, {"trophies": 1}, 3)
    for seat in (0, 1):  # reveal both Leaders
        state = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    key = stats.board_key(state)
    changed = copy_state(state)
    changed["players"][0]["unit"]["L"]["statuses"].append("+1 Attack")
    assert stats.board_key(changed) != key
    assert stats.board_of(changed)["units"]["0:L"]["attack"] == stats.board_of(state)["units"]["0:L"]["attack"] + 1
    changed = copy_state(state)
    changed["players"][1]["hand_bonus"] = 2
    assert stats.board_key(changed) != key and stats.board_of(changed)["hand_size"][1] == stats.board_of(state)[
        "hand_size"][1] + 2
    changed = copy_state(state)
    changed["log"].append("a line")
    changed["players"][0]["unit"]["L"]["damage"] += 3
    assert stats.board_key(changed) == key  # damage and the log do not change current values


@pytest.mark.parametrize("card_id", ["0.lorekeeper@6", "0.lorekeeper@2", "1.gearsmith@6", "1.skyshot@6"])
def test_card_views_are_fresh_copies(card_id):
    first, second = card_view(card_id), card_view(card_id)
    assert first == second == {**card(card_id), "id": card_id}
    assert list(first) == [*card(card_id), "id"]
    shared = {id(c) for c in containers(first)} & ({id(c) for c in containers(second)}
                                                   | {id(c) for c in containers(card(card_id))})
    assert not shared
    scribble(first)
    assert card_view(card_id) == second
