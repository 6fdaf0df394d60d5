"""A team board (Team Cross Duel, King) split into parts when its whole-state alt text does not fit one image's
description (issue 16: "split an image in two rather than shrink it"). Each part is a proper image with a heading
(``Part 1 of 2: Team 1``) and its own alt text; the parts' alt texts together tell the whole public state.

Layouts, tried in order: one image (the alt text fits); two (the band and Team 1, then Team 2 and the key);
three (the band and the key, then Team 1, then Team 2). A part whose own alt text still does not fit is
shortened with the ``/game describe`` pointer (not seen in seeded games)."""

from __future__ import annotations

from bot.i18n import N_, SOURCE, t
from rendering.describe_text import fit
from rendering.pixel_tactics import team_words as tw
from rendering.pixel_tactics.style import PX, Names, View, new_canvas, png_bytes
from rendering.pixel_tactics.team_alt import ALT_MAX, _intro, _unit_line, alt_team_board
from rendering.pixel_tactics.team_band import TEAM_FILL, M, W, band_height, draw_band
from rendering.pixel_tactics.team_legend import draw_legend, legend_height
from rendering.pixel_tactics.teams import LAB, ROW_GAP, UG, _row_letters, _unit, _unit_w, marks, unit_height
from rendering.theme import INK, RAISED, TEXT, TextRecord

#: (band drawn, rows of Units drawn, key drawn) of each part, per layout
LAYOUTS: tuple[tuple[tuple[bool, tuple[int, ...], bool], ...], ...] = (
    ((True, (0, 1), True),),
    ((True, (0,), False), (False, (1,), True)),
    ((True, (), True), (False, (0,), False), (False, (1,), False)),
)
PART_HEADING = N_("Part {number} of {count}: {what}")
OVERVIEW = N_("Overview and key")
HEAD_H = 52  # a part's heading pill


def _what(view: View, rows: tuple[int, ...], lang: str) -> str:
    """What a part shows: ``Team 2`` (its row of Units), else the overview."""
    if not rows:
        return t(lang, OVERVIEW)
    return ", ".join(t(lang, "Team {n}", n=tw.team_of(view, tw.rows(view)[r][0]) + 1) for r in rows)


def _part_alt(view: View, names: Names, spec: tuple, k: int, n: int, level: int, lang: str) -> str:
    band, rows, _ = spec
    said = [t(lang, "Part {number} of {count}:", number=k + 1, count=n)] if n > 1 else []
    said += _intro(view, names, lang) if band else []
    said += [_unit_line(view, names, s, level, lang) for r in rows for s in tw.rows(view)[r]]
    return " ".join(said)


def part_specs(view: View, names: Names = None, lang: str = SOURCE) -> tuple[tuple[bool, tuple[int, ...], bool], ...]:
    """The fewest parts whose most detailed alt texts each fit one description (the last layout when none does)."""
    for specs in LAYOUTS:
        if all(len(_part_alt(view, names, s, k, len(specs), 0, lang)) <= ALT_MAX for k, s in enumerate(specs)):
            return specs
    return LAYOUTS[-1]


def part_alts(view: View, names: Names = None, lang: str = SOURCE) -> list[str]:
    """Each part's alt text (≤ 1,000 characters), in ``lang``: one whole-state text, or the parts' own facts."""
    specs = part_specs(view, names, lang)
    if len(specs) == 1:
        return [alt_team_board(view, names, lang)]
    return [fit((_part_alt(view, names, s, k, len(specs), level, lang) for level in range(5)), ALT_MAX, lang)
            for k, s in enumerate(specs)]


def part_layout(view: View, names: Names, lang: str, spec: tuple) -> dict:
    """Where a part's things sit: ``heading`` box, ``units`` seat -> box, ``legend`` y, ``height`` (for tests too)."""
    band, rows, legend = spec
    uw, uh = _unit_w(view), unit_height()
    top = M + (band_height(view, names, lang) if band else 0)
    y = top + HEAD_H + 12
    units = {}
    for r in rows:
        for c, seat in enumerate(tw.rows(view)[r]):
            units[seat] = (M + LAB + c * (uw + UG), y, M + LAB + c * (uw + UG) + uw, y + uh)
        y += uh + ROW_GAP
    height = y + (legend_height(marks(view), W - 2 * M, lang) + 12 if legend else 0) + M
    return {"heading": (M, top, W - M, top + HEAD_H), "units": units, "legend": y, "height": height}


def render_team_part(view: View, names: Names, lang: str, spec: tuple, k: int, n: int, *,
                     log: list[TextRecord] | None = None) -> bytes:
    """Part ``k`` of ``n`` of a team board (``spec``: band, rows of Units, key) as PNG bytes, in ``lang``."""
    band, rows, legend = spec
    lay = part_layout(view, names, lang, spec)
    cv = new_canvas(W, lay["height"], log)
    if band:
        draw_band(cv, view, names, lang)
    team = tw.team_of(view, tw.rows(view)[rows[0]][0]) if rows else None
    fill = RAISED if team is None else TEAM_FILL[team]
    x0, y0, x1, y1 = lay["heading"]
    cv.rect(lay["heading"], fill, radius=HEAD_H // 2)
    cv.text(W / 2, (y0 + y1) / 2 + 1, t(lang, PART_HEADING, number=k + 1, count=n, what=_what(view, rows, lang)),
            PX, TEXT if team is None else INK, fill, bold=True, anchor="mm", max_width=x1 - x0 - 32)
    for r in rows:
        seats = tw.rows(view)[r]
        _row_letters(cv, view, lay["units"][seats[0]], r)
        for seat in seats:
            _unit(cv, view, names, seat, lay["units"][seat], r, lang)
    if legend:
        draw_legend(cv, M, lay["legend"], W - M, marks(view), lang)
    return png_bytes(cv)


def team_board_parts(view: View, names: Names = None, lang: str = SOURCE) -> list[tuple[bytes, str]]:
    """The team board as (PNG, alt text) parts: one image when its whole-state alt text fits, else 2 or 3."""
    from rendering.pixel_tactics.teams import render_team_board

    specs = part_specs(view, names, lang)
    alts = part_alts(view, names, lang)
    if len(specs) == 1:
        return [(render_team_board(view, names, lang), alts[0])]
    return [(render_team_part(view, names, lang, s, k, len(specs)), alts[k]) for k, s in enumerate(specs)]


def board_parts(view: View, names: Names = None, lang: str = SOURCE) -> list[tuple[bytes, str]]:
    """The public board as (PNG, alt text) parts, in ``lang``: a team board split when its state does not fit one
    alt text (:func:`team_board_parts`), any other board as one image (``render_board``, ``alt_board``)."""
    from rendering.pixel_tactics.alt import alt_board
    from rendering.pixel_tactics.board import render_board

    if tw.teams_of(view) is not None:
        return team_board_parts(view, names, lang)
    return [(render_board(view, names, lang), alt_board(view, names, lang))]
