"""Siege (rulebook, GAME MODES): no Leader, three Flank slots, a fortress of two face-down cards behind each
column; a Melee Attack may hit the fortress of a column without living Heroes (its owner takes one of its
cards into hand), and a successful one on an emptied column wins the game. Rules as implemented, our choices
marked: docs/rules/pt_modes/siege.md.

The shared engine files call the hooks below behind ``mode_of(state) == "siege"``. State: each player holds
``"fortress": [[card ids] per column]`` (hidden from both seats: only the counts are in the view). A fortress
attack is an ordinary ``{"type": "attack", "by": slot, "target": "<seat>:fortress<column>"}`` action and chain
event (Traps answer it like any Attack); see ``fortress_ref``.
"""

from __future__ import annotations

import re
from typing import Any

from ...base import N_, IllegalAction, rng_for
from ..positions import HERO_SLOTS, SLOTS, column_slots, ref, row_of
from ..state import State, ceasefire, entry_at, log, members, name, reveal, rng, seat_label, seats
from . import mode_of

#: cards in each column's fortress when a game is dealt
FORTRESS_DEPTH = 2
#: the siege is lifted at the end of this round (every game ends; see ``lifted``)
LAST_ROUND = 20
COLUMN_WORDS = ("left", "centre", "right")
_FORTRESS = re.compile(r"^(\d):fortress([0-2])$")


def on(state: State) -> bool:
    """Return whether a match is played in Siege."""
    return mode_of(state) == "siege"


def hero_slots(state: State) -> tuple[str, ...]:
    """Return the slots a Hero may stand in: in Siege the centre Flank slot (``L``) too."""
    return SLOTS if on(state) else HERO_SLOTS


def centre_if_empty(state: State, seat: int) -> list[str]:
    """Return ``["L"]`` when the centre Flank slot of a Siege unit is empty (a Move may go there), else []."""
    return ["L"] if on(state) and state["players"][seat]["unit"]["L"] is None else []


# ------------------------------------------------------------------ dealing
def deal(state: State) -> None:
    """Deal the next Siege game: shuffled decks (built decks: Heroes only, the Leader stack stays aside), an
    opening hand of 5 (+1 per rival trophy, -1 with Promos, then a Promo), two face-down fortress cards behind
    each column from the top of the deck, and the first turn (no Leader to choose)."""
    from .. import match, promos
    from ..turn import start_turn

    state["game_no"] += 1
    if state.get("promos"):
        state["promo_deck"] = match.promo_keys(match.content_of(state))
        rng_for(state["seed"], "promo", state["game_no"]).shuffle(state["promo_deck"])
    for seat in seats(state):
        deck = match.all_cards(state, seat)
        leaders = state["decks"][seat]["leaders"] if match.built(state) else None
        if leaders is not None:
            deck = [c for c in deck if c not in leaders]
        rng_for(state["seed"], "deal", state["game_no"], seat).shuffle(deck)
        count = match.OPENING_HAND + match._extra(state, seat) - bool(state.get("promos"))
        walls = count + 3 * FORTRESS_DEPTH
        player: dict[str, Any] = {
            "deck": deck[walls:], "hand": deck[:count],
            "fortress": [deck[count + FORTRESS_DEPTH * c:count + FORTRESS_DEPTH * (c + 1)] for c in range(3)],
            "discard": [], "unit": {s: None for s in SLOTS}, "reserve": [None, None, None], "hand_bonus": 0,
            "leader_pick": None,
        }
        if leaders is not None:
            player["leaders"] = list(leaders)  # set aside, unused: Siege has no Leader
        state["players"][seat] = player
        if state.get("promos"):
            promos.draw_promo(state, seat)
    state.update(phase="turn", stage="leader", round=1, wave="V", first=None, turn=None, actions_left=0,
                 turn_no=0, limited=[], chain=[], queue=[], window=None, in_flight=[])
    reveal(state)
    log(state, f"Game {state['game_no']} is dealt (Siege): no Leaders; two face-down fortress cards stand "
        "behind each column of each unit.")
    first = state["next_first"]
    if first is None:
        first = rng(state, "first").randrange(len(state["players"]))
    state["first"] = first
    log(state, f"Round 1 (Ceasefire), Vanguard wave: {seat_label(first)} goes first.")
    start_turn(state, first)


