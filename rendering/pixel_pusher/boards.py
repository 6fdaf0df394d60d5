"""Pixel Pusher machine boards on the public image: one full-width panel per seat.

Each slot's column sits under the conveyor segment the slot reads (side B boards run 6 to 1), so what a
slot collects is straight above it.
"""

from __future__ import annotations

import json
from typing import Any

from bot.i18n import N_, SOURCE, t
from rendering.pixel_pusher.parts import (
    ABILITY_FILL,
    PX,
    as_int,
    as_list,
    draw_chip,
    draw_pill,
    draw_pixel_run,
    draw_seat_disc,
    look_of,
    pixel_run_width,
    text_width,
)
from rendering.pixel_pusher.words import card_name, drawable
from rendering.theme import (
    ACCENT,
    INK,
    LINE,
    MUTED,
    RAISED,
    SLOT,
    SURFACE,
    TEXT,
    Canvas,
    grey,
)
from rendering.tiles import fit_name

View = dict[str, Any]

W = 1200  # image width (shared with rendering.pixel_pusher)
M = 16  # outer margin
COL, COL_GAP = 181, 12  # the six columns shared by the conveyor and every machine board
COL_X0 = (W - 6 * COL - 5 * COL_GAP) // 2
SMALL, SMALL_GAP = 48, 6  # pixels on boards and in the supply
CHIP_H, CHIP_GAP = 48, 6
MAX_CHIPS = 8  # a taller stack (never seen in play) shows its top cards and "+n more"


def col_x(i: int) -> int:
    """Left edge of column ``i`` (0..5)."""
    return COL_X0 + i * (COL + COL_GAP)


def _columns(seat: dict) -> list[int]:
    """The column (0..5) of each slot: under the conveyor segment it reads, else in slot order."""
    segs = as_list(seat.get("slot_segments"))
    if len(segs) == 6 and sorted(segs) == [1, 2, 3, 4, 5, 6]:
        return [s - 1 for s in segs]
    return list(range(6))


def _stack_rows(seat: dict) -> int:
    return max([1] + [min(MAX_CHIPS, len(as_list(stack))) for stack in as_list(seat.get("slots"))[:6]])


#: what an acting seat does, by phase
_ACTING = {"build": N_("to build"), "score": N_("to score"), "collect": N_("collecting")}
_ACTING_ANY = N_("to act")


def _tag(view: View, seat: dict, acting: bool, lang: str) -> str:
    phase = view.get("phase")
    if seat.get("active") is False:
        return t(lang, "left the game")
    if phase == "draft":
        return "✓ " + t(lang, "picked") if seat.get("picked") else (t(lang, "choosing") if acting else "")
    if phase == "convert":
        return "✓ " + t(lang, "done") if seat.get("confirmed") else (t(lang, "converting") if acting else "")
    if acting and phase == "score":
        fills, most = view.get("fills"), view.get("max_fills")
        if isinstance(fills, int) and isinstance(most, int) and most > 0:
            return t(lang, "to score · {fills} of {most} rows filled", fills=fills, most=most)
    if acting:
        return t(lang, _ACTING.get(str(phase), _ACTING_ANY))
    return ""


def draw_board(cv: Canvas, view: View, seat: dict, index: int, shown: list[str], y: int, lang: str = SOURCE) -> int:
    """One machine board at ``y``: name bar, slots under the segments they read, storage; returns its bottom.

    Drawn on the page from cached parts (name bar, each slot's stack, the storage row): in a game most
    boards change a little every turn, so caching the whole board cost more than it saved."""
    s = as_int(seat.get("seat"), index)
    name = shown[s] if 0 <= s < len(shown) else t(lang, "Seat {n}", n=s + 1)
    acting = s in as_list(view.get("to_act")) and view.get("phase") != "finished"
    winners = as_list((view.get("result") or {}).get("winners")) if isinstance(view.get("result"), dict) else []
    # the one player everybody waits for gets a gold board; several at once (a simultaneous phase) only a
    # gold tag, so that the image does not turn all gold
    alone = acting and len([t for t in as_list(view.get("to_act")) if isinstance(t, int)]) == 1
    rows = _stack_rows(seat)
    lines = len(_bottom_lines(view, seat, lang))
    h = 58 + 12 + 40 + rows * (CHIP_H + CHIP_GAP) - CHIP_GAP + 14 + lines * (SMALL + 14) + 2
    _draw_board(cv, view, seat, s, name, acting, alone, s in winners, y, h, lang)
    return y + h


