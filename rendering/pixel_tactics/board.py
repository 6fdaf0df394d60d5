"""Pixel Tactics board image: both units as 3×3 formations facing each other, reserves, turn and match state.

Pure function from the public Pixel Tactics view (docs/dev/pixel_tactics_view.md) to PNG bytes. The
board never draws a hand card or a face-down Trap's face, even when given a private view. The top
unit is drawn as seen from across the table: its Vanguard row nearest the middle and its left column
(slot 0) on the image's right; the bottom unit the other way round. Hand and card images live in
:mod:`rendering.pixel_tactics.hand` and :mod:`rendering.pixel_tactics.cards`; alt texts in
:mod:`rendering.pixel_tactics.alt`.
"""

from __future__ import annotations

import json
from typing import Any

from bot.i18n import N_, SOURCE, t
from rendering.pixel_tactics.alt import alt_board, alt_card, alt_hand
from rendering.pixel_tactics.cards import render_card
from rendering.pixel_tactics.epic import badge as epic_badge
from rendering.pixel_tactics.epic import bar_tags as epic_tags
from rendering.pixel_tactics.hand import render_hand
from rendering.pixel_tactics.modes import bar_counts, draw_panel, fort_height, mode_title, panel_height
from rendering.pixel_tactics.siege import draw_fortress, fortress, middle_slot, siege_code, siege_words
from rendering.pixel_tactics.slots import draw_reserve, draw_slot, slot_marks
from rendering.pixel_tactics.style import (
    CEASE_FILL,
    DMG,
    FALL,
    PX,
    WHITE,
    Names,
    View,
    as_int,
    disc_sprite,
    hollow_star,
    new_canvas,
    players,
    png_bytes,
    seat_name,
    seat_of,
    vertical_text,
)
from rendering.pixel_tactics.teams import is_team_view, render_team_board
from rendering.pixel_tactics.words import (
    CEASEFIRE,
    WAVES,
    epic_step,
    match_words,
    result_words,
    round_words,
    trophies_of,
    turn_status,
    waiting_words,
)
from rendering.theme import (
    ACCENT,
    BG,
    INK,
    MUTED,
    PHONE_MIN_PX,
    RAISED,
    SLOT,
    SURFACE,
    TEXT,
    Canvas,
    TextRecord,
    mix,
)
from rendering.tiles import fit as fit_text
from rendering.tiles import fit_name
from rendering.tiles import width_of as text_width
from rendering.tiles import wrap as wrap_text

__all__ = ["render_board", "render_hand", "render_card", "alt_board", "alt_hand", "alt_card", "board_layout"]

W = 800  # image width; smallest text 24 px (= 12 px when shown 400 px wide)
M = 16  # outer margin
LABEL_W = 44  # row label column (names written upwards)
GAP = 10
CARD_W = (W - 2 * M - LABEL_W - GAP - 2 * GAP) // 3
CARD_H = 156
RES_H = 92
BAR_H = 52
HEAD_H = 96
LINE_H = 34
GRID_X = M + LABEL_W + GAP


def _seats(view: View) -> tuple[int, int]:
    """(top seat, bottom seat): the viewer of a private view sits at the bottom, else seat 0 on top."""
    you = seat_of(view.get("you"))
    if you is not None:
        return 1 - you, you
    return 0, 1


def _middle_lines(view: View, lang: str = SOURCE, names: Names = None) -> list[tuple[str, str]]:
    """Lines of the band between the units: (kind, text)."""
    lines: list[tuple[str, str]] = []
    if view.get("ceasefire") and view.get("phase") in ("turn", "trap"):
        lines.append(("ceasefire", t(lang, CEASEFIRE)))
    waiting = waiting_words(view, lambda s: seat_name(names, s), lang)
    if waiting:
        lines.append(("waiting", waiting))
    return lines


def _wrapped(kind: str, text: str) -> list[str]:
    return wrap_text(text, PX, W - 2 * M - 40, bold=kind == "waiting", max_lines=2)


def _middle_height(view: View, lang: str = SOURCE, names: Names = None) -> int:
    h = 56
    for kind, text in _middle_lines(view, lang, names):
        h += len(_wrapped(kind, text)) * LINE_H + 22
    return h


def _result_height(view: View) -> int:
    return 78 if view.get("phase") == "finished" else 0


