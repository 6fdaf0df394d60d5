"""The views the league images draw (``rendering/league`` sheets, the standings table of
``rendering/tournaments``), built from the rules' score sheet (``bot.league.sheet``)."""

from __future__ import annotations

from typing import Any

import bot.league as rules
from bot.games.pixel_tactics.pools import name_of as name_of_card
from bot.i18n import N_, SOURCE, t, tn
from cogs.league.common import base_name, name_of

#: at most this many cycle columns in the standings table (the latest ones), then the total
MAX_COLUMNS = 4
NOTE = N_("Cycle score: points of the Bases captured from rivals + 2 per own uncaptured Base.")


def progress(row: Any, lang: str = SOURCE) -> str:
    """Return where the league stands, e.g. ``cycle 2 of 3`` or ``final`` (in ``lang``)."""
    state = row.state or {}
    cycles = int(state.get("cycles") or row.options.get("cycles") or 0)
    if row.status == "finished":
        return tn(lang, "final after {n} cycle", "final after {n} cycles", cycles, n=cycles)
    if row.status == "signup":
        return t(lang, "signing up")
    phase = str(state.get("phase") or "")
    ended = int(state.get("ended") or 0)
    if phase in ("draft", "discard"):
        if ended:
            return t(lang, "redraft before cycle {cycle} of {cycles}", cycle=ended + 1, cycles=cycles)
        return t(lang, "the League Draft")
    return t(lang, "cycle {cycle} of {cycles}", cycle=int(state.get("cycle") or 0), cycles=cycles)


def _cycles(sheet: Any, total_cycles: int) -> list[int | None]:
    scores: list[int | None] = list(sheet.cycle_scores)
    return scores + [None] * max(0, total_cycles - len(scores))


def sheet_views(row: Any, lang: str = SOURCE) -> list[dict]:
    """Return every player's score-sheet view, best first (the winner crowned at the end), its words in
    ``lang``."""
    state = row.state or {}
    total_cycles = int(state.get("cycles") or row.options.get("cycles") or 0)
    over = row.status == "finished"
    sub = f"{name_of(row, lang)} · {progress(row, lang)}"
    views = []
    for s in rules.sheet(state):
        views.append({
            "name": s.name, "colour": s.colour, "rank": s.rank, "total": s.total, "subtitle": sub,
            "dropped": bool(s.dropped), "winner": over and s.rank == 1 and not s.dropped,
            "leaders": [{"name": name_of_card(lead["key"]), "retired": bool(lead.get("retired"))}
                        for lead in s.leaders],
            "bases": [{"name": base_name(b["key"], colour=False), "points": int(b.get("points") or 0),
                       "state": b.get("state") or "available", "by": b.get("by_name") or b.get("by")}
                      for b in s.bases],
            "captured": [{"name": base_name(c["key"]), "points": int(c.get("points") or 0),
                          "colour": base_name(c["key"]).split(" ", 1)[0].lower(),
                          "from": c.get("from_name") or c.get("from")} for c in s.captured],
            "cycles": _cycles(s, total_cycles)})
    names = {s.user_id: s.name for s in rules.sheet(state)}
    for view in views:  # user ids of captors and victims become names
        for b in view["bases"]:
            if isinstance(b["by"], int):
                b["by"] = names.get(b["by"], "?")
        for c in view["captured"]:
            if isinstance(c["from"], int):
                c["from"] = names.get(c["from"], "?")
    return views


def standings_view(row: Any, lang: str = SOURCE) -> dict:
    """Return the standings table's view (``rendering.tournaments.render_standings``): rank, player, the latest
    cycle scores and the total; the winner crowned at the end (its words in ``lang``)."""
    state = row.state or {}
    table = rules.sheet(state)
    played = max((len(s.cycle_scores) for s in table), default=0)
    first = max(0, played - MAX_COLUMNS)
    columns = [t(lang, "C{cycle}", cycle=k + 1) for k in range(first, played)] + [t(lang, "Total")]
    over = row.status == "finished"
    rows = [{"rank": s.rank, "name": s.name, "dropped": bool(s.dropped), "champion": over and s.rank == 1,
             "values": [str(v) for v in s.cycle_scores[first:]] + [str(s.total)]} for s in table]
    subtitle = t(lang, "Pixel Tactics League · {n} players · {progress}", n=len(table), progress=progress(row, lang))
    return {"title": name_of(row, lang), "subtitle": subtitle, "columns": columns, "rows": rows,
            "note": t(lang, NOTE)}
