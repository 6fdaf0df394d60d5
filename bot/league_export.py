"""A league as CSV text: its score sheets (one line per player), then its challenges (no hidden cards: a secret
choice appears only once both players chose)."""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING

from bot import league as lg

if TYPE_CHECKING:
    from storage.leagues import LeagueRow

SHEET_HEADER = ["rank", "user_id", "name", "colour", "cycle_scores", "total", "own_bases", "captured_bases",
                "wins", "losses", "ties", "dropped"]
CHALLENGE_HEADER = ["challenge", "cycle", "by", "to", "status", "leader_by", "leader_to", "attacked_by",
                    "attacked_to", "game_id", "winner", "captured", "overridden"]


def _bases(row: lg.SheetRow) -> str:
    """Return a player's own Bases with their state (``key=available``, ``key=captured by <id>``, …)."""
    parts = []
    for base in row.bases:
        state = base.get("state", "")
        parts.append(f"{base['key']}={state}" + (f" by {base['by']}" if base.get("by") else ""))
    return "; ".join(parts)


def to_csv(row: LeagueRow) -> str:
    """Return the CSV export of a league: a title line, the score sheets, a blank line, then its challenges."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    state = row.state
    writer.writerow([f"League #{row.id}", f"{state.get('cycles')} cycles of {state.get('cycle_days')} days",
                     row.status])
    writer.writerow(SHEET_HEADER)
    for sheet in lg.sheet(state):
        writer.writerow([sheet.rank, sheet.user_id, sheet.name, sheet.colour,
                         " ".join(str(s) for s in sheet.cycle_scores), sheet.total, _bases(sheet),
                         "; ".join(f"{c['key']} from {c['from']}" for c in sheet.captured), sheet.wins,
                         sheet.losses, sheet.ties, "yes" if sheet.dropped else "no"])
    writer.writerow([])
    writer.writerow(CHALLENGE_HEADER)
    for ch in lg.challenges(state):  # seen by nobody in particular: choices only once both chose
        def pick(chosen: dict[int, str | None], user_id: int) -> str:
            return chosen.get(user_id) or ""

        winner = "tie" if ch.tie else (ch.winner or "")
        writer.writerow([ch.id, ch.cycle, ch.by, ch.to, ch.status, pick(ch.leaders, ch.by), pick(ch.leaders, ch.to),
                         pick(ch.attacks, ch.by), pick(ch.attacks, ch.to), ch.game_id or "", winner,
                         ch.captured or "", "yes" if ch.overridden else "no"])
    return out.getvalue()
