"""Duel Draft (rulebook, GAME MODES): one shared deck, a face-up tableau of 5 lots bought with Gold, the Draw
action replaced by Draft Draw and Gather Funds. See docs/rules/pt_modes/duel_draft.md ("(ours)" = our choice).

A card's instance id names its owner's seat: the shared pool is dealt with seat-0 ids and unique copy numbers,
and a card taken by a player is renamed to that player's seat (same key, version and copy), so discards,
returns to hand and trophies follow the engine's usual ownership rules."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ...base import BadOptions, Decision, IllegalAction, Phrase, rng_for
from ..positions import RESERVE, SLOTS
from ..setup_decks import classic_keys
from ..state import (
    State,
    card,
    copy_of,
    key_of,
    log,
    make_id,
    name,
    reveal,
    rival,
    rng,
    seat_label,
    seats,
    version_of,
)
from . import mode_of

MODE = "duel_draft"
START_GOLD = 5
TABLEAU = 5
SETUP_DRAWS = 5
#: the turn actions this mode adds (the Draw action is gone)
TYPES = ("draft_draw", "gather")
COST = 1


def active(state: State) -> bool:
    """Return whether a match is played in Duel Draft."""
    return mode_of(state) == MODE


def check(settings: dict[str, Any]) -> None:
    """Refuse the options Duel Draft does not take (``BadOptions``): Promos (ours: the Promo deck would be a
    second shared deck with its own opening card)."""
    if settings.get("promos"):
        raise BadOptions("Duel Draft is played without Promos.")


# ------------------------------------------------------------------ the pool and the deal
def pool_ids(state: State) -> list[str]:
    """Return the ids of the whole shared pool: two copies of the core set (ours: the mirror decks shuffled
    together, 50 cards), or every card of both built decks with their Leader designations dropped (ours);
    ids carry seat 0 and a copy number unique per key."""
    from ..match import content_of

    dd = state.get("duel_draft")
    if dd is not None and "pool" in dd:
        return list(dd["pool"])
    if state.get("decks") is not None:
        pairs = [(key_of(c), version_of(c)) for d in state["decks"] for c in d["leaders"] + d["heroes"]]
    else:
        version = content_of(state)
        keys = state["mirror"] if "mirror" in state else classic_keys(state["set"], version)
        pairs = [(k, version) for _ in seats(state) for k in keys]
    seen: Counter[str] = Counter()
    out = []
    for key, version in pairs:
        seen[key] += 1
        out.append(make_id(0, key, version, seen[key]))
    return out


def _same(card_id: str) -> tuple[str, int]:
    """Return what identifies a physical card whoever owns it: its key and copy number."""
    return key_of(card_id), copy_of(card_id)


def claim(card_id: str, seat: int) -> str:
    """Return the id of a pool card once ``seat`` owns it (same key, version and copy, ``seat``'s prefix)."""
    return make_id(seat, key_of(card_id), version_of(card_id), copy_of(card_id))


def _extra(state: State, seat: int) -> int:
    """Return the extra setup Draft Draws of ``seat``: one per trophy its rival holds (ours)."""
    return sum(len(state["trophies"][r]) for r in seats(state) if r != seat)


def deal(state: State) -> None:
    """Deal the next game: the shared pool without trophy cards shuffled, a tableau of 5, 5 Gold each, then
    the setup Draft Draws (the second player of round 1 drafts first, ours), then the secret Leader picks."""
    from ..match import trophy_cards

    state["game_no"] += 1
    pool = pool_ids(state)
    state.pop("decks", None)  # built decks were pooled: no Leader stacks in this mode
    aside = {_same(c) for c in trophy_cards(state)}
    deck = [c for c in pool if _same(c) not in aside]
    rng_for(state["seed"], "duel_draft", state["game_no"]).shuffle(deck)
    for seat in seats(state):
        player: dict[str, Any] = {"deck": [], "hand": [], "discard": [], "unit": {s: None for s in SLOTS},
                                  "reserve": [None] * len(RESERVE), "hand_bonus": 0, "leader_pick": None}
        if state.get("chase"):
            player["chase_pick"] = None
        state["players"][seat] = player
    first = state["next_first"]
    if first is None:
        first = rng(state, "first").randrange(len(state["players"]))
    state["next_first"] = first  # the Leader reveal starts round 1 with this seat
    drafter = rival(state, first)
    state["duel_draft"] = {
        "pool": pool, "deck": deck[TABLEAU:], "tableau": [{"card": c, "gold": 0} for c in deck[:TABLEAU]],
        "gold": [START_GOLD] * len(state["players"]),
        "setup": [SETUP_DRAWS + _extra(state, s) for s in seats(state)], "drafter": drafter,
    }
    state.update(phase="draft", stage="draft", round=1, wave="V", first=None, turn=None, actions_left=0,
                 turn_no=0, limited=[], chain=[], queue=[], window=None, in_flight=[])
    reveal(state)
    log(state, f"Game {state['game_no']} is dealt (Duel Draft): a tableau of {TABLEAU} cards, "
        f"{START_GOLD} Gold each; {seat_label(drafter)} makes the first Draft Draw, "
        f"{seat_label(first)} takes the first turn.")


# ------------------------------------------------------------------ Draft Draw and Gather Funds
def draft_choices(state: State, seat: int) -> list[dict[str, Any]]:
    """Return the Draft Draws ``seat`` can afford: take lot ``index`` after passing over the ``index`` lots
    before it (one Gold each); ``index == len(tableau)`` passes over them all for the deck's top card."""
    dd = state["duel_draft"]
    gold = dd["gold"][seat]
    out = [{"type": "draft_draw", "index": i} for i in range(len(dd["tableau"])) if i <= gold]
    if dd["deck"] and len(dd["tableau"]) <= gold:
        out.append({"type": "draft_draw", "index": len(dd["tableau"])})
    return out


def gather_choices(state: State) -> list[dict[str, Any]]:
    """Return the Gather Funds actions: one per tableau card holding Gold (ours: not on a card without)."""
    return [{"type": "gather", "index": i} for i, lot in enumerate(state["duel_draft"]["tableau"]) if lot["gold"]]


def turn_options(state: State, seat: int, board: dict[str, Any], only: Any) -> list[dict[str, Any]]:
    """Return the Duel Draft turn actions of ``seat`` (one action left at least; ``only``: one type)."""
    out: list[dict[str, Any]] = []
    if only in (None, "draft_draw") and len(state["players"][seat]["hand"]) < board["hand_size"][seat]:
        out += draft_choices(state, seat)
    if only in (None, "gather"):
        out += gather_choices(state)
    return out


def _take(state: State, seat: int, index: int) -> str:
    """Do one Draft Draw (legal): pay the passed-over lots, take the lot or the deck's top card into the hand;
    return the log sentence."""
    dd = state["duel_draft"]
    tableau = dd["tableau"]
    for lot in tableau[:index]:
        lot["gold"] += 1
    dd["gold"][seat] -= index
    passed = f", passing over {index} card{'s' if index != 1 else ''}" if index else ""
    if index < len(tableau):
        lot = tableau.pop(index)
        dd["gold"][seat] += lot["gold"]
        got = f" and {lot['gold']} Gold" if lot["gold"] else ""
        taken = claim(lot["card"], seat)
        if dd["deck"]:
            tableau.append({"card": dd["deck"].pop(0), "gold": 0})
            reveal(state)
        text = f"{seat_label(seat)} drafts {name(taken)}{got}{passed}."
    else:
        taken = claim(dd["deck"].pop(0), seat)
        reveal(state)
        text = f"{seat_label(seat)} passes over the whole tableau and takes the deck's top card."
    state["players"][seat]["hand"].append(taken)
    return text


def apply_turn(state: State, seat: int, action: dict[str, Any]) -> None:
    """Apply a legal Draft Draw or Gather Funds during a turn (one action)."""
    state["actions_left"] -= COST
    if action["type"] == "draft_draw":
        log(state, _take(state, seat, action["index"]))
        return
    lot = state["duel_draft"]["tableau"][action["index"]]
    state["duel_draft"]["gold"][seat] += lot["gold"]
    log(state, f"{seat_label(seat)} gathers {lot['gold']} Gold from {name(lot['card'])}.")
    lot["gold"] = 0


def draw(state: State, seat: int, count: int) -> int:
    """Draw up to ``count`` cards for an effect from the top of the shared deck; return how many were drawn."""
    deck = state["duel_draft"]["deck"]
    n = min(count, len(deck))
    for _ in range(n):
        state["players"][seat]["hand"].append(claim(deck.pop(0), seat))
    if n:
        reveal(state)
    return n


# ------------------------------------------------------------------ the setup draft
def drafter(state: State) -> int:
    """Return the seat making the next setup Draft Draw."""
    return state["duel_draft"]["drafter"]


def pending(state: State, decision_id: Callable[[State, str, int], str]) -> list[Decision]:
    """Return the pending setup Draft Draw decision."""
    seat = drafter(state)
    return [Decision(seat, "draft", decision_id(state, "draft", seat), prompt(state, seat), False)]


def prompt(state: State, seat: int) -> str:
    """Return the prompt of a setup Draft Draw."""
    dd = state["duel_draft"]
    left = dd["setup"][seat]
    return (f"Draft Draw ({left} before the Leaders are chosen): take the far card of the tableau, or pass "
            f"over cards placing one Gold on each (you have {dd['gold'][seat]} Gold).")


def setup_actions(state: State, seat: int) -> list[dict[str, Any]]:
    """Return ``seat``'s setup Draft Draws (none unless it is their draw; ours: no hand limit, no Gather)."""
    if state["status"] != "playing" or state["phase"] != "draft" or seat != drafter(state):
        return []
    return draft_choices(state, seat)


def _can_lead(state: State, seat: int) -> bool:
    """Return whether ``seat`` holds a card with a Leader side."""
    return any("leader" in card(c) for c in state["players"][seat]["hand"])


def _next_drafter(state: State, seat: int) -> int | None:
    """Return who drafts next in the setup: the players alternate; one who holds no card with a Leader side
    once their draws are done drafts once more (ours); None when the setup draft is over."""
    dd = state["duel_draft"]
    for s in seats(state):
        if dd["setup"][s] == 0 and not _can_lead(state, s):
            dd["setup"][s] = 1
    for s in (rival(state, seat), seat):
        if dd["setup"][s] > 0 and draft_choices(state, s):
            return s
    return None


def apply_setup(state: State, seat: int, action: dict[str, Any]) -> None:
    """Apply a legal setup Draft Draw; when every setup draw is done, the secret Leader picks begin."""
    dd = state["duel_draft"]
    log(state, _take(state, seat, action["index"]))
    dd["setup"][seat] -= 1
    nxt = _next_drafter(state, seat)
    if nxt is not None:
        dd["drafter"] = nxt
        return
    dd["setup"] = [0] * len(dd["setup"])
    state["phase"] = state["stage"] = "leader"
    log(state, "The opening draft is done: each player secretly picks a Leader from their hand.")


# ------------------------------------------------------------------ words and views
def explain(state: State, seat: int, action: Any) -> IllegalAction:
    """Return why a Draft Draw or Gather Funds is refused (the refusal; nothing hidden)."""
    dd = state["duel_draft"]
    kind = action.get("type") if isinstance(action, dict) else None
    index = action.get("index") if isinstance(action, dict) else None
    if state["phase"] == "draft" and kind != "draft_draw":
        return IllegalAction("Before the Leaders are chosen, each player makes Draft Draws (draft_draw with an "
                             "index).")
    if state["phase"] == "draft" and seat != drafter(state):
        return IllegalAction("It is not your Draft Draw.")
    if state["phase"] != "draft" and state["actions_left"] < COST:
        return IllegalAction("You have no actions left this turn: end your turn.")
    size = len(dd["tableau"])
    if type(index) is not int or not 0 <= index <= size or (index == size and not dd["deck"]):
        if dd["deck"]:
            return IllegalAction("Choose a tableau card from 0 (the far end) to {last}, or {size} to pass over them "
                                 "all for the deck's top card.", last=size - 1, size=size)
        return IllegalAction("Choose a tableau card from 0 (the far end) to {last}.", last=size - 1)
    if kind == "gather" and index < size:
        return IllegalAction("That tableau card holds no Gold.")
    if kind == "gather":
        return IllegalAction("Gather Funds takes Gold from a tableau card.")
    if index > dd["gold"][seat]:
        return IllegalAction(Phrase.counted("Passing over {n} card costs {n} Gold; you have {gold}.",
                                            "Passing over {n} cards costs {n} Gold; you have {gold}.", index,
                                            gold=dd["gold"][seat]))
    from ..stats import board_of

    if state["phase"] != "draft" and len(state["players"][seat]["hand"]) >= board_of(state)["hand_size"][seat]:
        return IllegalAction("Your hand is full: no Draft Draw.")
    return IllegalAction("That Draft Draw is not legal now.")


def describe(state: State, player: int, action: dict[str, Any], own: bool) -> str:
    """Describe a Draft Draw or Gather Funds (only the drawer reads the name of the deck's top card)."""
    dd = state["duel_draft"]
    index = action["index"]
    if action["type"] == "gather":
        lot = dd["tableau"][index]
        return f"gathered {lot['gold']} Gold from {name(lot['card'])}"
    if index < len(dd["tableau"]):
        passed = f" (passing over {index})" if index else ""
        return f"drafted {name(dd['tableau'][index]['card'])}{passed}"
    if own and dd["deck"]:
        return f"passed over the tableau and drew {name(dd['deck'][0])} from the deck"
    return "passed over the tableau and took the deck's top card"


def view(state: State) -> dict[str, Any]:
    """Return the public Duel Draft fields: the tableau (face up, with its Gold), the deck's size, each seat's
    Gold, the Gold lying on the tableau ("bank"), setup draws left and who drafts next in the setup."""
    from ..view import card_view

    dd = state["duel_draft"]
    tableau = [{"card": card_view(lot["card"]), "gold": lot["gold"]} for lot in dd["tableau"]]
    return {"tableau": tableau, "deck": len(dd["deck"]), "gold": list(dd["gold"]),
            "bank": sum(lot["gold"] for lot in dd["tableau"]), "setup": list(dd["setup"]),
            "drafter": dd["drafter"] if state["phase"] == "draft" else None}
