"""A deliberately simple brute-force reference for Tixel's legal moves (the tests cross-check moves.py).

It shares nothing with the fast generator but the canonical slide form: it works on the JSON board
with direction names and (dx, dy) vectors, enumerates every candidate action field by field, applies
each one to a copy of the board the slow obvious way and tests the fit rule on the whole board.
"""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

from .actions import canonical_slide

Board = dict[str, dict[str, Any]]
Action = dict[str, Any]

NAMES = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]  # clockwise, 45° apart
VECTOR = {"N": (0, 1), "NE": (1, 1), "E": (1, 0), "SE": (1, -1), "S": (0, -1), "SW": (-1, -1),
          "W": (-1, 0), "NW": (-1, 1)}
SIDES = ["N", "E", "S", "W"]
CORNERS = ["NE", "SE", "SW", "NW"]
ALL_SQUARES = [f + r for r in "123456" for f in "abcdef"]


def rotate(name: str, eighths: int) -> str:
    """Turn a direction name by ``eighths`` × 45° clockwise."""
    return NAMES[(NAMES.index(name) + eighths) % 8]


@cache
def step(square: str, direction: str) -> str | None:
    """Return the square one step away in ``direction`` (None off the board)."""
    dx, dy = VECTOR[direction]
    f, r = "abcdef".find(square[0]) + dx, int(square[1]) + dy
    return "abcdef"[f] + str(r) if 0 <= f < 6 and 1 <= r <= 6 else None


def rounded(piece: dict[str, Any]) -> str | None:
    """Return where a Poka Yoke piece's rounded corner points: the end of its hollow edge on the round side."""
    if piece["kind"] != "poka":
        return None
    return rotate(piece["hollow"], 1 if piece["round"] == "cw" else -1)


def fits(board: Board) -> bool:
    """The fit rule, checked for every sharp corner of every active piece."""
    for square, piece in board.items():
        if not piece["active"]:
            continue
        for corner in SIDES:
            if corner == rounded(piece):
                continue
            target = step(square, corner)
            other = board.get(target) if target else None
            if other is not None and (other["active"] or other["hollow"] != rotate(corner, 4)):
                return False
    return True


def _piece(owner: int, kind: str, active: bool, hollow: str | None, rnd: str | None) -> dict[str, Any]:
    """A piece without id."""
    return {"owner": owner, "kind": kind, "active": active, "hollow": hollow, "round": rnd}


def well_formed(kind: str, active: bool, hollow: str | None, rnd: str | None) -> bool:
    """Whether a piece description is physically possible."""
    if kind == "tix":
        return hollow is None and rnd is None
    if hollow is None or (rnd is not None) != (kind == "poka"):
        return False
    return hollow in (CORNERS if active else SIDES)


def has_slide(board: Board, player: int) -> bool:
    """Whether ``player`` has an active piece with a legal slide."""
    return bool(slides(board, player, first=True))


def slide_board(board: Board, frm: str, to: str, stance: str | None, trn: str | None) -> Board | None:
    """Return the board after a slide (None if the path is not a straight line of empty squares)."""
    if frm == to:
        return None
    direction = next((d for d in SIDES if to in _ray(frm, d)), None)
    if direction is None:
        return None
    ray = _ray(frm, direction)
    path = ray[: ray.index(to) + 1]
    if any(sq in board for sq in path):
        return None
    new = {sq: dict(p) for sq, p in board.items()}
    slider = new.pop(frm)
    ahead = step(to, direction)
    mx, my = VECTOR[direction]
    for square in path:
        for corner in SIDES:
            neighbour = step(square, rotate(corner, 4))  # the piece whose `corner` points into `square`
            piece = new.get(neighbour) if neighbour else None
            if piece is None or not piece["active"] or neighbour == ahead or corner == rounded(piece):
                continue
            cx, cy = VECTOR[corner]
            cross = cx * my - cy * mx  # > 0: the motion lies counter-clockwise of the corner
            if cross == 0:
                continue  # in line with the motion: not dragged
            piece["hollow"] = None if piece["hollow"] is None else rotate(piece["hollow"], -1 if cross > 0 else 1)
            piece["active"] = False
    if slider["kind"] == "tix":
        new[to] = _piece(slider["owner"], "tix", trn is not None, None, None)
    else:
        hollow = stance if trn is None else rotate(stance, 1 if trn == "cw" else -1)
        new[to] = _piece(slider["owner"], slider["kind"], trn is not None, hollow, slider["round"])
    return new


