"""The Tixel state machine: state creation, legal actions and in-place transitions on a copied state.

State layout (all plain JSON)::

    game "tixel", seed, step (applied actions + resignations: the decision id), options {tix, poka_yoke},
    colors     -- ["white"|"black"] by seat
    status     -- "playing" | "finished"
    turn       -- player turns begun so far (1 = White's first turn)
    turn_seat  -- the seat whose turn it is
    phase      -- "move" | "bonus" | "draw" | None (finished)
    board      -- {square: piece} (docs/dev/tixel_view.md)
    pools      -- [{"tixel", "tix", "poka"}] by seat
    promotions -- Poka Yoke promotions used, by seat
    placed     -- [bool] by seat: has made its first placement (the exception is used up)
    can_place  -- whether the turn seat may place this turn (fixed at the start of the turn)
    offered    -- whether the turn seat has offered a draw this turn
    bonus      -- None | {"seat", "chain", "locked"}
    draw_offer -- None | seat that offered a draw
    next_id    -- id of the next placed piece
    last_move, result -- as in the view
"""

from __future__ import annotations

from typing import Any

from ..base import rng_for
from .geometry import (
    DIR_INDEX,
    INDEX,
    KIND_INDEX,
    KINDS,
    POKA,
    ROUNDS,
    SQUARES,
    TIX,
    TIXEL,
    Cells,
    board_fits,
    cells_of,
    decode,
    direction_between,
    encode,
)
from .moves import (
    Action,
    bonus_actions,
    can_place_somewhere,
    has_slidable,
    place_actions,
    slide_actions,
    slide_effects,
)

State = dict[str, Any]

POOL_SIZE = 10
MAX_PROMOTIONS = 2
MAX_TIX = 4


def new_state(options: dict[str, Any], seed: int) -> State:
    """Return the initial state: colours drawn from the seed, White to place."""
    white = rng_for(seed, "colors").randrange(2)
    tix = options["tix"]
    pool = {"tixel": POOL_SIZE - tix, "tix": tix, "poka": 0}
    return {
        "game": "tixel",
        "seed": seed,
        "step": 0,
        "options": {"tix": tix, "poka_yoke": options["poka_yoke"]},
        "colors": ["white", "black"] if white == 0 else ["black", "white"],
        "status": "playing",
        "turn": 1,
        "turn_seat": white,
        "phase": "move",
        "board": {},
        "pools": [dict(pool), dict(pool)],
        "promotions": [0, 0],
        "placed": [False, False],
        "can_place": True,
        "offered": False,
        "bonus": None,
        "draw_offer": None,
        "next_id": 1,
        "last_move": None,
        "result": None,
    }


def copy_state(state: State) -> State:
    """Return a deep copy of a Tixel state, using its known layout for speed."""
    new = dict(state)
    new["options"] = dict(state["options"])
    new["colors"] = list(state["colors"])
    new["board"] = {sq: dict(p) for sq, p in state["board"].items()}
    new["pools"] = [dict(p) for p in state["pools"]]
    new["promotions"] = list(state["promotions"])
    new["placed"] = list(state["placed"])
    new["bonus"] = None if state["bonus"] is None else dict(state["bonus"])
    new["last_move"] = copy_last(state["last_move"])
    res = state["result"]
    if res is not None:
        new["result"] = {**res, "winners": list(res["winners"]), "ranking": [list(g) for g in res["ranking"]]}
    return new


def copy_last(last: dict[str, Any] | None) -> dict[str, Any] | None:
    """Return a copy of a ``last_move`` entry."""
    if last is None:
        return None
    return {**last, "action": dict(last["action"]), "path": list(last["path"]), "deactivated": list(last["deactivated"])}


def to_act(state: State) -> int | None:
    """Return the seat that must act now (None once finished)."""
    if state["status"] != "playing":
        return None
    if state["phase"] == "draw":
        return 1 - state["turn_seat"]
    return state["turn_seat"]


def may_place(state: State, cells: Cells, seat: int) -> bool:
    """Return whether ``seat`` may place if its turn started now (first placement, or a slidable active piece)."""
    return not state["placed"][seat] or has_slidable(cells, seat)


