"""Shared steps for the league tests: a started league with its drafts done, and whole battles."""

from __future__ import annotations

import bot.league as L

A, B, C, D = 100, 101, 102, 103
NAMES = {A: "Ada", B: "Bob", C: "Cy", D: "Dee"}


def signed_up(seed: int = 7, players=(A, B, C, D), **kw) -> dict:
    """Return a league in sign-up with these players (default pools, 2 cycles of 7 days)."""
    args = {"cycles": 2, "cycle_days": 7, "pair_cap": None, "leader_pool": None, "hero_pool": None,
            "banned": [], "restricted": []}
    args.update(kw)
    lg = L.new_league(seed, **args)
    for uid in players:
        lg = L.add_player(lg, uid, NAMES.get(uid, f"P{uid}"))
    return lg


def drafted(lg: dict) -> dict:
    """Run the League Draft to its end, each drafter taking the first takeable card, the next one under."""
    while L.draft_state(lg) is not None:
        lg = L.auto_pick(lg)
    return lg


def running(seed: int = 7, **kw) -> dict:
    """Return a started 4-player league in its first cycle."""
    return drafted(L.start(signed_up(seed, **kw)))


def accepted(lg: dict, by: int, to: int) -> tuple[dict, int]:
    """Offer and accept a challenge; return the league and the challenge id."""
    lg = L.challenge(lg, by, to)
    cid = lg["challenges"][-1]["id"]
    return L.answer(lg, cid, to, True), cid


def battle(lg: dict, by: int, to: int, by_attacks: str, to_attacks: str, game_id: int, winner: int | None,
           leaders: tuple[str | None, str | None] = (None, None)) -> tuple[dict, int]:
    """Play a whole battle: challenge, accept, both choices (first available Leader unless given), the game."""
    lg, cid = accepted(lg, by, to)
    lg = L.choose(lg, cid, by, leaders[0] or L.available_leaders(lg, by)[0], by_attacks)
    lg = L.choose(lg, cid, to, leaders[1] or L.available_leaders(lg, to)[0], to_attacks)
    lg = L.attach_game(lg, cid, game_id)
    return L.record_result(lg, game_id, winner), cid


def row(lg: dict, uid: int):
    """Return a player's score sheet row."""
    return next(r for r in L.sheet(lg) if r.user_id == uid)
