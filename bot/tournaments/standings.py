"""Standings: match points and Swiss tie-breaks, elimination stages, and pod scores."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .model import SINGLE_ELIM, Standing
from .scoring import Outcome, recorded, settle_all

THIRD = Fraction(1, 3)


@dataclass
class Record:
    """One player's running totals over their decided matches."""

    points: Fraction = Fraction(0)
    wins: int = 0
    draws: int = 0
    losses: int = 0
    matches: int = 0
    game_points: int = 0
    games: int = 0
    opponents: list[int] = field(default_factory=list)


def _mean(values: list[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values) if values else Fraction(0)


def standings(t: dict, through: int | None = None) -> list[Standing]:
    """Return the standings of the tournament as its decided matches stand (best first); ``through``: only the
    matches of rounds 1..through count (the standings at the end of that round, before the next one's byes)."""
    if through is not None:
        t = {**t, "matches": [m for m in t["matches"] if m["round"] <= through]}
    done = settle_all(t)
    return pod_standings(t, done) if t["pod"] else duel_standings(t, done)


def duel_records(t: dict, outcomes: dict[str, Outcome]) -> dict[int, Record]:
    """Sum match points, match and game records and opponents over the decided two-player matches."""
    records = {p["id"]: Record() for p in t["players"]}
    for match in t["matches"]:
        out = outcomes[match["id"]]
        if not out.done:
            continue
        for p in match["players"]:
            rec = records[p]
            rec.points += out.points[p]
            rec.matches += 1
            if out.winner == p:
                rec.wins += 1
            elif out.points[p] == 1:
                rec.draws += 1
            else:
                rec.losses += 1
            rec.game_points += 3 * out.wins[p] + out.draws
            rec.games += sum(out.wins.values()) + out.draws
            rec.opponents += [q for q in match["players"] if q != p]
    return records


def duel_standings(t: dict, outcomes: dict[str, Outcome]) -> list[Standing]:
    """Rank two-player formats: points, OMW% (floor 1/3), GW%, OGW% (floor 1/3), then the seed's lot."""
    records = duel_records(t, outcomes)
    mw = {p: r.points / (3 * r.matches) if r.matches else Fraction(0) for p, r in records.items()}
    gw = {p: Fraction(r.game_points, 3 * r.games) if r.games else Fraction(0) for p, r in records.items()}
    omw = {p: _mean([max(THIRD, mw[o]) for o in r.opponents]) for p, r in records.items()}
    ogw = {p: _mean([max(THIRD, gw[o]) for o in r.opponents]) for p, r in records.items()}
    if t["fmt"] == SINGLE_ELIM:
        stage = _stages(t, outcomes)
        order = {p: (-stage[p], _seed(t, p)) for p in records}
        tie = {p: -stage[p] for p in records}
    else:
        order = {p: (-records[p].points, -omw[p], -gw[p], -ogw[p], _lot(t, p)) for p in records}
        tie = order
    rows = []
    for p in sorted(records, key=lambda q: order[q]):
        rank = 1 + sum(tie[q] < tie[p] for q in records)
        r = records[p]
        rows.append(Standing(rank, p, _name(t, p), _number(r.points), r.wins, r.draws, r.losses,
                             float(omw[p]), float(gw[p]), float(ogw[p]), _dropped(t, p)))
    return rows


def pod_standings(t: dict, outcomes: dict[str, Outcome]) -> list[Standing]:
    """Rank a pod tournament: points, then games won (ranked alone first), then the seed's lot."""
    points = {p["id"]: 0.0 for p in t["players"]}
    tally = {p["id"]: [0, 0, 0] for p in t["players"]}
    for match in t["matches"]:
        out = outcomes[match["id"]]
        if not out.done:
            continue
        for p in match["players"]:
            points[p] += out.points[p]
        for ranks in recorded(match):
            best = min(ranks.values())
            shared = sum(r == best for r in ranks.values()) > 1
            for p, r in ranks.items():
                tally[p][1 if r == best and shared else 0 if r == best else 2] += 1
    order = sorted(points, key=lambda p: (-points[p], -tally[p][0], _lot(t, p)))
    return [Standing(i + 1, p, _name(t, p), _number(points[p]), *tally[p], 0.0, 0.0, 0.0, _dropped(t, p))
            for i, p in enumerate(order)]


def _stages(t: dict, outcomes: dict[str, Outcome]) -> dict[int, int]:
    """Single elimination: the round a player went out in; still in (or champion) counts as beyond it."""
    stage = {p["id"]: t["rounds"] + 1 for p in t["players"]}
    for match in t["matches"]:
        out = outcomes[match["id"]]
        if out.done and not match["bye"]:
            for p in match["players"]:
                if p != out.winner:
                    stage[p] = match["round"]
    return stage


def _player(t: dict, user_id: int) -> dict:
    return next(p for p in t["players"] if p["id"] == user_id)


def _name(t: dict, user_id: int) -> str:
    return _player(t, user_id)["name"]


def _lot(t: dict, user_id: int) -> int:
    return _player(t, user_id)["lot"] or 0


def _seed(t: dict, user_id: int) -> int:
    return _player(t, user_id)["seed"] or 0


def _dropped(t: dict, user_id: int) -> bool:
    return _player(t, user_id)["dropped"]


def _number(value) -> float:
    """Return an int when the value is whole (3 not 3.0), else a float."""
    return int(value) if value == int(value) else float(value)
