"""The levels and ``decide``: legal moves only over many seeded games of every game (levels mixed with random
players), reproducible decisions, a signature that only takes a view."""

from __future__ import annotations

import inspect

import pytest

from bot.ai import player
from bot.ai.base import adapter, has_adapter, terminal_value
from bot.games.base import Result
from bot.registry import engine
from tests.ai.ai_helpers import LEGAL, SOAK, play, positions, tiny_budgets

SEATS = ("easy", "normal", "strong", "random")
GAMES = 1000 if SOAK else 50
#: game → how many players its legality games have, by game number
PLAYERS = {"tixel": lambda number: 2, "pixies": lambda number: 2 + number % 3,
           "pixel-pusher": lambda number: 2 + number % 3}


def _levels(game: str, game_no: int, players: int) -> list[str]:
    """Seat levels of one game: every level and the random player take turns at every seat. Tixel has no
    repetition rule, so two computers may shuffle pieces for ever: there one seat plays easy, normal and strong in
    turn, move after move ("mixed"), against a random player, the two swapping seats from game to game."""
    if game == "tixel":
        return ["mixed", "random"] if game_no % 2 == 0 else ["random", "mixed"]
    return [SEATS[(game_no + seat) % len(SEATS)] for seat in range(players)]


@pytest.mark.parametrize("game", ["tixel", "pixies", "pixel-pusher"])
def test_every_level_plays_only_legal_moves_and_finishes(monkeypatch, game):
    tiny_budgets(monkeypatch, LEGAL)
    eng = engine(game)
    moves = 0
    for number in range(GAMES):
        players = PLAYERS[game](number)
        final, made = play(game, players, _levels(game, number, players), 3000 + number)
        assert eng.is_terminal(final)
        moves += made
    assert moves > GAMES * 5


def test_decide_takes_a_view_never_a_state():
    assert list(inspect.signature(player.decide).parameters) == ["game", "view", "seat", "legal", "level", "seed"]


def test_same_inputs_give_the_same_action_and_it_is_one_of_the_legal_ones(monkeypatch):
    tiny_budgets(monkeypatch)
    eng = engine("pixies")
    for state in list(positions("pixies", 4, 1))[5::9]:
        if eng.is_terminal(state):
            continue
        seat = eng.pending(state)[0].player
        legal = eng.legal_actions(state, seat)
        reordered = [dict(reversed(list(a.items()))) for a in legal]
        for level in player.LEVELS:
            first = player.decide("pixies", eng.view(state, seat), seat, legal, level, 42)
            assert first in legal
            assert player.decide("pixies", eng.view(state, seat), seat, legal, level, 42) == first
            assert player.decide("pixies", eng.view(state, seat), seat, reordered, level, 42) in reordered


def test_a_single_legal_action_is_taken_at_once_and_bad_calls_are_refused():
    view = engine("tixel").view(engine("tixel").new_game(2, {}, 1), 0)
    assert player.decide("tixel", view, 0, [{"type": "end"}], "strong", 1) == {"type": "end"}
    with pytest.raises(ValueError):
        player.decide("tixel", view, 0, [{"type": "end"}, {"type": "x"}], "grandmaster", 1)
    with pytest.raises(ValueError):
        player.decide("tixel", view, 0, [], "easy", 1)


def test_budgets_grow_with_the_level():
    for game in ("tixel", "pixies"):
        normal, strong = player.budget_for(game, "normal"), player.budget_for(game, "strong")
        assert normal.iterations > 0 and not normal.depth
        # more iterations, or (Tixel, no hidden information) an alpha-beta search of whole turns
        assert strong.iterations > normal.iterations or strong.depth >= 2 and strong.nodes > 0
    assert player.budget_for("no-such-game", "strong") == player.DEFAULT_BUDGETS["strong"]


def test_adapters_are_found_by_game_key():
    assert adapter("tixel").game == "tixel" and adapter("pixies").game == "pixies"
    assert has_adapter("tixel") and not has_adapter("chess")


class _Fixed:
    def __init__(self, result):
        self._result = result

    def result(self, state):
        return self._result


def test_terminal_values_a_win_a_shared_win_a_draw_and_places():
    four = _Fixed(Result(winners=[2], ranking=[[2], [0], [3], [1]]))
    assert [terminal_value(four, {}, s) for s in range(4)] == [0.4 * 2 / 3, 0.0, 1.0, 0.4 / 3]
    shared = _Fixed(Result(winners=[0, 1], ranking=[[0, 1], [2]]))
    assert [terminal_value(shared, {}, s) for s in range(3)] == [0.5, 0.5, 0.0]
    draw = _Fixed(Result(winners=[], ranking=[[0, 1]]))
    assert [terminal_value(draw, {}, s) for s in range(2)] == [0.5, 0.5]
