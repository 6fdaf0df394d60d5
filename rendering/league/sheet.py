"""A player's League score sheet, like the rulebook's score pad: their Leaders (retired ones marked), their
five Bases with each one's state, the Bases they captured from rivals, each cycle's score and the total.

View (built by ``cogs/league/views.py``)::

    {"name": str, "colour": "red", "rank": int | None, "total": int, "subtitle": str, "dropped": bool,
     "leaders": [{"name": str, "retired": bool}],
     "bases": [{"name": str, "points": int, "state": "available" | "captured" | "retired", "by": str | None}],
     "captured": [{"name": str, "points": int, "colour": str, "from": str}],
     "cycles": [int | None, ...],   # one per cycle of the league: None = not scored yet
     "winner": bool}
"""

from __future__ import annotations

from rendering.pixel_tactics.style import BASE_BAND, WHITE
from rendering.theme import (
    ACCENT,
    BG,
    GOOD,
    INK,
    LINE,
    MUTED,
    SURFACE,
    TEXT,
    Canvas,
    TextRecord,
    contrast_ratio,
    text_width,
    to_png,
)
from rendering.tournaments.common import SMALL, M, View, W, alt_name, clip, shown

HEAD_H, SUB_H, LABEL_H, ROW_H, BOX_H = 84, 44, 50, 48, 92
PER_ROW, TOTAL_W, GAP = 5, 150, 10
SWATCH = 22
STATE_FG = {"available": GOOD, "captured": (255, 140, 140), "retired": MUTED}


def _band(colour: object) -> tuple:
    """Return (fill, text colour) of a player's Base colour (grey when unknown)."""
    return BASE_BAND.get(str(colour or ""), BASE_BAND["grey"])


def _on(fg: tuple, bg: tuple) -> tuple:
    """Return ``fg`` if it reads on ``bg`` (4.5:1), else the plain text colour."""
    return fg if contrast_ratio(fg, bg) >= 4.5 else TEXT


def _section_height(rows: int) -> int:
    return LABEL_H + max(1, rows) * ROW_H + 12


def _height(view: View) -> int:
    leaders = len(view.get("leaders") or [])
    bases = len(view.get("bases") or [])
    captured = len(view.get("captured") or [])
    return (M + HEAD_H + SUB_H + _section_height(leaders) + _section_height(bases) + _section_height(captured)
            + LABEL_H + _cycle_rows(view) * (BOX_H + GAP) - GAP + M)


def _header(cv: Canvas, view: View) -> int:
    """The band in the player's Base colour: rank and name left, total right; the subtitle under it."""
    fill, fg = _band(view.get("colour"))
    y = M
    cv.rect((M, y, W - M, y + HEAD_H), fill, radius=16)
    x = M + 20
    if view.get("winner"):
        cv.crown(x, y + (HEAD_H - 40) / 2, 40, INK if fg == INK else WHITE)
        x += 54
    total = f"{int(view.get('total') or 0)} pts"
    total_w = text_width(total, 36, True)
    rank = view.get("rank")
    name = (f"#{rank} " if rank else "") + shown(view.get("name"))
    cv.text(x, y + HEAD_H / 2, name, 36, fg, fill, bold=True, max_width=W - M - 40 - total_w - x)
    cv.text(W - M - 20, y + HEAD_H / 2, total, 36, fg, fill, bold=True, anchor="rm")
    y += HEAD_H
    sub = shown(view.get("subtitle"), "")
    if view.get("dropped"):
        sub = (sub + " · " if sub else "") + "dropped"
    if sub:
        cv.text(M + 4, y + SUB_H / 2 + 2, sub, SMALL, MUTED, BG, max_width=W - 2 * M - 8)
    return y + SUB_H


