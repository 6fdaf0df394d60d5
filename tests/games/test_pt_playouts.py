"""Seeded random legal Pixel Tactics matches (100 by default; 1500 with PARLOR_SOAK=1).

After every action: every card in exactly one place (deck, hand, unit, reserve, discard, in flight,
trophies), damage never negative, JSON round trip, pending()/legal_actions agree, decision ids fresh,
the public view holds no hidden card id. At the end: replaying the log gives the same state.
"""

import json
import os
import random
import re

from bot.games.pixel_tactics import PixelTacticsEngine
from bot.games.pixel_tactics.scenario import check_invariants
from bot.games.pixel_tactics.state import key_of

ENGINE = PixelTacticsEngine()
GAMES = 1500 if os.environ.get("PARLOR_SOAK") == "1" else 100
MAX_STEPS = 4000


def hidden_ids(state):
    """Every card id the public must not see: hands, decks, Leader stacks, face-down Traps, unrevealed Leader
    picks."""
    out = set()
    for p in state["players"]:
        out.update(p["hand"] + p["deck"] + p.get("leaders", []))
        out.update(r["card"] for r in p["reserve"] if r is not None and r["kind"] == "trap")
    return out


def visible_ids(state):
    """Card ids that are face up somewhere (a key may be hidden for one copy and visible for another)."""
    out = set()
    for p in state["players"]:
        out.update(p["discard"])
        out.update(e["card"] for e in p["unit"].values() if e is not None)
        out.update(r["card"] for r in p["reserve"] if r is not None and r["kind"] == "operation")
    out.update(state["in_flight"])
    out.update(c for held in state["trophies"] for pair in held for c in pair)
    return out


def strings(text):
    """Return every JSON string literal of a JSON text (decoded escapes aside), as a set."""
    return set(re.findall(r'"((?:[^"\\]|\\.)*)"', text))


def check_public_view(state):
    """The public view holds no hidden card (id, or key when no copy is face up), no Trap policy, no deck
    order; each player's view holds none of the rival's hidden cards."""
    public = ENGINE.view(state, None)
    text = json.dumps(public)
    tokens = strings(text)
    hidden = hidden_ids(state)
    assert not hidden & tokens
    shown = {key_of(c) for c in visible_ids(state)}
    leaked = {key_of(c) for c in hidden} - shown
    assert not leaked & tokens, leaked & tokens
    # the shared Promo deck: only its size is public
    assert not (set(state.get("promo_deck", [])) - shown) & tokens
    shown_chase = {e.get("chase") for p in state["players"] for e in p["unit"].values() if e is not None}
    for p in state["players"]:  # a Chase Leader chosen but not revealed yet
        assert not p.get("chase_pick") or p["chase_pick"] in shown_chase or p["chase_pick"] not in tokens
    assert "you" not in public and "leader_pick" not in public and "policy" not in tokens
    for seat, p in enumerate(public["players"]):
        assert isinstance(p["hand"], int) and isinstance(p["deck"], int)
        for item, real in zip(p["reserve"], state["players"][seat]["reserve"], strict=True):
            if real is not None and real["kind"] == "trap":
                assert item == {"kind": "trap", "card": None}
        if state["players"][seat]["unit"]["L"] is None and state["players"][seat]["leader_pick"] is not None:
            assert p["unit"]["L"]["card"] is None
    for viewer in range(len(state["players"])):
        mine = strings(json.dumps(ENGINE.view(state, viewer)["players"][1 - viewer]))
        rival = state["players"][1 - viewer]
        secret = rival["hand"] + rival["deck"] + rival.get("leaders", []) + [
            r["card"] for r in rival["reserve"] if r and r["kind"] == "trap"]
        assert not set(secret) & mine and "policy" not in mine


def choose(rng, legal):
    """A playout policy that prefers attacks so matches end."""
    attacks = [a for a in legal if a["type"] == "attack"]
    if attacks and rng.random() < 0.75:
        return rng.choice(attacks)
    return rng.choice(legal)


def playout(seed, trophies, seen=None):
    """Play one seeded random match; ``seen`` counts the checked states with a card in flight or a trophy."""
    seen = {} if seen is None else seen
    rng = random.Random(f"pt:{seed}")
    state = ENGINE.new_game(2, {"trophies": trophies}, seed)
    log = []
    ids = {}
    for _ in range(MAX_STEPS):
        if ENGINE.is_terminal(state):
            break
        decisions = ENGINE.pending(state)
        assert decisions
        for d in decisions:
            assert ids.get(d.player) != d.id or d.kind == "leader"
        decision = rng.choice(decisions)
        legal = ENGINE.legal_actions(state, decision.player)
        assert legal
        for seat in range(2):
            if all(d.player != seat for d in decisions):
                assert ENGINE.legal_actions(state, seat) == []
        if rng.random() < 0.003:
            seat = rng.randrange(2)
            state = ENGINE.leave(state, seat)
            log.append(("leave", seat, None))
        else:
            action = ENGINE.default_action(state, decision.player) if rng.random() < 0.1 else choose(rng, legal)
            before = state
            state = ENGINE.apply(state, decision.player, action)
            assert before is not state
            ids[decision.player] = decision.id
            log.append(("apply", decision.player, action))
        check_invariants(state)  # every card in one place, trophies and in-flight cards included
        seen["in_flight"] = seen.get("in_flight", 0) + bool(state["in_flight"])
        seen["trophies"] = seen.get("trophies", 0) + any(state["trophies"])
        if rng.random() < 0.1:
            check_public_view(state)
            assert ENGINE.from_json(ENGINE.to_json(state)) == state
    assert ENGINE.is_terminal(state), "match did not end"
    return state, log


def test_random_matches():
    trap_windows = 0
    seen = {}
    for seed in range(GAMES):
        trophies = (1, 2, 3)[seed % 3]
        state, log = playout(seed, trophies, seen)
        replay = ENGINE.new_game(2, {"trophies": trophies}, seed)
        for kind, seat, action in log:
            replay = ENGINE.leave(replay, seat) if kind == "leave" else ENGINE.apply(replay, seat, action)
            trap_windows += action is not None and action["type"] in ("activate", "decline")
        assert replay == state
        assert ENGINE.from_json(ENGINE.to_json(state)) == state
        assert ENGINE.pending(state) == []
        result = ENGINE.result(state)
        assert len(result.winners) == 1
    assert trap_windows > 0
    # the conservation check really met Orders/Traps in flight and trophies set aside mid-match
    assert seen["in_flight"] > 0 and seen["trophies"] > 0
