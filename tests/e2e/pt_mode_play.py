"""A quick Pixel Tactics player for the modes' end-to-end tests, on top of :func:`tests.e2e.pt_play.choose`:
in Siege it storms an open fortress first; in Duel Draft it drafts the far card when it can; in Epic Duel a new
Leader's boon is picked at random."""

from __future__ import annotations

import random

from tests.e2e.pt_play import ENGINE, choose


def choose_mode(state: dict, seat: int, rng: random.Random) -> dict:
    """Return the action this player takes now, in any mode."""
    legal = ENGINE.legal_actions(state, seat)
    fortress = [a for a in legal if a["type"] == "attack" and "fortress" in str(a.get("target"))]
    if fortress:
        return rng.choice(fortress)
    drafts = [a for a in legal if a["type"] == "draft_draw"]
    if drafts and (state["phase"] == "draft" or rng.random() < 0.5):
        return drafts[0] if rng.random() < 0.7 else rng.choice(drafts)
    boons = [a for a in legal if a["type"] == "epic_boon"]
    if boons:
        return rng.choice(boons)
    action = choose(state, seat, rng)
    if action["type"] == "epic_done" or (action["type"] == "end" and rng.random() < 0.2):
        return action
    return action


def simulate(mode: str, seed: int, limit: int = 3000, **options) -> tuple[int, dict]:
    """Play a whole game of ``mode`` with ``choose_mode`` for both seats; return (actions, final state)."""
    rng = random.Random(seed)
    state = ENGINE.new_game(2, {"mode": mode, **options}, seed)
    count = 0
    while not ENGINE.is_terminal(state) and count < limit:
        decision = rng.choice(ENGINE.pending(state))
        state = ENGINE.apply(state, decision.player, choose_mode(state, decision.player, rng))
        count += 1
    return count, state
