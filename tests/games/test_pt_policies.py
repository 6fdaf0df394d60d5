"""The balance runs' heuristic policy: it values every kind of power by the side it touches, and beats random."""

from __future__ import annotations

import random

import pytest

from benchmarks.pt_balance import figure_options
from bot.ai.pixel_tactics.policy import POLICIES, _attack_score, _effect_value, _power_score
from bot.games.pixel_tactics import PixelTacticsEngine


def _hero(key: str, damage: int = 0, kind: str = "hero", statuses: list[str] | None = None) -> dict:
    """Return a unit entry of seat 0's copy of a card."""
    return {"card": f"0.{key}@2", "kind": kind, "damage": damage, "statuses": statuses or [], "fresh": False,
            "acted": False}


def _board() -> tuple[dict, dict]:
    """Return a small state (seat 0: damaged Leader, a Corpse, a weakened Hero; seat 1: a 3-Life Hero)."""
    own = {"L": _hero("gravesexton", damage=5), "V0": _hero("bonewright", kind="corpse"),
           "V1": _hero("tombwarden", statuses=["-1 Attack", "+1 Life"])}
    rival = {"L": {**_hero("carrionkite"), "card": "1.carrionkite@2"},
             "V0": {**_hero("carrionkite", damage=1), "card": "1.carrionkite@2"}}
    state = {"players": [{"hand": ["a", "b"], "unit": own}, {"hand": ["c", "d", "e"], "unit": rival}]}
    board = {"units": {"0:L": {"attack": 2, "life": 21}, "0:V1": {"attack": 1, "life": 8},
                       "1:L": {"attack": 3, "life": 16}, "1:V0": {"attack": 3, "life": 3}}}
    return state, board


def test_effects_are_valued_by_the_side_their_selector_names() -> None:
    state, board = _board()
    value = lambda effect, target=None: _effect_value(state, board, 0, effect, target)  # noqa: E731
    # reviving your own Corpse (Bonewright's Hero: 3 Attack, 5 Life) is worth 4 + 0.3 * 8
    assert value({"op": "revive", "to": "target"}, "0:V0") == pytest.approx(4.0 + 0.3 * 8)
    # healing your Leader counts only the damage it removes; healing the rival is a loss
    assert value({"op": "heal", "amount": 3, "to": "own_leader"}) == pytest.approx(1.4 * 3)
    assert value({"op": "heal", "amount": 9, "to": "own_leader"}) == pytest.approx(1.4 * 5)
    assert value({"op": "heal", "amount": 2, "to": "target"}, "1:V0") == pytest.approx(-0.6)
    # a good status helps your unit and hurts the rival's; a bad one the other way round
    assert value({"op": "status", "status": "+1 Attack", "to": "target"}, "0:V1") == 1.8
    assert value({"op": "status", "status": "+1 Attack", "to": "target"}, "1:V0") == -1.8
    assert value({"op": "status", "status": "No Special Abilities", "to": "target"}, "1:V0") == 3.5
    assert value({"op": "status", "status": "-1 Life", "times": 2, "to": "target"}, "1:V0") == 2.6
    # removing every status of your Hero: its -1 Attack goes (+1.3) and so does its +1 Life (-1.3)
    assert value({"op": "remove_status", "status": "all", "to": "target"}, "0:V1") == 0.0
    assert value({"op": "remove_status", "status": "-1 Attack", "to": "target"}, "0:V1") == 1.3
    # 2 damage kills the rival's 3-Life Hero with 1 damage on it: 1.2 * 2 + 4; damage to yourself is a cost
    assert value({"op": "damage", "amount": 2, "to": "target"}, "1:V0") == pytest.approx(1.2 * 2 + 4.0)
    assert value({"op": "damage", "amount": 2, "to": "own_leader"}) == pytest.approx(-1.2)
    # drawing with 2 cards in hand, discarding from the rival's 3
    assert value({"op": "draw", "count": 2, "who": "you"}) == pytest.approx(3.2)
    assert value({"op": "discard", "count": 1, "who": "rival"}) == 1.4
    # returning your own Corpse to the hand frees its slot and keeps the card
    assert value({"op": "return_to_hand", "to": "target"}, "0:V0") == 3.0


def test_a_power_that_revives_your_corpse_beats_a_plain_attack() -> None:
    state, board = _board()
    spell = {"type": "spell", "by": "F0", "target": "0:V0"}
    effects = [{"op": "revive", "to": "target"}, {"op": "status", "status": "+1 Attack", "to": "target"}]
    # 4 + (4 + 0.3 * 8) + 1.8; an attack by your 1-Attack Hero on the rival Leader scores 4.5 + 1.5
    assert _power_score(state, board, 0, spell, effects) == pytest.approx(4.0 + 6.4 + 1.8)
    assert _attack_score(state, board, 0, {"type": "attack", "by": "V1", "target": "1:L"}) == 6.0


def test_a_column_spell_counts_every_unit_of_the_column() -> None:
    state, board = _board()
    # column 0 of seat 1 holds only its V0 Hero (2 Life left): 1 damage, no kill; column 1 holds its Leader
    effect = {"op": "damage", "amount": 1, "to": "target_column"}
    assert _effect_value(state, board, 0, effect, "1:V0") == pytest.approx(1.2)
    state["players"][1]["unit"]["F0"] = {**state["players"][1]["unit"]["V0"], "damage": 2}
    board["units"]["1:F0"] = {"attack": 3, "life": 3}
    assert _effect_value(state, board, 0, effect, "1:V0") == pytest.approx(1.2 + 1.2 + 4.0)


def test_the_heuristic_beats_random_in_at_least_90_of_100_games() -> None:
    engine, wins = PixelTacticsEngine(), 0
    for game in range(100):
        rng, mine = random.Random(game), game % 2
        state = engine.new_game(2, figure_options("mirror-core2", rng), game)
        for _ in range(3000):
            if engine.is_terminal(state):
                break
            seat = engine.pending(state)[0].player
            policy = POLICIES["heuristic" if seat == mine else "random"]
            state = engine.apply(state, seat, policy(state, seat, engine.legal_actions(state, seat), rng))
        wins += (state.get("result") or {}).get("winners") == [mine]
    assert wins >= 90
