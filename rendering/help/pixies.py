"""Where the Pixies table's regions are, for its board guide: round, whose turn, the offer, a card, a grid,
points."""

from __future__ import annotations

from rendering.help.callouts import Callout, text_ends, text_is, text_starts

CALLOUTS = [
    Callout("round", text_starts("Round "), ("right", "below")),
    Callout("turn", lambda r, _rs: r.box[1] < 80 and r.box[0] > 300, ("left", "below"), gap=22),
    Callout("now", text_starts("Choose"), ("right",)),
    Callout("offer", text_is("Offer"), ("right", "left")),
    Callout("card", lambda r, _rs: r.px >= 50, ("left", "below-left"), gap=30),
    Callout("grid", lambda r, _rs: r.text == "2" and r.px >= 30 and r.box[0] > 400, ()),  # above the grid, not in a space
    Callout("pts", text_ends(" pts"), ("left", "below"), nth=1),
]
