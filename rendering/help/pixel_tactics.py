"""Where the Pixel Tactics board's regions are, for its board guide (its lower half: one unit, the round
bar and the player's bar): the round, rows, columns, the Leader, a Hero, the Reserve, a Trap, the bar."""

from __future__ import annotations

from rendering.help.callouts import Callout, text_is, text_starts
from rendering.theme import TextRecord

#: the words an empty slot shows
SLOT_WORDS = {"left", "centre", "right", "reserve 2", "reserve 3", "Trap"}


def in_row(label: str, column: int):
    """Match the name on a card in the unit's ``label`` row, ``column`` 0–2 from the left."""

    def match(rec: TextRecord, records: list[TextRecord]) -> bool:
        rows = [r for r in records if r.text == label]
        if not rows or rec.text in SLOT_WORDS or not rec.text[:1].isalpha():
            return False
        row, width = rows[0], max(r.box[2] for r in records)
        third = (rec.box[0] + rec.box[2]) / 2 * 3 // width
        return row.box[1] - 40 <= rec.box[1] <= row.box[3] and third == column and rec.box[0] > row.box[2]

    return match


CALLOUTS = [
    Callout("round", text_starts("Round "), ("right", "left"), gap=22),
    Callout("rows", text_is("Flank"), ("above", "below", "right")),
    Callout("columns", text_is("centre"), ("right", "left", "below")),
    Callout("leader", in_row("Flank", 1), ("right", "below")),
    Callout("hero", in_row("Vanguard", 0), ("right", "below")),
    Callout("reserve", text_is("Reserve"), ()),
    Callout("trap", text_is("Trap"), ("right", "left"), gap=18),
    Callout("bar", text_starts("Hand "), ("left",), gap=90),
]


def crop(records: list[TextRecord], height: int) -> tuple[int, int]:
    """Return the rows shown: from the round bar to the bottom (one unit; the other is its mirror)."""
    bar = next((r for r in records if r.text.startswith("Round ")), None)
    return (max(0, bar.box[1] - 22), height) if bar else (0, height)
