"""Computer players' strength and decision times (issue 14), measured outside CI.

``python -m benchmarks.ai_strength [--minutes 60] [--games 200] [--workers 2] [--only times|pairings] [--write]``.
Two kinds of jobs, stored as they finish in a JSON Lines file (``--results``, default ``.ai_strength.jsonl``) keyed
on the budgets of the levels they involve, so an interrupted run goes on where it stopped and a budget change
starts that figure afresh: decision times (``benchmarks.ai_budgets``: CPU time of one ``decide`` per position of
real games, p50/p95 per game and level) and pairings (two seeded games per chunk, the levels swapping seats).
The run is time-boxed: no new job starts after ``--minutes``; it reports the games actually played with 95% Wilson
intervals. 2-player pairings report the win rate of the first level (a draw counts half); 3-4 player pairings seat
one strong player among normal ones and report both levels' average rank and strong's win rate (a shared win
counts 1/k). ``--write`` puts the report into docs/performance.md (section ``ai``) like ``python -m benchmarks``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import fields
from pathlib import Path
from typing import Any

from benchmarks import ai_budgets
from bot.ai import player
from bot.ai.search import Budget
from bot.registry import engine

RESULTS = Path(".ai_strength.jsonl")
MAX_STEPS = 4000
#: Tixel has no repetition rule: two computer players may shuffle pieces for ever, so a Tixel game still running
#: after this many moves is stopped and counted as unfinished (decided games take well under 200 moves)
MAX_STEPS_BY_GAME = {"tixel": 400}
#: pairing → (game, players, options, levels of the seats before rotation)
PAIRINGS: dict[str, tuple[str, int, dict[str, Any], tuple[str, ...]]] = {}
for _name, _game, _players, _options in (("tixel", "tixel", 2, {}), ("pixies 2p", "pixies", 2, {}),
                                         ("pixel-pusher 2p", "pixel-pusher", 2, {}),
                                         ("pixel-tactics classic", "pixel-tactics", 2, {"trophies": 1})):
    for _a, _b in (("strong", "random"), ("strong", "normal"), ("normal", "random")):
        PAIRINGS[f"{_name}: {_a} vs {_b}"] = (_game, 2, _options, (_a, _b))
for _name, _game, _players in (("pixies 3p", "pixies", 3), ("pixel-pusher 3p", "pixel-pusher", 3),
                               ("pixies 4p", "pixies", 4), ("pixel-pusher 4p", "pixel-pusher", 4)):
    PAIRINGS[f"{_name}: strong vs normal"] = (_game, _players, {}, ("strong",) + ("normal",) * (_players - 1))


def budgets_key(game: str, levels: list[str] | tuple[str, ...]) -> str:
    """Return the budgets the levels play ``game`` with (a change starts the figure afresh)."""
    parts = [f"{lv}={budget_text(player.budget_for(game, lv)) if lv in ('normal', 'strong') else lv}"
             for lv in sorted(set(levels))]
    return f"{'; '.join(parts)}; easy_sample={player.EASY_SAMPLE}"


def budget_text(budget: Budget) -> str:
    """Return a budget as stored results name it: its first four fields always, a later field only when it is
    not its default (so adding a field to ``Budget`` keeps every stored figure)."""
    first = ("iterations", "rollout_depth", "width", "safety")
    parts = [f"{name}={getattr(budget, name)}" for name in first]
    parts += [f"{f.name}={getattr(budget, f.name)}" for f in fields(budget)
              if f.name not in first and getattr(budget, f.name) != f.default]
    return f"Budget({', '.join(parts)})"


def play_game(game: str, players: int, options: dict, levels: list[str], seed: int) -> dict[str, Any]:
    """Play one seeded game, seat i by ``levels[i]``; return each seat's rank (1 = first) and win share."""
    eng = engine(game)
    rng = random.Random(seed)
    state = eng.new_game(players, options, seed)
    moves = 0
    for _ in range(MAX_STEPS_BY_GAME.get(game, MAX_STEPS)):
        if eng.is_terminal(state):
            break
        seat = min(d.player for d in eng.pending(state))
        legal = eng.legal_actions(state, seat)
        if levels[seat] == "random" or len(legal) == 1:
            action = rng.choice(legal)
        else:
            action = player.decide(game, eng.view(state, seat), seat, legal, levels[seat], seed * 10_000 + moves)
        moves += 1
        state = eng.apply(state, seat, action)
    if not eng.is_terminal(state):
        return {"levels": levels, "finished": False, "moves": moves}
    res = eng.result(state)
    ranks = [next(i + 1 for i, group in enumerate(res.ranking) if s in group) for s in range(players)]
    share = [1.0 / len(res.winners) if s in res.winners else 0.0 for s in range(players)]
    if not res.winners:
        share = [1.0 / players] * players
    return {"levels": levels, "finished": True, "moves": moves, "ranks": ranks, "share": share}


def run_job(job: dict[str, Any]) -> dict[str, Any]:
    """Run one job (a worker's unit): a chunk of two games of a pairing, or the decision times of one case."""
    os.environ.setdefault("PYTHONHASHSEED", "0")
    start = time.perf_counter()
    if job["kind"] == "times":
        spots = ai_budgets.positions(job["case"], job["positions"])
        times = ai_budgets.time_decisions(job["case"], job["level"], spots)
        return {**job, "cpu": [t[0] for t in times], "wall": [t[1] for t in times],
                "seconds": round(time.perf_counter() - start, 1)}
    game, players, options, base = PAIRINGS[job["pairing"]]
    games = []
    for seed in job["seeds"]:
        shift = seed % players
        levels = [base[(s - shift) % players] for s in range(players)]
        games.append(play_game(game, players, options, levels, seed))
    return {**job, "games": games, "seconds": round(time.perf_counter() - start, 1)}


