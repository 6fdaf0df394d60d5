"""Where the Pixel Pusher board's regions are, for its board guide: the round's phases, the conveyor, the
supply, a machine board, storage, the order tokens, the image cards, a filled scanline, the score track."""

from __future__ import annotations

from rendering.help.callouts import Callout, between, text_is, text_starts

CALLOUTS = [
    Callout("phases", text_is("Draft"), ("below", "below-right")),
    Callout("conveyor", text_is("Conveyor"), ("right", "above-right")),
    Callout("supply", text_is("Supply"), ("above-right", "below-right", "right")),
    Callout("board", text_is("Slot 1"), ("above-right", "right", "left")),
    Callout("stored", text_is("Stored"), ("above-right", "below-right", "right")),
    Callout("tokens", text_starts("1st to "), ("left", "above")),
    Callout("images", text_is("Images"), ("above-right", "right")),
    Callout("filled", lambda r, rs: r.text.isdigit() and r.px < 24 and between(r, rs, "Images", "Score track")
            and r.box[0] > 600 and not r.text.endswith("VP"), ("above", "left", "below")),
    Callout("score", text_is("Score track"), ("right",)),
]
