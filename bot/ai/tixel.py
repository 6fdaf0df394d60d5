"""The computer players' Tixel adapter: Tixel has no hidden information, so determinizing only rebuilds the
bookkeeping the view leaves out; the heuristic is mobility (a player with no legal move loses)."""

from __future__ import annotations

import math
import random

from bot.ai.base import terminal_value
from bot.ai.search import MATE
from bot.games.base import Action, State, View
from bot.games.tixel import rules
from bot.games.tixel.engine import TixelEngine
from bot.games.tixel.geometry import LINE, ORTHO, cells_of
from bot.games.tixel.moves import has_slidable, slides_from
from bot.games.tixel.rules import POOL_SIZE

#: how sharply a mobility lead turns into a winning chance
MOBILITY_SCALE = 0.45
#: weight of the placements still possible (pieces in the pool) against slidable pieces
POOL_WEIGHT = 0.15
#: weight of an active piece that cannot slide now (alpha-beta score only): it may slide again later, while an
#: inactive piece comes back only by a bonus activation
ACTIVE_WEIGHT = 0.5
#: weight of one empty square in line with an active piece (alpha-beta score only): a gradient towards hemming in
#: the rival's last sliding pieces, where the count of slidable pieces alone stays flat (endgames between two
#: computer players then went on for hundreds of moves, one piece shuffling back and forth)
SPACE_WEIGHT = 0.05
#: the safety check follows a rival's bonus moves only while the other seat has at most this many slidable pieces
BONUS_REACH = 1
#: how many sacrifices in a row the safety check follows for the rival
MAX_CHAIN = 2
#: our own bonus moves tried (besides declining) before a sacrifice is judged lost
OWN_BONUS_TRIES = 6


class TixelAdapter:
    """Determinize, evaluate and play out Tixel positions."""

    game = "tixel"

    def __init__(self) -> None:
        self.engine = TixelEngine()

    def determinize(self, view: View, seat: int, rng: random.Random) -> State:
        """The engine state of ``view``: the same position, with the unseen bookkeeping inferred."""
        board = {sq: dict(p) for sq, p in view["board"].items()}
        cells = cells_of(board)
        options = dict(view["options"])
        to_act = view["to_act"]
        phase = view["phase"]
        if to_act is None:
            turn_seat = view["last_move"]["seat"] if view.get("last_move") else 0
        else:
            turn_seat = 1 - to_act if phase == "draw" else to_act
        pools = [dict(p) for p in view["pools"]]
        start = {"tixel": POOL_SIZE - options["tix"], "tix": options["tix"], "poka": 0}
        placed = []
        for s in (0, 1):
            on_board = any(p["owner"] == s for p in board.values())
            known = on_board or pools[s] != start or view["promotions"][s] > 0
            if not known and not (view["status"] == "playing" and s == turn_seat):
                known = not view["can_place"][s] and not has_slidable(cells, s)
            placed.append(known)
        last = view["last_move"]
        res = view["result"]
        return {
            "game": "tixel",
            "seed": rng.randrange(2**31),
            "step": 0,
            "options": options,
            "colors": list(view["colors"]),
            "status": view["status"],
            "turn": view["turn"],
            "turn_seat": turn_seat,
            "phase": phase,
            "board": board,
            "pools": pools,
            "promotions": list(view["promotions"]),
            "placed": placed,
            "can_place": view["can_place"][turn_seat],
            # after a declined offer the offerer may not offer again this turn: unseen, and the
            # computer players never offer a draw anyway (see ``prune``)
            "offered": phase == "draw",
            "bonus": None if view["bonus"] is None else dict(view["bonus"]),
            "draw_offer": view["draw_offer"],
            "next_id": max((p["id"] for p in board.values()), default=0) + 1,
            "last_move": None if last is None else {
                **last, "action": dict(last["action"]), "path": list(last["path"]),
                "deactivated": list(last["deactivated"])},
            "result": None if res is None else {
                "winners": list(res["winners"]), "ranking": [list(g) for g in res["ranking"]],
                "reason": res["reason"]},
        }

    def evaluate(self, state: State, seat: int) -> float:
        """Mobility lead of ``seat`` (slidable pieces, then placements left) as a value in (0, 1)."""
        if state["status"] == "finished":
            return terminal_value(self.engine, state, seat)
        cells = cells_of(state["board"])
        lead = _mobility(cells, state, seat) - _mobility(cells, state, 1 - seat)
        return 1.0 / (1.0 + math.exp(-MOBILITY_SCALE * lead))

    def to_act(self, state: State) -> int | None:
        """The seat that decides next (None once the game is over)."""
        return rules.to_act(state)

    def score(self, state: State, seat: int) -> float:
        """The alpha-beta leaf score of ``seat``: its mobility lead; in a bonus move, the position after declining
        it (the bonus holder can always decline, and the rival may then have no move: ±``MATE``)."""
        if state["phase"] == "bonus":
            state = self.advance(state, rules.to_act(state), {"type": "end"})
        if state["status"] == "finished":
            return MATE if seat in state["result"]["winners"] else -MATE if state["result"]["winners"] else 0.0
        cells = cells_of(state["board"])
        return _standing(cells, state, seat) - _standing(cells, state, 1 - seat)

    def advance(self, state: State, player: int, action: Action) -> State:
        """The state after a legal, canonical ``action`` (from ``legal_actions``), without the engine's
        checks and move text: what the search plays thousands of times."""
        new = rules.copy_state(state)
        rules.play(new, player, action, "")
        new["step"] += 1
        return new

    def loses_at_once(self, state: State, seat: int, budget: list[int]) -> bool:
        """Whether the rival, in the turn that follows (bonus moves included), can leave ``seat`` without a legal
        move; ``budget[0]`` positions may be visited (spent in place; an unfinished proof answers False). Our own
        bonus move after a sacrifice counts as lost when declining it and the first ``OWN_BONUS_TRIES`` other
        bonus moves all lose (a bounded guess, not a proof)."""
        if state["status"] == "finished":
            return 1 - seat in state["result"]["winners"]
        if rules.to_act(state) != seat:
            return _rival_wins(self, state, 1 - seat, budget)
        options = self.prune(state, seat, rules.legal_actions(state, seat))
        options.sort(key=lambda a: a["type"] != "end")  # declining first: the cheapest way on
        for action in options[:OWN_BONUS_TRIES + 1]:
            if budget[0] <= 0:
                return False
            budget[0] -= 1
            if not self.loses_at_once(self.advance(state, seat, action), seat, budget):
                return False
        return True

    def prune(self, state: State, player: int, legal: list[Action]) -> list[Action]:
        """The actions worth searching: computer players never offer a draw (they may accept one)."""
        return [a for a in legal if a["type"] != "offer_draw"]

    def rollout(self, state: State, player: int, legal: list[Action], rng: random.Random) -> Action:
        """A random move, preferring one that keeps the moved piece active (no sacrifice)."""
        options = [a for a in legal if a["type"] != "offer_draw"] or legal
        if state["phase"] == "draw":
            return {"type": "decline_draw"} if {"type": "decline_draw"} in options else options[0]
        for _ in range(3):
            action = options[rng.randrange(len(options))]
            if action["type"] != "slide" or action["turn"] is not None:
                return action
        return action


