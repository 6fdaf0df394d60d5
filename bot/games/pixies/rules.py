"""The Pixies state machine: in-place transitions on an already copied plain-JSON state.

State layout (all plain JSON)::

    seed, num_players, status ("playing"|"finished"), round (1..3), turn (from 1),
    step        -- number of applied actions and resignations (the decision id)
    active      -- [bool] per seat, false once resigned
    totals      -- [int] per seat, sum of the finished rounds' totals
    grids       -- per seat 9 spaces {"up": card id|None, "down": card id|None}
    deck, offer, discard -- card ids (the deck is drawn from the front)
    turn_first  -- seat that revealed this turn's cards
    order       -- seats still to pick this turn, the current picker first
    pair_turn   -- this turn follows the two-player rules (4 cards, A B A B)
    picks       -- picks completed this turn
    held        -- None or {"seat", "kind": "keep"|"space", "card", "space"}: a taken card being placed
    last_adder  -- seat that last added a card to its grid (None before the first pick)
    rounds, last_action, result -- as in the view

``active``, ``totals``, ``grids``, ``deck``, ``discard`` and ``rounds`` are immutable all the way down
(``frozen.FrozenList``/``FrozenDict``, equal to and serialised like plain lists and dicts) once a state has
been through ``copy_state`` or the rules: successive states share them, and the rules replace them instead
of changing them. Everything else is copied, so a returned state shares no mutable container with the state
it came from.
"""

from __future__ import annotations

from typing import Any

from ..base import clone, rng_for
from .cards import ALL_IDS, CARDS
from .frozen import FrozenDict, FrozenList, freeze
from .scoring import empty_score, multiplier, score_grid

State = dict[str, Any]

NUM_ROUNDS = 3


def copy_state(state: State) -> State:
    """Return a copy of a Pixies state that shares no mutable container with ``state``: the immutable parts
    (see the module docstring) are frozen once, when they are not already, and then shared."""
    new = state.copy()
    new["offer"] = state["offer"][:]
    new["order"] = state["order"][:]
    if type(state["grids"]) is not FrozenList:
        new["grids"] = freeze_grids(state["grids"])
    if type(state["deck"]) is not FrozenList:
        new["deck"] = freeze(state["deck"])
    if type(state["discard"]) is not FrozenList:
        new["discard"] = freeze(state["discard"])
    if type(state["active"]) is not FrozenList:
        new["active"] = freeze(state["active"])
    if type(state["totals"]) is not FrozenList:
        new["totals"] = freeze(state["totals"])
    if type(state["rounds"]) is not FrozenList:
        new["rounds"] = freeze(state["rounds"])
    held, last, result = state["held"], state["last_action"], state["result"]
    if held is not None:
        new["held"] = held.copy()
    if last is not None:
        new["last_action"] = last.copy()
    if result is not None:
        new["result"] = clone(result)
    if len(state) != _NUM_KEYS:  # every known key was read above: any other key is cloned
        for key in state.keys() - _KNOWN_KEYS:
            new[key] = clone(state[key])
    return new


#: the keys of a state (see the module docstring); ``copy_state`` reads every one
_KNOWN_KEYS = frozenset(
    "game seed num_players status round turn step active totals grids deck offer discard turn_first order"
    " pair_turn picks held last_adder rounds last_action result".split()
)
_NUM_KEYS = len(_KNOWN_KEYS)
#: every grid space ever built, by (up, down): spaces are immutable, so one object serves every grid
_SPACES: dict[tuple[int | None, int | None], FrozenDict] = {}


def space(up: int | None, down: int | None) -> FrozenDict:
    """Return the (shared, immutable) grid space ``{"up": up, "down": down}``."""
    found = _SPACES.get((up, down))
    if found is None:
        found = _SPACES.setdefault((up, down), FrozenDict(up=up, down=down))
    return found


