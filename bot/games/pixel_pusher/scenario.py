"""Arranging Pixel Pusher positions for tests and examples, keeping every pixel and card accounted for."""

from __future__ import annotations

from .board import State, phase_order, sort_pixels
from .content import ABILITIES, PRIMARIES
from .convert import open_convert


def _take(state: State, colour: str) -> None:
    """Take one pixel out of the bag (primaries) or the supply (the others)."""
    pool = state["bag"] if colour in PRIMARIES else state["supply"]
    if pool[colour] <= 0:
        raise ValueError(f"no {colour} pixel left to arrange")
    pool[colour] -= 1


def _give_back(state: State, pixels: list[str]) -> None:
    """Put pixels back in the bag (primaries) or the supply (the others)."""
    for colour in pixels:
        (state["bag"] if colour in PRIMARIES else state["supply"])[colour] += 1


def set_conveyor(state: State, segments: list[str]) -> State:
    """Replace the conveyor: ``segments[k]`` lists segment k+1's pixels, e.g. ``["RRG", "", "B"]``."""
    for segment in state["conveyor"]:
        _give_back(state, segment)
    segments = list(segments) + [""] * (6 - len(segments))
    state["conveyor"] = []
    for pixels in segments:
        for colour in pixels:
            _take(state, colour)
        state["conveyor"].append(sort_pixels(list(pixels)))
    return state


def set_pixels(state: State, seat: int, held: str = "", stored: str = "") -> State:
    """Replace a board's held and stored pixels (e.g. ``stored="RRY"``)."""
    board = state["boards"][seat]
    _give_back(state, board["held"] + board["stored"])
    for colour in held + stored:
        _take(state, colour)
    board["held"] = sort_pixels(list(held))
    board["stored"] = sort_pixels(list(stored))
    return state


def _pull(state: State, card: str) -> None:
    """Remove a machine card from wherever it is (deck, removed, discard, hands, picks, boards)."""
    for pile in (state["deck"], state["removed"], state["discard"], *state["hands"], *state["drafted"],
                 *(stack for board in state["boards"] for stack in board["slots"])):
        if card in pile:
            pile.remove(card)
            return


def set_hands(state: State, hands: list[list[str]]) -> State:
    """Give each seat exactly this hand (machine card ids and ability ids); cards they held go to the deck."""
    for seat, hand in enumerate(hands):
        state["deck"].extend(c for c in state["hands"][seat] if c not in ABILITIES and c not in hand)
        state["hands"][seat] = []
    for seat, hand in enumerate(hands):
        for card in hand:
            if card not in ABILITIES:
                _pull(state, card)
        state["hands"][seat] = list(hand)
    return state


def set_slots(state: State, seat: int, slots: dict[int, list[str]]) -> State:
    """Install machine cards on a board: ``{slot 1-6: [card ids, bottom first]}``."""
    for slot, cards in slots.items():
        for card in cards:
            _pull(state, card)
        state["boards"][seat]["slots"][slot - 1] = list(cards)
    return state


def start_phase(state: State, phase: str, abilities: dict[str, int] | None = None) -> State:
    """Jump to Build, Convert & Store or Score with the given ability holders (``{"build": 0, ...}``)."""
    n = state["num_players"]
    for seat in range(n):
        hand = [c for c in state["hands"][seat] if c not in ABILITIES]
        if phase != "build":
            state["deck"].extend(hand)
            hand = []
        state["hands"][seat] = hand
    state["abilities_held"] = [[a for a, s in (abilities or {}).items() if s == seat] for seat in range(n)]
    state["drafted"] = [[] for _ in range(n)]
    state["picked"] = [False] * n
    state["phase"] = phase
    state["turn"] = 0
    state["fills"] = 0
    if phase == "convert":
        open_convert(state)
    else:
        state["order"] = phase_order(state, phase)
    return state


def set_images(state: State, image_ids: list[str]) -> State:
    """Put these image cards face up (in order, none filled); the others form the image deck in id order."""
    every = sorted([i["id"] for i in state["images"]] + state["image_deck"])
    state["images"] = [{"id": i, "filled_by": [None] * 4} for i in image_ids]
    state["image_deck"] = [i for i in every if i not in image_ids]
    return state


def empty_deck(state: State) -> State:
    """Move the machine deck to the box, so that this round is the last."""
    state["removed"].extend(state["deck"])
    state["deck"] = []
    return state
