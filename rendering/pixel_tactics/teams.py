"""The team modes' board (issue 12): 4 Units (Team Cross Duel) or 6 Units (King) on one 800 px image.

Team 1's Units form the top row and Team 2's the bottom row, as in the rulebook's charts (Team Cross Duel: seats
0, 2 over 1, 3; King: seats 5, 0, 1 over 4, 3, 2), each row drawn as seen from across the table (Vanguard rows
nearest the middle). A top band holds the mode, round, wave, first player, team points and goal, a restart
Ceasefire and the Trap "Waiting" line. Each Unit has a header in its team's colour (name, team, role, hand and
deck counts, Leaders lost) and a tag seen from the acting seat: Acting (gold frame), Ally, In reach, Long Action
(2), Out of reach, or Eliminated (greyed and crossed out). Hands and face-down cards are never drawn.
"""

from __future__ import annotations

from typing import Any

from rendering.pixel_tactics import team_words as tw
from rendering.pixel_tactics.slots import slot_marks
from rendering.pixel_tactics.style import (
    BUFF,
    CEASE_FILL,
    CORPSE_FACE,
    CORPSE_HATCH,
    CORPSE_TEXT,
    DEBUFF,
    NSA,
    PX,
    TRAP,
    Names,
    View,
    new_canvas,
    png_bytes,
    seat_name,
)
from rendering.pixel_tactics.team_cells import paste_reserve, paste_space
from rendering.pixel_tactics.team_legend import draw_legend, legend_height
from rendering.pixel_tactics.words import CEASEFIRE, match_words, round_words, turn_status
from rendering.theme import ACCENT, BG, INK, LINE, MUTED, RAISED, SURFACE, TEXT, Canvas, TextRecord
from rendering.tiles import fit as fit_text
from rendering.tiles import width_of as text_width
from rendering.tiles import wrap as wrap_text

W = 800
M = 12
LAB = 30  # the row letters' column at the left (V, F, R: the current wave in gold)
UG = 10  # between two Units of a row
PAD = 6  # inside a Unit's frame
CG = 4  # between two spaces
SPACE_H = 92
RES_H = 40
HEAD_H = 158
ROW_GAP = 24  # between the two rows of Units
LINE_H = 34
#: team index -> its colour (blue, orange; ink text on both). Colour is never alone: each header says "Team 1"/"Team 2" and
#: each team has its own row
TEAM_FILL = (CEASE_FILL, TRAP)
#: a Unit's tag -> (fill, text colour)
TAGS = {"Acting": (ACCENT, INK), "Ally": (RAISED, TEXT), "In reach": (BUFF, INK), "Long Action (2)": (DEBUFF, INK),
        "Out of reach": (NSA, INK), "Eliminated": (CORPSE_FACE, CORPSE_TEXT)}
ROW_ORDER = {0: ("X", "R", "F", "V"), 1: ("V", "F", "R", "X")}  # top row: reserve outermost; bottom row mirrored
WAVE_CODES = ("V", "F", "R")


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


def _band_lines(view: View, names: Names) -> list[tuple[str, str]]:
    """The band's banners: (kind, text) of a restart Ceasefire, round 1's Ceasefire and the Trap Waiting line."""
    lines = []
    restart = tw.ceasefire_words(view, names, seat_name)
    if restart and view.get("phase") in ("turn", "trap"):
        lines.append(("ceasefire", restart))
    elif view.get("ceasefire") and view.get("phase") in ("turn", "trap"):
        lines.append(("ceasefire", CEASEFIRE))
    waiting = view.get("waiting")
    if isinstance(waiting, str) and waiting.strip():
        lines.append(("waiting", waiting))
    return lines


def _wrapped(kind: str, text: str) -> list[str]:
    return wrap_text(text, PX, W - 2 * M - 40, bold=kind == "waiting", max_lines=2)


def band_height(view: View, names: Names) -> int:
    """Height of the top band (title, result, round, team points, goal, banners)."""
    h = 60 + 44 + (76 if view.get("phase") == "finished" else 0) + 54 + 54 + 40
    return h + sum(len(_wrapped(k, t)) * LINE_H + 22 for k, t in _band_lines(view, names))


def layout(view: View, names: Names = None) -> dict[str, Any]:
    """Where each Unit's frame sits: ``units`` seat -> (x0, y0, x1, y1), ``height`` of the image (for tests)."""
    uw, uh = _unit_w(view), unit_height()
    y = M + band_height(view, names)
    units = {}
    for r, seats in enumerate(tw.rows(view)):
        for c, seat in enumerate(seats):
            x = M + LAB + c * (uw + UG)
            units[seat] = (x, y, x + uw, y + uh)
        y += uh + (ROW_GAP if r == 0 else 0)
    return {"units": units, "rows_y": [units[s][1] for s in (tw.rows(view)[0][0], tw.rows(view)[1][0])],
            "legend": y + 12, "height": y + 12}


