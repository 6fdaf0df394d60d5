"""The Pixies computer player: determinizing round-trips every view (2-4 players), deals only the unseen
cards, the heuristic, and no peeking at face-down cards or the deck."""

from __future__ import annotations

import math
import random

from bot.ai import player
from bot.ai.pixies import ADAPTER
from bot.ai.search import Budget
from bot.games.pixies.cards import ALL_IDS
from bot.games.pixies.rules import check_invariants
from bot.registry import engine
from tests.ai.ai_helpers import SOAK, play, positions, tiny_budgets

ENG = engine("pixies")


def _hidden(state: dict) -> list[int]:
    """The card ids no view shows: face-down cards, the deck and the discard pile."""
    downs = [sp["down"] for grid in state["grids"] for sp in grid if sp["down"] is not None]
    return downs + list(state["deck"]) + list(state["discard"])


def test_determinize_round_trips_the_view_and_keeps_the_legal_moves():
    checked = 0
    for players in (2, 3, 4):
        for state in positions("pixies", players, 40 if SOAK else 4):
            seat = checked % players
            view = ENG.view(state, seat)
            sample = ADAPTER.determinize(view, seat, random.Random(checked))
            checked += 1
            assert ENG.view(sample, seat) == view
            check_invariants(sample)
            if ENG.is_terminal(state):  # the view does not carry the result's reason
                got, want = ENG.result(sample), ENG.result(state)
                assert (got.winners, got.ranking, got.scores) == (want.winners, want.ranking, want.scores)
                continue
            assert ENG.pending(sample) == ENG.pending(state)
            mover = ENG.pending(state)[0].player
            assert ENG.legal_actions(sample, mover) == ENG.legal_actions(state, mover)
            # the state plays on: one action of the sample is accepted by the engine
            ENG.apply(sample, mover, ENG.legal_actions(sample, mover)[0])
    assert checked > 500


def test_a_sample_deals_exactly_the_unseen_cards_and_varies_with_the_seed():
    state = next(s for s in positions("pixies", 3, 1) if s["round"] == 2 and s["held"] is None)
    view = ENG.view(state, 0)
    one = ADAPTER.determinize(view, 0, random.Random(1))
    two = ADAPTER.determinize(view, 0, random.Random(2))
    assert sorted(_hidden(one)) == sorted(_hidden(two)) == sorted(_hidden(state))
    assert len(one["deck"]) == len(state["deck"]) and len(one["discard"]) == len(state["discard"])
    assert _hidden(one) != _hidden(two)
    seen = {c for grid in state["grids"] for sp in grid for c in (sp["up"],) if c is not None}
    assert seen.isdisjoint(_hidden(one)) and len(seen) + len(state["offer"]) + len(_hidden(one)) == len(ALL_IDS)


def test_heuristic_is_the_score_lead_through_a_logistic():
    state = ENG.new_game(2, {}, 11)
    grids = [[{"up": None, "down": None} for _ in range(9)] for _ in range(2)]
    grids[0][0] = {"up": 0, "down": None}  # Blue 1 with 6 spirals: 6 + a zone of 1 × 2 = 8 points in round 1
    state = {**state, "grids": grids}
    assert math.isclose(ADAPTER.evaluate(state, 0), 1 / (1 + math.exp(-1)))
    assert math.isclose(ADAPTER.evaluate(state, 1), 1 / (1 + math.exp(1)))


def _reshuffled(state: dict, rng: random.Random) -> dict:
    """``state`` with its hidden cards (face-down, deck, discard) permuted among their places."""
    hidden = _hidden(state)
    cards = hidden[:]
    rng.shuffle(cards)
    grids, k = [], 0
    for grid in state["grids"]:
        new = []
        for sp in grid:
            down = None
            if sp["down"] is not None:
                down, k = cards[k], k + 1
            new.append({"up": sp["up"], "down": down})
        grids.append(new)
    deck = cards[k:k + len(state["deck"])]
    discard = cards[k + len(state["deck"]):]
    return {**state, "grids": grids, "deck": deck, "discard": discard, "seed": rng.randrange(10**6)}


def test_no_peeking_reshuffled_hidden_cards_give_the_same_decision(monkeypatch):
    tiny_budgets(monkeypatch)
    compared = 0
    for state in positions("pixies", 3, 2):
        if ENG.is_terminal(state) or len(_hidden(state)) < 2 or state["step"] % 7:
            continue
        seat = ENG.pending(state)[0].player
        other = _reshuffled(state, random.Random(state["step"]))
        assert _hidden(other) != _hidden(state)
        assert ENG.view(other, seat) == ENG.view(state, seat)
        legal = ENG.legal_actions(state, seat)
        assert ENG.legal_actions(other, seat) == legal
        for level in player.LEVELS:
            assert (player.decide("pixies", ENG.view(state, seat), seat, legal, level, 5)
                    == player.decide("pixies", ENG.view(other, seat), seat, legal, level, 5))
            compared += 1
    assert compared >= 15


def test_normal_beats_random_in_a_two_player_game(monkeypatch):
    monkeypatch.setitem(player.BUDGETS, ("pixies", "normal"), Budget(iterations=20, rollout_depth=6))
    final, moves = play("pixies", 2, ["normal", "random"], 77)
    assert moves > 20 and ENG.result(final).winners == [0]
