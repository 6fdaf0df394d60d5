"""The tournament lifecycle on a JSON-able state: sign-up, start, games, results, drops, overrides."""

from __future__ import annotations

from bot.games.base import N_, clone, rng_for

from . import round_robin
from .model import FORMATS, ROUND_ROBIN, SINGLE_ELIM, SWISS, GameSlot, Match, TournamentError
from .rounds import advance, create_round, total_rounds
from .scoring import normalise, settle_all

VERSION = 1
ALIASES = {"single elimination": SINGLE_ELIM, "single-elimination": SINGLE_ELIM, "round robin": ROUND_ROBIN,
           "round-robin": ROUND_ROBIN}


def new_tournament(kind: str, fmt: str, best_of: int, seed: int, pod: bool) -> dict:
    """Return a new tournament in sign-up (fmt: single_elim, swiss or round_robin; pods are Swiss only)."""
    fmt = ALIASES.get(fmt, fmt)
    if fmt not in FORMATS:
        raise TournamentError(N_("Unknown format {format}."), format=repr(fmt))
    if best_of not in (1, 3, 5):
        raise TournamentError(N_("best_of must be 1, 3 or 5."))
    if pod and fmt != SWISS:
        raise TournamentError(N_("Tournaments of this game are Swiss only."))
    return {"version": VERSION, "kind": kind, "fmt": fmt, "best_of": best_of, "seed": int(seed),
            "pod": bool(pod), "status": "signup", "players": [], "round": 0, "rounds": 0,
            "matches": [], "schedule": None, "champion": None}


def add_player(t: dict, user_id: int, name: str, deck: dict | None = None) -> dict:
    """Sign a player up (refused once started, or when already signed up)."""
    _need(t, "signup", N_("The tournament has already started."))
    if _find_player(t, user_id) is not None:
        raise TournamentError(N_("You are already signed up."))
    t = clone(t)
    t["players"].append({"id": int(user_id), "name": str(name), "deck": clone(deck), "seed": None,
                         "lot": None, "dropped": False, "dropped_round": None})
    return t


def remove_player(t: dict, user_id: int) -> dict:
    """Take a player off the sign-up list."""
    _need(t, "signup", N_("The tournament has already started."))
    if _find_player(t, user_id) is None:
        raise TournamentError(N_("That member is not signed up."))
    t = clone(t)
    t["players"] = [p for p in t["players"] if p["id"] != user_id]
    return t


def start(t: dict, seeding: list[int] | None = None) -> dict:
    """Seed the players (``seeding``: user ids best first; the others random from the seed) and pair round 1."""
    _need(t, "signup", N_("The tournament has already started."))
    least = 3 if t["pod"] else 2
    if len(t["players"]) < least:
        raise TournamentError(N_("At least {least} players are needed to start."), least=least)
    t = clone(t)
    ids = [p["id"] for p in t["players"]]
    first = [u for u in dict.fromkeys(seeding or []) if u in ids]
    rest = [u for u in ids if u not in first]
    rng_for(t["seed"], "seeding").shuffle(rest)
    lots = list(ids)
    rng_for(t["seed"], "lots").shuffle(lots)
    for p in t["players"]:
        p["seed"] = (first + rest).index(p["id"]) + 1
        p["lot"] = lots.index(p["id"]) + 1
    order = first + rest
    if t["fmt"] == ROUND_ROBIN:
        t["schedule"] = [[[a, b] for a, b in pairs] for pairs in round_robin.schedule(order)]
    t["rounds"] = total_rounds(t["fmt"], t["pod"], len(ids))
    t["status"], t["round"] = "running", 1
    create_round(t, 1)
    advance(t)
    return t


def games_to_start(t: dict) -> list[GameSlot]:
    """Return the games the service should create now (the next game of each undecided match)."""
    if t["status"] != "running":
        return []
    done = settle_all(t)
    slots = []
    for m in t["matches"]:
        if m["round"] != t["round"] or done[m["id"]].done:
            continue
        live = [g for g in m["games"] if not g["void"]]
        if any(g["ranks"] is None for g in live):
            continue
        seated = [p for p in m["players"] if p not in m["dropped"]]
        turn = len(live) % len(seated)
        slots.append(GameSlot(m["id"], len(m["games"]) + 1, seated[turn:] + seated[:turn]))
    return slots


def attach_game(t: dict, match_id: str, game_no: int, game_id: int) -> dict:
    """Note that ``game_id`` is game ``game_no`` of the match (repeating the same call changes nothing)."""
    for m in t["matches"]:
        for g in m["games"]:
            if g["game_id"] == game_id:
                if (m["id"], g["no"]) == (match_id, game_no):
                    return clone(t)
                raise TournamentError(N_("Game {game} already belongs to match {match}."), game=game_id, match=m["id"])
    if not any((s.match_id, s.game_no) == (match_id, game_no) for s in games_to_start(t)):
        raise TournamentError(N_("Match {match} does not need game {number} now."), match=match_id, number=game_no)
    t = clone(t)
    _match(t, match_id)["games"].append({"no": game_no, "game_id": int(game_id), "ranks": None, "void": False})
    return t


