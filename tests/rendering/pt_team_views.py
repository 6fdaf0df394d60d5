"""Team mode views (issue 12) for the renderer tests: a real Classic 2-seat engine view with its players copied to
4 or 6 seats and a hand-made ``teams`` field exactly as the shared design writes it."""

from __future__ import annotations

import copy
import random
from typing import Any

from bot.games.pixel_tactics import PixelTacticsEngine

View = dict[str, Any]
NAMES4 = ["Ada", "Bob", "Cyd", "Dee"]
NAMES6 = ["Ada", "Bob", "Cyd", "Dee", "Eve", "Fay"]


def classic_view(seed: int = 5, steps: int = 60, viewer: int | None = None) -> View:
    """The view of a seeded random Classic game after ``steps`` actions (Heroes, damage, reserve cards)."""
    engine = PixelTacticsEngine()
    state = engine.new_game(2, {}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        decision = rng.choice(engine.pending(state))
        state = engine.apply(state, decision.player, rng.choice(engine.legal_actions(state, decision.player)))
    return engine.view(state, viewer)


def _seated(view: View, seats: int) -> View:
    out = copy.deepcopy(view)
    out["players"] = [dict(copy.deepcopy(view["players"][s % 2]), seat=s) for s in range(seats)]
    return out


def team_view(seed: int = 5, steps: int = 60) -> View:
    """Team Cross Duel, seat 1 (Team 2) acting: seat 0 lost a Leader (a point for Team 2), reach to both rivals."""
    view = _seated(classic_view(seed, steps), 4)
    view.update(mode="team", phase="turn", turn=1, first=0, actions_left=2, waiting=None, ceasefire=False)
    view["teams"] = {
        "kind": "team", "team_of": [0, 1, 0, 1], "roles": None, "defeats": [1, 0, 0, 0], "points": [0, 1],
        "goal": {"one": 3, "each": 1}, "set_aside": [[{"key": "x", "name": "Rimecaster"}], [], [], []],
        "eliminated": [False] * 4, "ceasefire_seat": None,
        "reach": [[[1, 1], [3, 1]], [[0, 1], [2, 1]], [[1, 1], [3, 1]], [[0, 1], [2, 1]]]}
    return view


def king_view(seed: int = 5, steps: int = 60, out: bool = True) -> View:
    """King, seat 0 (Team 1's King) acting. With ``out`` seat 4 (a Team 2 Knight) is eliminated, so Team 1 has 1
    point and the ring of live seats is 0-1-2-3-5; without, the reach of the game's start."""
    view = _seated(classic_view(seed, steps), 6)
    view.update(mode="king", phase="turn", turn=0, first=0, actions_left=2, waiting=None, ceasefire=False)
    if out:
        view["players"][4].update(unit={}, reserve=[None, None, None], hand=0, deck=0, discard=[])
    reach = ([[[2, 2], [3, 2]], [[2, 1], [3, 2]], [[1, 1], [0, 2], [5, 2]], [[5, 1], [0, 2], [1, 2]], [],
              [[3, 1], [2, 2]]] if out else
             [[[2, 2], [3, 2], [4, 2]], [[2, 1], [3, 2]], [[0, 2], [1, 1]], [[0, 2], [1, 2], [5, 2]],
              [[0, 2], [5, 1]], [[3, 2], [4, 1]]])
    view["teams"] = {
        "kind": "king", "team_of": [0, 0, 1, 1, 1, 0],
        "roles": ["king", "knight", "knight", "king", "knight", "knight"], "defeats": [0, 0, 0, 0, int(out), 0],
        "points": [int(out), 0], "goal": None, "set_aside": [[] for _ in range(6)],
        "eliminated": [False, False, False, False, out, False], "ceasefire_seat": None, "reach": reach}
    return view


def private_team_view(viewer: int | None = 0) -> View:
    """Team Cross Duel early in round 1 as seen by ``viewer`` (None: the public view): seat 0's hand of three and
    its face-down Trap (Cinderwitch, with its policy) are in the private view only."""
    view = _seated(classic_view(7, 10, viewer), 4)
    view.update(mode="team", turn=0, first=0)
    view["teams"] = team_view()["teams"]
    view["teams"].update(defeats=[0] * 4, points=[0, 0], set_aside=[[] for _ in range(4)])
    return view
