"""Cycle ends (scoring, lapses, discards, the redraft, the league end), deck edits, drops and replacements."""

from __future__ import annotations

from collections import Counter

from bot.games.base import N_, clone, rng_for

from .challenges import deck_locked
from .draft import open_draft, settle
from .model import DECK_HEROES, NEW_HEROES, OPEN, LeagueError
from .sheet import standings_order, winners
from .state import active, find, need, player

_RUNNING = ("draft", "cycle", "discard")


def end_cycle(lg: dict) -> dict:
    """Score the cycle: open challenges lapse, Leaders un-retire; then the discards (or, after the last cycle, the
    league ends and the most points win, ties sharing)."""
    need(lg, ("cycle",), N_("No cycle is running."))
    lg = clone(lg)
    for c in lg["challenges"]:
        if c["status"] in OPEN:
            c["status"] = "lapsed"
    lg["ended"] += 1
    if lg["ended"] >= lg["cycles"]:
        lg["phase"] = "over"
        lg["winners"] = winners(lg)
        return lg
    lg["phase"] = "discard"
    for p in lg["players"]:
        p["discarded"] = [] if p["dropped"] else None
    return lg


def waiting_discards(lg: dict) -> list[int]:
    """Return the active players who have not yet said which Leaders they discard."""
    if lg["phase"] != "discard":
        return []
    return [p["id"] for p in lg["players"] if not p["dropped"] and p["discarded"] is None]


def discard_leaders(lg: dict, user_id: int, keys: list[str]) -> dict:
    """A player discards Leaders back to the Leader pool (none: keep them all); the redraft opens once all said."""
    need(lg, ("discard",), N_("Leaders are discarded after a cycle is scored, before the redraft."))
    p = active(lg, user_id)
    if p["discarded"] is not None:
        raise LeagueError("You have already chosen your discards this cycle.")
    if Counter(keys) - Counter(p["leaders"]):
        raise LeagueError("You can only discard Leaders you hold.")
    lg = clone(lg)
    p = find(lg, user_id)
    for key in keys:
        p["leaders"].remove(key)
        lg["piles"]["leaders"].append(key)
    p["discarded"] = list(keys)
    if not waiting_discards(lg):
        _redraft(lg)
    return lg


def close_discards(lg: dict) -> dict:
    """End the discards now (a timeout or the organiser; ours): whoever has not answered keeps every Leader."""
    need(lg, ("discard",), N_("No discards are waiting."))
    lg = clone(lg)
    for p in lg["players"]:
        if p["discarded"] is None:
            p["discarded"] = []
    _redraft(lg)
    return lg


def _redraft(lg: dict) -> None:
    """Shuffle both piles and open the League Draft, lowest total first (in place)."""
    rng_for(lg["seed"], "leaders", lg["ended"]).shuffle(lg["piles"]["leaders"])
    rng_for(lg["seed"], "heroes", lg["ended"]).shuffle(lg["piles"]["heroes"])
    lg["phase"] = "draft"
    open_draft(lg, standings_order(lg), NEW_HEROES)


def set_deck(lg: dict, user_id: int, heroes: list[str]) -> dict:
    """Set a player's league deck: exactly 25 Heroes of their pool (refused while an accepted battle is pending)."""
    need(lg, _RUNNING, N_("Decks are edited once the league has started and until it ends."))
    p = active(lg, user_id)
    if deck_locked(lg, user_id):
        raise LeagueError("Your deck is locked until the battle you accepted is played.")
    if len(heroes) != DECK_HEROES:
        raise LeagueError("A league deck has exactly {n} Heroes, not {count}.", n=DECK_HEROES, count=len(heroes))
    if Counter(heroes) - Counter(p["heroes"]):
        raise LeagueError("A league deck holds only Heroes of your league pool (copies counted).")
    lg = clone(lg)
    find(lg, user_id)["deck"] = list(heroes)
    return lg


def drop(lg: dict, user_id: int) -> dict:
    """Organiser: drop a player. Their Bases retire (no more battles against them); Bases they captured and
    their captured Bases still count; offered or unplayed challenges lapse, a running game plays out (ours)."""
    need(lg, _RUNNING, N_("Players are dropped while the league runs (before the start: remove them)."))
    active(lg, user_id)
    lg = clone(lg)
    p = find(lg, user_id)
    p["dropped"] = True
    p["dropped_cycle"] = lg["cycle"] if lg["phase"] == "cycle" else lg["cycle"] + 1
    for c in lg["challenges"]:
        if c["status"] in ("offered", "accepted") and user_id in (c["by"], c["to"]):
            c["status"] = "lapsed"
    if lg["phase"] == "discard":
        p["discarded"] = p["discarded"] if p["discarded"] is not None else []
        if not waiting_discards(lg):
            _redraft(lg)
    elif lg["phase"] == "draft" and lg["draft"]["order"][lg["draft"]["turn"]] == user_id:
        lg["draft"]["leaders_left"] = lg["draft"]["heroes_left"] = 0
        settle(lg)
    return lg


def replace(lg: dict, old: int, new: int, name: str) -> dict:
    """Organiser: a new member takes over a player's seat (pool, deck, Bases, scores and history)."""
    need(lg, _RUNNING, N_("Players are replaced while the league runs."))
    active(lg, old)
    if find(lg, new) is not None:
        raise LeagueError("{player} is already in this league.", player=player(lg, new)["name"])
    lg = clone(lg)
    p = find(lg, old)
    p["id"], p["name"] = int(new), str(name)
    for c in lg["challenges"]:
        for field in ("by", "to", "winner"):
            if c[field] == old:
                c[field] = new
        if str(old) in c["choices"]:
            c["choices"][str(new)] = c["choices"].pop(str(old))
    if lg["draft"] is not None:
        lg["draft"]["order"] = [new if u == old else u for u in lg["draft"]["order"]]
    lg["winners"] = [new if u == old else u for u in lg["winners"]]
    return lg
