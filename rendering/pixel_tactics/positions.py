"""Pixel Tactics positions and engine sentences in words (pure): ``V0`` → ``Vanguard left``, ``Seat 2`` → a name.

Shared by the bot's posts and labels (``cogs/pt_labels.py``, ``cogs/pixel_tactics/game_posts.py``) and the
offline demo (``rendering/public.py``), so that a table image says the same wherever it is drawn."""

from __future__ import annotations

import re

from bot.i18n import N_

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
    """Return a public view whose sentences for people (the Trap window's, the result's) use names
    (raw: for the image; escape them before putting them in a message)."""
    names = list(names)
    siege = view.get("mode") == "siege"  # no Leader: "L" is the centre Flank space
    if view.get("waiting"):
        view = {**view, "waiting": humanize(view["waiting"], names, siege)}
    if (view.get("result") or {}).get("reason"):
        view = {**view, "result": {**view["result"], "reason": humanize(view["result"]["reason"], names, siege)}}
    return view
