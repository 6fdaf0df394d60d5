"""Seeded random King games (3v3, issue #12): 50 in CI, 2000 with PARLOR_SOAK=1 — core sets and random built
Standard decks.

After every action: every card of each owner in exactly one place (cards out of play with an eliminated seat
counted), damage never negative, every live seat with a Leader while the game is played, the default action of
a seat to act legal, pending()/legal_actions agree, every Attack on a seat its reach lists (a Long Action
exactly when it costs 2), Moves only between a King and its Knights, no `foe`/`long` key out of turn; every few
steps a JSON round trip and the views: no view holds another seat's hand, deck or face-down Trap — teammates
included — nor a Leader being chosen. At the end: the game ended (a team won, or a draw), and replaying the log
from the options gives the same state.
"""

import os
import random

from bot.games.pixel_tactics import PixelTacticsEngine, match
from bot.games.pixel_tactics.modes import king
from bot.games.pixel_tactics.positions import parse_ref
from bot.games.pixel_tactics.scenario import cards_of
from tests.games.pt_play_fakes import random_deck
from tests.games.pt_playout_helpers import leaves, random_playout, replayed, views_hiding_other_seats

ENGINE = PixelTacticsEngine()
GAMES = 2000 if os.environ.get("PARLOR_SOAK") == "1" else 50
SEATS = 6
MAX_STEPS = 20000


def options_for(seed):
    """Return the options of game ``seed``: core sets, or (one game in three) six random built Standard decks."""
    options = {"mode": "king"}
    if seed % 3 == 2:
        rng = random.Random(f"pt-king:{seed}")
        options["decks"] = [random_deck(rng, "standard") for _ in range(SEATS)]
    return options


def check_cards(state):
    """Every card of each owner in exactly one place; damage never negative; live seats hold a Leader in play."""
    for seat in range(SEATS):
        found = sorted(cards_of(state, seat) + king.cards_out(state, seat))
        assert found == sorted(match.all_cards(state, seat)), f"cards of seat {seat} changed"
        for entry in state["players"][seat]["unit"].values():
            assert entry is None or entry["damage"] >= 0
    out = king.eliminated(state)
    if state["status"] == "playing" and state["phase"] in ("turn", "trap"):
        for seat in range(SEATS):
            player = state["players"][seat]
            if out[seat]:
                assert all(e is None for e in player["unit"].values()) and not player["hand"] and not player["deck"]
            else:
                assert player["unit"]["L"] is not None
        assert state["turn"] is None or not out[state["turn"]]


def check_views(state):
    """No view shows another seat's hand, deck or face-down Trap (teammates included), nor a Leader pick."""
    for view in views_hiding_other_seats(state, SEATS, king.cards_out):
        assert view["teams"]["kind"] == "king" and view["teams"]["eliminated"] == king.eliminated(state)


def check_action(state, seat, action):
    """An Attack only on a reached enemy (``long`` exactly for cost 2); Moves only between partners' Units."""
    if action["type"] == "attack":
        target = parse_ref(action["target"])[0]
        cost = king.reach(state, seat)[target]
        assert action.get("long", False) == (cost == 2)
    if action["type"] == "move":
        for key in ("from_seat", "to_seat"):
            if key in action:
                assert action[key] in king.move_partners(state, seat)
    if "foe" in action:
        assert king.reach(state, seat).get(action["foe"]) == 1


def playout(seed, options, seen):
    """Play one seeded random King game, checking the invariants; return the final state and the log."""

    def on_action(state, seat, action):
        if state["phase"] == "turn":
            check_action(state, seat, action)
            for key in ("long", "foe", "to_seat", "from_seat", "seat"):
                if key in action:
                    seen[key] = seen.get(key, 0) + 1

    def after(state, step):
        check_cards(state)
        if step % 40 == 0:
            check_views(state)
        if step % 97 == 0:
            assert ENGINE.from_json(ENGINE.to_json(state)) == state

    rng = random.Random(f"pt-king-play:{seed}")
    state, log = random_playout(ENGINE.new_game(SEATS, options, seed), rng, seats=SEATS, max_steps=MAX_STEPS,
                                leave_chance=0.0001, default_chance=0.05, leaver="decider", after=after,
                                on_action=on_action, describe=True)
    seen["leave"] = seen.get("leave", 0) + leaves(log)
    check_views(state)
    return state, log


def test_random_king_games():
    seen = {}
    outcomes = {}
    for seed in range(GAMES):
        options = ENGINE.settled_options(options_for(seed))
        state, log = playout(seed, options, seen)
        if seed % 5 == 0:
            assert replayed(SEATS, options, seed, log) == state
        result = ENGINE.result(state)
        assert ENGINE.pending(state) == []
        winners = sorted(result.winners)
        assert winners in ([0, 1, 5], [2, 3, 4], [])
        outcomes[tuple(winners)] = outcomes.get(tuple(winners), 0) + 1
        seen["eliminated"] = seen.get("eliminated", 0) + sum(king.eliminated(state))
    # the playouts really met Long Actions, foes, moves between Units and eliminated Knights, and both teams won
    assert seen.get("long", 0) > 0 and seen.get("eliminated", 0) > 0
    assert seen.get("to_seat", 0) + seen.get("from_seat", 0) > 0
    assert outcomes.get((0, 1, 5), 0) > 0 and outcomes.get((2, 3, 4), 0) > 0
