"""Tixel board image: the 6×6 board with the physical pieces, both pools, the turn state and the last move.

Pure function from the Tixel view (docs/dev/tixel_view.md) to PNG bytes; ``log`` receives a
:class:`rendering.theme.TextRecord` for every text drawn. ``board_alt`` is the matching alt text.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from PIL import Image

from rendering.describe_text import fit as fit_alt
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
from rendering.tiles import width_of as text_width
from rendering.tixel_key import draw_key, key_height
from rendering.tixel_pieces import (
    FILES,
    PALETTE,
    PATH,
    PX,
    RANKS,
    SIDE,
    Q,
    View,
    arrow_sprite,
    colour_of,
    dot_sprite,
    draw_legend,
    draw_piece,
    draw_pool,
    last_move_marks,
    lock_sprite,
    paste_centred,
    ring_sprite,
    sacrifice_badge,
    seat_of,
    square_of,
    turn_sprite,
)

__all__ = ["render_board", "board_alt", "board_geometry", "square_centre"]


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
def _names(names: list[str]) -> list[str]:
    return [clean_text(names[s] if s < len(names) and names[s] else "", f"Player {s + 1}") for s in range(2)]


def _alt_name(names: list[str], seat: Any, limit: int = 32) -> str:
    if not isinstance(seat, int) or not 0 <= seat <= 1:
        return "?"
    raw = names[seat] if seat < len(names) and names[seat] else ""
    text = " ".join("".join(ch for ch in str(raw) if unicodedata.category(ch)[0] != "C").split())
    text = text or f"Player {seat + 1}"
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _status(view: View, shown: list[str]) -> tuple[str, str, list[str]]:
    """(name, rest of the status pill, detail lines) for the current state."""
    seat = seat_of(view.get("to_act"))
    if view.get("status") == "finished":
        return "", "Game over", []
    if seat is None:
        return "", "Waiting", []
    phase = view.get("phase")
    name, lines, short = shown[seat], [], fit_text(shown[seat], PX, 300)
    bonus = view.get("bonus") or {}
    if phase == "draw":
        offerer = seat_of(view.get("draw_offer"))
        who = shown[offerer] if offerer is not None else shown[1 - seat]
        return name, " must answer a draw offer", [f"{fit_text(who, PX, 300)} offered a draw: accept or decline"]
    if phase == "bonus":
        chain = bonus.get("chain") or 1
        lines.append(f"Bonus move {chain} in a row: place, slide, activate, pick up or pivot")
        if square_of(bonus.get("locked")):
            lines.append(f"The piece on {bonus['locked']} is locked: it can't be picked up now")
        rest = ": bonus move"
    else:
        rest = " to move"
    can = view.get("can_place") or []
    if seat < len(can) and can[seat] is False:
        lines.append(f"{short} may not place this turn (no slidable active piece)")
    return name, rest, lines


def _last_line(view: View, shown: list[str]) -> str | None:
    last = view.get("last_move") or {}
    text = last.get("text")
    if not text:
        return None
    seat = seat_of(last.get("seat"))
    return f"Last: {fit_text(shown[seat], PX, 300)} {text}" if seat is not None else f"Last: {text}"


def _result_words(view: View, who: list[str]) -> tuple[str, str]:
    """(``Ana wins`` | ``Draw``, why) for a finished game; ``who`` names the seats."""
    result = view.get("result") or {}
    winners = [s for s in result.get("winners") or [] if seat_of(s) is not None]
    reason = str(result.get("reason") or "").replace("_", " ").strip()
    if len(winners) != 1:
        return ("Draw agreed", "") if reason.lower() in ("draw agreed", "agreed") else ("Draw", reason)
    loser = who[1 - winners[0]]
    why = {"no legal move": f"{loser} has no legal move", "resignation": f"{loser} resigned"}.get(reason.lower())
    return f"{who[winners[0]]} wins", why or reason


def _result_line(view: View, shown: list[str]) -> str:
    head, why = _result_words(view, [fit_text(n, PX, 280, True) for n in shown])
    return f"{head} · {why}" if why else head


def _header_height(view: View, shown: list[str]) -> int:
    _, _, lines = _status(view, shown)
    h = M + HEAD_ROW + LINE_H * len(lines) + (LINE_H if _last_line(view, shown) else 0)
    if view.get("status") == "finished":
        h += 62
    return h + 8


def board_geometry(view: View, names: list[str]) -> tuple[int, int, int]:
    """(x, y, square size) of the board's top-left corner in the image (for tests and overlays)."""
    return BX, _header_height(view, _names(names)) + 18, Q


