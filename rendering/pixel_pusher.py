"""Pixel Pusher public board image: conveyor, supply, every machine board, image cards and score track.

Pure function from the public view (docs/dev/pixel_pusher_view.md) to PNG bytes; ``log`` receives a
:class:`rendering.theme.TextRecord` for every text drawn. Only public fields are read: a ``private``
part, if present, is ignored. Alt texts live in :mod:`rendering.pixel_pusher_alt`.
"""

from __future__ import annotations

import math
from typing import Any

from rendering.pixel_pusher_alt import alt_board, alt_private, named, phase_word, status_words
from rendering.pixel_pusher_images import IMAGE_H, draw_image_card
from rendering.pixel_pusher_parts import (
    ABILITY_FILL,
    PX,
    as_int,
    as_list,
    draw_chevron,
    draw_chip,
    draw_pill,
    draw_pixel,
    draw_pixel_run,
    draw_seat_disc,
    encode_png,
    pixel_run_width,
    seat_colour,
    seat_names,
)
from rendering.pixel_pusher_private import render_private
from rendering.theme import (
    ACCENT,
    BG,
    INK,
    LINE,
    MUTED,
    RAISED,
    RGB,
    SLOT,
    SURFACE,
    TEXT,
    Canvas,
    TextRecord,
    clean_text,
    fit_text,
    grey,
    text_width,
    wrap_text,
)

__all__ = ["render_board", "render_private", "alt_board", "alt_private"]

View = dict[str, Any]

W = 1200  # image width: the smallest text (36 px) is 12 px when the image is shown 400 px wide
M = 16  # outer margin
COL, COL_GAP = 181, 12  # the six columns shared by the conveyor and every machine board
COL_X0 = (W - 6 * COL - 5 * COL_GAP) // 2
SECTION_GAP = 22
BELT: RGB = (60, 70, 98)  # conveyor segments
CUBE, CUBE_GAP = 46, 8  # pixels on the conveyor
SMALL, SMALL_GAP = 44, 6  # pixels on boards and in the supply
CHIP_H, CHIP_GAP = 48, 6
MAX_CHIPS = 4  # a taller stack shows its top cards and "+n more"
PHASES = ("draft", "build", "collect", "convert", "score")


def col_x(i: int) -> int:
    """Left edge of column ``i`` (0..5)."""
    return COL_X0 + i * (COL + COL_GAP)


def _seats(view: View) -> list[dict]:
    return [s for s in as_list(view.get("seats")) if isinstance(s, dict)]


def _count(view: View) -> int:
    seats = _seats(view)
    return max(as_int(view.get("players"), len(seats)), len(seats),
               max((as_int(s.get("seat"), -1) + 1 for s in seats), default=0))


# ---------------------------------------------------------------- header
def _header(cv: Canvas, view: View, shown: list[str]) -> int:
    y = M
    tw = cv.text(M, y + 28, "Pixel Pusher", 48, TEXT, BG, bold=True)
    rnd = view.get("round")
    if isinstance(rnd, int):
        tw += 18 + cv.text(M + tw + 18, y + 31, f"Round {rnd}", PX, MUTED, BG)
    pill = status_words(view, shown)
    pw = text_width(pill, PX, True) + 36
    pw = min(pw, W - 2 * M - tw - 30)
    cv.rect((W - M - pw, y + 2, W - M, y + 56), ACCENT, radius=27)
    cv.text_in((W - M - pw, y + 2, W - M, y + 57), pill, PX, INK, ACCENT, bold=True, pad=18)
    y += 72
    # phase stepper
    x = M
    phase = view.get("phase")
    for i, p in enumerate(PHASES if phase != "finished" else ()):
        word = phase_word(p)
        if p == phase:
            x += draw_pill(cv, x, y + 24, word, RAISED, TEXT, h=48) + 10
        else:
            x += 14 + cv.text(x + 14, y + 25, word, PX, MUTED, BG) + 14
        if i < len(PHASES) - 1:
            x += cv.text(x, y + 25, "›", PX, MUTED, BG) + 4
    counts = []
    for key, word in (("deck", "Deck"), ("discard", "Discard")):
        if isinstance(view.get(key), int):
            counts.append(f"{word} {view[key]}")
    if counts:
        cv.text(W - M, y + 25, " · ".join(counts), PX, MUTED, BG, anchor="rm", max_width=W - M - x - 20)
    y += 62
    if phase == "finished" or view.get("result"):
        y = _result_banner(cv, view, shown, y)
    order = [s for s in as_list(view.get("order")) if isinstance(s, int) and 0 <= s < len(shown)]
    if order and phase != "finished":
        text = "Order: " + " → ".join(fit_text(shown[s], PX, 240) for s in order)
        cv.text(M, y + 20, text, PX, TEXT, BG, max_width=W - 2 * M)
        y += 46
    lines: list[str] = []
    for entry in reversed([str(t) for t in as_list(view.get("log")) if t]):
        wrapped = wrap_text(clean_text(named(entry, shown)), PX, W - 2 * M, max_lines=2)
        if len(lines) + len(wrapped) > 3:
            break
        lines = wrapped + lines
    for line in lines:
        cv.text(M, y + 20, line, PX, MUTED, BG)
        y += 46
    return y + 6


