"""The Tixel computer player: determinizing round-trips every view, the heuristic, and a strength smoke test."""

from __future__ import annotations

import random

import pytest

from bot.ai import player
from bot.ai.search import Budget, search, shortlist
from bot.ai.tixel import ADAPTER
from bot.registry import engine
from tests.ai.ai_helpers import SOAK, play, positions, tiny_budgets

ENG = engine("tixel")


def _options(rng: random.Random) -> dict:
    return {"tix": rng.randrange(5), "poka_yoke": rng.random() < 0.5}


def test_determinize_round_trips_the_view_and_keeps_the_legal_moves():
    checked = 0
    for state in positions("tixel", 2, 200 if SOAK else 25, _options):
        for seat in (0, 1):
            view = ENG.view(state, seat)
            sample = ADAPTER.determinize(view, seat, random.Random(checked))
            assert ENG.view(sample, seat) == view
            assert ENG.is_terminal(sample) == ENG.is_terminal(state)
            checked += 1
        if ENG.is_terminal(state):
            assert ENG.result(sample) == ENG.result(state)
            continue
        mover = ENG.pending(state)[0].player
        assert [d.player for d in ENG.pending(sample)] == [mover]
        # the one thing the view cannot tell: whether a draw was already offered (and declined) this turn
        real = [a for a in ENG.legal_actions(state, mover) if a["type"] != "offer_draw"]
        assert [a for a in ENG.legal_actions(sample, mover) if a["type"] != "offer_draw"] == real
    assert checked > 1000


def test_heuristic_is_a_zero_sum_value_and_results_score_one_or_zero():
    for state in positions("tixel", 2, 6, _options):
        a, b = ADAPTER.evaluate(state, 0), ADAPTER.evaluate(state, 1)
        if ENG.is_terminal(state):
            winner = ENG.result(state).winners[0]
            assert (a, b) == ((1.0, 0.0) if winner == 0 else (0.0, 1.0))
        else:
            assert 0.0 < a < 1.0 and abs(a + b - 1.0) < 1e-9


def test_a_seat_with_no_slidable_piece_is_behind():
    # seat 0: one active piece free to slide; seat 1: nothing on the board, pool as seat 0's
    state = ENG.new_game(2, {}, 7)
    white = state["turn_seat"]
    state = ENG.apply(state, white, {"type": "place", "kind": "tixel", "square": "c3", "active": True,
                                     "hollow": "NE", "round": None})
    assert ADAPTER.evaluate(state, white) > 0.5 > ADAPTER.evaluate(state, 1 - white)


def test_computer_players_never_offer_a_draw(monkeypatch):
    tiny_budgets(monkeypatch)
    state = ENG.new_game(2, {}, 3)
    seat = state["turn_seat"]
    legal = ENG.legal_actions(state, seat)
    assert {"type": "offer_draw"} in legal
    assert {"type": "offer_draw"} not in ADAPTER.prune(state, seat, legal)
    for level in player.LEVELS:
        assert player.decide("tixel", ENG.view(state, seat), seat, legal, level, 1)["type"] != "offer_draw"


def test_normal_beats_random_in_at_least_7_of_10_seeded_games(monkeypatch):
    # a CI-sized normal budget (the real one is larger); fixed seeds, so the count is deterministic
    monkeypatch.setitem(player.BUDGETS, ("tixel", "normal"), Budget(iterations=8, rollout_depth=1, width=4))
    wins = 0
    for game in range(10):
        levels = ["normal", "random"] if game % 2 == 0 else ["random", "normal"]
        final, _moves = play("tixel", 2, levels, 900 + game)
        wins += levels.index("normal") in ENG.result(final).winners
    assert wins >= 7


def test_no_peeking_what_the_view_leaves_out_does_not_change_the_decision(monkeypatch):
    # Tixel hides nothing from the players; the state's own bookkeeping (seed, step, piece ids, who placed,
    # whether a draw was offered this turn) is not in the view and must not sway a decision
    tiny_budgets(monkeypatch)
    compared = 0
    for state in list(positions("tixel", 2, 3, _options))[3::11]:
        if ENG.is_terminal(state):
            continue
        seat = ENG.pending(state)[0].player
        other = {**state, "seed": state["seed"] + 1, "step": state["step"] + 7, "next_id": state["next_id"] + 50,
                 "offered": not state["offered"]}
        assert ENG.view(other, seat) == ENG.view(state, seat)
        legal = ENG.legal_actions(state, seat)
        for level in player.LEVELS:
            assert (player.decide("tixel", ENG.view(state, seat), seat, legal, level, 3)
                    == player.decide("tixel", ENG.view(other, seat), seat, legal, level, 3))
        compared += 1
    assert compared >= 5


def _after_b1():
    """Seed 1002: Black opened with b1 (active, hollow NW); White (seat 0) to place its first piece."""
    state = ENG.new_game(2, {}, 1002)
    return ENG.apply(state, 1, {"type": "place", "kind": "tixel", "square": "b1", "active": True, "hollow": "NW",
                                "round": None})


D2 = {"type": "place", "kind": "tixel", "square": "d2", "active": True, "hollow": "NE", "round": None}


