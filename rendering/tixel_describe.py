"""``/game describe`` for Tixel: the whole board in words, rank by rank, from the (public) view."""

from __future__ import annotations

from typing import Any

from rendering.tixel import board_lines, piece_words
from rendering.tixel_pieces import FILES, RANKS, colour_of

View = dict[str, Any]

HOW = "To move, use /tixel move: its autocomplete lists your legal moves as you type."


def rank_words(view: View, rank: str) -> str:
    """One rank of the board, file by file: ``Rank 6: a6 empty, b6 white active tixel hollow NE, …``."""
    board = view.get("board") or {}
    squares = []
    for file in FILES:
        piece = board.get(file + rank)
        if isinstance(piece, dict) and isinstance(piece.get("owner"), int):
            squares.append(f"{file}{rank} {colour_of(view, piece['owner'])} {piece_words(piece, 0)}")
        else:
            squares.append(f"{file}{rank} empty")
    return f"Rank {rank}: {', '.join(squares)}."


def describe(view: View, names: list[str], viewer: int | None = None) -> str:
    """Return the board in words: the alt text's sentences at full detail, then every rank from 6 down to 1."""
    lines = [line.replace("→", " to ") for line in board_lines(view, names, 0, 60)]
    if viewer in (0, 1):
        lines.insert(1, f"You play {colour_of(view, viewer)}.")
    lines.append("The board, files a to f from left to right, rank 6 at the top:")
    lines += [rank_words(view, rank) for rank in reversed(RANKS)]
    if view.get("status") != "finished":
        lines.append(HOW)
    return "\n".join(lines)
