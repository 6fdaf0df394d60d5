"""Pixel Tactics pages of cards (``/pt cards``) and deck images (``/pt deck show``): pure functions to PNG bytes."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot.i18n import SOURCE, t, tn
from rendering.pixel_tactics.cards import _stats
from rendering.pixel_tactics.compact import CH, CW, LH, LW, compact_card, leader_tile
from rendering.pixel_tactics.kinds import set_title
from rendering.pixel_tactics.style import PX, Card, card_name, new_canvas, png_bytes, side
from rendering.theme import ACCENT, BG, GOOD, INK, MUTED, RAISED, SURFACE, TEXT, Canvas, TextRecord
from rendering.tiles import clean as clean_text
from rendering.tiles import fit as fit_text
from rendering.tiles import width_of as text_width
from rendering.tiles import wrap as wrap_text

W = 800
M = 16
GAP = (W - 2 * M - 3 * CW) // 2  # between compact cards: 10 px
PER_PAGE = 9
BAD = (184, 44, 56)  # the invalid banner: white on the Attack red


def _cards(cards: Any) -> list[dict]:
    return [c for c in cards if isinstance(c, dict)] if isinstance(cards, list) else []


def _title(cv: Canvas | None, title: str, sub: str, right: float = 0) -> float:
    """Page title (leaving ``right`` px free at its right) and a muted line under it; returns the y below."""
    if cv is not None:
        cv.text(M, M + 22, clean_text(title, "Pixel Tactics"), 36, TEXT, BG, bold=True, max_width=W - 2 * M - right)
        if sub:
            cv.text(M, M + 66, sub, PX, MUTED, BG, max_width=W - 2 * M)
    return M + 96


def grid_height(n: int, tab: float = 0) -> float:
    """Height of ``n`` compact cards three to a row (each under a tab ``tab`` px high)."""
    rows = (n + 2) // 3
    return rows * (CH + tab) + max(0, rows - 1) * GAP


def draw_grid(cv: Canvas, y: float, cards: list[dict], lang: str = SOURCE) -> None:
    """Compact cards three to a row from ``y`` (their labels in ``lang``)."""
    for k, card in enumerate(cards):
        compact_card(cv, M + (k % 3) * (CW + GAP), y + (k // 3) * (CH + GAP), card, lang)


def card_count(n: int, lang: str = SOURCE) -> str:
    """``1 card`` / ``9 cards`` in ``lang``."""
    return tn(lang, "{n} card", "{n} cards", n)


def render_card_page(cards: list[dict], page: int, pages: int, title: str, lang: str = SOURCE, *,
                     log: list[TextRecord] | None = None) -> bytes:
    """One page of ``/pt cards``: up to nine compact cards (three by three), the title and ``Page n of m`` (in
    ``lang``)."""
    shown = _cards(cards)[:PER_PAGE]
    sub = t(lang, "Page {page} of {pages}", page=page, pages=pages) if pages > 1 else card_count(len(shown), lang)
    top = _title(None, title, sub)
    height = top + (grid_height(len(shown)) if shown else 60) + M
    cv = new_canvas(W, round(height), log)
    _title(cv, title, sub)
    if shown:
        draw_grid(cv, top, shown, lang)
    else:
        cv.rect((M, top, W - M, top + 60), SURFACE, radius=14)
        cv.text(W / 2, top + 30, t(lang, "No cards match"), PX, MUTED, SURFACE, anchor="mm")
    return png_bytes(cv)


# ---------------------------------------------------------------- deck
HERO_COL = (W - 2 * M - 10) // 2
HERO_ROW = 50


def _hero_row(cv: Canvas | None, x: float, y: float, card: Card, copies: int, width: float = 0) -> bool:
    """One Hero of the stack: name, copies (×n), Attack and Life (no portrait: names need the room), ``width``
    wide (a column by default). Returns whether its name fits (without ``cv`` it only measures)."""
    width = width or HERO_COL
    hero = side(card, "hero")
    sw = _stats(None, 0, 0, hero, h=30)
    right = width - 8 - sw - 8 - (text_width(f"×{copies}", PX, True) + 8 if copies > 1 else 0)
    fits = text_width(card_name(card), PX, True) <= right - 12
    if cv is None:
        return fits

    def draw(sub: Canvas) -> None:
        sub.rect((0, 0, width, HERO_ROW - 6), SURFACE, radius=12)
        _stats(sub, width - 8 - sw, 7, hero, h=30)
        if copies > 1:  # the copies stay whole
            sub.text(width - 8 - sw - 8, (HERO_ROW - 6) / 2, f"×{copies}", PX, ACCENT, SURFACE, bold=True,
                     anchor="rm")
        sub.text(12, (HERO_ROW - 6) / 2, card_name(card), PX, TEXT, SURFACE, bold=True, max_width=right - 12)

    cv.cached(("deck hero", card_name(card), str(card.get("key")), str(card.get("set")), copies, width,
               repr(hero.get("attack")), repr(hero.get("life"))), (x, y, x + width, y + HERO_ROW - 6), draw)
    return fits


def _hero_rows(cv: Canvas | None, y: float, cards: list[tuple[dict, int]]) -> float:
    """A set's Heroes two to a row; a name too long for a column takes a whole row. Returns the bottom."""
    col = 0
    for card, copies in cards:
        wide = not _hero_row(None, 0, 0, card, copies)
        if wide and col:
            y, col = y + HERO_ROW, 0
        if cv is not None:
            _hero_row(cv, M + col * (HERO_COL + 10), y, card, copies, W - 2 * M if wide else HERO_COL)
        col = 0 if wide else col + 1
        if col in (0, 2):
            y, col = y + HERO_ROW, 0
    return y + (HERO_ROW if col else 0) + 4


