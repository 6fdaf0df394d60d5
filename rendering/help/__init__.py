"""Each game's "how to read this board" image (``guide``): the board of a real position with lettered callouts
(``callouts``) on the regions each game's module names, and a key below."""

from __future__ import annotations

from rendering.help.guide import GUIDES, Guide, board_of, keys, render_guide

__all__ = ["GUIDES", "Guide", "board_of", "keys", "render_guide"]
