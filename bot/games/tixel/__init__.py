"""Tixel: the pure rules engine, with the Tix and Poka Yoke expansions (see docs/rules/tixel.md)."""

from .engine import TixelEngine
from .notation import format_action, parse_action

__all__ = ["TixelEngine", "format_action", "parse_action"]
