"""Pixies: the pure rules engine (see docs/rules/pixies.md)."""

from .engine import PixiesEngine

__all__ = ["PixiesEngine"]