def _result_banner(cv: Canvas, view: View, shown: list[str], y: int) -> int:
    result = view.get("result") if isinstance(view.get("result"), dict) else {}
    winners = [s for s in as_list(result.get("winners")) if isinstance(s, int) and 0 <= s < len(shown)]
    scores = as_list(result.get("scores"))
    if len(winners) == 1:
        head = f"{fit_text(shown[winners[0]], PX, 420, True)} wins"
    elif winners:
        head = "Shared victory: " + ", ".join(fit_text(shown[s], PX, 220, True) for s in winners)
    else:
        head = "Game over"
    if winners and winners[0] < len(scores) and isinstance(scores[winners[0]], int):
        head += f" with {scores[winners[0]]} VP"
    reason = str(result.get("reason") or "").replace("_", " ").strip()
    cv.rect((M, y, W - M, y + 64), ACCENT, radius=16)
    cv.crown(M + 16, y + 12, 40, INK)
    hw = cv.text(M + 70, y + 33, head, PX, INK, ACCENT, bold=True, max_width=W - 2 * M - 90)
    if reason:
        cv.text(M + 70 + hw + 16, y + 33, f"· {reason}", PX, INK, ACCENT, max_width=W - 2 * M - 106 - hw)
    return y + 80


# ---------------------------------------------------------------- conveyor and supply
def _conveyor(cv: Canvas, view: View, y: int) -> int:
    segments = as_list(view.get("conveyor"))
    cv.text(M, y + 22, "Conveyor", PX, TEXT, BG, bold=True)
    cv.text(M + text_width("Conveyor", PX, True) + 16, y + 23, "flows 1 → 6, then back into the bag", PX, MUTED,
            BG, max_width=W - 2 * M - 200)
    y += 52
    longest = max((len(as_list(s)) for s in segments), default=0)
    rows = max(2, math.ceil(longest / 3))
    h = 54 + rows * (CUBE + CUBE_GAP) + 6
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
            cv.text(cx, y + 54 + (rows * (CUBE + CUBE_GAP)) / 2 - 4, "empty", PX, (184, 192, 214), BELT,
                    anchor="mm")
    return y + h


def _supply(cv: Canvas, view: View, y: int) -> int:
    supply = view.get("supply") if isinstance(view.get("supply"), dict) else {}
    bag = view.get("bag")
    if not supply and not isinstance(bag, int):
        return y - 14
    h = 64
    cv.rect((M, y, W - M, y + h), SURFACE, radius=14)
    mid = y + h / 2
    x = M + 16
    if supply:
        x += cv.text(M + 16, mid, "Supply", PX, TEXT, SURFACE, bold=True) + 18
    for group in ("CMYW", "RGB"):
        for c in group:
            if c not in supply:
                continue
            draw_pixel(cv, x, mid - SMALL / 2, SMALL, c)
            x += SMALL + 6
            x += cv.text(x, mid + 1, str(as_int(supply.get(c))), PX, TEXT, SURFACE, bold=True) + 18
        x += 14
    if isinstance(bag, int):
        cv.text(W - M - 16, mid + 1, f"Bag {bag}", PX, TEXT, SURFACE, bold=True, anchor="rm")
    return y + h + SECTION_GAP


