"""Run the benchmarks and keep docs/performance.md up to date: ``python -m benchmarks [--quick] [--only NAME]
[--check]``. Each section runs on its own: its results are printed and written as soon as it finishes, and a
section that crashes is reported (with its traceback) without stopping the others."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from benchmarks.harness import Section, exit_code, run_all, summary_lines

DOC = Path(__file__).resolve().parents[1] / "docs" / "performance.md"

SECTIONS = [
    Section("render", "Rendering: every image the bot posts, from real game views", "benchmarks.bench_render",
            note="`ratio` is the render time over a bare PNG encode (zlib level 1, same image mode) of the very "
                 "pixels it produced, median over the views; `png_kib` the largest file; `vs_classic` a Pixel Tactics "
                 "team board's median over the Classic board's, in the same run. Goals: ratio ≤ 2, ≤ 100 KiB, "
                 "vs_classic ≤ 2."),
    Section("engine", "Pixies rules engine (random legal games)", "benchmarks.bench_engine",
            lambda quick: {"games": 20 if quick else 300}),
    Section("tixel", "Tixel (mid-game positions with 12+ pieces, from seeded random games)",
            "benchmarks.bench_tixel", lambda quick: {"games": 10 if quick else 30}),
    Section("cards", "Pixel Tactics and Pixel Pusher (seeded random games; renders of real views)",
            "benchmarks.bench_card_games", lambda quick: {"games": 5 if quick else 20},
            note="A step is `legal_actions` + `apply` + the public `view`, the work behind one click before "
                 "rendering."),
    Section("storage", "Storage: load a game and commit one action, with 10,000 games stored",
            "benchmarks.bench_storage", lambda quick: {"games": 10_000, "commits": 200 if quick else 2_000},
            row="load + commit",
            note="Each commit writes the new state and its action-log row in one transaction (WAL, "
                 "synchronous=NORMAL)."),
    Section("scheduler", "Scheduler: deadlines and reminders of many running games (three timers each)",
            "benchmarks.bench_scheduler",
            note="One loop sleeps until the earliest stored timer (an indexed `MIN(due_at)`); no game is loaded to "
                 "find it."),
    Section("discord", "Through the loopback Discord: 20 games at once", "benchmarks.bench_discord"),
    Section("ai", "Computer players: strength and decision times (issue 14)", "benchmarks.ai_strength",
            lambda quick: {"minutes": 1 if quick else 10},
            note="`python -m benchmarks.ai_strength --minutes M` goes on from the stored results "
                 "(`.ai_strength.jsonl`) for M more minutes; games of a pairing are counted as played, not as "
                 "planned (the issue's figure is 200 per pairing)."),
]


def main(argv: list[str] | None = None, *, sections: list[Section] | None = None, doc: Path = DOC) -> int:
    """Run the chosen sections, print and write each as it finishes; return the exit code."""
    sections = SECTIONS if sections is None else sections
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (a smoke run)")
    parser.add_argument("--only", action="append", choices=[s.name for s in sections], metavar="NAME",
                        help=f"run only this section (repeatable): {', '.join(s.name for s in sections)}")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 when a section misses one of its goals (or crashes)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/performance.md as it is")
    parser.add_argument("--profile", metavar="PATH",
                        help="discord: write a cProfile of the bot's event loop during the closed-loop runs")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    chosen = [s for s in sections if not args.only or s.name in args.only]
    extra = {"profile": args.profile} if args.profile else {}
    outcomes = run_all(chosen, quick=args.quick, doc=None if args.no_write else doc,
                       everything=sections, extra=extra)
    for line in summary_lines(outcomes):
        print(line)
    return exit_code(outcomes, check=args.check)


if __name__ == "__main__":
    sys.exit(main())