def board_layout(view: View, lang: str = SOURCE, names: Names = None) -> dict[str, Any]:
    """Where each part of the board sits: y of every row per seat, and the image height (for tests)."""
    top, bottom = _seats(view)
    y = M + HEAD_H + _result_height(view)
    rows: dict[tuple[int, str], int] = {}
    bars: dict[int, int] = {top: y}
    y += BAR_H + GAP
    rows[(top, "X")] = y
    y += RES_H + GAP
    if fort_height(view):  # Siege: the fortress behind the Rear row
        rows[(top, "W")] = y
        y += fort_height(view) + GAP
    for r in ("R", "F", "V"):
        rows[(top, r)] = y
        y += CARD_H + GAP
    middle = y
    y += _middle_height(view, lang, names) + GAP
    for r in ("V", "F", "R"):
        rows[(bottom, r)] = y
        y += CARD_H + GAP
    if fort_height(view):
        rows[(bottom, "W")] = y
        y += fort_height(view) + GAP
    rows[(bottom, "X")] = y
    y += RES_H + GAP
    bars[bottom] = y
    y += BAR_H + 12
    return {"rows": rows, "bars": bars, "middle": middle, "legend": y, "height": y}


def _column_x(col: int, flipped: bool) -> int:
    pos = 2 - col if flipped else col
    return GRID_X + pos * (CARD_W + GAP)


def _header(cv: Canvas, view: View, names: Names, lang: str) -> None:
    y = M
    cv.text(M, y + 22, "Pixel Tactics", 36, TEXT, BG, bold=True)
    sub = match_words(view, lang)
    if mode_title(view, lang):
        sub = f"{mode_title(view, lang)} · {sub}" + siege_words(view, lang)
    cv.text(M, y + 66, sub, PX, MUTED, BG, max_width=W - 2 * M)
    name, rest = turn_status(view, lambda s: seat_name(names, s), lang)
    pill_max = W - 2 * M - text_width("Pixel Tactics", 36, True) - 30
    pill = fit_text(name, 28, pill_max - 32 - text_width(rest, 28, True), True) + rest if name else rest
    pw = text_width(pill, 28, True) + 32
    cv.rect((W - M - pw, y, W - M, y + 44), ACCENT, radius=22)
    cv.text(W - M - pw / 2, y + 23, pill, 28, INK, ACCENT, bold=True, anchor="mm")
    if view.get("phase") == "finished":
        y = M + HEAD_H
        head, detail = _result_line(view, names, lang, W - 2 * M - 76)
        cv.rect((M, y, W - M, y + 66), ACCENT, radius=14)
        cv.crown(M + 14, y + 15, 36, INK)
        cv.text(M + 62, y + 20, head, 28, INK, ACCENT, bold=True, max_width=W - 2 * M - 76)
        cv.text(M + 62, y + 49, detail, PX, INK, ACCENT, max_width=W - 2 * M - 76)


def _result_line(view: View, names: Names, lang: str, room: float) -> tuple[str, str]:
    """The result banner's (headline, detail): a long name gives way so that each line fits, never their words."""
    head, detail = result_words(view, lambda s: seat_name(names, s), lang)
    longest = max((text_width(seat_name(names, s), 28, True) for s in range(max(2, len(players(view))))), default=0)
    for line, px, bold in ((0, 28, True), (1, PX, False)):
        budget = longest
        while budget > 60 and text_width((head, detail)[line], px, bold) > room:
            budget -= 20

            def short(seat: Any, budget: float = budget) -> str:
                return fit_text(seat_name(names, seat), 28, budget, True)
            shorter = result_words(view, short, lang)
            head, detail = (shorter[0], detail) if line == 0 else (head, shorter[1])
    return head, detail


