"""The Tixel board's key to its pieces: active (a diamond), inactive (a square), the hollow, and with the
Poka Yoke option its rounded corner and what the pools' "Promoted n/2" counts."""

from __future__ import annotations

from typing import Any

from bot.i18n import N_, SOURCE, t
from rendering.theme import BG, MUTED, Canvas
from rendering.tixel.pieces import PX, draw_piece

ROW = 44  # one line of the key
ICON = 30  # side of an icon piece
WIDTH = 860  # the key's width (the image's, inside its margins)
View = dict[str, Any]
_LOOK = {"colors": ["white", "black"]}  # the key's pieces are white


def key_height(view: View) -> int:
    """Height of :func:`draw_key`'s rows (three lines with the Poka Yoke option)."""
    return ROW * (3 if _poka(view) else 1)


def draw_key(cv: Canvas, view: View, x: int, y: int, lang: str = SOURCE) -> int:
    """The pieces' key from (x, y) in ``lang``: ◇ active · □ inactive · the notch is the hollow; returns its
    bottom."""
    x0, mid = x, y + ROW / 2
    for active, word in ((True, N_("active")), (False, N_("inactive"))):
        piece = {"owner": 0, "kind": "tixel", "active": active, "hollow": "NE" if active else "N", "round": None}
        draw_piece(cv, _LOOK, piece, x + 20, mid, side=ICON if not active else 26, edge_w=2, shadow=False)
        x += 44 + cv.text(x + 44, mid, t(lang, word), PX, MUTED, BG) + 26
    cv.text(x, mid, t(lang, "notch = hollow: takes a sharp corner"), PX, MUTED, BG, max_width=WIDTH - (x - x0))
    if not _poka(view):
        return y + ROW
    x, mid = x0, mid + ROW  # the Poka Yoke line
    piece = {"owner": 0, "kind": "poka", "active": False, "hollow": "N", "round": "cw"}
    draw_piece(cv, _LOOK, piece, x + 20, mid, side=ICON, edge_w=2, shadow=False)
    cv.text(x + 44, mid, t(lang, "Poka Yoke (one rounded corner)"), PX, MUTED, BG, max_width=WIDTH - 44)
    cv.text(x, mid + ROW, t(lang, "Promoted: tixels picked up that came back as Poka (max 2)"), PX, MUTED, BG,
            max_width=WIDTH)
    return y + 3 * ROW


def _poka(view: View) -> bool:
    return bool((view.get("options") or {}).get("poka_yoke"))