def square_centre(view: View, names: list[str], sq: str) -> tuple[float, float]:
    """Pixel centre of square ``sq`` in the image."""
    x, y, q = board_geometry(view, names)
    f, r = square_of(sq) or (0, 0)
    return x + f * q + q / 2, y + (5 - r) * q + q / 2


# ---------------------------------------------------------------- drawing
def _pill(cv: ExactCanvas, right: float, y: float, name: str, rest: str, max_w: float) -> None:
    pill = fit_text(name, PX, max_w - 32 - text_width(rest, PX, True), True) + rest if name else rest
    pw = text_width(pill, PX, True) + 32
    cv.rect((right - pw, y, right, y + 46), ACCENT, radius=23)
    cv.text(right - pw / 2, y + 24, pill, PX, INK, ACCENT, bold=True, anchor="mm")


def _header(cv: ExactCanvas, view: View, shown: list[str]) -> int:
    y = M
    tw = cv.text(M, y + 23, "Tixel", TITLE_PX, TEXT, BG, bold=True)
    turn = view.get("turn")
    tw += cv.text(M + tw + 16, y + 26, f"Turn {turn}" if isinstance(turn, int) else "", PX, MUTED, BG) + 16
    name, rest, lines = _status(view, shown)
    _pill(cv, W - M, y, name, rest, W - 2 * M - tw - 30)
    y += HEAD_ROW
    if view.get("status") == "finished":
        cv.rect((M, y, W - M, y + 52), ACCENT, radius=14)
        cv.crown(M + 14, y + 9, 34, INK)
        cv.text(M + 60, y + 27, _result_line(view, shown), PX, INK, ACCENT, bold=True, max_width=W - 2 * M - 76)
        y += 62
    for line in lines:
        cv.text(M, y + LINE_H / 2, line, PX, TEXT, BG, max_width=W - 2 * M)
        y += LINE_H
    last = _last_line(view, shown)
    if last:
        cv.text(M, y + LINE_H / 2, last, PX, MUTED, BG, max_width=W - 2 * M)
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


def render_board(view: View, names: list[str], *, log: list[TextRecord] | None = None) -> bytes:
    """The Tixel turn post: header, board with pieces and last-move marks, both pools, as PNG bytes."""
    shown = _names(names)
    head = _header_height(view, shown)
    marks = last_move_marks(view)
    legend = 46 if (marks["from"] or marks["locked"]) else 0
    height = head + 18 + 6 * Q + 56 + legend + key_height(view) + M
    cv = ExactCanvas(W, height, BG, log, palette=PALETTE)
    top = _header(cv, view, shown)
    bottom = _board(cv, view, top)
    draw_key(cv, view, M, draw_legend(cv, view, M, bottom))
    y = top + 10
    for seat in (0, 1):
        y = draw_pool(cv, view, seat, shown[seat], COL_X, y, W - M) + 20
    return to_png(cv.image)


# ---------------------------------------------------------------- alt text


def piece_words(piece: dict, level: int) -> str:
    """A piece in words: ``active tixel hollow NE`` (level 0), ``Poka Yoke NE rounded cw`` (1: tixel implied), ``Poka NE cw`` (2)."""
    kind = {"tix": "Tix", "poka": "Poka Yoke" if level < 2 else "Poka"}.get(piece.get("kind") or "", "tixel")
    hollow = piece.get("hollow") if isinstance(piece.get("hollow"), str) else None
    rounded = piece.get("round") if piece.get("kind") == "poka" and piece.get("round") in ("cw", "ccw") else None
    if level:
        return " ".join(w for w in ("" if kind == "tixel" else kind, hollow or "",
                                    rounded and (f"rounded {rounded}" if level < 2 else rounded)) if w)
    words = f"{'active' if piece.get('active') else 'inactive'} {kind}" + (f" hollow {hollow}" if hollow else "")
    return words + (f" rounded {rounded}" if rounded else "")