def freeze_grid(grid: list[dict[str, Any]]) -> FrozenList:
    """Return a grid as an immutable list of immutable spaces (frozen grids are kept as they are)."""
    if type(grid) is FrozenList:
        return grid
    return FrozenList([space(s["up"], s["down"]) for s in grid])


def freeze_grids(grids: list[list[dict[str, Any]]]) -> FrozenList:
    """Return every seat's grid, frozen (frozen grids are kept as they are)."""
    if type(grids) is FrozenList:
        return grids
    return FrozenList([freeze_grid(grid) for grid in grids])


def set_grid(state: State, seat: int, grid: FrozenList) -> None:
    """Replace ``seat``'s grid by ``grid`` (a frozen grid)."""
    grids = FrozenList(freeze_grids(state["grids"]))
    list.__setitem__(grids, seat, grid)  # built here, frozen from now on
    state["grids"] = grids


def set_space(state: State, seat: int, index: int, up: int | None, down: int | None) -> None:
    """Replace ``seat``'s grid by a copy whose space ``index`` holds ``up`` and ``down``."""
    grid = FrozenList(freeze_grid(state["grids"][seat]))
    list.__setitem__(grid, index, space(up, down))  # built here, frozen from now on
    set_grid(state, seat, grid)


def append(state: State, key: str, *values: Any) -> None:
    """Replace the frozen list ``state[key]`` by one with ``values`` added at the end."""
    state[key] = FrozenList([*state[key], *values])


def set_item(state: State, key: str, index: int, value: Any) -> None:
    """Replace the frozen list ``state[key]`` by one whose item ``index`` is ``value``."""
    items = list(state[key])
    items[index] = value
    state[key] = FrozenList(items)


EMPTY_GRID = freeze_grid([{"up": None, "down": None}] * 9)


def empty_grid() -> FrozenList:
    """Return a grid of nine empty spaces."""
    return EMPTY_GRID


def is_full(grid: list[dict[str, Any]]) -> bool:
    """Return whether every space of a grid holds at least one card."""
    for s in grid:
        if s["up"] is None and s["down"] is None:
            return False
    return True


def empty_spaces(grid: list[dict[str, Any]]) -> list[int]:
    """Return the indexes of the spaces holding no card at all."""
    return [i for i, s in enumerate(grid) if s["up"] is None and s["down"] is None]


def active_seats(state: State) -> list[int]:
    """Return the seats still playing, in seat order."""
    return [seat for seat, active in enumerate(state["active"]) if active]


def next_active(state: State, seat: int) -> int:
    """Return ``seat`` if it is active, else the next active seat clockwise."""
    n = state["num_players"]
    for k in range(n):
        candidate = (seat + k) % n
        if state["active"][candidate]:
            return candidate
    raise AssertionError("no active seat")


def to_act(state: State) -> int | None:
    """Return the seat that must decide now, or ``None`` once the game is over."""
    if state["status"] != "playing":
        return None
    if state["held"] is not None:
        return state["held"]["seat"]
    return state["order"][0]


def new_state(num_players: int, seed: int) -> State:
    """Return the initial state: first player drawn from the seed, round 1 dealt."""
    state: State = {
        "game": "pixies",
        "seed": seed,
        "num_players": num_players,
        "status": "playing",
        "round": 1,
        "turn": 0,
        "step": 0,
        "active": FrozenList([True] * num_players),
        "totals": FrozenList([0] * num_players),
        "grids": FrozenList([EMPTY_GRID] * num_players),
        "deck": FrozenList(),
        "offer": [],
        "discard": FrozenList(),
        "turn_first": 0,
        "order": [],
        "pair_turn": False,
        "picks": 0,
        "held": None,
        "last_adder": None,
        "rounds": FrozenList(),
        "last_action": None,
        "result": None,
    }
    start_round(state, rng_for(seed, "first").randrange(num_players))
    return state