def _label(cv: Canvas, y: int, text: str, right: str = "") -> int:
    cv.text(M + 4, y + LABEL_H / 2 + 4, text, SMALL, ACCENT, BG, bold=True)
    if right:
        cv.text(W - M - 4, y + LABEL_H / 2 + 4, right, SMALL, MUTED, BG, anchor="rm")
    return y + LABEL_H


def _panel(cv: Canvas, y: int, rows: int) -> None:
    cv.rect((M, y, W - M, y + max(1, rows) * ROW_H), SURFACE, radius=12)
    for k in range(1, rows):
        cv.rect((M + 14, y + k * ROW_H - 1, W - M - 14, y + k * ROW_H + 1), LINE)


def _row(cv: Canvas, y: int, left: str, right: str, fg: tuple, right_fg: tuple, *, swatch: object = None,
         muted: bool = False) -> None:
    """One line of a section: an optional colour swatch, a name, a right-aligned note."""
    mid = y + ROW_H / 2
    x = M + 18
    if swatch is not None:
        fill, _ = _band(swatch)
        cv.rect((x, mid - SWATCH / 2, x + SWATCH, mid + SWATCH / 2), fill, radius=5, outline=LINE, width=1)
        x += SWATCH + 14
    right_w = text_width(right, SMALL) if right else 0
    cv.text(x, mid, left, SMALL, MUTED if muted else fg, SURFACE, bold=not muted, max_width=W - M - 36 - right_w - x)
    if right:
        cv.text(W - M - 18, mid, right, SMALL, right_fg, SURFACE, anchor="rm")


def _leaders(cv: Canvas, y: int, view: View) -> int:
    leaders = list(view.get("leaders") or [])
    retired = sum(1 for lead in leaders if lead.get("retired"))
    y = _label(cv, y, "Leaders", f"{retired} retired this cycle" if retired else "")
    _panel(cv, y, len(leaders))
    if not leaders:
        cv.text(M + 18, y + ROW_H / 2, "none drafted yet", SMALL, MUTED, SURFACE)
    for k, lead in enumerate(leaders):
        gone = bool(lead.get("retired"))
        _row(cv, y + k * ROW_H, shown(lead.get("name")), "retired" if gone else "ready", TEXT,
             MUTED if gone else GOOD, muted=gone)
    return y + max(1, len(leaders)) * ROW_H + 12


def _base_note(base: dict) -> str:
    state = str(base.get("state") or "available")
    if state == "captured":
        return f"captured by {shown(base.get('by'))}"
    return state


def _bases(cv: Canvas, y: int, view: View) -> int:
    bases = list(view.get("bases") or [])
    left = sum(1 for b in bases if b.get("state", "available") != "captured")
    y = _label(cv, y, "Own Bases", f"{left} uncaptured: {2 * left} pts a cycle")
    _panel(cv, y, len(bases))
    for k, base in enumerate(bases):
        state = str(base.get("state") or "available")
        points = int(base.get("points") or 0)
        note = _base_note(base)
        _row(cv, y + k * ROW_H, f"{shown(base.get('name'))} ({points})", note, TEXT,
             _on(STATE_FG.get(state, MUTED), SURFACE), swatch=view.get("colour"), muted=state != "available")
    return y + max(1, len(bases)) * ROW_H + 12


def _captured(cv: Canvas, y: int, view: View) -> int:
    captured = list(view.get("captured") or [])
    worth = sum(int(c.get("points") or 0) for c in captured)
    y = _label(cv, y, "Captured Bases", f"{worth} pts a cycle" if captured else "")
    _panel(cv, y, len(captured))
    if not captured:
        cv.text(M + 18, y + ROW_H / 2, "none yet", SMALL, MUTED, SURFACE)
    for k, base in enumerate(captured):
        points = int(base.get("points") or 0)
        _row(cv, y + k * ROW_H, f"{shown(base.get('name'))} ({points})", f"from {shown(base.get('from'))}", TEXT,
             MUTED, swatch=base.get("colour"))
    return y + max(1, len(captured)) * ROW_H + 12