def _hero_groups(heroes: list[dict], lang: str = SOURCE) -> list[tuple[str, list[tuple[dict, int]]]]:
    """The Hero stack by set (in order of first appearance): (set title in ``lang``, [(card, copies)])."""
    counts = Counter(str(c.get("key") or c.get("name")) for c in heroes)
    groups: dict[str, dict[str, dict]] = {}
    for c in heroes:
        groups.setdefault(set_title(c, lang) or t(lang, "Other cards"), {}).setdefault(str(c.get("key") or c.get("name")), c)
    return [(title, [(c, counts[k]) for k, c in cards.items()]) for title, cards in groups.items()]


def _section(cv: Canvas | None, y: float, label: str) -> float:
    if cv is not None:
        cv.text(M, y + 18, label, 28, TEXT, BG, bold=True)
    return 44


def _validity_lines(problems: list[str]) -> list[str]:
    lines: list[str] = []
    for p in problems:
        lines += wrap_text("• " + clean_text(p, "?"), PX, W - 2 * M - 28, max_lines=4)
    return lines[:24]


def leader_count(n: int, lang: str = SOURCE) -> str:
    """``1 Leader`` / ``4 Leaders`` in ``lang``."""
    return tn(lang, "{n} Leader", "{n} Leaders", n, n=n)


def hero_count(n: int, lang: str = SOURCE) -> str:
    """``1 Hero`` / ``25 Heroes`` in ``lang``."""
    return tn(lang, "{n} Hero", "{n} Heroes", n, n=n)


def _deck_layout(cv: Canvas | None, view: dict, lang: str = SOURCE) -> float:
    fmt = str(view.get("format") or "standard")
    epic = fmt == "epic"
    leaders, heroes = _cards(view.get("leaders")), _cards(view.get("heroes"))
    owner = clean_text(str(view.get("owner") or ""), "")
    bits = [t(lang, "Epic deck") if epic else t(lang, "Standard deck"), leader_count(len(leaders), lang),
            hero_count(len(heroes), lang), owner]
    y = _title(cv, str(view.get("name") or t(lang, "Deck")), " · ".join(b for b in bits if b))
    problems = [str(p) for p in view.get("problems") or [] if str(p).strip()]
    if problems:
        lines = _validity_lines(problems)
        h = 52 + len(lines) * 31 + 10
        if cv is not None:
            cv.rect((M, y, W - M, y + h), BAD, radius=14)
            cv.cross(M + 14, y + 12, 28, (255, 255, 255))
            n = len(problems)
            banner = tn(lang, "Not valid: {n} problem", "Not valid: {n} problems", n, n=n)
            cv.text(M + 52, y + 27, banner, 28, (255, 255, 255), BAD,
                    bold=True, max_width=W - 2 * M - 66)
            for k, line in enumerate(lines):
                cv.text(M + 14, y + 52 + 31 * k + 15, line, PX, (255, 255, 255), BAD)
    else:
        h = 52
        if cv is not None:
            cv.rect((M, y, W - M, y + h), GOOD, radius=14)
            cv.check_badge(M + 12, y + 10, 32)
            cv.text(M + 54, y + 27, t(lang, "Valid Epic deck") if epic else t(lang, "Valid Standard deck"), 28, INK,
                    GOOD, bold=True, max_width=W - 2 * M - 66)
    y += h + 16
    y += _section(cv, y, t(lang, "Leaders ({n})", n=len(leaders)))
    for k, card in enumerate(leaders):
        if cv is not None:
            leader_tile(cv, M + (k % 4) * (LW + 12), y + (k // 4) * (LH + 12), card)
    y += ((len(leaders) + 3) // 4) * (LH + 12) + 4 if leaders else 0
    y += _section(cv, y, t(lang, "Heroes ({n})", n=len(heroes)))
    for title, cards in _hero_groups(heroes, lang):
        if cv is not None:
            n = sum(copies for _, copies in cards)
            cv.text(M, y + 15, f"{title} · {hero_count(n, lang)}", PX, MUTED, BG, max_width=W - 2 * M)
        y = _hero_rows(cv, y + 36, cards)
    code = clean_text(str(view.get("code") or ""), "")
    if code:
        if cv is not None:
            label = t(lang, "Deck code:") + " "
            cv.rect((M, y + 4, W - M, y + 48), RAISED, radius=12)
            lw = cv.text(M + 14, y + 26, label, PX, MUTED, RAISED)
            cv.text(M + 14 + lw, y + 26, fit_text(code, PX, W - 2 * M - 28 - text_width(label, PX)), PX, TEXT, RAISED,
                    bold=True)
        y += 56
    return y + M - 6


def render_deck(deck_view: dict, lang: str = SOURCE, *, log: list[TextRecord] | None = None) -> bytes:
    """A deck as PNG bytes: name, format, validity (and why not), the Leader stack and the Hero stack, its words in
    ``lang`` (``problems`` come translated; card names as printed).

    ``deck_view`` is a dict::

        {"name": "Red Fury",                 # the deck's name
         "format": "standard" | "epic",
         "owner": "Ana",                     # optional display name
         "leaders": [card, ...],             # the Leader stack: card definitions (dual cards)
         "heroes": [card, ...],              # the Hero stack: card definitions, repeated per copy (Epic)
         "problems": ["...", ...],           # decks.problems(deck): empty when the deck is valid
         "code": "PT1-..."}                  # optional: the deck's export code

    Card definitions are the set modules' dicts (``sets.card_def(key)``); Heroes are listed by set, each with
    its Hero side's Attack and Life, copies of one card as one row ``×n``.
    """
    view = deck_view if isinstance(deck_view, dict) else {}
    cv = new_canvas(W, round(_deck_layout(None, view, lang)), log)
    _deck_layout(cv, view, lang)
    return png_bytes(cv)
