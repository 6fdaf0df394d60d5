"""ISMCTS over the engine contract, on two tiny hand-analysed games: Nim (perfect information, a forced win)
and a one-shot simultaneous choice (several pending decisions at once)."""

from __future__ import annotations

import random

from bot.ai.search import Budget, action_key, search, successor
from bot.games.base import Decision, Engine, IllegalAction, Result, clone


class Nim(Engine):
    """Take 1-3 stones in turn; whoever takes the last stone wins."""

    name = "nim"

    def new_game(self, num_players, options, seed):
        return {"pile": options["pile"], "turn": 0, "players": num_players, "winner": None}

    def pending(self, state):
        return [] if state["winner"] is not None else [Decision(state["turn"], "take", str(state["pile"]))]

    def legal_actions(self, state, player):
        if state["winner"] is not None or player != state["turn"]:
            return []
        return [{"take": k} for k in (1, 2, 3) if k <= state["pile"]]

    def apply(self, state, player, action):
        if action not in self.legal_actions(state, player):
            raise IllegalAction("no")
        new = clone(state)
        new["pile"] -= action["take"]
        if new["pile"] == 0:
            new["winner"] = player
        new["turn"] = (player + 1) % state["players"]
        return new

    def is_terminal(self, state):
        return state["winner"] is not None

    def result(self, state):
        w = state["winner"]
        others = [s for s in range(state["players"]) if s != w]
        return Result(winners=[w], ranking=[[w], others])

    def view(self, state, viewer):
        return clone(state)

    def default_action(self, state, player):
        return self.legal_actions(state, player)[0]

    def leave(self, state, player):
        return state


class NimAdapter:
    game = "nim"
    engine = Nim()

    def determinize(self, view, seat, rng):
        return clone(view)

    def evaluate(self, state, seat):
        return 0.5

    def rollout(self, state, player, legal, rng):
        return legal[rng.randrange(len(legal))]


class Pick(Engine):
    """Both seats choose at once ("a" or "b"); seat 1 wins if it chose "b", else seat 0 wins."""

    name = "pick"

    def new_game(self, num_players, options, seed):
        return {"choices": [None, None]}

    def pending(self, state):
        return [Decision(s, "pick", "1", private=True) for s in (0, 1) if state["choices"][s] is None]

    def legal_actions(self, state, player):
        return [{"pick": "a"}, {"pick": "b"}] if state["choices"][player] is None else []

    def apply(self, state, player, action):
        new = clone(state)
        new["choices"][player] = action["pick"]
        return new

    def is_terminal(self, state):
        return None not in state["choices"]

    def result(self, state):
        winner = 1 if state["choices"][1] == "b" else 0
        return Result(winners=[winner], ranking=[[winner], [1 - winner]])

    def view(self, state, viewer):
        return {"mine": state["choices"][viewer], "others_chosen": [c is not None for c in state["choices"]]}

    def default_action(self, state, player):
        return {"pick": "a"}

    def leave(self, state, player):
        return state


class PickAdapter:
    game = "pick"
    engine = Pick()

    def determinize(self, view, seat, rng):
        choices = [None, None]
        choices[seat] = view["mine"]
        for other in (0, 1):
            if other != seat and view["others_chosen"][other]:
                choices[other] = rng.choice("ab")
        return {"choices": choices}

    def evaluate(self, state, seat):
        return 0.5

    def rollout(self, state, player, legal, rng):
        return legal[rng.randrange(len(legal))]


def test_search_finds_the_forced_win_in_nim():
    # 5 stones: taking 1 leaves a multiple of 4, a lost position for the rival; 6: take 2; 7: take 3
    adapter = NimAdapter()
    for pile, best in ((5, 1), (6, 2), (7, 3)):
        state = adapter.engine.new_game(2, {"pile": pile}, 0)
        legal = adapter.engine.legal_actions(state, 0)
        choice = search(adapter, state, 0, legal, Budget(iterations=600, rollout_depth=20), random.Random(pile))
        assert choice == {"take": best}


