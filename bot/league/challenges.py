"""Challenges: offer, answer, the secret Leader and Base choices, games, results, voids and overrides."""

from __future__ import annotations

from collections import Counter

from bot.games.base import N_, clone

from . import pools
from .model import OPEN, UNFINISHED, ChallengeView, GameSpec, LeagueError
from .state import active, name_of, need, player

_NOT_IN_CYCLE = N_("Challenges are made during a cycle: this league is not in one.")


# ------------------------------------------------------------------ what the challenges decide (derived)
def decided(lg: dict) -> list[dict]:
    """Return the challenges with a result that counts (played or overridden, not voided), in id order."""
    return [c for c in lg["challenges"] if c["status"] == "done"]


def loser_of(c: dict) -> int | None:
    """Return the loser of a decided challenge (None for a tie)."""
    if c["winner"] is None:
        return None
    return c["to"] if c["winner"] == c["by"] else c["by"]


def captures(lg: dict) -> dict[str, dict]:
    """Return Base key -> ``{"by", "from", "cycle", "challenge"}`` for every captured Base."""
    out: dict[str, dict] = {}
    for c in decided(lg):
        loser = loser_of(c)
        if loser is None:
            continue
        key = c["choices"][str(c["winner"])]["base"]
        if key not in out:
            out[key] = {"by": c["winner"], "from": loser, "cycle": c["cycle"], "challenge": c["id"]}
    return out


def base_states(lg: dict, user_id: int) -> list[dict]:
    """Return a player's own Bases: ``[{"key", "points", "state", "by"}]`` (available / captured / retired)."""
    p = player(lg, user_id)
    taken = captures(lg)
    out = []
    for key in p["bases"]:
        if key in taken:
            state, by = "captured", taken[key]["by"]
        else:
            state, by = ("retired" if p["dropped"] else "available"), None
        out.append({"key": key, "points": pools.base_points(key), "state": state, "by": by})
    return out


def available_bases(lg: dict, user_id: int) -> list[str]:
    """Return the keys of a player's own Bases that can still be attacked and played with."""
    return [b["key"] for b in base_states(lg, user_id) if b["state"] == "available"]


def retired_leaders(lg: dict, user_id: int) -> list[str]:
    """Return the Leaders a player has retired this cycle (each battle retires the Leader it was played with;
    none once the cycle is scored)."""
    if lg["phase"] != "cycle":
        return []
    return [c["choices"][str(user_id)]["leader"] for c in decided(lg)
            if c["cycle"] == lg["cycle"] and user_id in (c["by"], c["to"])]


def committed_leaders(lg: dict, user_id: int) -> list[str]:
    """Return the Leaders a player chose for an accepted challenge whose game has not ended."""
    return [c["choices"][str(user_id)]["leader"] for c in lg["challenges"]
            if c["status"] in UNFINISHED and str(user_id) in c["choices"]]


def available_leaders(lg: dict, user_id: int) -> list[str]:
    """Return the Leaders a player may still choose this cycle (copies counted)."""
    used = Counter(retired_leaders(lg, user_id) + committed_leaders(lg, user_id))
    out = []
    for key in player(lg, user_id)["leaders"]:
        if used[key] > 0:
            used[key] -= 1
        else:
            out.append(key)
    return out


def unfinished_of(lg: dict, user_id: int) -> dict | None:
    """Return the player's accepted challenge whose game has not ended, or None."""
    return next((c for c in lg["challenges"] if c["status"] in UNFINISHED and user_id in (c["by"], c["to"])), None)


def deck_locked(lg: dict, user_id: int) -> bool:
    """Return whether a player's deck is locked (a challenge they accepted or made is accepted and pending)."""
    return unfinished_of(lg, user_id) is not None


def battles(lg: dict, a: int, b: int) -> int:
    """Return how many battles the pair has accepted this cycle (voided and lapsed ones do not count)."""
    return sum(1 for c in lg["challenges"] if c["cycle"] == lg["cycle"] and {c["by"], c["to"]} == {a, b}
               and c["status"] in ("accepted", "playing", "done"))


def get(lg: dict, challenge_id: int) -> dict:
    """Return a challenge record (refused when unknown)."""
    found = next((c for c in lg["challenges"] if c["id"] == challenge_id), None)
    if found is None:
        raise LeagueError("There is no challenge #{number} in this league.", number=challenge_id)
    return found


