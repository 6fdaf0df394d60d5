"""Duel Draft on the Pixel Tactics board: the face-up tableau with the Gold on each card, the shared deck at
its end, each player's Gold and the bank (the deck's cards stay hidden: only their count is drawn)."""

from __future__ import annotations

import json
from typing import Any

from bot.i18n import SOURCE, t, tn
from rendering.pixel_tactics.cards import TACTIC_KINDS
from rendering.pixel_tactics.style import (
    PX,
    Names,
    View,
    alt_name,
    as_int,
    card_name,
    players,
    side,
    stat_pill,
    stats_width,
    tactic_kind,
)
from rendering.theme import ACCENT, INK, MUTED, RAISED, SURFACE, TEXT, Canvas
from rendering.tiles import width_of as text_width

HEAD_H = 48  # the panel's title line
ROW_H = 80  # one tableau card: its name, then its kind and stats
DECK_H = 50  # the deck at the tableau's end
ROW_GAP = 6
PAD = 14
COIN = 34  # a Gold coin


def draft_of(view: View) -> dict[str, Any] | None:
    """Return the view's ``duel_draft`` fields, or None outside Duel Draft."""
    draft = view.get("duel_draft")
    return draft if isinstance(draft, dict) else None


def tableau(view: View) -> list[dict[str, Any]]:
    """Return the tableau entries ``{"card", "gold"}`` from the far end to the deck's end."""
    draft = draft_of(view) or {}
    items = draft.get("tableau")
    return [t for t in items if isinstance(t, dict)] if isinstance(items, list) else []


def gold_of(view: View, seat: int) -> int:
    """Return a player's Gold (0 when unknown)."""
    gold = (draft_of(view) or {}).get("gold")
    return as_int(gold[seat]) if isinstance(gold, list) and 0 <= seat < len(gold) else 0


def bar_counts(view: View, seat: int, p: dict[str, Any], lang: str = SOURCE) -> str:
    """The player bar's counts in Duel Draft: hand, Gold and discard (the deck is shared)."""
    discard = p.get("discard")
    n_discard = len(discard) if isinstance(discard, list) else as_int(discard)
    return t(lang, "Hand {hand}/{size} · Gold {gold} · Discard {discard}", hand=as_int(p.get("hand")),
             size=as_int(p.get("hand_size"), 5), gold=gold_of(view, seat), discard=n_discard)


def panel_height(view: View) -> int:
    """Height of the tableau panel (0 outside Duel Draft)."""
    if draft_of(view) is None:
        return 0
    return HEAD_H + max(1, len(tableau(view))) * (ROW_H + ROW_GAP) + DECK_H + PAD + 6


