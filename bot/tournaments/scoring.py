"""Settling a match from its games: best_of majorities, drawn games, the +2 cap, drops and overrides."""

from __future__ import annotations

from dataclasses import dataclass

from .model import SINGLE_ELIM
from .pods import place_points


@dataclass
class Outcome:
    """What a match stands at: game wins, drawn games, points given, winner, and how it was decided."""

    done: bool
    winner: int | None
    wins: dict[int, int]
    draws: int
    points: dict[int, float]
    decided_by: str


def ranks_of(pairs: list[list[int]] | None) -> dict[int, int] | None:
    """Turn the stored ``[[user_id, rank], ...]`` into a dict (None stays None)."""
    return None if pairs is None else {int(u): int(r) for u, r in pairs}


def normalise(players: list[int], ranks: dict[int, int], last: list[int]) -> dict[int, int]:
    """Rank ``players`` by ``ranks`` (1 best, ties shared); those missing or in ``last`` tie last."""
    active = [p for p in players if p in ranks and p not in last]
    out = {p: 1 + sum(ranks[q] < ranks[p] for q in active) for p in active}
    for p in players:
        if p not in out:
            out[p] = len(active) + 1
    return out


def recorded(match: dict) -> list[dict[int, int]]:
    """Return the ranks of the match's finished, not voided games, in order."""
    return [ranks_of(g["ranks"]) for g in match["games"] if not g["void"] and g["ranks"] is not None]


def duel_winner(ranks: dict[int, int]) -> int | None:
    """Return the player ranked alone first, or None for a drawn game."""
    best = min(ranks.values())
    top = [p for p, r in ranks.items() if r == best]
    return top[0] if len(top) == 1 else None


def settle(match: dict, best_of: int, pod: bool, elimination: bool, seed_of: dict[int, int]) -> Outcome:
    """Return the outcome of ``match`` as its games, drops and override stand."""
    if match["bye"]:
        (player,) = match["players"]
        return Outcome(True, player, {player: 2}, 0, {player: 3}, "bye")
    if pod:
        return _settle_pod(match, best_of)
    return _settle_duel(match, best_of, elimination, seed_of)


def _settle_duel(match: dict, best_of: int, elimination: bool, seed_of: dict[int, int]) -> Outcome:
    """Two players: first to a majority of best_of; draws replayed up to best_of + 2 games."""
    a, b = match["players"]
    wins, draws = {a: 0, b: 0}, 0
    for ranks in recorded(match):
        winner = duel_winner(ranks)
        if winner is None:
            draws += 1
        else:
            wins[winner] += 1
    majority = best_of // 2 + 1
    override, gone = ranks_of(match["override"]), match["dropped"]
    done, winner, by = False, None, ""
    if override is not None:
        done, winner, by = True, duel_winner(normalise([a, b], override, [])), "override"
    elif gone:
        left = [p for p in (a, b) if p not in gone]
        done, winner, by = True, (left[0] if left else None), "drop"
    elif max(wins.values()) >= majority:
        done, winner, by = True, max(wins, key=wins.get), "games"
    else:
        remaining = best_of + 2 - (wins[a] + wins[b] + draws)
        lead = abs(wins[a] - wins[b])
        if remaining <= 0 or lead > remaining:
            done, by = True, "cap"
            winner = max(wins, key=wins.get) if lead else None
    if done and winner is None and elimination:
        winner = min((a, b), key=lambda p: seed_of.get(p, 0))
        by = "seed" if by == "cap" else by
    if winner is not None and by in ("override", "drop"):
        loser = b if winner == a else a
        wins[winner] = max(wins[winner], majority)
        wins[loser] = min(wins[loser], majority - 1)
    points = {}
    if done and winner is None:
        points = {a: 0, b: 0} if by == "drop" else {a: 1, b: 1}
    elif done:
        points = {winner: 3, (b if winner == a else a): 0}
    return Outcome(done, winner, wins, draws, points, by)


def _settle_pod(match: dict, best_of: int) -> Outcome:
    """A pod plays best_of games scored by place and summed; drops and overrides fill the rest."""
    players, gone = match["players"], match["dropped"]
    games = recorded(match)
    remaining = best_of - len(games)
    by = "games" if remaining <= 0 else ""
    override = ranks_of(match["override"])
    if remaining > 0 and override is not None:
        games += [normalise(players, override, gone)] * remaining
        by = "override"
    elif remaining > 0 and len([p for p in players if p not in gone]) < 2:
        games += [normalise(players, {p: 1 for p in players}, gone)] * remaining
        by = "drop"
    points = {p: 0.0 for p in players}
    wins = {p: 0 for p in players}
    for ranks in games:
        for p, value in place_points(ranks).items():
            points[p] += value
        winner = duel_winner(ranks)
        if winner is not None:
            wins[winner] += 1
    done = by != ""
    best = max(points.values())
    top = [p for p in players if points[p] == best]
    winner = top[0] if done and len(top) == 1 else None
    return Outcome(done, winner, wins, 0, points if done else {}, by)


def settle_all(t: dict) -> dict[str, Outcome]:
    """Settle every match of the tournament, by match id."""
    seed_of = {p["id"]: p["seed"] or 0 for p in t["players"]}
    elimination = t["fmt"] == SINGLE_ELIM
    return {m["id"]: settle(m, t["best_of"], t["pod"], elimination, seed_of) for m in t["matches"]}
