"""Pixel Pusher alt text of one player's private image: hand, picks so far, working board (built only from that
player's view)."""

from __future__ import annotations

from typing import Any

from bot.i18n import SOURCE, t
from rendering.describe_text import fit
from rendering.pixel_pusher.alt import ALT_MAX, View, _count, _pixels, _seats, alt_name
from rendering.pixel_pusher.parts import SUPPLY_ORDER, as_int, as_list, card_label
from rendering.pixel_pusher.words import card_name, card_text, phase_name


def _card_words(card: Any, lang: str) -> str:
    if not isinstance(card, dict):
        return "?"
    name = card_name(card, lang, t(lang, "Card"))
    text = card_text(card, lang)
    if "type" not in card:
        return t(lang, "{name} (ability: {text})", name=name, text=text) if text else t(
            lang, "{name} (ability)", name=name)
    return f"{name} ({text or card_label(card, lang=lang)})"


def source_name(view: View, you: Any, source: Any, lang: str = SOURCE) -> str:
    """The short label of a conversion source (an installed card or ability of ``you``), else its id."""
    for seat in _seats(view):
        if seat.get("seat") != you:
            continue
        ability = seat.get("ability")
        if isinstance(ability, dict) and ability.get("id") == source:
            return card_name(ability, lang, str(source))
        for stack in as_list(seat.get("slots")):
            for card in as_list(stack):
                if isinstance(card, dict) and card.get("id") == source:
                    return card_label(card, lang=lang)
    return str(source)


def alt_private(view: View, names: list[str] | None = None, lang: str = SOURCE) -> str:
    """Plain-text summary of one player's private image in ``lang`` (at most 1,000 characters)."""
    return fit([" ".join(p for p in private_parts(view, names, lang) if p)], ALT_MAX, lang)


def private_parts(view: View, names: list[str] | None = None, lang: str = SOURCE) -> list[str]:
    """The sentences of one player's private view: hand, picks so far, working board."""
    count = _count(view)
    you = view.get("you")
    short = [alt_name(names, s, lang=lang) for s in range(count)]
    who = short[you] if isinstance(you, int) and 0 <= you < count else t(lang, "You")
    private = view.get("private") if isinstance(view.get("private"), dict) else {}
    phase = str(view.get("phase"))
    rnd = view.get("round")
    where = phase_name(phase, lang)
    parts = [t(lang, "Pixel Pusher, private view for {name}, round {n}, {phase}.", name=who, n=rnd, phase=where)
             if isinstance(rnd, int) else t(lang, "Pixel Pusher, private view for {name}, {phase}.", name=who,
                                            phase=where)]
    hand = as_list(private.get("hand"))
    if hand:
        parts.append(t(lang, "Your hand: {cards}.", cards="; ".join(_card_words(c, lang) for c in hand)))
    elif phase in ("draft", "build"):
        parts.append(t(lang, "Your hand is empty."))
    drafted = as_list(private.get("drafted"))
    if drafted:
        parts.append(t(lang, "Your picks so far: {cards}.", cards="; ".join(_card_words(c, lang) for c in drafted)))
    working = private.get("working") if isinstance(private.get("working"), dict) else None
    if working:
        parts.append(_working_words(view, you, working, lang))
    return parts


def _working_words(view: View, you: Any, working: dict, lang: str) -> str:
    """The Convert & Store board in a sentence."""
    cap = working.get("storage")
    if not isinstance(cap, int):
        mine = [s for s in _seats(view) if s.get("seat") == you]
        cap = mine[0].get("storage") if mine else None
    held, stored = _pixels(working.get("held"), lang), _pixels(working.get("stored"), lang)
    text = t(lang, "Working board: holding {held}; stored {stored} of {cap}", held=held, stored=stored, cap=cap) \
        if isinstance(cap, int) else t(lang, "Working board: holding {held}; stored {stored}", held=held,
                                       stored=stored)
    avail = working.get("supply_available")
    if isinstance(avail, dict):
        text += "; " + t(lang, "supply {stock}", stock=" ".join(f"{c}{as_int(avail.get(c))}" for c in SUPPLY_ORDER
                                                                 if c in avail))
    used = working.get("used")
    if isinstance(used, dict) and used:
        text += "; " + t(lang, "conversions used: {uses}", uses=", ".join(
            f"{source_name(view, you, k, lang)} ×{v}" for k, v in used.items()))
    return text + "."


__all__ = ["alt_private", "private_parts", "source_name"]
