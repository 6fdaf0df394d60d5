"""Pixel Tactics draft images: a player's private pick (the pack or lots, numbered for the pick buttons, and
their pool so far) and the public draft table (seats, who has picked, the pack and pick counters, never a card).
"""

from __future__ import annotations

from typing import Any

from bot.i18n import SOURCE, t
from rendering.pixel_tactics.compact import CH, CW, compact_card, number_tab
from rendering.pixel_tactics.pages import GAP, M, W, _title
from rendering.pixel_tactics.style import PX, as_int, new_canvas, png_bytes
from rendering.theme import ACCENT, BG, INK, MUTED, RAISED, SURFACE, TEXT, Canvas, TextRecord
from rendering.tiles import clean as clean_text
from rendering.tiles import fit as fit_text
from rendering.tiles import width_of as text_width

MAX_PICK = 8
TAB = 44


def _entries(view: dict) -> list[tuple[dict, str]]:
    """(card, note) of each card offered, at most :data:`MAX_PICK`."""
    out = []
    for entry in view.get("cards") or [] if isinstance(view.get("cards"), list) else []:
        if isinstance(entry, dict) and isinstance(entry.get("card"), dict):
            out.append((entry["card"], str(entry.get("note") or "")))
        elif isinstance(entry, dict):
            out.append((entry, ""))
    return out[:MAX_PICK]


def pool_words(pool: Any, lang: str = SOURCE) -> str:
    """``Your pool: Leaders 2/4 · Heroes 9`` (``/25`` when a Hero limit is given), in ``lang``."""
    pool = pool if isinstance(pool, dict) else {}
    heroes_max = as_int(pool.get("heroes_max"), 0)
    heroes = f"{as_int(pool.get('heroes'))}" + (f"/{heroes_max}" if heroes_max else "")
    return t(lang, "Your pool: Leaders {leaders}/{most} · Heroes {heroes}", leaders=as_int(pool.get("leaders")),
             most=as_int(pool.get("leaders_max"), 4), heroes=heroes)