def test_search_is_deterministic_for_a_seed_and_returns_one_of_the_legal_actions():
    adapter = NimAdapter()
    state = adapter.engine.new_game(3, {"pile": 9}, 0)
    legal = adapter.engine.legal_actions(state, 0)
    runs = {str(search(adapter, state, 0, legal, Budget(40, 5), random.Random(8))) for _ in range(3)}
    assert len(runs) == 1
    assert search(adapter, state, 0, legal, Budget(40, 5), random.Random(8)) in legal


def test_search_only_chooses_among_the_offered_actions():
    adapter = NimAdapter()
    state = adapter.engine.new_game(2, {"pile": 5}, 0)
    # the winning take of 1 is not offered: the search must pick one of what it is given
    offered = [{"take": 3}, {"take": 2}]
    assert search(adapter, state, 0, offered, Budget(100, 10), random.Random(1)) in offered


def test_simultaneous_decisions_are_searched_from_the_root_seat_even_when_a_lower_seat_is_pending():
    adapter = PickAdapter()
    state = adapter.engine.new_game(2, {}, 0)
    assert [d.player for d in adapter.engine.pending(state)] == [0, 1]
    view = adapter.engine.view(state, 1)
    choice = search(adapter, view, 1, adapter.engine.legal_actions(state, 1), Budget(60, 4), random.Random(3))
    assert choice == {"pick": "b"}
    # once seat 0 has chosen (hidden from seat 1), seat 1 still finds its winning choice
    state = adapter.engine.apply(state, 0, {"pick": "a"})
    view = adapter.engine.view(state, 1)
    assert view == {"mine": None, "others_chosen": [True, False]}
    choice = search(adapter, view, 1, adapter.engine.legal_actions(state, 1), Budget(60, 4), random.Random(4))
    assert choice == {"pick": "b"}


def test_action_keys_ignore_key_order_and_tell_players_apart():
    assert action_key(0, {"a": 1, "b": [2]}) == action_key(0, {"b": [2], "a": 1})
    assert action_key(0, {"a": 1}) == action_key(0, {"a": 1}) != action_key(1, {"a": 1})
    assert action_key(0, {"a": 1}) != action_key(0, {"a": 2})


def test_successor_uses_the_engine_without_a_fast_path():
    adapter = NimAdapter()
    state = adapter.engine.new_game(2, {"pile": 4}, 0)
    assert successor(adapter, state, 0, {"take": 3}) == {"pile": 1, "turn": 1, "players": 2, "winner": None}


def _root(visits: dict[str, int]):
    from bot.ai.search import Node

    root = Node(None, 0)
    for name, n in visits.items():
        child = Node({"take": name}, 0)
        child.visits = n
        root.children[action_key(0, {"take": name})] = child
    return root, [action_key(0, {"take": name}) for name in ("a", "b", "c")]


def test_a_search_is_settled_only_when_no_other_action_can_catch_up():
    from bot.ai.search import decided

    root, keys = _root({"a": 10, "b": 4})  # c never tried: 0 visits
    assert decided(root, keys, 6) and not decided(root, keys, 7)  # b + 6 = 10 only ties a, and a comes first
    root, keys = _root({"a": 4, "b": 10})
    assert decided(root, keys, 5) and not decided(root, keys, 6)  # a + 6 = 10 would tie b, and a comes first
    root, keys = _root({"a": 3, "b": 3, "c": 3})
    assert decided(root, keys, 0) and not decided(root, keys, 1)  # a three-way tie: the first, unless one more


def test_stopping_a_settled_search_early_chooses_what_the_whole_search_chooses(monkeypatch):
    """The same action for every seed, with and without the early stop (each iteration adds one root visit)."""
    from bot.ai import search as search_module

    adapter = NimAdapter()
    state = adapter.engine.new_game(3, {"pile": 11}, 0)
    legal = adapter.engine.legal_actions(state, 0)
    runs = []
    real = search_module._iterate
    monkeypatch.setattr(search_module, "_iterate", lambda *args: runs.append(1) or real(*args))
    early = [search(adapter, state, 0, legal, Budget(300, 6), random.Random(seed)) for seed in range(12)]
    stopped_after = len(runs)
    monkeypatch.setattr(search_module, "decided", lambda *args: False)
    whole = [search(adapter, state, 0, legal, Budget(300, 6), random.Random(seed)) for seed in range(12)]
    assert early == whole
    assert stopped_after < len(runs) - stopped_after == 12 * 300  # it did stop early
