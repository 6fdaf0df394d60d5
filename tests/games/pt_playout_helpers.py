"""Shared pieces of the seeded random Pixel Tactics playouts of the modes (test_pt_{king,team,epic,duel_draft,
siege}_playouts.py): the playout loop with the checks every mode makes after each draw (pending()/legal_actions
agree, the default action legal), the log's replay, and the hidden cards of a seat that no other seat's view may
hold. Each test keeps its own invariants and view checks, given to the loop as hooks."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from bot.games.pixel_tactics import PixelTacticsEngine
from tests.games.test_pt_playouts import choose, strings

ENGINE = PixelTacticsEngine()

#: one entry of a playout's log: ``("apply", seat, action)`` or ``("leave", seat, None)``
Entry = tuple[str, int, dict | None]


def random_playout(state: dict, rng: random.Random, *, seats: int, max_steps: int, leave_chance: float,
                   default_chance: float, leaver: str, after: Callable[[dict, int], None],
                   on_action: Callable[[dict, int, dict], None] | None = None, describe: bool = False,
                   name: str = "game") -> tuple[dict, list[Entry]]:
    """Play ``state`` to its end with random legal actions; return the final state and the log.

    Before each action: a pending decision drawn at random, the default action of its seat legal, and no
    legal action for a seat without a decision. With ``leave_chance`` a seat leaves instead: ``leaver="decider"``,
    the seat to act, and the playout stops there; ``leaver="any"``, a random seat, and the playout goes on.
    Otherwise the action is the default one (``default_chance``) or :func:`choose`'s; ``on_action(state, seat,
    action)`` sees it before it is applied (``describe``: its description checked to be a string first).
    ``after(state, step)`` checks every state reached (not the one a decider's leave ends with). At the end the
    game must have ended (``name`` says what did not)."""
    log: list[Entry] = []
    for step in range(max_steps):
        if ENGINE.is_terminal(state):
            break
        decisions = ENGINE.pending(state)
        assert decisions
        decision = rng.choice(decisions)
        legal = ENGINE.legal_actions(state, decision.player)
        default = ENGINE.default_action(state, decision.player)
        assert legal and default in legal
        for seat in range(seats):
            if all(d.player != seat for d in decisions):
                assert ENGINE.legal_actions(state, seat) == []
        if rng.random() < leave_chance:
            seat = decision.player if leaver == "decider" else rng.randrange(seats)
            state = ENGINE.leave(state, seat)
            log.append(("leave", seat, None))
            if leaver == "decider":
                break
        else:
            action = default if rng.random() < default_chance else choose(rng, legal)
            if on_action is not None:
                on_action(state, decision.player, action)
            if describe:
                assert isinstance(ENGINE.describe_action(state, decision.player, action), str)
            state = ENGINE.apply(state, decision.player, action)
            log.append(("apply", decision.player, action))
        after(state, step)
    assert ENGINE.is_terminal(state), f"{name} did not end"
    return state, log


def leaves(log: list[Entry]) -> int:
    """Return how many seats left in a playout's log."""
    return sum(kind == "leave" for kind, _, _ in log)


def replayed(seats: int, options: dict, seed: int, log: list[Entry]) -> dict:
    """Return the state that replaying ``log`` from a new game of ``options`` and ``seed`` reaches."""
    state = ENGINE.new_game(seats, options, seed)
    for kind, seat, action in log:
        state = ENGINE.leave(state, seat) if kind == "leave" else ENGINE.apply(state, seat, action)
    return state


def secret_cards(player: dict) -> list[str]:
    """Return a player's cards no one else may see: hand, deck and face-down Traps."""
    return player["hand"] + player["deck"] + [r["card"] for r in player["reserve"]
                                              if r is not None and r["kind"] == "trap"]


def views_hiding_other_seats(state: dict, seats: int,
                             out_of_play: Callable[[dict, int], list[str]] | None = None) -> list[dict]:
    """Check the public view and each seat's (teammates included): none holds another seat's secret cards, a
    Leader it is choosing, or the cards ``out_of_play(state, seat)`` names; the public view no hand and no Leader
    pick. Return the views checked (public first), for the mode's own checks."""
    views = []
    for viewer in (None, *range(seats)):
        view = ENGINE.view(state, viewer)
        tokens = strings(json.dumps(view))
        for seat, player in enumerate(state["players"]):
            if viewer == seat:
                continue
            secret = secret_cards(player) + (out_of_play(state, seat) if out_of_play else [])
            if player.get("leader_pick") is not None:
                secret.append(player["leader_pick"])
            assert not set(secret) & tokens, (viewer, seat)
        if viewer is None:
            assert "hand" not in view and "leader_pick" not in view
        views.append(view)
    return views
