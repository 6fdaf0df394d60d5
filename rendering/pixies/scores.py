"""Pixies score images: the end-of-round score pad and the final standings."""

from __future__ import annotations

from typing import Any

from bot.i18n import N_, t
from rendering.pixies.alt import final_scores, round_entry, round_total, seat_names, standings
from rendering.pixies.cards import PALETTE, RAINBOW, colour_info, largest_zone_cells, paste_mini_grid
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
    grey,
    to_png,
)
from rendering.theme_parts import ExactCanvas
from rendering.tiles import fit as fit_text  # cached measurements
from rendering.tiles import width_of as text_width

View = dict[str, Any]
W, M = 800, 20
ROW_H = 46
LABEL_W = 236


def _title(cv: ExactCanvas, title: str, sub: str) -> int:
    cv.text(M, M + 20, title, 36, TEXT, BG, bold=True, max_width=W - 2 * M)
    if sub:
        cv.text(M, M + 62, sub, 24, MUTED, BG, max_width=W - 2 * M)
    return M + 92


def _label_icon(cv: Canvas, kind: str, x: float, y: float, size: int = 26) -> None:
    if kind == "validated":
        cv.check_badge(x, y, size)
    elif kind == "spirals":
        cv.rect((x, y, x + size, y + size), (255, 248, 234), radius=6)
        cv.spiral(x + 3, y + 3, size - 6)
    elif kind == "crosses":
        cv.rect((x, y, x + size, y + size), (255, 248, 234), radius=6)
        cv.cross(x + 3, y + 3, size - 6)
    elif kind == "color_spirals":
        cv.rect((x, y, x + size, y + size), INK, radius=size // 2)
        cv.stripes((x + 2, y + 2, x + size - 2, y + size - 2), RAINBOW, 5, radius=size // 2 - 2)
        cv.spiral(x + 5, y + 5, size - 10, INK)


def _signed(value: int, sign: str) -> str:
    return "0" if not value else f"{sign}{value}"


def _cell(view: View, key: str, sc: dict | None, seat: int, round_no: int, mult: int,
          lang: str = "en") -> tuple[str, str]:
    """(detail line, value) shown for one player in one score-pad row."""
    if not sc:
        return "", "–"
    if key == "zone":
        col = sc.get("zone_color")
        detail = f"{colour_info(col)[1]} {sc.get('zone_size', 0)} × {mult}" if col else t(lang, "none")
        return detail, _signed(int(sc.get("zone_points", 0)), "+")
    if key == "running":
        return "", str(sum(round_total(view, r, seat) or 0 for r in range(1, round_no + 1)))
    if key == "round":
        return "", str(sc.get("total", 0))
    return "", _signed(int(sc.get(key, 0)), "−" if key == "crosses" else "+")


#: the score pad's rows: (score key, label)
ROWS = (("validated", N_("Validated")), ("spirals", N_("Spirals")), ("crosses", N_("Crosses")),
        ("color_spirals", N_("Colour spirals")), ("zone", N_("Largest zone")), ("round", N_("Round total")),
        ("running", N_("Game total")))


def render_round_scores(view: View, names: list[str], round_no: int, lang: str = "en", *,
                        log: list[TextRecord] | None = None) -> bytes:
    """End-of-round score pad: one column per player, one row per scoring category, as PNG bytes."""
    players = list(view.get("players") or [])
    shown = seat_names(names, len(players), lang)
    entry = round_entry(view, round_no) or {}
    mult = entry.get("multiplier", round_no + 1)
    scores = {sc.get("seat"): sc for sc in entry.get("scores") or []}
    seats = [p.get("seat", k) for k, p in enumerate(players)]
    with_grid = bool(entry) and view.get("round") == round_no and any(
        any(sp.get("up") or sp.get("down") for sp in p.get("grid") or []) for p in players)
    resigned = {p.get("seat", k) for k, p in enumerate(players) if not p.get("active", True)}
    col_w = (W - 2 * M - LABEL_W) // max(1, len(players))
    head_h = 52 + (34 if resigned else 0)
    cell = min(42, (col_w - 28) // 3)
    gap = max(3, cell // 9)
    grid_h = 3 * cell + 2 * gap + 28 if with_grid else 0
    rows = [(key, t(lang, label)) for key, label in ROWS]
    body_h = sum(76 if key == "zone" else ROW_H for key, _ in rows)
    height = M + 92 + head_h + grid_h + body_h + M + 8
    cv = ExactCanvas(W, height, BG, log, palette=PALETTE)
    sub = (t(lang, "Largest colour zone scores {multiplier} points per card", multiplier=mult) if entry
           else t(lang, "No scores recorded yet"))
    y = _title(cv, t(lang, "Round {round} scores", round=round_no), sub)
    cv.rect((M, y, W - M, height - M), SURFACE, radius=16)
    cv.rect((M, y, W - M, y + head_h), RAISED, radius=16)
    cv.rect((M, y + head_h - 16, W - M, y + head_h), RAISED)
    cv.text(M + 16, y + 26, t(lang, "Player"), 24, MUTED, RAISED, bold=True)
    for k, seat in enumerate(seats):
        cx = M + LABEL_W + k * col_w + col_w / 2
        cv.text(cx, y + 26, shown[k], 24, MUTED if seat in resigned else TEXT, RAISED, bold=True, anchor="mm",
                max_width=col_w - 14)
        if seat in resigned:
            cv.text(cx, y + 60, t(lang, "resigned"), 24, MUTED, RAISED, anchor="mm")
        if with_grid:
            sc = scores.get(seat, {})
            zone = largest_zone_cells(list(players[k].get("grid") or []), sc.get("zone_color"),
                                      int(sc.get("zone_size") or 0))
            gw = 3 * cell + 2 * gap
            cv.tone = grey if seat in resigned else None
            paste_mini_grid(cv, cx - gw / 2, y + head_h + 14, cell, list(players[k].get("grid") or []), zone, 24)
            cv.tone = None
    if with_grid:
        mid = y + head_h + grid_h / 2
        cv.text(M + 16, mid - 16, t(lang, "Final grid"), 24, TEXT, SURFACE)
        cv.text(M + 16, mid + 16, t(lang, "gold: largest zone"), 24, MUTED, SURFACE)
    y += head_h + grid_h
    for key, label in rows:
        h = 76 if key == "zone" else ROW_H
        bg = SURFACE
        if key in ("round", "running"):
            bg = RAISED if key == "round" else SURFACE
            cv.rect((M, y, W - M, y + h), bg, radius=0 if key == "round" else 16)
            if key == "running":
                cv.rect((M, y, W - M, y + 16), bg)
        cv.rect((M + 12, y, W - M - 11, y + 1), LINE)
        icon = key in ("validated", "spirals", "crosses", "color_spirals")
        if icon:
            cv.part(("icon", key), (M + 16, y + h / 2 - 13, M + 42, y + h / 2 + 13),
                    lambda c, k=key: _label_icon(c, k, 0, 0))
        cv.text(M + 16 + (36 if icon else 0), y + h / 2, label, 24, TEXT, bg, bold=key in ("round", "running"))
        strong = key in ("round", "running")
        for k, seat in enumerate(seats):
            cx = M + LABEL_W + k * col_w + col_w / 2
            detail, value = _cell(view, key, scores.get(seat), seat, round_no, mult, lang)
            fg = TEXT if (strong or value not in ("0", "–")) and seat not in resigned else MUTED
            if key == "zone":
                cv.text(cx, y + 24, detail, 24, MUTED, bg, anchor="mm", max_width=col_w - 10)
                cv.text(cx, y + 54, value, 26, fg, bg, bold=True, anchor="mm")
            else:
                cv.text(cx, y + h / 2, value, 28 if strong else 26, fg, bg, bold=True, anchor="mm")
        y += h
    return to_png(cv.image)


def _final_row(cv: ExactCanvas, look: tuple, sx: int, y: int, row_h: int, cols: dict[str, int],
               lang: str = "en") -> None:
    """One standings row, drawn ``sx`` pixels left of its place on the page."""
    rank, name, won, active, per_round, score = look
    bg, fg, sub_fg = (ACCENT, INK, INK) if won else (SURFACE, TEXT if active else MUTED, MUTED)
    if won:
        cv.rect((M + 8 - sx, y, W - M - 8 - sx, y + row_h - 6), ACCENT, radius=12)
        cv.crown(M + 22 - sx, y + 6, 40, INK)
    else:
        cv.text(M + 40 - sx, y + row_h / 2 - 3, str(rank), 28, sub_fg, bg, bold=True, anchor="mm")
    tag = "" if active else t(lang, "resigned")
    tag_w = text_width(tag, 24) + 12 if tag else 0
    nw = cv.text(M + 96 - sx, y + row_h / 2 - 3, name, 28, fg, bg, bold=True,
                 max_width=cols["R1"] - 40 - (M + 96) - tag_w)
    if tag:
        cv.text(M + 96 + nw + 12 - sx, y + row_h / 2 - 2, tag, 24, sub_fg, bg)
    for v, cx in zip(per_round, cols.values(), strict=True):
        cv.text(cx - sx, y + row_h / 2 - 3, "–" if v is None else str(v), 26, fg if v is not None else sub_fg,
                bg, anchor="mm")
    cv.text(W - M - 20 - sx, y + row_h / 2 - 3, str(score), 30, fg, bg, bold=True, anchor="rm")


def render_final(view: View, names: list[str], lang: str = "en", *, log: list[TextRecord] | None = None) -> bytes:
    """Final standings: rank, name, per-round totals and game total, winners crowned, as PNG bytes."""
    players = list(view.get("players") or [])
    shown = seat_names(names, len(players), lang)
    rows, winners = standings(view)
    scores = final_scores(view)
    win_names = [shown[s] for _, s in rows if s in winners]
    frame = N_("{names} wins!") if len(win_names) == 1 else N_("Shared victory: {names}")
    room = (W - 2 * M - text_width(t(lang, frame, names=""), 26, True)) / max(1, len(win_names)) - 12
    fitted = [fit_text(n, 26, room, True) for n in win_names]
    joined = ", ".join(fitted[:-1]) + t(lang, " and ") + fitted[-1] if len(fitted) > 1 else "".join(fitted)
    sub = t(lang, frame, names=joined) if win_names else ""
    row_h = 64
    height = M + 92 + 52 + row_h * len(rows) + 12 + M
    cv = ExactCanvas(W, height, BG, log, palette=PALETTE)
    y = _title(cv, t(lang, "Final standings"), "")
    if sub:
        cv.text(M, M + 62, sub, 26, ACCENT, BG, bold=True, max_width=W - 2 * M)
    cv.rect((M, y, W - M, height - M), SURFACE, radius=16)
    cv.rect((M, y, W - M, y + 52), RAISED, radius=16)
    cv.rect((M, y + 36, W - M, y + 52), RAISED)
    cols = {"R1": 470, "R2": 560, "R3": 650}
    cv.text(M + 40, y + 26, "#", 24, MUTED, RAISED, bold=True, anchor="mm")
    cv.text(M + 96, y + 26, t(lang, "Player"), 24, MUTED, RAISED, bold=True)
    for number, cx in enumerate(cols.values(), 1):
        cv.text(cx, y + 26, t(lang, "R{round}", round=number), 24, MUTED, RAISED, bold=True, anchor="mm")
    cv.text(W - M - 20, y + 26, t(lang, "Total"), 24, MUTED, RAISED, bold=True, anchor="rm")
    y += 52 + 6
    for rank, seat in rows:
        active = bool(seat < len(players) and players[seat].get("active", True))
        look = (rank, shown[seat], seat in winners, active, tuple(round_total(view, r, seat) for r in (1, 2, 3)),
                scores[seat])
        # drawn straight on the page: a row's look (name, scores) is new in nearly every image, so a cached
        # group of it would cost a canvas and a copy more and be pasted again only if the same game is shown
        _final_row(cv, look, 0, y, row_h, cols, lang)
        y += row_h
    return to_png(cv.image)


def warm() -> None:
    """Draw, once per render worker, the texts every score pad and standings table shows: titles, row
    labels, column heads and the numbers scores take (pinned in the palette: a worker's first score
    images then draw only their players' names)."""
    cv = ExactCanvas(W, 80, BG, None, palette=PALETTE)
    with PALETTE.warming():
        for r in (1, 2, 3):
            cv.text(M, 0, f"Round {r} scores", 36, TEXT, BG, bold=True)
            cv.text(M, 0, f"Largest colour zone scores {r + 1} points per card", 24, MUTED, BG)
        for text, fg, bg, bold in (("No scores recorded yet", MUTED, BG, False), ("Player", MUTED, RAISED, True),
                                   ("Validated", TEXT, SURFACE, False), ("Spirals", TEXT, SURFACE, False),
                                   ("Crosses", TEXT, SURFACE, False), ("Colour spirals", TEXT, SURFACE, False),
                                   ("Largest zone", TEXT, SURFACE, False), ("Round total", TEXT, RAISED, True),
                                   ("Game total", TEXT, SURFACE, True), ("Final grid", TEXT, SURFACE, False),
                                   ("gold: largest zone", MUTED, SURFACE, False), ("Final standings", TEXT, BG, True)):
            cv.text(M, 0, text, 36 if text == "Final standings" else 24, fg, bg, bold=bold)
        for text, anchor in (("#", "mm"), ("Player", "lm"), ("R1", "mm"), ("R2", "mm"), ("R3", "mm"), ("Total", "rm")):
            cv.text(W / 2, 0, text, 24, MUTED, RAISED, bold=True, anchor=anchor)
        for n in range(1, 61):
            cv.text(W / 2, 0, f"+{n}", 26, TEXT, SURFACE, bold=True, anchor="mm")
            cv.text(W / 2, 0, f"−{n}", 26, TEXT, SURFACE, bold=True, anchor="mm")
        cv.text(W / 2, 0, "0", 26, MUTED, SURFACE, bold=True, anchor="mm")
        for letter in "BGYR":
            for size in range(1, 10):
                for mult in (2, 3, 4):
                    cv.text(W / 2, 0, f"{letter} {size} × {mult}", 24, MUTED, SURFACE, anchor="mm")
        for n in range(-40, 251):
            cv.text(W / 2, 0, str(n), 28, TEXT, SURFACE, bold=True, anchor="mm")  # game total
            cv.text(W / 2, 0, str(n), 30, TEXT, SURFACE, bold=True, anchor="rm")  # final total
            cv.text(W / 2, 0, str(n), 30, INK, ACCENT, bold=True, anchor="rm")
            if n <= 120:
                cv.text(W / 2, 0, str(n), 28, TEXT, RAISED, bold=True, anchor="mm")  # round total
                cv.text(W / 2, 0, str(n), 26, TEXT, SURFACE, anchor="mm")  # a final row's round
                cv.text(W / 2, 0, str(n), 26, INK, ACCENT, anchor="mm")
        for rank in range(2, 5):
            cv.text(W / 2, 0, str(rank), 28, MUTED, SURFACE, bold=True, anchor="mm")