def _pick_layout(cv: Canvas | None, view: dict, lang: str = SOURCE) -> float:
    y = _title(cv, str(view.get("title") or t(lang, "Draft")), clean_text(str(view.get("status") or ""), ""))
    prompt = clean_text(str(view.get("prompt") or ""), "")
    if prompt:
        if cv is not None:
            pw = min(W - 2 * M, text_width(prompt, 28, True) + 32)
            cv.rect((M, y, M + pw, y + 44), ACCENT, radius=22)
            cv.text(M + pw / 2, y + 23, prompt, 28, INK, ACCENT, bold=True, anchor="mm", max_width=pw - 24)
        y += 44 + 14
    entries = _entries(view)
    if not entries:
        if cv is not None:
            cv.rect((M, y, W - M, y + 60), SURFACE, radius=14)
            cv.text(W / 2, y + 30, t(lang, "Nothing to pick right now"), PX, MUTED, SURFACE, anchor="mm")
        y += 60
    for k, (card, note) in enumerate(entries):
        x, cy = M + (k % 3) * (CW + GAP), y + (k // 3) * (TAB + CH + GAP)
        if cv is not None:
            number_tab(cv, x, cy, k + 1, note)
            compact_card(cv, x, cy + TAB, card, lang)
    rows = (len(entries) + 2) // 3
    y += rows * (TAB + CH) + max(0, rows - 1) * GAP
    y += 14
    if cv is not None:
        cv.rect((M, y, W - M, y + 48), RAISED, radius=14)
        cv.text(M + 16, y + 24, pool_words(view.get("pool"), lang), PX, TEXT, RAISED, bold=True, max_width=W - 2 * M - 32)
    return y + 48 + M


def render_draft_pick(view: dict, lang: str = SOURCE, *, log: list[TextRecord] | None = None) -> bytes:
    """A player's private draft pick as PNG bytes: up to eight compact cards numbered 1…n (the pick buttons'
    numbers, in order) and a one-line summary of their pool.

    ``view`` is a dict::

        {"title": "Pack Draft",                      # the method
         "status": "Pack 2 of 4 · Pick 3 of 8",       # one line of counters
         "prompt": "Pick a Leader",                   # optional: what this pick takes
         "cards": [card, ... | {"card": card, "note": "Lot 2 · 1 coin"}, ...],   # at most 8, in button order
         "pool": {"leaders": 2, "leaders_max": 4, "heroes": 9, "heroes_max": 25}}  # heroes_max optional

    Cards are card definitions (``sets.card_def(key)``); a note is drawn beside the card's number. The image's own
    words are in ``lang`` (the view's texts come translated).
    """
    view = view if isinstance(view, dict) else {}
    cv = new_canvas(W, round(_pick_layout(None, view, lang)), log)
    _pick_layout(cv, view, lang)
    return png_bytes(cv)


# ---------------------------------------------------------------- the public table
ROW = 64


def _seats(view: dict) -> list[dict]:
    seats = view.get("seats")
    return [s if isinstance(s, dict) else {} for s in seats] if isinstance(seats, list) else []


def _seat_row(cv: Canvas, y: float, k: int, seat: dict, finished: bool, lang: str = SOURCE) -> None:
    """One seat's row, drawn once per what it shows and then pasted (a table is posted after every pick)."""
    shown = (k, str(seat.get("name") or ""), bool(seat.get("picked")), bool(seat.get("timed_out")), finished,
             seat.get("leaders") if "leaders" in seat else "-", seat.get("heroes") if "heroes" in seat else "-", lang)
    cv.cached(("draft seat", *map(str, shown)), (M, y, W - M, y + ROW - 8),
              lambda sub: _draw_seat(sub, k, seat, finished, lang))


def _draw_seat(cv: Canvas, k: int, seat: dict, finished: bool, lang: str = SOURCE) -> None:
    y, M0 = 0, 0  # drawn on the row's own canvas, from its left edge
    cv.rect((M0, y, W - 2 * M, y + ROW - 8), SURFACE, radius=14)
    cy = y + (ROW - 8) / 2
    cv.rect((M0 + 10, cy - 18, M0 + 46, cy + 18), RAISED, radius=18)
    cv.text(M0 + 28, cy + 1, str(k + 1), PX, TEXT, RAISED, bold=True, anchor="mm")
    counts = [(t(lang, "Leaders"), as_int(seat.get("leaders"))), (t(lang, "Heroes"), as_int(seat.get("heroes")))]
    if finished:
        status, done = t(lang, "Done"), True
    elif seat.get("timed_out"):  # the default pick was taken for them
        status, done = t(lang, "Timed out"), False
    else:
        done = bool(seat.get("picked"))
        status = t(lang, "Picked") if done else t(lang, "Choosing…")
    right = W - 2 * M - 14
    sw = text_width(status, PX, True)
    cv.text(right, cy, status, PX, TEXT if done else MUTED, SURFACE, bold=done, anchor="rm")
    if done:
        cv.check_badge(right - sw - 38, cy - 14, 28)
        sw += 38
    right -= sw + 20
    if "leaders" in seat or "heroes" in seat:  # ``Leaders 2 · Heroes 9``, in pieces that recur
        for label, n in reversed(counts):
            right -= cv.text(right, cy, str(n), PX, TEXT, SURFACE, bold=True, anchor="rm") + 8
            right -= cv.text(right, cy, label, PX, MUTED, SURFACE, anchor="rm") + 12
        right += 12
    name = clean_text(str(seat.get("name") or ""), t(lang, "Seat {n}", n=k + 1))
    cv.text(M0 + 58, cy, fit_text(name, 28, right - 16 - (M0 + 58), True), 28, TEXT, SURFACE, bold=True)


def _table_layout(cv: Canvas | None, view: dict, lang: str = SOURCE) -> float:
    seats = _seats(view)
    finished = bool(view.get("finished"))
    picked = len(seats) if finished else sum(1 for s in seats if s.get("picked"))
    pill = t(lang, "Draft over") if finished else t(lang, "{picked} of {seats} picked", picked=picked,
                                                     seats=len(seats))
    pw = text_width(pill, 28, True) + 32
    y = _title(cv, str(view.get("title") or t(lang, "Draft")), clean_text(str(view.get("status") or ""), ""), pw + 16)
    if cv is not None:
        cv.rect((W - M - pw, M, W - M, M + 44), ACCENT, radius=22)
        cv.text(W - M - pw / 2, M + 23, pill, 28, INK, ACCENT, bold=True, anchor="mm")
    note = clean_text(str(view.get("note") or ""), "")
    if note:
        if cv is not None:
            cv.text(M, y + 16, note, PX, MUTED, BG, max_width=W - 2 * M)
        y += 40
    for k, seat in enumerate(seats):
        if cv is not None:
            _seat_row(cv, y, k, seat, finished, lang)
        y += ROW
    return y + M - 8


def render_draft_table(view: dict, lang: str = SOURCE, *, log: list[TextRecord] | None = None) -> bytes:
    """The public draft post as PNG bytes: each seat, whether it has picked, its pool's counts; never a card.

    ``view`` is a dict::

        {"title": "Pack Draft",
         "status": "Pack 2 of 4 · Pick 3 of 8 · passing right",   # one line of counters
         "note": "Picks are made by DM",                           # optional line
         "finished": False,
         "seats": [{"name": "Ana", "picked": True, "timed_out": False, "leaders": 2, "heroes": 9}, ...]}

    A seat's ``timed_out`` (its last pick was the default pick) shows "Timed out"; ``leaders`` and ``heroes``
    (how many cards of each its pool holds) are drawn only when given. The image's own words are in ``lang``.
    """
    view = view if isinstance(view, dict) else {}
    cv = new_canvas(W, round(_table_layout(None, view, lang)), log)
    _table_layout(cv, view, lang)
    return png_bytes(cv)


def warm() -> None:
    """Draw the draft table's recurring parts once (statuses, seat numbers, counts, ``k of n picked``)."""
    for n in range(2, 9):
        for k in range(n + 1):
            seats = [{"name": "", "picked": j < k, "timed_out": j == n - 1 and k < n, "leaders": j, "heroes": 4 * j + k}
                     for j in range(n)]
            render_draft_table({"title": "Draft", "seats": seats})