def _draw_board(cv: Canvas, view: View, seat: dict, s: int, name: str, acting: bool, alone: bool, won: bool,
                y: int, h: int, lang: str) -> None:
    x0, x1 = M, W - M
    cv.tone = grey if seat.get("active") is False else None
    if alone:
        cv.rect((x0 - 4, y - 4, x1 + 4, y + h + 4), ACCENT, radius=20)
    cv.rect((x0, y + 30, x1, y + h), SURFACE, radius=16)
    tag = _tag(view, seat, acting, lang)
    look = (s, name, as_int(seat.get("score")), seat.get("side") if seat.get("side") in ("A", "B") else None, won,
            tag, acting, alone, lang)
    cv.cached(("bar", look), (x0, y, x1, y + 58),
              lambda sub: _bar(sub, seat, s, name, tag, acting, alone, won, y, lang))
    # slots under the conveyor segments they read: one part, each stack in it a part of its own
    top = y + 58 + 12
    rows = _stack_rows(seat)
    stacks = as_list(seat.get("slots"))
    stacks = [[c for c in as_list(stacks[k]) if c] if k < len(stacks) else [] for k in range(6)]
    columns = _columns(seat)
    bottom = top + 40 + rows * (CHIP_H + CHIP_GAP) - CHIP_GAP
    cv.cached(("slots", look_of(stacks), tuple(columns), rows, lang), (x0 + 8, top, x1 - 8, bottom),
              lambda sub: _slots(sub, stacks, columns, top, bottom, lang))
    # storage, held pixels, ability and hand
    by = bottom + 14
    lines = len(_bottom_lines(view, seat, lang))
    look = (json.dumps([seat.get(k) for k in ("stored", "held", "storage", "hand", "abilities", "ability")],
                       default=str), view.get("phase") in ("draft", "build"), lang)
    cv.cached(("bottom", look), (x0 + 12, by - 2, x1 - 12, by + lines * (SMALL + 14) - 14 + 2),
              lambda sub: _bottom(sub, view, seat, by, x0, x1, lang))
    cv.tone = None


def _slots(cv: Canvas, stacks: list[list], columns: list[int], top: int, bottom: int, lang: str) -> None:
    """The six slots of a board: each one's number over its stack of machine cards."""
    for k, column in enumerate(columns):
        cx = col_x(column)
        cv.text(cx + COL / 2, top + 18, t(lang, "Slot {n}", n=k + 1), PX, MUTED, SURFACE, anchor="mm")
        stack = stacks[k] if k < len(stacks) else []
        cv.cached(("stack", look_of(stack), cv.tone, lang), (cx, top + 40, cx + COL, bottom),
                  lambda sub, cx=cx, stack=stack: _stack(sub, cx, top + 40, stack, lang))


def _bar(cv: Canvas, seat: dict, s: int, name: str, tag: str, acting: bool, alone: bool, won: bool, y: int,
         lang: str) -> None:
    """The name bar of a board: seat disc, name, what the seat is doing, side and score."""
    x0, x1 = M, W - M
    bar = ACCENT if alone else RAISED
    fg = INK if alone else TEXT
    cv.rect((x0, y, x1, y + 58), bar, radius=16)
    cv.rect((x0, y + 40, x1, y + 58), bar)
    mid = y + 30
    draw_seat_disc(cv, x0 + 34, mid, 44, s)
    right = x1 - 16
    score = t(lang, "{n} VP", n=as_int(seat.get("score")))
    right -= cv.text(right, mid + 1, score, PX, fg, bar, bold=True, anchor="rm") + 24
    side = seat.get("side")
    if side in ("A", "B"):
        label = t(lang, "Side {side}", side=side) + (" (6–1)" if side == "B" else "")
        right -= cv.text(right, mid + 1, label, PX, fg if alone else MUTED, bar, anchor="rm") + 24
    x = x0 + 68
    if won:
        cv.crown(x, mid - 18, 36, INK if alone else ACCENT)
        x += 44
    tag_w = text_width(tag, PX, True) + 20 if tag else 0
    nw = cv.text(x, mid + 1, fit_name(name, PX, right - x - tag_w, True)[0], PX, fg, bar, bold=True)  # level stays
    if tag:
        colour = INK if alone else (ACCENT if acting else MUTED)
        cv.text(x + nw + 16, mid + 1, tag, PX, colour, bar, bold=acting and not alone)