# ---------------------------------------------------------------- machine boards
def _columns(seat: dict) -> list[int]:
    """The column (0..5) of each slot: under the conveyor segment it reads, else in slot order."""
    segs = as_list(seat.get("slot_segments"))
    if len(segs) == 6 and sorted(segs) == [1, 2, 3, 4, 5, 6]:
        return [s - 1 for s in segs]
    return list(range(6))


def _stack_rows(seat: dict) -> int:
    return max([1] + [min(MAX_CHIPS, len(as_list(stack))) for stack in as_list(seat.get("slots"))[:6]])


def _tag(view: View, seat: dict, acting: bool) -> str:
    phase = view.get("phase")
    if seat.get("active") is False:
        return "left the game"
    if phase == "draft":
        return "✓ picked" if seat.get("picked") else ("choosing" if acting else "")
    if phase == "convert":
        return "✓ done" if seat.get("confirmed") else ("converting" if acting else "")
    if acting and phase == "score":
        fills, most = view.get("fills"), view.get("max_fills")
        if isinstance(fills, int) and isinstance(most, int) and most > 0:
            return f"to score · {fills} of {most} rows filled"
    if acting:
        return {"build": "to build", "score": "to score", "collect": "collecting"}.get(str(phase), "to act")
    return ""


def _board(cv: Canvas, view: View, seat: dict, index: int, shown: list[str], y: int) -> int:
    s = as_int(seat.get("seat"), index)
    name = shown[s] if 0 <= s < len(shown) else f"Seat {s + 1}"
    acting = s in as_list(view.get("to_act")) and view.get("phase") != "finished"
    winners = as_list((view.get("result") or {}).get("winners")) if isinstance(view.get("result"), dict) else []
    rows = _stack_rows(seat)
    lines = len(_bottom_lines(view, seat))
    h = 58 + 12 + 40 + rows * (CHIP_H + CHIP_GAP) - CHIP_GAP + 14 + lines * (SMALL + 14) + 2
    x0, x1 = M, W - M
    cv.tone = grey if seat.get("active") is False else None
    # the one player everybody waits for gets a gold board; several at once (a simultaneous phase) only a
    # gold tag, so that the image does not turn all gold
    alone = acting and len([t for t in as_list(view.get("to_act")) if isinstance(t, int)]) == 1
    if alone:
        cv.rect((x0 - 4, y - 4, x1 + 4, y + h + 4), ACCENT, radius=20)
    bar = ACCENT if alone else RAISED
    fg = INK if alone else TEXT
    cv.rect((x0, y + 30, x1, y + h), SURFACE, radius=16)
    cv.rect((x0, y, x1, y + 58), bar, radius=16)
    cv.rect((x0, y + 40, x1, y + 58), bar)
    mid = y + 30
    draw_seat_disc(cv, x0 + 34, mid, 44, s)
    right = x1 - 16
    score = f"{as_int(seat.get('score'))} VP"
    right -= cv.text(right, mid + 1, score, PX, fg, bar, bold=True, anchor="rm") + 24
    side = seat.get("side")
    if side in ("A", "B"):
        label = f"Side {side}" + (" (6–1)" if side == "B" else "")
        right -= cv.text(right, mid + 1, label, PX, fg if alone else MUTED, bar, anchor="rm") + 24
    x = x0 + 68
    if s in winners:
        cv.crown(x, mid - 18, 36, INK if alone else ACCENT)
        x += 44
    tag = _tag(view, seat, acting)
    tag_w = text_width(tag, PX, True) + 20 if tag else 0
    nw = cv.text(x, mid + 1, name, PX, fg, bar, bold=True, max_width=right - x - tag_w)
    if tag:
        colour = INK if alone else (ACCENT if acting else MUTED)
        cv.text(x + nw + 16, mid + 1, tag, PX, colour, bar, bold=acting and not alone)
    # slots under the conveyor segments they read
    top = y + 58 + 12
    stacks = as_list(seat.get("slots"))
    for k, column in enumerate(_columns(seat)):
        cx = col_x(column)
        cv.text(cx + COL / 2, top + 18, f"Slot {k + 1}", PX, MUTED, SURFACE, anchor="mm")
        stack = [c for c in as_list(stacks[k]) if c] if k < len(stacks) else []
        cy = top + 40
        if not stack:
            cv.rect((cx, cy, cx + COL, cy + CHIP_H), SLOT, radius=10, outline=LINE, width=2)
            continue
        shown_cards = stack if len(stack) <= MAX_CHIPS else stack[: MAX_CHIPS - 1]
        for card in shown_cards:
            draw_chip(cv, (cx, cy, cx + COL, cy + CHIP_H), card)
            cy += CHIP_H + CHIP_GAP
        if len(stack) > MAX_CHIPS:
            more = len(stack) - len(shown_cards)
            cv.rect((cx, cy, cx + COL, cy + CHIP_H), RAISED, radius=10)
            cv.text(cx + COL / 2, cy + CHIP_H / 2, f"+{more} more", PX, TEXT, RAISED, bold=True, anchor="mm")
    # storage, held pixels, ability and hand
    _bottom(cv, view, seat, top + 40 + rows * (CHIP_H + CHIP_GAP) - CHIP_GAP + 14, x0, x1)
    cv.tone = None
    return y + h


