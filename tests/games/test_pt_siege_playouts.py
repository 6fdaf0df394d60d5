"""Seeded random Pixel Tactics Siege matches (50 by default; 2000 with PARLOR_SOAK=1), core-set mirrors and
built decks, one to three trophies.

After every action: every card in exactly one place (deck, hand, fortress, unit, reserve, discard, in flight;
a built deck's Leader stack aside), no Leader anywhere, the fortress counts of the view match the state, every
default action is legal, pending()/legal_actions agree; often: no view (public or either seat's) holds a
fortress card, the public view no hand card, JSON round trip. At the end: every match ended, and replaying
the log gives the same state.
"""

import json
import os
import random

from bot.games.pixel_tactics import PixelTacticsEngine
from bot.games.pixel_tactics.match import all_cards
from bot.games.pixel_tactics.modes import siege
from bot.games.pixel_tactics.state import key_of
from tests.games.pt_play_fakes import random_deck
from tests.games.pt_playout_helpers import random_playout, replayed
from tests.games.test_pt_playouts import check_public_view, strings

ENGINE = PixelTacticsEngine()
GAMES = 2000 if os.environ.get("PARLOR_SOAK") == "1" else 50
MAX_STEPS = 6000


def options(seed):
    """Return the options of match ``seed``: 1-3 trophies; every fourth match with built Standard decks (1-2)."""
    out = {"mode": "siege", "trophies": 1 + seed % 3}
    if seed % 4 == 3:
        rng = random.Random(f"siege-decks:{seed}")
        out["decks"] = [random_deck(rng, "standard"), random_deck(rng, "standard")]
        out["trophies"] = min(2, out["trophies"])  # setup_decks refuses built decks with 3 (Classic's Leaders)
    return out


def placed(state, seat):
    """Return every card of ``seat``'s owner found anywhere, sorted (one entry per physical card)."""
    found = list(state["in_flight"])
    for p in state["players"]:
        found += p["deck"] + p["hand"] + p["discard"] + p.get("leaders", [])
        found += [c for column in p["fortress"] for c in column]
        found += [e["card"] for e in p["unit"].values() if e is not None]
        found += [r["card"] for r in p["reserve"] if r is not None]
    return sorted(c for c in found if c.startswith(f"{seat}."))


def check_invariants(state):
    """Assert the Siege invariants of one state."""
    for seat in range(2):
        assert placed(state, seat) == sorted(all_cards(state, seat)), f"cards of seat {seat} changed"
        for entry in state["players"][seat]["unit"].values():
            assert entry is None or (entry["kind"] in ("hero", "corpse") and entry["damage"] >= 0)
    assert state["trophies"] == [[[]] * len(t) for t in state["trophies"]]  # no card is ever set aside
    view = ENGINE.view(state, None)
    assert view["mode"] == "siege"
    assert view["siege"]["fortress"] == [[len(c) for c in p["fortress"]] for p in state["players"]]


def check_hidden(state):
    """No view holds a fortress card (id, or key when no copy is face up); the public view no hidden card."""
    check_public_view(state)
    walls = set(siege.fortress_cards(state))
    face_up = {key_of(e["card"]) for p in state["players"] for e in p["unit"].values() if e is not None}
    face_up |= {key_of(c) for p in state["players"] for c in p["discard"]} | {key_of(c) for c in state["in_flight"]}
    face_up |= {key_of(r["card"]) for p in state["players"] for r in p["reserve"] if r and r["kind"] == "operation"}
    for viewer in (None, 0, 1):
        view = ENGINE.view(state, viewer)
        tokens = strings(json.dumps(view))
        assert not walls & tokens
        own = state["players"][viewer] if viewer is not None else {"hand": [], "reserve": []}
        mine = set(own["hand"] + own.get("leaders", [])) | {r["card"] for r in own["reserve"] if r is not None}
        shown = face_up | {key_of(c) for c in mine}
        assert not ({key_of(c) for c in walls} - shown) & tokens


def playout(seed):
    """Play one seeded random Siege match; return its final state, log and how many fortress hits it saw."""
    rng = random.Random(f"siege:{seed}")
    hits = []

    def on_action(state, seat, action):
        hits.append(action["type"] == "attack" and siege.is_fortress(action["target"]))

    def after(state, step):
        check_invariants(state)
        if rng.random() < 0.05:
            check_hidden(state)
            assert ENGINE.from_json(ENGINE.to_json(state)) == state

    state, log = random_playout(ENGINE.new_game(2, options(seed), seed), rng, seats=2, max_steps=MAX_STEPS,
                                leave_chance=0.002, default_chance=0.05, leaver="any", after=after,
                                on_action=on_action, name="match")
    return state, log, sum(hits)


def test_random_siege_matches():
    hits = ends = 0
    for seed in range(GAMES):
        state, log, seen = playout(seed)
        hits += seen
        ends += any("the siege is won" in line for line in state["log"])
        assert replayed(2, options(seed), seed, log) == state
        assert ENGINE.pending(state) == [] and len(ENGINE.result(state).winners) == 1
    # the games really stormed fortresses and were won by breaking through
    assert hits > GAMES and ends > GAMES // 2
