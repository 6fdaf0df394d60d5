"""The levels and ``decide``: legal moves only over many seeded games of every game (levels mixed with random
players; every level in every game), a few games with the real normal and strong searches, reproducible decisions,
a signature that only takes a view."""

from __future__ import annotations

import inspect
from collections import Counter

import pytest

from bot.ai import player
from bot.ai.base import adapter, has_adapter, terminal_value
from bot.games.base import Result
from bot.registry import engine
from tests.ai.ai_helpers import LEGAL, SOAK, play, positions, tiny_budgets

SEATS = ("easy", "normal", "strong", "random")
#: legality games per game: 50 in CI, thousands with PARLOR_SOAK=1
GAMES = 2000 if SOAK else 50
#: game → how many players its legality games have, by game number
PLAYERS = {"tixel": lambda number: 2, "pixies": lambda number: 2 + number % 3,
           "pixel-pusher": lambda number: 2 + number % 3}


def _levels(game: str, game_no: int, players: int) -> list[str]:
    """Seat levels of one game: one seat (turning round the table from game to game) plays easy, normal and strong
    in turn, move after move ("mixed"), so every level plays in every game; in Pixies and Pixel Pusher the other
    seats are levels and the random player taking turns. Tixel has no repetition rule, so two computers may shuffle
    pieces for ever: there the mixed seat plays a random player."""
    mixed = game_no % players
    if game == "tixel":
        return ["mixed" if seat == mixed else "random" for seat in range(players)]
    return ["mixed" if seat == mixed else SEATS[(game_no + seat) % len(SEATS)] for seat in range(players)]


@pytest.mark.parametrize("game", ["tixel", "pixies", "pixel-pusher"])
def test_every_level_plays_only_legal_moves_and_finishes(monkeypatch, game):
    tiny_budgets(monkeypatch, LEGAL)
    eng = engine(game)
    moves = number = 0
    played = Counter()  # level → games in which it made a decision with a choice
    # GAMES games, and more while a level has not yet decided with a choice in GAMES of them (a Tixel game against
    # a random player may end before one level's turn with two legal moves comes)
    while number < GAMES or min(played[level] for level in player.LEVELS) < GAMES:
        assert number < GAMES * 1.2, played
        players = PLAYERS[game](number)
        counts = Counter()
        final, made = play(game, players, _levels(game, number, players), 3000 + number, counts=counts)
        assert eng.is_terminal(final)
        moves += made
        played.update(counts.keys())
        number += 1
    assert moves > GAMES * 5


#: the games played with the real budgets (no tiny search): game → the (seed, players, options) of each game (the
#: mixed seat: seed % players), and how many of the mixed seat's strong turns are strong's (every k-th; the others
#: normal's: a sample of strong's slowest decisions, so the test stays cheap; Tixel's strong is its alpha-beta
#: search, about a second a decision). Tixel's seeds are ones whose games last past the opening against random
REAL = {
    "tixel": ([(7100, 2, {}), (7101, 2, {"tix": 2, "poka_yoke": True}), (7113, 2, {"tix": 4})], 3),
    "pixies": ([(7100, 2, {}), (7101, 3, {}), (7102, 4, {})], 3),
    "pixel-pusher": ([(7100, 2, {}), (7101, 3, {}), (7102, 4, {})], 4),
    "pixel-tactics": ([(7100, 2, {}), (7101, 2, {"mode": "duel_draft", "trophies": 1}), (7102, 4, {"mode": "team"})],
                      6),
}


@pytest.mark.parametrize("game", list(REAL))
def test_the_real_normal_and_strong_searches_play_legal_moves_and_finish(game):
    # a mixed seat (easy, normal and strong in turn) against random players (Pixel Tactics: the playout policy,
    # as in its legality games), with the budgets of bot.ai.player.BUDGETS; PARLOR_SOAK=1 plays 10 times as many
    setups, strong_every = REAL[game]
    games = [(seed + 1000 * soak, players, options) for soak in range(10 if SOAK else 1)
             for seed, players, options in setups]
    eng = engine(game)
    for seed, players, options in games:
        levels = ["playout" if game == "pixel-tactics" else "random"] * players
        levels[seed % players] = "mixed"
        counts = Counter()
        final, _moves = play(game, players, levels, seed, options, strong_every=strong_every, counts=counts)
        assert eng.is_terminal(final), (game, seed)
        if seed < 8000:  # the CI games (a soak game may end in the opening)
            assert counts["strong"] >= 2 and counts["normal"] >= 2 and counts["easy"] >= 2, (game, seed, counts)


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