def _band(cv: Canvas, view: View, names: Names) -> None:
    """Title and status pill, mode and match, result, round and first player, team points, goal, banners."""
    y = M
    cv.text(M, y + 22, "Pixel Tactics", 36, TEXT, BG, bold=True)
    name, rest = turn_status(view, lambda s: seat_name(names, s))
    pill_max = W - 2 * M - text_width("Pixel Tactics", 36, True) - 30
    pill = fit_text(name, 28, pill_max - 32 - text_width(rest, 28, True), True) + rest if name else rest
    pw = text_width(pill, 28, True) + 32
    cv.rect((W - M - pw, y, W - M, y + 44), ACCENT, radius=22)
    cv.text(W - M - pw / 2, y + 23, pill, 28, INK, ACCENT, bold=True, anchor="mm")
    y += 60
    cv.text(M, y + 15, f"{tw.TITLES[tw.kind(view)]} · {match_words(view)}", PX, MUTED, BG, max_width=W - 2 * M)
    y += 44
    if view.get("phase") == "finished":
        head, detail = result_words(view, names)
        cv.rect((M, y, W - M, y + 66), ACCENT, radius=14)
        cv.crown(M + 14, y + 15, 36, INK)
        cv.text(M + 62, y + 20, head, 28, INK, ACCENT, bold=True, max_width=W - 2 * M - 76)
        cv.text(M + 62, y + 49, detail, PX, INK, ACCENT, max_width=W - 2 * M - 76)
        y += 76
    text = round_words(view)
    first = tw.acting(view) is not None and view.get("first")
    if isinstance(first, int) and not isinstance(first, bool) and 0 <= first < tw.seat_count(view):
        text += f" · {seat_name(names, first)} first"
    if view.get("phase") == "leader":
        picking = [seat_name(names, s) for s in range(tw.seat_count(view)) if not tw.player(view, s).get("leader_chosen")]
        text = "Leaders are picked in secret" + (f"; still picking: {', '.join(picking)}" if picking else "")
    if text:
        w = min(W - 2 * M, text_width(text, PX, True) + 36)
        cv.rect((W / 2 - w / 2, y, W / 2 + w / 2, y + 40), SURFACE, radius=20)
        cv.text(W / 2, y + 21, text, PX, TEXT, SURFACE, bold=True, anchor="mm", max_width=w - 32)
    y += 54
    half = (W - 2 * M - 10) / 2
    for team in (0, 1):
        x = M + team * (half + 10)
        fill = TEAM_FILL[team]
        cv.rect((x, y, x + half, y + 40), fill, radius=12)
        cv.text(x + half / 2, y + 21, tw.points_words(view, team), PX, INK, fill, bold=True, anchor="mm",
                max_width=half - 24)
    y += 54
    cv.text(W / 2, y + 13, tw.goal_words(view), PX, MUTED, BG, anchor="mm", max_width=W - 2 * M)
    y += 40
    for kind, line in _band_lines(view, names):
        wrapped = _wrapped(kind, line)
        bh = len(wrapped) * LINE_H + 12
        fill = CEASE_FILL if kind == "ceasefire" else ACCENT
        cv.rect((M + 10, y, W - M - 10, y + bh), fill, radius=12)
        for k, part in enumerate(wrapped):
            cv.text(W / 2, y + 6 + LINE_H * k + LINE_H / 2, part, PX, INK, fill, bold=kind == "waiting", anchor="mm")
        y += bh + 10


def result_words(view: View, names: Names, name: Any = seat_name) -> tuple[str, str]:
    """(headline, detail) of a finished team game: ``Team 1 wins`` and its players (and the points in Team Cross
    Duel), or ``Draw``."""
    result = view.get("result") if isinstance(view.get("result"), dict) else {}
    n = tw.seat_count(view)
    winners = [s for s in result.get("winners") or [] if isinstance(s, int) and 0 <= s < n]
    score = f"points {tw.points(view, 0)}–{tw.points(view, 1)}" if tw.kind(view) == "team" else ""
    if not winners or len(winners) == n:
        return "Draw", score
    team = tw.team_of(view, winners[0])
    who = ", ".join(name(names, s) for s in tw.members(view, team))
    return f"Team {team + 1} wins", who + (f" · {score}" if score else "")


