"""The 70 Pixies cards (our reconstruction of the published deck) and their public descriptions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

COLORS = ("blue", "green", "yellow", "red")
MULTI = "multi"

#: Compact deck notation, in card-id order: ``sN`` = N spirals, ``xN`` = N crosses,
#: ``c`` = colour spiral, a bare number = no symbol.
DECK_SPEC: tuple[tuple[str, str], ...] = (
    ("blue", "1s6 2s4 3s3 3s1 4s1 4c 4 5 5x2 5c 6s1 6x1 7x3 8x3 9x6 9x1"),
    ("green", "1s5 2s3 3s2 3c 4s4 4x1 5 5x1 5c 6x4 6x1 6s1 7x2 7 8x2 9x4"),
    ("yellow", "1s4 2s2 2c 3s5 3 4s3 4x1 5x2 5 5c 6x3 6 7x5 7s1 8x1 9x2"),
    ("red", "1s3 1c 2s5 3s4 4s2 4 5x1 5c 5 6x2 6 7x4 7x1 8x5 8 9"),
    (MULTI, "2 3 4 6x1 7x1 8x1"),
)

_COLOR_NAMES = {"blue": "Blue", "green": "Green", "yellow": "Yellow", "red": "Red", MULTI: "Multicolour"}


@dataclass(frozen=True)
class Card:
    """One card: its id, colour, number and symbols."""

    id: int
    color: str
    value: int
    spirals: int = 0
    crosses: int = 0
    color_spiral: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Return the card as the JSON object of the view contract."""
        return {
            "id": self.id,
            "color": self.color,
            "value": self.value,
            "spirals": self.spirals,
            "crosses": self.crosses,
            "color_spiral": self.color_spiral,
        }


def parse_token(card_id: int, color: str, token: str) -> Card:
    """Parse one token of the compact notation (e.g. ``"5x2"``, ``"4c"``, ``"7"``) into a card."""
    value = int(token[0])
    rest = token[1:]
    if not rest:
        return Card(card_id, color, value)
    if rest == "c":
        return Card(card_id, color, value, color_spiral=True)
    count = int(rest[1:])
    if rest[0] == "s":
        return Card(card_id, color, value, spirals=count)
    if rest[0] == "x":
        return Card(card_id, color, value, crosses=count)
    raise ValueError(f"bad card token {token!r}")


def build_deck() -> tuple[Card, ...]:
    """Return the 70 cards, ids 0..69 in the order of ``DECK_SPEC``."""
    cards: list[Card] = []
    for color, spec in DECK_SPEC:
        for token in spec.split():
            cards.append(parse_token(len(cards), color, token))
    return tuple(cards)


CARDS: tuple[Card, ...] = build_deck()
NUM_CARDS = len(CARDS)
ALL_IDS: tuple[int, ...] = tuple(range(NUM_CARDS))


def card_dict(card_id: int) -> dict[str, Any]:
    """Return a fresh view object for the card with this id."""
    return CARDS[card_id].to_dict()


def _label(card: Card) -> str:
    """Return a card's short public name."""
    text = f"{_COLOR_NAMES[card.color]} {card.value}"
    if card.spirals:
        text += f" ({card.spirals} spiral{'s' if card.spirals > 1 else ''})"
    elif card.crosses:
        text += f" ({card.crosses} cross{'es' if card.crosses > 1 else ''})"
    elif card.color_spiral:
        text += " (colour spiral)"
    return text


#: every card's public name, by id (built once: labels are read on every action)
LABELS: tuple[str, ...] = tuple(_label(card) for card in CARDS)


def card_label(card_id: int) -> str:
    """Return a short public name such as ``"Blue 5 (2 crosses)"``."""
    return LABELS[card_id]
