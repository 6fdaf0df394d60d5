"""Pixel Pusher images: the public board (:mod:`.public`: conveyor, supply, machine boards in :mod:`.boards`, image
cards in :mod:`.images`), a player's private image (:mod:`.private`, hand card faces in :mod:`.faces`), the drawing
parts (:mod:`.parts`), the words (:mod:`.words`), alt texts (:mod:`.alt`, :mod:`.private_alt`) and ``/game
describe`` (:mod:`.describe`).

Re-exports the names callers import from ``rendering.pixel_pusher``.
"""

from rendering.pixel_pusher.alt import alt_board
from rendering.pixel_pusher.private import render_private
from rendering.pixel_pusher.private_alt import alt_private
from rendering.pixel_pusher.public import M, W, render_board, render_board_part, warm

__all__ = ["render_board", "render_board_part", "render_private", "alt_board", "alt_private", "warm", "M", "W"]
