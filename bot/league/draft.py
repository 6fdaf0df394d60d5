"""The start and the League Draft: reveal 3, take 1, put 1 on the bottom, reveal 2 more; one player at a time."""

from __future__ import annotations

from bot.games.base import N_, clone, rng_for

from . import pools
from .model import COLOURS, LEADERS_HELD, MAX_COPIES, START_HEROES, DraftView, LeagueError
from .state import find, need, too_big

_KINDS = ("leaders", "heroes")


def start(lg: dict) -> dict:
    """Deal colours and Bases, build and shuffle the piles, deal 25 random Heroes each, open the Leader draft."""
    need(lg, ("signup",), N_("The league has already started."))
    n = len(lg["players"])
    if n < 2:
        raise LeagueError("At least 2 players are needed to start a league.")
    most = pools.max_players_for(lg["leader_pool"], lg["hero_pool"], lg["cycles"], lg["copies"])
    if n > most:
        raise too_big(n, most, lg["cycles"], lg["leader_pool"], lg["hero_pool"], lg["copies"])
    need_leaders, need_heroes = pools.pool_sizes(n, lg["cycles"])
    lg = clone(lg)
    colours = list(COLOURS)
    rng_for(lg["seed"], "colours").shuffle(colours)
    for p, colour in zip(lg["players"], colours[:n], strict=True):
        p["colour"], p["bases"] = colour, pools.colour_bases(colour)
    leaders = pools.pile(lg["leader_pool"], need_leaders, lg["copies"])
    heroes = pools.pile(lg["hero_pool"], need_heroes, lg["copies"])
    rng_for(lg["seed"], "leaders", 0).shuffle(leaders)
    rng_for(lg["seed"], "heroes", 0).shuffle(heroes)
    lg["piles"] = {"leaders": leaders, "heroes": heroes}
    order = [p["id"] for p in lg["players"]]
    rng_for(lg["seed"], "draft order").shuffle(order)
    for uid in order:
        p = find(lg, uid)
        p["heroes"] = _deal(lg, p, START_HEROES)
        p["deck"] = list(p["heroes"])
    lg["phase"] = "draft"
    open_draft(lg, order, 0)
    return lg


def _deal(lg: dict, p: dict, count: int) -> list[str]:
    """Take ``count`` random Heroes for a player from the top of the shuffled Hero pile (Restricted: one copy)."""
    pile, got, rest = lg["piles"]["heroes"], [], []
    for key in pile:
        if len(got) < count and may_take(lg, p, key, got):
            got.append(key)
        else:
            rest.append(key)
    lg["piles"]["heroes"] = rest
    return got


def may_take(lg: dict, p: dict, key: str, extra: list[str] = ()) -> bool:
    """Return whether a player may add ``key`` to their pool: at most 3 copies across their Leaders and Heroes,
    a Restricted card once (ours)."""
    held = p["leaders"].count(key) + p["heroes"].count(key) + list(extra).count(key)
    return held < (1 if key in lg["restricted"] else MAX_COPIES)


def open_draft(lg: dict, order: list[int], new_heroes: int) -> None:
    """Open a League Draft (in place): each player in ``order`` drafts back to 5 Leaders, then ``new_heroes``."""
    lg["draft"] = {"order": list(order), "turn": 0, "new_heroes": new_heroes, "kind": "leaders",
                   "leaders_left": 0, "heroes_left": 0}
    _begin_turn(lg)
    settle(lg)


def _begin_turn(lg: dict) -> None:
    """Set what the drafter whose turn it is still needs."""
    d = lg["draft"]
    if d["turn"] < len(d["order"]):
        p = find(lg, d["order"][d["turn"]])
        d["leaders_left"] = 0 if p["dropped"] else max(0, LEADERS_HELD - len(p["leaders"]))
        d["heroes_left"] = 0 if p["dropped"] else d["new_heroes"]


def settle(lg: dict) -> None:
    """Move the draft on (in place) until a drafter has a takeable card in view, or the draft ends."""
    d = lg["draft"]
    while d["turn"] < len(d["order"]):
        p = find(lg, d["order"][d["turn"]])
        for kind in _KINDS:
            pile = lg["piles"][kind]
            if d[f"{kind}_left"] > 0 and any(may_take(lg, p, k) for k in pile):
                while not any(may_take(lg, p, k) for k in pile[:3]):
                    pile.append(pile.pop(0))  # nothing takeable in view: the first card goes under (ours)
                d["kind"] = kind
                return
            d[f"{kind}_left"] = 0  # the pile cannot serve them: their draft of this kind ends short (ours)
        d["turn"] += 1
        _begin_turn(lg)
    lg["draft"], lg["phase"] = None, "cycle"
    lg["cycle"] += 1


def draft_state(lg: dict) -> DraftView | None:
    """Return whose draft turn it is and the 3 visible cards (private to that drafter), or None."""
    d = lg["draft"]
    if lg["phase"] != "draft" or d is None:
        return None
    uid = d["order"][d["turn"]]
    p, kind = find(lg, uid), d["kind"]
    visible = lg["piles"][kind][:3]
    takeable = [k for k in dict.fromkeys(visible) if may_take(lg, p, k)]
    return DraftView(uid, kind, list(visible), takeable, d[f"{kind}_left"], d["leaders_left"], d["heroes_left"],
                     list(d["order"]), d["turn"], len(lg["piles"][kind]) - len(visible))


def draft_pick(lg: dict, user_id: int, take: str, bottom: str | None) -> dict:
    """The drafter takes one visible card and puts another on the bottom of the pile; 2 more are revealed."""
    view = draft_state(lg)
    if view is None:
        raise LeagueError("No League Draft is running.")
    if view.user_id != user_id:
        raise LeagueError("It is not your turn to draft.")
    if take not in view.visible:
        raise LeagueError("Take one of the 3 revealed cards.")
    if take not in view.takeable:
        raise LeagueError("You cannot take that card: it is Restricted and you hold a copy, or you hold 3.")
    rest = list(view.visible)
    rest.remove(take)
    if rest and bottom not in rest:
        raise LeagueError("Put one of the other revealed cards on the bottom.")
    if not rest and bottom is not None:
        raise LeagueError("No other card is revealed to put on the bottom.")
    lg = clone(lg)
    d, pile = lg["draft"], lg["piles"][view.kind]
    del pile[view.visible.index(take)]
    if bottom is not None:
        pile.append(pile.pop(pile[:2].index(bottom)))
    find(lg, user_id)[view.kind].append(take)
    d[f"{view.kind}_left"] -= 1
    settle(lg)
    return lg


def auto_pick(lg: dict) -> dict:
    """Pick for the drafter whose turn it is (a timeout; ours): the first takeable card, the next one under."""
    view = draft_state(lg)
    if view is None:
        raise LeagueError("No League Draft is running.")
    take = view.takeable[0]
    rest = list(view.visible)
    rest.remove(take)
    return draft_pick(lg, view.user_id, take, rest[0] if rest else None)