# ---------------------------------------------------------------- fortress
def fortress_ref(seat: int, column: int) -> str:
    """Return the attack target naming ``seat``'s fortress behind ``column``: ``"<seat>:fortress<column>"``."""
    return f"{seat}:fortress{column}"


def is_fortress(target: Any) -> bool:
    """Return whether an attack target names a fortress."""
    return isinstance(target, str) and _FORTRESS.match(target) is not None


def parse_fortress(target: str) -> tuple[int, int]:
    """Return ``(seat, column)`` of a fortress target."""
    found = _FORTRESS.match(target)
    return int(found[1]), int(found[2])


def label(target: str) -> str:
    """Return a fortress target in words: ``Seat 2's fortress behind the left column``."""
    seat, column = parse_fortress(target)
    return f"{seat_label(seat)}'s fortress behind the {COLUMN_WORDS[column]} column"


def open_columns(state: State, seat: int) -> list[int]:
    """Return the columns of ``seat``'s unit holding no living Hero (Corpses do not guard a fortress)."""
    alive = set(members(state, seat))
    return [c for c in range(3) if not alive & set(column_slots(c))]


def fortress_targets(state: State, seat: int, slot: str) -> list[str]:
    """Return the fortresses the member at ``slot`` may attack: any rival column without a living Hero, for a
    Melee Attack only (the attacker must be foremost in its column)."""
    from ..combat import foremost

    if slot not in foremost(state, seat):
        return []
    return [fortress_ref(r, c) for r in seats(state) if r != seat for c in open_columns(state, r)]


def declare(state: State, seat: int, action: dict[str, Any]) -> None:
    """Declare a Melee Attack on a fortress: the attacker has acted; the attack goes on the chain (Traps may
    answer it)."""
    from ..effects import make_event

    unit = state["players"][seat]["unit"]
    unit[action["by"]]["acted"] = True
    source = ref(seat, action["by"])
    log(state, f"{name(unit[action['by']]['card'])} ({source}) declares a melee attack on {label(action['target'])}.")
    state["chain"].append(make_event("attack", seat, source, action["target"], state))


def hit_seat(target: str) -> int:
    """Return the seat whose fortress an attack targets (it may answer with a Trap)."""
    return parse_fortress(target)[0]


def resolve(state: State, event: dict[str, Any]) -> None:
    """Resolve a Melee Attack on a fortress: unless it was cancelled, its attacker fell or a living Hero now
    stands in that column (ours), the defender takes one fortress card of that column into hand; if the
    column's fortress is empty, the attacker wins the game at once."""
    from ..effects import fire

    if event["cancelled"]:
        return
    attacker = entry_at(state, event["source"])
    seat, column = parse_fortress(event["target"])
    if attacker is None or attacker["card"] != event["source_card"] or attacker["kind"] != "hero":
        log(state, "The attack finds no target.")
        return
    if column not in open_columns(state, seat):
        log(state, f"A Hero now guards {label(event['target'])}: the attack finds no target.")
        return
    walls = state["players"][seat]["fortress"][column]
    if not walls:
        win(state, event["actor"], f"{name(attacker['card'])} breaks through {label(event['target'])}, "
            "which holds no card: the siege is won.")
        return
    state["players"][seat]["hand"].append(walls.pop(0))
    reveal(state)
    log(state, f"{name(attacker['card'])} hits {label(event['target'])}: {seat_label(seat)} takes one of its "
        f"cards into their hand ({len(walls)} left there).")
    fire(state, "after_attack", [event["source"]], event)


#: the refusal of a Hero acting outside its wave, by wave
_ACTING_ROW = {"V": N_("Only Heroes of the Vanguard row act in the Vanguard wave."),
               "F": N_("Only Heroes of the Flank row act in the Flank wave."),
               "R": N_("Only Heroes of the Rear row act in the Rear wave.")}


def explain(state: State, seat: int, action: Any) -> IllegalAction | None:
    """Return why a Siege action is refused (the refusal) where Classic's words would be wrong (a fortress
    target, a Hero in the centre Flank slot), or None to let Classic explain."""
    if not isinstance(action, dict) or state["actions_left"] < 1:
        return None
    kind = action.get("type")
    if kind == "attack" and is_fortress(action.get("target")):
        return _fortress_refusal(state, seat, action)
    slot = action.get("by") if kind in ("attack", "spell") else action.get("from") if kind == "move" else None
    if slot != "L":
        return None
    refusal = _acting_refusal(state, seat, "L", kind != "move")
    if refusal is not None:
        return refusal
    if kind == "spell":
        return IllegalAction("That Hero has no Spell in this row, or that target is not allowed for it.")
    if kind == "attack":
        return IllegalAction("That target is out of reach.")
    return IllegalAction("Heroes can only move into an empty slot.")


