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

from bot.i18n import N_, SOURCE, t
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
#: a Base's state as the sheet names it
STATE_WORDS = {"available": N_("available"), "retired": N_("retired"), "captured": N_("captured")}


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


def _header(cv: Canvas, view: View, lang: str) -> int:
    """The band in the player's Base colour: rank and name left, total right; the subtitle under it."""
    fill, fg = _band(view.get("colour"))
    y = M
    cv.rect((M, y, W - M, y + HEAD_H), fill, radius=16)
    x = M + 20
    if view.get("winner"):
        cv.crown(x, y + (HEAD_H - 40) / 2, 40, INK if fg == INK else WHITE)
        x += 54
    total = t(lang, "{n} pts", n=int(view.get("total") or 0))
    total_w = text_width(total, 36, True)
    rank = view.get("rank")
    name = (f"#{rank} " if rank else "") + shown(view.get("name"))
    cv.text(x, y + HEAD_H / 2, name, 36, fg, fill, bold=True, max_width=W - M - 40 - total_w - x)
    cv.text(W - M - 20, y + HEAD_H / 2, total, 36, fg, fill, bold=True, anchor="rm")
    y += HEAD_H
    sub = shown(view.get("subtitle"), "")
    if view.get("dropped"):
        sub = (sub + " · " if sub else "") + t(lang, "dropped")
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


def _leaders(cv: Canvas, y: int, view: View, lang: str) -> int:
    leaders = list(view.get("leaders") or [])
    retired = sum(1 for lead in leaders if lead.get("retired"))
    y = _label(cv, y, t(lang, "Leaders"), t(lang, "{n} retired this cycle", n=retired) if retired else "")
    _panel(cv, y, len(leaders))
    if not leaders:
        cv.text(M + 18, y + ROW_H / 2, t(lang, "none drafted yet"), SMALL, MUTED, SURFACE)
    for k, lead in enumerate(leaders):
        gone = bool(lead.get("retired"))
        _row(cv, y + k * ROW_H, shown(lead.get("name")), t(lang, "retired") if gone else t(lang, "ready"), TEXT,
             MUTED if gone else GOOD, muted=gone)
    return y + max(1, len(leaders)) * ROW_H + 12


def _base_note(base: dict, lang: str, name=shown) -> str:
    """A Base's state in words: ``available``, ``retired``, ``captured by Ben``."""
    state = str(base.get("state") or "available")
    if state == "captured":
        return t(lang, "captured by {player}", player=name(base.get("by")))
    return t(lang, STATE_WORDS[state]) if state in STATE_WORDS else state


def _bases(cv: Canvas, y: int, view: View, lang: str) -> int:
    bases = list(view.get("bases") or [])
    left = sum(1 for b in bases if b.get("state", "available") != "captured")
    y = _label(cv, y, t(lang, "Own Bases"), t(lang, "{n} uncaptured: {points} pts a cycle", n=left, points=2 * left))
    _panel(cv, y, len(bases))
    for k, base in enumerate(bases):
        state = str(base.get("state") or "available")
        points = int(base.get("points") or 0)
        note = _base_note(base, lang)
        _row(cv, y + k * ROW_H, f"{shown(base.get('name'))} ({points})", note, TEXT,
             _on(STATE_FG.get(state, MUTED), SURFACE), swatch=view.get("colour"), muted=state != "available")
    return y + max(1, len(bases)) * ROW_H + 12


