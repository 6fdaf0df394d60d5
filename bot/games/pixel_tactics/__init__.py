"""Pixel Tactics: the pure rules engine of the Classic duel (see docs/rules/pixel_tactics.md)."""

from .engine import PixelTacticsEngine

__all__ = ["PixelTacticsEngine"]
