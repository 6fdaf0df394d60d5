"""Information-set Monte Carlo tree search (single observer, UCT) over the engine contract.

Every iteration samples one determinization of the searching seat's view (``Adapter.determinize``),
descends the one shared tree choosing only among the actions legal in that sample (a child's
*availability* counts the iterations in which it could have been chosen, and replaces the parent's visit
count in the UCB formula), expands one new action, plays out with ``Adapter.rollout`` for at most
``rollout_depth`` actions, then scores the reached state per seat (``Adapter.evaluate``, or the game's
result when it is over). Each node keeps the value of the seat that chose it, so every seat maximises its
own value (multi-player games need no zero-sum assumption). Several pending decisions at once
(simultaneous secret choices) are taken in seat order. The budget is a number of iterations, so a search
is deterministic for a seed: no clock is read.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass

from bot.ai.base import Adapter, terminal_value
from bot.games.base import Action, State, View

#: UCT exploration constant (values are in [0, 1])
EXPLORATION = 0.7
#: progressive widening below the root: a node visited v times has at most ceil(WIDENING * sqrt(v + 1))
#: children (new actions are tried in random order), so big branching factors still get deep lines
WIDENING = 2.0


@dataclass(frozen=True)
class Budget:
    """How hard a search thinks: iterations, and the playout length after the tree."""

    iterations: int
    rollout_depth: int
    #: the root keeps only this many actions, the best by one-ply ``evaluate`` (0: all of them)
    width: int = 0
    #: positions the root may spend proving that an action lets the rival win at once (``Adapter.loses_at_once``;
    #: 0: no such check): such actions are dropped while a safe one is left
    safety: int = 0
    #: turns looked ahead by an alpha-beta search in place of ISMCTS (perfect-information games; 0: ISMCTS).
    #: Iterative deepening from one turn while ``nodes`` allow: the deepest finished depth decides
    depth: int = 0
    #: positions the alpha-beta search may visit in one decision (counted, never timed)
    nodes: int = 0


class Node:
    """A tree node: the action (by ``mover``) that leads to it and its statistics."""

    __slots__ = ("action", "mover", "visits", "total", "avail", "children")

    def __init__(self, action: Action | None, mover: int) -> None:
        self.action = action
        self.mover = mover
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.children: dict[tuple, Node] = {}


def action_key(player: int, action: Action) -> tuple:
    """A canonical key of one player's action (equal actions, equal keys; key order does not matter)."""
    items = tuple(sorted(action.items()))
    try:
        hash(items)
    except TypeError:  # nested lists or dicts in the action
        return (player, json.dumps(action, sort_keys=True, separators=(",", ":")))
    return (player, items)


def successor(adapter: Adapter, state: State, player: int, action: Action, owned: bool = False) -> State:
    """The state after ``player``'s legal ``action``: the adapter's fast ``advance`` when it has one (it may
    skip the engine's checks and move descriptions), else ``engine.apply``. ``owned``: ``state`` is the caller's
    private copy, never read again, so the adapter's ``advance_owned`` (when it has one) may change it in place."""
    if owned:
        in_place = getattr(adapter, "advance_owned", None)
        if in_place is not None:
            return in_place(state, player, action)
    advance = getattr(adapter, "advance", None)
    if advance is not None:
        return advance(state, player, action)
    return adapter.engine.apply(state, player, action)


def next_mover(adapter: Adapter, state: State) -> int | None:
    """The seat that decides next (the lowest seat among simultaneous decisions); None when over."""
    engine = adapter.engine
    if engine.is_terminal(state):
        return None
    seats = sorted(d.player for d in engine.pending(state))
    return seats[0] if seats else None


def candidates(adapter: Adapter, state: State, player: int) -> list[Action]:
    """The actions the search considers for ``player`` (the adapter may prune the legal list)."""
    legal = adapter.engine.legal_actions(state, player)
    prune = getattr(adapter, "prune", None)
    if prune is not None:
        kept = prune(state, player, legal)
        if kept:
            return kept
    return legal


def _select(available: list[Node], rng: random.Random) -> Node:
    """Pick the child (among those legal in this sample) with the best UCB score (ties broken by ``rng``)."""
    best: list[Node] = []
    best_score = -math.inf
    for child in available:
        score = child.total / child.visits + EXPLORATION * math.sqrt(math.log(child.avail) / child.visits)
        if score > best_score + 1e-12:
            best, best_score = [child], score
        elif abs(score - best_score) <= 1e-12:
            best.append(child)
    return best[0] if len(best) == 1 else rng.choice(best)


def _values(adapter: Adapter, state: State, seats: dict[int, None]) -> dict[int, float]:
    """Score ``state`` for every seat in ``seats`` (the result when over, else the heuristic)."""
    engine = adapter.engine
    if engine.is_terminal(state):
        return {s: terminal_value(engine, state, s) for s in seats}
    return {s: adapter.evaluate(state, s) for s in seats}


