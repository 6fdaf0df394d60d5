"""Each game's "how to read this board" image: a real position drawn by the game's own renderer, lettered
callouts on its regions and a key below. Pure: a public view, names and the key's texts in, PNG out."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image

from rendering.help import pixel_pusher, pixel_tactics, pixies, tixel
from rendering.help.callouts import Callout, compose
from rendering.public import REPLAY_ART, posted_view
from rendering.theme import TextRecord


@dataclass(frozen=True)
class Guide:
    """A game's callouts and the rows of its board the guide shows."""

    callouts: list[Callout]
    crop: Callable[[list[TextRecord], int], tuple[int, int]] | None = None


GUIDES: dict[str, Guide] = {
    "pixies": Guide(pixies.CALLOUTS),
    "tixel": Guide(tixel.CALLOUTS),
    "pixel-tactics": Guide(pixel_tactics.CALLOUTS, pixel_tactics.crop),
    "pixel-pusher": Guide(pixel_pusher.CALLOUTS),
}


def keys(game: str) -> list[str]:
    """Return the ids of a game's callouts, in number order (the key's texts are given for these)."""
    return [c.key for c in GUIDES[game].callouts]


def board_of(game: str, view: dict, names: list[str]) -> tuple[bytes, list[TextRecord], tuple[int, int] | None]:
    """Return the board as the table post draws it, its texts and the rows the guide shows."""
    guide = GUIDES[game]
    records: list[TextRecord] = []
    board = REPLAY_ART[game].render(posted_view(game, view, names), names, log=records)
    height = Image.open(io.BytesIO(board)).height
    return board, records, guide.crop(records, height) if guide.crop else None


def render_guide(game: str, view: dict, names: list[str], heading: str, key: dict[str, tuple[str, str]],
                 log: list[TextRecord] | None = None) -> bytes:
    """Return the board guide of a public view: the table as posted, lettered callouts, the key below."""
    board, records, crop = board_of(game, view, names)
    return compose(board, records, GUIDES[game].callouts, heading, key, crop=crop, log=log)
