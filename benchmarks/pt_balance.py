"""Pixel Tactics balance runs: Leader win rates, the first player's edge and dead powers, outside CI.

Run ``python -m benchmarks.pt_balance [--games 2000] [--per-leader 300] [--workers 2] [--figures mirror-core ...]``. Each figure
plays single games (one trophy) between two copies of one policy and counts every game for both Leaders; the
figures are the Classic mirrors of each core set and random Standard decks from the whole pool, under the
``random`` and ``heuristic`` policies of ``bot/ai/pixel_tactics/policy.py``. Results go chunk by chunk into a JSON
Lines file (``--results``, default ``.pt_balance.jsonl``), keyed on each figure's card content, so an interrupted run
goes on where it stopped and a content change starts that figure afresh. ``--write`` replaces the balance section of
docs/rules/pixel_tactics.md with the tables (95% Wilson intervals). Each figure and policy plays at least
``--games`` games (the issue's 2,000 per figure) and enough for ``--per-leader`` games of every Leader (a
figure with many Leaders plays more). Goals: every Leader 40–60% (judged once it has ``--per-leader`` games),
the first player 45–55%, every active power used at least once per 50 matches in which it could be used.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import random
import sys
import time
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

from bot.ai.pixel_tactics.policy import POLICIES

CHUNK = 50
MAX_STEPS = 3000
DOC = Path(__file__).resolve().parent.parent / "docs" / "rules" / "pixel_tactics.md"
START, END = "<!-- balance:start -->", "<!-- balance:end -->"


# ------------------------------------------------------------------------------- the figures
def content_hash(figure: str) -> str:
    """Return a short hash of the card data a figure plays with (a change starts its results afresh): a mirror
    its own set, random decks every non-promo set."""
    from bot.games.pixel_tactics import sets

    if figure.startswith("mirror-"):
        cards = sets.SETS[figure.removeprefix("mirror-")]
    else:
        cards = [c for name, cs in sorted(sets.SETS.items()) if name != "promo" for c in cs]
    return hashlib.sha256(json.dumps(cards, sort_keys=True).encode()).hexdigest()[:12]


def figure_contents(figures: list[str]) -> dict[str, str]:
    """Return each figure's content hash."""
    return {figure: content_hash(figure) for figure in figures}


def policy_hash(policy: str) -> str:
    """Return a short hash of a policy's code: ``random`` never changes; the heuristic is its module's text."""
    if policy == "random":
        return "random"
    from bot.ai.pixel_tactics import policy

    return hashlib.sha256(Path(policy.__file__).read_bytes()).hexdigest()[:8]


def random_standard_deck(rng: random.Random) -> dict[str, Any]:
    """Return a random valid Standard deck: 4 dual-card Leaders and 25 Heroes from the non-promo pool."""
    from bot.games.pixel_tactics import sets

    playable = [c for name, cards in sets.SETS.items() if name != "promo" for c in cards]
    duals = [c["key"] for c in playable if "leader" in c]
    leaders = rng.sample(duals, 4)
    heroes = rng.sample([c["key"] for c in playable if c["key"] not in leaders], 25)
    return {"format": "standard", "leaders": leaders, "heroes": heroes}


def figure_options(figure: str, rng: random.Random) -> dict[str, Any]:
    """Return the engine options of one game of a figure."""
    from bot.games.pixel_tactics import sets

    options: dict[str, Any] = {"trophies": 1, "content": sets.CURRENT}
    if figure.startswith("mirror-"):
        options["set"] = figure.removeprefix("mirror-")
    elif figure == "decks":
        options["decks"] = [random_standard_deck(rng), random_standard_deck(rng)]
    else:
        raise ValueError(f"unknown figure {figure!r}")
    return options


# ---------------------------------------------------------------------------- one chunk of games
def _powers(state: dict, seat: int, action: dict) -> str | None:
    """Return the power an active action uses, as ``"<card key>/<power>"`` (None for plain actions)."""
    from bot.games.pixel_tactics.positions import ROW_NAME, row_of
    from bot.games.pixel_tactics.state import key_of

    kind = action["type"]
    if kind in ("order", "operation", "trap"):
        return f"{key_of(action['card'])}/tactic"
    if kind == "spell":
        entry = state["players"][seat]["unit"][action["by"]]
        return f"{key_of(entry['card'])}/{ROW_NAME[row_of(action['by'])]}"
    if kind == "leader_action":
        entry = state["players"][seat]["unit"]["L"]
        return f"{entry.get('chase') or key_of(entry['card'])}/leader"
    if kind == "activate":
        item = state["players"][seat]["reserve"][int(action["slot"][1])]
        return f"{key_of(item['card'])}/trap-activated"
    return None


