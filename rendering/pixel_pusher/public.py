"""Pixel Pusher public board image: conveyor, supply, every machine board, image cards and score track.

Pure function from the public view (docs/dev/pixel_pusher_view.md) to PNG bytes; ``log`` receives a
:class:`rendering.theme.TextRecord` for every text drawn. Only public fields are read: a ``private``
part, if present, is ignored. Alt texts live in :mod:`rendering.pixel_pusher.alt`.
"""

from __future__ import annotations

import json
import math
from typing import Any

from bot.i18n import N_, SOURCE, t
from rendering.pixel_pusher.alt import alt_board, status_words
from rendering.pixel_pusher.boards import COL, COL_GAP, SMALL, col_x, draw_board
from rendering.pixel_pusher.images import IMAGE_H, draw_image_card
from rendering.pixel_pusher.parts import (
    BELT,
    EMPTY_TEXT,
    PX,
    as_int,
    as_list,
    draw_chevron,
    draw_pill,
    draw_pixel,
    draw_seat_disc,
    encode_png,
    fit_text,
    new_canvas,
    seat_colour,
    seat_names,
    text_width,
    wrap_text,
)
from rendering.pixel_pusher.private import render_private
from rendering.pixel_pusher.private_alt import alt_private
from rendering.pixel_pusher.words import drawable, log_entries, log_line, phase_name, reason_words
from rendering.theme import (
    ACCENT,
    BG,
    INK,
    LINE,
    MUTED,
    RAISED,
    SURFACE,
    TEXT,
    Canvas,
    TextRecord,
)

__all__ = ["render_board", "render_board_part", "render_private", "alt_board", "alt_private"]

View = dict[str, Any]

W = 1200  # image width: the smallest text (36 px) is 12 px when the image is shown 400 px wide
M = 16  # outer margin
SECTION_GAP = 22
CUBE, CUBE_GAP = 46, 8  # pixels on the conveyor
PHASES = ("draft", "build", "collect", "convert", "score")


def _seats(view: View) -> list[dict]:
    return [s for s in as_list(view.get("seats")) if isinstance(s, dict)]


def _count(view: View) -> int:
    seats = _seats(view)
    return max(as_int(view.get("players"), len(seats)), len(seats),
               max((as_int(s.get("seat"), -1) + 1 for s in seats), default=0))


# ---------------------------------------------------------------- header
def _header(cv: Canvas, view: View, shown: list[str], lang: str) -> int:
    y = M
    rnd = view.get("round") if isinstance(view.get("round"), int) else None
    pill = status_words(view, shown, lang=lang)
    _title_row(cv, rnd, pill, lang)
    y += 72
    phase = view.get("phase")
    cv.cached(("stepper", phase, lang), (0, y, W, y + 54), lambda sub: _stepper(sub, phase, y, lang))
    counts = [t(lang, word, n=view[key]) for key, word in (("deck", N_("Deck {n}")), ("discard", N_("Discard {n}")))
              if isinstance(view.get(key), int)]
    tally, room = " · ".join(counts), W - M - _stepper_end(phase, lang) - 20
    beside = text_width(tally, PX) <= room  # else (a longer language's stepper) on the next line, at its right
    if counts and beside:
        cv.text(W - M, y + 25, tally, PX, MUTED, BG, anchor="rm", max_width=room)
    y += 62
    if phase == "finished" or view.get("result"):
        y = _result_banner(cv, view, shown, y, lang)
    order = [s for s in as_list(view.get("order")) if isinstance(s, int) and 0 <= s < len(shown)]
    text = t(lang, "Order: {seats}", seats=" → ".join(fit_text(shown[s], PX, 240) for s in order)) \
        if order and phase != "finished" else ""
    right = 0.0
    if counts and not beside:
        right = cv.text(W - M, y + 20, tally, PX, MUTED, BG, anchor="rm") + 24
        if text and text_width(text, PX) > W - 2 * M - right:  # the order on a line of its own, never cut
            y, right = y + 46, 0.0
    if text:
        cv.text(M, y + 20, text, PX, TEXT, BG, max_width=W - 2 * M - right)
    if right or order and phase != "finished":
        y += 46
    lines: list[str] = []
    for entry, event in reversed(log_entries(view)):
        wrapped = wrap_text(drawable(log_line(entry, shown, lang, event)), PX, W - 2 * M, max_lines=2)
        if len(lines) + len(wrapped) > 3:
            break
        lines = wrapped + lines
    for line in lines:
        cv.text(M, y + 20, line, PX, MUTED, BG)
        y += 46
    return y + 6


