"""The computer players' Pixies adapter: the hidden part is every card not face up (face-down cards, the deck
and the discard pile, which the view only counts); a sample deals those cards at random to those places and
draws a fresh seed for the later rounds' shuffles. The heuristic is the score lead the grids would give now."""

from __future__ import annotations

import math
import random
from functools import lru_cache

from bot.ai.base import terminal_value
from bot.games.base import Action, State, View
from bot.games.pixies import rules
from bot.games.pixies.cards import ALL_IDS, CARDS
from bot.games.pixies.engine import PixiesEngine
from bot.games.pixies.frozen import FrozenList, freeze
from bot.games.pixies.rules import empty_spaces, freeze_grids
from bot.games.pixies.scoring import score_grid

#: points of lead that make a position about 73% won (1 / (1 + e^-1))
SCORE_SCALE = 8.0
#: chance that a playout takes a random card instead of the greedy best
ROLLOUT_RANDOM = 0.35


class PixiesAdapter:
    """Determinize, evaluate and play out Pixies positions for 2-4 players."""

    game = "pixies"

    def __init__(self) -> None:
        self.engine = PixiesEngine()

    def determinize(self, view: View, seat: int, rng: random.Random) -> State:
        """A state with ``view``'s public cards and the unseen cards dealt at random."""
        n = view["num_players"]
        decision = view["decision"]
        held_card = decision["card"]["id"] if decision and decision["card"] else None
        seen = {c["id"] for c in view["offer"]}
        if held_card is not None:
            seen.add(held_card)
        for player in view["players"]:
            seen.update(sp["up"]["id"] for sp in player["grid"] if sp["up"] is not None)
        unseen = [c for c in ALL_IDS if c not in seen]
        rng.shuffle(unseen)
        grids = []
        for player in view["players"]:
            grid = []
            for sp in player["grid"]:
                down = unseen.pop() if sp["down"] else None
                grid.append({"up": sp["up"]["id"] if sp["up"] else None, "down": down})
            grids.append(grid)
        deck = unseen[: view["deck_count"]]
        discard = unseen[view["deck_count"]:]
        active = [p["active"] for p in view["players"]]
        state: State = {
            "game": "pixies",
            "seed": rng.randrange(2**31),
            "num_players": n,
            "status": view["status"],
            "round": view["round"],
            "turn": view["turn"],
            "step": int(decision["id"]) if decision else 0,
            "active": FrozenList(active),
            "totals": FrozenList(p["total"] for p in view["players"]),
            "grids": freeze_grids(grids),
            "deck": FrozenList(deck),
            "offer": [c["id"] for c in view["offer"]],
            "discard": FrozenList(discard),
            "turn_first": view["turn_first"],
            "order": [],
            "pair_turn": False,
            "picks": 0,
            "held": None,
            "last_adder": None,
            "rounds": freeze(view["rounds"]),
            "last_action": dict(view["last_action"]) if view["last_action"] else None,
            "result": None,
        }
        if view["status"] != "playing":
            res = view["result"]
            state["result"] = {"winners": list(res["winners"]), "ranking": [list(g) for g in res["ranking"]],
                               "scores": list(res["scores"]), "reason": ""}
            return state
        _turn_order(state, view, held_card)
        return state

    def advance(self, state: State, player: int, action: Action) -> State:
        """The state after a legal ``action`` (from ``legal_actions``), without the engine's checks and
        move text: what the search plays thousands of times."""
        new = rules.copy_state(state)
        kind = action["type"]
        if kind == "take":
            rules.take(new, player, action["card"])
        elif kind == "keep":
            rules.keep(new, player, action["which"])
        else:
            rules.place_down(new, player, action["index"])
        new["step"] += 1
        new["last_action"] = {"seat": player, "text": ""}
        return new

    def evaluate(self, state: State, seat: int) -> float:
        """The lead of ``seat``'s total plus its grid's current score over its rivals, as a value in (0, 1)."""
        if state["status"] != "playing":
            return terminal_value(self.engine, state, seat)
        mine, others = 0.0, []
        for s, grid in enumerate(state["grids"]):
            if not state["active"][s]:
                continue
            points = state["totals"][s] + grid_total(grid, state["round"])
            if s == seat:
                mine = points
            else:
                others.append(points)
        if not state["active"][seat]:
            return 0.0
        if not others:
            return 1.0
        lead = 0.5 * (mine - max(others)) + 0.5 * (mine - sum(others) / len(others))
        return 1.0 / (1.0 + math.exp(-lead / SCORE_SCALE))

    def rollout(self, state: State, player: int, legal: list[Action], rng: random.Random) -> Action:
        """Mostly greedy on the player's own grid score, sometimes random."""
        if len(legal) == 1 or rng.random() < ROLLOUT_RANDOM:
            return legal[rng.randrange(len(legal))]
        held = state["held"]
        grid = state["grids"][player]
        if held is None:
            return max(legal, key=lambda a: (_gain(grid, a["card"], state["round"]), -a["card"]))
        if held["kind"] == "keep":
            old = grid[held["space"]]["up"]
            return legal[0] if _worth(held["card"]) >= _worth(old) else legal[1]
        return legal[rng.randrange(len(legal))]


