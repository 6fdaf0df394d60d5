"""The Tixel board's side parts in a language: each seat's pool panel (name bar, colour, piece counts,
promotions) and the row explaining the markers of the last move."""

from __future__ import annotations

from typing import Any

from bot.i18n import N_, SOURCE, t
from rendering.theme import ACCENT, BG, INK, MUTED, RAISED, SURFACE, TEXT, Canvas
from rendering.tiles import width_of as text_width  # cached measurement
from rendering.tixel.pieces import (
    PATH,
    PX,
    View,
    arrow_sprite,
    colour_of,
    draw_piece,
    last_move_marks,
    lock_sprite,
    sacrifice_badge,
    seat_of,
    turn_sprite,
)

#: the pool's piece kinds, as its rows name them
KINDS = {"tixel": N_("tixel"), "tix": N_("Tix"), "poka": N_("Poka")}
#: the colour line of a pool
IN_POOL = {"white": N_("White · in pool"), "black": N_("Black · in pool")}


def draw_legend(cv: Canvas, view: View, x: int, y: int, lang: str = SOURCE) -> int:
    """One row explaining the markers on the board (only those shown)."""
    marks = last_move_marks(view)
    items: list[tuple[str, str]] = []
    if marks["from"]:
        items.append(("arrow", t(lang, "slide")))
    if marks["deactivated"]:
        items.append(("turn", t(lang, "deactivated")))
    if marks["sacrificed"]:
        items.append(("sac", t(lang, "sacrificed")))
    if marks["locked"]:
        items.append(("lock", t(lang, "locked")))
    if not items:
        return y
    for icon, label in items:
        if icon == "arrow":
            cv.sprite(arrow_sprite(40, 5, PATH), x, y + 19 - 14)
            x += 48
        elif icon == "turn":
            cv.sprite(turn_sprite(32), x, y + 3)
            x += 40
        elif icon == "lock":
            cv.sprite(lock_sprite(32), x, y + 3)
            x += 40
        else:
            w, _ = sacrifice_badge(cv, x + 24, y + 19)
            x += w + 8
        x += cv.text(x, y + 19, label, PX, MUTED, BG) + 28
    return y + 46


def draw_pool(cv: Any, view: View, seat: int, name: str, x0: int, y: int, x1: int, lang: str = SOURCE) -> int:
    """One seat's panel: name bar, colour, piece counts with icons, promotions; returns its bottom.
    Drawn once per look on a palette canvas (``cv.group``) and pasted whole."""
    opts = view.get("options") or {}
    pools = view.get("pools") or []
    pool = pools[seat] if seat < len(pools) and isinstance(pools[seat], dict) else {}
    poka_on = bool(opts.get("poka_yoke"))
    kinds = [("tixel", t(lang, KINDS["tixel"]))]
    if (isinstance(opts.get("tix"), int) and opts["tix"] > 0) or pool.get("tix"):
        kinds.append(("tix", t(lang, KINDS["tix"])))
    if poka_on or pool.get("poka"):
        kinds.append(("poka", t(lang, KINDS["poka"])))
    counts = tuple((kind, label, pool.get(kind) if isinstance(pool.get(kind), int) else 0) for kind, label in kinds)
    promos = view.get("promotions") or []
    used = promos[seat] if seat < len(promos) and isinstance(promos[seat], int) else 0
    finished = view.get("status") == "finished"
    acting = not finished and seat_of(view.get("to_act")) == seat
    winner = finished and seat in ((view.get("result") or {}).get("winners") or [])
    words = (t(lang, IN_POOL[colour_of(view, seat)]), t(lang, "Promoted {used}/2", used=used) if poka_on else "")
    look = (seat, name, (colour_of(view, 0), colour_of(view, 1)), counts, poka_on, used, acting, winner, words)
    h = _bar_height(name, x1 - x0) + 12 + 36 + 44 * len(kinds) + (36 if poka_on else 0) + 12
    ox, oy = (x0 - 4) // 2 * 2, (y - 4) // 2 * 2  # an even shift keeps every rounding of the drawing
    cv.group(("pool", look, x0 - ox, y - oy), (ox, oy, x1 + 4, y + h + 4),
             lambda sub: _draw_pool(sub, look, x0 - ox, y - oy, x1 - ox, h), over=BG)
    return y + h


