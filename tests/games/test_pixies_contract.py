"""The engine contract: refusals, decision ids, purity, the view format, default actions, the deck bound.

Card ids used: 7 Blue 5, 8 Blue 5 (2 crosses), 22 Green 5, 23 Green 5 (1 cross), 48 Red 1 (3 spirals),
56 Red 5, 63 Red 9.
"""

import json
import random

import pytest

from bot.games.base import GameError, IllegalAction, NotYourTurn
from bot.games.pixies import PixiesEngine, rules
from bot.games.pixies.rules import check_invariants
from bot.games.pixies.scenario import arrange

ENGINE = PixiesEngine()


def fresh():
    """A 2-player game with seat 0 to pick among Blue 5 (2 crosses), Red 9, Red 1, Green 5."""
    return arrange(ENGINE.new_game(2, {}, 21), {0: {4: (56, None)}}, [8, 63, 48, 22], [0, 1, 0, 1])


def test_wrong_seat_and_finished_game_raise_not_your_turn():
    s = fresh()
    with pytest.raises(NotYourTurn) as err:
        ENGINE.apply(s, 1, {"type": "take", "card": 63})
    assert err.value.message == "It is not your turn."
    with pytest.raises(NotYourTurn):
        ENGINE.apply(s, 7, {"type": "take", "card": 63})
    done = ENGINE.leave(s, 1)
    with pytest.raises(NotYourTurn) as err:
        ENGINE.apply(done, 0, {"type": "take", "card": 63})
    assert err.value.message == "The game is over."
    with pytest.raises(NotYourTurn):
        ENGINE.default_action(s, 1)
    with pytest.raises(GameError):
        ENGINE.result(s)


@pytest.mark.parametrize(
    "action",
    [
        "take",
        None,
        {},
        {"type": "take"},
        {"type": "take", "card": True},
        {"type": "take", "card": "63"},
        {"type": "take", "card": 999},
        {"type": "keep", "which": "new"},
        {"type": "space", "index": 0},
        {"type": "pass"},
    ],
)
def test_malformed_or_wrong_kind_actions_are_illegal(action):
    with pytest.raises(IllegalAction):
        ENGINE.apply(fresh(), 0, action)


def test_card_not_on_the_table_reveals_nothing_about_the_deck():
    s = fresh()
    messages = set()
    for card in (s["deck"][0], s["deck"][-1], 56, 999):  # deck top, deck bottom, in a grid, no such card
        with pytest.raises(IllegalAction) as err:
            ENGINE.apply(s, 0, {"type": "take", "card": card})
        messages.add(err.value.message)
    assert messages == {"That card is not on the table."}


def test_stale_actions_are_refused_and_decision_ids_are_fresh():
    s = fresh()
    ids = [ENGINE.pending(s)[0].id]
    s1 = ENGINE.apply(s, 0, {"type": "take", "card": 8})  # space 5 shows Red 5: keep decision
    ids.append(ENGINE.pending(s1)[0].id)
    with pytest.raises(IllegalAction):  # the same take again: a keep is awaited now
        ENGINE.apply(s1, 0, {"type": "take", "card": 8})
    with pytest.raises(IllegalAction):
        ENGINE.apply(s1, 0, {"type": "keep", "which": "both"})
    s2 = ENGINE.apply(s1, 0, {"type": "keep", "which": "old"})
    ids.append(ENGINE.pending(s2)[0].id)
    with pytest.raises(NotYourTurn):  # the keep again: it is seat 1's pick now
        ENGINE.apply(s2, 0, {"type": "keep", "which": "old"})
    s3 = ENGINE.leave(s2, 1)
    assert ids == [str(s["step"]), str(s["step"] + 1), str(s["step"] + 2)] and s3["step"] == s["step"] + 3


def test_apply_and_leave_do_not_mutate_their_input():
    s = fresh()
    before = json.dumps(s, sort_keys=True)
    ENGINE.apply(s, 0, {"type": "take", "card": 8})
    ENGINE.apply(s, 0, {"type": "take", "card": 63})
    ENGINE.leave(s, 0)
    ENGINE.view(s, 0)["players"][0]["grid"][4]["up"]["value"] = 99
    assert json.dumps(s, sort_keys=True) == before


def test_state_is_plain_json():
    s = ENGINE.apply(fresh(), 0, {"type": "take", "card": 8})
    assert ENGINE.from_json(ENGINE.to_json(s)) == s


def test_describe_action_matches_last_action():
    s = arrange(ENGINE.new_game(2, {}, 3), {0: {4: (None, 56)}}, [8, 63, 48, 22], [0, 1, 0, 1])
    action = {"type": "take", "card": 8}
    text = ENGINE.describe_action(s, 0, action)
    assert text == "took Blue 5 (2 crosses) → space 5, validated"
    assert ENGINE.apply(s, 0, action)["last_action"] == {"seat": 0, "text": text}
    assert isinstance(ENGINE.describe_action(s, 0, {"type": "nonsense"}), str)