def _player_bar(cv: Canvas, view: View, names: Names, seat: int, y: int, lang: str) -> None:
    ps = players(view)
    p = ps[seat] if seat < len(ps) else {}
    acting = seat == seat_of(view.get("turn"), max(2, len(ps))) and view.get("phase") in ("turn", "trap")
    if view.get("phase") == "draft" and isinstance(view.get("duel_draft"), dict):  # Duel Draft's opening draws
        acting = seat == seat_of(view["duel_draft"].get("drafter"), max(2, len(ps)))
    if view.get("phase") == "epic":  # Epic Duel: the seat choosing its new Leader's boon
        acting = seat == seat_of(epic_step(view).get("seat"), max(2, len(ps)))
    fill, fg, sub = (ACCENT, INK, INK) if acting else (RAISED, TEXT, MUTED)
    cv.rect((M, y, W - M, y + BAR_H), fill, radius=14)
    # right: counts, then trophies
    counts = bar_counts(view, seat, p, lang)
    x = W - M - 14
    x -= cv.text(x, y + BAR_H / 2, counts, PX, sub, fill, anchor="rm")
    match = view.get("match") if isinstance(view.get("match"), dict) else {}
    target = as_int(match.get("target"), 0)
    trophies = trophies_of(view, seat)
    if target > 1 or trophies:
        total = max(target, trophies)
        x -= 16 + 28 * total
        for k in range(total):
            if k < trophies:
                cv.star(x + 28 * k, y + BAR_H / 2 - 14, 28, INK if acting else ACCENT)
            else:
                hollow_star(cv, x + 28 * k, y + BAR_H / 2 - 14, 28, sub, mix(fill, sub, 0.25))
        x -= 4
    # left: name and tags
    lx = M + 14
    tags = []
    if view.get("mode") == "epic":  # the First/Second badges (they swap after each Flank wave)
        tags += epic_tags(view, seat, lang)
    elif seat == seat_of(view.get("first"), max(2, len(ps))) and view.get("phase") in ("turn", "trap", "between"):
        tags.append(t(lang, "First"))
    base = p.get("base") if isinstance(p.get("base"), dict) else None
    if base is not None:  # a League Base: face up, its Snap used or not
        design = str(base.get("name") or "Base").split(" ", 1)[-1][:16]  # "Red Watchtower": the colour is the seat's
        tags.append(t(lang, "{base} (snapped)", base=design) if base.get("snapped") else design)
    tag_w = sum(text_width(tag, PX, True) + 34 for tag in tags[:1])
    shown, size = fit_name(seat_name(names, seat), 28, max(60, x - lx - tag_w - 12), True, PHONE_MIN_PX)
    lx += cv.text(lx, y + BAR_H / 2, shown, size, fg, fill, bold=True)
    for tag in tags:
        tw = text_width(tag, PX, True) + 20
        if lx + 12 + tw > x:
            break
        tag_fill, tag_fg = (INK, ACCENT) if acting else (SURFACE, ACCENT)
        cv.rect((lx + 12, y + 10, lx + 12 + tw, y + BAR_H - 10), tag_fill, radius=16)
        cv.text(lx + 12 + tw / 2, y + BAR_H / 2 + 1, tag, PX, tag_fg, tag_fill, bold=True, anchor="mm")
        lx += 12 + tw


