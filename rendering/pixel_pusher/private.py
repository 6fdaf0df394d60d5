"""Pixel Pusher private image: one player's hand, their draft picks so far and their Convert & Store board.

Pure function from the private view (``view(state, seat)``, docs/dev/pixel_pusher_view.md) to PNG bytes.
"""

from __future__ import annotations

import json
from typing import Any

from bot.i18n import N_, SOURCE, t
from rendering.pixel_pusher.boards import COL, MAX_CHIPS, col_x
from rendering.pixel_pusher.faces import card_face_height, draw_card_face
from rendering.pixel_pusher.parts import (
    ABILITY_FILL,
    PX,
    SUPPLY_ORDER,
    as_int,
    as_list,
    draw_chip,
    draw_pill,
    draw_pixel,
    draw_pixel_run,
    draw_seat_disc,
    encode_png,
    look_of,
    new_canvas,
    recipes_label,
    recipes_of,
    seat_names,
    text_width,
)
from rendering.pixel_pusher.words import card_name, drawable, phase_name
from rendering.theme import (
    ACCENT,
    BG,
    INK,
    LINE,
    MUTED,
    RAISED,
    SLOT,
    SURFACE,
    TEXT,
    Canvas,
    TextRecord,
)

View = dict[str, Any]
W = 1200  # same scale as the board: 36 px text is 12 px at 400 px wide
M = 16
CARD_W, CARD_MIN_H, CARD_GAP = 278, 250, 16
SMALL = 48


def _count(view: View) -> int:
    seats = [s for s in as_list(view.get("seats")) if isinstance(s, dict)]
    return max(as_int(view.get("players"), len(seats)), len(seats))


def _my_seat(view: View) -> dict:
    you = view.get("you")
    for seat in as_list(view.get("seats")):
        if isinstance(seat, dict) and seat.get("seat") == you:
            return seat
    return {}


#: the status pill, by phase: (while acting, otherwise)
_STATUS = {"draft": (N_("Pick a card"), N_("Picked · waiting")), "build": (N_("Your build"), N_("Build · not your turn")),
           "convert": (N_("Convert & Store"), N_("✓ Confirmed")), "score": (N_("Your score turn"), N_("Score"))}


def _status(view: View, lang: str) -> str:
    phase = str(view.get("phase"))
    acting = view.get("you") in as_list(view.get("to_act"))
    if phase in _STATUS:
        return t(lang, _STATUS[phase][0 if acting else 1])
    word = phase_name(phase, lang)
    return word[:1].upper() + word[1:]


def _header(cv: Canvas, view: View, shown: list[str], lang: str) -> int:
    """The title row (round and status: the same for every player) and whose image this is, each a
    cached part."""
    you = view.get("you")
    name = shown[you] if isinstance(you, int) and 0 <= you < len(shown) else None
    rnd = view.get("round") if isinstance(view.get("round"), int) else None
    pill = _status(view, lang)
    cv.cached(("private title", rnd, pill, lang), (0, 0, W, M + 72), lambda sub: _title_row(sub, rnd, pill, lang))
    cv.cached(("private you", you, name, lang), (0, M + 74, W, M + 136), lambda sub: _whose(sub, you, shown, lang))
    return M + 136


def _title_row(cv: Canvas, rnd: int | None, pill: str, lang: str) -> None:
    y = M
    tw = cv.text(M, y + 28, "Pixel Pusher", 48, TEXT, BG, bold=True)
    if rnd is not None:
        tw += 18 + cv.text(M + tw + 18, y + 31, t(lang, "Round {n}", n=rnd), PX, MUTED, BG)
    pw = min(text_width(pill, PX, True) + 36, W - 2 * M - tw - 30)
    cv.rect((W - M - pw, y + 2, W - M, y + 56), ACCENT, radius=27)
    cv.text_in((W - M - pw, y + 2, W - M, y + 57), pill, PX, INK, ACCENT, bold=True, pad=18)


def _whose(cv: Canvas, you: Any, shown: list[str], lang: str) -> None:
    y = M + 74
    if isinstance(you, int) and 0 <= you < len(shown):
        draw_seat_disc(cv, M + 22, y + 22, 44, you)
        cv.text(M + 56, y + 23, t(lang, "Only you see this, {name}", name=shown[you]), PX, MUTED, BG, max_width=W - 2 * M - 60)
    else:
        cv.text(M, y + 23, t(lang, "Only you see this"), PX, MUTED, BG)


def _title(cv: Canvas, y: int, title: str, hint: str = "") -> int:
    tw = cv.text(M, y + 22, title, PX, TEXT, BG, bold=True)
    if hint:
        cv.text(M + tw + 16, y + 23, hint, PX, MUTED, BG, max_width=W - 2 * M - tw - 16)
    return y + 52


