"""``/game describe`` for Tixel: the whole board in words, rank by rank, from the (public) view."""

from __future__ import annotations

from typing import Any

from bot.i18n import N_, SOURCE, t
from rendering.tixel.alt import board_lines, colour_word, piece_words
from rendering.tixel.pieces import FILES, RANKS, colour_of

View = dict[str, Any]

HOW = N_("To move, use /tixel move: its autocomplete lists your legal moves as you type.")
#: the viewer's colour, by colour
YOU_PLAY = {"white": N_("You play white."), "black": N_("You play black.")}


def rank_words(view: View, rank: str, lang: str = SOURCE) -> str:
    """One rank of the board, file by file: ``Rank 6: a6 empty, b6 white active tixel hollow NE, …``."""
    board = view.get("board") or {}
    squares = []
    for file in FILES:
        piece = board.get(file + rank)
        if isinstance(piece, dict) and isinstance(piece.get("owner"), int):
            squares.append(f"{file}{rank} {colour_word(view, piece['owner'], lang)} {piece_words(piece, 0, lang)}")
        else:
            squares.append(t(lang, "{square} empty", square=file + rank))
    return t(lang, "Rank {rank}: {squares}.", rank=rank, squares=", ".join(squares))


def describe(view: View, names: list[str], viewer: int | None = None, lang: str = SOURCE) -> str:
    """Return the board in words: the alt text's sentences at full detail, then every rank from 6 down to 1."""
    to = t(lang, "to")
    lines = [line.replace("→", f" {to} ") for line in board_lines(view, names, 0, 60, lang)]
    if viewer in (0, 1):
        lines.insert(1, t(lang, YOU_PLAY[colour_of(view, viewer)]))
    lines.append(t(lang, "The board, files a to f from left to right, rank 6 at the top:"))
    lines += [rank_words(view, rank, lang) for rank in reversed(RANKS)]
    if view.get("status") != "finished":
        lines.append(t(lang, HOW))
    return "\n".join(lines)
