"""Pixel Tactics hand image."""

from __future__ import annotations


def render_hand(view: dict, names=None, *, log=None) -> bytes:
    """The viewer's hand as PNG bytes."""
    raise NotImplementedError