def _hand(cv: Canvas, view: View, hand: list, y: int, lang: str) -> int:
    phase = view.get("phase")
    acting = view.get("you") in as_list(view.get("to_act"))
    hint = {"draft": N_("pick one; the rest pass left") if acting else N_("these pass left once everyone has picked"),
            "build": N_("install each in a slot, or take a random pixel instead")}.get(str(phase))
    y = _title(cv, y, t(lang, "Your hand"), t(lang, hint) if hint else "")
    per_row = 4
    for start in range(0, len(hand), per_row):
        row = hand[start: start + per_row]
        h = max(CARD_MIN_H, max(card_face_height(card, CARD_W, lang=lang) for card in row))
        for c, card in enumerate(row):
            x = M + c * (CARD_W + CARD_GAP)
            box = (x, y, x + CARD_W, y + h)
            cv.cached(("face", look_of(card), lang), box,
                      lambda sub, box=box, card=card: draw_card_face(sub, box, card, lang=lang))
        y += h + CARD_GAP
    return y - CARD_GAP


def _picks(cv: Canvas, drafted: list, y: int, lang: str) -> int:
    y = _title(cv, y, t(lang, "Your picks so far"), t(lang, "face down to the others"))
    for card in drafted:
        chip = card if not isinstance(card, dict) or "type" in card else {"text": "Ability"}  # named beside it
        draw_chip(cv, (M, y, M + 220, y + 50), chip, lang=lang)
        name = drawable(card_name(card, lang))
        cv.text(M + 240, y + 25, name, PX, TEXT, BG, max_width=W - 2 * M - 240)
        y += 60
    return y - 10


def _working(cv: Canvas, view: View, working: dict, y: int, lang: str) -> int:
    y = _title(cv, y, t(lang, "Your Convert & Store board"), t(lang, "not public until the phase ends"))
    seat = _my_seat(view)
    cap = working.get("storage") if isinstance(working.get("storage"), int) else seat.get("storage")
    sources = _sources(view, seat, working)
    h = 24 + 3 * 62 + len(sources) * 62 + 10
    look = json.dumps([working, sources, cap, lang], sort_keys=True, default=str)
    cv.cached(("working", look), (M, y, W - M, y + h),
              lambda sub: _working_rows(sub, working, sources, cap, y, h, lang))
    return y + h


def _working_rows(cv: Canvas, working: dict, sources: list[dict], cap: Any, y: int, h: int, lang: str) -> None:
    stored = as_list(working.get("stored"))
    used = working.get("used") if isinstance(working.get("used"), dict) else {}
    cv.rect((M, y, W - M, y + h), SURFACE, radius=16)
    lx, vx = M + 20, M + 230
    row = y + 20
    cv.text(lx, row + SMALL / 2, t(lang, "Holding"), PX, TEXT, SURFACE, bold=True)
    held = as_list(working.get("held"))
    if held:
        draw_pixel_run(cv, vx, row, held, SMALL, 6, W - M - 20 - vx, SURFACE)
    else:
        cv.text(vx, row + SMALL / 2, t(lang, "nothing"), PX, MUTED, SURFACE)
    row += 62
    cv.text(lx, row + SMALL / 2, t(lang, "Stored"), PX, TEXT, SURFACE, bold=True)
    holes = max(0, cap - len(stored)) if isinstance(cap, int) else 0
    used_w = draw_pixel_run(cv, vx, row, stored, SMALL, 6, W - M - 220 - vx, SURFACE, holes=holes)
    if isinstance(cap, int):
        cv.text(vx + used_w + 20, row + SMALL / 2, f"({len(stored)}/{cap})", PX, MUTED, SURFACE)
    row += 62
    cv.text(lx, row + SMALL / 2, t(lang, "Available"), PX, TEXT, SURFACE, bold=True)
    avail = working.get("supply_available") if isinstance(working.get("supply_available"), dict) else {}
    x = vx
    for c in SUPPLY_ORDER:
        if c not in avail:
            continue
        draw_pixel(cv, x, row, SMALL, c)
        x += SMALL + 6
        x += cv.text(x, row + SMALL / 2 + 1, str(as_int(avail.get(c))), PX, TEXT, SURFACE, bold=True) + 18
    if not avail:
        cv.text(vx, row + SMALL / 2, t(lang, "nothing"), PX, MUTED, SURFACE)
    row += 62
    if sources:
        cv.text(lx, row + SMALL / 2 + 2, t(lang, "Converters"), PX, TEXT, SURFACE, bold=True)
    for card in sources:
        cid = card.get("id")
        if "type" in card:
            draw_chip(cv, (vx, row, vx + 250, row + 48), card, lang=lang)
        else:
            room = W - M - 20 - vx - 250
            label = f"{card_name(card, lang, str(cid))}: {recipes_label(card, lang=lang)}"
            if text_width(label, PX, True) + 28 > room:  # the conversions matter more than the card's name
                label = recipes_label(card, room - 28, lang=lang)
            draw_pill(cv, vx, row + 24, label, ABILITY_FILL, INK, h=48, max_w=room)
        n = as_int(used.get(cid))
        uses = as_int(card.get("uses"), 0)
        text = t(lang, "used {n} of {uses}", n=n, uses=uses) if uses else (t(lang, "used {n}", n=n) if cid in used
                                                                            else "")
        if text:
            cv.text(W - M - 20, row + 24, text, PX, MUTED, SURFACE, anchor="rm")
        row += 62


