"""Placement on hand-built positions: active when some active orientation fits, the interpretation of
mixed neighbours, Tix and Poka Yoke pieces, the first-placement exception and the right to place.

Board diagrams name squares; "c4=S" is an inactive piece on c4 whose hollow faces south, "d3^NE" an
active one whose four corners point into c3, d4, e3 and d2. Seed 1 makes seat 0 White.
"""

import pytest

from bot.games.base import IllegalAction
from bot.games.tixel import TixelEngine, format_action, parse_action
from bot.games.tixel.rules import check_invariants
from bot.games.tixel.scenario import arrange

ENGINE = TixelEngine()


def pos(board, to_move=0, options=None, **kw):
    """A hand-built position, ``to_move`` at the start of a turn (or in a bonus move)."""
    return arrange(ENGINE.new_game(2, options or {}, 1), board, to_move, **kw)


def places(state, square, seat=0):
    """Formatted legal placements on ``square``."""
    return sorted(format_action(a) for a in ENGINE.legal_actions(state, seat)
                  if a["type"] == "place" and a["square"] == square)


def refusal(state, text, seat=0):
    """The reason given for illegal ``text``."""
    with pytest.raises(IllegalAction) as err:
        parse_action(text, state, seat)
    return err.value.message


def test_first_placement_on_the_empty_board_is_always_active():
    s = ENGINE.new_game(2, {}, 1)
    assert s["colors"] == ["white", "black"] and ENGINE.pending(s)[0].player == 0
    legal = ENGINE.legal_actions(s, 0)
    placements = [a for a in legal if a["type"] == "place"]
    assert len(placements) == 36 * 4 and all(a["active"] for a in placements)
    assert legal[-1] == {"type": "offer_draw"} and len(legal) == 36 * 4 + 1
    assert places(s, "c3") == ["c3^NE", "c3^NW", "c3^SE", "c3^SW"]


def test_white_is_drawn_from_the_seed_and_moves_first():
    colours = {tuple(ENGINE.new_game(2, {}, seed)["colors"]) for seed in range(20)}
    assert colours == {("white", "black"), ("black", "white")}
    s = ENGINE.new_game(2, {}, 0)
    assert s["colors"] == ["black", "white"] and ENGINE.pending(s)[0].player == 1


def test_a_hollow_facing_the_square_still_allows_an_active_piece():
    # c4=S faces c3: an active piece on c3 points its N corner into c4's hollow.
    s = pos({"f6": "0^NE", "c4": "1=S"})
    assert places(s, "c3") == ["c3^NE", "c3^NW", "c3^SE", "c3^SW"]
    assert refusal(s, "c3=N") == "A piece placed on c3 must be active: an active orientation fits there."


def test_interpretation_one_facing_and_one_non_facing_neighbour_means_inactive():
    # c4=S faces c3, d3=N does not (it would need hollow W): no active piece fits on c3, and as no
    # active corner points into c3 the inactive piece may face any way.
    s = pos({"f6": "0^NE", "c4": "1=S", "d3": "1=N"})
    assert places(s, "c3") == ["c3=E", "c3=N", "c3=S", "c3=W"]
    assert refusal(s, "c3^NE") == (
        "No active piece fits on c3: its corner would point into the inactive piece on d3, "
        "whose hollow does not face c3.")


def test_beside_one_active_piece_the_hollow_must_face_it():
    # d3^NE points its W corner into c3: an inactive piece there must show it its hollow (E).
    s = pos({"f6": "0^NE", "d3": "1^NE"})
    assert places(s, "c3") == ["c3=E"]
    assert refusal(s, "c3=N") == "An inactive piece on c3 must face its hollow E, towards the active piece on d3."
    assert refusal(s, "c3^NE").startswith("No active piece fits on c3: the active piece on d3 points a corner")


def test_a_square_beside_two_active_pieces_takes_nothing():
    s = pos({"f6": "0^NE", "d3": "1^NE", "c4": "1^NE"})  # c4 and d3 are diagonal neighbours: they fit
    assert places(s, "c3") == []
    assert refusal(s, "c3=E") == "Nothing fits on c3: the active pieces on c4 and d3 point corners into it."