def _acting_refusal(state: State, seat: int, slot: Any, in_wave: bool) -> IllegalAction | None:
    """Return why the Hero at ``slot`` cannot act now (no living Hero, not its wave, fresh, acted), or None."""
    entry = state["players"][seat]["unit"].get(slot) if slot in SLOTS else None
    if entry is None or entry["kind"] != "hero":
        return IllegalAction("There is no living Hero there.")
    if in_wave and row_of(slot) != state["wave"]:
        return IllegalAction(_ACTING_ROW[state["wave"]])
    if entry["fresh"]:
        return IllegalAction("A Hero recruited this wave cannot attack, cast or move.")
    if entry["acted"]:
        return IllegalAction("That Hero has already acted this turn.")
    return None


def _fortress_refusal(state: State, seat: int, action: dict[str, Any]) -> IllegalAction:
    """Return why an attack on a fortress is refused."""
    target_seat, column = parse_fortress(action["target"])
    if ceasefire(state):
        return IllegalAction("No Attacks during the Ceasefire (the whole first round).")
    if target_seat == seat or target_seat >= len(state["players"]):
        return IllegalAction("Attack a rival's fortress.")
    refusal = _acting_refusal(state, seat, action.get("by"), True)
    if refusal is not None:
        return refusal
    if column not in open_columns(state, target_seat):
        return IllegalAction("That fortress is guarded: a living Hero stands in its column.")
    return IllegalAction("Only a Hero in Melee (the foremost of its column) can attack a fortress.")


# ---------------------------------------------------------------- game end
def win(state: State, winner: int | None, reason: str) -> None:
    """End the current Siege game: the winner takes a trophy (no card is set aside: there are no Leaders); the
    match ends or the next game is dealt (the winner goes first)."""
    from ..match import finish, match_won

    log(state, reason)
    if winner is not None:
        state["trophies"][winner].append([])
        log(state, f"{seat_label(winner)} wins game {state['game_no']} and takes a trophy.")
    else:
        log(state, f"Game {state['game_no']} is a tie: no trophy.")
    if winner is not None and len(state["trophies"][winner]) >= state["target"]:
        finish(state, [winner], *match_won(winner, state["target"]))
        return
    state["next_first"] = winner
    deal(state)


def lifted(state: State) -> bool:
    """At the end of round ``LAST_ROUND`` (ours), end the game: more fortress cards left wins, then more living
    Heroes, else a tie. Return whether the game ended."""
    if state["wave"] != "R" or state["round"] < LAST_ROUND:
        return False
    walls = {s: sum(len(c) for c in state["players"][s]["fortress"]) for s in seats(state)}
    heroes = {s: len(members(state, s, ("hero",))) for s in seats(state)}
    ranked = sorted(seats(state), key=lambda s: (walls[s], heroes[s]), reverse=True)
    top = [s for s in ranked if (walls[s], heroes[s]) == (walls[ranked[0]], heroes[ranked[0]])]
    reason = f"Round {LAST_ROUND} is over: the siege is lifted"
    if len(top) == 1:
        why = "as much of its fortress standing and more living Heroes" if walls[ranked[0]] == walls[ranked[1]] \
            else "more of its fortress standing"
        win(state, top[0], f"{reason}; {seat_label(top[0])} has {why}.")
    else:
        win(state, None, f"{reason} with as many fortress cards and living Heroes on each side.")
    return True


# --------------------------------------------------------------------- view
def view_fields(state: State) -> dict[str, Any]:
    """Return the public Siege fields of the view: the count of fortress cards behind each column of each seat
    (never the cards: they are hidden from both seats) and the round that lifts the siege."""
    return {"mode": "siege", "siege": {"fortress": [[len(c) for c in p["fortress"]] for p in state["players"]],
                                       "last_round": LAST_ROUND}}


def fortress_cards(state: State) -> list[str]:
    """Return every card standing in a fortress (for conservation checks)."""
    return [c for p in state["players"] for column in p.get("fortress", []) for c in column]


__all__ = ["deal", "declare", "fortress_ref", "fortress_targets", "hero_slots", "is_fortress", "label",
           "lifted", "on", "resolve", "view_fields", "win"]
