"""Each game's "how to read this board" image (``guide``): the board of a real position with lettered callouts
(``callouts``) on the regions each game's module names; the post explains the letters in text."""

from __future__ import annotations

from rendering.help.guide import GUIDES, Guide, board_of, guide_parts, keys, render_guide

__all__ = ["GUIDES", "Guide", "board_of", "guide_parts", "keys", "render_guide"]
