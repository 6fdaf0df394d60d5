"""The team modes' board (issue 12): 4 Units (Team Cross Duel) or 6 Units (King) on one 800 px image.

Team 1's Units form the top row and Team 2's the bottom row, as in the rulebook's charts (Team Cross Duel: seats
0, 2 over 1, 3; King: seats 5, 0, 1 over 4, 3, 2), each row drawn as seen from across the table (Vanguard rows
nearest the middle). A top band (:mod:`.team_band`) holds the mode, round, wave, first player, team points and goal, a restart
Ceasefire and the Trap "Waiting" line. Each Unit has a header in its team's colour (name, team, role, hand and
deck counts, Leaders lost) and a tag seen from the acting seat: Acting (gold frame), Ally, In reach, Long Action
(2), Out of reach, or Eliminated (greyed and crossed out). Hands and face-down cards are never drawn.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import SOURCE, t, tn
from rendering.pixel_tactics import team_words as tw
from rendering.pixel_tactics.slots import slot_marks
from rendering.pixel_tactics.style import (
    BUFF,
    CORPSE_FACE,
    CORPSE_HATCH,
    CORPSE_TEXT,
    DEBUFF,
    NSA,
    PX,
    Names,
    View,
    new_canvas,
    png_bytes,
    seat_name,
)
from rendering.pixel_tactics.team_band import TEAM_FILL, M, W, band_height, draw_band
from rendering.pixel_tactics.team_cells import paste_reserve, paste_space
from rendering.pixel_tactics.team_legend import draw_legend, legend_height
from rendering.theme import ACCENT, BG, INK, LINE, MUTED, RAISED, SURFACE, TEXT, Canvas, TextRecord
from rendering.tiles import fit_name
from rendering.tiles import width_of as text_width

LAB = 30  # the row letters' column at the left (V, F, R: the current wave in gold)
UG = 10  # between two Units of a row
PAD = 6  # inside a Unit's frame
CG = 4  # between two spaces
SPACE_H = 92
RES_H = 40
HEAD_H = 188  # name and team, hand and deck (two lines when a language's words need them), Leaders lost, tag
ROW_GAP = 24  # between the two rows of Units
#: a Unit's tag -> (fill, text colour)
TAGS = {"Acting": (ACCENT, INK), "Ally": (RAISED, TEXT), "In reach": (BUFF, INK), "Long Action (2)": (DEBUFF, INK),
        "Out of reach": (NSA, INK), "Eliminated": (CORPSE_FACE, CORPSE_TEXT)}
ROW_ORDER = {0: ("X", "R", "F", "V"), 1: ("V", "F", "R", "X")}  # top row: reserve outermost; bottom row mirrored


def is_team_view(view: View) -> bool:
    """Return whether ``view`` is a team mode's (it holds ``teams``)."""
    return tw.teams_of(view) is not None


def _unit_w(view: View) -> int:
    cols = len(tw.rows(view)[0])
    return (W - 2 * M - LAB - (cols - 1) * UG) // cols


def _space_w(view: View) -> int:
    return (_unit_w(view) - 2 * (PAD + 2) - 2 * CG) // 3


def unit_height() -> int:
    """Height of one Unit's frame: header, reserve and three rows of spaces."""
    return HEAD_H + 2 * (PAD + 2) + RES_H + 3 * (SPACE_H + CG)


def layout(view: View, names: Names = None, lang: str = SOURCE) -> dict[str, Any]:
    """Where each Unit's frame sits: ``units`` seat -> (x0, y0, x1, y1), ``height`` of the image (for tests)."""
    uw, uh = _unit_w(view), unit_height()
    y = M + band_height(view, names, lang)
    units = {}
    for r, seats in enumerate(tw.rows(view)):
        for c, seat in enumerate(seats):
            x = M + LAB + c * (uw + UG)
            units[seat] = (x, y, x + uw, y + uh)
        y += uh + (ROW_GAP if r == 0 else 0)
    return {"units": units, "rows_y": [units[s][1] for s in (tw.rows(view)[0][0], tw.rows(view)[1][0])],
            "legend": y + 12, "height": y + 12}


