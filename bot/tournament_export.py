"""A tournament as CSV text: its standings, then its matches game by game (names and results; no deck)."""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING

from bot import tournaments as tm
from bot.registry import title
from bot.tournament_rules import FORMAT_NAMES

if TYPE_CHECKING:
    from storage.tournaments import TournamentGame, TournamentRow

STANDING_HEADER = ["rank", "user_id", "name", "points", "wins", "draws", "losses", "omw_pct", "gw_pct", "ogw_pct",
                   "dropped"]
MATCH_HEADER = ["round", "match", "players", "game_no", "game_id", "game_ranks", "match_winner", "decided_by"]


def _pct(value: float) -> str:
    return f"{100 * value:.2f}"


def to_csv(row: TournamentRow, games: list[TournamentGame]) -> str:
    """Return the CSV export of a tournament: a title line, the standings, a blank line, then one line per game
    of each match (a bye or a match decided without games: one line without a game)."""
    state = row.state
    names = {s.user_id: s.name for s in tm.standings(state)}
    number = {g.game_id: g.game_no for g in games}
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["tournament", row.id, title(row.kind), FORMAT_NAMES.get(row.options.get("fmt"), ""),
                f"best of {row.options.get('best_of')}", row.status, "champion",
                names.get(tm.champion(state) or 0, "")])
    w.writerow(STANDING_HEADER)
    for s in tm.standings(state):
        w.writerow([s.rank, s.user_id, s.name, s.points, s.wins, s.draws, s.losses, _pct(s.omw), _pct(s.gw),
                    _pct(s.ogw), "yes" if s.dropped else "no"])
    w.writerow([])
    w.writerow(MATCH_HEADER)
    for m in tm.matches(state):
        players = " / ".join(names.get(p, str(p)) for p in m.players)
        winner = names.get(m.winner, "") if m.winner is not None else ""
        decided = "bye" if m.bye else m.decided_by
        if not m.game_ids:
            w.writerow([m.round, m.id, players, "", "", "", winner, decided])
        for game_id, ranks in zip(m.game_ids, m.results, strict=True):
            shown = "" if ranks is None else "; ".join(
                f"{names.get(u, str(u))} {r}" for u, r in sorted(ranks.items(), key=lambda item: (item[1], item[0])))
            w.writerow([m.round, m.id, players, number.get(game_id, ""), game_id, shown, winner, decided])
    return out.getvalue()
