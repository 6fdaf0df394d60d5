"""Tixel geometry: squares, neighbour tables, rotations, rounded corners, the drag rule and the fit rule."""

import pytest

from bot.games.tixel import geometry as g
from bot.games.tixel import reference
from bot.games.tixel.scenario import piece


def cells(board):
    """Engine cells of a board written as {square: piece spec}."""
    return g.cells_of({sq: piece(spec) for sq, spec in board.items()})


def test_squares_and_neighbours():
    assert g.SQUARES[0] == "a1" and g.SQUARES[5] == "f1" and g.SQUARES[6] == "a2" and g.SQUARES[35] == "f6"
    c3 = g.INDEX["c3"]
    assert [g.SQUARES[g.NB[c3][d]] for d in g.ORTHO] == ["c4", "d3", "c2", "b3"]
    a1 = g.INDEX["a1"]
    assert g.NB[a1][g.S] == -1 and g.NB[a1][g.W] == -1 and g.SQUARES[g.NB[a1][g.NE]] == "b2"
    assert [g.SQUARES[s] for s in g.LINE[a1][g.E]] == ["b1", "c1", "d1", "e1", "f1"]
    assert g.LINE[g.INDEX["f6"]][g.N] == () and g.direction_between(a1, g.INDEX["a4"]) == g.N
    assert g.direction_between(a1, g.INDEX["b2"]) is None


def test_rotations():
    assert g.DIRS[g.turn(g.N, 1)] == "NE" and g.DIRS[g.turn(g.N, -1)] == "NW" and g.opposite(g.E) == g.W
    tixel = g.decode(piece("0^NE"))
    assert g.turned(tixel, -1) == (0, g.TIXEL, False, g.N, 0)  # active NE, 45° ccw -> inactive N
    assert g.turned(g.decode(piece("0=S")), 1) == (0, g.TIXEL, True, g.SW, 0)
    tix = g.decode(piece("1T^"))
    assert g.turned(tix, 1) == (1, g.TIX, False, -1, 0)


@pytest.mark.parametrize(
    "spec, corner",
    [
        ("0Y^NE>", "E"), ("0Y^NE<", "N"), ("0Y^SE>", "S"), ("0Y^SE<", "E"),
        ("0Y^SW>", "W"), ("0Y^SW<", "S"), ("0Y^NW>", "N"), ("0Y^NW<", "W"),
        ("0Y=N>", "NE"), ("0Y=N<", "NW"), ("0Y=E>", "SE"), ("0Y=W<", "SW"),
    ],
)
def test_poka_yoke_rounded_corner_follows_the_view_contract(spec, corner):
    # docs/dev/tixel_view.md: active hollow NE, "cw" -> E corner rounded, "ccw" -> N; inactive N: cw -> NE.
    p = g.decode(piece(spec))
    assert g.DIRS[g.rounded_corner(p)] == corner
    assert reference.rounded(piece(spec)) == corner


def test_turning_keeps_the_rounded_side():
    p = g.decode(piece("0Y=N>"))  # rounded NE
    active = g.turned(p, 1)  # 45° clockwise: hollow NE, the NE corner moved to E
    assert g.DIRS[active[3]] == "NE" and g.DIRS[g.rounded_corner(active)] == "E"


def test_sharp_corners():
    assert g.sharp_mask(g.decode(piece("0^NE"))) == g.ORTHO_MASK
    assert g.sharp_mask(g.decode(piece("0=N"))) == 0
    assert g.sharp_mask(g.decode(piece("0T^"))) == g.ORTHO_MASK
    assert g.sharp_mask(g.decode(piece("0Y^NE>"))) == g.ORTHO_MASK & ~(1 << g.E)


@pytest.mark.parametrize(
    "side, motion, expected",
    [
        # sliding east: a piece north of the path turns counter-clockwise, one south of it clockwise
        (g.N, g.E, -1), (g.S, g.E, 1),
        # sliding west: mirrored
        (g.N, g.W, 1), (g.S, g.W, -1),
        # sliding north: the W corner of a piece east of the path is dragged north (W -> NW: clockwise)
        (g.E, g.N, 1), (g.W, g.N, -1),
        (g.E, g.S, -1), (g.W, g.S, 1),
    ],
)
def test_the_passed_piece_is_dragged_along_the_motion(side, motion, expected):
    assert g.drag_turn(side, motion) == expected


def test_fit_rule():
    # c3 active points its corners into c4, d3, c2, b3.
    assert g.board_fits(cells({"c3": "0^NE", "c4": "1=S"}))  # c4's hollow faces back at c3
    assert not g.board_fits(cells({"c3": "0^NE", "c4": "1=N"}))  # c4's hollow faces away
    assert not g.board_fits(cells({"c3": "0^NE", "d3": "1^NE"}))  # two active side by side
    assert g.board_fits(cells({"c3": "0^NE", "d4": "1^NE"}))  # diagonal neighbours are fine
    assert not g.board_fits(cells({"c3": "0^NE", "c4": "1T="}))  # a Tix piece has no hollow
    assert g.board_fits(cells({"a1": "0^NE"}))  # corners overhanging the edge
    # Poka Yoke c3 with its rounded corner E (hollow NE, cw): d3 may hold anything but a sharp corner at c3.
    assert g.board_fits(cells({"c3": "0Y^NE>", "d3": "1=N"}))
    assert g.board_fits(cells({"c3": "0Y^NE>", "d3": "1T="}))
    assert not g.board_fits(cells({"c3": "0Y^NE>", "d3": "1^NE"}))  # d3's sharp W corner points at c3
    # Interpretation: two Poka Yoke pieces with their rounded corners facing each other fit side by side.
    assert g.board_fits(cells({"c3": "0Y^NE>", "d3": "1Y^SW>"}))
    for board in ({"c3": "0^NE", "c4": "1=S"}, {"c3": "0^NE", "c4": "1=N"}, {"c3": "0Y^NE>", "d3": "1Y^SW>"}):
        assert reference.fits({sq: piece(s) for sq, s in board.items()}) == g.board_fits(cells(board))


def test_local_fit_helpers():
    c = cells({"c4": "1=S", "d3": "1^NE"})
    c3 = g.INDEX["c3"]
    assert g.inward(c, c3) == 1 << g.E  # d3 points its W corner into c3
    assert not g.active_fits(c, c3, g.ORTHO_MASK)
    assert g.inactive_fits(c, c3, g.E) and not g.inactive_fits(c, c3, g.N)
    assert g.accept_mask(c, c3) == g.ORTHO_MASK & ~(1 << g.E)  # c4 faces c3; d3 is active