def _header(cv: Canvas, view: View, names: Names, seat: int, box: tuple[int, int, int, int]) -> None:
    """A Unit's header: name and team/role on the team colour, counts, Leaders lost, the tag (drawn once per look)."""
    fill = NSA if tw.eliminated(view, seat) else TEAM_FILL[tw.team_of(view, seat)]
    tag = tw.standing(view, seat)
    left = view.get("actions_left")
    label = tag + (f": {left} action{'' if left == 1 else 's'}" if tag == "Acting" and isinstance(left, int)
                   and view.get("phase") == "turn" else "")
    look = (seat_name(names, seat), fill, tw.team_label(view, seat), tw.hand_words(tw.player(view, seat)),
            tw.defeats(view, seat), tag, label)
    w, h = box[2] - box[0], box[3] - box[1]
    cv.cached(("team head", w, h, *look), box, lambda sub: _draw_header(sub, w, *look))


def _draw_header(cv: Canvas, w: int, name: str, fill: tuple, team: str, hand: str, lost: int, tag: str,
                 label: str) -> None:
    cv.rect((0, 0, w, 64), fill, radius=10)
    cv.text(10, 18, name, PX, INK, fill, bold=True, max_width=w - 20)
    cv.text(10, 47, team, PX, INK, fill, max_width=w - 20)
    hand_part, deck_part = hand.split(" · ")
    cv.text(4, 82, hand_part, PX, TEXT, SURFACE, max_width=w / 2)
    cv.text(w - 4, 82, deck_part, PX, TEXT, SURFACE, anchor="rm", max_width=w / 2 - 12)
    cv.text(4, 112, f"Leaders lost {lost}", PX, TEXT if lost else MUTED, SURFACE, max_width=w - 8)
    if tag:
        tfill, tfg = TAGS[tag]
        tw_ = min(w, text_width(label, PX, True) + 24)
        cv.rect((0, 126, tw_, 156), tfill, radius=15)
        cv.text(tw_ / 2, 142, label, PX, tfg, tfill, bold=True, anchor="mm", max_width=tw_ - 16)


def _unit(cv: Canvas, view: View, names: Names, seat: int, box: tuple[int, int, int, int], row: int) -> None:
    """A Unit's frame (gold when acting, else its team colour), header, reserve and 3×3 spaces."""
    x0, y0, x1, y1 = box
    out = tw.eliminated(view, seat)
    acting = tw.acting(view) == seat
    edge = ACCENT if acting else LINE if out else TEAM_FILL[tw.team_of(view, seat)]
    cv.rect(box, SURFACE, radius=14, outline=edge, width=6 if acting else 3)
    inner = (x0 + PAD + 2, x1 - PAD - 2)
    head_y = y0 + PAD + 2 if row == 0 else y1 - PAD - 2 - HEAD_H
    _header(cv, view, names, seat, (inner[0] + 2, head_y, inner[1] - 2, head_y + HEAD_H))  # inside the corners
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
                paste_reserve(cv, cell, reserve[col] if col < len(reserve) else None, f"X{col}")
                continue
            name = "L" if (code, col) == ("F", 1) else f"{code}{col}"
            slot = public_slot(unit.get(name))
            paste_space(cv, cell, slot, name, over)
    if out:  # greyed and crossed out
        spans = _row_spans(view, box, row)
        area = (x0 + PAD, spans[0][1], x1 - PAD, spans[-1][1] + spans[-1][2])
        cv.stripes(area, (CORPSE_FACE, CORPSE_HATCH), 16, radius=10)
        cx, cy = (area[0] + area[2]) / 2, (area[1] + area[3]) / 2
        cv.cross(cx - 40, cy - 100, 80, CORPSE_TEXT)
        cv.rect((area[0] + 12, cy - 20, area[2] - 12, cy + 20), CORPSE_FACE, radius=10, outline=INK, width=2)
        cv.text(cx, cy + 1, "Eliminated", PX, CORPSE_TEXT, CORPSE_FACE, bold=True, anchor="mm",
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


def render_team_board(view: View, names: Names = None, *, log: list[TextRecord] | None = None) -> bytes:
    """The public board of a team mode (4 or 6 Units) as PNG bytes."""
    lay = layout(view, names)
    shown = marks(view)
    cv = new_canvas(W, lay["height"] + legend_height(shown, W - 2 * M) + M, log)
    _band(cv, view, names)
    for r, seats in enumerate(tw.rows(view)):
        _row_letters(cv, view, lay["units"][seats[0]], r)
        for seat in seats:
            _unit(cv, view, names, seat, lay["units"][seat], r)
    draw_legend(cv, M, lay["legend"], W - M, shown)
    return png_bytes(cv)