def _captured(cv: Canvas, y: int, view: View, lang: str) -> int:
    captured = list(view.get("captured") or [])
    worth = sum(int(c.get("points") or 0) for c in captured)
    y = _label(cv, y, t(lang, "Captured Bases"), t(lang, "{points} pts a cycle", points=worth) if captured else "")
    _panel(cv, y, len(captured))
    if not captured:
        cv.text(M + 18, y + ROW_H / 2, t(lang, "none yet"), SMALL, MUTED, SURFACE)
    for k, base in enumerate(captured):
        points = int(base.get("points") or 0)
        _row(cv, y + k * ROW_H, f"{shown(base.get('name'))} ({points})", t(lang, "from {player}", player=shown(base.get("from"))), TEXT,
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


def _cycles(cv: Canvas, y: int, view: View, lang: str) -> int:
    """The score boxes, five to a row: one per cycle (a dash until scored), then the total in gold."""
    cycles = list(view.get("cycles") or [])
    y = _label(cv, y, t(lang, "Cycle scores"))
    rows = _cycle_rows(view)
    per_row = min(PER_ROW, max(1, len(cycles)))
    box_w = (W - 2 * M - TOTAL_W - GAP * per_row) / per_row
    for k, value in enumerate(cycles):
        x0 = M + (k % PER_ROW) * (box_w + GAP)
        y0 = y + (k // PER_ROW) * (BOX_H + GAP)
        label = t(lang, "Cycle {cycle}", cycle=k + 1)
        label = label if text_width(label, SMALL) <= box_w - 12 else t(lang, "C{cycle}", cycle=k + 1)
        _box(cv, (x0, y0, x0 + box_w, y0 + BOX_H), label, value, False)
    bottom = y + rows * BOX_H + (rows - 1) * GAP
    _box(cv, (W - M - TOTAL_W, y, W - M, bottom), t(lang, "Total"), int(view.get("total") or 0), True)
    return bottom


def render_sheet(view: View, lang: str = SOURCE, *, log: list[TextRecord] | None = None) -> bytes:
    """Draw one player's score sheet as PNG bytes (800 px wide; every text ≥ 14 px shown 400 px wide), its
    words in ``lang``."""
    cycles = len(view.get("cycles") or [])
    if cycles > 10:
        raise ValueError("a league has at most 10 cycles")
    cv = Canvas(W, _height(view), BG, log)
    y = _header(cv, view, lang)
    y = _leaders(cv, y, view, lang)
    y = _bases(cv, y, view, lang)
    y = _captured(cv, y, view, lang)
    _cycles(cv, y, view, lang)
    return to_png(cv.image)


def sheet_alt(view: View, lang: str = SOURCE) -> str:
    """Return the alt text of a score sheet: total and cycles first, then Leaders, Bases and captures (in
    ``lang``)."""
    cycles = ", ".join(t(lang, "cycle {cycle} not scored", cycle=k + 1) if v is None
                       else t(lang, "cycle {cycle} {points}", cycle=k + 1, points=v)
                       for k, v in enumerate(view.get("cycles") or []))
    name, total = alt_name(view.get("name"), 32), int(view.get("total") or 0)
    if view.get("rank"):
        head = t(lang, "Score sheet of {player}: rank {rank}, {points} points", player=name, rank=view["rank"],
                 points=total)
    else:
        head = t(lang, "Score sheet of {player}: {points} points", player=name, points=total)
    parts = [head + (f" ({cycles})." if cycles else ".")]
    if view.get("winner"):
        parts.append(t(lang, "League winner."))
    leaders = [t(lang, "{leader} (retired)", leader=alt_name(lead.get("name"), 24)) if lead.get("retired")
               else alt_name(lead.get("name"), 24) for lead in view.get("leaders") or []]
    parts.append(t(lang, "Leaders: {leaders}.", leaders=", ".join(leaders) or t(lang, "none")))
    bases = [t(lang, "{base} {points} pts {state}", base=alt_name(b.get("name"), 24), points=int(b.get("points") or 0),
               state=_base_note(b, lang, lambda n: alt_name(n, 24))) for b in view.get("bases") or []]
    parts.append(t(lang, "Own Bases: {bases}.", bases="; ".join(bases) or t(lang, "none")))
    captured = [t(lang, "{base} {points} pts from {player}", base=alt_name(c.get("name"), 24),
                  points=int(c.get("points") or 0), player=alt_name(c.get("from"), 24))
                for c in view.get("captured") or []]
    parts.append(t(lang, "Captured: {bases}.", bases="; ".join(captured) or t(lang, "none")))
    return clip(parts)
