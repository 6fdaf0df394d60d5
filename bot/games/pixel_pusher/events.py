"""Pixel Pusher moves as events: an English template marked for the catalogue and its fields (names are
``Phrase`` fields), which the application words in a member's language; filled in English, an event is the
engine's sentence (``describe_action``, the move log).

The engine records each public log entry as an event next to its English line (``state["log_events"]``,
``board.note``) and a result's reason as keys (``result["reason_keys"]``): ``entry_event`` and ``reasons_phrase``
read them. ``log_event`` and ``reason_phrase`` read the English back with patterns, ONLY for states stored before
the events were recorded.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..base import N_, Action, Phrase
from .board import State
from .content import MACHINES, recipe_text
from .ending import REASONS as REASON_KEYS
from .names import card_phrase, image_phrase, name_phrase
from .score import scanline

Event = tuple[str, dict[str, Any]]

#: storing or taking out a pixel, by colour
_STORED = {"R": N_("stored a red pixel"), "G": N_("stored a green pixel"), "B": N_("stored a blue pixel"),
           "C": N_("stored a cyan pixel"), "M": N_("stored a magenta pixel"), "Y": N_("stored a yellow pixel"),
           "W": N_("stored a white pixel")}
_UNSTORED = {"R": N_("took out of storage a red pixel"), "G": N_("took out of storage a green pixel"),
             "B": N_("took out of storage a blue pixel"), "C": N_("took out of storage a cyan pixel"),
             "M": N_("took out of storage a magenta pixel"), "Y": N_("took out of storage a yellow pixel"),
             "W": N_("took out of storage a white pixel")}
#: a secret Convert & Store step as the others read it
_WORKED = N_("worked on their machine")


def describe_event(state: State, player: int, action: Action, private: bool) -> Event:
    """The event of ``player``'s (canonical) ``action`` from ``state``, before it is applied (``private``: as
    its player reads it, naming drafted cards and secret steps)."""
    kind = action["type"]
    if kind == "pick":
        return (N_("picked {card}"), {"card": card_phrase(action["card"])}) if private else (N_("made a pick"), {})
    if kind == "install":
        return N_("installed {card} in slot {slot}"), {"card": name_phrase(MACHINES[action["card"]]["name"]),
                                                       "slot": action["slot"]}
    if kind == "pixel":
        card = action.get("card") or state["hands"][player][0]
        if private:
            return N_("discarded {card} to take a random pixel"), {"card": card_phrase(card)}
        return N_("discarded a card to take a random pixel"), {}
    if kind == "flip":
        return N_("flipped their board to the {side} side"), {
            "side": "6-1" if state["boards"][player]["side"] == "A" else "1-6"}
    if kind == "convert":
        if not private:
            return _WORKED, {}
        return N_("converted {recipe} with {card}"), {"recipe": recipe_text(action["pay"], action["gain"]),
                                                      "card": card_phrase(action["source"])}
    if kind in ("store", "unstore"):
        if not private:
            return _WORKED, {}
        return (_STORED if kind == "store" else _UNSTORED)[action["color"]], {}
    if kind == "confirm":
        return N_("confirmed Convert & Store"), {}
    if kind == "fill":
        line = scanline(action["image"], action["row"])
        return N_("filled row {row} of {image} for {vp} VP"), {"row": action["row"] + 1,
                                                               "image": image_phrase(action["image"]),
                                                               "vp": line["vp"]}
    if kind == "done":
        return N_("finished scoring"), {}
    raise KeyError(kind)


def event_text(event: Event) -> str:
    """The event in English (the engine's sentence)."""
    template, fields = event
    return template.format(**fields) if fields else template


# ---------------------------------------------------------------- the log's lines
#: every sentence the engine writes to a state's ``log`` (fields named as ``_NAMED`` says)
LOG_TEMPLATES = (
    N_("{seat} installed {card} in slot {slot}."),
    N_("{seat} discarded a card and took nothing (the bag is empty) from the bag."),
    N_("{seat} discarded a card and took a {colour} pixel from the bag."),
    N_("{seat} flipped their board to the {side} side."),
    N_("Collect: {seats}."),
    N_("{seat} collected {n} {colour} from segment {segment}."),
    N_("{seat} needed {n} {colour} on segment {segment}: none taken."),
    N_("Generate: {n} new pixels on segment 1."),
    N_("{seat} has nothing to convert or store."),
    N_("Convert & Store is over."),
    N_("Round {round}: the draft begins ({n} cards a hand)."),
    N_("Everyone picked: the hands pass left."),
    "{seat} drafted {n} machine card(s) and no ability card.",  # read back as counted messages (``_counted``)
    "{seat} drafted {n} machine card(s) and {abilities}.",
    N_("{seat} left the game."),
    N_("Game over: {seats} won."),
    N_("{seat} filled row {row} of {image} for {vp} VP."),
    N_("{image} is finished; no image card is left to replace it."),
    N_("{image} is finished; {new} replaces it."),
)
#: the fields that hold names (a card or image name, or a list of ability names)
_NAMED = {"card", "image", "new"}
_LISTED = {"abilities"}


def _pattern(template: str) -> re.Pattern[str]:
    """A template as a regular expression, each field a lazy group."""
    parts = re.split(r"\{(\w+)\}", template)
    return re.compile("".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts)) + r"\Z")


