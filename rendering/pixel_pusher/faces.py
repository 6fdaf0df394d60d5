"""Pixel Pusher hand cards drawn whole on the private image: type band, a picture of what the card does, its
name and its rule text, in the reader's language."""

from __future__ import annotations

from bot.i18n import SOURCE
from rendering.pixel_pusher.parts import (
    ABILITY_BAND,
    CARD_TEXT,
    CHIP_FILL,
    PX,
    Card,
    as_int,
    card_kind,
    chip_fill,
    draw_chip,
    draw_pixel,
    expand_counts,
    fit_text,
    recipes_label,
    text_width,
    wrap_text,
)
from rendering.pixel_pusher.words import card_name, card_text, drawable
from rendering.theme import CREAM, INK, Canvas

CARD_HEAD = 64  # band and gap above a hand card's picture
NAME_LINE, TEXT_LINE = 42, 40


def _face_lines(card: Card | None, w: float, px: int, lang: str) -> tuple[list[str], list[str]]:
    if not isinstance(card, dict):
        return [], []
    name = drawable(card_name(card, lang), "")
    text = drawable(card_text(card, lang), "")
    return (wrap_text(name, px, w - 24, True, max_lines=2) if name else [],
            wrap_text(text, px, w - 24, max_lines=8) if text else [])


def card_face_height(card: Card | None, w: float, px: int = PX, lang: str = SOURCE) -> int:
    """The height a hand card of width ``w`` needs to show its picture, name and whole rule text."""
    names, lines = _face_lines(card, w, px, lang)
    picture = 0 if isinstance(card, dict) and "type" not in card and not card.get("recipes") else 62
    return CARD_HEAD + picture + NAME_LINE * len(names) + TEXT_LINE * len(lines) + 14


def draw_card_face(cv: Canvas, box, card: Card | None, px: int = PX, lang: str = SOURCE) -> None:
    """A hand card: type band, a picture of what it does, its name and its rule text (in ``lang``)."""
    x0, y0, x1, y1 = (round(v) for v in box)
    w = x1 - x0
    is_ability = isinstance(card, dict) and "type" not in card
    band = ABILITY_BAND if is_ability else chip_fill(card)
    cv.rect((x0, y0, x1, y1), CREAM, radius=14, outline=INK, width=2)
    cv.rect((x0 + 2, y0 + 2, x1 - 2, y0 + 56), band, radius=12)
    cv.rect((x0 + 2, y0 + 40, x1 - 2, y0 + 56), band)
    cv.text_in((x0, y0 + 2, x1, y0 + 56), card_kind(card, lang), px, INK, band, bold=True)
    names, lines = _face_lines(card, w, px, lang)
    y = y0 + CARD_HEAD
    if not is_ability or (isinstance(card, dict) and card.get("recipes")):  # the picture
        _card_picture(cv, x0 + 12, y, w - 24, card, px, lang)
        y += 62
    for line in names:
        cv.text(x0 + 12, y + 22, line, px, INK, CREAM, bold=True)
        y += NAME_LINE
    room = max(1, (y1 - 10 - y) // TEXT_LINE)
    if len(lines) > room:
        lines = lines[: room - 1] + [fit_text(" ".join(lines[room - 1:]), px, w - 24)]
    for line in lines:
        cv.text(x0 + 12, y + 20, line, px, CARD_TEXT, CREAM)
        y += TEXT_LINE


def _card_picture(cv: Canvas, x: float, y: float, w: float, card: Card | None, px: int, lang: str) -> None:
    size = 50
    if isinstance(card, dict) and "type" not in card:  # an ability: its conversions as text on a chip
        cv.rect((x, y, x + w, y + size), CHIP_FILL["converter"], radius=10, outline=INK, width=2)
        cv.text_in((x, y, x + w, y + size), recipes_label(card, w - 12, px, lang), px, INK, CHIP_FILL["converter"],
                   bold=True, pad=6)
        return
    if isinstance(card, dict) and card.get("type") == "collector":
        n = as_int(card.get("n"), 1)
        if n * (size + 6) - 6 <= w and n <= 4:
            for i in range(n):
                draw_pixel(cv, x + i * (size + 6), y, size, card.get("color"), px)
            return
    if isinstance(card, dict) and card.get("type") == "converter":
        pay = expand_counts(card.get("pay"))
        gain = expand_counts(card.get("gain"))
        arrow = text_width("→", px, True) + 12
        need = (len(pay) + len(gain)) * (size + 4) + arrow
        uses = as_int(card.get("uses"), 1)
        tail = f"×{uses}" if uses > 1 else ""
        if need + (text_width(tail, px, True) + 10 if tail else 0) <= w:
            at = x
            for c in pay:
                draw_pixel(cv, at, y, size, c, px)
                at += size + 4
            cv.text(at + 4, y + size / 2, "→", px, INK, CREAM, bold=True)
            at += arrow
            for c in gain:
                draw_pixel(cv, at, y, size, c, px)
                at += size + 4
            if tail:
                cv.text(at + 6, y + size / 2, tail, px, INK, CREAM, bold=True)
            return
    draw_chip(cv, (x, y, x + w, y + size), card, px, lang)
