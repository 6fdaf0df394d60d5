"""Tixel board image: the 6×6 board with the physical pieces, both pools, the turn state and the last move.

Pure function from the Tixel view (docs/dev/tixel_view.md) to PNG bytes; ``log`` receives a
:class:`rendering.theme.TextRecord` for every text drawn. ``board_alt`` is the matching alt text.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from bot.i18n import SOURCE, t
from rendering.theme import (
    ACCENT,
    BG,
    INK,
    MUTED,
    RGB,
    SURFACE,
    TEXT,
    Canvas,
    TextRecord,
    clean_text,
    mix,
    to_png,
)
from rendering.theme_parts import ExactCanvas
from rendering.tiles import fit as fit_text  # cached measurements
from rendering.tiles import fit_name
from rendering.tiles import width_of as text_width
from rendering.tiles import wrap as wrap_text
from rendering.tixel.alt import board_alt, board_lines, last_words, piece_words, result_words
from rendering.tixel.key import draw_key, key_height
from rendering.tixel.pieces import (
    FILES,
    PALETTE,
    PATH,
    PX,
    RANKS,
    SIDE,
    Q,
    View,
    arrow_sprite,
    dot_sprite,
    draw_piece,
    last_move_marks,
    lock_sprite,
    paste_centred,
    ring_sprite,
    sacrifice_badge,
    seat_of,
    square_of,
    turn_sprite,
)
from rendering.tixel.pool import draw_legend, draw_pool

__all__ = ["render_board", "board_alt", "board_lines", "piece_words", "board_geometry", "square_centre"]


W = 900  # image width; smallest text 27 px (= 12 px when shown 400 px wide)
M = 20  # outer margin
TITLE_PX = 40
BX = M + 46  # board left edge (rank labels to its left, room for overhanging corners)
COL_X = BX + 6 * Q + 24  # pools column
ACTIVE_SIDE = int((Q - 10) / 2 ** 0.5)  # a diamond's corners stay inside its own square
SQ_A: RGB = (93, 112, 150)  # board squares (two close tones), mid-dark slate blue
SQ_B: RGB = (84, 102, 138)
GRID: RGB = (58, 69, 96)
LIT: RGB = (150, 172, 214)  # squares of the last move are lightened towards this
FRAME: RGB = (47, 55, 76)
HEAD_ROW = 66
LINE_H = 38


# ---------------------------------------------------------------- view helpers
def _names(names: list[str], lang: str = SOURCE) -> list[str]:
    return [clean_text(names[s] if s < len(names) and names[s] else "", t(lang, "Player {number}", number=s + 1))
            for s in range(2)]


def _status(view: View, shown: list[str], lang: str = SOURCE) -> tuple[str, str, list[str]]:
    """(name, rest of the status pill, detail lines) for the current state."""
    seat = seat_of(view.get("to_act"))
    if view.get("status") == "finished":
        return "", t(lang, "Game over"), []
    if seat is None:
        return "", t(lang, "Waiting"), []
    phase = view.get("phase")
    name, lines, short = shown[seat], [], fit_text(shown[seat], PX, 300)
    bonus = view.get("bonus") or {}
    if phase == "draw":
        offerer = seat_of(view.get("draw_offer"))
        who = shown[offerer] if offerer is not None else shown[1 - seat]
        return name, " " + t(lang, "must answer a draw offer"), [
            t(lang, "{name} offered a draw: accept or decline", name=fit_text(who, PX, 300))]
    if phase == "bonus":
        chain = bonus.get("chain") or 1
        lines.append(t(lang, "Bonus move {chain} in a row: place, slide, activate, pick up or pivot", chain=chain))
        if square_of(bonus.get("locked")):
            lines.append(t(lang, "The piece on {square} is locked: it can't be picked up now", square=bonus["locked"]))
        rest = ": " + t(lang, "bonus move")
    else:
        rest = " " + t(lang, "to move")
    can = view.get("can_place") or []
    if seat < len(can) and can[seat] is False:
        lines.append(t(lang, "{name} may not place this turn (no slidable active piece)", name=short))
    return name, rest, lines


def _last_line(view: View, shown: list[str], lang: str = SOURCE) -> str | None:
    words = last_words(view, lang)
    if not words:
        return None
    seat = seat_of((view.get("last_move") or {}).get("seat"))
    who = f"{fit_text(shown[seat], PX, 300)} {words}" if seat is not None else words
    return t(lang, "Last: {action}", action=who)


def _last_lines(view: View, shown: list[str], lang: str = SOURCE) -> list[str]:
    """The last move, wrapped on at most two lines (a long name and a sacrifice's words need the second)."""
    last = _last_line(view, shown, lang)
    return wrap_text(last, PX, W - 2 * M, max_lines=2) if last else []


def _result_line(view: View, shown: list[str], lang: str = SOURCE) -> str:
    head, why = result_words(view, [fit_text(n, PX, 280, True) for n in shown], lang)
    return f"{head} · {why}" if why else head


def _header_height(view: View, shown: list[str], lang: str = SOURCE) -> int:
    _, _, lines = _status(view, shown, lang)
    h = M + HEAD_ROW + LINE_H * (len(lines) + len(_last_lines(view, shown, lang)))
    if view.get("status") == "finished":
        h += 62
    return h + 8


def board_geometry(view: View, names: list[str], lang: str = SOURCE) -> tuple[int, int, int]:
    """(x, y, square size) of the board's top-left corner in the image (for tests and overlays)."""
    return BX, _header_height(view, _names(names, lang), lang) + 18, Q


def square_centre(view: View, names: list[str], sq: str, lang: str = SOURCE) -> tuple[float, float]:
    """Pixel centre of square ``sq`` in the image."""
    x, y, q = board_geometry(view, names, lang)
    f, r = square_of(sq) or (0, 0)
    return x + f * q + q / 2, y + (5 - r) * q + q / 2


# ---------------------------------------------------------------- drawing
def _pill(cv: ExactCanvas, right: float, y: float, name: str, rest: str, max_w: float) -> None:
    pill = fit_name(name, PX, max_w - 32 - text_width(rest, PX, True), True)[0] + rest if name else rest
    pw = text_width(pill, PX, True) + 32
    cv.rect((right - pw, y, right, y + 46), ACCENT, radius=23)
    cv.text(right - pw / 2, y + 24, pill, PX, INK, ACCENT, bold=True, anchor="mm")


def _header(cv: ExactCanvas, view: View, shown: list[str], lang: str = SOURCE) -> int:
    y = M
    tw = cv.text(M, y + 23, "Tixel", TITLE_PX, TEXT, BG, bold=True)
    turn = view.get("turn")
    tw += cv.text(M + tw + 16, y + 26, t(lang, "Turn {turn}", turn=turn) if isinstance(turn, int) else "", PX,
                  MUTED, BG) + 16
    name, rest, lines = _status(view, shown, lang)
    _pill(cv, W - M, y, name, rest, W - 2 * M - tw - 30)
    y += HEAD_ROW
    if view.get("status") == "finished":
        cv.rect((M, y, W - M, y + 52), ACCENT, radius=14)
        cv.crown(M + 14, y + 9, 34, INK)
        cv.text(M + 60, y + 27, _result_line(view, shown, lang), PX, INK, ACCENT, bold=True, max_width=W - 2 * M - 76)
        y += 62
    for line in lines:
        cv.text(M, y + LINE_H / 2, line, PX, TEXT, BG, max_width=W - 2 * M)
        y += LINE_H
    for last in _last_lines(view, shown, lang):
        cv.text(M, y + LINE_H / 2, last, PX, MUTED, BG)
        y += LINE_H
    return y + 8


def _centre(bx: int, by: int, sq: str) -> tuple[float, float]:
    f, r = square_of(sq) or (0, 0)
    return bx + f * Q + Q / 2, by + (5 - r) * Q + Q / 2


def _slide_arrow(cv: ExactCanvas, view: View, bx: int, by: int, marks: dict[str, Any]) -> None:
    (fx, fy), (tx, ty) = _centre(bx, by, marks["from"]), _centre(bx, by, marks["to"])
    dist = abs(tx - fx) + abs(ty - fy)
    if not dist or (fx != tx and fy != ty):
        return
    length = round(dist - Q * 0.5)  # stop short of the slider (a diamond, too, stays inside its square)
    if length < 16:
        return
    turn = None
    if tx < fx:
        turn = Image.Transpose.ROTATE_180
    elif ty < fy:
        turn = Image.Transpose.ROTATE_90
    elif ty > fy:
        turn = Image.Transpose.ROTATE_270
    arrow = arrow_sprite(length, 6, PATH, turn)
    sx, sy = (tx > fx) - (tx < fx), (ty > fy) - (ty < fy)
    cx, cy = fx + sx * length / 2, fy + sy * length / 2
    paste_centred(cv, arrow, cx, cy)
    for sq in marks["path"]:
        paste_centred(cv, dot_sprite(18, PATH, INK), *_centre(bx, by, sq))


def _empty_board(cv: Canvas, bx: int, by: int) -> None:
    """Frame, squares and coordinates of the board whose top-left square corner is (bx, by)."""
    cv.rect((bx - 8, by - 8, bx + 6 * Q + 8, by + 6 * Q + 8), FRAME, radius=10)
    cv.rect((bx - 2, by - 2, bx + 6 * Q + 2, by + 6 * Q + 2), GRID)
    for f in range(6):
        for r in range(6):
            x, y = bx + f * Q, by + (5 - r) * Q
            cv.rect((x + 1, y + 1, x + Q - 1, y + Q - 1), SQ_A if (f + r) % 2 else SQ_B)
    for i, ch in enumerate(FILES):
        cv.text(bx + i * Q + Q / 2, by + 6 * Q + 34, ch, PX, MUTED, BG, anchor="mm")
    for i, ch in enumerate(RANKS):
        cv.text(bx - 33, by + (5 - i) * Q + Q / 2, ch, PX, MUTED, BG, anchor="mm")


def _board(cv: ExactCanvas, view: View, top: int) -> int:
    bx, by = BX, top + 18
    oy = (by - 8) // 2 * 2  # an even shift keeps every rounding of the drawing as it was
    cv.part(("empty board", by - oy), (M, oy, bx + 6 * Q + 8, by + 6 * Q + 56),
            lambda c: _empty_board(c, bx - M, by - oy), over=BG)  # drawn once, pasted whole on the page
    marks = last_move_marks(view)
    for sq in sorted(marks["solid"] | marks["dashed"]):
        f, r = square_of(sq) or (0, 0)
        x, y = bx + f * Q, by + (5 - r) * Q
        cv.rect((x + 1, y + 1, x + Q - 1, y + Q - 1), mix(SQ_A if (f + r) % 2 else SQ_B, LIT, 0.4))
    for sq in sorted(marks["dashed"]):
        paste_centred(cv, ring_sprite(Q - 2, ACCENT, 5, dashed=True), *_centre(bx, by, sq))
    for sq in sorted(marks["solid"]):
        paste_centred(cv, ring_sprite(Q - 2, ACCENT, 5), *_centre(bx, by, sq))
    if marks["from"]:
        _slide_arrow(cv, view, bx, by, marks)
    board = view.get("board") or {}
    pieces = [(sq, p) for sq, p in board.items() if square_of(sq) and isinstance(p, dict)]
    for sq, p in sorted(pieces, key=lambda item: (bool(item[1].get("active")), item[0])):
        draw_piece(cv, view, p, *_centre(bx, by, sq), side=ACTIVE_SIDE if p.get("active") else SIDE)
    corner = Q / 2 - 16
    for sq in sorted(marks["deactivated"]):
        cx, cy = _centre(bx, by, sq)
        paste_centred(cv, turn_sprite(34), cx + corner, cy - corner)
    if marks["sacrificed"]:
        cx, cy = _centre(bx, by, marks["sacrificed"])
        sacrifice_badge(cv, cx + corner - 6, cy - corner)
    if marks["locked"]:
        cx, cy = _centre(bx, by, marks["locked"])
        paste_centred(cv, lock_sprite(34), cx - corner, cy - corner)
    return by + 6 * Q + 56


def render_board(view: View, names: list[str], lang: str = SOURCE, *, log: list[TextRecord] | None = None) -> bytes:
    """The Tixel turn post in ``lang``: header, board with pieces and last-move marks, both pools, as PNG bytes."""
    shown = _names(names, lang)
    head = _header_height(view, shown, lang)
    marks = last_move_marks(view)
    legend = 46 if (marks["from"] or marks["locked"]) else 0
    height = head + 18 + 6 * Q + 56 + legend + key_height(view) + M
    cv = ExactCanvas(W, height, BG, log, palette=PALETTE)
    top = _header(cv, view, shown, lang)
    bottom = _board(cv, view, top)
    draw_key(cv, view, M, draw_legend(cv, view, M, bottom, lang), lang)
    y = top + 10
    for seat in (0, 1):
        y = draw_pool(cv, view, seat, shown[seat], COL_X, y, W - M, lang) + 20
    return to_png(cv.image)


def warm() -> None:
    """Draw, once per render worker, the texts every game's boards show sooner or later (turn numbers,
    pool counts, bonus-move and locked-piece lines, legend words), pinned in the palette."""
    cv = ExactCanvas(W, 80, BG, None, palette=PALETTE)
    with PALETTE.warming():
        for n in range(1, 201):
            cv.text(M, 0, f"Turn {n}", PX, MUTED, BG)
        for n in range(0, 31):
            cv.text(M, 0, f"×{n}", PX, TEXT, SURFACE, bold=True)
        for n in range(1, 13):
            cv.text(M, 0, f"Bonus move {n} in a row: place, slide, activate, pick up or pivot", PX, TEXT, BG,
                    max_width=W - 2 * M)
        for f in FILES:
            for r in RANKS:
                cv.text(M, 0, f"The piece on {f}{r} is locked: it can't be picked up now", PX, TEXT, BG,
                        max_width=W - 2 * M)
        for word in ("slide", "deactivated", "sacrificed", "locked"):
            cv.text(M, 0, word, PX, MUTED, BG)
        _warm_words(cv)
        sacrifice_badge(cv, W / 2, 40)
        _warm_pieces()
    for k in range(1, 6):  # every slide arrow's sprite: a slide of k squares, stopping short of its slider
        for stop in (0.64, 0.5):
            for turn in (None, Image.Transpose.ROTATE_180, Image.Transpose.ROTATE_90, Image.Transpose.ROTATE_270):
                arrow_sprite(round(k * Q - Q * stop), 6, PATH, turn)


def _warm_words(cv: ExactCanvas) -> None:
    """The words a last-move line is put together from (see ``ExactCanvas._words_tile``): squares and
    slides with the punctuation that follows them, stances and hollows, as the line draws them."""
    squares = [f + r for f in FILES for r in RANKS]
    words = ["Last:", "placed", "a", "tixel", "Tix", "Poka", "Yoke", "on", "slid", "activated", "pivoted", "picked",
             "up", "active", "inactive", "active,", "inactive,", "sacrificed", "(hollow", "bonus", "move",
             "deactivating", "rounded", "corner", "move", "(hollow"]
    words += [f"{d}{end}" for d in ("N", "E", "S", "W", "NE", "SE", "SW", "NW") for end in (")", "),", "):", ",")]
    words += [f"{sq}{end}" for sq in squares for end in ("", ",", ":")]
    words += [f"{a}→{b}," for a in squares for b in squares if a != b and (a[0] == b[0] or a[1] == b[1])]
    for word in words:
        cv.text(M, 0, word, PX, MUTED, BG)


#: every piece look a board shows (kind, active, hollow, rounding): an active piece's hollow is diagonal
_LOOKS = ([("tixel", a, h, None) for a, hs in ((False, "NESW"), (True, ("NE", "SE", "SW", "NW"))) for h in hs]
          + [("tix", a, None, None) for a in (False, True)]
          + [("poka", a, h, r) for a, hs in ((False, "NESW"), (True, ("NE", "SE", "SW", "NW"))) for h in hs
             for r in ("cw", "ccw")])


def _warm_pieces() -> None:
    """Every board piece's sprite of both colours (a new look costs ~3 ms to draw), and an inactive piece's
    tile over each plain and lit square colour (it lies within its square, so over one colour)."""
    unders = [SQ_A, SQ_B, mix(SQ_A, LIT, 0.4), mix(SQ_B, LIT, 0.4)]
    for colour in ("white", "black"):
        view = {"colors": [colour, colour]}
        for kind, active, hollow, rounded in _LOOKS:
            piece = {"owner": 0, "kind": kind, "active": active, "hollow": hollow, "round": rounded}
            for under in unders if not active else unders[:1]:  # (an active one's tile depends on its neighbours)
                cv = ExactCanvas(2 * Q, 2 * Q, under, None, palette=PALETTE)
                draw_piece(cv, view, piece, Q, Q)
