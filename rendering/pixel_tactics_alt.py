"""Pixel Tactics alt texts."""

from __future__ import annotations


def alt_board(view, names=None) -> str:
    """Alt text of the board."""
    return ""


def alt_hand(view, names=None) -> str:
    """Alt text of the hand."""
    return ""


def alt_card(card) -> str:
    """Alt text of a card."""
    return ""