def coin(cv: Canvas, cx: float, cy: float, amount: int) -> None:
    """A gold coin with its amount (a pill for long numbers)."""
    text = str(amount)
    w = max(COIN, text_width(text, PX, True) + 18)
    cv.rect((cx - w / 2, cy - COIN / 2, cx + w / 2, cy + COIN / 2), ACCENT, radius=COIN // 2, outline=INK, width=2)
    cv.text(cx, cy + 1, text, PX, INK, ACCENT, bold=True, anchor="mm")


def _row(cv: Canvas, x0: float, y: float, x1: float, entry: dict[str, Any], label: str, lang: str = SOURCE) -> None:
    """One tableau card: its place and name, then its tactic kind and Hero and Leader stats; its Gold at the
    right."""
    card = entry.get("card") if isinstance(entry.get("card"), dict) else {}
    cv.rect((x0, y, x1, y + ROW_H), RAISED, radius=12)
    gold = as_int(entry.get("gold"))
    coin_w = max(COIN, text_width(str(gold), PX, True) + 18)
    right = x1 - 14 - coin_w
    cv.text(right - 8, y + ROW_H / 2, t(lang, "Gold"), PX, MUTED, RAISED, anchor="rm")
    coin(cv, right + coin_w / 2, y + ROW_H / 2, gold)
    right -= text_width(t(lang, "Gold"), PX) + 24
    cv.text(x0 + 14, y + 22, label, PX, MUTED, RAISED, bold=True)
    x = x0 + 44
    cv.text(x, y + 22, card_name(card), PX, TEXT, RAISED, bold=True, max_width=right - x)
    cy = y + 57
    fill, fg, kind = tactic_kind(card)
    kind = t(lang, kind) if kind in TACTIC_KINDS else kind
    kw = text_width(kind, PX, True) + 20
    cv.rect((x, cy - 15, x + kw, cy + 15), fill, radius=15)
    cv.text(x + kw / 2, cy + 1, kind, PX, fg, fill, bold=True, anchor="mm")
    x += kw + 14
    hero, lead = side(card, "hero"), side(card, "leader")
    for word, part in [(t(lang, "Hero"), hero)] + ([(t(lang, "Leader"), lead)] if lead else []):
        if x + text_width(word, PX) + 8 + stats_width(part.get("attack"), part.get("life"), 30) > right:
            break
        x += cv.text(x, cy, word, PX, MUTED, RAISED) + 8
        x += stat_pill(cv, x, cy - 15, part.get("attack"), 30, True) + 6
        x += stat_pill(cv, x, cy - 15, part.get("life"), 30, False) + 18


def _deck(cv: Canvas, x0: float, y: float, x1: float, deck: int, lang: str = SOURCE) -> None:
    """The shared deck at the tableau's end: a card back and its count."""
    cv.rect((x0, y, x1, y + DECK_H), RAISED, radius=12)
    cv.card_back((x0 + 10, y + 6, x0 + 36, y + DECK_H - 6), radius=5)
    words = (tn(lang, "Deck: {n} card, face down", "Deck: {n} cards, face down", deck, n=deck))
    cv.text(x0 + 44, y + DECK_H / 2, words, PX, TEXT, RAISED,
            max_width=x1 - x0 - 58)


def draw_panel(cv: Canvas, view: View, names: Names, x0: float, y: float, x1: float, lang: str = SOURCE) -> None:
    """The tableau panel: title and bank, each card from the far end, then the deck at its end."""
    draft = draft_of(view) or {}
    cv.rect((x0, y, x1, y + panel_height(view) - 6), SURFACE, radius=14)
    cv.text(x0 + PAD, y + HEAD_H / 2 + 2, t(lang, "Draft tableau"), 28, TEXT, SURFACE, bold=True)
    info = t(lang, "from the far end")
    if draft.get("bank") is not None:
        info += " · " + t(lang, "{n} Gold on it", n=as_int(draft.get("bank")))
    cv.text(x1 - PAD, y + HEAD_H / 2 + 2, info, PX, MUTED, SURFACE, anchor="rm")
    rows = tableau(view)
    yy = y + HEAD_H
    if not rows:
        cv.text(x0 + PAD, yy + ROW_H / 2, t(lang, "The tableau is empty."), PX, MUTED, SURFACE)
        yy += ROW_H + ROW_GAP
    for k, entry in enumerate(rows):  # each row drawn once per card, Gold and place, then pasted
        left, right, label = x0 + PAD / 2, x1 - PAD / 2, str(k + 1)
        cv.cached(("duel draft row", json.dumps(entry, sort_keys=True, default=str), label, right - left, lang),
                  (left, yy, right, yy + ROW_H),
                  lambda sub, entry=entry, label=label, w=right - left: _row(sub, 0, 0, w, entry, label, lang))
        yy += ROW_H + ROW_GAP
    _deck(cv, x0 + PAD / 2, yy, x1 - PAD / 2, as_int(draft.get("deck")), lang)


def draft_alt(view: View, names: Names, lang: str = SOURCE) -> str:
    """The alt text sentence of the tableau, the deck and each player's Gold."""
    draft = draft_of(view)
    if draft is None:
        return ""
    cards = "; ".join(t(lang, "{card} ({gold} Gold)", card=card_name(lot.get("card")), gold=as_int(lot.get("gold")))
                      for lot in tableau(view))
    gold = ", ".join(f"{alt_name(names, s)} {gold_of(view, s)}" for s in range(max(2, len(players(view)))))
    text = t(lang, "Duel Draft tableau from the far end: {cards}; then the deck, {n} cards.",
             cards=cards or t(lang, "empty"), n=as_int(draft.get("deck")))
    text += " " + (t(lang, "Gold: {gold}, {bank} on the tableau.", gold=gold, bank=as_int(draft.get("bank")))
                   if draft.get("bank") is not None else t(lang, "Gold: {gold}.", gold=gold))
    return text