def jobs(done: set[str], games: int, positions: int, only: str | None,
         games_of: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Return the jobs not stored yet: decision times first (strong last), then pairing chunks round robin
    (``games_of``: only the pairings and cases whose name starts with one of these)."""
    out = []
    if only != "pairings":
        for level in ("easy", "normal", "strong"):
            for case, (game, _players, _options) in ai_budgets.CASES.items():
                job = {"kind": "times", "case": case, "level": level, "budget": budgets_key(game, [level]),
                       "positions": positions if level != "strong" else max(3, positions // 2)}
                out.append(job)
    if only != "times":
        for chunk in range((games + 1) // 2):
            for name, (game, _players, _options, levels) in PAIRINGS.items():
                out.append({"kind": "pairing", "pairing": name, "chunk": chunk, "budget": budgets_key(game, levels),
                            "seeds": [1000 + 2 * chunk, 1001 + 2 * chunk]})
    wanted = [j for j in out if key(j) not in done]
    if games_of:
        wanted = [j for j in wanted if j.get("case", j.get("pairing")).startswith(games_of)]
    return wanted


def key(job: dict[str, Any]) -> str:
    """Return the identity of a job (what makes a stored result count for it)."""
    name = job.get("case", job.get("pairing"))
    return json.dumps([job["kind"], name, job.get("level"), job.get("chunk"), job["budget"]])


def load(path: Path) -> list[dict[str, Any]]:
    """Return the stored results whose budgets are still the current ones (one per job)."""
    rows: dict[str, dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                current = (budgets_key(ai_budgets.CASES[row["case"]][0], [row["level"]]) if row["kind"] == "times"
                           else budgets_key(PAIRINGS[row["pairing"]][0], PAIRINGS[row["pairing"]][3])
                           if row["pairing"] in PAIRINGS else None)
                if row["budget"] == current:
                    rows[key(row)] = row
    return list(rows.values())


def execute(path: Path, todo: list[dict[str, Any]], minutes: float, workers: int) -> int:
    """Run ``todo`` on ``workers`` processes, appending each result as it ends; start none after ``minutes``."""
    deadline = time.monotonic() + minutes * 60
    finished = 0
    if minutes <= 0:
        return 0
    pending = iter(todo)
    with ProcessPoolExecutor(workers) as pool, path.open("a") as out:
        running = {pool.submit(run_job, j) for j in [next(pending, None) for _ in range(workers)] if j is not None}
        while running:
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                out.write(json.dumps(future.result()) + "\n")
                out.flush()
                finished += 1
                job = next(pending, None) if time.monotonic() < deadline else None
                if job is not None:
                    running.add(pool.submit(run_job, job))
    return finished


def run(minutes: float = 20.0, games: int = 200, workers: int = 2, positions: int = 10, only: str | None = None,
        results: Path = RESULTS, quick: bool = False, games_of: tuple[str, ...] = ()) -> dict[str, Any]:
    """Play what is missing for ``minutes`` (a quick run: 2), then return the report of every stored result."""
    from benchmarks.ai_report import report

    if quick:
        minutes = min(minutes, 2.0)
    done = {key(r) for r in load(results)}
    execute(results, jobs(done, games, positions, only, games_of), minutes, workers)
    return report(load(results))


def check(result: dict[str, Any]) -> list[str]:
    """Return one sentence per missed goal."""
    from benchmarks.ai_report import missed

    return missed(result)


def unjudged(result: dict[str, Any]) -> list[str]:
    """Return the goals too few games judge (the harness says so instead of "all met")."""
    from benchmarks.ai_report import unjudged as too_few

    return too_few(result)


def markdown(result: dict[str, Any]) -> str:
    """Return the section's Markdown."""
    from benchmarks.ai_report import to_markdown

    return to_markdown(result)


def main(argv: list[str] | None = None) -> int:
    """Run the time-boxed benchmark and print (with --write, store) its report."""
    from benchmarks.__main__ import DOC, SECTIONS
    from benchmarks.harness import Section, run_all, summary_lines

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=60.0, help="start no new job after this long")
    parser.add_argument("--games", type=int, default=200, help="games per pairing (at most)")
    parser.add_argument("--positions", type=int, default=10, help="positions per game and level for the times")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", choices=["times", "pairings"])
    parser.add_argument("--results", type=Path, default=RESULTS)
    parser.add_argument("--game", action="append", default=[],
                        help="play only this game's pairings and times (a name prefix, e.g. pixies; repeatable)")
    parser.add_argument("--write", action="store_true", help="write the section into docs/performance.md")
    args = parser.parse_args(argv)
    section = next(s for s in SECTIONS if s.name == "ai")
    section = Section(section.name, section.title, section.module,
                      lambda quick: {"minutes": args.minutes, "games": args.games, "workers": args.workers,
                                     "positions": args.positions, "only": args.only, "results": args.results,
                                     "games_of": tuple(args.game)},
                      section.note)
    outcomes = run_all([section], quick=False, doc=DOC if args.write else None,
                       everything=[section if s.name == "ai" else s for s in SECTIONS])
    for line in summary_lines(outcomes):
        print(line)
    return 1 if any(o.failed or o.missed for o in outcomes) else 0


if __name__ == "__main__":
    raise SystemExit(main())