def _name_lines(name: str, width: int) -> list[str]:
    """The name bar's lines: the name, or when it does not fit, its part before `` (`` and the bracket below it
    (``Computer 2`` / ``(strong)``, ``Ada`` / ``(computer, normal)``) so a computer's level is never cut off."""
    room = width - 12 - 46
    base, bracket, rest = name.partition(" (")
    if text_width(name, PX, True) <= room or not bracket or not base:
        return [name]
    return [base, "(" + rest]


def _bar_height(name: str, width: int) -> int:
    """The name bar's height: 50 px, 84 px for a name on two lines."""
    return 50 + 34 * (len(_name_lines(name, width)) - 1)


def _draw_pool(cv: Canvas, look: tuple, x0: int, y: int, x1: int, h: int) -> None:
    seat, name, colours, counts, poka_on, used, acting, winner, words = look
    view = {"colors": list(colours)}
    if acting:
        cv.rect((x0 - 4, y - 4, x1 + 4, y + h + 4), ACCENT, radius=18)
    bar, fg = (ACCENT, INK) if acting or winner else (RAISED, TEXT)
    lines, bar_h = _name_lines(name, x1 - x0), _bar_height(name, x1 - x0)
    cv.rect((x0, y, x1, y + h), SURFACE, radius=14)
    cv.rect((x0, y, x1, y + bar_h), bar, radius=14)
    cv.rect((x0, y + bar_h - 14, x1, y + bar_h), bar)
    icon = {"owner": seat, "kind": "tix", "active": True, "hollow": None, "round": None}
    draw_piece(cv, view, icon, x0 + 24, y + 25, side=22, edge_w=2, shadow=False)
    room = x1 - 12 - (x0 + 46)
    widths = [cv.text(x0 + 46, y + 26 + 34 * i, line, PX, fg, bar, bold=True, max_width=room)
              for i, line in enumerate(lines)]
    if winner and widths[-1] + 40 <= room:  # a crown after the winner's name, when it fits
        cv.crown(x0 + 46 + widths[-1] + 8, y + 10 + 34 * (len(lines) - 1), 30, INK)
    body = (seat, colours, counts, poka_on, words)
    if not hasattr(cv, "group"):
        _draw_pool_body(cv, body, x0, y + bar_h, x1)
        return
    # the body (colour, counts, promotions) is a group of its own, on the plain SURFACE between the bar and
    # the rounded foot: a pool redrawn because its bar changed (whose turn it is) pastes it whole
    bx, by = x0 + x0 % 2, y + bar_h + (y + bar_h) % 2  # even, and not left of or above the body's plain SURFACE
    cv.group(("pool body", body, x0 - bx, y + bar_h - by), (bx, by, x1, y + h - 14),
             lambda sub: _draw_pool_body(sub, body, x0 - bx, y + bar_h - by, x1 - bx), over=cv.c(SURFACE))


def _draw_pool_body(cv: Canvas, body: tuple, x0: int, top: int, x1: int) -> None:
    """A pool's colour line, piece counts and promotions, from ``top`` (the bar's foot) down."""
    seat, colours, counts, poka_on, (colour_line, promoted) = body
    view = {"colors": list(colours)}
    yy = top + 12
    cv.text(x0 + 14, yy + 18, colour_line, PX, MUTED, SURFACE, max_width=x1 - x0 - 28)
    yy += 36
    for kind, label, n in counts:
        piece = {"owner": seat, "kind": kind, "active": False, "hollow": "N", "round": "cw"}
        draw_piece(cv, view, piece, x0 + 32, yy + 22, side=30, edge_w=2, shadow=False)
        cv.text(x0 + 58, yy + 23, f"×{n}", PX, TEXT, SURFACE, bold=True)
        cv.text(x1 - 14, yy + 23, label, PX, MUTED, SURFACE, anchor="rm")
        yy += 44
    if poka_on:
        cv.text(x0 + 14, yy + 18, promoted, PX, MUTED, SURFACE, max_width=x1 - x0 - 28)