def test_tix_pieces_have_no_hollow():
    s = pos({"f6": "0^NE", "d3": "1^NE", "a4": "1=N"}, options={"tix": 2})
    assert places(s, "c1") == ["Tc1^", "c1^NE", "c1^NW", "c1^SE", "c1^SW"]
    # beside d3's sharp corner a Tix piece cannot rest inactive: it has no hollow to face it
    assert places(s, "c3") == ["c3=E"]
    assert refusal(s, "Tc3") == "No Tix piece fits on c3: the active piece on d3 points a corner into it."
    # beside a non-facing inactive piece (a4=N) a Tix piece cannot be active, so it goes down inactive
    assert places(s, "a3") == ["Ta3=", "a3=E", "a3=N", "a3=S", "a3=W"]
    a = parse_action("ta3", s, 0)
    assert a == {"type": "place", "kind": "tix", "square": "a3", "active": False, "hollow": None, "round": None}
    after = ENGINE.apply(s, 0, a)
    assert after["pools"][0] == {"tixel": 7, "tix": 1, "poka": 0}
    check_invariants(after)


def test_poka_yoke_placement_uses_its_rounded_corner():
    # c4=N does not face c3. A tixel cannot be active on c3; a Poka Yoke piece can, with its rounded
    # corner pointing N (towards c4): hollow NE with round ccw, or hollow NW with round cw.
    s = pos({"f6": "0^NE", "c4": "1=N"}, options={"poka_yoke": True}, promotions=[1, 0])
    assert s["pools"][0] == {"tixel": 8, "tix": 0, "poka": 1}
    assert [p for p in places(s, "c3") if p.startswith("Y")] == ["Yc3^NE<", "Yc3^NW>"]
    assert [p for p in places(s, "c3") if not p.startswith("Y")] == ["c3=E", "c3=N", "c3=S", "c3=W"]
    assert refusal(s, "Yc3=N>") == "A piece placed on c3 must be active: an active orientation fits there."
    assert refusal(s, "Yc3^SE>").startswith("That orientation does not fit on c3: its corner would point into")
    assert parse_action("Yc3^NE", s, 0)["round"] == "ccw"  # the only side up that fits with hollow NE


def test_poka_yoke_goes_inactive_only_when_no_active_orientation_fits_either_side_up():
    # c4=N and d3=N both refuse a sharp corner from c3; one rounded corner cannot cover both.
    s = pos({"f6": "0^NE", "c4": "1=N", "d3": "1=N"}, options={"poka_yoke": True}, promotions=[1, 0])
    poka = [p for p in places(s, "c3") if p.startswith("Y")]
    assert poka == sorted(f"Yc3={h}{r}" for h in "NESW" for r in "<>")
    # beside an active piece: the hollow faces it, either side up
    s = pos({"f6": "0^NE", "d3": "1^NE"}, options={"poka_yoke": True}, promotions=[1, 0])
    assert [p for p in places(s, "c3") if p.startswith("Y")] == ["Yc3=E<", "Yc3=E>"]
    assert refusal(s, "Yc3=E") == "Say which: Yc3=E>, Yc3=E<."


def test_interpretation_rounded_corners_facing_each_other():
    # d3 is an active Poka Yoke piece with its rounded corner W (hollow SW, round cw): it points no sharp
    # corner into c3. A Poka Yoke piece on c3 may be active with its rounded corner E facing it.
    s = pos({"f6": "0^NE", "d3": "1Y^SW>"}, options={"poka_yoke": True}, promotions=[1, 1])
    assert [p for p in places(s, "c3") if p.startswith("Y")] == ["Yc3^NE>", "Yc3^SE<"]
    # a tixel cannot be active there (its sharp E corner would hit d3) but rests inactive any way round
    assert [p for p in places(s, "c3") if not p.startswith("Y")] == ["c3=E", "c3=N", "c3=S", "c3=W"]
    after = ENGINE.apply(s, 0, parse_action("Yc3^NE>", s, 0))
    assert after["board"]["c3"] == {"id": 3, "owner": 0, "kind": "poka", "active": True, "hollow": "NE", "round": "cw"}
    check_invariants(after)


