"""Seeded random Tixel games (100 per configuration; 1000 with PARLOR_SOAK=1), each capped at 300 actions.

After every action: the invariants (fit rule, piece counts), JSON round trip, pending()/legal_actions
agree, decision ids are fresh, the board the engine produced equals the brute-force reference's
geometric application of the same action. On sampled positions (every position with PARLOR_SOAK=1) the
fast generator's legal actions equal the brute-force reference checker's. At the end: replaying the
action log from new_game gives the same state.
"""

import json
import os
import random

import pytest

from bot.games.base import IllegalAction
from bot.games.tixel import TixelEngine, reference
from bot.games.tixel.geometry import cells_of
from bot.games.tixel.moves import has_slidable
from bot.games.tixel.rules import check_invariants

ENGINE = TixelEngine()
SOAK = os.environ.get("PARLOR_SOAK") == "1"
GAMES = 1000 if SOAK else 100
CAP = 300
SAMPLE = 1 if SOAK else 4  # cross-check every SAMPLE-th position (and every bonus position)
CONFIGS = {
    "plain": {"tix": 0, "poka_yoke": False},
    "tix2": {"tix": 2, "poka_yoke": False},
    "tix4-poka": {"tix": 4, "poka_yoke": True},
}


def key(action):
    """A hashable form of an action."""
    return json.dumps(action, sort_keys=True)


def careful(state, seat, legal, rng):
    """A policy that avoids leaving itself without a slidable piece (long, crowded games)."""
    moves = [a for a in legal if a["type"] not in ("offer_draw", "accept_draw")]
    if state["phase"] == "draw":
        return {"type": "decline_draw"}
    choice = rng.choice(moves)
    for _ in range(6):
        after = ENGINE.apply(state, seat, choice)
        if after["status"] == "finished" or has_slidable(cells_of(after["board"]), seat):
            break
        choice = rng.choice(moves)
    return choice


def by_type(state, seat, legal, rng):
    """A policy that picks an action type first: more slides, sacrifices and bonus moves; rare draws."""
    if state["phase"] == "draw":
        return legal[0] if rng.random() < 0.3 else legal[1]
    if state["phase"] == "move" and not state["offered"] and rng.random() < 0.01:
        return {"type": "offer_draw"}
    types = sorted({a["type"] for a in legal} - {"offer_draw"})
    kind = rng.choice(types)
    return rng.choice([a for a in legal if a["type"] == kind])


def check_decisions(state):
    """Exactly the seat to act has legal actions, of its decision's kind."""
    [decision] = ENGINE.pending(state)
    kinds = {"move": {"place", "slide", "offer_draw"},
             "bonus": {"place", "slide", "activate", "pickup", "pivot", "end"},
             "draw": {"accept_draw", "decline_draw"}}[decision.kind]
    legal = ENGINE.legal_actions(state, decision.player)
    assert legal and {a["type"] for a in legal} <= kinds
    assert ENGINE.legal_actions(state, 1 - decision.player) == []
    return decision, legal


def cross_check(state, seat, legal):
    """The fast generator and the brute-force reference agree on the legal actions."""
    fast = [key(a) for a in legal]
    assert len(set(fast)) == len(fast)
    slow = {key(a) for a in reference.legal_actions(state, seat)}
    assert set(fast) == slow, (sorted(set(fast) - slow)[:5], sorted(slow - set(fast))[:5], state["board"])


def random_action(rng):
    """A random, well-shaped but mostly illegal action."""
    square = rng.choice(reference.ALL_SQUARES)
    kind = rng.choice(["place", "slide", "activate", "pickup", "pivot", "end", "offer_draw"])
    if kind == "place":
        piece = rng.choice(["tixel", "tix", "poka"])
        active = rng.random() < 0.5
        hollow = None if piece == "tix" else rng.choice(reference.CORNERS if active else reference.SIDES)
        return {"type": kind, "kind": piece, "square": square, "active": active, "hollow": hollow,
                "round": rng.choice(["cw", "ccw"]) if piece == "poka" else None}
    if kind == "slide":
        return {"type": kind, "from": square, "to": rng.choice(reference.ALL_SQUARES),
                "stance": rng.choice(reference.SIDES + [None]), "turn": rng.choice(["cw", "ccw", None])}
    if kind in ("activate", "pivot"):
        return {"type": kind, "square": square, "hollow": rng.choice(reference.CORNERS + [None])}
    return {"type": kind, "square": square} if kind == "pickup" else {"type": kind}


