"""Scoring and the score sheets: cycle scores from the results, totals, ranks, pools."""

from __future__ import annotations

from . import pools
from .challenges import (
    available_leaders,
    base_states,
    captures,
    decided,
    deck_locked,
    loser_of,
    retired_leaders,
)
from .model import UNCAPTURED_POINTS, SheetRow
from .state import player


def cycle_score(lg: dict, user_id: int, cycle: int) -> int:
    """Return a player's score at the end of ``cycle``: points of Bases captured from rivals so far, plus 2 for
    each own Base still uncaptured (a dropped player scores nothing from the cycle they left in; ours)."""
    p = player(lg, user_id)
    if p["dropped"] and p["dropped_cycle"] <= cycle:
        return 0
    taken = {k: v for k, v in captures(lg).items() if v["cycle"] <= cycle}
    won = sum(pools.base_points(k) for k, v in taken.items() if v["by"] == user_id)
    kept = sum(1 for k in p["bases"] if k not in taken)
    return won + UNCAPTURED_POINTS * kept


def totals(lg: dict) -> dict[int, int]:
    """Return user id -> league total (the sum of the ended cycles' scores)."""
    return {p["id"]: sum(cycle_score(lg, p["id"], k) for k in range(1, lg["ended"] + 1)) for p in lg["players"]}


def ranks(lg: dict) -> dict[int, int]:
    """Return user id -> rank by total (ties share a rank: 1, 1, 3)."""
    tot = totals(lg)
    return {uid: 1 + sum(1 for v in tot.values() if v > t) for uid, t in tot.items()}


def standings_order(lg: dict) -> list[int]:
    """Return the active players' user ids, lowest total first (ties: in sign-up order; ours)."""
    tot = totals(lg)
    live = [p["id"] for p in lg["players"] if not p["dropped"]]
    return sorted(live, key=lambda uid: tot[uid])


def leaders_of_the_table(lg: dict) -> list[int]:
    """Return the active players with the highest total (several on a shared first place; ours)."""
    tot = totals(lg)
    live = [p["id"] for p in lg["players"] if not p["dropped"]]
    best = max((tot[u] for u in live), default=None)
    return [u for u in live if tot[u] == best]


def winners(lg: dict) -> list[int]:
    """Return the winners' user ids once the league has ended (recomputed, so a later void or override counts)."""
    return leaders_of_the_table(lg) if lg["phase"] == "over" else []


def sheet(lg: dict) -> list[SheetRow]:
    """Return every player's score pad, best first (ties in sign-up order)."""
    tot, rank = totals(lg), ranks(lg)
    taken = captures(lg)
    rows = []
    for p in lg["players"]:
        uid = p["id"]
        retired = list(retired_leaders(lg, uid))
        leaders = []
        for key in p["leaders"]:
            leaders.append({"key": key, "retired": key in retired})
            if key in retired:
                retired.remove(key)
        won = [{"key": k, "points": pools.base_points(k), "from": v["from"], "cycle": v["cycle"]}
               for k, v in taken.items() if v["by"] == uid]
        mine = [c for c in decided(lg) if uid in (c["by"], c["to"])]
        rows.append(SheetRow(
            rank[uid], uid, p["name"], p["colour"] or "", leaders, base_states(lg, uid), won,
            [cycle_score(lg, uid, k) for k in range(1, lg["ended"] + 1)],
            cycle_score(lg, uid, lg["cycle"]) if lg["phase"] == "cycle" else 0, tot[uid], p["dropped"],
            sum(1 for c in mine if c["winner"] == uid), sum(1 for c in mine if loser_of(c) == uid),
            sum(1 for c in mine if c["winner"] is None)))
    return sorted(rows, key=lambda r: r.rank)


def pool_of(lg: dict, user_id: int) -> dict:
    """Return a player's league pool: Leaders, Heroes, deck, Bases (with their state), colour, deck lock."""
    p = player(lg, user_id)
    started = lg["phase"] != "signup"
    return {"leaders": list(p["leaders"]), "heroes": list(p["heroes"]), "deck": list(p["deck"]),
            "bases": base_states(lg, user_id), "colour": p["colour"],
            "available_leaders": available_leaders(lg, user_id) if started else [],
            "locked": deck_locked(lg, user_id)}
