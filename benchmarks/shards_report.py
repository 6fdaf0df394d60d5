"""The shard load test's report (``benchmarks.shards``): its figures as docs/performance.md's section, and
writing that section alone into the document."""

from __future__ import annotations

import argparse
import os
import re
from datetime import UTC, datetime
from pathlib import Path


def markdown(result: dict, args: argparse.Namespace) -> str:
    """The result as docs/performance.md's section."""
    from benchmarks.harness import machine
    from benchmarks.shards import CLICK_TIMEOUT, PROCESSES  # the test's settings (it imports this module)

    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lat = result["click_to_image"]
    rows = [
        ("games (Pixel Pusher, 2 players, each in a thread)", result["games"]),
        ("players click after a post (mean s; 0 = at once)", result.get("think_s", 0.0)),
        ("guilds (their shards)", f"{result.get('guilds', 1)} "
                                  f"({', '.join(map(str, result.get('guild_shards', []))) or '—'})"),
        ("bot processes × shards", f"{result['processes']} × {result['shards'] // result['processes']} "
                                   f"({', '.join(f'{k}: {v}' for k, v in PROCESSES.items())})"),
        ("kills (SIGKILL, in turn, then restart)", f"{result['kills']} every {args.kill_every:.0f} s over "
                                                   f"{result['seconds_with_kills']:.0f} s, "
                                                   f"{result['leader_kills']} of the leader"),
        ("failover: leader killed → a process leads (s)", ", ".join(map(str, result["failover_s"])) or "—"),
        ("clicks sent / acknowledged / refused (stale) / unanswered (retried)",
         f"{result['clicks_sent']} / {result['clicks_acknowledged']} / {result['clicks_refused']} / "
         f"{result['clicks_unanswered']}"),
        *((f"shard {shard}: games / clicks sent (of them in DMs) / acknowledged",
           f"{row['games']} / {row['clicks_sent']} ({row.get('dm_clicks_sent', 0)}) / {row['clicks_acknowledged']}")
          for shard, row in result.get("by_shard", {}).items()),
        ("actions logged", result["actions_logged"]),
        ("**lost actions** (acknowledged, not in the log)", result["lost"]),
        ("**doubled actions** (logged beyond the clicks sent)", result["doubled"]),
        ("logs that do not replay to the stored state / with gaps",
         f"{result['replay_mismatches']} / {result['log_gaps']}"),
        ("**stalled games** (unposted / no progress in the last minute)",
         f"{result['stalled_unposted']} / {result['stalled_no_progress']}"),
        ("games finished", result["finished"]),
        ("click → image posted: n, median, p95, **p99**, max (ms)",
         f"{lat.get('n', 0)}, {lat.get('median_ms', '—')}, {lat.get('p95_ms', '—')}, {lat.get('p99_ms', '—')}, "
         f"{lat.get('max_ms', '—')}"),
        ("fake Discord violations / bot ERROR log lines", f"{result['fake_violations']} / {result['bot_error_lines']}"),
        ("wall time (s)", result["wall_s"]),
    ]
    table = "| figure | value |\n|---|---|\n" + "\n".join(f"| {k} | {v} |" for k, v in rows)
    body = (f"## Shards across processes, with kills (issue 15)\n\n_Measured {when} by `python -m benchmarks.shards "
            f"--games {args.games} --seconds {args.seconds:.0f} --kill-every {args.kill_every:.0f} --grace "
            f"{args.grace:.0f} --guilds {getattr(args, 'guilds', 1)} --think {getattr(args, 'think', 0.0):g}` (not part of `python -m benchmarks`: it kills processes) on {machine()}, shared with "
            f"other work (load average {os.getloadavg()[0]:.1f} at the end)._\n\n{table}\n\n"
            f"{spread(result)} A click without an answer "
            f"within {CLICK_TIMEOUT:.0f} s (its shard's process was down) is retried by the simulated player, as a "
            "member would click again. Click → image is polled every 50 ms and counts only acknowledged clicks; it "
            "includes the time a click waited for a restarting process. Actions logged beyond those acknowledged are "
            "clicks committed whose answer died with a killed process (the player saw no answer, the game moved "
            "on). The leader election retries every 15 s; a restarted process also tries at once.\n")
    return f'<!-- section shards measured="{when}" -->\n{body}<!-- end shards -->\n'


def spread(result: dict) -> str:
    """How the games' traffic reaches the shards (the report's words)."""
    guilds = result.get("guilds", 1)
    busy = sorted(set(result.get("guild_shards", [])) | {0})
    if guilds == 1:
        return ("The loopback Discord has one guild: its events go to one shard and DMs to shard 0, so only "
                f"shards {', '.join(map(str, busy))} of the {result['shards']} carry traffic.")
    return (f"The loopback Discord has {guilds} guilds, game i in guild i mod {guilds}, each guild on shard "
            f"(guild_id >> 22) mod {result['shards']} (its table's clicks go there; the secret drafts' clicks, in "
            f"DMs, to shard 0): shards {', '.join(map(str, busy))} of the {result['shards']} carry traffic (the "
            "rows by shard).")


def write_block(path: Path, block: str) -> None:
    """Replace this test's block in the document (or add it at the end), leaving the rest (its header names the
    machine of the other sections) as it is."""
    text = path.read_text(encoding="utf-8")
    found = re.search(r"<!-- section shards[^>]*-->\n.*?<!-- end shards -->\n?", text, re.S)
    text = text[:found.start()] + block + text[found.end():] if found else text.rstrip("\n") + "\n\n" + block
    path.write_text(text, encoding="utf-8")
