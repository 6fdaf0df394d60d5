"""Hand-built Tixel positions for tests and render previews (pools kept consistent with the board).

A piece is written as its seat followed by the orientation part of the notation: ``"0^NE"`` (seat 0,
tixel, active, hollow NE), ``"1=S"`` (seat 1, inactive, hollow S), ``"0T^"`` / ``"0T="`` (Tix),
``"1Y^NE>"`` (Poka Yoke, round cw; ``<`` = ccw).
"""

from __future__ import annotations

import re
from typing import Any

from .geometry import INDEX, cells_of
from .rules import POOL_SIZE, State, check_invariants, copy_state, finish, has_move, may_place

_PIECE = re.compile(r"([01])([TY]?)([\^=])(NE|NW|SE|SW|N|E|S|W)?([<>]?)")


def piece(spec: str, pid: int = 0) -> dict[str, Any]:
    """Return the JSON piece written as ``spec`` (e.g. ``"1Y^NE>"``)."""
    match = _PIECE.fullmatch(spec)
    if not match:
        raise ValueError(f"bad piece spec {spec!r}")
    seat, kind, mark, hollow, rnd = match.groups()
    return {
        "id": pid, "owner": int(seat), "kind": {"": "tixel", "T": "tix", "Y": "poka"}[kind],
        "active": mark == "^", "hollow": hollow, "round": {">": "cw", "<": "ccw", "": None}[rnd],
    }


def arrange(
    state: State,
    board: dict[str, str],
    to_move: int,
    *,
    placed: list[bool] | None = None,
    promotions: list[int] | None = None,
    bonus_locked: str | None = None,
    chain: int = 1,
    pools: list[dict[str, int]] | None = None,
) -> State:
    """Return a copy of a fresh state with ``board`` set up and ``to_move`` at the start of a turn.

    ``bonus_locked`` (a square) puts ``to_move`` in a bonus move instead, that piece locked. Pools hold
    whatever is not on the board (promoted Poka Yoke pieces included) unless given. The turn starts
    as the engine starts turns: the right to place is fixed, and a player without a legal move loses.
    """
    new = copy_state(state)
    new["board"] = {}
    for i, (square, spec) in enumerate(sorted(board.items(), key=lambda kv: INDEX[kv[0]])):
        new["board"][square] = piece(spec, i + 1)
    new["next_id"] = len(board) + 1
    new["promotions"] = list(promotions) if promotions is not None else [
        sum(1 for p in new["board"].values() if p["owner"] == s and p["kind"] == "poka") for s in (0, 1)
    ]
    if pools is None:
        pools = []
        tix = new["options"]["tix"]
        for s in (0, 1):
            mine = [p["kind"] for p in new["board"].values() if p["owner"] == s]
            promoted = new["promotions"][s]
            pools.append({
                "tixel": POOL_SIZE - tix - promoted - mine.count("tixel"),
                "tix": tix - mine.count("tix"),
                "poka": promoted - mine.count("poka"),
            })
    new["pools"] = [dict(p) for p in pools]
    new["placed"] = list(placed) if placed is not None else [
        any(p["owner"] == s for p in new["board"].values()) for s in (0, 1)
    ]
    new.update(turn_seat=to_move, phase="move", bonus=None, offered=False, draw_offer=None, last_move=None)
    cells = cells_of(new["board"])
    if bonus_locked is not None:
        new.update(phase="bonus", can_place=True)
        new["bonus"] = {"seat": to_move, "chain": chain, "locked": bonus_locked}
    else:
        new["can_place"] = may_place(new, cells, to_move)
        if not has_move(new, cells, to_move):
            finish(new, [1 - to_move], "no legal move")
    check_invariants(new)
    return new
