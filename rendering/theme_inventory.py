"""Every standard colour the renderers draw with (the anchors a theme maps), read from their modules'
constants, and the colour sets that carry game meaning (the pairs a colour-blind member must tell apart)."""

from __future__ import annotations

import importlib
from functools import cache

from rendering.theme import RGB, grey

#: the modules whose UPPER_CASE constants hold the renderers' solid colours
MODULES = (
    "rendering.theme", "rendering.pixies.cards", "rendering.pixies.table", "rendering.pixies.scores", "rendering.tixel.board",
    "rendering.tixel.pieces", "rendering.tixel.key", "rendering.pixel_pusher.parts", "rendering.pixel_pusher.public",
    "rendering.pixel_pusher.boards", "rendering.pixel_pusher.private", "rendering.pixel_tactics.style",
    "rendering.pixel_tactics.team_band", "rendering.pt_draft.images", "rendering.ratings.common",
    "rendering.tournaments.common", "rendering.league.sheet",
)


def _is_rgb(value: object) -> bool:
    return (isinstance(value, tuple) and len(value) == 3
            and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 255 for v in value))


def _colours_in(value: object, depth: int = 0) -> list[RGB]:
    if _is_rgb(value):
        return [value]  # type: ignore[list-item]
    if depth > 2:
        return []
    if isinstance(value, dict):
        return [c for v in value.values() for c in _colours_in(v, depth + 1)]
    if isinstance(value, tuple | list):
        return [c for v in value for c in _colours_in(v, depth + 1)]
    return []


@cache
def standard_colours() -> tuple[RGB, ...]:
    """Every solid colour named by a renderer's constants (and the greys of a player who left), deduplicated."""
    found: dict[RGB, None] = {}
    for name in MODULES:
        module = importlib.import_module(name)
        for key, value in vars(module).items():
            if key.isupper() and not key.startswith("_") and key not in ("PALETTE",):
                for c in _colours_in(value):
                    found.setdefault(c, None)
    for c in list(found):
        found.setdefault(grey(c), None)
    return tuple(found)


@cache
def game_colours() -> dict[str, dict[str, RGB]]:
    """Each game's colour sets (set name → colour name → standard colour): what the palette test checks."""
    from rendering.pixel_pusher.parts import PIXELS, SEATS
    from rendering.pixel_tactics import style
    from rendering.pixies.cards import COLOURS
    from rendering.tixel import pieces as tixel

    return {
        "pixies cards": {label: fill for fill, _, label in COLOURS.values()},
        "pixel pusher pixels": {f"{letter} ({word})": fill for letter, (fill, word) in PIXELS.items()},
        "pixel pusher seats": {f"seat {i + 1}": c for i, c in enumerate(SEATS)},
        "tixel sides": {"white": tixel.WHITE_FILL, "black": tixel.BLACK_FILL},
        "tixel badges": {"locked": tixel.LOCK_FILL, "deactivated": tixel.TURN_FILL, "sacrificed": tixel.SAC_FILL},
        "pixel tactics teams": {"team 1": style.CEASE_FILL, "team 2": style.TRAP},
        "pixel tactics rows": dict(style.POWER),
        "pixel tactics tactics": {k: fill for k, (fill, _, _) in style.KINDS.items()},
        "pixel tactics stats": {"attack": style.ATK, "life": style.LIFE},
        "pixel tactics bases": {k: fill for k, (fill, _) in style.BASE_BAND.items()},
    }
