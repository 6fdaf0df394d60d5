"""The views the tournament images draw (``rendering/tournaments``), built from the rules' state."""

from __future__ import annotations

import math
from typing import Any

import bot.tournaments as rules
from bot.i18n import N_, t
from cogs.tournaments.common import fmt_of, is_pod, name_of

TIE_BREAKS = N_("Ties broken by opponents' match-win % (OMW), game-win % (GW), then opponents' "
                "game-win % (OGW).")
STAGES = N_("Ranked by the round reached: players out in the same round share a place (listed by seed). "
            "GW: game-win %.")
POD_NOTE = N_("Each game scores 3, 2, 1, 0 by rank. Ties broken by games won, then by lot.")
#: the standings' column headings (short: they head narrow columns)
SWISS_COLUMNS = (N_("Pts"), N_("W-D-L"), N_("OMW"), N_("GW"), N_("OGW"))
ELIMINATION_COLUMNS = (N_("W-L"), N_("GW"))
POD_COLUMNS = (N_("Pts"), N_("Games won"))


def names_of(state: dict) -> dict[int, str]:
    """Return every player's name by user id."""
    return {s.user_id: s.name for s in rules.standings(state)}


def number(value: float) -> str:
    """Return points as posts show them: whole numbers plain, halves and thirds with one decimal."""
    value = float(value)
    return str(int(value)) if value == int(value) else f"{value:.1f}"


def _percent(value: float | None) -> str:
    if value is None:
        return "–"
    return str(round(value * 100 if value <= 1 else value))


def _subtitle(row: Any, state: dict, count: int, after: int | None, lang: str = "en") -> str:
    """Return the image's second line: format, size, match length, and which point of the tournament."""
    fmt = fmt_of(row, lang)
    head = t(lang, "{format} · {count} players · best of {best_of}", format=fmt[:1].upper() + fmt[1:], count=count,
             best_of=row.options.get("best_of", 1))
    if rules.is_over(state):
        return t(lang, "{head} · final", head=head)
    if after:
        return t(lang, "{head} · after round {round}", head=head, round=after)
    return t(lang, "{head} · round {round} in play", head=head, round=rules.round_no(state))


def standings_view(row: Any, state: dict | None = None, after: int | None = None, lang: str = "en") -> dict:
    """Return the standings table's view: ranks, points and tie-breaks (a single elimination: ranked by the
    round reached); the champion marked at the end. ``after``: the round just completed."""
    state = state if state is not None else row.state
    over = rules.is_over(state)
    table = rules.standings(state, through=None if over else after)  # not the next round's byes yet
    pods = is_pod(row)
    elimination = row.options.get("fmt") == rules.SINGLE_ELIM and not pods
    rows = []
    for s in table:
        if pods:
            values = [number(s.points), str(s.wins)]
        elif elimination:
            values = [f"{s.wins}-{s.losses}", _percent(s.gw)]
        else:
            values = [number(s.points), f"{s.wins}-{s.draws}-{s.losses}", _percent(s.omw), _percent(s.gw),
                      _percent(s.ogw)]
        rows.append({"rank": s.rank, "name": s.name, "values": values, "dropped": bool(s.dropped),
                     "champion": over and s.rank == 1})
    if pods:
        columns, note = POD_COLUMNS, POD_NOTE
    elif elimination:
        columns, note = ELIMINATION_COLUMNS, STAGES
    else:
        columns, note = SWISS_COLUMNS, TIE_BREAKS
    return {"title": name_of(row, lang), "subtitle": _subtitle(row, state, len(table), after, lang),
            "columns": [t(lang, c) for c in columns], "rows": rows, "note": t(lang, note)}


def round_name(index: int, total: int, lang: str = "en") -> str:
    """Return a single-elimination round's name: Final, Semi-finals, Quarter-finals, else Round n."""
    left = total - 1 - index
    named = {0: N_("Final"), 1: N_("Semi-finals"), 2: N_("Quarter-finals")}.get(left)
    return t(lang, named) if named else t(lang, "Round {round}", round=index + 1)


def match_label(index: int, total: int, k: int, lang: str = "en") -> str:
    """Return the name of match ``k`` (from 0, in bracket order) of a single-elimination round: Final,
    Semi-final 2, Quarter-final 3, else Round n · match m."""
    left = total - 1 - index
    if left == 0:
        return t(lang, "Final")
    if left == 1:
        return t(lang, "Semi-final {n}", n=k + 1)
    if left == 2:
        return t(lang, "Quarter-final {n}", n=k + 1)
    return t(lang, "Round {round} · match {n}", round=index + 1, n=k + 1)


def _wins(match: Any, uid: int) -> int | None:
    """Return the games a player has won in a match (``None`` before any game of it counted)."""
    if not match.done and not any(r is not None for r in match.results):
        return None
    return int(match.wins.get(uid, 0))


def _slot(match: Any, uid: int, names: dict[int, str], seeds: dict[int, int], dropped: set[int]) -> dict:
    score = None if match.bye else _wins(match, uid)
    return {"name": names.get(uid, "?"), "seed": seeds.get(uid), "score": score,
            "won": match.done and match.winner == uid, "dropped": uid in dropped}


def bracket_view(row: Any, state: dict | None = None, after: int | None = None, lang: str = "en") -> dict:
    """Return the bracket's view: every round of the bracket (later ones with the players known so far), each
    match named (``label``) with the match its winner goes on to (``feeds``). ``after``: the round just
    completed."""
    state = state if state is not None else row.state
    table = rules.standings(state)
    names = {s.user_id: s.name for s in table}
    dropped = {s.user_id for s in table if s.dropped}
    seeds = {p["id"]: p["seed"] for p in state.get("players") or [] if p.get("seed") is not None}
    total = state.get("rounds") or max(1, math.ceil(math.log2(max(2, len(table)))))
    played = rules.matches(state)
    rounds: list[dict] = []
    previous: list[dict] = []
    for index in range(total):
        these = sorted((m for m in played if m.round == index + 1), key=lambda m: m.slot)
        if these:
            matches = []
            for m in these:
                slots = [_slot(m, uid, names, seeds, dropped) for uid in m.players]
                if m.bye:
                    slots = slots[:1] + [{"bye": True}]
                matches.append({"done": bool(m.done), "slots": slots})
        else:  # not created yet: the winners known so far, in bracket order
            count = max(1, len(previous) // 2)
            matches = []
            for k in range(count):
                pair = previous[2 * k:2 * k + 2]
                slots = [_winner_slot(p) for p in pair] + [None] * (2 - len(pair))
                matches.append({"done": False, "slots": slots})
        for k, match in enumerate(matches):
            match["label"] = match_label(index, total, k, lang)
            match["feeds"] = match_label(index + 1, total, k // 2, lang) if index + 1 < total else None
        rounds.append({"name": round_name(index, total, lang), "matches": matches})
        previous = matches
    champion = rules.champion(state)
    return {"title": name_of(row, lang), "subtitle": _subtitle(row, state, len(table), after, lang),
            "champion": names.get(champion) if champion is not None else None, "rounds": rounds}


def _winner_slot(match: dict) -> dict | None:
    """Return the slot of a match's winner, as the next round shows it (no score yet)."""
    for slot in match["slots"]:
        if slot and slot.get("won"):
            return {**slot, "score": None, "won": False}
    return None