_PATTERNS = [(template, _pattern(template)) for template in LOG_TEMPLATES]


def names_phrase(names: list[str]) -> Phrase:
    """Names joined with commas, each translated where shown."""
    fields = {f"n{i}": name_phrase(name) for i, name in enumerate(names)}
    return Phrase(", ".join("{" + key + "}" for key in fields), **fields)


def _counted(template: str, fields: dict[str, Any]) -> str:
    """A log template that counts as its counted message (a ``Phrase`` with the line's fields: a language with
    plural forms words the count), any other template as it is. The English forms are the stored sentence, which
    words the count for any number (``machine card(s)``): games keep their logs, and a line reads back as it is."""
    if "machine card(s)" not in template:
        return template
    n = int(fields["n"])
    if "abilities" in fields:
        return Phrase.counted("{seat} drafted {n} machine card(s) and {abilities}.",
                              "{seat} drafted {n} machine card(s) and {abilities}.", n, **fields)
    return Phrase.counted("{seat} drafted {n} machine card(s) and no ability card.",
                          "{seat} drafted {n} machine card(s) and no ability card.", n, **fields)


def entry_event(entry: Any, seat: Callable[[int], str]) -> Event | None:
    """A log entry the engine recorded as an event (``{"template", "fields"}``, ``board.note``) as an event to
    word: seats named by ``seat(index)``, card and image names and ability lists as catalogue phrases, a counted
    sentence's template a counted ``Phrase``; None when it is not one of the log's templates."""
    if not isinstance(entry, dict) or entry.get("template") not in LOG_TEMPLATES:
        return None
    fields: dict[str, Any] = dict(entry.get("fields") or {})
    if "seat" in fields:
        fields["seat"] = seat(int(fields["seat"]))
    if "seats" in fields:
        fields["seats"] = ", ".join(seat(int(s)) for s in fields["seats"])
    for key in _NAMED & fields.keys():
        fields[key] = name_phrase(fields[key])
    for key in _LISTED & fields.keys():
        fields[key] = names_phrase(list(fields[key]))
    return _counted(entry["template"], fields), fields


def log_event(line: str) -> Event | None:
    """OLD STATES ONLY (stored before ``log_events``; new entries are read by ``entry_event``): one English log
    line read back as its event (the engine's ``Seat n`` left in the fields; a counted sentence's template a
    counted ``Phrase``), or None when no log template reads it."""
    for template, pattern in _PATTERNS:
        match = pattern.match(line)
        if match is None:
            continue
        fields: dict[str, Any] = dict(match.groupdict())
        for key in _NAMED & fields.keys():
            fields[key] = name_phrase(fields[key])
        for key in _LISTED & fields.keys():
            fields[key] = names_phrase(fields[key].split(", "))
        return _counted(template, fields), fields
    return None


#: the parts of a result's reason (joined with ``; ``)
REASONS = (N_("the machine deck is empty"), N_("every other player left"),
           N_("tied on points and pixels: a shared victory"), N_("the tie on points was broken by pixels on the board"))


def reasons_phrase(keys: list[str]) -> Phrase:
    """A result's reason from the engine's ``reason_keys`` as a clause, each part its catalogue message."""
    parts = {f"r{i}": Phrase(REASON_KEYS[key]) for i, key in enumerate(keys) if key in REASON_KEYS}
    return Phrase("; ".join("{" + key + "}" for key in parts), **parts)


def reason_phrase(reason: str) -> Phrase:
    """OLD STATES ONLY (stored before ``reason_keys``; see ``reasons_phrase``): a result's English reason (``the
    machine deck is empty; …``) split back into a clause, each part its catalogue message."""
    parts = {f"r{i}": Phrase(part) for i, part in enumerate(reason.split("; "))}
    return Phrase("; ".join("{" + key + "}" for key in parts), **parts)
