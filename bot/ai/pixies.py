"""The computer players' Pixies adapter: the hidden part is every card not face up (face-down cards, the deck
and the discard pile, which the view only counts); a sample deals those cards at random to those places and
draws a fresh seed for the later rounds' shuffles. The heuristic is the score lead the grids would give now."""

from __future__ import annotations

import math
import random

from bot.ai.base import terminal_value
from bot.games.base import Action, State, View
from bot.games.pixies import rules
from bot.games.pixies.cards import ALL_IDS, CARDS
from bot.games.pixies.engine import PixiesEngine
from bot.games.pixies.frozen import FrozenList, freeze, thaw
from bot.games.pixies.rules import space
from bot.games.pixies.scoring import grid_total, tally, tally_total, total_with

#: points of lead that make a position about 73% won (1 / (1 + e^-1))
SCORE_SCALE = 8.0
#: chance that a playout takes a random card instead of the greedy best
ROLLOUT_RANDOM = 0.35


class PixiesAdapter:
    """Determinize, evaluate and play out Pixies positions for 2-4 players."""

    game = "pixies"

    def __init__(self) -> None:
        self.engine = PixiesEngine()
        #: the last view determinized, a copy of it, and its public part (a search samples one view many times)
        self._last: tuple[View, View, _Public] | None = None

    def determinize(self, view: View, seat: int, rng: random.Random) -> State:
        """A state with ``view``'s public cards and the unseen cards dealt at random."""
        last = self._last
        if last is not None and last[0] is view and last[1] == view:
            public = last[2]
        else:
            public = _Public(view)
            self._last = (view, thaw(view), public)
        unseen = list(public.unseen)
        rng.shuffle(unseen)
        grids = FrozenList([FrozenList([space(up, unseen.pop() if down else None) for up, down in layout])
                            for layout in public.layouts])
        state = public.template.copy()
        state["seed"] = rng.randrange(2**31)
        state["grids"] = grids
        state["deck"] = FrozenList(unseen[: public.deck_count])
        state["offer"] = state["offer"][:]
        state["discard"] = FrozenList(unseen[public.deck_count:])
        state["order"] = state["order"][:]
        for key in ("held", "last_action"):
            if state[key] is not None:
                state[key] = state[key].copy()
        result = state["result"]
        if result is not None:
            state["result"] = {"winners": result["winners"][:], "ranking": [g[:] for g in result["ranking"]],
                               "scores": result["scores"][:], "reason": ""}
        return state

    def advance(self, state: State, player: int, action: Action) -> State:
        """The state after a legal ``action`` (from ``legal_actions``), without the engine's checks and
        move text: what the search plays thousands of times."""
        return self.advance_owned(rules.copy_state(state), player, action)

    def advance_owned(self, state: State, player: int, action: Action) -> State:
        """``advance`` on the search's own copy ``state``, changed in place (the rules change a copied state)."""
        kind = action["type"]
        if kind == "take":
            rules.take(state, player, action["card"])
        elif kind == "keep":
            rules.keep(state, player, action["which"])
        else:
            rules.place_down(state, player, action["index"])
        state["step"] += 1
        state["last_action"] = {"seat": player, "text": ""}
        return state

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
            round_no = state["round"]
            tallied = tally(grid)
            before = tally_total(*tallied, round_no)
            return max(legal, key=lambda a: (_gain(grid, tallied, before, a["card"], round_no), -a["card"]))
        if held["kind"] == "keep":
            old = grid[held["space"]]["up"]
            return legal[0] if _worth(held["card"]) >= _worth(old) else legal[1]
        return legal[rng.randrange(len(legal))]


def _worth(card: int) -> int:
    """A rough value of a card face up: its spirals minus crosses."""
    c = CARDS[card]
    return c.spirals - c.crosses + (2 if c.color_spiral else 0)


def _gain(grid, tallied, before: int, card: int, round_no: int) -> int:
    """The score change of ``grid`` (``tallied``: its ``tally``, ``before``: its total) if ``card`` went face up on
    its space (the usual case of a take)."""
    index = CARDS[card].value - 1
    space = grid[index]
    if space["up"] is not None and space["down"] is not None:
        return 0  # validated: the card would go face down somewhere
    down = space["down"] is not None or space["up"] is not None
    return total_with(tallied, grid, round_no, index, card, down) - before


class _Public:
    """What every sample of one view shares: the unseen cards (in id order), the grids' face-up cards and
    face-down places, and a state template holding everything else but the sample's seed and hidden cards."""

    __slots__ = ("unseen", "layouts", "deck_count", "template")

    def __init__(self, view: View) -> None:
        decision = view["decision"]
        held_card = decision["card"]["id"] if decision and decision["card"] else None
        seen = {c["id"] for c in view["offer"]}
        if held_card is not None:
            seen.add(held_card)
        for player in view["players"]:
            seen.update(sp["up"]["id"] for sp in player["grid"] if sp["up"] is not None)
        self.unseen = tuple(c for c in ALL_IDS if c not in seen)
        self.layouts = tuple(tuple((sp["up"]["id"] if sp["up"] else None, bool(sp["down"])) for sp in player["grid"])
                             for player in view["players"])
        self.deck_count = view["deck_count"]
        state: State = {
            "game": "pixies",
            "seed": 0,
            "num_players": view["num_players"],
            "status": view["status"],
            "round": view["round"],
            "turn": view["turn"],
            "step": int(decision["id"]) if decision else 0,
            "active": FrozenList(p["active"] for p in view["players"]),
            "totals": FrozenList(p["total"] for p in view["players"]),
            "grids": None,
            "deck": None,
            "offer": [c["id"] for c in view["offer"]],
            "discard": None,
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
        else:
            _turn_order(state, view, held_card, self.layouts)
        self.template = state


def _turn_order(state: State, view: View, held_card: int | None, layouts: tuple) -> None:
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
        assert any(layout == (None, False) for layout in layouts[decision["seat"]]), \
            "a space decision needs an empty space"


ADAPTER = PixiesAdapter()