# ------------------------------------------------------------------ the challenge lifecycle
def _can_battle(lg: dict, a: int, b: int, accepting: bool) -> None:
    """Refuse unless both players can battle each other (Bases, Leaders, pair cap; to accept: no game pending)."""
    for uid in (a, b):
        if not available_bases(lg, uid):
            raise LeagueError("{player} has no Base of their own left: no more battles for them.",
                              player=name_of(lg, uid))
    for uid in (a, b):
        if not available_leaders(lg, uid):
            raise LeagueError("{player} has no Leader left this cycle (all retired).", player=name_of(lg, uid))
    for uid in (a, b) if accepting else ():
        if unfinished_of(lg, uid) is not None:
            raise LeagueError("{player} already has an accepted challenge to play first.", player=name_of(lg, uid))
    cap = lg["pair_cap"]
    if cap is not None and battles(lg, a, b) >= cap:
        if cap == 1:
            raise LeagueError("{first} and {second} have already battled 1 time this cycle (the pair cap).",
                              first=name_of(lg, a), second=name_of(lg, b))
        raise LeagueError("{first} and {second} have already battled {n} times this cycle (the pair cap).",
                          first=name_of(lg, a), second=name_of(lg, b), n=cap)


def challenge(lg: dict, by: int, to: int) -> dict:
    """Offer a challenge from ``by`` to ``to`` during a cycle."""
    need(lg, ("cycle",), _NOT_IN_CYCLE)
    active(lg, by)
    active(lg, to)
    if by == to:
        raise LeagueError("You cannot challenge yourself.")
    if any(c["status"] in OPEN and {c["by"], c["to"]} == {by, to} for c in lg["challenges"]):
        raise LeagueError("A challenge between {first} and {second} is already open.", first=name_of(lg, by),
                          second=name_of(lg, to))
    _can_battle(lg, by, to, False)
    lg = clone(lg)
    lg["challenges"].append({"id": lg["next_challenge"], "cycle": lg["cycle"], "by": by, "to": to,
                             "status": "offered", "choices": {}, "game_id": None, "winner": None,
                             "overridden": False})
    lg["next_challenge"] += 1
    return lg


def answer(lg: dict, challenge_id: int, user_id: int, accept: bool) -> dict:
    """The challenged player accepts or declines (the challenger may withdraw: ``accept=False``)."""
    need(lg, ("cycle",), _NOT_IN_CYCLE)
    c = get(lg, challenge_id)
    if c["status"] != "offered":
        raise LeagueError("Challenge #{number} is no longer waiting for an answer.", number=challenge_id)
    if user_id not in (c["by"], c["to"]) or (accept and user_id != c["to"]):
        raise LeagueError("Only {player} can answer this challenge.", player=name_of(lg, c["to"]))
    if accept:
        active(lg, c["by"])
        active(lg, c["to"])
        _can_battle(lg, c["by"], c["to"], True)
    lg = clone(lg)
    get(lg, challenge_id)["status"] = "accepted" if accept else ("declined" if user_id == c["to"] else "withdrawn")
    return lg


def choose(lg: dict, challenge_id: int, user_id: int, leader: str, attack_base: str) -> dict:
    """Commit a player's secret choice: one of their available Leaders and one of the rival's available Bases."""
    need(lg, ("cycle",), _NOT_IN_CYCLE)
    c = get(lg, challenge_id)
    if user_id not in (c["by"], c["to"]):
        raise LeagueError("This challenge is not yours.")
    if c["status"] != "accepted":
        raise LeagueError("Challenge #{number} is not waiting for choices.", number=challenge_id)
    if str(user_id) in c["choices"]:
        raise LeagueError("You have already chosen for this challenge.")
    rival = c["to"] if user_id == c["by"] else c["by"]
    if leader not in available_leaders(lg, user_id):
        raise LeagueError("Choose one of your Leaders still available this cycle.")
    if attack_base not in available_bases(lg, rival):
        raise LeagueError("Choose one of {player}'s available Bases to attack.", player=name_of(lg, rival))
    lg = clone(lg)
    get(lg, challenge_id)["choices"][str(user_id)] = {"leader": leader, "base": attack_base}
    return lg


def spec(lg: dict, c: dict) -> GameSpec:
    """Return what the game of a challenge with both choices is played with (seat 0: the challenger)."""
    seats = [c["by"], c["to"]]
    leaders = [c["choices"][str(u)]["leader"] for u in seats]
    # each plays with their OWN Base: the one the rival chose to attack
    bases = [c["choices"][str(seats[1])]["base"], c["choices"][str(seats[0])]["base"]]
    decks = [{"format": "league", "leaders": [leaders[i]], "heroes": list(player(lg, u)["deck"])}
             for i, u in enumerate(seats)]
    options = {"trophies": 1, "decks": clone(decks), "bases": list(bases)}
    return GameSpec(c["id"], seats, leaders, bases, decks, options)