def start_round(state: State, starter: int) -> None:
    """Collect and reshuffle every card not frozen in a resigned grid, then start the first turn."""
    frozen: set[int] = set()
    grids = list(state["grids"])
    for seat, grid in enumerate(grids):
        if state["active"][seat]:
            grids[seat] = EMPTY_GRID
        else:
            frozen.update(c for s in grid for c in (s["up"], s["down"]) if c is not None)
    state["grids"] = freeze_grids(grids)
    deck = [c for c in ALL_IDS if c not in frozen]
    rng_for(state["seed"], "deck", state["round"]).shuffle(deck)
    state["deck"] = FrozenList(deck)
    state["offer"] = []
    state["discard"] = FrozenList()
    state["turn"] = 0
    start_turn(state, starter)


def start_turn(state: State, first: int) -> None:
    """Reveal the turn's cards and set the pick order, starting from ``first`` (or the next active seat)."""
    first = next_active(state, first)
    n = state["num_players"]
    seats = [(first + k) % n for k in range(n) if state["active"][(first + k) % n]]
    if len(seats) == 2:
        order = seats * 2
    else:
        order = seats
    reveal = len(order)
    # A non-full grid holds at most 16 cards, so a round lasts at most 17 turns of at most 4 cards
    # (68 <= 70); docs/rules/pixies.md shows the bound also holds with frozen resigned grids.
    assert len(state["deck"]) >= reveal, "the deck ran out"
    state["offer"] = list(state["deck"][:reveal])
    state["deck"] = FrozenList(state["deck"][reveal:])
    state["turn"] += 1
    state["turn_first"] = first
    state["order"] = order
    state["pair_turn"] = len(seats) == 2
    state["picks"] = 0


def take(state: State, seat: int, card: int) -> None:
    """Take ``card`` from the offer and place it, or hold it while its owner must decide (keep/space)."""
    state["offer"].remove(card)
    space_index = CARDS[card].value - 1
    grid = state["grids"][seat]
    taken = grid[space_index]
    if taken["up"] is None:  # empty, or a lone face-down card: face up (validated in the second case)
        set_space(state, seat, space_index, card, taken["down"])
    elif taken["down"] is None:  # a lone face-up card: its owner chooses which stays up
        state["held"] = {"seat": seat, "kind": "keep", "card": card, "space": space_index}
        return
    else:  # validated: face down on an empty space, chosen unless only one is left
        empties = empty_spaces(grid)
        assert empties, "a full grid never picks"
        if len(empties) > 1:
            state["held"] = {"seat": seat, "kind": "space", "card": card, "space": space_index}
            return
        set_space(state, seat, empties[0], None, card)
    finish_pick(state, seat)


def keep(state: State, seat: int, which: str) -> None:
    """Resolve a keep decision: ``"new"`` keeps the taken card face up, ``"old"`` the previous one."""
    held = state["held"]
    old = state["grids"][seat][held["space"]]["up"]
    if which == "new":
        set_space(state, seat, held["space"], held["card"], old)
    else:
        set_space(state, seat, held["space"], old, held["card"])
    state["held"] = None
    finish_pick(state, seat)


def place_down(state: State, seat: int, index: int) -> None:
    """Resolve a space decision: the held card goes face down on empty space ``index``."""
    set_space(state, seat, index, None, state["held"]["card"])
    state["held"] = None
    finish_pick(state, seat)


def finish_pick(state: State, seat: int) -> None:
    """Advance after a completed placement: next picker, end of turn or end of round."""
    state["last_adder"] = seat
    state["picks"] += 1
    state["order"].pop(0)
    if state["pair_turn"] and state["picks"] == 2 and any_full(state):
        end_round(state)
    elif not state["order"]:
        end_turn(state)


def any_full(state: State) -> bool:
    """Return whether some active seat has all nine spaces covered."""
    active = state["active"]
    for seat, grid in enumerate(state["grids"]):
        if active[seat] and is_full(grid):
            return True
    return False


