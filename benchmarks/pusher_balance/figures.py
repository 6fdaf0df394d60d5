"""Playing the benchmark's figures: one game's record, chunks of seeds over worker processes, and totals.

A figure is a kind and a player count: ``greedy`` and ``random`` are self-play; ``planner-greedy`` and
``greedy-random`` put one seat of the stronger policy (seat ``seed % n``) against n - 1 of the weaker. Games
use seeds 0..N-1 and seeded policies, so a figure's totals do not depend on how the seeds were split.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bot.games.pixel_pusher.content import IMAGES, MACHINES

from .planner import PlannerPolicy
from .policies import ENGINE, GreedyPolicy, RandomPolicy

POLICIES = {"random": RandomPolicy, "greedy": GreedyPolicy, "planner": PlannerPolicy}

#: figure kind -> (stronger policy, weaker policy); self-play kinds name one policy twice
KINDS = {"greedy": ("greedy", "greedy"), "random": ("random", "random"), "planner": ("planner", "planner"),
         "planner-greedy": ("planner", "greedy"), "greedy-random": ("greedy", "random")}
CHUNK = 25


def seat_policies(kind: str, players: int, seed: int) -> list[str]:
    """Return the policy of each seat: the stronger one on seat ``seed % players``, the weaker elsewhere."""
    strong, weak = KINDS[kind]
    return [strong if seat == seed % players else weak for seat in range(players)]


def play(kind: str, players: int, content: int, seed: int) -> dict[str, Any]:
    """Play one game of a figure; return its record (scores, winners, installed cards, filled scanlines)."""
    names = seat_policies(kind, players, seed)
    seats = [POLICIES[name](random.Random(f"pusher-balance:{kind}:{players}:{content}:{seed}:{seat}"))
             for seat, name in enumerate(names)]
    state = ENGINE.new_game(players, {"content": content}, seed)
    fills: list[tuple[int, str]] = []
    while not ENGINE.is_terminal(state):
        seat = ENGINE.pending(state)[0].player
        action = seats[seat].choose(state, seat)
        if action["type"] == "fill":
            fills.append((seat, IMAGES[action["image"]]["name"]))
        state = ENGINE.apply(state, seat, action)
    result = ENGINE.result(state)
    installed = [[MACHINES[c]["name"] for stack in board["slots"] for c in stack] for board in state["boards"]]
    return {"seed": seed, "scores": list(result.scores), "winners": list(result.winners),
            "strong": seed % players, "installed": installed, "fills": fills}


def play_chunk(job: tuple[str, int, int, int, int]) -> list[dict[str, Any]]:
    """Play the seeds ``start``..``stop - 1`` of a figure."""
    kind, players, content, start, stop = job
    return [play(kind, players, content, seed) for seed in range(start, stop)]


def run_figures(figures: list[tuple[str, int]], games: int, content: int, workers: int) -> dict[tuple[str, int], dict]:
    """Play every figure's ``games`` games over ``workers`` processes; return each figure's totals."""
    jobs = [(kind, players, content, start, min(games, start + CHUNK))
            for kind, players in figures for start in range(0, games, CHUNK)]
    if workers <= 1:
        chunks = [play_chunk(job) for job in jobs]
    else:
        with ProcessPoolExecutor(workers) as pool:
            chunks = list(pool.map(play_chunk, jobs))
    records: dict[tuple[str, int], list[dict]] = {f: [] for f in figures}
    for job, chunk in zip(jobs, chunks, strict=True):
        records[(job[0], job[1])].extend(chunk)
    return {f: totals(f[0], f[1], sorted(rs, key=lambda r: r["seed"])) for f, rs in records.items()}


def totals(kind: str, players: int, records: list[dict[str, Any]]) -> dict[str, Any]:
    """Return a figure's totals: win shares per seat and of the stronger seat, score spread, zero scores, and
    installed cards and filled scanlines of all players and of winners (a shared win counts fractionally)."""
    wins = [0.0] * players
    strong = 0.0
    scores: list[int] = []
    winning: list[int] = []
    margins: list[int] = []
    cards_all: Counter = Counter()
    cards_won: Counter = Counter()
    images_all: Counter = Counter()
    images_won: Counter = Counter()
    shared = 0
    for r in records:
        part = 1 / len(r["winners"])
        shared += len(r["winners"]) > 1
        for seat in r["winners"]:
            wins[seat] += part
            strong += part if seat == r["strong"] else 0.0
            for name in r["installed"][seat]:
                cards_won[name] += part
        for seat_cards in r["installed"]:
            cards_all.update(seat_cards)
        for seat, image in r["fills"]:
            images_all[image] += 1
            if seat in r["winners"]:
                images_won[image] += part
        ordered = sorted(r["scores"], reverse=True)
        scores.extend(r["scores"])
        winning.append(ordered[0])
        margins.append(ordered[0] - ordered[1])
    games = len(records)
    return {"kind": kind, "players": players, "games": games, "wins": wins, "strong": strong, "shared": shared,
            "scores": scores, "zero": sum(1 for s in scores if s == 0),
            "mean": statistics.mean(scores) if scores else 0.0,
            "stdev": statistics.pstdev(scores) if scores else 0.0,
            "min": min(scores, default=0), "max": max(scores, default=0),
            "quartiles": statistics.quantiles(scores, n=4) if len(scores) > 1 else [0.0, 0.0, 0.0],
            "winning_mean": statistics.mean(winning) if winning else 0.0,
            "margin_median": statistics.median(margins) if margins else 0,
            "cards_all": cards_all, "cards_won": cards_won, "images_all": images_all, "images_won": images_won}


def share_ratios(won: Counter, everyone: Counter) -> dict[str, float]:
    """Return, per name, its fraction of the winners' counts over its fraction of everyone's counts."""
    total_won, total_all = sum(won.values()), sum(everyone.values())
    if not total_won or not total_all:
        return {}
    return {name: (won[name] / total_won) / (n / total_all) for name, n in everyone.items() if n}