def board_actions(state: State, player: int, cells: Cells | None = None) -> list[Action]:
    """Return the place/slide (and, in a bonus, activate/pivot/pick-up) actions of the turn seat."""
    if cells is None:
        cells = cells_of(state["board"])
    out: list[Action] = []
    if state["can_place"]:
        place_actions(cells, state["pools"][player], out)
    slide_actions(cells, player, out)
    if state["phase"] == "bonus":
        locked = state["bonus"]["locked"]
        bonus_actions(cells, player, INDEX[locked] if locked else -1, out)
    return out


def legal_actions(state: State, player: int) -> list[Action]:
    """Return every action ``player`` may take now."""
    if to_act(state) != player:
        return []
    phase = state["phase"]
    if phase == "draw":
        return [{"type": "accept_draw"}, {"type": "decline_draw"}]
    out = board_actions(state, player)
    if phase == "bonus":
        out.append({"type": "end"})
    elif not state["offered"]:
        out.append({"type": "offer_draw"})
    return out


def has_move(state: State, cells: Cells, seat: int) -> bool:
    """Return whether ``seat`` has a legal move at the start of its turn (a draw offer does not count)."""
    if has_slidable(cells, seat):
        return True
    return not state["placed"][seat] and can_place_somewhere(cells, state["pools"][seat])


# ------------------------------------------------------------------ transitions
def start_turn(state: State, seat: int, cells: Cells | None = None) -> None:
    """Begin ``seat``'s turn: fix its placement right, or end the game if it has no legal move (``cells``: the
    board's, when the caller has them)."""
    if cells is None:
        cells = cells_of(state["board"])
    state.update(turn_seat=seat, phase="move", bonus=None, offered=False, draw_offer=None)
    # ``may_place`` and ``has_move`` sharing one ``has_slidable``
    slidable = has_slidable(cells, seat)
    placed = state["placed"][seat]
    state["can_place"] = not placed or slidable
    if not (slidable or not placed and can_place_somewhere(cells, state["pools"][seat])):
        finish(state, [1 - seat], "no legal move")


def end_turn(state: State, cells: Cells | None = None) -> None:
    """End the current turn and start the rival's (``cells``: the board's, when the caller has them)."""
    state["turn"] += 1
    start_turn(state, 1 - state["turn_seat"], cells)


def finish(state: State, winners: list[int], reason: str) -> None:
    """End the game with ``winners`` (empty: a draw)."""
    ranking = [winners, [1 - w for w in winners]] if winners else [[0, 1]]
    state.update(status="finished", phase=None, bonus=None, draw_offer=None)
    state["result"] = {"winners": winners, "ranking": ranking, "reason": reason}


def _record(state: State, player: int, text: str, action: Action, path=(), deactivated=(), sacrificed=False):
    """Store the last board move."""
    state["last_move"] = {
        "seat": player, "text": text, "action": dict(action), "path": list(path),
        "deactivated": list(deactivated), "sacrificed": sacrificed,
    }


def play(state: State, player: int, action: Action, text: str) -> None:
    """Apply a legal, canonical ``action`` of ``player`` to ``state`` in place."""
    kind = action["type"]
    board = state["board"]
    if kind == "offer_draw":
        state.update(phase="draw", draw_offer=player, offered=True)
        return
    if kind == "accept_draw":
        finish(state, [], "draw agreed")
        return
    if kind == "decline_draw":
        state.update(phase="move", draw_offer=None)
        return
    if kind == "slide":
        _slide(state, player, action, text)
        return
    _record(state, player, text, action)
    if kind == "place":
        hollow, rnd = action["hollow"], action["round"]
        piece = (player, KIND_INDEX[action["kind"]], action["active"],
                 -1 if hollow is None else DIR_INDEX[hollow], ROUNDS[rnd])
        board[action["square"]] = encode(piece, state["next_id"])
        state["next_id"] += 1
        state["pools"][player][action["kind"]] -= 1
        state["placed"][player] = True
    elif kind in ("activate", "pivot"):
        board[action["square"]].update(active=True, hollow=action["hollow"])
    elif kind == "pickup":
        piece = board.pop(action["square"])
        back = piece["kind"]
        if back == "tixel" and state["options"]["poka_yoke"] and state["promotions"][player] < MAX_PROMOTIONS:
            state["promotions"][player] += 1
            back = "poka"
        state["pools"][player][back] += 1
    end_turn(state)


