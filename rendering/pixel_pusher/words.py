"""Pixel Pusher's words in a language: card and image names, card rule texts, colours, phases, the engine's log
lines and a result's reason (shared by the images, alt texts, ``/game describe`` and the Discord posts)."""

from __future__ import annotations

import re
from typing import Any

from bot.games.pixel_pusher.events import entry_event, log_event, reason_phrase, reasons_phrase
from bot.games.pixel_pusher.names import text_phrase
from bot.i18n import N_, SOURCE, t
from rendering.tiles import clean as clean_text

#: a colour's word, by pixel letter
COLOUR_WORDS = {"R": N_("red"), "G": N_("green"), "B": N_("blue"), "C": N_("cyan"), "M": N_("magenta"),
                "Y": N_("yellow"), "W": N_("white")}
#: n pixels of a colour, by pixel letter (``2 red``)
COLOUR_COUNTS = {"R": N_("{n} red"), "G": N_("{n} green"), "B": N_("{n} blue"), "C": N_("{n} cyan"),
                 "M": N_("{n} magenta"), "Y": N_("{n} yellow"), "W": N_("{n} white")}
#: a phase's short word (the image's stepper)
PHASE_WORDS = {"draft": N_("Draft"), "build": N_("Build"), "collect": N_("Collect"), "convert": N_("Convert"),
               "score": N_("Score"), "finished": N_("Game over")}
#: a phase's full name (posts and alt texts)
PHASE_LONG = {"draft": N_("Draft"), "build": N_("Build"), "collect": N_("Collect"),
              "convert": N_("Convert & Store"), "score": N_("Score"), "finished": N_("finished")}


def tr(lang: str, message: Any) -> str:
    """A clause or a catalogue message (an engine's ``Phrase``, a card name) in ``lang``."""
    return t(lang, message if isinstance(message, str) else str(message))  # a Phrase by its template


def colour_word(colour: Any, lang: str = SOURCE) -> str:
    """A pixel letter's colour word (``red``); an unknown letter as it is."""
    word = COLOUR_WORDS.get(str(colour))
    return t(lang, word) if word else str(colour)


def pixel_words(counts: dict[str, int], lang: str = SOURCE) -> str:
    """``2 red + 1 green`` for a colour-count dict (words a screen reader reads as they are)."""
    words = [t(lang, COLOUR_COUNTS[c], n=n) if c in COLOUR_COUNTS else f"{n} {c}" for c, n in counts.items() if n]
    return " + ".join(words) or t(lang, "nothing")


def phase_name(phase: Any, lang: str = SOURCE, short: bool = False) -> str:
    """A phase in words (``short``: the stepper's word, ``Convert``)."""
    word = (PHASE_WORDS if short else PHASE_LONG).get(str(phase))
    return t(lang, word) if word else str(phase or "?").capitalize()


def card_name(card: Any, lang: str = SOURCE, fallback: str = "") -> str:
    """A card's (or image card's) name in ``lang``, else its id or ``fallback``."""
    if not isinstance(card, dict):
        return fallback
    name = card.get("name")
    return t(lang, str(name)) if name else str(card.get("id") or fallback)


def card_text(card: Any, lang: str = SOURCE) -> str:
    """A machine or ability card's rule text in ``lang`` (rebuilt from the card), else its text as it is."""
    if not isinstance(card, dict):
        return ""
    try:
        phrase = text_phrase(card)
    except (KeyError, TypeError, ValueError, AttributeError):
        phrase = None
    if phrase is not None and (not card.get("text") or str(phrase) == str(card.get("text"))):
        return tr(lang, phrase)
    return str(card.get("text") or "")


def seat_word(seat: int, lang: str = SOURCE) -> str:
    """A seat without a name: ``Seat 2``."""
    return t(lang, "Seat {n}", n=seat + 1)


def named(text: str, shown: list[str]) -> str:
    """OLD STATES ONLY (a log line stored before ``log_events``): ``text`` with the engine's ``Seat n`` replaced
    by the display name of seat n-1."""
    def _swap(m: re.Match) -> str:
        k = int(m.group(1)) - 1
        return shown[k] if 0 <= k < len(shown) else m.group(0)
    return re.sub(r"\bSeat (\d+)\b", _swap, text)


def log_line(line: str, shown: list[str], lang: str = SOURCE, entry: Any = None) -> str:
    """One of the engine's log entries in ``lang``, seats named: from its event ``entry`` (``view["log_events"]``),
    else (a state stored before them) its English ``line`` read back."""
    def seat(index: int) -> str:
        return shown[index] if 0 <= index < len(shown) else seat_word(index, lang)
    event = entry_event(entry, seat)
    if event is not None:
        return t(lang, event[0], **event[1])
    event = log_event(line)
    if event is None:
        return named(line, shown)
    template, fields = event
    fields = {k: named(v, shown) if type(v) is str else v for k, v in fields.items()}
    return t(lang, template, **fields)


def log_entries(view: Any) -> list[tuple[str, Any]]:
    """A view's log as (English line, event or None) pairs: its ``log_events`` when they match the ``log``."""
    view = view if isinstance(view, dict) else {}
    lines = [str(e) for e in view.get("log") or []]
    events = view.get("log_events")
    events = events if isinstance(events, list) and len(events) == len(lines) else [None] * len(lines)
    return [(line, event) for line, event in zip(lines, events, strict=True) if line]


def reason_words(reason: Any, lang: str = SOURCE) -> str:
    """A result's reason in ``lang``: ``reason`` the result (its ``reason_keys``; a state stored before them: its
    English ``reason``) or the English reason itself."""
    if isinstance(reason, dict):
        keys = reason.get("reason_keys")
        if isinstance(keys, list) and keys:
            return tr(lang, reasons_phrase(keys))
        reason = reason.get("reason")
    text = str(reason or "").replace("_", " ").strip()
    return tr(lang, reason_phrase(text)) if text else ""


def drawable(text: str, fallback: str = "?") -> str:
    """``text`` made drawable (``rendering.tiles.clean``), keeping the pseudo-language's brackets, so a test can
    still tell which drawn words came from the catalogue."""
    if "⟦" not in text and "⟧" not in text:
        return clean_text(text, fallback)
    out = []
    for part in re.split(r"([⟦⟧])", text):
        core = part if part in ("⟦", "⟧") else clean_text(part, "")
        if core and part not in ("⟦", "⟧"):
            core = (" " if part[:1].isspace() else "") + core + (" " if part[-1:].isspace() else "")
        out.append(core or (" " if part.isspace() else ""))
    return "".join(out).strip() or fallback
