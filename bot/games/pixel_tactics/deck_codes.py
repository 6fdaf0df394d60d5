"""Deck codes: a deck as a short text members can paste, e.g. ``PT1-0G2H…``.

After the prefix ``PT1-``, Crockford base32 (0-9 and A-Z without I, L, O, U; read case-blind, O as 0 and
I/L as 1) of these bits: the format (1 bit: 0 Standard, 1 Epic); the Leader count (4 bits) and each Leader
as its set (3 bits, the position in ``CODE_SETS``) and its place in that set (7 bits); the number of sets
the Heroes come from (3 bits), and for each its set (3 bits), how many of its cards are mapped (7 bits)
and then, card by card in set order, how many copies are Heroes (1 bit Standard, 2 bits Epic). The bits
are padded with zeros to a whole character, then 10 bits of CRC-32 (2 characters) follow.

Set order is append-only (a new card goes at the end of its set), so a code stays valid as sets grow.
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..base import N_, GameError
from . import sets

PREFIX = "PT1-"
#: the sets in code order (never reorder; append new sets)
CODE_SETS = ("core", "core2", "mini1", "mini2", "commons", "promo")
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_READ = {c: i for i, c in enumerate(ALPHABET)} | {"O": 0, "I": 1, "L": 1}
CHECK_BITS = 10
SET_BITS, INDEX_BITS = 3, 7


class DeckCodeError(GameError, ValueError):
    """A deck code that cannot be read (the message says why, for the member who pasted it: a catalogue
    template, marked with ``N_``, and its fields)."""


def _place(key: str) -> tuple[int, int]:
    """Return ``(set number, index in set)`` of a playable card (``DeckCodeError`` for any other key)."""
    try:
        card = sets.card_def(key)
    except KeyError:
        raise DeckCodeError(N_("“{card}” cannot go in a deck code: only deck cards can."), card=key) from None
    set_no = CODE_SETS.index(card["set"])
    return set_no, sets.set_keys(card["set"]).index(key)


def normalized(deck: Mapping[str, Any]) -> dict[str, Any]:
    """Return the deck with its Heroes in card order (set, then place in set); Leaders keep their order."""
    def order(key: str) -> tuple[int, int, str]:
        try:
            return (*_place(key), key)
        except (DeckCodeError, ValueError):
            return (len(CODE_SETS), 0, key)
    return {**deck, "leaders": list(deck["leaders"]), "heroes": sorted(deck["heroes"], key=order)}


class _Bits:
    """A big-endian bit writer and reader."""

    def __init__(self, value: int = 0, length: int = 0):
        self.value, self.length, self.pos = value, length, 0

    def put(self, number: int, width: int) -> None:
        if not 0 <= number < (1 << width):
            raise DeckCodeError(N_("This deck is too large for a deck code."))
        self.value, self.length = (self.value << width) | number, self.length + width

    def take(self, width: int) -> int:
        if self.pos + width > self.length:
            raise DeckCodeError(N_("The code is incomplete: copy it again whole."))
        self.pos += width
        return (self.value >> (self.length - self.pos)) & ((1 << width) - 1)


def _crc(value: int, length: int) -> int:
    data = value.to_bytes((length + 7) // 8, "big") + length.to_bytes(2, "big")
    return zlib.crc32(data) & ((1 << CHECK_BITS) - 1)


def encode(deck: Mapping[str, Any]) -> str:
    """Return the deck code of a deck (``DeckCodeError`` for a card no code can name, or > 3 Hero copies)."""
    epic = deck.get("format") == "epic"
    bits = _Bits()
    bits.put(int(epic), 1)
    leaders = list(deck["leaders"])
    bits.put(len(leaders), 4)
    for key in leaders:
        set_no, index = _place(key)
        bits.put(set_no, SET_BITS)
        bits.put(index, INDEX_BITS)
    by_set: dict[int, Counter[int]] = {}
    for key in deck["heroes"]:
        set_no, index = _place(key)
        by_set.setdefault(set_no, Counter())[index] += 1
    bits.put(len(by_set), SET_BITS)
    width = 2 if epic else 1
    for set_no in sorted(by_set):
        counts = by_set[set_no]
        span = max(counts) + 1
        bits.put(set_no, SET_BITS)
        bits.put(span, INDEX_BITS)
        for index in range(span):
            if counts[index] >= 1 << width:
                if epic:
                    raise DeckCodeError(N_("A deck code holds at most 3 copies of a Hero."))
                raise DeckCodeError(N_("A deck code holds at most one copy of a Hero."))
            bits.put(counts[index], width)
    bits.put(0, -bits.length % 5)
    bits.put(_crc(bits.value, bits.length), CHECK_BITS)
    chars = [ALPHABET[(bits.value >> shift) & 31] for shift in range(bits.length - 5, -1, -5)]
    return PREFIX + "".join(chars)


def _body(code: str) -> _Bits:
    """Return the bits of a code's body with its checksum verified."""
    text = "".join(str(code).split()).upper()
    if not (text.startswith("PT") and "-" in text[:6] and text[2:text.index("-")].isdigit()):
        raise DeckCodeError(N_("That is not a Pixel Tactics deck code: they start with PT1- (use `/pt deck export`)."))
    if not text.startswith(PREFIX):
        raise DeckCodeError(N_("That deck code ({prefix}) comes from a newer version of the bot: this one reads "
                               "{current} codes."), prefix=text[:text.index("-") + 1], current=PREFIX)
    body = text[len(PREFIX):].replace("-", "")
    bad = next((c for c in body if c not in _READ), None)
    if bad is not None:
        raise DeckCodeError(N_("A deck code has no “{character}”: copy it again whole."), character=bad)
    if len(body) < 3:
        raise DeckCodeError(N_("The code is incomplete: copy it again whole."))
    value = 0
    for c in body:
        value = (value << 5) | _READ[c]
    length = len(body) * 5 - CHECK_BITS
    payload, check = value >> CHECK_BITS, value & ((1 << CHECK_BITS) - 1)
    if _crc(payload, length) != check:
        raise DeckCodeError(N_("The code is damaged or incomplete (its check does not match): copy it again "
                               "whole."))
    return _Bits(payload, length)


def _card(set_no: int, index: int) -> str:
    """Return the key at a code place (``DeckCodeError`` if this bot has no such card)."""
    if set_no >= len(CODE_SETS) or index >= len(sets.set_keys(CODE_SETS[set_no])):
        raise DeckCodeError(N_("The code names a card this bot does not have: it was made elsewhere, or for a "
                               "newer card list."))
    return sets.set_keys(CODE_SETS[set_no])[index]


def decode(code: str) -> dict[str, Any]:
    """Return the deck of a code (``DeckCodeError`` saying why a code is malformed, damaged or foreign)."""
    bits = _body(code)
    epic = bits.take(1)
    leaders = [_card(bits.take(SET_BITS), bits.take(INDEX_BITS)) for _ in range(bits.take(4))]
    heroes: list[str] = []
    width = 2 if epic else 1
    for _ in range(bits.take(SET_BITS)):
        set_no, span = bits.take(SET_BITS), bits.take(INDEX_BITS)
        for index in range(span):
            count = bits.take(width)
            if count:
                heroes += [_card(set_no, index)] * count
    if bits.length - bits.pos >= 5 or bits.take(bits.length - bits.pos):
        raise DeckCodeError(N_("The code is damaged (it carries more than a deck): copy it again whole."))
    return normalized({"format": "epic" if epic else "standard", "leaders": leaders, "heroes": heroes})