def ready_games(lg: dict) -> list[GameSpec]:
    """Return the games the service must start: accepted challenges with both choices and no game yet."""
    return [spec(lg, c) for c in lg["challenges"]
            if c["status"] == "accepted" and len(c["choices"]) == 2 and c["game_id"] is None]


def attach_game(lg: dict, challenge_id: int, game_id: int) -> dict:
    """Note the game played for a challenge (repeating the same call changes nothing)."""
    c = get(lg, challenge_id)
    if c["game_id"] == game_id:
        return clone(lg)
    other = challenge_of_game(lg, game_id)
    if other is not None:
        raise LeagueError("Game {game} already belongs to challenge #{number}.", game=game_id, number=other["id"])
    if c["status"] != "accepted" or len(c["choices"]) != 2 or c["game_id"] is not None:
        raise LeagueError("Challenge #{number} does not need a game now.", number=challenge_id)
    lg = clone(lg)
    got = get(lg, challenge_id)
    got["game_id"], got["status"] = int(game_id), "playing"
    return lg


def challenge_of_game(lg: dict, game_id: int) -> dict | None:
    """Return the challenge a game was played for, or None."""
    return next((c for c in lg["challenges"] if c["game_id"] == game_id), None)


def record_result(lg: dict, game_id: int, winner: int | None) -> dict:
    """Record a finished game (``winner`` a user id, None for a tie): both Leaders retire for the cycle and the
    loser's attacked Base is captured. Idempotent; a result for a lapsed or voided challenge changes nothing."""
    c = challenge_of_game(lg, game_id)
    if c is None:
        raise LeagueError("Game {game} is not a league game of this league.", game=game_id)
    if c["status"] != "playing":
        return clone(lg)
    if winner is not None and winner not in (c["by"], c["to"]):
        raise LeagueError("Game {game} was not played by {player}.", game=game_id, player=winner)
    lg = clone(lg)
    got = challenge_of_game(lg, game_id)
    got["status"], got["winner"] = "done", winner
    return lg


def void(lg: dict, challenge_id: int) -> dict:
    """Organiser: the challenge and its result no longer count (Leaders un-retire, a capture is undone)."""
    c = get(lg, challenge_id)
    if c["status"] in ("void", "declined", "withdrawn", "lapsed"):
        raise LeagueError("Challenge #{number} has no result or game to void.", number=challenge_id)
    lg = clone(lg)
    get(lg, challenge_id)["status"] = "void"
    return lg


def override(lg: dict, challenge_id: int, winner: int | None) -> dict:
    """Organiser: set the result of an accepted challenge whose Leaders and Bases are chosen (None: a tie)."""
    c = get(lg, challenge_id)
    if c["status"] not in ("accepted", "playing", "done") or len(c["choices"]) != 2:
        raise LeagueError("Challenge #{number} has no battle to decide (both choices are needed).",
                          number=challenge_id)
    if winner is not None and winner not in (c["by"], c["to"]):
        raise LeagueError("{player} did not play challenge #{number}.", player=name_of(lg, winner),
                          number=challenge_id)
    lg = clone(lg)
    got = get(lg, challenge_id)
    got["status"], got["winner"], got["overridden"] = "done", winner, True
    return lg


def view(lg: dict, challenge_id: int, viewer: int | None = None) -> ChallengeView:
    """Return a challenge as ``viewer`` may see it (choices hidden until both chose; the own one shown)."""
    c = get(lg, challenge_id)
    both = len(c["choices"]) == 2
    leaders: dict[int, str | None] = {}
    attacks: dict[int, str | None] = {}
    for uid in (c["by"], c["to"]):
        mine = c["choices"].get(str(uid))
        shown = mine is not None and (both or uid == viewer)
        leaders[uid] = mine["leader"] if shown else None
        attacks[uid] = mine["base"] if shown else None
    captured = None
    if c["status"] == "done" and c["winner"] is not None:
        captured = c["choices"][str(c["winner"])]["base"]
    return ChallengeView(c["id"], c["cycle"], c["by"], c["to"], c["status"],
                         {u: str(u) in c["choices"] for u in (c["by"], c["to"])}, leaders, attacks, c["game_id"],
                         c["winner"], c["status"] == "done" and c["winner"] is None, captured, c["overridden"])


def challenges(lg: dict, viewer: int | None = None, cycle: int | None = None) -> list[ChallengeView]:
    """Return every challenge (of one cycle when given) as ``viewer`` may see it, oldest first."""
    return [view(lg, c["id"], viewer) for c in lg["challenges"] if cycle is None or c["cycle"] == cycle]
