"""Pixel Tactics card faces: one card in full detail (``/pt card``) and the compact block used in hands.

Both show the card's portrait (:mod:`rendering.pixel_tactics.art`) and its uses: the Leader side (Attack,
Life, text), the Hero side (Attack, Life and the Vanguard/Flank/Rear powers in red, green and blue) and the
tactic box coloured by kind (Order purple, Operation grey, Trap orange), echoing the rulebook's card
layout. Every kind of card (:mod:`rendering.pixel_tactics.kinds`): a Common has no Leader side ("Common —
Hero only", its "No Ability" rows greyed), a Chase Leader only its Leader side (purple), a Base its colour
band, points, Ongoing and Snap effects, a Promo a green tag; the full card names the set by its title.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import N_, SOURCE, t
from rendering.pixel_tactics.art import card_portrait
from rendering.pixel_tactics.kinds import (
    base_band,
    card_kind,
    is_no_ability,
    kind_tag,
    points_words,
    set_title,
    snap_cost_words,
)
from rendering.pixel_tactics.style import (
    CHASE,
    LEADER_EDGE,
    OPERATION,
    POWER,
    PX,
    WHITE,
    Card,
    card_name,
    new_canvas,
    png_bytes,
    power_text,
    side,
    stat_pill,
    stats_width,
    tactic_kind,
)
from rendering.theme import (
    ACCENT,
    BG,
    INK,
    MUTED,
    RAISED,
    RGB,
    SURFACE,
    TEXT,
    Canvas,
    TextRecord,
)
from rendering.tiles import clean as clean_text
from rendering.tiles import fit as fit_text
from rendering.tiles import width_of as text_width
from rendering.tiles import wrap as wrap_text

W = 800
M = 16
LINE = 31  # text line height at 24 px
ROWS = (("vanguard", "Vanguard", "V"), ("flank", "Flank", "F"), ("rear", "Rear", "R"))

#: a tactic's kind on its pill
TACTIC_KINDS = (N_("Order"), N_("Operation"), N_("Trap"), N_("Tactic"))


def _lines(text: Any, width: float, max_lines: int, px: int = PX) -> list[str]:
    cleaned = clean_text(str(text or ""), "")
    return wrap_text(cleaned, px, width, max_lines=max_lines) if cleaned else []


def _pill(cv: Canvas | None, x: float, y: float, label: str, fill: RGB, fg: RGB, h: int = 34,
          w: float | None = None, px: int = PX) -> float:
    """A label pill; returns its width (measures only when ``cv`` is None)."""
    w = w if w is not None else text_width(label, px, True) + 24
    if cv is not None:
        cv.rect((x, y, x + w, y + h), fill, radius=h // 2)
        cv.text_in((x, y, x + w, y + h), label, px, fg, fill, bold=True, pad=8)
    return w


def _text_block(cv: Canvas | None, x: float, y: float, lines: list[str], fg: RGB, bg: RGB) -> float:
    """Draw wrapped lines from (x, y); returns the height used."""
    if cv is not None:
        for k, line in enumerate(lines):
            cv.text(x, y + LINE * k + LINE / 2, line, PX, fg, bg)
    return LINE * len(lines)


def _stats(cv: Canvas | None, x: float, y: float, part: dict, h: int = 34) -> float:
    if cv is None:
        return stats_width(part.get("attack"), part.get("life"), h)
    x0 = x
    x += stat_pill(cv, x, y, part.get("attack"), h, True) + 6
    x += stat_pill(cv, x, y, part.get("life"), h, False)
    return x - x0


# ---------------------------------------------------------------- compact block (hands)
def card_block(cv: Canvas | None, x0: float, y0: float, x1: float, card: Card, *, max_lines: int = 2,
               lang: str = SOURCE) -> float:
    """A hand card with its three uses, compact; returns its height (measures only when ``cv`` is None); its labels
    in ``lang`` (the card's name and rule texts are printed English)."""
    pad = 14
    head = 46
    y = y0 + head + 10
    kind = card_kind(card)
    if cv is not None:
        cv.rect((x0, y0, x1, y0 + head), RAISED, radius=14)
        art = card_portrait(card, 4)
        cv.sprite(art, x1 - pad - art.width, y0 + (head - art.height) / 2)
        tag = kind_tag(card, lang) if kind == "promo" else None
        tag_w = _pill(None, 0, 0, tag[0], tag[1], tag[2], h=30) if tag else 0
        name_w = cv.text(x0 + pad, y0 + head / 2, card_name(card), 28, TEXT, RAISED, bold=True,
                         max_width=x1 - x0 - 3 * pad - art.width - (tag_w + 10 if tag else 0))
        if tag:
            _pill(cv, x0 + pad + name_w + 10, y0 + head / 2 - 15, tag[0], tag[1], tag[2], h=30)
    leader, hero = side(card, "leader"), side(card, "hero")
    if kind == "common":  # no Leader side
        if cv is not None:
            label, fill, fg = kind_tag(card, lang) or ("", OPERATION, WHITE)
            _pill(cv, x0 + pad, y, label, fill, fg)
        y += 34 + 12
    else:  # Leader: tag, stats, text to the right
        tag_w = text_width(t(lang, "Leader"), PX, True) + 24
        stats_w = _stats(None, 0, 0, leader)
        tx = x0 + pad + tag_w + 8 + stats_w + 12
        lines = _lines(leader.get("text"), x1 - pad - tx, max_lines) or ["—"]
        if cv is not None:
            _pill(cv, x0 + pad, y, t(lang, "Leader"), CHASE if kind == "chase" else LEADER_EDGE, WHITE if kind == "chase" else INK)
            _stats(cv, x0 + pad + tag_w + 8, y, leader)
            _text_block(cv, tx, y + 17 - LINE / 2, lines, TEXT if lines != ["—"] else MUTED, SURFACE)
        y += max(34, LINE * len(lines) + 3) + 12
    if kind == "chase":  # a Leader side only
        return y - y0 + pad - 12
    # Hero: tag and stats, then the three powers
    htag = text_width(t(lang, "Hero"), PX, True) + 24
    if cv is not None:
        _pill(cv, x0 + pad, y, t(lang, "Hero"), TEXT, INK)
        _stats(cv, x0 + pad + htag + 8, y, hero)
    y += 34 + 8
    for key, _, letter in ROWS:
        lines = _lines(power_text(card, key), x1 - pad - (x0 + pad + 46), max_lines) or ["—"]
        if cv is not None:
            none = is_no_ability(power_text(card, key))
            _pill(cv, x0 + pad, y + LINE / 2 - 15, letter, RAISED if none else POWER[key], MUTED if none else WHITE,
                  h=30, w=34)
            _text_block(cv, x0 + pad + 46, y, lines, MUTED if none else TEXT, SURFACE)
        y += LINE * len(lines) + 4
    y += 8
    # tactic box
    fill, fg, label = tactic_kind(card)
    label = t(lang, label) if label in TACTIC_KINDS else label
    kw = text_width(label, PX, True) + 24
    lines = _lines(side(card, "tactic").get("text"), x1 - x0 - 2 * pad - kw - 16, max_lines) or ["—"]
    bh = max(34, LINE * len(lines)) + 16
    if cv is not None:
        cv.rect((x0 + pad - 4, y, x1 - pad + 4, y + bh), fill, radius=12)
        _pill(cv, x0 + pad + 4, y + 8, label, INK if fg == WHITE else WHITE, fg)
        _text_block(cv, x0 + pad + kw + 16, y + 8 + 17 - LINE / 2 if len(lines) == 1 else y + 8, lines, fg, fill)
    y += bh + pad
    return y - y0


# ---------------------------------------------------------------- full card (/pt card)
ART_SCALE = 10  # the portrait on a full card: 80×100 px in a 104×124 px frame
ART_W, ART_H = 8 * ART_SCALE + 24, 10 * ART_SCALE + 24


def _panel_head(cv: Canvas | None, x0: float, y: float, x1: float, title: str, part: dict | None, colour: RGB,
                right: str = "") -> float:
    """A panel's head (title, then the stats or a gold pill on the right), drawn once per look and pasted."""
    if cv is None:
        return 52
    stats = None if part is None else (repr(part.get("attack")), repr(part.get("life")))
    w = round(x1 - x0)

    def draw(sub: Canvas) -> None:  # over the panel's top (its rounded corners), as the panel lies under it
        sub.rect((0, 0, w, 52 + 14), SURFACE, radius=14)
        sub.rect((0, 0, w, 52), RAISED, radius=14)
        sub.rect((0, 0, 10, 52), colour, radius=5)
        sub.text(26, 26, title, 28, TEXT, RAISED, bold=True)
        if part is not None:
            sw = _stats(None, 0, 0, part)
            _stats(sub, w - 14 - sw, 9, part)
        elif right:
            _pill(sub, w - 14 - _pill(None, 0, 0, right, ACCENT, INK), 9, right, ACCENT, INK)

    cv.cached(("panel head", title, colour, stats, right), (x0, y, x0 + w, y + 52), draw)
    return 52


def _header(cv: Canvas | None, card: Card, lang: str = SOURCE) -> float:
    """Name, set, kind tag and portrait (in ``lang``); returns the y below."""
    x0, x1 = M, W - M
    text_x1 = x1 - ART_W - 16
    names = wrap_text(card_name(card), 36, text_x1 - x0, bold=True, max_lines=2)
    y = M
    if cv is not None:
        for k, line in enumerate(names):
            cv.text(x0, y + 24 + 44 * k, line, 36, TEXT, BG, bold=True, max_width=text_x1 - x0)
        title = set_title(card, lang)
        sub = t(lang, "Pixel Tactics card · {set}", set=title) if title else t(lang, "Pixel Tactics card")
        cv.text(x0, y + 64 + 44 * (len(names) - 1), sub, PX, MUTED, BG, max_width=text_x1 - x0)
        cv.rect((x1 - ART_W, y, x1, y + ART_H), RAISED, radius=14)
        art = card_portrait(card, ART_SCALE)
        cv.sprite(art, x1 - ART_W + 12, y + 12)
    y += 92 + 44 * (len(names) - 1)
    tag = kind_tag(card, lang)
    if tag is not None:
        label, fill, fg = tag
        if card_kind(card) == "base":
            label += " · " + points_words(card, lang)
        w = min(text_x1 - x0, text_width(label, PX, True) + 28)
        if cv is not None:
            _pill(cv, x0, y, label, fill, fg, w=w)
        y += 34 + 8
    return max(y, M + ART_H) + 14


def _text_panel(cv: Canvas | None, y: float, title: str, text: Any, colour: RGB, right: str = "",
                part: dict | None = None) -> float:
    """A panel with a head (title, stats or a pill on the right) and wrapped text; returns its height."""
    x0, x1, pad = M, W - M, 18
    lines = _lines(text, x1 - x0 - 2 * pad, 8) or ["—"]
    h = 52 + 12 + LINE * len(lines) + 14
    if cv is not None:
        cv.rect((x0, y, x1, y + h), SURFACE, radius=14)
        _panel_head(cv, x0, y, x1, title, part, colour, right)
        _text_block(cv, x0 + pad, y + 64, lines, TEXT if lines != ["—"] else MUTED, SURFACE)
    return h


def _hero_panel(cv: Canvas | None, card: Card, y: float, lang: str = SOURCE) -> float:
    x0, x1, pad = M, W - M, 18
    tag_w = 140
    blocks = [(key, t(lang, label), _lines(power_text(card, key), x1 - x0 - 2 * pad - tag_w - 14, 6) or ["—"])
              for key, label, _ in ROWS]
    h = 52 + 12 + sum(max(34, LINE * len(b[2])) + 12 for b in blocks) + 4
    if cv is not None:
        cv.rect((x0, y, x1, y + h), SURFACE, radius=14)
        _panel_head(cv, x0, y, x1, t(lang, "Hero"), side(card, "hero"), TEXT)
    yy = y + 64
    for key, label, lines in blocks:
        if cv is not None:
            none = is_no_ability(power_text(card, key))
            fill, fg = (RAISED, MUTED) if none else (POWER[key], WHITE)
            _pill(cv, x0 + pad, yy, fit_text(label, PX, tag_w - 24, True), fill, fg, w=tag_w)
            _text_block(cv, x0 + pad + tag_w + 14, yy + 17 - LINE / 2, lines, MUTED if none else TEXT, SURFACE)
        yy += max(34, LINE * len(lines)) + 12
    return h


def _tactic_box(cv: Canvas | None, card: Card, y: float, lang: str = SOURCE) -> float:
    x0, x1, pad = M, W - M, 18
    fill, fg, label = tactic_kind(card)
    label = t(lang, label) if label in TACTIC_KINDS else label
    lines = _lines(side(card, "tactic").get("text"), x1 - x0 - 2 * pad, 8) or ["—"]
    h = 52 + 8 + LINE * len(lines) + 16
    if cv is not None:
        cv.rect((x0, y, x1, y + h), fill, radius=14)
        cv.text(x0 + pad, y + 28, label, 28, fg, fill, bold=True)
        _text_block(cv, x0 + pad, y + 56, lines, fg, fill)
    return h


def _leader_panel(cv: Canvas | None, card: Card, y: float, edge: RGB, lang: str = SOURCE) -> float:
    leader = side(card, "leader")
    title = t(lang, "Leader")
    h = _text_panel(cv, y, title, leader.get("text"), edge, part=leader)
    if cv is not None:
        cv.crown(M + 26 + text_width(title, 28, True) + 10, y + 10, 32, ACCENT)
    return h


def _full(cv: Canvas | None, card: Card, lang: str = SOURCE) -> float:
    """Draw (or measure) the full card of any kind, its labels in ``lang``; returns the height."""
    y = _header(cv, card, lang)
    kind = card_kind(card)
    if kind == "base":
        band, _ = base_band(card)
        if cv is not None:  # the colour band across the top
            cv.rect((0, 0, W, 8), band)
        ongoing = card.get("ongoing") if isinstance(card.get("ongoing"), dict) else {}
        y += _text_panel(cv, y, t(lang, "Ongoing"), ongoing.get("text"), band) + 14
        snap = card.get("snap") if isinstance(card.get("snap"), dict) else {}
        y += _text_panel(cv, y, t(lang, "Snap"), snap.get("text"), band, right=snap_cost_words(snap, lang)) + 14
        return y + M - 14
    if kind != "common":
        y += _leader_panel(cv, card, y, CHASE if kind == "chase" else LEADER_EDGE, lang) + 14
    if kind != "chase":
        y += _hero_panel(cv, card, y, lang) + 14
        y += _tactic_box(cv, card, y, lang) + 14
    return y + M - 14


def render_card(card: Card, lang: str = SOURCE, *, log: list[TextRecord] | None = None) -> bytes:
    """One card in full detail (Leader side, Hero side with its three powers, tactic box) as PNG bytes, its labels
    in ``lang`` (the card's name and rule texts as printed)."""
    card = card if isinstance(card, dict) else {}
    cv = new_canvas(W, round(_full(None, card, lang)), log)
    _full(cv, card, lang)
    return png_bytes(cv)