def _sources(view: View, seat: dict, working: dict) -> list[dict]:
    """What can convert: installed converters, the seat's ability cards with conversions, anything used."""
    out = []
    for stack in as_list(seat.get("slots")):
        out.extend(c for c in as_list(stack) if isinstance(c, dict) and c.get("type") == "converter")
    abilities = [a for a in as_list(seat.get("abilities")) if isinstance(a, dict)]
    if not abilities and isinstance(seat.get("ability"), dict):
        abilities = [seat["ability"]]
    used = working.get("used") if isinstance(working.get("used"), dict) else {}
    out.extend(a for a in abilities if recipes_of(a) or a.get("id") in used)
    return out


def _machine(cv: Canvas, view: View, seat: dict, y: int, lang: str) -> int:
    """The player's machine board in slot order, each slot with the segment it reads (for draft and build)."""
    side = seat.get("side")
    hint = t(lang, "seg = the segment it collects from")
    y = _title(cv, y, t(lang, "Your machine"), (t(lang, "side {side}", side=side) + "; " if side in ("A", "B") else "")
               + hint)
    stacks = as_list(seat.get("slots"))
    segs = as_list(seat.get("slot_segments"))
    rows = max([1] + [min(MAX_CHIPS, len(as_list(st))) for st in stacks[:6]])
    h = 16 + 84 + rows * 54 - 6 + 16
    look = (look_of(stacks), json.dumps(segs, default=str), lang)
    cv.cached(("machine", look), (M, y, W - M, y + h), lambda sub: _machine_slots(sub, stacks, segs, y, h, lang))
    return y + h


def _machine_slots(cv: Canvas, stacks: list, segs: list, y: int, h: int, lang: str) -> None:
    cv.rect((M, y, W - M, y + h), SURFACE, radius=16)
    col = COL
    for k in range(6):
        x = col_x(k)
        cv.text(x + col / 2, y + 16 + 18, t(lang, "Slot {n}", n=k + 1), PX, TEXT, SURFACE, bold=True, anchor="mm")
        seg = segs[k] if k < len(segs) and isinstance(segs[k], int) else None
        if seg is not None:
            cv.text(x + col / 2, y + 16 + 60, t(lang, "seg {n}", n=seg), PX, MUTED, SURFACE, anchor="mm")
        cards = [c for c in as_list(stacks[k]) if isinstance(c, dict)] if k < len(stacks) else []
        cy = y + 16 + 84
        if not cards:
            cv.rect((x, cy, x + col, cy + 48), SLOT, radius=10, outline=LINE, width=2)
        for i, card in enumerate(cards[:MAX_CHIPS]):
            if i == MAX_CHIPS - 1 and len(cards) > MAX_CHIPS:
                cv.rect((x, cy, x + col, cy + 48), RAISED, radius=10)
                cv.text(x + col / 2, cy + 24, t(lang, "+{n} more", n=len(cards) - i), PX, TEXT, RAISED, bold=True, anchor="mm")
                break
            draw_chip(cv, (x, cy, x + col, cy + 48), card, lang=lang)
            cy += 54


def render_private(view: View, names: list[str] | None = None, lang: str = SOURCE, *,
                   log: list[TextRecord] | None = None) -> bytes:
    """One player's private view (hand, picks so far, Convert & Store board) as PNG bytes in ``lang``."""
    shown = seat_names(names, _count(view), lang)
    private = view.get("private") if isinstance(view.get("private"), dict) else {}
    cv = new_canvas(W, 4000, log)
    y = _header(cv, view, shown, lang)
    hand = [c for c in as_list(private.get("hand")) if isinstance(c, dict)]
    drafted = [c for c in as_list(private.get("drafted")) if isinstance(c, dict)]
    working = private.get("working") if isinstance(private.get("working"), dict) else None
    shown_any = False
    if hand or view.get("phase") in ("draft", "build") and not working:
        if hand:
            y = _hand(cv, view, hand, y, lang) + 28
        else:
            y = _title(cv, y, t(lang, "Your hand"), t(lang, "empty")) + 10
        shown_any = True
    if drafted:
        y = _picks(cv, drafted, y, lang) + 28
        shown_any = True
    seat = _my_seat(view)
    if view.get("phase") in ("draft", "build") and seat and not working:
        y = _machine(cv, view, seat, y, lang) + 28
    if working:
        y = _working(cv, view, working, y, lang) + 28
        shown_any = True
    if not shown_any:
        y = _title(cv, y, t(lang, "Nothing private to show right now")) + 28
    return encode_png(cv, y - 28 + M)
