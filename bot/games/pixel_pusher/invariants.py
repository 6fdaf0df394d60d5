"""Checks that hold after every action: every pixel and every machine card is somewhere, exactly once."""

from __future__ import annotations

from collections import Counter

from .board import State, content_version
from .content import ABILITIES, IMAGES, MACHINES, TOTALS, VERSION_CARDS


def pixel_counts(state: State) -> Counter:
    """Return pixels per colour across bag, conveyor, boards (or Convert & Store work), supply and images."""
    total: Counter = Counter()
    total.update(state["bag"])
    total.update(state["supply"])
    for segment in state["conveyor"]:
        total.update(segment)
    for seat, board in enumerate(state["boards"]):
        work = state["work"][seat]
        if work is None:
            total.update(board["held"])
            total.update(board["stored"])
        else:
            total.update(work["held"])
            total.update(work["stored"])
            total.update(work["paid"])
            total.update(work["share"])
    for image in state["images"]:
        for line in IMAGES[image["id"]]["scanlines"]:
            if image["filled_by"][line["row"]] is not None:
                total.update(line["needs"])
    return total


def machine_cards(state: State) -> list[str]:
    """Return every machine card id the state holds (deck, hands, picks, boards, discard, removed)."""
    cards = list(state["deck"]) + list(state["discard"]) + list(state["removed"])
    for seat in range(state["num_players"]):
        cards += [c for c in state["hands"][seat] + state["drafted"][seat] if c in MACHINES]
        for stack in state["boards"][seat]["slots"]:
            cards += stack
    return cards


def check_invariants(state: State) -> None:
    """Raise ``AssertionError`` unless pixels and machine cards are conserved and the state is coherent."""
    counts = pixel_counts(state)
    for colour, total in TOTALS.items():
        assert counts[colour] == total, f"{colour}: {counts[colour]} pixels instead of {total}"
    assert all(n >= 0 for n in counts.values())
    cards = machine_cards(state)
    dealt = {c["id"] for c in VERSION_CARDS[content_version(state)][0]}
    assert len(cards) == len(dealt) == len(set(cards)) and set(cards) == dealt, "machine cards lost or duplicated"
    abilities = [c for s in range(state["num_players"]) for c in
                 state["hands"][s] + state["drafted"][s] + state["abilities_held"][s] if c in ABILITIES]
    assert len(abilities) == len(set(abilities)) <= 4
