"""The move generator's caches and fast paths (issue 14: a faster computer player, the same decisions) against the
plain helpers they stand for, on the positions of seeded random games (with Tix and Poka Yoke pieces): the same
actions in the same order, the same masks, and every turn started as ``may_place`` and ``has_move`` say."""

import random

from bot.games.tixel import TixelEngine, rules
from bot.games.tixel.geometry import (
    DIAG,
    DIRS,
    KINDS,
    LINE,
    NB,
    ORTHO,
    ORTHO_MASK,
    POKA,
    ROUND_NAME,
    SQUARES,
    TIX,
    TIXEL,
    accept_mask,
    cells_of,
    inward,
    sharp_for,
    sharp_mask,
)
from bot.games.tixel.moves import _square_masks, place_actions, place_options, slide_actions, slide_effects

ENGINE = TixelEngine()
CONFIGS = ({"tix": 0, "poka_yoke": False}, {"tix": 2, "poka_yoke": True}, {"tix": 4, "poka_yoke": True})


def positions(games: int = 20, cap: int = 160):
    """(state, seat to act) of seeded random games, before every action."""
    for index in range(games):
        options = CONFIGS[index % len(CONFIGS)]
        state = ENGINE.new_game(2, options, index)
        rng = random.Random(index)
        for _ in range(cap):
            seat = rules.to_act(state)
            if seat is None:
                break
            yield state, seat
            legal = [a for a in ENGINE.legal_actions(state, seat) if a["type"] not in ("offer_draw", "accept_draw")]
            state = ENGINE.apply(state, seat, rng.choice(legal))


def plain_outcomes(piece, inw, acc):
    """The arrival outcomes as computed before caching (moves.arrival_outcomes of old)."""
    kind = piece[1]
    if kind == TIX:
        if inw == 0 and acc == ORTHO_MASK:
            return [(None, "cw")]
        return [(None, None)] if inw == 0 else []
    if inw == 0:
        fits = {h: sharp_for(kind, h, piece[4]) & ~acc == 0 for h in DIAG}
    else:
        fits = dict.fromkeys(DIAG, False)
    out = [(DIRS[h - 1], "cw") for h in DIAG if fits[h]]
    for st in ORTHO:
        if not fits[(st + 1) % 8] and not fits[(st + 7) % 8] and inw & ~(1 << st) == 0:
            out.append((DIRS[st], None))
    return out


def plain_slides(cells, player):
    """Every slide of ``player`` from the plain helpers (``slide_effects``, ``sharp_mask``), in generator order."""
    out = []
    for frm, piece in enumerate(cells):
        if piece is None or piece[0] != player or not piece[2]:
            continue
        for d in ORTHO:
            for p in LINE[frm][d]:
                if cells[p] is not None:
                    break
                _path, changed = slide_effects(cells, frm, d, p)
                inw = acc = 0
                for e in ORTHO:
                    n = NB[p][e]
                    c = None if n < 0 or e == (d + 4) % 8 else changed.get(n, cells[n])
                    if c is None:
                        acc |= 1 << e
                    elif c[2]:
                        inw |= (sharp_mask(c) >> ((e + 4) % 8) & 1) << e
                    elif c[3] == (e + 4) % 8:
                        acc |= 1 << e
                for stance, trn in plain_outcomes(piece, inw, acc):
                    out.append({"type": "slide", "from": SQUARES[frm], "to": SQUARES[p], "stance": stance,
                                "turn": trn})
    return out


def plain_places(cells, pool):
    """Every placement from ``pool`` built from the public ``place_options``, in generator order."""
    return [{"type": "place", "kind": KINDS[k], "square": SQUARES[s], "active": active,
             "hollow": DIRS[h] if h >= 0 else None, "round": ROUND_NAME[r]}
            for s in range(36) if cells[s] is None
            for k in (TIXEL, TIX, POKA) if pool[KINDS[k]] > 0
            for active, h, r in place_options(cells, s, k)]


def test_the_fast_generator_lists_what_the_plain_helpers_list_in_the_same_order():
    seen = 0
    for state, _seat in positions():
        cells = cells_of(state["board"])
        for s in range(36):
            inw = inward(cells, s)
            assert _square_masks(cells, s) == (inw, accept_mask(cells, s) if inw == 0 else 0)
        for player in (0, 1):
            places: list = []
            place_actions(cells, state["pools"][player], places)
            assert places == plain_places(cells, state["pools"][player])
            slides: list = []
            slide_actions(cells, player, slides)
            assert slides == plain_slides(cells, player)
        seen += 1
    assert seen > 400


def test_every_turn_starts_as_may_place_and_has_move_say():
    started = 0
    for state, seat in positions():
        if state["phase"] != "move" or state["step"] == 0:
            continue
        cells = cells_of(state["board"])
        assert state["can_place"] == rules.may_place(state, cells, seat)
        assert rules.has_move(state, cells, seat)
        started += 1
    assert started > 300
    # and a turn that cannot start ends the game
    ended = 0
    for index in range(6):
        state = ENGINE.new_game(2, CONFIGS[index % 3], 100 + index)
        rng = random.Random(index)
        while state["status"] == "playing" and state["step"] < 300:
            seat = rules.to_act(state)
            legal = [a for a in ENGINE.legal_actions(state, seat) if a["type"] != "offer_draw"]
            state = ENGINE.apply(state, seat, rng.choice(legal))
        if state["result"] is not None and state["result"]["reason"] == "no legal move":
            assert not rules.has_move(state, cells_of(state["board"]), 1 - state["result"]["winners"][0])
            ended += 1
    assert ended