def test_default_action_is_legal_and_deterministic():
    s = ENGINE.new_game(3, {}, 4)
    for _ in range(60):
        seat = ENGINE.pending(s)[0].player
        action = ENGINE.default_action(s, seat)
        assert action in ENGINE.legal_actions(s, seat)
        assert action == ENGINE.default_action(json.loads(json.dumps(s)), seat)
        s = ENGINE.apply(s, seat, action)


VIEW_KEYS = {
    "game", "status", "round", "turn", "num_players", "players", "offer", "turn_first", "to_act",
    "decision", "rounds", "deck_count", "last_action", "result",
}  # fmt: skip
CARD_KEYS = {"id", "color", "value", "spirals", "crosses", "color_spiral"}
SCORE_KEYS = {
    "seat", "active", "validated", "spirals", "crosses", "color_spirals", "zone_color", "zone_size",
    "zone_points", "total",
}  # fmt: skip


def card_ids(value):
    """Collect the ids of every card object inside a view."""
    if isinstance(value, dict):
        found = [value["id"]] if set(value) == CARD_KEYS else []
        return found + [i for v in value.values() for i in card_ids(v)]
    if isinstance(value, list):
        return [i for v in value for i in card_ids(v)]
    return []


def test_view_follows_the_contract_and_hides_face_down_cards():
    s = arrange(ENGINE.new_game(2, {}, 5), {0: {4: (56, 23), 0: (None, 22)}}, [8, 63, 48, 7], [0, 1, 0, 1])
    s = ENGINE.apply(s, 0, {"type": "take", "card": 8})  # space 5 validated -> space decision
    view = ENGINE.view(s, 1)
    assert set(view) == VIEW_KEYS
    assert view == ENGINE.view(s, None) == ENGINE.view(s, 0)
    assert (view["game"], view["status"], view["round"], view["turn"], view["num_players"]) == ("pixies", "playing", 1, 1, 2)
    assert view["decision"] == {"seat": 0, "kind": "space", "id": str(s["step"]), "card": view["decision"]["card"], "space": 4}
    assert view["decision"]["card"] == {"id": 8, "color": "blue", "value": 5, "spirals": 0, "crosses": 2, "color_spiral": False}
    assert view["to_act"] == 0 and view["turn_first"] == 0 and view["deck_count"] == len(s["deck"])
    players = view["players"]
    assert [set(p) for p in players] == [{"seat", "active", "total", "grid"}] * 2
    assert players[0]["grid"][0] == {"up": None, "down": True}
    assert players[0]["grid"][4]["up"]["id"] == 56 and players[0]["grid"][4]["down"] is True
    assert sorted(card_ids(view)) == [7, 8, 48, 56, 63]  # face-down 22 and 23 appear nowhere
    assert view["rounds"] == [] and view["result"] is None
    json.dumps(view)


def test_round_entries_have_the_contract_keys():
    s = ENGINE.new_game(4, {}, 6)
    while not s["rounds"]:
        seat = ENGINE.pending(s)[0].player
        s = ENGINE.apply(s, seat, ENGINE.default_action(s, seat))
    [entry] = ENGINE.view(s, None)["rounds"]
    assert set(entry) == {"round", "multiplier", "scores"} and (entry["round"], entry["multiplier"]) == (1, 2)
    assert [set(e) for e in entry["scores"]] == [SCORE_KEYS] * 4
    for e in entry["scores"]:
        assert e["total"] == e["validated"] + e["spirals"] - e["crosses"] + e["color_spirals"] + e["zone_points"]


def test_the_deck_guard_fires_only_when_too_few_cards_remain():
    s = ENGINE.new_game(4, {}, 7)
    s["deck"] = s["deck"][:3]
    with pytest.raises(AssertionError):
        rules.start_turn(s, 0)


def stall(state, seat, rng):
    """A policy that delays filling the grid: it prefers picks that cover no new space."""
    legal = ENGINE.legal_actions(state, seat)
    if legal[0]["type"] != "take":
        return rng.choice(legal)
    grid = state["grids"][seat]

    def covers_new_space(action):
        space = grid[rules.CARDS[action["card"]].value - 1]
        return space["up"] is None and space["down"] is None or (space["up"] is not None and space["down"] is not None)

    slow = [a for a in legal if not covers_new_space(a)]
    return rng.choice(slow or legal)


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_the_deck_never_runs_out_even_when_everyone_stalls(num_players):
    # A non-full grid holds at most 8 x 2 = 16 cards, so a round lasts at most 17 turns:
    # 4 players x 17 = 68 <= 70 (3 players: 51; 2 players: each takes 2 a turn, at most 9 turns x 4 = 36).
    longest = 0
    for seed in range(12):
        rng = random.Random(seed)
        s = ENGINE.new_game(num_players, {}, seed)
        while not ENGINE.is_terminal(s):
            longest = max(longest, s["turn"])
            seat = ENGINE.pending(s)[0].player
            s = ENGINE.apply(s, seat, stall(s, seat, rng))
            check_invariants(s)
    assert longest <= (9 if num_players == 2 else 17)
    assert longest >= (7 if num_players == 2 else 12)  # stalling really makes long rounds