def _row_label(cv: Canvas, y: int, h: int, text: str, current: bool) -> None:
    """A row name written upwards beside the row (gold pill for the current wave)."""
    if current:
        cv.rect((M, y, M + LABEL_W, y + h), ACCENT, radius=LABEL_W // 2)
        vertical_text(cv, M + LABEL_W / 2, y + h / 2, text, PX, INK, ACCENT, bold=True)
    else:
        vertical_text(cv, M + LABEL_W / 2, y + h / 2, text, PX, MUTED, BG)


def _unit(cv: Canvas, view: View, seat: int, layout: dict, flipped: bool, lang: str) -> None:
    ps = players(view)
    p = ps[seat] if seat < len(ps) else {}
    unit = p.get("unit") if isinstance(p.get("unit"), dict) else {}
    wave = str(view.get("wave") or "")
    live = view.get("phase") in ("turn", "trap")
    for r, label in WAVES.items():
        y = layout["rows"][(seat, r)]
        _row_label(cv, y, CARD_H, t(lang, label), live and r == wave)
        for col in range(3):
            code = "L" if (r, col) == ("F", 1) else f"{r}{col}"
            x = _column_x(col, flipped)
            if view.get("mode") == "siege" and code == "L":  # no Leader: a third Flank space
                slot, over = middle_slot(unit, view), view.get("phase") == "finished"
                cv.cached(("slot", json.dumps(slot, sort_keys=True, default=str), "F1", None, over, lang),
                          (x, y, x + CARD_W, y + CARD_H),
                          lambda sub, slot=slot, over=over: draw_slot(
                              sub, (0, 0, CARD_W, CARD_H), slot, siege_code("L", view), over=over, lang=lang))
                continue
            hidden = None
            if code == "L" and not isinstance(unit.get("L"), dict) and view.get("phase") in ("leader", None):
                hidden = t(lang, "Chosen") if p.get("leader_chosen") else t(lang, "Choosing…")
            if code == "L" and isinstance(unit.get("L"), dict) and unit["L"].get("card") is None:
                hidden = t(lang, "Chosen") if p.get("leader_chosen") else t(lang, "Leader")
            slot, over = unit.get(code), view.get("phase") == "finished"
            cv.cached(("slot", json.dumps(slot, sort_keys=True, default=str), code, hidden, over, lang),
                      (x, y, x + CARD_W, y + CARD_H),
                      lambda sub, slot=slot, code=code, hidden=hidden, over=over: draw_slot(
                          sub, (0, 0, CARD_W, CARD_H), slot, code, hidden_label=hidden, over=over, lang=lang))
    counts = fortress(view, seat) if (seat, "W") in layout["rows"] else None
    if counts is not None:
        y = layout["rows"][(seat, "W")]
        _row_label(cv, y, fort_height(view), t(lang, "Fort"), False)
        for col in range(3):
            x = _column_x(col, flipped)
            draw_fortress(cv, (x, y, x + CARD_W, y + fort_height(view)), counts[col], lang)
    y = layout["rows"][(seat, "X")]
    _row_label(cv, y, RES_H, t(lang, "Reserve"), False)
    reserve = p.get("reserve") if isinstance(p.get("reserve"), list) else []
    for col in range(3):
        x = _column_x(col, flipped)
        entry = reserve[col] if col < len(reserve) else None
        cv.cached(("reserve", json.dumps(entry, sort_keys=True, default=str), col, lang),
                  (x, y, x + CARD_W, y + RES_H),
                  lambda sub, entry=entry, col=col: draw_reserve(sub, (0, 0, CARD_W, RES_H), entry, f"X{col}", lang))


def _middle(cv: Canvas, view: View, names: Names, y: int, lang: str) -> None:
    text = round_words(view, lang)
    first = seat_of(view.get("first"), max(2, len(players(view))))
    if view.get("mode") == "epic" and epic_badge(view) is not None:  # Epic Duel: who holds the First badge
        first = epic_badge(view)
    if first is not None and view.get("phase") in ("turn", "trap", "between"):
        name = seat_name(names, first)
        line = f"{text} · " + t(lang, "{name} first", name=name)
        over = text_width(line, PX, True) - (W - 2 * M - 72)
        if over > 0:  # a long name gives way, never the words after it
            name = fit_text(name, PX, max(60, text_width(name, PX, True) - over - 8), True)
            line = f"{text} · " + t(lang, "{name} first", name=name)
        text = line
    if view.get("phase") == "leader":
        text = t(lang, "Both players choose a Leader in secret")
    if view.get("phase") == "draft":
        text = t(lang, "Opening draft: Draft Draws, then secret Leaders")
    if view.get("phase") == "epic":
        text = t(lang, "A Leader fell: its owner brings in the next one")
    cy = y + 34
    tw = min(W - 2 * M - 40, text_width(text, PX, True) + 36)
    cv.rect((W / 2 - tw / 2, cy - 20, W / 2 + tw / 2, cy + 20), SURFACE, radius=20)
    cv.text(W / 2, cy + 1, text, PX, TEXT, SURFACE, bold=True, anchor="mm", max_width=tw - 32)
    yy = y + 62
    for kind, line in _middle_lines(view, lang, names):
        wrapped = _wrapped(kind, line)
        bh = len(wrapped) * LINE_H + 12
        fill, fg = (CEASE_FILL, INK) if kind == "ceasefire" else (ACCENT, INK)
        cv.rect((M + 10, yy, W - M - 10, yy + bh), fill, radius=12)
        for k, part in enumerate(wrapped):
            cv.text(W / 2, yy + 6 + LINE_H * k + LINE_H / 2, part, PX, fg, fill, bold=kind == "waiting", anchor="mm")
        yy += bh + 10


KEY = (N_("The top unit faces you: its left is on your right."), N_("Reserve: face-down Traps and running Operations."))
#: the legend's marks, by kind
MARKS = {"damage": N_("damage"), "falls": N_("falls at wave end"), "fresh": N_("recruited this wave"),
         "acted": N_("acted this turn"), "breach": N_("empty fortress: a Melee hit there wins")}


def _legend(cv: Canvas | None, y: int, marks: dict[str, bool], lang: str = SOURCE) -> int:
    """Draw (or, without ``cv``, measure) the legend of the marks shown; returns its bottom."""
    items = [(kind, t(lang, words)) for kind, words in MARKS.items() if marks.get(kind)]  # breach: Siege
    x, row = M, 0
    for kind, words in items:
        w = 34 + text_width(words, PX) + 22
        if x + w > W - M:
            x, row = M, row + 1
        cy = y + row * 40 + 20
        if cv is None:
            pass
        elif kind == "damage":
            cv.sprite(disc_sprite(28, DMG, WHITE), x, cy - 14)
        elif kind == "falls":
            cv.rect((x, cy - 14, x + 28, cy + 14), FALL, radius=6)
            cv.rect((x + 5, cy - 9, x + 23, cy + 9), BG, radius=3)
        elif kind == "fresh":
            cv.star(x - 1, cy - 15, 30)
        elif kind == "breach":  # the fortress pile's place, empty: a card outline with a red cross
            cv.rect((x + 4, cy - 15, x + 24, cy + 15), SLOT, radius=4, outline=DMG, width=2)
            cv.cross(x + 6, cy - 8, 16, DMG)
        else:
            cv.check_badge(x, cy - 14, 28)
        if cv is not None:
            cv.text(x + 34, cy, words, PX, MUTED, BG)
        x += w
    y += (row + 1) * 40 if items else 0
    for line in KEY:  # what the spaces' words mean
        if cv is not None:
            cv.text(M, y + 20, t(lang, line), PX, MUTED, BG, max_width=W - 2 * M)
        y += 40
    return y + 8


def _legend_height(marks: dict[str, bool], lang: str = SOURCE) -> int:
    return _legend(None, 0, marks, lang)


def _marks(view: View) -> dict[str, bool]:
    marks: dict[str, bool] = {}
    if view.get("mode") == "siege" and view.get("phase") != "finished":
        marks["breach"] = any(0 in (fortress(view, s) or [1]) for s in range(len(players(view))))
    if view.get("phase") == "finished":
        return {"damage": any(slot_marks(slot).get("damage") for p in players(view)
                              for slot in (p.get("unit") if isinstance(p.get("unit"), dict) else {}).values())}
    for p in players(view):
        unit = p.get("unit") if isinstance(p.get("unit"), dict) else {}
        for slot in unit.values():
            for k, v in slot_marks(slot).items():
                marks[k] = marks.get(k, False) or v
    return marks


def render_board(view: View, names: Names = None, lang: str = SOURCE, *, log: list[TextRecord] | None = None) -> bytes:
    """The public board post (both units, reserves, wave, turn, counts, trophies) as PNG bytes, its words in
    ``lang``."""
    if is_team_view(view):  # Team Cross Duel and King: 4 or 6 Units (rendering/pixel_tactics/teams.py)
        return render_team_board(view, names, lang, log=log)
    layout = board_layout(view, lang, names)
    top, bottom = _seats(view)
    marks = _marks(view)
    panel = panel_height(view, names)
    height = layout["height"] + panel + _legend_height(marks, lang) + M - 12
    cv = new_canvas(W, height, log)
    _header(cv, view, names, lang)
    for seat in (top, bottom):
        _player_bar(cv, view, names, seat, layout["bars"][seat], lang)
    for seat, flipped in ((top, True), (bottom, False)):
        _unit(cv, view, seat, layout, flipped, lang)
    _middle(cv, view, names, layout["middle"], lang)
    if panel:  # a mode's panel (the Duel Draft tableau, Epic Duel's fallen Leaders)
        draw_panel(cv, view, names, M, layout["legend"], W - M, lang)
    _legend(cv, layout["legend"] + panel, marks, lang)
    return png_bytes(cv)


def warm() -> None:
    """Draw a bare board and hand once, so that a fresh worker has the common tiles cached."""
    seats = [{"unit": {}, "reserve": [], "hand": 5, "hand_size": 5, "deck": 20, "discard": []} for _ in range(2)]
    view = {"phase": "turn", "round": 1, "wave": "V", "turn": 0, "first": 0, "actions_left": 2,
            "match": {"target": 2, "game": 1}, "players": seats}
    render_board(view, ["Ana", "Bartholomew"])
    render_hand({**view, "you": 0, "hand": []}, ["Ana", "Bartholomew"])
