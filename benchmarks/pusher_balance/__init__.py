"""Pixel Pusher balance (issue #17): random, greedy and planner players; seat fairness, policy strength, card
and image shares of winners, zero scores.

Run ``python -m benchmarks.pusher_balance [--games 1000] [--players 2 3 4] [--figures KIND ...] [--content V]
[--workers N] [--write]``. Figures (each ``--games`` games, seeds 0..N-1) per player count: ``greedy`` and
``random`` self-play, ``planner-greedy`` and ``greedy-random`` (one seat of the stronger policy, rotating with
the seed). It prints the goals and tables and exits 1 when a goal is missed; ``--write`` puts the tables in
docs/rules/pixel_pusher.md between ``<!-- pusher-balance:start -->`` and ``<!-- pusher-balance:end -->``.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import os
import time

from bot.games.pixel_pusher.content import CURRENT, VERSION_CARDS

from .figures import KINDS, run_figures
from .report import goals, tables, write_doc


def content_hash(content: int) -> str:
    """Return a short hash of a content version's cards (tells apart runs of a version being tuned)."""
    machines, images = VERSION_CARDS[content]
    data = json.dumps([machines, [{k: v for k, v in c.items() if k != "_version"} for c in images]],
                      sort_keys=True, default=str)
    return hashlib.sha256(data.encode()).hexdigest()[:8]


def main(argv: list[str] | None = None) -> int:
    """Play the figures, print the report (and with --write, store it); return 1 if a goal is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per figure (seeds 0..N-1)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], choices=[2, 3, 4])
    parser.add_argument("--figures", nargs="+", default=list(KINDS), choices=list(KINDS))
    parser.add_argument("--content", type=int, default=CURRENT, choices=sorted(VERSION_CARDS))
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--write", action="store_true", help="write the tables into docs/rules/pixel_pusher.md")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    figures = [(kind, n) for n in args.players for kind in args.figures]
    results = run_figures(figures, args.games, args.content, args.workers)
    text = tables(results, args.content)
    elapsed = time.perf_counter() - started
    command = "python -m benchmarks.pusher_balance" + (f" --games {args.games}" if args.games != 1000 else "")
    if args.content != CURRENT:
        command += f" --content {args.content}"
    header = (f"_Measured by `{command} --write` on a {os.cpu_count()}-core machine ({args.workers} workers, "
              f"{elapsed:.0f} s) on {datetime.date.today().isoformat()}, content version {args.content} "
              f"(cards {content_hash(args.content)}), "
              f"{args.games} games per figure (seeds 0–{args.games - 1})._")
    print(header + "\n\n" + text)
    if args.write:
        write_doc(text, header)
    judged = goals(results, args.content)
    missed = [g for g in judged if not g["ok"]]
    print(f"\nSummary: {len(judged) - len(missed)} of {len(judged)} goals met in {elapsed:.0f} s.")
    for g in missed:
        print(f"  ❌ {g['goal']}, {g['players']} players: {g['measured']} (target {g['target']})")
    return 1 if missed else 0
