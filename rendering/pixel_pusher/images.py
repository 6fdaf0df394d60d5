"""Pixel Pusher image cards: the 4×4 pixel art, each scanline's victory points and who filled it (a seat disc)."""

from __future__ import annotations

from collections import Counter

from bot.i18n import SOURCE, t
from rendering.pixel_pusher.parts import (
    PX,
    as_int,
    as_list,
    colour_counts,
    draw_pixel,
    draw_seat_disc,
    expand_counts,
    fit_text,
    seat_colour,
)
from rendering.pixel_pusher.words import card_name, drawable
from rendering.theme import MUTED, RAISED, SLOT, TEXT, Canvas

CELL, CELL_GAP = 44, 6
DISC = 42  # the filler's seat disc at the end of a filled row
TITLE_H = 54
CARD_PAD = 12
IMAGE_H = TITLE_H + 4 * (CELL + CELL_GAP) + CARD_PAD - CELL_GAP + 4


def row_scanline(card: dict, row: int) -> dict | None:
    """The scanline of ``row`` on an image card, if that row has one."""
    for line in as_list(card.get("scanlines")):
        if isinstance(line, dict) and line.get("row") == row:
            return line
    return None


def needs_match_art(card: dict, line: dict) -> bool:
    """Whether a scanline needs exactly the pixels its row shows (then the art says it all)."""
    grid = as_list(card.get("grid"))
    row = as_list(grid[line.get("row")]) if isinstance(line.get("row"), int) and 0 <= line["row"] < len(grid) else []
    needs = line.get("needs") if isinstance(line.get("needs"), dict) else {}
    return Counter(c for c in row if c) == Counter({k: as_int(v) for k, v in needs.items() if as_int(v)})


def draw_image_card(cv: Canvas, box, card: dict, shown: list[str], lang: str = SOURCE) -> None:
    """One image card in ``box`` (height :data:`IMAGE_H`): name, pixel art, VP per row, fillers' seat discs."""
    x0, y0, x1, _ = (round(v) for v in box)
    cv.rect((x0, y0, x1, y0 + IMAGE_H), RAISED, radius=14)
    name = drawable(card_name(card, lang, t(lang, "Image")))
    total = sum(as_int(line.get("vp")) for line in as_list(card.get("scanlines")) if isinstance(line, dict))
    tag = t(lang, "{n} VP", n=total)
    tw = cv.text(x1 - CARD_PAD, y0 + TITLE_H / 2 + 2, tag, PX, MUTED, RAISED, anchor="rm")
    cv.text(x0 + CARD_PAD, y0 + TITLE_H / 2 + 2, name, PX, TEXT, RAISED, bold=True,
            max_width=x1 - x0 - 3 * CARD_PAD - tw)
    grid = as_list(card.get("grid"))
    gx = x0 + CARD_PAD + 4
    right = gx + 4 * CELL + 3 * CELL_GAP + 8  # start of the VP / filler column
    for r in range(4):
        y = y0 + TITLE_H + r * (CELL + CELL_GAP)
        row = as_list(grid[r]) if r < len(grid) else []
        line = row_scanline(card, r)
        needs = expand_counts(line.get("needs")) if line and not needs_match_art(card, line) else None
        if needs is not None and len(needs) <= 4:  # the art disagrees with the needs: show what to pay
            row = needs
        filler = line.get("filled_by") if line else None
        filled = isinstance(filler, int) and not isinstance(filler, bool)
        if filled:  # the row framed in the filler's seat colour, its pixels and VP still shown
            cv.rect((gx - 5, y - 3, x1 - CARD_PAD + 2, y + CELL + 3), seat_colour(filler), radius=10)
            cv.rect((gx - 2, y, x1 - CARD_PAD - 1, y + CELL), RAISED, radius=8)
        for c in range(4):
            cell = row[c] if c < len(row) else None
            cx = gx + c * (CELL + CELL_GAP)
            if cell:
                draw_pixel(cv, cx, y, CELL, cell)
            else:  # an empty cell, drawn once and pasted
                cv.cached(("cell", CELL), (cx, y, cx + CELL, y + CELL),
                          lambda sub, cx=cx, y=y: sub.rect((cx, y, cx + CELL, y + CELL), SLOT, radius=7))
        if not line:
            continue
        vp = as_int(line.get("vp"))
        room = x1 - CARD_PAD - right
        if filled:  # who filled it: a disc with the seat number at the row's end
            draw_seat_disc(cv, x1 - CARD_PAD - 4 - DISC / 2, y + CELL / 2, DISC, filler)
            room -= DISC + 6
        label = f"{colour_counts(line.get('needs'))}: {vp}" if needs and len(needs) > 4 else t(lang, "{n} VP", n=vp)
        cv.text(right + room / 2, y + CELL / 2 + 1, fit_text(label, PX, room, True), PX, TEXT, RAISED,
                bold=True, anchor="mm")

def images_alt(view: dict, short: list[str], detail: bool, lang: str = SOURCE) -> str:
    """The image cards in words, e.g. ``Cherry (open: row 3 3R 4 VP; row 1 filled by Chloé)``.

    Without ``detail`` only the open rows' VP are listed: ``Cherry (open 4, 3 VP; filled by Chloé)``.
    """
    parts = []
    for card in as_list(view.get("images")):
        if not isinstance(card, dict):
            continue
        open_rows, done = [], []
        for line in as_list(card.get("scanlines")):
            if not isinstance(line, dict):
                continue
            r = as_int(line.get("row"), -1) + 1
            filler = line.get("filled_by")
            if isinstance(filler, int) and not isinstance(filler, bool):
                who = short[filler] if 0 <= filler < len(short) else t(lang, "Seat {n}", n=filler + 1)
                done.append(t(lang, "row {row} {name}", row=r, name=who) if detail else who)
            elif detail:
                open_rows.append(t(lang, "row {row} {pixels} {vp} VP", row=r, pixels=colour_counts(line.get("needs")),
                                   vp=as_int(line.get("vp"))))
            else:
                open_rows.append(str(as_int(line.get("vp"))))
        name = drawable(card_name(card, lang, t(lang, "Image")))
        bits = []
        if open_rows:
            rows = ", ".join(open_rows)
            bits.append(t(lang, "open: {rows}", rows=rows) if detail else t(lang, "open {rows} VP", rows=rows))
        if done:
            bits.append(t(lang, "filled by {names}", names=", ".join(done)))
        parts.append(f"{name} ({'; '.join(bits)})" if bits else name)
    return ", ".join(parts)