def _stack(cv: Canvas, cx: int, cy: int, stack: list, lang: str) -> None:
    """One slot's stack of machine cards from (cx, cy), or its empty place."""
    if not stack:
        cv.rect((cx, cy, cx + COL, cy + CHIP_H), SLOT, radius=10, outline=LINE, width=2)
        return
    shown_cards = stack if len(stack) <= MAX_CHIPS else stack[: MAX_CHIPS - 1]
    for card in shown_cards:
        draw_chip(cv, (cx, cy, cx + COL, cy + CHIP_H), card, lang=lang)
        cy += CHIP_H + CHIP_GAP
    if len(stack) > MAX_CHIPS:
        more = len(stack) - len(shown_cards)
        cv.rect((cx, cy, cx + COL, cy + CHIP_H), RAISED, radius=10)
        cv.text(cx + COL / 2, cy + CHIP_H / 2, t(lang, "+{n} more", n=more), PX, TEXT, RAISED, bold=True, anchor="mm")


def _abilities(seat: dict, lang: str) -> list[str]:
    """Names of the seat's revealed ability cards (``abilities`` if the view lists them, else ``ability``)."""
    cards = [a for a in as_list(seat.get("abilities")) if isinstance(a, dict)]
    if not cards and isinstance(seat.get("ability"), dict):
        cards = [seat["ability"]]
    return [drawable(card_name(a, lang, t(lang, "Ability"))) for a in cards]


def _right_block(view: View, seat: dict, lang: str) -> tuple[list[str], str | None, float]:
    """(ability names, hand text, width) of the bottom-right corner of a board."""
    hand = seat.get("hand")
    shows = isinstance(hand, int) and (hand or view.get("phase") in ("draft", "build"))
    hand_text = t(lang, "Hand {n}", n=hand) if shows else None
    names = _abilities(seat, lang)
    w = (text_width(hand_text, PX) + 20 if hand_text else 0) + sum(_pill_w(n) + 12 for n in names)
    return names, hand_text, w


def _pill_w(name: str) -> float:
    return min(330, text_width(name, PX, True) + 28)


def _bottom_lines(view: View, seat: dict, lang: str) -> list[list[str]]:
    """Which runs go on which line under the slots: ``[["stored", "held"]]`` if they fit side by side."""
    stored, held = as_list(seat.get("stored")), as_list(seat.get("held"))
    runs = (["stored"] if stored or isinstance(seat.get("storage"), int) else []) + (["held"] if held else [])
    if len(runs) < 2:
        return [runs]
    holes = max(0, as_int(seat.get("storage"), len(stored)) - len(stored))
    need = (text_width(t(lang, "Stored"), PX, True) + 12 + pixel_run_width(stored, SMALL, SMALL_GAP, holes) + 28
            + text_width(t(lang, "Held"), PX, True) + 12 + pixel_run_width(held, SMALL, SMALL_GAP))
    if need <= W - 2 * M - 32 - _right_block(view, seat, lang)[2]:
        return [runs]
    return [["stored"], ["held"]]


def _bottom(cv: Canvas, view: View, seat: dict, by: int, x0: int, x1: int, lang: str) -> None:
    mid = by + SMALL / 2
    right = x1 - 16
    abilities, hand, _ = _right_block(view, seat, lang)
    if hand:
        right -= cv.text(right, mid + 1, hand, PX, MUTED, SURFACE, anchor="rm") + 20
    for name in reversed(abilities):
        w = _pill_w(name)
        right -= w
        draw_pill(cv, right, mid, name, ABILITY_FILL, INK, max_w=w)
        right -= 12
    right -= 8
    stored, held = as_list(seat.get("stored")), as_list(seat.get("held"))
    for k, line in enumerate(_bottom_lines(view, seat, lang)):
        x = x0 + 16
        end = right if k == 0 else x1 - 16
        ly, lmid = by + k * (SMALL + 14), mid + k * (SMALL + 14)
        for run in line:
            label = t(lang, "Stored") if run == "stored" else t(lang, "Held")
            x += cv.text(x, lmid + 1, label, PX, TEXT, SURFACE, bold=True) + 12
            if run == "stored":
                cap = as_int(seat.get("storage"), len(stored))
                room = end - x
                if len(line) > 1:
                    room -= text_width(t(lang, "Held"), PX, True) + 40 + pixel_run_width(held, SMALL, SMALL_GAP)
                used = draw_pixel_run(cv, x, ly, stored, SMALL, SMALL_GAP, max(SMALL, room), SURFACE,
                                      holes=max(0, cap - len(stored)))
                if not stored and cap <= 0:
                    used = cv.text(x, lmid + 1, t(lang, "none"), PX, MUTED, SURFACE)
                x += used + 28
            else:
                draw_pixel_run(cv, x, ly, held, SMALL, SMALL_GAP, max(SMALL, end - x), SURFACE)