def end_turn(state: State) -> None:
    """Discard the untaken cards, then end the round or start the next turn with the last picker."""
    append(state, "discard", *state["offer"])
    state["offer"] = []
    if any_full(state):
        end_round(state)
    else:
        start_turn(state, starter(state))


def starter(state: State) -> int:
    """Return the seat that starts the next turn or round: the last to add a card (or the next active one)."""
    last = state["last_adder"] if state["last_adder"] is not None else state["turn_first"]
    return next_active(state, last)


def end_round(state: State) -> None:
    """Score the round, then deal the next one or finish the game after round 3."""
    append(state, "discard", *state["offer"])
    state["offer"] = []
    round_no = state["round"]
    scores = []
    totals = list(state["totals"])
    for seat, grid in enumerate(state["grids"]):
        active = state["active"][seat]
        breakdown = score_grid(grid, round_no) if active else empty_score()
        totals[seat] += breakdown["total"]
        scores.append(FrozenDict(seat=seat, active=active, **breakdown))
    state["totals"] = FrozenList(totals)
    entry = FrozenDict(round=round_no, multiplier=multiplier(round_no), scores=FrozenList(scores))
    state["rounds"] = FrozenList([*freeze(state["rounds"]), entry])
    if round_no >= NUM_ROUNDS:
        finish(state, "three rounds played")
    else:
        state["round"] = round_no + 1
        start_round(state, starter(state))


def resign(state: State, seat: int) -> None:
    """Remove ``seat`` from play: its grid and score freeze; the game ends if one active seat remains."""
    set_item(state, "active", seat, False)
    held = state["held"]
    if held is not None and held["seat"] == seat:
        append(state, "discard", held["card"])
        state["held"] = None
    state["order"] = [s for s in state["order"] if s != seat]
    if len(active_seats(state)) == 1:
        finish(state, "all other players resigned")
    elif not state["order"]:
        end_turn(state)


def finish(state: State, reason: str) -> None:
    """End the game: discard the table and record the result."""
    if state["held"] is not None:
        append(state, "discard", state["held"]["card"])
        state["held"] = None
    append(state, "discard", *state["offer"])
    state["offer"] = []
    state["order"] = []
    state["status"] = "finished"
    state["result"] = compute_result(state, reason)


def _grouped(seats: list[int], totals: list[int]) -> list[list[int]]:
    """Group seats by total, best first (seats ascending within a group)."""
    groups: list[list[int]] = []
    for total in sorted({totals[s] for s in seats}, reverse=True):
        groups.append(sorted(s for s in seats if totals[s] == total))
    return groups


def compute_result(state: State, reason: str) -> dict[str, Any]:
    """Return ``{"winners", "ranking", "scores", "reason"}``: active seats rank before resigned ones."""
    totals = state["totals"]
    active = active_seats(state)
    resigned = [s for s in range(state["num_players"]) if not state["active"][s]]
    ranking = _grouped(active, totals) + _grouped(resigned, totals)
    return {"winners": list(ranking[0]), "ranking": ranking, "scores": list(totals), "reason": reason}


def check_invariants(state: State) -> None:
    """Raise ``AssertionError`` unless every card id is in exactly one place and the turn bookkeeping is sane."""
    seen = list(state["deck"]) + list(state["offer"]) + list(state["discard"])
    for grid in state["grids"]:
        for space in grid:
            seen.extend(c for c in (space["up"], space["down"]) if c is not None)
    if state["held"] is not None:
        seen.append(state["held"]["card"])
    assert sorted(seen) == list(ALL_IDS), "cards lost or duplicated"
    assert len(state["grids"]) == state["num_players"] == len(state["active"]) == len(state["totals"])
    if state["status"] == "playing":
        assert state["order"], "a playing game always has a picker"
        assert all(state["active"][s] for s in state["order"]), "only active seats pick"
        assert len(active_seats(state)) >= 2
        assert len(state["offer"]) >= len(state["order"]) - (1 if state["held"] else 0)
    else:
        assert not state["offer"] and state["held"] is None and state["result"] is not None