def _iterate(adapter: Adapter, root: Node, state: State, root_keys: dict[tuple, Action],
             budget: Budget, rng: random.Random) -> None:
    """One ISMCTS iteration from ``root`` on the determinized ``state``."""
    node = root
    path = [root]
    seats: dict[int, None] = {root.mover: None}
    owned = False  # the determinized state may share parts with the view: the first step copies it
    while True:
        player = root.mover if node is root else next_mover(adapter, state)
        if player is None:
            break
        seats[player] = None
        options = candidates(adapter, state, player)
        keyed = [(action_key(player, a), a) for a in options]
        if node is root:
            keyed = [(k, a) for k, a in keyed if k in root_keys]
        if not keyed:
            break
        untried = []
        available = []
        for key, action in keyed:
            child = node.children.get(key)
            if child is None:
                untried.append((key, action))
            else:
                child.avail += 1
                available.append(child)
        if untried and (node is root or not available
                        or len(node.children) < math.ceil(WIDENING * math.sqrt(node.visits + 1))):
            key, action = untried[rng.randrange(len(untried))]
            child = Node(action, player)
            child.avail = 1
            node.children[key] = child
            state = successor(adapter, state, player, action, owned)
            owned = True
            path.append(child)
            break
        node = _select(available, rng)
        state = successor(adapter, state, player, node.action, owned)
        owned = True
        path.append(node)
    for _ in range(budget.rollout_depth):
        player = next_mover(adapter, state)
        if player is None:
            break
        seats[player] = None
        options = candidates(adapter, state, player)
        state = successor(adapter, state, player, adapter.rollout(state, player, options, rng), owned)
        owned = True
    values = _values(adapter, state, seats)
    for visited in path[1:]:
        visited.visits += 1
        visited.total += values.get(visited.mover, 0.5)


def shortlist(adapter: Adapter, view: View, seat: int, legal: list[Action], width: int,
              rng: random.Random, safety: int = 0) -> dict[tuple, Action]:
    """The ``width`` actions of ``legal`` (0: all) whose successors evaluate best for ``seat`` on one sample;
    with ``safety``, skipping those after which the rival can win at once (unless no other is left)."""
    state = adapter.determinize(view, seat, rng)
    allowed = {action_key(seat, a) for a in candidates(adapter, state, seat)}
    scored = []
    for index, action in enumerate(legal):
        key = action_key(seat, action)
        if key not in allowed:
            continue
        after = successor(adapter, state, seat, action)
        scored.append((-_values(adapter, after, {seat: None})[seat], index, key, action, after))
    scored.sort(key=lambda item: item[:2])
    check = getattr(adapter, "loses_at_once", None) if safety else None
    kept: dict[tuple, Action] = {}
    left = [safety]
    for _value, _index, key, action, after in scored:
        if width and len(kept) >= width:
            break
        if check is None or left[0] <= 0 or not check(after, seat, left):
            kept[key] = action
    if not kept:  # every action loses at once: search them all the same
        kept = {key: action for _value, _index, key, action, _after in scored[:width or None]}
    return kept or {action_key(seat, a): a for a in legal}


#: the score of a won game in an alpha-beta search (less the plies it takes: the quickest win is preferred)
MATE = 1_000_000.0
#: bonus moves (the same player acting again) an alpha-beta line may add beyond its turns
EXTENSIONS = 2


class _OutOfNodes(Exception):
    """The alpha-beta search spent its node budget: the depth being searched is abandoned."""


