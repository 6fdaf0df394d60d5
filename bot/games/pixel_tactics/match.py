"""Matches: dealing a game, the secret Leader pick, game over, trophies and the next game."""

from __future__ import annotations

from typing import Any

from ..base import rng_for
from .positions import RESERVE, SLOTS
from .sets import set_keys
from .state import State, log, name, new_entry, reveal, rng, seat_label, seats
from .turn import start_turn

OPENING_HAND = 5


def new_match(num_players: int, target: int, seed: int, set_name: str = "core") -> State:
    """Return a new match with its first game dealt (Leader decisions pending)."""
    state: State = {
        "game": "pixel-tactics", "seed": seed, "set": set_name, "status": "playing", "result": None,
        "target": target, "game_no": 0, "trophies": [[] for _ in range(num_players)], "next_first": None,
        "players": [{} for _ in range(num_players)], "decisions": [0] * num_players, "rng": 0, "reveals": 0,
        "log": [],
    }
    deal(state)
    return state


def all_cards(state: State, seat: int) -> list[str]:
    """Return the instance ids of ``seat``'s whole copy of the set."""
    return [f"{seat}.{key}" for key in set_keys(state["set"])]


def trophy_cards(state: State) -> set[str]:
    """Return every card set aside in a trophy."""
    return {c for held in state["trophies"] for pair in held for c in pair}


def deal(state: State) -> None:
    """Deal the next game: shuffled decks without trophy cards, opening hands, Leader picks pending."""
    state["game_no"] += 1
    aside = trophy_cards(state)
    for seat in seats(state):
        deck = [c for c in all_cards(state, seat) if c not in aside]
        rng_for(state["seed"], "deal", state["game_no"], seat).shuffle(deck)
        extra = sum(len(state["trophies"][r]) for r in seats(state) if r != seat)
        count = OPENING_HAND + extra
        state["players"][seat] = {
            "deck": deck[count:], "hand": deck[:count], "discard": [], "unit": {s: None for s in SLOTS},
            "reserve": [None] * len(RESERVE), "hand_bonus": 0, "leader_pick": None,
        }
    state.update(phase="leader", stage="leader", round=1, wave="V", first=None, turn=None, actions_left=0,
                 turn_no=0, limited=[], chain=[], queue=[], window=None, in_flight=[])
    reveal(state)
    log(state, f"Game {state['game_no']} is dealt: each player secretly picks a Leader.")


def pick_leader(state: State, seat: int, card_id: str) -> None:
    """Record ``seat``'s secret Leader choice; once every Leader is chosen, reveal them and begin."""
    state["players"][seat]["leader_pick"] = card_id
    if any(p["leader_pick"] is None for p in state["players"]):
        return
    names = []
    for s in seats(state):
        player = state["players"][s]
        pick = player["leader_pick"]
        player["hand"].remove(pick)
        player["unit"]["L"] = new_entry(pick, "leader")
        player["leader_pick"] = None
        names.append(f"{seat_label(s)} leads with {name(pick)}")
    reveal(state)
    log(state, "; ".join(names) + ".")
    first = state["next_first"]
    if first is None:
        first = rng(state, "first").randrange(len(state["players"]))
    state["first"] = first
    state["phase"] = "turn"
    log(state, f"Round 1 (Ceasefire), Vanguard wave: {seat_label(first)} goes first.")
    start_turn(state, first)


def game_over(state: State, winner: int | None, reason: str) -> None:
    """End the current game: the winner sets both Leaders aside as a trophy; the match goes on or ends."""
    log(state, reason)
    if winner is not None:
        pair = [state["players"][s]["unit"]["L"]["card"] for s in seats(state)]
        for s in seats(state):
            state["players"][s]["unit"]["L"] = None  # both Leaders are set aside as the trophy
        state["trophies"][winner].append(pair)
        log(state, f"{seat_label(winner)} wins game {state['game_no']} and takes a trophy "
            f"({', '.join(name(c) for c in pair)}).")
    else:
        log(state, f"Game {state['game_no']} is a tie: no trophy.")
    if winner is not None and len(state["trophies"][winner]) >= state["target"]:
        finish(state, [winner], f"{seat_label(winner)} wins the match with {state['target']} "
               f"troph{'ies' if state['target'] > 1 else 'y'}.")
        return
    state["next_first"] = winner
    deal(state)


def finish(state: State, winners: list[int], reason: str) -> None:
    """Finish the match."""
    losers = [s for s in seats(state) if s not in winners]
    state.update(status="finished", phase="finished", turn=None, actions_left=0, window=None, stage="finished")
    state["result"] = {"winners": winners, "ranking": [winners] + ([losers] if losers else []), "reason": reason,
                       "scores": [len(t) for t in state["trophies"]]}
    log(state, reason)


def leader_actions(state: State, seat: int) -> list[dict[str, Any]]:
    """Return the Leader choices of ``seat`` (one per card in hand) while their pick is pending."""
    player = state["players"][seat]
    if state["status"] != "playing" or state["phase"] != "leader" or player["leader_pick"] is not None:
        return []
    return [{"type": "leader", "card": c} for c in player["hand"]]