def refusals_agree(state, seat, legal, rng):
    """Random actions are applied exactly when legal; refusals come with a reason."""
    allowed = {key(a) for a in legal}
    for _ in range(8):
        action = random_action(rng)
        try:
            after = ENGINE.apply(state, seat, action)
        except IllegalAction as err:
            assert err.message
            continue
        recorded = action if action["type"] in ("offer_draw", "end") else after["last_move"]["action"]
        assert key(recorded) in allowed


def geometric_board(state, seat, action):
    """The board after ``action`` by the reference's plain geometry (ids dropped), or None if not a board move."""
    board = {sq: {k: v for k, v in p.items() if k != "id"} for sq, p in state["board"].items()}
    if action["type"] == "slide":
        return reference.slide_board(board, action["from"], action["to"], action["stance"], action["turn"])
    if action["type"] == "place":
        board[action["square"]] = {"owner": seat, "kind": action["kind"], "active": action["active"],
                                   "hollow": action["hollow"], "round": action["round"]}
        return board
    if action["type"] in ("activate", "pivot"):
        board[action["square"]].update(active=True, hollow=action["hollow"])
        return board
    if action["type"] == "pickup":
        del board[action["square"]]
        return board
    return None


def playout(options, seed):
    """Play one game, checking everything after every step; return (state, log, positions checked)."""
    rng = random.Random(f"tixel:{seed}")
    policy = careful if seed % 2 == 0 else by_type
    state = ENGINE.new_game(2, options, seed)
    log, last_id, checked = [], -1, 0
    while not ENGINE.is_terminal(state) and len(log) < CAP:
        decision, legal = check_decisions(state)
        assert int(decision.id) > last_id
        last_id = int(decision.id)
        if len(log) % SAMPLE == seed % SAMPLE or decision.kind == "bonus":
            cross_check(state, decision.player, legal)
            refusals_agree(state, decision.player, legal, rng)
            checked += 1
        if seed % 10 == 3 and rng.random() < 0.01:
            leaver = rng.randrange(2)
            state = ENGINE.leave(state, leaver)
            log.append(("leave", leaver, None))
            break
        action = ENGINE.default_action(state, decision.player) if rng.random() < 0.1 else policy(
            state, decision.player, legal, rng)
        after = ENGINE.apply(state, decision.player, action)
        expected = geometric_board(state, decision.player, action)
        if expected is not None:
            assert {sq: {k: v for k, v in p.items() if k != "id"} for sq, p in after["board"].items()} == expected
        state = after
        log.append(("apply", decision.player, action))
        check_invariants(state)
        assert ENGINE.from_json(ENGINE.to_json(state)) == state
    return state, log, checked


def replay(options, seed, log):
    """Re-apply a log from a new game."""
    state = ENGINE.new_game(2, options, seed)
    for kind, seat, action in log:
        state = ENGINE.leave(state, seat) if kind == "leave" else ENGINE.apply(state, seat, action)
    return state


@pytest.mark.parametrize("name", list(CONFIGS))
def test_random_playouts(name):
    options = CONFIGS[name]
    reasons, checked, bonus_games, promoted = {}, 0, 0, 0
    for seed in range(GAMES):
        state, log, n = playout(options, seed)
        checked += n
        assert replay(options, seed, log) == state
        reason = state["result"]["reason"] if state["result"] else "cap"
        reasons[reason] = reasons.get(reason, 0) + 1
        bonus_games += any(a and a["type"] == "end" for _, _, a in log)
        promoted += sum(state["promotions"])
        if ENGINE.is_terminal(state):
            assert ENGINE.pending(state) == [] and ENGINE.legal_actions(state, 0) == ENGINE.legal_actions(state, 1) == []
            result = ENGINE.result(state)
            assert result.ranking[0] == result.winners or result.winners == []
    assert reasons.get("no legal move", 0) > GAMES // 2 and checked > GAMES * 5 and bonus_games > 0
    if options["poka_yoke"]:
        assert promoted > 0