def promotes(state: State, player: int, square: str) -> bool:
    """Return whether picking up the piece on ``square`` now promotes it to a Poka Yoke piece."""
    piece = state["board"].get(square)
    return (
        piece is not None and piece["kind"] == "tixel" and state["options"]["poka_yoke"]
        and state["promotions"][player] < MAX_PROMOTIONS
    )


def slide_result(cells: Cells, action: Action) -> tuple[list[int], dict[int, Any], Any]:
    """Return (path, deactivated pieces, the slider as it ends) of a legal slide."""
    frm, to = INDEX[action["from"]], INDEX[action["to"]]
    d = direction_between(frm, to)
    path, changed = slide_effects(cells, frm, d, to)
    owner, kind, _, _, rnd = cells[frm]
    stance, trn = action["stance"], action["turn"]
    if kind == TIX:
        slider = (owner, kind, trn is not None, -1, rnd)
    else:
        hollow = DIR_INDEX[stance]
        if trn is not None:
            hollow = (hollow + ROUNDS[trn]) % 8
        slider = (owner, kind, trn is not None, hollow, rnd)
    return path, changed, slider


def _slide(state: State, player: int, action: Action, text: str) -> None:
    """Apply a slide: deactivate the passed pieces, move the slider, grant a bonus move on a sacrifice."""
    board = state["board"]
    cells = cells_of(board)
    path, changed, slider = slide_result(cells, action)
    moved = board.pop(action["from"])
    cells[INDEX[action["from"]]] = None
    for q, piece in changed.items():
        board[SQUARES[q]] = encode(piece, board[SQUARES[q]]["id"])
        cells[q] = piece
    board[action["to"]] = encode(slider, moved["id"])
    cells[INDEX[action["to"]]] = slider  # ``cells`` stays ``cells_of(board)``
    sacrificed = not slider[2]
    deactivated = [SQUARES[q] for q in changed]  # in the order the slider passed them
    _record(state, player, text, action, [SQUARES[p] for p in path], deactivated, sacrificed)
    if sacrificed:
        chain = state["bonus"]["chain"] + 1 if state["bonus"] else 1
        state["phase"] = "bonus"
        state["bonus"] = {"seat": player, "chain": chain, "locked": action["to"]}
    else:
        end_turn(state, cells)


# ------------------------------------------------------------------ invariants
def check_invariants(state: State) -> None:
    """Assert the structural invariants of a state (used by tests)."""
    cells = cells_of(state["board"])
    assert board_fits(cells), "the position breaks the fit rule"
    ids = [p["id"] for p in state["board"].values()]
    assert len(ids) == len(set(ids)) and all(i < state["next_id"] for i in ids)
    tix = state["options"]["tix"]
    for seat in (0, 1):
        pool = state["pools"][seat]
        assert all(v >= 0 for v in pool.values())
        counts = dict(pool)
        for p in state["board"].values():
            if p["owner"] == seat:
                counts[p["kind"]] += 1
        assert counts["tix"] == tix and counts["poka"] == state["promotions"][seat]
        assert counts["tixel"] + counts["poka"] == POOL_SIZE - tix
        assert 0 <= state["promotions"][seat] <= MAX_PROMOTIONS
        assert state["promotions"][seat] == 0 or state["options"]["poka_yoke"]
    for sq, p in state["board"].items():
        piece = decode(p)
        assert piece[1] != TIX or piece[3] == -1 and piece[4] == 0, sq
        assert piece[1] == TIX or piece[3] % 2 == int(piece[2]), sq
        assert (piece[1] == POKA) == (piece[4] != 0), sq
        assert piece[1] in (TIXEL, TIX, POKA) and KINDS[piece[1]] == p["kind"]
    if state["status"] == "finished":
        assert state["phase"] is None and state["result"] is not None
    else:
        assert state["phase"] in ("move", "bonus", "draw") and state["result"] is None
        assert (state["phase"] == "bonus") == (state["bonus"] is not None)
        assert (state["phase"] == "draw") == (state["draw_offer"] is not None)
