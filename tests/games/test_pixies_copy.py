"""State copies: a state returned by the engine shares no mutable container with the state it came from
(grids, round scores, the deck, the discard pile, totals and active flags are frozen and shared;
everything else is copied), and frozen parts behave like the plain JSON values they stand for."""

import copy
import json
import pickle
import random

import pytest

from bot.games.pixies import PixiesEngine, rules
from bot.games.pixies.frozen import FrozenDict, FrozenList, freeze, thaw
from bot.games.pixies.scenario import arrange
from tests.games.copy_helpers import containers, scribble_plain

ENGINE = PixiesEngine()


def mutable(value):
    """Return the plain (changeable) dicts and lists inside ``value``."""
    return [c for c in containers(value) if type(c) in (dict, list)]


def scribble(value):
    """Change every changeable container of ``value``; frozen ones must refuse."""
    for c in containers(value):
        if type(c) in (dict, list):
            continue
        if type(c) is FrozenDict:
            with pytest.raises(TypeError):
                c["up"] = 99
        else:
            with pytest.raises(TypeError):
                c.append(99)
    scribble_plain(value)


def history(players, seed):
    """Yield (state, seat, action) along one seeded random game."""
    rng = random.Random(f"copy:{players}:{seed}")
    state = ENGINE.new_game(players, {}, seed)
    while not ENGINE.is_terminal(state):
        [decision] = ENGINE.pending(state)
        action = rng.choice(ENGINE.legal_actions(state, decision.player))
        yield state, decision.player, action
        state = ENGINE.apply(state, decision.player, action)


@pytest.mark.parametrize("players", [2, 4])
def test_applied_state_shares_nothing_mutable(players):
    seen_held = seen_rounds = 0
    for state, seat, action in history(players, 5):
        before = json.dumps(state, sort_keys=True)
        new = ENGINE.apply(state, seat, action)
        assert not {id(c) for c in mutable(new)} & {id(c) for c in mutable(state)}
        assert json.dumps(state, sort_keys=True) == before  # apply left its input alone
        assert ENGINE.from_json(ENGINE.to_json(new)) == new
        seen_held += new["held"] is not None
        seen_rounds += bool(new["rounds"])
        scribble(new)
        assert json.dumps(state, sort_keys=True) == before  # changing the new state never reaches the old
    assert seen_held and seen_rounds


def test_copy_of_a_loaded_state_is_independent():
    """A state parsed from JSON (plain dicts and lists everywhere) is frozen where it is shared."""
    *_, (state, seat, action) = history(3, 8)
    state = ENGINE.apply(state, seat, action)  # finished: result and three rounds of scores
    loaded = ENGINE.from_json(ENGINE.to_json(state))
    before = ENGINE.to_json(loaded)
    new = rules.copy_state(loaded)
    assert new == loaded and ENGINE.to_json(new) == before
    assert not {id(c) for c in mutable(new)} & {id(c) for c in mutable(loaded)}
    for key in ("active", "totals", "deck", "discard", "grids", "rounds"):
        assert type(new[key]) is FrozenList, key
    assert all(type(g) is FrozenList for g in new["grids"]) and all(type(r) is FrozenDict for r in new["rounds"])
    scribble(new)
    assert ENGINE.to_json(loaded) == before


def test_leave_and_arrange_copy_too():
    state = ENGINE.new_game(3, {}, 4)
    before = ENGINE.to_json(state)
    new = ENGINE.leave(state, 1)
    scribble(new)
    arranged = arrange(state, {0: {4: (56, None)}})
    assert arranged["grids"][0][4] == {"up": 56, "down": None}
    scribble(arranged)
    assert ENGINE.to_json(state) == before


def test_frozen_values_behave_like_plain_json():
    plain = {"round": 1, "scores": [{"seat": 0, "zone_color": None}, {"seat": 1, "zone_color": "red"}]}
    frozen = freeze(plain)
    assert type(frozen) is FrozenDict and type(frozen["scores"]) is FrozenList
    assert frozen == plain and json.dumps(frozen) == json.dumps(plain)
    assert json.loads(json.dumps(frozen)) == frozen
    assert pickle.loads(pickle.dumps(frozen)) == plain
    assert copy.deepcopy(frozen) is frozen and copy.copy(frozen["scores"]) is frozen["scores"]
    thawed = thaw(frozen)
    assert thawed == plain and type(thawed) is dict and type(thawed["scores"][1]) is dict
    for change in (lambda: frozen.update(a=1), lambda: frozen.pop("round"), lambda: frozen.clear(),
                   lambda: frozen.setdefault("a", 1), lambda: frozen.popitem(),
                   lambda: frozen["scores"].insert(0, 1), lambda: frozen["scores"].sort(),
                   lambda: frozen["scores"].__setitem__(0, 1), lambda: frozen["scores"].pop()):
        with pytest.raises(TypeError):
            change()
    with pytest.raises(TypeError):
        frozen["scores"] += [1]
    assert frozen == plain


def test_grid_spaces_are_shared_values():
    """Equal spaces are one object: a grid copy costs one list, never nine dicts."""
    assert rules.space(3, None) is rules.space(3, None) == {"up": 3, "down": None}
    assert rules.empty_grid() == [{"up": None, "down": None}] * 9
    state = ENGINE.new_game(2, {}, 1)
    card = state["offer"][0]
    new = ENGINE.apply(state, rules.to_act(state), {"type": "take", "card": card})
    seat = rules.to_act(state)
    assert new["grids"][seat] is not state["grids"][seat]
    assert new["grids"][1 - seat] is state["grids"][1 - seat]  # unchanged and immutable: shared