def record_game(t: dict, game_id: int, ranks: dict[int, int]) -> dict:
    """Record a finished game (user id -> rank, 1 best); closes matches and rounds. Idempotent."""
    match, game = _game(t, game_id)
    if game["void"] or game["ranks"] is not None or settle_all(t)[match["id"]].done:
        return clone(t)
    unknown = set(ranks) - set(match["players"])
    if unknown:
        raise TournamentError(N_("Game {game} was not played by {players}."), game=game_id, players=sorted(unknown))
    t = clone(t)
    match, game = _game(t, game_id)
    table = normalise(match["players"], {int(u): int(r) for u, r in ranks.items()}, match["dropped"])
    game["ranks"] = [[p, table[p]] for p in match["players"]]
    advance(t)
    return t


def drop(t: dict, user_id: int) -> dict:
    """Drop a player: no further rounds; an undecided match of theirs is lost (pods: ranked last)."""
    if t["status"] == "signup":
        return remove_player(t, user_id)
    _need(t, "running", N_("The tournament is over."))
    player = _find_player(t, user_id)
    if player is None:
        raise TournamentError(N_("That member is not in this tournament."))
    if player["dropped"]:
        return clone(t)
    t = clone(t)
    done = settle_all(t)
    player = _find_player(t, user_id)
    player["dropped"], player["dropped_round"] = True, t["round"]
    for m in t["matches"]:
        if user_id in m["players"] and not done[m["id"]].done:
            m["dropped"].append(user_id)
    advance(t)
    return t


def override(t: dict, match_id: str, ranks: dict[int, int]) -> dict:
    """Decide a match of the current round outright (pods: these ranks for every game left)."""
    match = _current(t, match_id)
    if match["bye"]:
        raise TournamentError(N_("A bye has no result to override."))
    unknown = set(ranks) - set(match["players"])
    if unknown:
        raise TournamentError(N_("Match {match} is not played by {players}."), match=match_id, players=sorted(unknown))
    table = normalise(match["players"], {int(u): int(r) for u, r in ranks.items()}, [])
    if t["fmt"] == SINGLE_ELIM and len(set(table.values())) == 1:
        raise TournamentError(N_("An elimination match needs a winner."))
    t = clone(t)
    _match(t, match_id)["override"] = [[p, table[p]] for p in match["players"]]
    advance(t)
    return t


def void_game(t: dict, game_id: int) -> dict:
    """Void a game of the current round: it no longer counts and its match needs another game."""
    match, game = _game(t, game_id)
    _current(t, match["id"])
    if game["void"]:
        return clone(t)
    t = clone(t)
    _game(t, game_id)[1]["void"] = True
    return t


def round_no(t: dict) -> int:
    """Return the current round (0 before the start)."""
    return t["round"]


def is_over(t: dict) -> bool:
    """Say whether the tournament has finished."""
    return t["status"] == "finished"


def champion(t: dict) -> int | None:
    """Return the winner's user id once the tournament is over."""
    return t["champion"] if is_over(t) else None


def matches(t: dict, round_no: int | None = None) -> list[Match]:
    """Return the matches (of one round, or all) with their current outcome."""
    done = settle_all(t)
    out = []
    for m in t["matches"]:
        if round_no is not None and m["round"] != round_no:
            continue
        res = done[m["id"]]
        live = [g for g in m["games"] if not g["void"]]
        out.append(Match(m["id"], m["round"], m["slot"], list(m["players"]), [g["game_id"] for g in live],
                         [None if g["ranks"] is None else {u: r for u, r in g["ranks"]} for g in live],
                         res.wins, res.draws, res.points, res.winner, m["bye"], res.done, res.decided_by,
                         list(m["dropped"])))
    return out


def abandoned_games(t: dict) -> list[int]:
    """Return attached games still running whose match is already decided (the service may end them)."""
    done = settle_all(t)
    return [g["game_id"] for m in t["matches"] if done[m["id"]].done
            for g in m["games"] if g["ranks"] is None and not g["void"]]


def match_of_game(t: dict, game_id: int) -> str | None:
    """Return the id of the match a game belongs to, or None."""
    found = _find_game(t, game_id)
    return found[0]["id"] if found else None


def _need(t: dict, status: str, message: str) -> None:
    if t["status"] != status:
        raise TournamentError(message)


def _find_player(t: dict, user_id: int) -> dict | None:
    return next((p for p in t["players"] if p["id"] == user_id), None)


def _match(t: dict, match_id: str) -> dict:
    for m in t["matches"]:
        if m["id"] == match_id:
            return m
    raise TournamentError(N_("There is no match {match}."), match=match_id)


def _current(t: dict, match_id: str) -> dict:
    """Return a match of the current round of a running tournament (earlier rounds are closed)."""
    _need(t, "running", N_("The tournament is not running."))
    match = _match(t, match_id)
    if match["round"] != t["round"]:
        raise TournamentError(N_("Round {round} is over: its results can no longer change."), round=match["round"])
    return match


def _find_game(t: dict, game_id: int) -> tuple[dict, dict] | None:
    for m in t["matches"]:
        for g in m["games"]:
            if g["game_id"] == game_id:
                return m, g
    return None


def _game(t: dict, game_id: int) -> tuple[dict, dict]:
    found = _find_game(t, game_id)
    if found is None:
        raise TournamentError(N_("Game {game} is not part of this tournament."), game=game_id)
    return found
