"""A quick, aggressive Pixel Tactics player for end-to-end tests: it attacks the rival Leader when it
can, recruits, places Traps and Operations, springs its Traps, and ends turns it cannot use."""

from __future__ import annotations

import random

from bot.games.pixel_tactics import PixelTacticsEngine

ENGINE = PixelTacticsEngine()
ORDER = ("attack_leader", "activate", "trap", "operation", "attack", "recruit", "spell", "order",
         "leader_action", "clear_corpse", "draw", "end", "decline")


def choose(state: dict, seat: int, rng: random.Random) -> dict:
    """Return the action this player takes now."""
    legal = ENGINE.legal_actions(state, seat)
    rival = 1 - seat
    groups: dict[str, list[dict]] = {}
    for action in legal:
        kind = action["type"]
        if kind == "attack" and action["target"] == f"{rival}:L":
            kind = "attack_leader"
        if kind == "trap" and action["policy"] != "ask":
            continue
        groups.setdefault(kind, []).append(action)
    if "recruit" in groups and rng.random() < 0.4:
        return rng.choice(groups["recruit"])
    for kind in ORDER:
        if kind in groups:
            return rng.choice(groups[kind])
    return rng.choice(legal)


def simulate(seed: int, trophies: int = 2, limit: int = 3000) -> tuple[int, list[str]]:
    """Play a whole match with ``choose`` for both seats; return (actions, log lines)."""
    rng = random.Random(seed)
    state = ENGINE.new_game(2, {"trophies": trophies}, seed)
    lines: list[str] = []
    count = 0
    while not ENGINE.is_terminal(state) and count < limit:
        decision = rng.choice(ENGINE.pending(state))
        action = choose(state, decision.player, rng)
        before = len(state.get("log", []))
        state = ENGINE.apply(state, decision.player, action)
        lines += state.get("log", [])[before:] if len(state.get("log", [])) > before else []
        count += 1
    return count, lines
