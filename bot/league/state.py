"""The league state (a JSON-able dict): creation, sign-up, and the small lookups every module shares."""

from __future__ import annotations

from bot.games.base import N_, clone

from . import pools
from .model import COLOURS, MAX_COPIES, LeagueError

VERSION = 1
PAIR_CAPS = (None, 1, 2)


def new_league(seed: int, cycles: int, cycle_days: int, pair_cap: int | None, leader_pool: list[str] | None,
               hero_pool: list[str] | None, banned: list[str] | None = None, restricted: list[str] | None = None,
               max_players: int | None = None, copies: int = MAX_COPIES) -> dict:
    """Return a new league in sign-up (pools None: the defaults); refuse a size the pools cannot serve."""
    if type(cycles) is not int or not 1 <= cycles <= 52:
        raise LeagueError("A league has 1 to 52 cycles.")
    if type(cycle_days) is not int or not 1 <= cycle_days <= 60:
        raise LeagueError("A cycle lasts 1 to 60 days.")
    if pair_cap not in PAIR_CAPS:
        raise LeagueError("The pair cap is off, 1 or 2 battles per pair per cycle.")
    if type(copies) is not int or not 1 <= copies <= MAX_COPIES:
        raise LeagueError("Copies of a card: 1 to {n}.", n=MAX_COPIES)
    banned_set = set(banned or [])
    leaders = [k for k in (pools.default_leader_pool() if leader_pool is None else leader_pool)
               if k not in banned_set]
    heroes = [k for k in (pools.default_hero_pool() if hero_pool is None else hero_pool) if k not in banned_set]
    pools.check_pool(leaders, "Leader")
    pools.check_pool(heroes, "Hero")
    most = pools.max_players_for(leaders, heroes, cycles, copies)
    if most < 2:
        need_l, need_h = pools.pool_sizes(2, cycles)
        raise LeagueError("The pools are too small for 2 players over {cycles} cycles: {leaders} Leaders and "
                          "{heroes} Heroes are needed, the pools hold {has_leaders} and {has_heroes} with {copies} "
                          "copies of each card.", cycles=cycles, leaders=need_l, heroes=need_h,
                          has_leaders=pools.capacity(leaders, copies), has_heroes=pools.capacity(heroes, copies),
                          copies=copies)
    if max_players is None:
        max_players = most
    if type(max_players) is not int or max_players < 2:
        raise LeagueError("A league needs room for at least 2 players.")
    if max_players > most:
        raise too_big(max_players, most, cycles, leaders, heroes, copies)
    return {"version": VERSION, "seed": int(seed), "cycles": cycles, "cycle_days": cycle_days,
            "pair_cap": pair_cap, "copies": copies, "max_players": max_players,
            "leader_pool": leaders, "hero_pool": heroes, "banned": sorted(banned_set),
            "restricted": sorted(set(restricted or [])), "phase": "signup", "cycle": 0, "ended": 0,
            "players": [], "piles": {"leaders": [], "heroes": []}, "draft": None,
            "challenges": [], "next_challenge": 1, "winners": []}


def too_big(players: int, most: int, cycles: int, leaders: list[str], heroes: list[str],
            copies: int) -> LeagueError:
    """Return the refusal naming the numbers when a league of ``players`` does not fit its pools."""
    if players > len(COLOURS):
        return LeagueError("A league has at most {n} players (one Base colour each).", n=len(COLOURS))
    need_l, need_h = pools.pool_sizes(players, cycles)
    return LeagueError("{players} players over {cycles} cycles need {leaders} Leaders and {heroes} Heroes; the pools "
                       "hold {has_leaders} and {has_heroes} with {copies} copies of each card, enough for {most} "
                       "players.", players=players, cycles=cycles, leaders=need_l, heroes=need_h,
                       has_leaders=pools.capacity(leaders, copies), has_heroes=pools.capacity(heroes, copies),
                       copies=copies, most=most)


def add_player(lg: dict, user_id: int, name: str) -> dict:
    """Sign a player up (refused once started, when already in, or when the league is full)."""
    need(lg, ("signup",), N_("The league has already started."))
    if find(lg, user_id) is not None:
        raise LeagueError("You are already in this league.")
    if len(lg["players"]) >= lg["max_players"]:
        raise LeagueError("The league is full ({n} players).", n=lg["max_players"])
    lg = clone(lg)
    lg["players"].append({"id": int(user_id), "name": str(name), "colour": None, "leaders": [], "heroes": [],
                          "deck": [], "bases": [], "dropped": False, "dropped_cycle": None, "discarded": None})
    return lg


def remove_player(lg: dict, user_id: int) -> dict:
    """Take a player off the sign-up list (before the start)."""
    need(lg, ("signup",), N_("The league has already started: an organiser can drop a player."))
    if find(lg, user_id) is None:
        raise LeagueError("That member is not in this league.")
    lg = clone(lg)
    lg["players"] = [p for p in lg["players"] if p["id"] != user_id]
    return lg


def need(lg: dict, phases: tuple[str, ...], message: str) -> None:
    """Refuse with ``message`` unless the league is in one of ``phases``."""
    if lg["phase"] not in phases:
        raise LeagueError(message)


def find(lg: dict, user_id: int) -> dict | None:
    """Return a player's record, or None."""
    return next((p for p in lg["players"] if p["id"] == user_id), None)


def player(lg: dict, user_id: int) -> dict:
    """Return a player's record (refused for a non-member)."""
    found = find(lg, user_id)
    if found is None:
        raise LeagueError("That member is not in this league.")
    return found


def active(lg: dict, user_id: int) -> dict:
    """Return a player's record, refused for non-members and dropped players."""
    found = player(lg, user_id)
    if found["dropped"]:
        raise LeagueError("{player} has left the league.", player=found["name"])
    return found


def name_of(lg: dict, user_id: int) -> str:
    """Return a player's name."""
    found = find(lg, user_id)
    return found["name"] if found else str(user_id)


def is_over(lg: dict) -> bool:
    """Return whether the league has ended."""
    return lg["phase"] == "over"