def _abilities(seat: dict) -> list[str]:
    """Names of the seat's revealed ability cards (``abilities`` if the view lists them, else ``ability``)."""
    cards = [a for a in as_list(seat.get("abilities")) if isinstance(a, dict)]
    if not cards and isinstance(seat.get("ability"), dict):
        cards = [seat["ability"]]
    return [clean_text(str(a.get("name") or a.get("id") or "Ability")) for a in cards]


def _right_block(view: View, seat: dict) -> tuple[list[str], str | None, float]:
    """(ability names, hand text, width) of the bottom-right corner of a board."""
    hand = seat.get("hand")
    hand_text = f"Hand {hand}" if isinstance(hand, int) and (hand or view.get("phase") in ("draft", "build")) else None
    names = _abilities(seat)
    w = (text_width(hand_text, PX) + 20 if hand_text else 0) + sum(_pill_w(n) + 12 for n in names)
    return names, hand_text, w


def _pill_w(name: str) -> float:
    return min(330, text_width(name, PX, True) + 28)


def _bottom_lines(view: View, seat: dict) -> list[list[str]]:
    """Which runs go on which line under the slots: ``[["stored", "held"]]`` if they fit side by side."""
    stored, held = as_list(seat.get("stored")), as_list(seat.get("held"))
    runs = (["stored"] if stored or isinstance(seat.get("storage"), int) else []) + (["held"] if held else [])
    if len(runs) < 2:
        return [runs]
    holes = max(0, as_int(seat.get("storage"), len(stored)) - len(stored))
    need = (text_width("Stored", PX, True) + 12 + pixel_run_width(stored, SMALL, SMALL_GAP, holes) + 28
            + text_width("Held", PX, True) + 12 + pixel_run_width(held, SMALL, SMALL_GAP))
    if need <= W - 2 * M - 32 - _right_block(view, seat)[2]:
        return [runs]
    return [["stored"], ["held"]]


