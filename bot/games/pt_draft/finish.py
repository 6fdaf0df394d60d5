"""The end of every draft: the Leader fix-up, the optional return of Heroes, then each seat's pool and deck."""

from __future__ import annotations

from typing import Any

from ..base import State, rng_for
from ..pixel_tactics import decks as deck_rules
from .cube import is_dual, name

LEADERS = 4
#: fewest Heroes a Standard deck holds (a draft never asks a player to return below it)
HERO_FLOOR = 25


def seat_name(seat: int) -> str:
    """Return a seat's public name in log lines."""
    return f"Seat {seat + 1}"


def fix_leaders(state: State) -> None:
    """Winston's end-of-draft fix-up, for every method (ours: Pack and Purchase only need it when a pack or the
    lots held no dual card): random dual Heroes become Leaders up to 4, random extra Leaders become Heroes."""
    for seat in range(state["num_players"]):
        leaders, heroes = state["leaders"][seat], state["heroes"][seat]
        rng = rng_for(state["seed"], "fix-up", seat)
        moved = 0
        while len(leaders) < LEADERS:
            duals = [i for i, k in enumerate(heroes) if is_dual(k)]
            if not duals:
                break
            leaders.append(heroes.pop(rng.choice(duals)))
            moved += 1
        if moved:
            state["log"].append(f"{seat_name(seat)} had too few Leaders: {moved} random Hero"
                                f"{'' if moved == 1 else 'es'} became Leader{'' if moved == 1 else 's'}.")
        extra = 0
        while len(leaders) > LEADERS:
            heroes.append(leaders.pop(rng.randrange(len(leaders))))
            extra += 1
        if extra:
            state["log"].append(f"{seat_name(seat)} had too many Leaders: {extra} random Leader"
                                f"{'' if extra == 1 else 's'} went to the Hero deck.")


def start_returns(state: State) -> None:
    """Open the return step: Pack Draft lets each player return up to 3 Heroes (not below 25), Winston any number
    down to 25; other methods (and players at 25 Heroes or fewer) go straight to the end."""
    limit = {"pack": 3, "winston": None}.get(state["method"], 0)
    allowance = []
    for seat in range(state["num_players"]):
        over = max(0, len(state["heroes"][seat]) - HERO_FLOOR)
        allow = over if limit is None else min(limit, over)
        allowance.append(allow if state["active"][seat] else 0)
    state["returns_left"] = allowance
    state["returned"] = [[] for _ in range(state["num_players"])]
    if any(allowance):
        state["phase"] = "return"
        state["log"].append("The draft is over: players with more than 25 Heroes may now return some to the Cube.")
    else:
        finish(state)


def return_hero(state: State, seat: int, key: str) -> None:
    """Return one Hero to the Cube: it leaves the player's pool."""
    state["heroes"][seat].remove(key)
    state["returned"][seat].append(key)
    state["returns_left"][seat] -= 1


def build_deck(method: str, leaders: list[str], heroes: list[str]) -> dict[str, Any]:
    """Return the deck a pool makes: Standard (Epic for an Epic Pack Draft) with the drafted Leaders and Heroes,
    keeping one copy of each card in Standard (a second copy stays in the pool only; a duplicate Leader is
    replaced by the first dual Hero drafted) and at most the format's most Heroes, in draft order."""
    fmt = "epic" if method == "epic-pack" else "standard"
    _n, _low, high, copies = deck_rules.FORMATS[fmt]
    if fmt == "epic":
        return {"format": fmt, "leaders": list(leaders[:LEADERS]), "heroes": list(heroes[:high])}
    chosen: list[str] = []
    spare: list[str] = []
    for key in leaders:
        (chosen if key not in chosen and is_dual(key) else spare).append(key)
    for key in heroes:
        if len(chosen) >= LEADERS:
            break
        if is_dual(key) and key not in chosen:
            chosen.append(key)
    deck_heroes: list[str] = []
    for key in heroes + spare:
        if key not in chosen and key not in deck_heroes and len(deck_heroes) < high:
            deck_heroes.append(key)
    return {"format": fmt, "leaders": chosen[:LEADERS], "heroes": deck_heroes}


def finish(state: State) -> None:
    """Record each seat's pool and deck (with the rules a deck still breaks, e.g. a Winston player left with fewer
    than 25 Heroes) and end the draft."""
    n = state["num_players"]
    state["pools"] = [state["leaders"][s] + state["heroes"][s] for s in range(n)]
    state["decks"] = [build_deck(state["method"], state["leaders"][s], state["heroes"][s]) for s in range(n)]
    state["deck_problems"] = [deck_rules.problems(d, pool=None) for d in state["decks"]]
    state["phase"] = "finished"
    state["status"] = "finished"
    state["result"] = {"winners": [], "ranking": [list(range(n))], "reason": "The draft is over.",
                       "pools": [list(p) for p in state["pools"]], "decks": [dict(d) for d in state["decks"]]}
    for seat in range(n):
        deck = state["decks"][seat]
        state["log"].append(f"{seat_name(seat)} drafted {len(state['pools'][seat])} cards: a deck of "
                            f"{len(deck['leaders'])} Leaders and {len(deck['heroes'])} Heroes.")


def returnable(state: State, seat: int) -> list[str]:
    """Return the distinct Heroes a seat may return now (in draft order)."""
    if state["phase"] != "return" or not state["returns_left"][seat]:
        return []
    return list(dict.fromkeys(state["heroes"][seat]))


__all__ = ["fix_leaders", "start_returns", "return_hero", "build_deck", "finish", "returnable", "name"]
