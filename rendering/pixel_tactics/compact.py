"""Compact Pixel Tactics cards for pages of cards (``/pt cards``, decks, draft packs): name, portrait, set,
kind, Leader and Hero stats, each drawn once per card and then pasted whole.

A compact card is :data:`CW` × :data:`CH` px (three fit across an 800 px image, text at 24 px); a compact
Leader side (:func:`leader_tile`) is :data:`LW` × :data:`LH` (four across).
"""

from __future__ import annotations

import json
from typing import Any

from bot.i18n import SOURCE, t
from rendering.pixel_tactics.art import card_portrait
from rendering.pixel_tactics.cards import TACTIC_KINDS, _pill, _stats
from rendering.pixel_tactics.kinds import (
    base_band,
    base_colour_word,
    card_kind,
    kind_tag,
    points_words,
    set_title,
)
from rendering.pixel_tactics.style import PX, Card, card_name, side, tactic_kind
from rendering.theme import ACCENT, BG, INK, MUTED, RAISED, SURFACE, TEXT, Canvas
from rendering.tiles import clean as clean_text
from rendering.tiles import fit as fit_text
from rendering.tiles import width_of as text_width
from rendering.tiles import wrap as wrap_text

CW, CH = 252, 268  # a compact card
LW, LH = 183, 204  # a compact Leader side
PAD = 10
ART_SCALE = 6
ROW_B = 104  # the portrait and the tags beside it
FRAME_W, FRAME_H = 8 * ART_SCALE + 12, 10 * ART_SCALE + 12
LINE = 31


def _frame(cv: Canvas, x: float, y: float, card: Card) -> None:
    """The portrait in its frame, top-left at (x, y)."""
    cv.rect((x, y, x + FRAME_W, y + FRAME_H), RAISED, radius=10)
    cv.sprite(card_portrait(card, ART_SCALE), x + 6, y + 6)


def _stat_row(cv: Canvas, x: float, y: float, label: str, part: dict | None, x1: float) -> None:
    """``Leader ⚔3 🛡19`` (stat pills right-aligned), or the label and a muted note when ``part`` is None."""
    cv.text(x, y + 15, label, PX, MUTED, SURFACE)
    if part is None:
        return
    sw = _stats(None, 0, 0, part, h=30)
    _stats(cv, x1 - sw, y, part, h=30)


def _title_lines(title: str, width: float) -> list[str]:
    """A set's title in at most two lines ``width`` wide; a hyphenated word too wide breaks after its hyphen
    (``Chase-`` / ``Anführer``)."""
    if not title:
        return []
    if "-" in title and text_width(title, PX) > width:
        head, rest = title.split("-", 1)
        return [head + "-", fit_text(rest, PX, width)]
    return wrap_text(title, PX, width, max_lines=2)