def _bottom(cv: Canvas, view: View, seat: dict, by: int, x0: int, x1: int) -> None:
    mid = by + SMALL / 2
    right = x1 - 16
    abilities, hand, _ = _right_block(view, seat)
    if hand:
        right -= cv.text(right, mid + 1, hand, PX, MUTED, SURFACE, anchor="rm") + 20
    for name in reversed(abilities):
        w = _pill_w(name)
        right -= w
        draw_pill(cv, right, mid, name, ABILITY_FILL, INK, max_w=w)
        right -= 12
    right -= 8
    stored, held = as_list(seat.get("stored")), as_list(seat.get("held"))
    for k, line in enumerate(_bottom_lines(view, seat)):
        x = x0 + 16
        end = right if k == 0 else x1 - 16
        ly, lmid = by + k * (SMALL + 14), mid + k * (SMALL + 14)
        for run in line:
            label = "Stored" if run == "stored" else "Held"
            x += cv.text(x, lmid + 1, label, PX, TEXT, SURFACE, bold=True) + 12
            if run == "stored":
                cap = as_int(seat.get("storage"), len(stored))
                room = end - x
                if len(line) > 1:
                    room -= text_width("Held", PX, True) + 40 + pixel_run_width(held, SMALL, SMALL_GAP)
                used = draw_pixel_run(cv, x, ly, stored, SMALL, SMALL_GAP, max(SMALL, room), SURFACE,
                                      holes=max(0, cap - len(stored)))
                if not stored and cap <= 0:
                    used = cv.text(x, lmid + 1, "none", PX, MUTED, SURFACE)
                x += used + 28
            else:
                draw_pixel_run(cv, x, ly, held, SMALL, SMALL_GAP, max(SMALL, end - x), SURFACE)


# ---------------------------------------------------------------- images and score track
def _images(cv: Canvas, view: View, shown: list[str], y: int) -> int:
    if not isinstance(view.get("images"), list):
        return y - SECTION_GAP
    cards = [c for c in as_list(view.get("images")) if isinstance(c, dict)]
    cv.text(M, y + 22, "Images", PX, TEXT, BG, bold=True)
    deck = view.get("image_deck")
    if isinstance(deck, int):
        cv.text(M + text_width("Images", PX, True) + 16, y + 23, f"{deck} more in the image deck", PX, MUTED, BG)
    y += 50
    if not cards:
        cv.text(M, y + 20, "No image cards left", PX, MUTED, BG)
        return y + 44
    cw = (W - 2 * M - 2 * 14) // 3
    for i, card in enumerate(cards):
        r, c = divmod(i, 3)
        x = M + c * (cw + 14)
        draw_image_card(cv, (x, y + r * (IMAGE_H + 14), x + cw, y + r * (IMAGE_H + 14) + IMAGE_H), card, shown)
    rows = math.ceil(len(cards) / 3)
    return y + rows * (IMAGE_H + 14) - 14


def _score_track(cv: Canvas, view: View, y: int) -> int:
    seats = _seats(view)
    scores = [(as_int(s.get("seat"), i), as_int(s.get("score"))) for i, s in enumerate(seats)]
    top = max([20] + [v for _, v in scores])
    top = math.ceil(top / 10) * 10 if top <= 100 else math.ceil(top / 100) * 100
    cv.text(M, y + 22, "Score track", PX, TEXT, BG, bold=True)
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
    line_y = y + levels * (disc + 4) + 10
    h = line_y - y + 62
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
    return y + h


# ---------------------------------------------------------------- entry point
def render_board(view: View, names: list[str] | None = None, *, log: list[TextRecord] | None = None) -> bytes:
    """The public board as PNG bytes (ignores any ``private`` part of the view)."""
    shown = seat_names(names, _count(view))
    seats = _seats(view)
    cv = Canvas(W, 6000, BG, log)
    y = _header(cv, view, shown)
    y = _conveyor(cv, view, y) + 14
    y = _supply(cv, view, y)
    for i, seat in enumerate(seats):
        y = _board(cv, view, seat, i, shown, y) + 16
    y = _images(cv, view, shown, y + SECTION_GAP - 16) + SECTION_GAP
    y = _score_track(cv, view, y) + M
    return encode_png(cv.image.crop((0, 0, W, y)))