def _title_row(cv: Canvas, rnd: int | None, pill: str, lang: str) -> None:
    """The name of the game, the round and what the table waits for."""
    y = M
    tw = cv.text(M, y + 28, "Pixel Pusher", 48, TEXT, BG, bold=True)
    if rnd is not None:
        tw += 18 + cv.text(M + tw + 18, y + 31, t(lang, "Round {n}", n=rnd), PX, MUTED, BG)
    pw = text_width(pill, PX, True) + 36
    pw = min(pw, W - 2 * M - tw - 30)
    cv.rect((W - M - pw, y + 2, W - M, y + 56), ACCENT, radius=27)
    cv.text_in((W - M - pw, y + 2, W - M, y + 57), pill, PX, INK, ACCENT, bold=True, pad=18)


def _stepper(cv: Canvas, phase: Any, y: int, lang: str) -> None:
    """The phases of a round, the current one lit."""
    x = M
    for i, p in enumerate(PHASES if phase != "finished" else ()):
        word = phase_name(p, lang, short=True)
        if p == phase:
            x += draw_pill(cv, x, y + 24, word, RAISED, TEXT, h=48) + 10
        else:
            x += 14 + cv.text(x + 14, y + 25, word, PX, MUTED, BG) + 14
        if i < len(PHASES) - 1:
            x += cv.text(x, y + 25, "›", PX, MUTED, BG) + 4


def _stepper_end(phase: Any, lang: str) -> float:
    """Where :func:`_stepper` ends (units)."""
    x = M
    for i, p in enumerate(PHASES if phase != "finished" else ()):
        word = phase_name(p, lang, short=True)
        x += text_width(word, PX, True) + 28 + 10 if p == phase else 14 + text_width(word, PX) + 14
        if i < len(PHASES) - 1:
            x += text_width("›", PX) + 4
    return x


def _result_banner(cv: Canvas, view: View, shown: list[str], y: int, lang: str) -> int:
    result = view.get("result") if isinstance(view.get("result"), dict) else {}
    winners = [s for s in as_list(result.get("winners")) if isinstance(s, int) and 0 <= s < len(shown)]
    scores = as_list(result.get("scores"))
    vp = scores[winners[0]] if winners and winners[0] < len(scores) and isinstance(scores[winners[0]], int) else None
    if len(winners) == 1:
        name = fit_text(shown[winners[0]], PX, 640, True)
        head = t(lang, "{name} wins with {vp} VP", name=name, vp=vp) if vp is not None else t(
            lang, "{name} wins", name=name)
    elif winners:
        who = ", ".join(fit_text(shown[s], PX, 220, True) for s in winners)
        head = t(lang, "Shared victory: {names} with {vp} VP", names=who, vp=vp) if vp is not None else t(
            lang, "Shared victory: {names}", names=who)
    else:
        head = t(lang, "Game over")
    reason = reason_words(result, lang)
    room = W - 2 * M - 90
    head = fit_text(head, PX, room, True)
    hw = text_width(head, PX, True)
    apart = bool(reason) and hw + 16 + text_width(f"· {reason}", PX) > room  # the reason on a line of its own
    lines = wrap_text(reason, PX, room, max_lines=3) if apart else []
    h = 64 + 44 * len(lines)
    cv.rect((M, y, W - M, y + h), ACCENT, radius=16)
    cv.crown(M + 16, y + 12, 40, INK)
    cv.text(M + 70, y + 33, head, PX, INK, ACCENT, bold=True)
    if reason and not apart:
        cv.text(M + 70 + hw + 16, y + 33, f"· {reason}", PX, INK, ACCENT)
    for k, line in enumerate(lines):
        cv.text(M + 70, y + 77 + 44 * k, line, PX, INK, ACCENT)
    return y + h + 16


