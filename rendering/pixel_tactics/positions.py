"""Pixel Tactics positions in words (pure): ``V0`` → ``Vanguard left``; a public view's sentences for people.

Shared by the bot's posts and labels (``cogs/pixel_tactics/labels.py``, ``cogs/pixel_tactics/game_posts.py``) and the
offline demo (``rendering/public.py``), so that a table image says the same wherever it is drawn.

``humanize`` rewrites the engine's English (``Seat 2``, ``(0:L)``, ``to V1``) with regular expressions. It is kept
ONLY for what has no event: a result reason stored before the engine recorded ``result["reason_event"]``, and
``/game log``'s last-resort sentence for a stored move the events cannot word (``bot.move_words``). Everything
live is worded from events and structured view fields."""

from __future__ import annotations

import re

from bot.games.pixel_tactics.events import result_event
from bot.i18n import N_, SOURCE, t

WAVES = {"V": N_("Vanguard"), "F": N_("Flank"), "R": N_("Rear")}
COLUMNS = {"0": N_("left"), "1": N_("centre"), "2": N_("right")}

_REF = re.compile(r"\((\d):(L|[VFRX]\d)\)")
_SEAT = re.compile(r"\bSeat (\d)\b")
_TO_SLOT = re.compile(r"\b(to|into|in|from) ([VFRX][0-2])\b")


def position_name(slot: str, siege: bool = False) -> str:
    """Return e.g. ``Vanguard left`` for ``V0``, ``Leader`` for ``L`` (in Siege ``Flank centre``: no Leader),
    ``reserve 2`` for ``X1``, ``fortress behind the left column`` for Siege's ``fortress0``."""
    if slot.startswith("fortress"):
        return f"fortress behind the {COLUMNS.get(slot[8:], slot[8:])} column"
    if slot == "L":
        return "Flank centre" if siege else "Leader"
    if slot.startswith("X"):
        return f"reserve {int(slot[1:]) + 1}"
    return f"{WAVES.get(slot[0], slot[0])} {COLUMNS.get(slot[1:], slot[1:])}"


def humanize(text: str, names: list[str], siege: bool = False) -> str:
    """Return an engine sentence with seats as names and positions in words, e.g.
    ``Seat 2 attacks Stonehide (0:L)`` → ``Bob attacks Stonehide (Ada's Leader)`` (``siege``: ``L`` is the
    Flank centre)."""
    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"
    text = _REF.sub(lambda m: f"({name(int(m[1]))}'s {position_name(m[2], siege)})", text)
    text = _SEAT.sub(lambda m: name(int(m[1]) - 1), text)
    return _TO_SLOT.sub(lambda m: f"{m[1]} the {position_name(m[2], siege)}", text)


def named_view(view: dict, names) -> dict:
    """Return a public view whose sentences for people (the Trap window's, the result's) use names, in English
    (raw: for the image; escape them before putting them in a message): the Trap window's from ``window_seat``,
    the result's from its ``reason_event`` (a state stored before it: its English reason through ``humanize``)."""
    names = list(names)
    siege = view.get("mode") == "siege"  # no Leader: "L" is the centre Flank space
    if view.get("waiting"):
        seat = view.get("window_seat")
        who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else None
        view = {**view, "waiting": t(SOURCE, "Waiting: {name} may respond.", name=who) if who is not None
                else t(SOURCE, "Waiting for a response.")}
    result = view.get("result") or {}
    if result.get("reason"):
        event = result_event(result, names) if "reason_event" in result else None
        reason = t(SOURCE, event[0], **event[1]) if event else humanize(result["reason"], names, siege)
        view = {**view, "result": {**result, "reason": reason}}
    return view