@cache
def _ray(square: str, direction: str) -> tuple[str, ...]:
    """The squares from ``square`` (excluded) to the edge."""
    out = []
    nxt = step(square, direction)
    while nxt:
        out.append(nxt)
        nxt = step(nxt, direction)
    return tuple(out)


def slides(board: Board, player: int, first: bool = False) -> list[Action]:
    """Every legal slide of ``player``, canonical and without duplicates (just one if ``first``)."""
    found: dict[str, Action] = {}
    for frm, piece in board.items():
        if piece["owner"] != player or not piece["active"]:
            continue
        stances = [None] if piece["kind"] == "tix" else SIDES
        for to, stance in itertools.product(ALL_SQUARES, stances):
            if to[0] != frm[0] and to[1] != frm[1]:
                continue  # not on one line: slide_board would refuse it anyway
            fit = {}
            for trn in ("cw", "ccw", None):
                after = slide_board(board, frm, to, stance, trn)
                fit[trn] = after is not None and fits(after)
            for trn in ("cw", "ccw", None):
                if not fit[trn] or trn is None and (fit["cw"] or fit["ccw"]):
                    continue  # does not fit; or it could be active, so it is no sacrifice
                st, t = canonical_slide(piece["kind"], stance, trn)
                action = {"type": "slide", "from": frm, "to": to, "stance": st, "turn": t}
                found[repr(sorted(action.items(), key=str))] = action
                if first:
                    return [action]
    return list(found.values())


def places(board: Board, player: int, pool: dict[str, int]) -> list[Action]:
    """Every legal placement from ``pool`` (placement permission not checked)."""
    out = []
    for square, kind in itertools.product(ALL_SQUARES, ["tixel", "tix", "poka"]):
        if square in board or pool[kind] <= 0:
            continue
        fitting = []
        for active, hollow, rnd in itertools.product([True, False], NAMES + [None], ["cw", "ccw", None]):
            if well_formed(kind, active, hollow, rnd) and fits({**board, square: _piece(player, kind, active, hollow, rnd)}):
                fitting.append((active, hollow, rnd))
        if any(active for active, _, _ in fitting):
            fitting = [f for f in fitting if f[0]]
        out += [{"type": "place", "kind": kind, "square": square, "active": a, "hollow": h, "round": r}
                for a, h, r in fitting]
    return out


def bonus(board: Board, player: int, locked: str | None) -> list[Action]:
    """Every legal activate, pivot and pick-up of ``player``."""
    out = []
    for square, piece in board.items():
        if piece["owner"] != player:
            continue
        for hollow in CORNERS + [None]:
            turned = {**piece, "active": True, "hollow": hollow}
            if not well_formed(piece["kind"], True, hollow, piece["round"]):
                continue
            if not fits({**board, square: turned}):
                continue
            if not piece["active"]:
                if piece["kind"] == "tix" or hollow in (rotate(piece["hollow"], 1), rotate(piece["hollow"], -1)):
                    out.append({"type": "activate", "square": square, "hollow": hollow})
            elif piece["kind"] != "tix" and hollow != piece["hollow"]:
                out.append({"type": "pivot", "square": square, "hollow": hollow})
        if square != locked:
            out.append({"type": "pickup", "square": square})
    return out


def legal_actions(state: dict[str, Any], player: int) -> list[Action]:
    """Every legal action of ``player``, found by brute force from the rules."""
    if state["status"] != "playing":
        return []
    phase, seat = state["phase"], state["turn_seat"]
    if phase == "draw":
        return [{"type": "accept_draw"}, {"type": "decline_draw"}] if player != seat else []
    if player != seat:
        return []
    board = state["board"]
    if phase == "move":  # the board is the turn's starting board: recompute the right to place
        may = not state["placed"][player] or has_slide(board, player)
    else:
        may = state["can_place"]
    out = places(board, player, state["pools"][player]) if may else []
    out += slides(board, player)
    if phase == "bonus":
        out += bonus(board, player, state["bonus"]["locked"]) + [{"type": "end"}]
    elif not state["offered"]:
        out.append({"type": "offer_draw"})
    return out
