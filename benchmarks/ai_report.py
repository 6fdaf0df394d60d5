"""The report of ``benchmarks.ai_strength``: decision times and pairings from the stored results, their goals and
their Markdown (the ``ai`` section of docs/performance.md)."""

from __future__ import annotations

from typing import Any

from benchmarks import ai_budgets
from benchmarks.pt_balance import wilson

#: a pairing's goal is judged once it has played this many games
JUDGED_FROM = 20
#: 2-player goals: (first level, second level) → minimum win rate of the first
GOALS = {("strong", "random"): 0.95, ("strong", "normal"): 0.65}
#: 3-4 players: strong "beats" normal with a win rate this far above 1/n
MULTI_MARGIN = 0.15


def _times(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Return p50/p95 (CPU) and p95 (wall) per case and level."""
    out: dict[str, dict[str, Any]] = {}
    for row in rows:
        if row["kind"] == "times":
            stats = ai_budgets.summary(list(zip(row["cpu"], row["wall"], strict=True)))
            out.setdefault(row["case"], {})[row["level"]] = {**stats, "budget": row["budget"].split(";")[0]}
    return out


def _pairings(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Return each pairing's tallies: games played, unfinished (also counted in games, won by neither), win shares
    and ranks per level (ranks of finished games only)."""
    out: dict[str, dict[str, Any]] = {}
    for row in sorted((r for r in rows if r["kind"] == "pairing"), key=lambda r: (r["pairing"], r["chunk"])):
        into = out.setdefault(row["pairing"], {"games": 0, "unfinished": 0, "share": {}, "ranks": {}, "seats": {},
                                               "players": 0, "budget": row["budget"]})
        for game in row["games"]:
            into["games"] += 1
            into["players"] = len(game["levels"])
            if not game["finished"]:
                into["unfinished"] += 1
                continue
            for seat, level in enumerate(game["levels"]):
                into["share"][level] = into["share"].get(level, 0.0) + game["share"][seat]
                into["ranks"].setdefault(level, []).append(game["ranks"][seat])
                into["seats"][level] = into["seats"].get(level, 0) + 1
    return out


def report(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Return the figures of the stored results: decision times and pairings."""
    pairings = {}
    for name, t in _pairings(rows).items():
        first, second = name.split(": ", 1)[1].split(" vs ")
        games, n = t["games"], t["players"] or 2
        wins = t["share"].get(first, 0.0)
        rate, low, high = wilson(wins, games)
        entry = {"games": games, "unfinished": t["unfinished"], "level": first, "win_rate": round(rate, 3),
                 "low": round(low, 3), "high": round(high, 3), "players": n}
        for level in (first, second):
            ranks = t["ranks"].get(level, [])
            entry[f"rank_{level}"] = round(sum(ranks) / len(ranks), 2) if ranks else None
        if n > 2:
            entry["goal"] = round(1 / n + MULTI_MARGIN, 3)
        elif (first, second) in GOALS:
            entry["goal"] = GOALS[(first, second)]
        pairings[name] = entry
    return {"times": _times(rows), "pairings": pairings}


def missed(result: dict[str, Any]) -> list[str]:
    """Return one sentence per missed goal: a decision time over its p95 goal, a pairing below its win rate
    (judged from ``JUDGED_FROM`` games)."""
    out = []
    for case, levels in result["times"].items():
        for level, limit in ai_budgets.GOALS.items():
            stats = levels.get(level)
            if stats and stats.get("n") and stats["p95_ms"] > limit * 1000:
                out.append(f"{case} {level}: p95 {stats['p95_ms']:.0f} ms per decision (goal ≤ {limit * 1000:.0f})")
    for name, entry in result["pairings"].items():
        goal = entry.get("goal")
        if goal is not None and entry["games"] >= JUDGED_FROM and entry["win_rate"] < goal:
            out.append(f"{name}: {entry['level']} wins {entry['win_rate']:.1%} of {entry['games']} games "
                       f"(goal ≥ {goal:.0%})")
    return out


def unjudged(result: dict[str, Any]) -> list[str]:
    """Return the pairings with a goal that have too few games (under ``JUDGED_FROM``) to be judged."""
    return [name for name, entry in result["pairings"].items()
            if entry.get("goal") is not None and entry["games"] < JUDGED_FROM]


def to_markdown(result: dict[str, Any]) -> str:
    """Return the tables: decision times per game and level, then the pairings."""
    lines = ["Every figure below comes from the stored results of the runs made with the current budgets "
             "(benchmarks/results/ai_strength.jsonl); the run time and load average above are the last run's only.",
             "",
             "Decision times: CPU time of one `decide` (one core; the machine's other load excluded, the wall "
             "time's p95 beside it), from positions of seeded games played by easy players. Goals: strong ≤ 2 s "
             "p95, easy ≤ 50 ms p95.", "",
             "| game | level | budget | positions | p50 ms | p95 ms | max ms | wall p95 ms |", "|---|---|---|---|---|---|---|---|"]
    for case, levels in result["times"].items():
        for level in ("easy", "normal", "strong"):
            s = levels.get(level)
            if s and s.get("n"):
                budget = budget_label(s["budget"])
                lines.append(f"| {case} | {level} | {budget} | {s['n']} | {s['p50_ms']} | {s['p95_ms']} | "
                             f"{s['max_ms']} | {s['wall_p95_ms']} |")
    played = sum(e["games"] for e in result["pairings"].values())
    lines += ["", f"Pairings ({played} games stored in all, accumulated over the time-boxed runs; a pairing counts "
              "the games actually played, the issue asks for 200): seeded games, seats rotated evenly; win rate of the first level over "
              "every game played (a draw or shared win counts its share; a game stopped unfinished at the move cap is won by "
              "neither) with its 95% Wilson interval; average rank (1 = first) of each level. In 3-4 "
              "players one strong seat plays against normal ones, and strong beats normal when its win rate is at "
              "least 15 points above 1/n.", "",
              "| pairing | games | unfinished | win rate | 95% interval | goal | rank (first level) | "
              "rank (second level) |", "|---|---|---|---|---|---|---|---|"]
    for name, e in result["pairings"].items():
        first, second = name.split(": ", 1)[1].split(" vs ")
        goal = f"≥ {e['goal']:.0%}" if e.get("goal") is not None else "report"
        lines.append(f"| {name} | {e['games']} | {e['unfinished']} | {e['win_rate']:.1%} | "
                     f"{e['low']:.1%}–{e['high']:.1%} | {goal} | {e.get(f'rank_{first}')} | "
                     f"{e.get(f'rank_{second}')} |")
    return "\n".join(lines)


def budget_label(stored: str) -> str:
    """Return a stored level budget (``strong=Budget(iterations=…, …)``) in the table's words: tree search's
    iterations, rollout depth and width, or alpha-beta's depth and node limit; a level without one plays one ply."""
    if "Budget(" not in stored:
        return "one ply"
    inner = stored.split("Budget(", 1)[1].rstrip(")")
    fields = dict(part.split("=", 1) for part in inner.split(", "))
    if fields.get("iterations") == "0" and fields.get("depth", "0") != "0":
        return f"alpha-beta depth {fields['depth']}, ≤ {fields.get('nodes', '?')} nodes"
    words = f"{fields['iterations']} it, depth {fields['rollout_depth']}, width {fields['width']}"
    return words + (f", safety {fields['safety']}" if fields.get("safety", "0") != "0" else "")