def play_one(figure: str, policy: str, seed: int) -> dict[str, Any]:
    """Play one single game and return who led, who went first, who won and which powers were used."""
    from bot.games.pixel_tactics import PixelTacticsEngine
    from bot.games.pixel_tactics.state import key_of

    engine = PixelTacticsEngine()
    rng = random.Random(seed)
    choose = POLICIES[policy]
    state = engine.new_game(2, figure_options(figure, rng), seed)
    available: set[str] = set()
    used: set[str] = set()
    first, leaders, seen_game = None, ["?", "?"], 0
    for _ in range(MAX_STEPS):
        if engine.is_terminal(state):
            break
        if state["game_no"] != seen_game and state["phase"] not in ("leader", "chase"):
            seen_game, first = state["game_no"], state["first"]  # a tie deals again: the last game counts
            leaders = [p["unit"]["L"].get("chase") or key_of(p["unit"]["L"]["card"]) for p in state["players"]]
        decision = engine.pending(state)[0]
        legal = engine.legal_actions(state, decision.player)
        for action in legal:
            power = _powers(state, decision.player, action)
            if power:
                available.add(power)
        action = choose(state, decision.player, legal, rng)
        power = _powers(state, decision.player, action)
        if power:
            used.add(power)
        state = engine.apply(state, decision.player, action)
    result = state.get("result") or {}
    winners = result.get("winners") or []
    return {"leaders": leaders, "first": first, "winner": winners[0] if len(winners) == 1 else None,
            "used": sorted(used), "available": sorted(available), "finished": engine.is_terminal(state)}


def play_chunk(job: tuple[str, str, int, str]) -> dict[str, Any]:
    """Play one chunk of ``CHUNK`` games (a worker job) and return its tallies."""
    figure, policy, chunk, content = job
    os.environ.setdefault("PYTHONHASHSEED", "0")
    tallies: dict[str, Any] = {"figure": figure, "policy": policy, "chunk": chunk, "content": content,
                               "games": 0, "ties": 0, "unfinished": 0, "first_wins": 0, "first_games": 0,
                               "leader_games": Counter(), "leader_wins": Counter(), "used": Counter(),
                               "available": Counter()}
    for i in range(CHUNK):
        game = play_one(figure, policy, chunk * CHUNK + i + 1)
        tallies["games"] += 1
        if not game["finished"]:
            tallies["unfinished"] += 1
            continue
        winner = game["winner"]
        if winner is None:
            tallies["ties"] += 1
        for seat, leader in enumerate(game["leaders"]):
            tallies["leader_games"][leader] += 1
            tallies["leader_wins"][leader] += 1 if winner == seat else 0.5 if winner is None else 0
        if game["first"] is not None:
            tallies["first_games"] += 1
            tallies["first_wins"] += 1 if winner == game["first"] else 0.5 if winner is None else 0
        tallies["used"].update(game["used"])
        tallies["available"].update(game["available"])
    return tallies


# ------------------------------------------------------------------------------ results and report
def load_results(path: Path, contents: dict[str, str]) -> list[dict[str, Any]]:
    """Return the stored chunk tallies of each figure's current card content."""
    if not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        if line.strip():
            row = json.loads(line)
            if f"{contents.get(row.get('figure'))}/{policy_hash(row.get('policy'))}" == row.get("content"):
                out.append(row)
    return out


def wilson(wins: float, games: int) -> tuple[float, float, float]:
    """Return the rate and its 95% Wilson interval."""
    if games == 0:
        return 0.0, 0.0, 1.0
    p, z = wins / games, 1.96
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def merge(rows: list[dict[str, Any]]) -> dict[tuple[str, str], dict[str, Any]]:
    """Merge chunk tallies per (figure, policy)."""
    out: dict[tuple[str, str], dict[str, Any]] = {}
    for row in rows:
        key = (row["figure"], row["policy"])
        into = out.setdefault(key, {"games": 0, "ties": 0, "unfinished": 0, "first_wins": 0.0, "first_games": 0,
                                    "leader_games": Counter(), "leader_wins": Counter(), "used": Counter(),
                                    "available": Counter(), "chunks": set()})
        if row["chunk"] in into["chunks"]:
            continue
        into["chunks"].add(row["chunk"])
        for name in ("games", "ties", "unfinished", "first_wins", "first_games"):
            into[name] += row[name]
        for name in ("leader_games", "leader_wins", "used", "available"):
            into[name].update(row[name])
    return out


