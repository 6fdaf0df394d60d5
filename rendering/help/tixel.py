"""Where the Tixel board's regions are, for its board guide: turn, whose move, the last move, squares,
a player's panel and pool, the pieces' legend."""

from __future__ import annotations

from rendering.help.callouts import Callout, text_ends, text_is, text_starts
from rendering.theme import TextRecord


def _names_a_panel(rec: TextRecord, records: list[TextRecord]) -> bool:
    """Whether ``rec`` is a player's name heading their panel (the text just before their colour and pool)."""
    after = records[records.index(rec) + 1:records.index(rec) + 2]
    return bool(after) and after[0].text.endswith("· in pool")


CALLOUTS = [
    Callout("turn", text_starts("Turn "), ("right",)),
    Callout("to_move", text_ends(" to move"), ("left", "below"), gap=22),
    Callout("last", text_starts("Last:"), ("right", "below")),
    Callout("squares", text_is("a"), ("left", "below")),
    Callout("player", lambda r, rs: r.box[0] > 600 and _names_a_panel(r, rs), ("right", "below-right")),
    Callout("pool", lambda r, rs: r.box[0] > 600 and r.text.startswith("×"), ("right", "below")),
    Callout("pieces", text_starts("notch"), ("right", "above")),
]
