"""``/game describe``: each game's describer, ``(view, names, viewer) -> text``, from the view the caller may see."""

from __future__ import annotations

from collections.abc import Callable

from rendering import pixies_describe
from rendering.public import posted_view

Describer = Callable[[dict, list[str], "int | None"], str]

#: game kind → its describer (a new game adds one here to get /game describe)
DESCRIBERS: dict[str, Describer] = {
    "pixies": pixies_describe.describe,
}


def describe(kind: str, view: dict, names: list[str], viewer: int | None) -> str:
    """Return the whole state of ``view`` (``engine.view(state, viewer)``) in words, as ``viewer`` may see it."""
    describer = DESCRIBERS.get(kind)
    if describer is None:
        return "This game cannot be described in words yet."
    return describer(posted_view(kind, view, names), names, viewer)