def test_first_placement_exception_and_its_end():
    # Black has never placed: it may place although it has no active piece. Beside a1's E corner its
    # only choice on b1 is inactive facing west; having placed, with no active piece, Black then loses.
    s = pos({"a1": "0^NE"}, to_move=1)
    assert s["can_place"] and ENGINE.view(s, None)["can_place"] == [True, True]
    assert places(s, "b1", seat=1) == ["b1=W"]
    s = ENGINE.apply(s, 1, parse_action("b1=W", s, 1))
    assert ENGINE.view(s, None)["can_place"] == [True, False]
    s = ENGINE.apply(s, 0, parse_action("a1-a3^NE", s, 0))
    assert ENGINE.is_terminal(s)
    result = ENGINE.result(s)
    assert (result.winners, result.reason) == ([0], "no legal move") and s["pools"][1]["tixel"] == 9


def test_placement_refused_for_want_of_a_slidable_active_piece():
    # White's only piece a1 is boxed in by a2=S and d1 (Black slides d1 to b1, where a1's E corner forces
    # it to stop inactive facing west: a sacrifice; Black declines the bonus). At the start of White's
    # turn a1 cannot slide, so White may not place either (nine pieces in the pool): White loses.
    s = pos({"a1": "0^NE", "a2": "1=S", "d1": "1^NE"}, to_move=1)
    assert [format_action(a) for a in ENGINE.legal_actions(s, 1) if a["type"] == "slide" and a["to"] == "b1"] == [
        "d1-b1=W"]
    s = ENGINE.apply(s, 1, parse_action("d1-b1", s, 1))
    assert ENGINE.pending(s)[0].kind == "bonus"
    assert ENGINE.view(s, None)["can_place"] == [False, True]
    s = ENGINE.apply(s, 1, {"type": "end"})
    assert ENGINE.is_terminal(s) and ENGINE.result(s).winners == [1]
    assert ENGINE.result(s).reason == "no legal move" and s["pools"][0]["tixel"] == 9


def test_arranged_turn_start_without_a_legal_move_is_lost_at_once():
    s = pos({"a1": "0^NE", "a2": "1=S", "b1": "1=W", "f6": "1^NE"}, to_move=0)
    assert ENGINE.is_terminal(s) and ENGINE.pending(s) == [] and ENGINE.legal_actions(s, 0) == []
    assert s["result"] == {"winners": [1], "ranking": [[1], [0]], "reason": "no legal move"}


def test_refusals():
    s = pos({"f6": "0^NE", "c3": "1=N"}, options={"tix": 1})
    assert refusal(s, "c3^NE") == "c3 is occupied."
    assert refusal(s, "Yb2^NE>") == "Your pool has no Poka Yoke pieces."
    assert refusal(s, "g7^NE") == "g7 is not a square (files a–f, ranks 1–6)."
    assert refusal(s, "b2^N").startswith("An active piece (^) has its hollow on a diagonal")
    assert refusal(s, "b2>") == "Only a Poka Yoke piece has a rounded corner: write Y before the square."
    assert refusal(s, "Tb2^NE") == "A Tix piece has no hollow: write Tc3^ or Tc3=."
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(s, 0, {"type": "place", "kind": "tixel", "square": "b2", "active": True, "hollow": "N",
                            "round": None})
    assert err.value.message == "An active piece's hollow must be one of NE, SE, SW, NW."
    six = {"f6": "0^NE", "a1": "0=N", "c1": "0=N", "e1": "0=N", "a3": "0=N", "c3": "0=N"}
    s = pos(six, options={"tix": 4})
    assert s["pools"][0] == {"tixel": 0, "tix": 4, "poka": 0}
    assert refusal(s, "b5^NE") == "Your pool has no tixel pieces."
    assert parse_action("Tb5", s, 0)["kind"] == "tix"