# ---------------------------------------------------------------- conveyor and supply
def _conveyor(cv: Canvas, view: View, y: int, lang: str) -> int:
    segments = as_list(view.get("conveyor"))
    title = t(lang, "Conveyor")
    cv.text(M, y + 22, title, PX, TEXT, BG, bold=True)
    cv.text(M + text_width(title, PX, True) + 16, y + 23, t(lang, "flows 1 → 6, then back into the bag"), PX,
            MUTED, BG, max_width=W - 2 * M - 32 - text_width(title, PX, True))
    y += 52
    longest = max((len(as_list(s)) for s in segments), default=0)
    rows = max(2, math.ceil(longest / 3))
    h = 54 + rows * (CUBE + CUBE_GAP) + 6
    box = (col_x(0) - COL_GAP // 2 + 3, y, col_x(5) + COL + COL_GAP // 2 - 3 + 18, y + h)
    cv.cached(("conveyor", json.dumps(segments, default=str), lang), box,
              lambda sub: _belt(sub, segments, y, rows, h, lang))
    return y + h


def _belt(cv: Canvas, segments: list, y: int, rows: int, h: int, lang: str) -> None:
    depth = 18
    for i in range(6):
        x0 = col_x(i) - COL_GAP // 2 + 3
        x1 = col_x(i) + COL + COL_GAP // 2 - 3 + depth
        draw_chevron(cv, (x0, y, x1, y + h), BELT, depth, notch=i > 0)
        cx = col_x(i) + COL / 2 + (depth / 2 if i == 0 else depth / 2)
        cv.text(cx, y + 30, str(i + 1), 40, TEXT, BELT, bold=True, anchor="mm")
        pixels = as_list(segments[i]) if i < len(segments) else []
        for k, colour in enumerate(pixels):
            r, c = divmod(k, 3)
            if r >= rows:
                break
            px = cx - (3 * CUBE + 2 * CUBE_GAP) / 2 + c * (CUBE + CUBE_GAP)
            draw_pixel(cv, px, y + 54 + r * (CUBE + CUBE_GAP), CUBE, colour)
        if not pixels:
            cv.text(cx, y + 54 + (rows * (CUBE + CUBE_GAP)) / 2 - 4, t(lang, "empty"), PX, EMPTY_TEXT, BELT,
                    anchor="mm")


def _supply(cv: Canvas, view: View, y: int, lang: str) -> int:
    supply = view.get("supply") if isinstance(view.get("supply"), dict) else {}
    bag = view.get("bag")
    if not supply and not isinstance(bag, int):
        return y - 14
    h = 64 + (44 if any(c in supply for c in "RGB") else 0)
    look = (json.dumps(supply, sort_keys=True, default=str), bag if isinstance(bag, int) else None, lang)
    cv.cached(("supply", look), (M, y, W - M, y + h), lambda sub: _supply_row(sub, supply, bag, y, h, lang))
    return y + h + SECTION_GAP


def _supply_row(cv: Canvas, supply: dict, bag: Any, y: int, h: int, lang: str) -> None:
    cv.rect((M, y, W - M, y + h), SURFACE, radius=14)
    mid = y + 32
    x = M + 16
    if any(c in supply for c in "RGB"):  # what a newcomer asks: why R, G and B in the supply?
        cv.text(M + 16, y + 84, t(lang, "R G B: returned this round; back to the bag next round"), PX, MUTED, SURFACE,
                max_width=W - 2 * M - 32)
    if supply:
        x += cv.text(M + 16, mid, t(lang, "Supply"), PX, TEXT, SURFACE, bold=True) + 18
    for group in ("CMYW", "RGB"):
        for c in group:
            if c not in supply:
                continue
            draw_pixel(cv, x, mid - SMALL / 2, SMALL, c)
            x += SMALL + 6
            x += cv.text(x, mid + 1, str(as_int(supply.get(c))), PX, TEXT, SURFACE, bold=True) + 18
        x += 14
    if isinstance(bag, int):
        cv.text(W - M - 16, mid + 1, t(lang, "Bag {n}", n=bag), PX, TEXT, SURFACE, bold=True, anchor="rm")


def _stack_note(cv: Canvas, seats: list[dict], y: int, lang: str) -> int:
    """One line saying what cards stacked in a slot do, when some slot holds more than one."""
    if not any(len(as_list(stack)) > 1 for seat in seats for stack in as_list(seat.get("slots"))):
        return y
    cv.text(M, y + 20, t(lang, "Cards stacked in a slot all work (collectors add up)"), PX, MUTED, BG,
            max_width=W - 2 * M)
    return y + 52


# ---------------------------------------------------------------- images and score track
def _images(cv: Canvas, view: View, shown: list[str], y: int, lang: str) -> int:
    if not isinstance(view.get("images"), list):
        return y - SECTION_GAP
    cards = [c for c in as_list(view.get("images")) if isinstance(c, dict)]
    title = t(lang, "Images")
    cv.text(M, y + 22, title, PX, TEXT, BG, bold=True)
    deck = view.get("image_deck")
    if isinstance(deck, int):
        cv.text(M + text_width(title, PX, True) + 16, y + 23, t(lang, "{n} more in the image deck", n=deck), PX,
                MUTED, BG, max_width=W - 2 * M - 16 - text_width(title, PX, True))
    y += 50
    if not cards:
        cv.text(M, y + 20, t(lang, "No image cards left"), PX, MUTED, BG)
        return y + 44
    cw = (W - 2 * M - 2 * 14) // 3
    for i, card in enumerate(cards):
        r, c = divmod(i, 3)
        x = M + c * (cw + 14)
        box = (x, y + r * (IMAGE_H + 14), x + cw, y + r * (IMAGE_H + 14) + IMAGE_H)
        fillers = [line.get("filled_by") for line in as_list(card.get("scanlines")) if isinstance(line, dict)]
        who = tuple(shown) if any(isinstance(f, int) for f in fillers) else ()  # names only on filled rows
        cv.cached(("image", json.dumps(card, sort_keys=True, default=str), who, lang), box,
                  lambda sub, box=box, card=card: draw_image_card(sub, box, card, shown, lang))
    rows = math.ceil(len(cards) / 3)
    return y + rows * (IMAGE_H + 14) - 14


def _score_track(cv: Canvas, view: View, y: int, lang: str) -> int:
    seats = _seats(view)
    scores = [(as_int(s.get("seat"), i), as_int(s.get("score"))) for i, s in enumerate(seats)]
    top = max([20] + [v for _, v in scores])
    top = math.ceil(top / 10) * 10 if top <= 100 else math.ceil(top / 100) * 100
    cv.text(M, y + 22, t(lang, "Score track"), PX, TEXT, BG, bold=True)
    y += 50
    x0, x1 = M + 30, W - M - 30
    disc = 44
    # stack discs whose positions collide
    placed: list[tuple[float, int, int]] = []
    for seat, value in sorted(scores, key=lambda t: (t[1], t[0])):
        px = x0 + (x1 - x0) * max(0, value) / top
        level = 0
        while any(abs(px - q) < disc + 2 and lv == level for q, lv, _ in placed):
            level += 1
        placed.append((px, level, seat))
    levels = max((lv for _, lv, _ in placed), default=0) + 1
    h = levels * (disc + 4) + 10 + 62
    cv.cached(("score track", tuple(placed), top), (M, y - 6, W - M, y + h),
              lambda sub: _track(sub, placed, top, y, h, levels))
    return y + h


def _track(cv: Canvas, placed: list[tuple[float, int, int]], top: int, y: int, h: int, levels: int) -> None:
    x0, x1 = M + 30, W - M - 30
    disc = 44
    line_y = y + levels * (disc + 4) + 10
    cv.rect((M, y - 6, W - M, y + h), SURFACE, radius=14)
    cv.rect((x0, line_y - 4, x1, line_y + 4), LINE, radius=4)
    label = next(step for step in (10, 20, 50, 100, 10 ** 9) if top / step <= 10)
    for v in range(0, top + 1, label // 2):
        tx = x0 + (x1 - x0) * v / top
        big = v % label == 0
        cv.rect((tx - 1.5, line_y - (10 if big else 6), tx + 1.5, line_y + (10 if big else 6)), MUTED)
        if big:
            cv.text(tx, line_y + 34, str(v), PX, MUTED, SURFACE, anchor="mm")
    for px, level, seat in placed:  # stems first, so that no stem crosses a disc
        cy = line_y - 14 - disc / 2 - level * (disc + 4)
        cv.rect((px - 1.5, cy, px + 1.5, line_y), seat_colour(seat))
    for px, level, seat in placed:
        draw_seat_disc(cv, px, line_y - 14 - disc / 2 - level * (disc + 4), disc, seat)


# ---------------------------------------------------------------- entry point
def render_board(view: View, names: list[str] | None = None, lang: str = SOURCE, *,
                 log: list[TextRecord] | None = None) -> bytes:
    """The public board as PNG bytes in ``lang`` (ignores any ``private`` part of the view)."""
    return render_board_part(view, names, lang, 0, log=log)


def render_board_part(view: View, names: list[str] | None = None, lang: str = SOURCE, part: int = 0, *,
                      log: list[TextRecord] | None = None) -> bytes:
    """The public board as PNG bytes in ``lang``: whole (``part`` 0), or split in two (see
    :func:`rendering.pixel_pusher.alt.alt_board_parts`): 1 = header, conveyor, supply and the players' boards;
    2 = the title row, the image cards and the score track."""
    shown = seat_names(names, _count(view), lang)
    seats = _seats(view)
    cv = new_canvas(W, 6000, log)
    if part in (0, 1):
        y = _header(cv, view, shown, lang)
        y = _conveyor(cv, view, y, lang) + 14
        y = _supply(cv, view, y, lang)
        y = _stack_note(cv, seats, y, lang)
        for i, seat in enumerate(seats):
            y = draw_board(cv, view, seat, i, shown, y, lang) + 16
        if part == 1:
            return encode_png(cv, y - 16 + M)
        y += SECTION_GAP - 16
    else:
        rnd = view.get("round") if isinstance(view.get("round"), int) else None
        _title_row(cv, rnd, status_words(view, shown, lang=lang), lang)
        y = M + 72 + 10
    y = _images(cv, view, shown, y, lang) + SECTION_GAP
    y = _score_track(cv, view, y, lang) + M
    return encode_png(cv, y)


def warm() -> None:
    """Draw a bare 4-player board once, so that a fresh worker has the common tiles cached."""
    seats = [{"seat": s, "score": 0, "side": "A", "slots": [[] for _ in range(6)], "slot_segments": [1, 2, 3, 4, 5, 6],
              "stored": [], "storage": 4, "held": [], "hand": 0} for s in range(4)]
    view = {"players": 4, "phase": "build", "round": 1, "seats": seats, "to_act": [0], "order": [0, 1, 2, 3],
            "conveyor": [["R", "G", "B"], ["C", "M", "Y"], ["W"], [], [], []], "deck": 30, "discard": 0,
            "supply": {c: 10 for c in "CMYWRGB"}, "bag": 30, "images": [], "image_deck": 10}
    render_board(view, ["Ana", "Bartholomew", "Chloé", "Dmitri"])