def _header(cv: Canvas, view: View, names: Names, seat: int, box: tuple[int, int, int, int], lang: str) -> None:
    """A Unit's header: name and team/role on the team colour, counts, Leaders lost, the tag (drawn once per look)."""
    fill = NSA if tw.eliminated(view, seat) else TEAM_FILL[tw.team_of(view, seat)]
    tag = tw.standing(view, seat)
    left = view.get("actions_left")
    label = tw.tag_words(tag, lang)
    if tag == "Acting" and isinstance(left, int) and view.get("phase") == "turn":
        label = tn(lang, "Acting: {n} action", "Acting: {n} actions", left, n=left)
    look = (seat_name(names, seat), fill, tw.team_label(view, seat, lang), tw.hand_words(tw.player(view, seat), lang),
            t(lang, "Leaders lost {n}", n=tw.defeats(view, seat)), tw.defeats(view, seat), tag, label)
    w, h = box[2] - box[0], box[3] - box[1]
    cv.cached(("team head", w, h, *look), box, lambda sub: _draw_header(sub, w, *look))


def _draw_header(cv: Canvas, w: int, name: str, fill: tuple, team: str, hand: tuple[str, str], lost_words: str,
                 lost: int, tag: str, label: str) -> None:
    cv.rect((0, 0, w, 64), fill, radius=10)
    cv.text(10, 18, fit_name(name, PX, w - 20, True)[0], PX, INK, fill, bold=True)  # a computer's level stays
    cv.text(10, 47, team, PX, INK, fill, max_width=w - 20)
    hand_part, deck_part = hand
    y = 82
    cv.text(2, y, hand_part, PX, TEXT, SURFACE, max_width=w - 2)
    if text_width(hand_part, PX) + text_width(deck_part, PX) + 16 <= w - 4:  # side by side
        cv.text(w - 2, y, deck_part, PX, TEXT, SURFACE, anchor="rm")
    else:  # a language's longer words: the deck below the hand
        y += 30
        cv.text(2, y, deck_part, PX, TEXT, SURFACE, max_width=w - 2)
    cv.text(0, y + 30, lost_words, PX, TEXT if lost else MUTED, SURFACE, max_width=w)
    if tag:
        tfill, tfg = TAGS[tag]
        tw_ = min(w, text_width(label, PX, True) + 24)
        cv.rect((0, 156, tw_, 186), tfill, radius=15)
        cv.text(tw_ / 2, 172, label, PX, tfg, tfill, bold=True, anchor="mm", max_width=tw_ - 16)


def _unit(cv: Canvas, view: View, names: Names, seat: int, box: tuple[int, int, int, int], row: int,
          lang: str = SOURCE) -> None:
    """A Unit's frame (gold when acting, else its team colour), header, reserve and 3×3 spaces."""
    x0, y0, x1, y1 = box
    out = tw.eliminated(view, seat)
    acting = tw.acting(view) == seat
    edge = ACCENT if acting else LINE if out else TEAM_FILL[tw.team_of(view, seat)]
    cv.rect(box, SURFACE, radius=14, outline=edge, width=6 if acting else 3)
    head_y = y0 + PAD + 2 if row == 0 else y1 - PAD - 2 - HEAD_H
    _header(cv, view, names, seat, (x0 + PAD + 4, head_y, x1 - PAD - 4, head_y + HEAD_H), lang)  # inside the corners
    p = tw.player(view, seat)
    unit = p.get("unit") if isinstance(p.get("unit"), dict) else {}
    reserve = p.get("reserve") if isinstance(p.get("reserve"), list) else []
    over = view.get("phase") == "finished"
    sw = _space_w(view)
    for code, y, h in [] if out else _row_spans(view, box, row):  # an eliminated seat's cards left play
        for col in range(3):
            pos = 2 - col if row == 0 else col  # the top row is seen from across the table
            sx = x0 + PAD + 2 + pos * (sw + CG)
            cell = (sx, y, sx + sw, y + h)
            if code == "X":
                paste_reserve(cv, cell, reserve[col] if col < len(reserve) else None, f"X{col}", lang)
                continue
            name = "L" if (code, col) == ("F", 1) else f"{code}{col}"
            slot = public_slot(unit.get(name))
            paste_space(cv, cell, slot, name, over, lang)
    if out:  # greyed and crossed out
        spans = _row_spans(view, box, row)
        area = (x0 + PAD, spans[0][1], x1 - PAD, spans[-1][1] + spans[-1][2])
        cv.stripes(area, (CORPSE_FACE, CORPSE_HATCH), 16, radius=10)
        cx, cy = (area[0] + area[2]) / 2, (area[1] + area[3]) / 2
        cv.cross(cx - 40, cy - 100, 80, CORPSE_TEXT)
        cv.rect((area[0] + 12, cy - 20, area[2] - 12, cy + 20), CORPSE_FACE, radius=10, outline=INK, width=2)
        cv.text(cx, cy + 1, tw.tag_words("Eliminated", lang), PX, CORPSE_TEXT, CORPSE_FACE, bold=True, anchor="mm",
                max_width=area[2] - area[0] - 40)


