"""The Draft phase: dealing the stacks, picks, passing hands and revealing what was drafted."""

from __future__ import annotations

from ..base import N_, rng_for
from .board import STACK_CARDS, State, note, phase_order
from .content import ABILITIES, ABILITY_CARDS, MACHINES


def deal(state: State) -> None:
    """Create the draft stacks: one ability card under up to 3 machine cards per seat; start the draft.

    When the deck cannot give every stack 3 cards, each stack gets as many as it can evenly and the
    rest of the deck is discarded (ours)."""
    n = state["num_players"]
    abilities = [a["id"] for a in ABILITY_CARDS]
    rng_for(state["seed"], "abilities", state["round"]).shuffle(abilities)
    per = min(STACK_CARDS, len(state["deck"]) // n)
    for seat in range(n):
        state["hands"][seat] = state["deck"][:per] + [abilities[seat]]
        state["deck"] = state["deck"][per:]
    if per < STACK_CARDS:
        state["discard"].extend(state["deck"])
        state["deck"] = []
    state["phase"] = "draft"
    state["picked"] = [False] * n
    state["drafted"] = [[] for _ in range(n)]
    state["abilities_held"] = [[] for _ in range(n)]
    state["flipped"] = [False] * n
    state["order"] = None
    note(state, N_("Round {round}: the draft begins ({n} cards a hand)."), round=state["round"], n=per + 1)


def advance_draft(state: State) -> bool:
    """Make the automatic picks (a player who left, the last card of a hand); pass hands or end the
    draft. Return whether the state moved on."""
    n = state["num_players"]
    hands = state["hands"]
    last_card = all(len(h) == 1 for h in hands)
    for seat in range(n):
        if not state["picked"][seat] and hands[seat] and (last_card or not state["active"][seat]):
            state["drafted"][seat].append(hands[seat].pop(0))
            state["picked"][seat] = True
    if not all(state["picked"][s] or not hands[s] for s in range(n)) or not any(state["picked"]):
        return False
    if any(hands):
        state["hands"] = [hands[(s - 1) % n] for s in range(n)]
        state["picked"] = [False] * n
        note(state, N_("Everyone picked: the hands pass left."))
        return True
    end_draft(state)
    return True


def pick(state: State, seat: int, card: str) -> None:
    """Draft ``card`` from the seat's hand, face down."""
    state["hands"][seat].remove(card)
    state["drafted"][seat].append(card)
    state["picked"][seat] = True


def end_draft(state: State) -> None:
    """Reveal the drafted ability cards, take the drafted machine cards in hand, start Build."""
    for seat in range(state["num_players"]):
        drafted = state["drafted"][seat]
        state["abilities_held"][seat] = [c for c in drafted if c in ABILITIES]
        machines = [c for c in drafted if c in MACHINES]
        if state["active"][seat]:
            state["hands"][seat] = machines
        else:
            state["hands"][seat] = []
            state["discard"].extend(machines)
        state["drafted"][seat] = []
        names = [ABILITIES[a]["name"] for a in state["abilities_held"][seat]]
        # the stored English words the count for any number (games keep their logs); the application words the
        # event as a counted message (German words the count)
        if names:
            note(state, "{seat} drafted {n} machine card(s) and {abilities}.", seat=seat, n=len(machines),
                 abilities=names)
        else:
            note(state, "{seat} drafted {n} machine card(s) and no ability card.", seat=seat, n=len(machines))
    state["picked"] = [False] * state["num_players"]
    state["phase"] = "build"
    state["order"] = phase_order(state, "build")
    state["turn"] = 0
