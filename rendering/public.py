"""Each game's public table art, shared by the bot and the offline demo: the renderer and alt text of its table
post (``/game replay`` draws its frames with them), the image a finished game's post shows, and how long each
replay frame lingers. Pure: views in, PNG bytes or text out."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.i18n import SOURCE
from rendering import pixel_pusher as pusher_render
from rendering import pixel_tactics as tactics_render
from rendering import pixies as pixies_render
from rendering import pt_draft as pt_draft_render
from rendering import tixel as tixel_render
from rendering.pixel_tactics.positions import named_view

#: how long each replay frame shows (ms): the start, each move, the final position
FIRST_MS, FRAME_MS, LAST_MS = 1500, 700, 4000


@dataclass(frozen=True)
class ReplayArt:
    """A game's public renderer and its alt text, both ``(view, names, lang) -> ...`` (``lang`` may be left out:
    English)."""

    render: Callable[[dict, list[str]], bytes]
    alt: Callable[[dict, list[str]], str]


#: game kind → how its public table is drawn (a new game adds its renderer here to get /game replay)
REPLAY_ART: dict[str, ReplayArt] = {
    "pixies": ReplayArt(pixies_render.render_table, pixies_render.table_alt),
    "tixel": ReplayArt(tixel_render.render_board, tixel_render.board_alt),
    "pixel-tactics": ReplayArt(tactics_render.render_board, tactics_render.alt_board),
    "pixel-pusher": ReplayArt(pusher_render.render_board, pusher_render.alt_board),
    "pt-draft": ReplayArt(pt_draft_render.render_draft_table, pt_draft_render.alt_table),
}

#: game kind → the image of its final post when that is not the table (Pixies: the final standings)
FINAL_ART: dict[str, Callable[[dict, list[str]], bytes]] = {
    "pixies": pixies_render.render_final,
}


#: game kind → how its table post words the public view before drawing it (Pixel Tactics: names for seats)
POSTED_VIEW: dict[str, Callable[[dict, list[str]], dict]] = {
    "pixel-tactics": named_view,
}


def posted_view(kind: str, view: dict, names: list[str]) -> dict:
    """Return the public view as the table post draws it (its sentences for people with names)."""
    words = POSTED_VIEW.get(kind)
    return words(view, names) if words else view


def table_image(kind: str, view: dict, names: list[str], lang: str = SOURCE) -> bytes:
    """Return the image the bot posts for this public view, in ``lang``: the table, or a finished game's final
    image."""
    view = posted_view(kind, view, names)
    final = FINAL_ART.get(kind) if view.get("status") == "finished" else None
    return (final or REPLAY_ART[kind].render)(view, names, lang)


def replay_durations(count: int) -> list[int]:
    """Return each replay frame's duration: the start and the final position linger."""
    if count == 1:
        return [LAST_MS]
    return [FIRST_MS] + [FRAME_MS] * (count - 2) + [LAST_MS]