def public_slot(slot: Any) -> Any:
    """A Unit space as everyone sees it: a secret Leader pick (shown to its owner, ``hidden``) face down."""
    return {"kind": "leader", "card": None} if isinstance(slot, dict) and slot.get("hidden") else slot


def _row_spans(view: View, box: tuple[int, int, int, int], row: int) -> list[tuple[str, int, int]]:
    """(row code, y, height) of a Unit's reserve (X) and rows of spaces, top to bottom on the image."""
    x0, y0, x1, y1 = box
    y = y0 + PAD + 2 + (HEAD_H if row == 0 else 0)
    out = []
    for code in ROW_ORDER[row]:
        h = RES_H if code == "X" else SPACE_H
        out.append((code, y, h))
        y += h + CG
    return out


def _row_letters(cv: Canvas, view: View, box: tuple[int, int, int, int], row: int) -> None:
    """The row letters at the left of a row of Units; the current wave's in a gold pill."""
    wave = str(view.get("wave") or "") if view.get("phase") in ("turn", "trap") else ""
    for code, y, h in _row_spans(view, box, row):
        if code == "X":
            continue
        if code == wave:
            cv.rect((M, y, M + LAB - 4, y + h), ACCENT, radius=12)
            cv.text(M + (LAB - 4) / 2, y + h / 2 + 1, code, PX, INK, ACCENT, bold=True, anchor="mm")
        else:
            cv.text(M + (LAB - 4) / 2, y + h / 2 + 1, code, PX, MUTED, BG, bold=True, anchor="mm")


def marks(view: View) -> dict[str, bool]:
    """Which marks the Units show (for the legend)."""
    out: dict[str, bool] = {}
    for seat in range(tw.seat_count(view)):
        unit = tw.player(view, seat).get("unit")
        for slot in map(public_slot, (unit if isinstance(unit, dict) else {}).values()):
            for k, v in slot_marks(slot).items():
                out[k] = out.get(k, False) or bool(v) and (k == "damage" or view.get("phase") != "finished")
            if isinstance(slot, dict):
                out["corpse"] = out.get("corpse", False) or slot.get("kind") == "corpse"
                out["hidden"] = out.get("hidden", False) or (slot.get("kind") != "corpse" and
                                                             not isinstance(slot.get("card"), dict))
    return out


def render_team_board(view: View, names: Names = None, lang: str = SOURCE, *,
                      log: list[TextRecord] | None = None) -> bytes:
    """The public board of a team mode (4 or 6 Units) as PNG bytes, in ``lang``."""
    lay = layout(view, names, lang)
    shown = marks(view)
    cv = new_canvas(W, lay["height"] + legend_height(shown, W - 2 * M, lang) + M, log)
    draw_band(cv, view, names, lang)
    for r, seats in enumerate(tw.rows(view)):
        _row_letters(cv, view, lay["units"][seats[0]], r)
        for seat in seats:
            _unit(cv, view, names, seat, lay["units"][seat], r, lang)
    draw_legend(cv, M, lay["legend"], W - M, shown, lang)
    return png_bytes(cv)