def _draw_card(cv: Canvas, card: Card, lang: str = SOURCE) -> None:
    """Draw a compact card on a canvas of its size (its labels in ``lang``)."""
    kind = card_kind(card)
    if kind == "base":  # the colour band along the top edge
        cv.rect((0, 0, CW, CH), base_band(card)[0], radius=14)
    cv.rect((0, 6 if kind == "base" else 0, CW, CH), SURFACE, radius=14)
    names = wrap_text(card_name(card), PX, CW - 2 * PAD, bold=True, max_lines=2)
    for k, line in enumerate(names):
        cv.text(PAD, PAD + 16 + LINE * k, line, PX, TEXT, SURFACE, bold=True)
    y = PAD + LINE * 2 + 6
    _frame(cv, PAD, y, card)
    rx, rw = PAD + FRAME_W + 10, CW - PAD - (PAD + FRAME_W + 10)
    titles = _title_lines(set_title(card, lang), rw)
    for k, line in enumerate(titles):
        cv.text(rx, y + 14 + LINE * k, line, PX, MUTED, SURFACE)
    ty = y + 4 + LINE * max(1, len(titles))
    tag = kind_tag(card, lang)
    if kind == "base":
        label = tag[0] if tag else t(lang, "Base")
        if text_width(label, PX, True) + 24 > rw:  # "Orange Base" is too wide: the colour alone
            label = base_colour_word(card, lang)
        _pill(cv, rx, ty, fit_text(label, PX, rw - 24, True), *base_band(card), h=30)
        _pill(cv, rx, ty + 36, fit_text(points_words(card, lang), PX, rw - 24), ACCENT, INK, h=30)
    else:
        if kind != "chase":
            fill, fg, label = tactic_kind(card)
            label = t(lang, label) if label in TACTIC_KINDS else label
            _pill(cv, rx, ty, fit_text(label, PX, rw - 24, True), fill, fg, h=30)
            ty += 36
        if tag:
            label = {"common": t(lang, "Hero only"), "chase": t(lang, "Chase")}.get(kind, tag[0])
            _pill(cv, rx, ty, fit_text(label, PX, rw - 24, True), tag[1], tag[2], h=30)
    y += ROW_B + 10
    if kind == "base":
        ongoing = card.get("ongoing") if isinstance(card.get("ongoing"), dict) else {}
        text = clean_text(str(ongoing.get("text") or ""), "")
        for k, line in enumerate(wrap_text(t(lang, "Ongoing: {text}", text=text), PX, CW - 2 * PAD, max_lines=2)):
            cv.text(PAD, y + 15 + 38 * k, line, PX, TEXT, SURFACE)
        return
    if kind == "common":
        _stat_row(cv, PAD, y, t(lang, "No Leader side"), None, CW - PAD)
    else:
        _stat_row(cv, PAD, y, t(lang, "Leader"), side(card, "leader"), CW - PAD)
    y += 38
    if kind == "chase":
        _stat_row(cv, PAD, y, t(lang, "No Hero side"), None, CW - PAD)
    else:
        _stat_row(cv, PAD, y, t(lang, "Hero"), side(card, "hero"), CW - PAD)


def _key(card: Any) -> str:
    return json.dumps(card, sort_keys=True, default=str)


def compact_card(cv: Canvas, x: float, y: float, card: Card, lang: str = SOURCE) -> None:
    """Paste the compact card of ``card`` with its top-left corner at (x, y) (drawn once per card and language)."""
    card = card if isinstance(card, dict) else {}
    cv.cached(("compact card", lang, _key(card)), (x, y, x + CW, y + CH), lambda sub: _draw_card(sub, card, lang))


def _draw_leader(cv: Canvas, card: Card) -> None:
    cv.rect((0, 0, LW, LH), SURFACE, radius=14)
    _frame(cv, (LW - FRAME_W) / 2, PAD, card)
    y = PAD + FRAME_H + 8
    names = wrap_text(card_name(card), PX, LW - 2 * PAD, bold=True, max_lines=2)
    for k, line in enumerate(names):
        cv.text(LW / 2, y + 15 + LINE * k, line, PX, TEXT, SURFACE, bold=True, anchor="mm")
    leader = side(card, "leader")
    sw = _stats(None, 0, 0, leader, h=30)
    _stats(cv, (LW - sw) / 2, LH - PAD - 30, leader, h=30)


def leader_tile(cv: Canvas, x: float, y: float, card: Card) -> None:
    """Paste the compact Leader side of ``card`` (portrait, name, Attack and Life) at (x, y)."""
    card = card if isinstance(card, dict) else {}
    cv.cached(("leader tile", _key(card)), (x, y, x + LW, y + LH), lambda sub: _draw_leader(sub, card))


def number_tab(cv: Canvas, x: float, y: float, number: int, note: str = "", width: float = CW) -> float:
    """A gold number (a pick button's) and an optional note above a card, on the page; returns its height."""
    label = str(number)
    w = text_width(label, 28, True) + 24
    cv.rect((x, y, x + w, y + 36), ACCENT, radius=18)
    cv.text(x + w / 2, y + 19, label, 28, INK, ACCENT, bold=True, anchor="mm")
    if note:
        cv.text(x + w + 10, y + 18, fit_text(clean_text(note, ""), PX, width - w - 10), PX, MUTED, BG)
    return 44
