"""Each game's "how to read this board" image: a real position drawn by the game's own renderer, numbered
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


def render_guide(game: str, view: dict, names: list[str], heading: str, key: dict[str, tuple[str, str]],
                 log: list[TextRecord] | None = None) -> bytes:
    """Return the board guide of a public view: the table as posted, numbered callouts, the key below."""
    guide = GUIDES[game]
    board_log: list[TextRecord] = []
    board = REPLAY_ART[game].render(posted_view(game, view, names), names, log=board_log)
    height = Image.open(io.BytesIO(board)).height
    crop = guide.crop(board_log, height) if guide.crop else None
    return compose(board, board_log, guide.callouts, heading, key, crop=crop, log=log)