def _worth(card: int) -> int:
    """A rough value of a card face up: its spirals minus crosses."""
    c = CARDS[card]
    return c.spirals - c.crosses + (2 if c.color_spiral else 0)


def _gain(grid, card: int, round_no: int) -> int:
    """The score change of ``grid`` if ``card`` went face up on its space (the usual case of a take)."""
    index = CARDS[card].value - 1
    space = grid[index]
    if space["up"] is not None and space["down"] is not None:
        return 0  # validated: the card would go face down somewhere
    ups = [sp["up"] for sp in grid]
    downs = [sp["down"] is not None for sp in grid]
    before = _total(tuple(ups), tuple(downs), round_no)
    downs[index] = downs[index] or space["up"] is not None
    ups[index] = card
    return _total(tuple(ups), tuple(downs), round_no) - before


def grid_total(grid, round_no: int) -> int:
    """A grid's score total in ``round_no`` (``score_grid``'s total, cached on the grid's cards)."""
    return _total(tuple(sp["up"] for sp in grid), tuple(sp["down"] is not None for sp in grid), round_no)


@lru_cache(maxsize=1 << 17)
def _total(ups: tuple, downs: tuple, round_no: int) -> int:
    """``score_grid``'s total of the grid with these face-up cards and face-down presences."""
    grid = [{"up": up, "down": 0 if down else None} for up, down in zip(ups, downs, strict=True)]
    return score_grid(grid, round_no)["total"]


def _turn_order(state: State, view: View, held_card: int | None) -> None:
    """Rebuild the turn's pick order, pick count, holder and last adder from the public turn data."""
    n = state["num_players"]
    first = view["turn_first"]
    seats = [(first + k) % n for k in range(n) if state["active"][(first + k) % n]]
    full = seats * 2 if len(seats) == 2 else seats
    taken = len(full) - len(state["offer"])
    picks = max(0, taken - (1 if held_card is not None else 0))
    order = full[picks:]
    to_act = view["to_act"]
    if not order or order[0] != to_act:
        order = [to_act] + [s for s in order if s != to_act]
    state["order"] = order
    state["pair_turn"] = len(seats) == 2
    state["picks"] = picks
    state["last_adder"] = full[picks - 1] if picks > 0 else first
    decision = view["decision"]
    if held_card is not None:
        state["held"] = {"seat": decision["seat"], "kind": decision["kind"], "card": held_card,
                         "space": decision["space"]}
    if decision["kind"] == "space":
        assert empty_spaces(state["grids"][decision["seat"]]), "a space decision needs an empty space"


ADAPTER = PixiesAdapter()
