"""The games the bot hosts: machine name → engine."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from bot.games.base import Engine

#: machine name → (human title, "module:Class" of its engine)
GAMES: dict[str, tuple[str, str]] = {
    "pixies": ("Pixies", "bot.games.pixies:PixiesEngine"),
    "tixel": ("Tixel", "bot.games.tixel:TixelEngine"),
    "pixel-tactics": ("Pixel Tactics", "bot.games.pixel_tactics:PixelTacticsEngine"),
    "pixel-pusher": ("Pixel Pusher", "bot.games.pixel_pusher:PixelPusherEngine"),
    "pt-draft": ("Pixel Tactics Draft", "bot.games.pt_draft:PtDraftEngine"),
}


@cache
def engine(kind: str) -> Engine:
    """Return the (stateless, shared) engine of a game kind; ``KeyError`` if unknown."""
    _title, target = GAMES[kind]
    module_name, _, class_name = target.partition(":")
    return getattr(import_module(module_name), class_name)()


def title(kind: str) -> str:
    """Return the human title of a game kind."""
    return GAMES[kind][0] if kind in GAMES else kind
