"""Pixel Pusher: the pure rules engine (see docs/rules/pixel_pusher.md)."""

from .content import validate
from .engine import PixelPusherEngine

__all__ = ["PixelPusherEngine", "validate"]
