"""Real positions for /rules' pictures: one seeded game of each kind played with random legal moves, and the
position in it that shows the most of the board (Pixies in round 2 with a validated card, Tixel pieces both sides, a Pixel
Tactics round 2 with Traps, a Pixel Pusher scanline already filled). Same seed, same positions."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache

from bot.games.base import Action, State
from bot.registry import engine

NAMES = ["Ada", "Bob"]
#: game → (seed, options) of the game the pictures come from
SEEDS: dict[str, tuple[int, dict]] = {
    "pixies": (7, {}),
    "tixel": (0, {}),
    "pixel-tactics": (7, {}),
    "pixel-pusher": (7, {}),
}
#: at most this many moves are played looking for a position
MOST_MOVES = 400


def _pixies(view: dict, _moves: int) -> bool:
    return (view.get("status") == "playing" and view.get("round", 1) >= 2 and view.get("turn", 0) >= 5
            and '"down": true' in json.dumps(view))


def _tixel(view: dict, moves: int) -> bool:
    return view.get("status") == "playing" and moves >= 12


def _tactics(view: dict, _moves: int) -> bool:
    return view.get("round", 0) >= 2 and view.get("status") != "finished" and '"trap' in json.dumps(view).lower()


def _pusher(view: dict, _moves: int) -> bool:
    text = json.dumps(view)
    return view.get("status") != "finished" and ('"filled_by": 0' in text or '"filled_by": 1' in text)


#: game → which position the board guide shows: the first that passes
WANTED: dict[str, Callable[[dict, int], bool]] = {
    "pixies": _pixies, "tixel": _tixel, "pixel-tactics": _tactics, "pixel-pusher": _pusher,
}


@cache
def _played(game: str) -> tuple[tuple[State, ...], tuple[tuple[int, Action], ...]]:
    """Return the seeded random game's states, from the opening until the guide's position, and its moves (the
    ``i``-th move leads from state ``i`` to state ``i + 1``)."""
    eng = engine(game)
    seed, options = SEEDS[game]
    state = eng.new_game(len(NAMES), options, seed)
    rng, states, moves = random.Random(seed), [state], []
    while not eng.is_terminal(state) and len(states) <= MOST_MOVES:
        if WANTED[game](eng.view(state, None), len(states) - 1):
            break
        decision = rng.choice(eng.pending(state))
        action = rng.choice(eng.legal_actions(state, decision.player))
        state = eng.apply(state, decision.player, action)
        states.append(state)
        moves.append((decision.player, action))
    return tuple(states), tuple(moves)


def seeded_game(game: str) -> tuple[State, ...]:
    """Return the states of the game's seeded random game, from the opening until the guide's position."""
    return _played(game)[0]


def last_move(game: str, index: int) -> tuple[State, int, Action] | None:
    """Return the move that led to the seeded game's state ``index``: the state before it, the seat, the action
    (None for the opening)."""
    if index <= 0:
        return None
    states, moves = _played(game)
    return states[index - 1], *moves[index - 1]


def guide_index(game: str) -> int:
    """Return which state of the seeded game the board guide explains."""
    return len(seeded_game(game)) - 1


def guide_view(game: str) -> dict:
    """Return the public view the board guide explains."""
    return engine(game).view(seeded_game(game)[-1], None)


def picture_indexes(game: str) -> list[int]:
    """Return which states of the seeded game the pictures show: the opening, a few moves in, the guide's."""
    states = seeded_game(game)
    return sorted({0, min(len(states) - 1, max(1, len(states) // 3)), len(states) - 1})


def picture_views(game: str) -> list[dict]:
    """Return three public views of the seeded game: the opening, a few moves in, the guide's position."""
    return [engine(game).view(seeded_game(game)[i], None) for i in picture_indexes(game)]