def _rival_wins(adapter: TixelAdapter, state: State, rival: int, budget: list[int], chain: int = 0) -> bool:
    """Whether ``rival`` (to act in ``state``) has a turn that wins the game at once: every move that ends the
    turn first, then the bonus moves after sacrifices that leave the other seat at most ``BONUS_REACH``
    slidable pieces (none left: declining wins; a bounded search, since a chain rarely undoes more)."""
    seat = 1 - rival
    bonus = []
    for action in adapter.prune(state, rival, rules.legal_actions(state, rival)):
        if budget[0] <= 0:
            return False
        budget[0] -= 1
        after = adapter.advance(state, rival, action)
        if after["status"] == "finished":
            if rival in after["result"]["winners"]:
                return True
        elif rules.to_act(after) == rival and chain < MAX_CHAIN:
            left = _slidable(cells_of(after["board"]), seat)
            if left <= BONUS_REACH:
                bonus.append((left, len(bonus), after))
    for _left, _index, after in sorted(bonus, key=lambda item: item[:2]):
        if _rival_wins(adapter, after, rival, budget, chain + 1):
            return True
    return False


def _slidable(cells: list, seat: int) -> int:
    """How many active pieces of ``seat`` have a legal slide."""
    return sum(1 for s, c in enumerate(cells) if c is not None and c[0] == seat and c[2] and slides_from(cells, s, None))


def _mobility(cells: list, state: State, seat: int) -> float:
    """Slidable pieces of ``seat`` plus a little for the pieces it can still place."""
    slidable = 0
    for s, c in enumerate(cells):
        if c is not None and c[0] == seat and c[2] and slides_from(cells, s, None):
            slidable += 1
    left = sum(state["pools"][seat].values())
    return slidable + POOL_WEIGHT * left


def _standing(cells: list, state: State, seat: int) -> float:
    """``_mobility`` plus ``ACTIVE_WEIGHT`` per active piece of ``seat`` that cannot slide now, plus
    ``SPACE_WEIGHT`` per empty square in a straight line from each active piece (up to the first piece)."""
    slidable = blocked = space = 0
    for s, c in enumerate(cells):
        if c is not None and c[0] == seat and c[2]:
            if slides_from(cells, s, None):
                slidable += 1
            else:
                blocked += 1
            for d in ORTHO:
                for p in LINE[s][d]:
                    if cells[p] is not None:
                        break
                    space += 1
    return (slidable + ACTIVE_WEIGHT * blocked + POOL_WEIGHT * sum(state["pools"][seat].values())
            + SPACE_WEIGHT * space)


ADAPTER = TixelAdapter()
