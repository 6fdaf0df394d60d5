"""Pixel Tactics card faces: one card in full detail (Leader, Hero powers, tactic box)."""

from __future__ import annotations


def render_card(card: dict, *, log=None) -> bytes:
    """One card in full detail as PNG bytes."""
    raise NotImplementedError