def _board_words(view: View, seat: int, level: int) -> str:
    """``White on the board: a1 active tixel hollow NE, …`` or, short, grouped by state."""
    board = view.get("board") or {}
    mine = [(sq, p) for sq, p in sorted(board.items())
            if isinstance(p, dict) and p.get("owner") == seat and square_of(sq)]
    head = f"{colour_of(view, seat).capitalize()} on the board"
    if not mine:
        return f"{head}: none."
    if not level:
        return f"{head}: {', '.join(f'{sq} {piece_words(p, 0)}' for sq, p in mine)}."
    groups = []
    for state, active in (("active", True), ("inactive", False)):
        items = [f"{sq} {piece_words(p, level)}".strip() for sq, p in mine if bool(p.get("active")) == active]
        if items:
            groups.append(f"{state} {', '.join(items)}")
    return f"{head} (tixel unless named): {'; '.join(groups)}."


def board_lines(view: View, names: list[str], level: int = 0, limit: int = 32) -> list[str]:
    """The board's sentences: turn, who acts and how, each pool, each colour's pieces, the last move (every
    piece's state at ``level`` 0, less at 1 and 2; names cut to ``limit``)."""
    seat = seat_of(view.get("to_act"))
    turn = view.get("turn")
    head = f"Tixel, turn {turn}." if isinstance(turn, int) else "Tixel."
    if view.get("status") == "finished":
        head, why = _result_words(view, [_alt_name(names, 0), _alt_name(names, 1)])
        who = f"Game over: {head}" + (f" ({why})." if why else ".")
    elif seat is None:
        who = "Waiting."
    else:
        phase = view.get("phase")
        name = _alt_name(names, seat)
        bonus = view.get("bonus") or {}
        if phase == "draw":
            who = f"{name} must answer a draw offer."
        elif phase == "bonus":
            who = f"{name}: bonus move ({bonus.get('chain') or 1} in a row)."
            if square_of(bonus.get("locked")):
                who += f" The piece on {bonus['locked']} is locked (not pickable)."
        else:
            who = f"{name} to move."
        can = view.get("can_place") or []
        if phase != "draw" and seat < len(can) and can[seat] is False:
            who += f" {name} may not place this turn."
    last = view.get("last_move") or {}
    marks = last_move_marks(view)

    def body(level: int, limit: int) -> list[str]:
        out = []
        pools = view.get("pools") or []
        promos = view.get("promotions") or [0, 0]
        for s in (0, 1):
            pool = pools[s] if s < len(pools) and isinstance(pools[s], dict) else {}
            used = promos[s] if s < len(promos) else 0
            poka = "Poka Yoke" if level < 2 else "Poka"
            counts = f"{pool.get('tixel', 0)} tixel, {pool.get('tix', 0)} Tix, {pool.get('poka', 0)} {poka}"
            promo = ((f", {used} of 2 promotions used" if level < 2 else f", {used}/2 promoted")
                     if (view.get("options") or {}).get("poka_yoke") else "")
            out.append(f"{_alt_name(names, s, limit)} ({colour_of(view, s)}) pool: {counts}{promo}.")
        for s in (0, 1):
            out.append(_board_words(view, s, level))
        if last.get("text"):
            line = f"Last: {_alt_name(names, last.get('seat'), limit)} {last['text']}"
            if marks["path"] or marks["to"]:
                line += f"; path {' '.join(marks['path'] + [marks['to']])}"
            if marks["deactivated"]:
                line += f"; deactivated {', '.join(sorted(marks['deactivated']))}"
            if marks["sacrificed"]:
                line += "; the slider was sacrificed"
            out.append(line + ".")
        return out

    return [p for p in [head, who, *body(level, limit)] if p]


def board_alt(view: View, names: list[str]) -> str:
    """Plain-text summary of the board image (≤ 1024 characters; shortened ones point at /game describe)."""
    return fit_alt(" ".join(board_lines(view, names, level, limit))
               for level, limit in ((0, 32), (1, 32), (2, 24), (2, 12)))


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
