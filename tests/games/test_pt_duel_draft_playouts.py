"""Seeded random legal Duel Draft matches (50 by default; 2000 with PARLOR_SOAK=1).

After every action: every card of the shared pool in exactly one place (shared deck, tableau, hands, units,
reserves, discards, in flight, trophies), a card held by a player named after that player's seat, the Gold
conserved, damage never negative, pending()/legal_actions agree, every default action legal. Often: the
public view and each player's view hold no hidden card (the shared deck, hands, face-down Traps, unrevealed
Leader picks), JSON round trip. At the end: every match ended and replaying the log gives the same state.
"""

import json
import os
import random
from collections import Counter

from bot.games.pixel_tactics import PixelTacticsEngine
from bot.games.pixel_tactics.modes.duel_draft import START_GOLD
from bot.games.pixel_tactics.sets import CURRENT
from bot.games.pixel_tactics.setup_decks import classic_keys
from bot.games.pixel_tactics.state import copy_of, key_of
from tests.games.pt_play_fakes import random_deck
from tests.games.pt_playout_helpers import random_playout, replayed
from tests.games.test_pt_playouts import strings

ENGINE = PixelTacticsEngine()
GAMES = 2000 if os.environ.get("PARLOR_SOAK") == "1" else 50
MAX_STEPS = 6000


def physical(card_id):
    """Return what identifies a card of the pool whoever owns it (key and copy number)."""
    return key_of(card_id), copy_of(card_id)


def check_cards(state):
    """Every pool card in exactly one place; held cards named after their holder; Gold conserved."""
    dd = state["duel_draft"]
    found = dd["deck"] + [lot["card"] for lot in dd["tableau"]]
    assert all(c.startswith("0.") for c in found)  # the shared deck and tableau are nobody's yet
    for seat, p in enumerate(state["players"]):
        assert p["deck"] == [] and "leaders" not in p
        assert all(c.startswith(f"{seat}.") for c in p["hand"] + p["discard"]), (seat, p["hand"], p["discard"])
        found += p["hand"] + p["discard"]
        found += [e["card"] for e in p["unit"].values() if e is not None]
        found += [r["card"] for r in p["reserve"] if r is not None]
        if p.get("leader_pick"):
            assert p["leader_pick"] in p["hand"]
        for entry in p["unit"].values():
            if entry is not None:
                assert entry["damage"] >= 0
    found += state["in_flight"]
    found += [c for held in state["trophies"] for pair in held for c in pair]
    assert len(set(found)) == len(found)
    assert Counter(physical(c) for c in found) == Counter(physical(c) for c in dd["pool"])
    assert sum(dd["gold"]) + sum(lot["gold"] for lot in dd["tableau"]) == START_GOLD * 2
    assert min(dd["gold"]) >= 0 and state["actions_left"] >= 0


def check_views(state):
    """The public view shows the deck as a count and no hidden card; no player sees the rival's hidden cards."""
    dd = state["duel_draft"]
    public = ENGINE.view(state, None)
    assert public["duel_draft"]["deck"] == len(dd["deck"])
    assert [lot["card"]["id"] for lot in public["duel_draft"]["tableau"]] == [lot["card"] for lot in dd["tableau"]]
    hidden = set(dd["deck"])
    for p in state["players"]:
        hidden.update(p["hand"])
        hidden.update(r["card"] for r in p["reserve"] if r is not None and r["kind"] == "trap")
    assert not hidden & strings(json.dumps(public))
    for viewer in (0, 1):
        rival = state["players"][1 - viewer]
        secret = set(dd["deck"]) | set(rival["hand"]) | {r["card"] for r in rival["reserve"]
                                                         if r is not None and r["kind"] == "trap"}
        assert not secret & strings(json.dumps(ENGINE.view(state, viewer)))


def playout(seed, options, seen):
    """Play one seeded random Duel Draft match; return the final state and the log."""
    rng = random.Random(f"dd:{seed}")
    state = ENGINE.new_game(2, options, seed)
    decks = options.get("decks")
    keys = [k for d in decks for k in d["leaders"] + d["heroes"]] if decks else classic_keys("core", CURRENT) * 2
    assert sorted(key_of(c) for c in state["duel_draft"]["pool"]) == sorted(keys)

    def on_action(state, seat, action):
        seen[action["type"]] += 1

    def after(state, step):
        check_cards(state)
        if rng.random() < 0.05:
            check_views(state)
            assert ENGINE.from_json(ENGINE.to_json(state)) == state

    return random_playout(state, rng, seats=2, max_steps=MAX_STEPS, leave_chance=0.002, default_chance=0.1,
                          leaver="any", after=after, on_action=on_action, name=f"match {seed}")


def test_random_duel_draft_matches():
    seen = Counter()
    rng = random.Random(12)
    for seed in range(GAMES):
        options = {"mode": "duel_draft", "trophies": (1, 2, 3)[seed % 3]}
        if seed % 10 == 9:  # built decks, pooled (ours)
            options = {"mode": "duel_draft", "trophies": 2,
                       "decks": [random_deck(rng, "standard") for _ in range(2)]}
        if seed % 7 == 3:
            options["chase"] = True
        state, log = playout(seed, options, seen)
        assert replayed(2, options, seed, log) == state
        assert ENGINE.from_json(ENGINE.to_json(state)) == state
        assert ENGINE.pending(state) == [] and len(ENGINE.result(state).winners) == 1
    assert seen["draft_draw"] > 0 and seen["gather"] > 0 and seen["attack"] > 0