def alphabeta(adapter: Adapter, view: View, seat: int, legal: list[Action], budget: Budget,
              rng: random.Random) -> Action:
    """Return the action of ``legal`` an alpha-beta search of ``budget.depth`` turns prefers for ``seat``.

    For perfect-information games: one determinization is searched. Depth counts turns, not actions: a move
    that keeps the same player acting (a bonus move) costs no depth, up to ``EXTENSIONS`` times a line (then the
    position is scored as it stands). Leaves are scored by ``adapter.score`` (a zero-sum heuristic for ``seat``,
    ±``MATE`` for a decided game); finished games score ±(``MATE`` - plies), so a quicker win and a later loss are
    preferred. Iterative deepening from one turn while ``budget.nodes`` positions last, each depth searching the
    root's actions best first by the last depth (first by their one-ply score, ties in a shuffled order); the
    deepest depth decides, a depth cut short by the budget by the actions it finished (the previous best first)."""
    state = adapter.determinize(view, seat, rng)
    keyed = {action_key(seat, a): a for a in candidates(adapter, state, seat)}
    root = [(key, a) for key, a in ((action_key(seat, a), a) for a in legal) if key in keyed]
    if not root:
        root = [(action_key(seat, a), a) for a in legal]
    rng.shuffle(root)
    engine = adapter.engine
    score = getattr(adapter, "score", None)
    mover_of = getattr(adapter, "to_act", None) or (lambda st: next_mover(adapter, st))
    spent = [0]
    killers: dict[int, tuple[tuple, Action]] = {}  # ply → (key, action) of the last move that cut off there

    def value(st: State, player: int, turns: int, extensions: int, alpha: float, beta: float, ply: int) -> float:
        if engine.is_terminal(st):
            won = terminal_value(engine, st, seat)
            return (2.0 * won - 1.0) * (MATE - ply)
        if turns == 0:
            return _leaf(score, adapter, st, seat, ply)
        options = candidates(adapter, st, player)
        killer = killers.get(ply)
        if killer is not None:
            killer_key, killer_action = killer
            for index, action in enumerate(options):
                # equal keys need equal actions: the plain dict comparison spares most keys
                if action == killer_action and action_key(player, action) == killer_key:
                    options.insert(0, options.pop(index))
                    break
        maximize = player == seat
        best = -math.inf if maximize else math.inf
        for action in options:
            spent[0] += 1
            if spent[0] > budget.nodes:
                raise _OutOfNodes
            after = successor(adapter, st, player, action)
            nxt = mover_of(after)
            if nxt is None or nxt != player:
                v = value(after, nxt, turns - 1, extensions, alpha, beta, ply + 1)
            elif extensions > 0:
                v = value(after, nxt, turns, extensions - 1, alpha, beta, ply + 1)
            else:
                v = _leaf(score, adapter, after, seat, ply + 1)
            if maximize:
                if v > best:
                    best = v
                alpha = max(alpha, v)
            else:
                if v < best:
                    best = v
                beta = min(beta, v)
            if alpha >= beta:
                killers[ply] = (action_key(player, action), action)
                break
        return best

    order = sorted(root, key=lambda item: -_leaf(score, adapter, successor(adapter, state, seat, item[1]), seat, 1))
    choice = order[0][1]
    for depth in range(1, budget.depth + 1):
        values: list[float] = []
        alpha = -math.inf
        try:
            for _key, action in order:
                spent[0] += 1
                after = successor(adapter, state, seat, action)
                nxt = mover_of(after)
                if nxt is None or nxt != seat:
                    v = value(after, nxt, depth - 1, EXTENSIONS, alpha, math.inf, 1)
                else:
                    v = value(after, nxt, depth, EXTENSIONS - 1, alpha, math.inf, 1)
                values.append(v)
                alpha = max(alpha, v)
        except _OutOfNodes:
            # the actions searched to this depth (the previous best first) still tell: the best of them
            if values:
                choice = order[values.index(max(values))][1]
            break
        best = max(values)
        choice = order[values.index(best)][1]
        if abs(best) >= MATE - 100:
            break  # a proven win, or every action loses: a deeper search changes nothing useful
        ranked = sorted(range(len(order)), key=lambda i: -values[i])  # stable: ties keep their order
        order = [order[i] for i in ranked]
    return choice


def _leaf(score, adapter: Adapter, state: State, seat: int, ply: int) -> float:
    """The alpha-beta score of a position scored as it stands (``adapter.score``, else ``evaluate``)."""
    engine = adapter.engine
    if engine.is_terminal(state):
        return (2.0 * terminal_value(engine, state, seat) - 1.0) * (MATE - ply)
    v = score(state, seat) if score is not None else adapter.evaluate(state, seat) - 0.5
    if v >= MATE:
        return MATE - ply - 1
    if v <= -MATE:
        return -(MATE - ply - 1)
    return v


def search(adapter: Adapter, view: View, seat: int, legal: list[Action], budget: Budget,
           rng: random.Random) -> Action:
    """Return the action of ``legal`` that ``budget`` iterations of ISMCTS prefer for ``seat`` (an alpha-beta
    search instead when the budget has a ``depth``)."""
    root_keys = {action_key(seat, a): a for a in legal}
    if len(root_keys) == 1:
        return legal[0]
    if budget.depth:
        return alphabeta(adapter, view, seat, legal, budget, rng)
    if (budget.width and len(root_keys) > budget.width) or budget.safety:
        root_keys = shortlist(adapter, view, seat, legal, budget.width, rng, budget.safety)
        if len(root_keys) == 1:
            return next(iter(root_keys.values()))
    root = Node(None, seat)
    keys = list(dict.fromkeys(action_key(seat, a) for a in legal))
    for done in range(budget.iterations):
        if decided(root, keys, budget.iterations - done):
            break  # the remaining iterations cannot change the choice: the same action, sooner
        state = adapter.determinize(view, seat, rng)
        _iterate(adapter, root, state, root_keys, budget, rng)
    best, best_visits = legal[0], -1
    for action in legal:
        child = root.children.get(action_key(seat, action))
        if child is not None and child.visits > best_visits:
            best, best_visits = action, child.visits
    return best


def decided(root: Node, keys: list[tuple], remaining: int) -> bool:
    """Whether the root action the search would choose now (most visits, the earlier of ``keys`` on a tie) keeps
    that place whatever ``remaining`` more iterations do: each iteration adds one visit to one root action, so it
    is settled when no other action could catch up, even given every remaining visit."""
    visits = [root.children[k].visits if k in root.children else 0 for k in keys]
    top = max(visits)
    if remaining >= top:
        return False
    lead = visits.index(top)
    return all(v + remaining < top or (v + remaining == top and i > lead)
               for i, v in enumerate(visits) if i != lead)