def report(merged: dict[tuple[str, str], dict[str, Any]], minimum: int) -> tuple[str, list[str]]:
    """Return the Markdown tables and the list of goals missed."""
    from bot.games.pixel_tactics import sets

    names = {c["key"]: c["name"] for c in sets.all_cards() + sets.CHASE}
    lines, missed = [], []
    for (figure, policy), t in sorted(merged.items()):
        p, lo, hi = wilson(t["first_wins"], t["first_games"])
        lines += [f"### {figure}, {policy} policy: {t['games']} games", "",
                  f"First player wins {p:.1%} (95% {lo:.1%}–{hi:.1%}); ties {t['ties']}, "
                  f"unfinished {t['unfinished']}.", "",
                  "| Leader | games | win rate | 95% interval | goal |", "|---|---|---|---|---|"]
        if not 0.45 <= p <= 0.55 and t["first_games"] >= minimum:
            missed.append(f"{figure}/{policy}: first player {p:.1%}")
        for leader in sorted(t["leader_games"], key=lambda k: -t["leader_wins"][k] / t["leader_games"][k]):
            games = t["leader_games"][leader]
            rate, low, high = wilson(t["leader_wins"][leader], games)
            ok = 0.40 <= rate <= 0.60
            enough = games >= minimum
            mark = ("✅" if ok else "❌") + ("" if enough else " (few games)")
            if not ok and enough:
                missed.append(f"{figure}/{policy}: {names.get(leader, leader)} {rate:.1%}")
            lines.append(f"| {names.get(leader, leader)} | {games} | {rate:.1%} | {low:.1%}–{high:.1%} | {mark} |")
        dead = [(k, t["used"][k], n) for k, n in sorted(t["available"].items()) if n >= 50 and t["used"][k] * 50 < n]
        lines += ["", "Active powers used less than once per 50 matches where they could be used: "
                  + (", ".join(f"{names.get(k.split('/')[0], k)} {k.split('/')[1]} ({u}/{n})" for k, u, n in dead)
                     or "none") + ".", ""]
        missed += [f"{figure}/{policy}: dead power {k}" for k, _, _ in dead]
    return "\n".join(lines), missed


def write_doc(text: str, machine: str) -> None:
    """Replace the balance section of docs/rules/pixel_tactics.md."""
    doc = DOC.read_text()
    block = f"{START}\n_Measured by `python -m benchmarks.pt_balance --write` on {machine}._\n\n{text}\n{END}"
    if START in doc and END in doc:
        doc = doc[: doc.index(START)] + block + doc[doc.index(END) + len(END):]
    else:
        doc = doc.rstrip() + "\n\n## Balance (measured)\n\n" + block + "\n"
    DOC.write_text(doc)


def main(argv: list[str] | None = None) -> int:
    """Run the missing chunks, then print (and with --write, store) the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per figure and policy (at least)")
    parser.add_argument("--per-leader", type=int, default=300, help="games per Leader per figure (at least)")
    parser.add_argument("--figures", nargs="*", default=["mirror-core", "mirror-core2", "decks"])
    parser.add_argument("--policies", nargs="*", default=["random", "heuristic"])
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--results", type=Path, default=Path(".pt_balance.jsonl"))
    parser.add_argument("--write", action="store_true", help="write the tables into docs/rules/pixel_tactics.md")
    parser.add_argument("--hours", type=float, default=2.0, help="stop starting new chunks after this long")
    args = parser.parse_args(argv)
    from bot.games.pixel_tactics import sets

    contents = figure_contents(args.figures)
    done = {(r["figure"], r["policy"], r["chunk"]) for r in load_results(args.results, contents)}
    jobs = []
    for figure in args.figures:
        leaders = len(sets.SETS[figure.removeprefix("mirror-")]) if figure.startswith("mirror-") else sum(
            1 for c in sets.all_cards() if "leader" in c and c["set"] != "promo")
        total = math.ceil(max(args.games, args.per_leader * leaders / 2) / CHUNK)  # a game counts for two Leaders
        jobs += [(figure, policy, chunk, f"{contents[figure]}/{policy_hash(policy)}") for policy in args.policies
                 for chunk in range(total)
                 if (figure, policy, chunk) not in done]
    deadline = time.monotonic() + args.hours * 3600
    print(f"{len(done)} chunks stored, {len(jobs)} to play ({CHUNK} games each)", file=sys.stderr)
    with ProcessPoolExecutor(args.workers) as pool, args.results.open("a") as out:
        pending = iter(jobs)
        running = {pool.submit(play_chunk, job) for job in [next(pending, None) for _ in range(args.workers * 2)]
                   if job is not None}
        while running:
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                out.write(json.dumps(future.result()) + "\n")
                out.flush()
                job = next(pending, None) if time.monotonic() < deadline else None
                if job is not None:
                    running.add(pool.submit(play_chunk, job))
    text, missed = report(merge(load_results(args.results, contents)), args.per_leader)
    print(text)
    print("\nGoals missed:\n" + ("\n".join(missed) or "none"), file=sys.stderr)
    if args.write:
        write_doc(text, f"{os.cpu_count()} cores, {time.strftime('%Y-%m-%d')}")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
