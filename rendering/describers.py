"""``/game describe``: each game's describer, ``(view, names, viewer) -> text``, from the view the caller may see."""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n import t
from rendering.pixel_pusher import describe as pixel_pusher_describe
from rendering.pixel_tactics import describe as tactics_describe
from rendering.pixies import describe as pixies_describe
from rendering.pt_draft import describe as pt_draft_describe
from rendering.public import posted_view
from rendering.tixel import describe as tixel_describe

Describer = Callable[[dict, list[str], "int | None"], str]

#: game kind → its describer (a new game adds one here to get /game describe)
DESCRIBERS: dict[str, Describer] = {
    "pixies": pixies_describe.describe,
    "tixel": tixel_describe.describe,
    "pixel-tactics": tactics_describe.describe,
    "pixel-pusher": pixel_pusher_describe.describe,
    "pt-draft": pt_draft_describe.describe,
}


#: the games whose describer speaks the catalogues (takes ``lang``); the others' words are English still
LOCALISED = frozenset({"pixies", "tixel", "pixel-pusher", "pixel-tactics", "pt-draft"})


def describe(kind: str, view: dict, names: list[str], viewer: int | None, lang: str = "en") -> str:
    """Return the whole state of ``view`` (``engine.view(state, viewer)``) in words, as ``viewer`` may see it
    (in ``lang`` where the game's describer speaks the catalogues)."""
    describer = DESCRIBERS.get(kind)
    if describer is None:
        return t(lang, "This game cannot be described in words yet.")
    if kind in LOCALISED:
        return describer(posted_view(kind, view, names), names, viewer, lang)
    return describer(posted_view(kind, view, names), names, viewer)