def _cycle_rows(view: View) -> int:
    return max(1, (len(view.get("cycles") or []) + PER_ROW - 1) // PER_ROW)


def _box(cv: Canvas, box: tuple, label: str, value: object, total: bool) -> None:
    fill = ACCENT if total else SURFACE
    fg, sub = (INK, INK) if total else (TEXT, MUTED)
    x0, y0, x1, y1 = box
    cv.rect(box, fill, radius=12)
    mid = (y0 + y1) / 2
    cv.text((x0 + x1) / 2, mid - 19, label, SMALL, sub, fill, anchor="mm", max_width=x1 - x0 - 8)
    cv.text((x0 + x1) / 2, mid + 19, "–" if value is None else str(value), 32, fg, fill, bold=True, anchor="mm",
            max_width=x1 - x0 - 8)


def _cycles(cv: Canvas, y: int, view: View) -> int:
    """The score boxes, five to a row: one per cycle (a dash until scored), then the total in gold."""
    cycles = list(view.get("cycles") or [])
    y = _label(cv, y, "Cycle scores")
    rows = _cycle_rows(view)
    per_row = min(PER_ROW, max(1, len(cycles)))
    box_w = (W - 2 * M - TOTAL_W - GAP * per_row) / per_row
    for k, value in enumerate(cycles):
        x0 = M + (k % PER_ROW) * (box_w + GAP)
        y0 = y + (k // PER_ROW) * (BOX_H + GAP)
        label = f"Cycle {k + 1}" if text_width(f"Cycle {k + 1}", SMALL) <= box_w - 12 else f"C{k + 1}"
        _box(cv, (x0, y0, x0 + box_w, y0 + BOX_H), label, value, False)
    bottom = y + rows * BOX_H + (rows - 1) * GAP
    _box(cv, (W - M - TOTAL_W, y, W - M, bottom), "Total", int(view.get("total") or 0), True)
    return bottom


def render_sheet(view: View, *, log: list[TextRecord] | None = None) -> bytes:
    """Draw one player's score sheet as PNG bytes (800 px wide; every text ≥ 14 px shown 400 px wide)."""
    cycles = len(view.get("cycles") or [])
    if cycles > 10:
        raise ValueError("a league has at most 10 cycles")
    cv = Canvas(W, _height(view), BG, log)
    y = _header(cv, view)
    y = _leaders(cv, y, view)
    y = _bases(cv, y, view)
    y = _captured(cv, y, view)
    _cycles(cv, y, view)
    return to_png(cv.image)


def sheet_alt(view: View) -> str:
    """Return the alt text of a score sheet: total and cycles first, then Leaders, Bases and captures."""
    rank = f"rank {view['rank']}, " if view.get("rank") else ""
    cycles = ", ".join(f"cycle {k + 1} {'not scored' if v is None else v}"
                       for k, v in enumerate(view.get("cycles") or []))
    parts = [f"Score sheet of {alt_name(view.get('name'), 32)}: {rank}{int(view.get('total') or 0)} points"
             + (f" ({cycles})." if cycles else ".")]
    if view.get("winner"):
        parts.append("League winner.")
    leaders = [alt_name(lead.get("name"), 24) + (" (retired)" if lead.get("retired") else "")
               for lead in view.get("leaders") or []]
    parts.append("Leaders: " + (", ".join(leaders) or "none") + ".")
    bases = [f"{alt_name(b.get('name'), 24)} {int(b.get('points') or 0)} pts {_base_note(b)}"
             for b in view.get("bases") or []]
    parts.append("Own Bases: " + ("; ".join(bases) or "none") + ".")
    captured = [f"{alt_name(c.get('name'), 24)} {int(c.get('points') or 0)} pts from {alt_name(c.get('from'), 24)}"
                for c in view.get("captured") or []]
    parts.append("Captured: " + ("; ".join(captured) or "none") + ".")
    return clip(parts)
