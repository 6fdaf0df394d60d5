"""The Build phase: installing machine cards, taking a random pixel instead, flipping the board."""

from __future__ import annotations

from ..base import N_
from .board import State, draw, fits, note, sort_pixels
from .content import MACHINES


def install(state: State, seat: int, card: str, slot: int) -> None:
    """Install a machine card from hand into a slot (1-6)."""
    state["hands"][seat].remove(card)
    state["boards"][seat]["slots"][slot - 1].append(card)
    note(state, N_("{seat} installed {card} in slot {slot}."), seat=seat, card=MACHINES[card]["name"], slot=slot)


def take_pixel(state: State, seat: int, card: str) -> None:
    """Discard a card from hand (face down) and take a random pixel from the bag instead."""
    state["hands"][seat].remove(card)
    state["discard"].append(card)
    got = draw(state, 1)
    state["boards"][seat]["held"] = sort_pixels(state["boards"][seat]["held"] + got)
    if got:
        note(state, N_("{seat} discarded a card and took a {colour} pixel from the bag."), seat=seat, colour=got[0])
    else:
        note(state, N_("{seat} discarded a card and took nothing (the bag is empty) from the bag."), seat=seat)


def flip(state: State, seat: int) -> None:
    """Turn a board to its other side (the Reverser's power)."""
    board = state["boards"][seat]
    board["side"] = "B" if board["side"] == "A" else "A"
    state["flipped"][seat] = True
    side = "6-1" if board["side"] == "B" else "1-6"
    note(state, N_("{seat} flipped their board to the {side} side."), seat=seat, side=side)


def install_slots(state: State, seat: int, card: str) -> list[int]:
    """Return the slots (1-6) where ``card`` may be installed."""
    return [i + 1 for i, stack in enumerate(state["boards"][seat]["slots"]) if fits(stack, card)]


def may_flip(state: State, seat: int) -> bool:
    """Return whether the seat may flip now: it holds the Reverser, has not flipped this round, builds."""
    return "reverse" in state["abilities_held"][seat] and not state["flipped"][seat]
