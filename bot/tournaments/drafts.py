"""Pixel Tactics tournaments that open with a Pack Draft: the draft pods, each drafter's tournament deck built
from their pool, and replacing a player (every user id in the state changes hands)."""

from __future__ import annotations

from bot.games.base import N_, clone, rng_for
from bot.games.pixel_tactics.decks import FORMATS
from bot.games.pt_draft.cube import is_dual

from .model import TournamentError

#: most drafters at one Pack Draft table (the engine's most)
POD_MOST = 8
LEADERS, FEWEST_HEROES, MOST_HEROES, _COPIES = FORMATS["standard"]


def pod_sizes(n: int) -> list[int]:
    """Return the sizes of the draft pods of ``n`` entrants: as few pods of at most 8 as needed, split evenly
    (the larger pods first), e.g. 9 -> [5, 4], 17 -> [6, 6, 5]."""
    if n < 2:
        raise TournamentError(N_("At least 2 players are needed to draft."))
    count = -(-n // POD_MOST)
    return [n // count + (1 if i < n % count else 0) for i in range(count)]


def open_drafts(t: dict) -> dict:
    """Seat the signed-up players at their draft pods (a random order from the seed); the tournament stays in
    sign-up (no further joins) until every draft is over and ``start`` pairs round 1."""
    if t["status"] != "signup" or "draft" in t:
        raise TournamentError(N_("The drafts have already been opened."))
    ids = [p["id"] for p in t["players"]]
    order = list(ids)
    rng_for(t["seed"], "draft pods").shuffle(order)
    pods, at = [], 0
    for size in pod_sizes(len(ids)):
        pods.append(order[at:at + size])
        at += size
    t = clone(t)
    t["draft"] = {"pods": pods, "games": [None] * len(pods), "done": [False] * len(pods)}
    return t


def drafting(t: dict) -> bool:
    """Return whether the tournament is waiting for its drafts (opened, round 1 not paired yet)."""
    return t["status"] == "signup" and "draft" in t


def pods_to_start(t: dict) -> list[int]:
    """Return the indexes of the pods whose draft game was not created yet."""
    if not drafting(t):
        return []
    return [i for i, game in enumerate(t["draft"]["games"]) if game is None]


def pod_players(t: dict, pod: int) -> list[int]:
    """Return the players of a pod (seat order), without those who left the tournament meanwhile."""
    here = {p["id"] for p in t["players"]}
    return [u for u in t["draft"]["pods"][pod] if u in here]


def attach_draft(t: dict, pod: int, game_id: int) -> dict:
    """Note that ``game_id`` is the draft of pod ``pod``."""
    if pod not in pods_to_start(t):
        raise TournamentError(N_("Draft pod {pod} does not need a game now."), pod=pod + 1)
    t = clone(t)
    t["draft"]["games"][pod] = int(game_id)
    return t


def pod_of_game(t: dict, game_id: int) -> int | None:
    """Return the pod whose draft is ``game_id``, or None."""
    games = (t.get("draft") or {}).get("games") or []
    return games.index(game_id) if game_id in games else None


def finish_draft(t: dict, game_id: int, decks: dict[int, dict | None]) -> dict:
    """Record a pod's finished draft (idempotent): each drafter's deck (``None``: they left the draft and kept no
    pool, so they leave the tournament)."""
    pod = pod_of_game(t, game_id)
    if pod is None:
        raise TournamentError(N_("Game {game} is not one of this tournament's drafts."), game=game_id)
    if not drafting(t) or t["draft"]["done"][pod]:
        return clone(t)
    t = clone(t)
    t["draft"]["done"][pod] = True
    for user_id in t["draft"]["pods"][pod]:
        deck = decks.get(user_id)
        if deck is None:
            t["players"] = [p for p in t["players"] if p["id"] != user_id]
            continue
        for p in t["players"]:
            if p["id"] == user_id:
                p["deck"] = clone(deck)
    return t


def drafts_over(t: dict) -> bool:
    """Return whether every pod's draft has finished (round 1 may be paired)."""
    return drafting(t) and all(t["draft"]["done"])


def pool_deck(leaders: list[str], heroes: list[str], cube: list[str], seed: int) -> dict:
    """Return a legal Standard deck from a drafted pool: 4 different dual cards as Leaders (the drafted Leaders
    first, then dual Heroes in draft order), then up to 30 different Heroes in draft order. Only a pool holding
    too few different cards (a Cube that had to deal second copies) is completed (ours) from the Cube's other
    cards, drawn at random from ``seed``: the fewest that make the deck legal."""
    chosen: list[str] = []
    for key in leaders + heroes:
        if len(chosen) < LEADERS and is_dual(key) and key not in chosen:
            chosen.append(key)
    deck_heroes: list[str] = []
    for key in heroes + leaders:
        if key not in chosen and key not in deck_heroes and len(deck_heroes) < MOST_HEROES:
            deck_heroes.append(key)
    if len(chosen) < LEADERS or len(deck_heroes) < FEWEST_HEROES:
        spare = [k for k in dict.fromkeys(cube) if k not in chosen and k not in deck_heroes]
        rng_for(seed, "pool deck").shuffle(spare)
        for key in spare:
            if len(chosen) < LEADERS and is_dual(key):
                chosen.append(key)
            elif len(deck_heroes) < FEWEST_HEROES:
                deck_heroes.append(key)
    return {"format": "standard", "leaders": chosen, "heroes": deck_heroes}


def replace_player(t: dict, old: int, new: int, name: str) -> dict:
    """Give ``old``'s place to ``new`` (not in the tournament yet): their standing, matches, games, pairings,
    draft seat and deck; refused for a player who dropped or a tournament that is over."""
    player = next((p for p in t["players"] if p["id"] == old), None)
    if player is None:
        raise TournamentError(N_("That member is not playing in this tournament."))
    if any(p["id"] == new for p in t["players"]):
        raise TournamentError(N_("The new member is already in this tournament."))
    if player["dropped"]:
        raise TournamentError(N_("That player has dropped out: a dropped player cannot be replaced."))
    if t["status"] == "finished":
        raise TournamentError(N_("The tournament is over."))
    t = _swap(clone(t), old, int(new))
    next(p for p in t["players"] if p["id"] == new)["name"] = str(name)
    return t


def _swap(t: dict, old: int, new: int) -> dict:
    """Return the state with the user id ``old`` as ``new`` wherever a user id is kept (players, matches, their
    games' ranks and overrides, the round-robin schedule, the champion, the draft pods)."""
    def one(u):
        return new if u == old else u

    for p in t["players"]:
        p["id"] = one(p["id"])
    for m in t["matches"]:
        m["players"] = [one(u) for u in m["players"]]
        m["dropped"] = [one(u) for u in m["dropped"]]
        for g in m["games"]:
            if g["ranks"] is not None:
                g["ranks"] = [[one(u), r] for u, r in g["ranks"]]
        if m.get("override") is not None:
            m["override"] = [[one(u), r] for u, r in m["override"]]
    if t.get("schedule"):
        t["schedule"] = [[[one(u) for u in pair] for pair in pairs] for pairs in t["schedule"]]
    t["champion"] = one(t["champion"])
    if "draft" in t:
        t["draft"]["pods"] = [[one(u) for u in pod] for pod in t["draft"]["pods"]]
    return t
