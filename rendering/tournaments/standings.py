"""The standings table of a Swiss, round-robin or pod tournament: rank, player, points and the
tie-break columns, the leader (or champion) in gold, dropped players muted.

View (built by ``cogs/tournaments/views.py``)::

    {"title": str, "subtitle": str, "columns": ["Pts", "W-D-L", "OMW", "GW", "OGW"], "note": str,
     "rows": [{"rank": int, "name": str, "values": [str, ...], "dropped": bool, "champion": bool}]}
"""

from __future__ import annotations

from bot.i18n import t
from rendering.theme import (
    ACCENT,
    BG,
    INK,
    MUTED,
    RAISED,
    SURFACE,
    TEXT,
    Canvas,
    TextRecord,
    text_width,
    to_png,
    wrap_text,
)
from rendering.tournaments.common import (
    SMALL,
    M,
    View,
    W,
    alt_name,
    draw_title,
    fit_items,
    shown,
    title_height,
)

ROW_H, HEAD_H, RANK_W, NOTE_LINE = 56, 54, 62, 36
MIN_NAME_W = 180


def _widths(view: View) -> list[int]:
    """Return each value column's width: its widest text plus padding."""
    columns = [str(c) for c in view.get("columns") or []]
    widths = []
    for k, label in enumerate(columns):
        texts = [str((r.get("values") or [])[k]) for r in view.get("rows") or [] if k < len(r.get("values") or [])]
        widest = max([text_width(label, SMALL, True)] + [text_width(t, SMALL, True) for t in texts])
        widths.append(round(widest) + 24)
    return widths


def _note_lines(view: View) -> list[str]:
    note = view.get("note") or ""
    return wrap_text(shown(note), SMALL, W - 2 * M, max_lines=3) if note else []


def _row(cv: Canvas, row: dict, y: int, xs: list[float], name_room: float, stripe: bool, lang: str) -> None:
    """One player's row."""
    champion, dropped = bool(row.get("champion")), bool(row.get("dropped"))
    bg = ACCENT if champion else (RAISED if stripe else SURFACE)
    fg = INK if champion else (MUTED if dropped else TEXT)
    sub = INK if champion else MUTED
    mid = y + ROW_H / 2
    if champion:
        cv.rect((M + 6, y + 3, W - M - 6, y + ROW_H - 3), ACCENT, radius=10)
        cv.crown(M + 14, y + (ROW_H - 36) / 2, 36, INK)
    else:
        if stripe:
            cv.rect((M, y, W - M, y + ROW_H), RAISED)
        cv.text(M + RANK_W / 2, mid, str(row.get("rank", "")), SMALL, sub, bg, bold=True, anchor="mm")
    tag = t(lang, "dropped") if dropped else ""
    tag_w = text_width(tag, SMALL) + 10 if tag else 0
    name_w = cv.text(M + RANK_W, mid, shown(row.get("name")), SMALL, fg, bg, bold=True,
                     max_width=name_room - tag_w)
    if tag:
        cv.text(M + RANK_W + name_w + 10, mid, tag, SMALL, sub, bg)
    for value, x in zip(row.get("values") or [], xs, strict=False):
        cv.text(x, mid, str(value), SMALL, fg, bg, bold=True, anchor="mm")


def render_standings(view: View, lang: str = "en", *, log: list[TextRecord] | None = None) -> bytes:
    """Draw a standings view as PNG bytes (its words in ``lang``)."""
    rows = list(view.get("rows") or [])
    widths = _widths(view)
    right = W - M - 8
    xs: list[float] = []
    for w in reversed(widths):
        xs.insert(0, right - w / 2)
        right -= w
    name_room = right - (M + RANK_W) - 8
    if name_room < MIN_NAME_W:
        raise ValueError("too many columns for the standings table")
    notes = _note_lines(view)
    top = title_height(view)
    height = top + HEAD_H + len(rows) * ROW_H + 12 + (len(notes) * NOTE_LINE + 16 if notes else 0) + M
    cv = Canvas(W, height, BG, log)
    y = draw_title(cv, view, lang)
    table_bottom = y + HEAD_H + len(rows) * ROW_H + 12
    cv.rect((M, y, W - M, table_bottom), SURFACE, radius=14)
    cv.rect((M, y, W - M, y + HEAD_H), RAISED, radius=14)
    cv.rect((M, y + HEAD_H - 14, W - M, y + HEAD_H), RAISED)
    cv.text(M + RANK_W / 2, y + HEAD_H / 2, "#", SMALL, MUTED, RAISED, bold=True, anchor="mm")
    cv.text(M + RANK_W, y + HEAD_H / 2, t(lang, "Player"), SMALL, MUTED, RAISED, bold=True, max_width=name_room)
    for label, x in zip(view.get("columns") or [], xs, strict=True):
        cv.text(x, y + HEAD_H / 2, str(label), SMALL, MUTED, RAISED, bold=True, anchor="mm")
    y += HEAD_H + 6
    for k, row in enumerate(rows):
        _row(cv, row, y, xs, name_room, stripe=k % 2 == 1, lang=lang)
        y += ROW_H
    y = table_bottom + 16
    for line in notes:
        cv.text(M, y + NOTE_LINE / 2, line, SMALL, MUTED, BG)
        y += NOTE_LINE
    return to_png(cv.image)


def standings_alt(view: View, lang: str = "en") -> str:
    """Return the alt text of a standings image (in ``lang``): one sentence per player, best first."""
    labels = [str(c) for c in view.get("columns") or []]
    parts = [t(lang, "{title}: standings.", title=alt_name(view.get("title"), 80))]
    if view.get("subtitle"):
        parts.append(f"{alt_name(view['subtitle'], 120)}.")

    def rows(columns: int, limit: int) -> list[str]:
        out = []
        for row in view.get("rows") or []:
            cells = ", ".join(f"{label} {value}" for label, value in
                              list(zip(labels, row.get("values") or [], strict=False))[:columns])
            name = alt_name(row.get("name"), limit)
            if row.get("champion"):
                name = t(lang, "{name} (champion)", name=name)
            if row.get("dropped"):
                name = t(lang, "{name} (dropped)", name=name)
            out.append(f"{row.get('rank')}. {name}: {cells}.")
        return out

    # every column first; then the first two, then the first only (the score), names shorter
    return fit_items(parts, [rows(len(labels), 32), rows(2, 32), rows(1, 24), rows(1, 16)],
                     t(lang, "And {n} more players, not listed here."))
