"""Creating rounds: round 1 at the start, the next one when a round is complete, and the finish."""

from __future__ import annotations

from bot.games.base import rng_for

from . import pods, round_robin, single_elim, swiss
from .model import ROUND_ROBIN, SINGLE_ELIM, SWISS
from .scoring import Outcome
from .scoring import settle_all as outcomes
from .standings import duel_records, pod_standings, standings


def total_rounds(fmt: str, pod: bool, n: int) -> int:
    """Return how many rounds a tournament of ``n`` players has."""
    if pod:
        return pods.rounds_for(n)
    return {SINGLE_ELIM: single_elim.rounds_for, SWISS: swiss.rounds_for,
            ROUND_ROBIN: round_robin.rounds_for}[fmt](n)


def new_match(t: dict, number: int, slot: int, players: list[int], bye: bool = False) -> dict:
    """Append a match to the state (players already dropped are marked so) and return it."""
    gone = {p["id"] for p in t["players"] if p["dropped"]}
    match = {"id": f"r{number}m{slot + 1}", "round": number, "slot": slot, "players": list(players),
             "bye": bye, "games": [], "override": None,
             "dropped": [] if bye else [p for p in players if p in gone]}
    t["matches"].append(match)
    return match


def create_round(t: dict, number: int) -> bool:
    """Create round ``number``; return False when too few active players are left to play it."""
    active = [p["id"] for p in t["players"] if not p["dropped"]]
    by_seed = sorted(t["players"], key=lambda p: p["seed"])
    if t["fmt"] == SINGLE_ELIM:
        if number == 1:
            for slot, (a, b) in enumerate(single_elim.bracket(len(by_seed))):
                ids = [by_seed[a - 1]["id"]] + ([] if b is None else [by_seed[b - 1]["id"]])
                new_match(t, number, slot, ids, bye=b is None)
        else:
            done = outcomes(t)
            last = sorted((m for m in t["matches"] if m["round"] == number - 1), key=lambda m: m["slot"])
            for slot in range(len(last) // 2):
                ids = [done[last[2 * slot + i]["id"]].winner for i in (0, 1)]
                new_match(t, number, slot, ids)
        return True
    if len(active) < 2:
        return False
    if t["fmt"] == ROUND_ROBIN:
        for slot, (a, b) in enumerate(t["schedule"][number - 1]):
            new_match(t, number, slot, [a] if b is None else [a, b], bye=b is None)
        return True
    if t["pod"]:
        order = [s.user_id for s in pod_standings(t, outcomes(t)) if not s.dropped]
        for slot, pod in enumerate(pods.make_pods(order)):
            new_match(t, number, slot, pod)
        return True
    records = duel_records(t, outcomes(t))
    played = {frozenset(m["players"]) for m in t["matches"] if not m["bye"]}
    had_bye = {m["players"][0] for m in t["matches"] if m["bye"]}
    pairs, bye = swiss.pair(active, {p: records[p].points for p in active}, played, had_bye,
                            rng_for(t["seed"], "swiss", number))
    for slot, pair in enumerate(pairs):
        new_match(t, number, slot, list(pair))
    if bye is not None:
        new_match(t, number, len(pairs), [bye], bye=True)
    return True


def advance(t: dict) -> None:
    """Close finished rounds: create the next one, or finish the tournament after the last."""
    while t["status"] == "running":
        done = outcomes(t)
        if not all(done[m["id"]].done for m in t["matches"] if m["round"] == t["round"]):
            return
        if t["round"] >= t["rounds"] or not create_round(t, t["round"] + 1):
            finish(t, done)
            return
        t["round"] += 1


def finish(t: dict, done: dict[str, Outcome]) -> None:
    """Mark the tournament finished and name its champion."""
    t["status"] = "finished"
    if t["fmt"] == SINGLE_ELIM:
        final = [m for m in t["matches"] if m["round"] == t["rounds"]]
        t["champion"] = done[final[0]["id"]].winner if final else None
    else:
        rows = standings(t)
        t["champion"] = rows[0].user_id if rows else None