def test_a_move_the_rival_punishes_at_once_is_seen_as_lost():
    state = _after_b1()
    after = ADAPTER.advance(state, 0, D2)  # b1-e1 then passes d1, deactivating d2: White has no move left
    assert ADAPTER.loses_at_once(after, 0, [100_000])
    punished = ADAPTER.advance(after, 1, {"type": "slide", "from": "b1", "to": "e1", "stance": "N", "turn": "cw"})
    assert punished["status"] == "finished" and punished["result"]["winners"] == [1]
    far = next(a for a in ENG.legal_actions(state, 0) if a["type"] == "place" and a["square"] == "f6")
    assert not ADAPTER.loses_at_once(ADAPTER.advance(state, 0, far), 0, [100_000])
    assert not ADAPTER.loses_at_once(after, 0, [0])  # no budget: no proof, so not judged lost


def test_the_safety_check_keeps_losing_moves_out_of_the_root_while_safe_ones_are_left():
    state = _after_b1()
    legal = ENG.legal_actions(state, 0)
    lost = [a for a in legal if ADAPTER.loses_at_once(ADAPTER.advance(state, 0, a), 0, [100_000])]
    assert D2 in lost and 0 < len(lost) < len(legal)
    view = ENG.view(state, 0)
    kept = shortlist(ADAPTER, view, 0, legal, 0, random.Random(1), safety=1_000_000)
    assert kept and not any(a in lost for a in kept.values())
    offers = [a for a in legal if a["type"] == "offer_draw"]  # never searched by a computer player
    assert len(kept) == len(legal) - len(lost) - len(offers) and len(offers) == 1
    unsafe_kept = shortlist(ADAPTER, view, 0, legal, 8, random.Random(1))  # no safety: one-ply value only
    assert len(unsafe_kept) == 8
    choice = search(ADAPTER, view, 0, legal, Budget(iterations=30, rollout_depth=2, width=8, safety=1_000_000),
                    random.Random(2))
    assert choice in legal and choice not in lost


def _duel(white_squares: dict, black_squares: dict) -> dict:
    """A position with White (seat 0) to move, both players past their first placement, the given pieces."""
    state = ENG.new_game(2, {}, 7)
    white = state["turn_seat"]
    board = {}
    for pid, (sq, owner, hollow) in enumerate(
            [(sq, white, h) for sq, h in white_squares.items()] + [(sq, 1 - white, h) for sq, h in black_squares.items()]):
        board[sq] = {"id": pid + 1, "owner": owner, "kind": "tixel", "active": len(hollow) == 2, "hollow": hollow,
                     "round": None}
    state.update(board=board, placed=[True, True], next_id=len(board) + 1)
    for seat in (0, 1):
        state["pools"][seat]["tixel"] -= sum(1 for p in board.values() if p["owner"] == seat)
    return state, white


def test_alphabeta_finds_the_slide_that_deactivates_the_rivals_last_piece():
    # White's a1 may slide east through c1, into which Black's only piece (c2, hollow SW) points its S corner:
    # passing c1 deactivates it, and Black, with no slidable piece, cannot move at the start of its turn
    state, white = _duel({"a1": "NE"}, {"c2": "SW"})
    view = ENG.view(state, white)
    legal = ENG.legal_actions(state, white)
    action = search(ADAPTER, view, white, legal, Budget(iterations=0, rollout_depth=0, depth=1, nodes=5000),
                    random.Random(1))
    assert action["type"] == "slide" and action["from"] == "a1" and action["to"][1] == "1"
    assert action["to"] in ("c1", "d1", "e1", "f1")
    after = ENG.apply(state, white, action)
    assert ENG.is_terminal(after) and ENG.result(after).winners == [white]
    # a one-ply greedy look also sees it; depth 2 still prefers it (the quickest win)
    again = search(ADAPTER, view, white, legal, Budget(iterations=0, rollout_depth=0, depth=2, nodes=50000),
                   random.Random(2))
    assert ENG.is_terminal(ENG.apply(state, white, again))


def test_score_is_the_mobility_lead_and_a_bonus_move_is_scored_as_declined():
    state, white = _duel({"a1": "NE"}, {"c2": "SW"})
    # one slidable piece each, 9 pieces in each pool, 10 empty squares in line with each (a1: a2-a6, b1-f1; c2:
    # c3-c6, c1, d2-f2, b2-a2): an even position
    assert ADAPTER.score(state, white) == 0.0
    # White's a1 boxed in by its own inactive pieces (hollows facing it): active but unable to slide, worth
    # ACTIVE_WEIGHT (0.5), no empty square in line; 7 pieces left in White's pool against Black's 9; Black's c2 now
    # sees 9 empty squares in line (a2 is taken), each worth SPACE_WEIGHT (0.05)
    boxed, white = _duel({"a1": "NE", "a2": "S", "b1": "W"}, {"c2": "SW"})
    assert ADAPTER.score(boxed, white) == pytest.approx((0.5 + 7 * 0.15) - (1 + 9 * 0.15 + 9 * 0.05))
    assert ADAPTER.score(boxed, 1 - white) == pytest.approx(-ADAPTER.score(boxed, white))
    # the rulebook's second example: a1-c1 passes c2 (deactivated) and stops before d1, sacrificed: a bonus move,
    # scored as if declined (White then has no active piece: 9 × 0.15 against d1, its 7 empty squares in line (d2-d6,
    # e1-f1) and Black's 8 in the pool)
    state, white = _duel({"a1": "NE"}, {"c2": "SW", "d1": "NE"})
    bonus = ENG.apply(state, white, {"type": "slide", "from": "a1", "to": "c1", "stance": "E", "turn": None})
    assert bonus["phase"] == "bonus"
    assert ADAPTER.score(bonus, white) == pytest.approx(9 * 0.15 - (1 + 8 * 0.15 + 7 * 0.05))
