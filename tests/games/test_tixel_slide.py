"""Slides on hand-built positions: the issue's two worked examples, which passed pieces are deactivated
and how they turn, the piece straight ahead, the slider's turn at the destination, sacrifices, Tix and
Poka Yoke sliders. Seed 1 makes seat 0 White. "c2^SW" is an active piece with its hollow towards SW.
"""

import pytest

from bot.games.base import IllegalAction
from bot.games.tixel import TixelEngine, format_action, parse_action
from bot.games.tixel.rules import check_invariants
from bot.games.tixel.scenario import arrange

ENGINE = TixelEngine()


def pos(board, to_move=0, options=None, **kw):
    """A hand-built position, ``to_move`` at the start of a turn."""
    return arrange(ENGINE.new_game(2, options or {}, 1), board, to_move, **kw)


def slides(state, frm, to=None, seat=0):
    """Formatted legal slides of the piece on ``frm`` (ending on ``to`` if given)."""
    return [format_action(a) for a in ENGINE.legal_actions(state, seat)
            if a["type"] == "slide" and a["from"] == frm and (to is None or a["to"] == to)]


def play(state, text, seat=0):
    """Apply a move written in notation."""
    after = ENGINE.apply(state, seat, parse_action(text, state, seat))
    check_invariants(after)
    return after


def refusal(state, text, seat=0):
    """The reason given for illegal ``text``."""
    with pytest.raises(IllegalAction) as err:
        parse_action(text, state, seat)
    return err.value.message


def kept(state, square):
    """(active, hollow) of the piece on ``square``."""
    piece = state["board"][square]
    return piece["active"], piece["hollow"]


def test_worked_example_1_the_passed_piece_turns_to_face_the_slider():
    # White a1 slides east to c1. Black's c2^SW points its S corner into c1, a square White enters, so it
    # is deactivated; lying north of the path it turns counter-clockwise: hollow SW -> S, now facing c1.
    # White's N corner on c1 meets that hollow: White activates ("cannot be sacrificed").
    s = pos({"a1": "0^NE", "c2": "1^SW", "f6": "1^NE"})
    assert slides(s, "a1", "c1") == ["a1-c1^NE", "a1-c1^SE", "a1-c1^SW", "a1-c1^NW"]
    assert refusal(s, "a1-c1=E") == "The slider fits active on c1, so it cannot be sacrificed there."
    after = play(s, "a1-c1^NE")
    assert kept(after, "c2") == (False, "S") and kept(after, "c1") == (True, "NE") and "a1" not in after["board"]
    last = after["last_move"]
    assert last["path"] == ["b1", "c1"] and last["deactivated"] == ["c2"] and last["sacrificed"] is False
    assert last["action"] == {"type": "slide", "from": "a1", "to": "c1", "stance": "N", "turn": "cw"}
    assert last["text"] == "slid a1→c1, active (hollow NE), deactivating c2"
    assert ENGINE.pending(after)[0].player == 1 and ENGINE.pending(after)[0].kind == "move"


def test_worked_example_2_stopping_in_front_of_an_active_piece_is_a_sacrifice():
    # Add Black d1^NE: straight ahead of c1, it is not deactivated and its W corner points into c1. White
    # may only arrive with its hollow facing it (E), stays inactive: sacrificed ("can be sacrificed").
    s = pos({"a1": "0^NE", "c2": "1^SW", "d1": "1^NE"})
    assert slides(s, "a1", "c1") == ["a1-c1=E"]
    assert refusal(s, "a1-c1^NE") == (
        "The slider cannot be active on c1: the active piece on d1 points a corner into c1, so it is "
        "sacrificed there (write a1-c1=E).")
    assert refusal(s, "a1-c1=N") == "The slider can only stop on c1 with its hollow facing the active piece on d1 (E)."
    assert refusal(s, "a1-e1^NE") == "a1 cannot slide east: a piece blocks at d1."
    after = play(s, "a1-c1")  # the only way to reach c1
    assert kept(after, "c1") == (False, "E") and kept(after, "c2") == (False, "S") and kept(after, "d1") == (True, "NE")
    assert after["last_move"]["sacrificed"] and after["last_move"]["deactivated"] == ["c2"]
    assert after["bonus"] == {"seat": 0, "chain": 1, "locked": "c1"} and ENGINE.pending(after)[0].kind == "bonus"
    assert after["last_move"]["text"] == "slid a1→c1, sacrificed (hollow E), deactivating c2: bonus move"


def test_a_passed_piece_turned_away_forces_a_sacrifice():
    # c2^SE passed from the north turns counter-clockwise to hollow E: it does not face c1, so White's
    # N corner has nowhere to go on c1. Nothing points into c1, so any stance will do.
    s = pos({"a1": "0^NE", "c2": "1^SE", "f6": "1^NE"})
    assert slides(s, "a1", "c1") == ["a1-c1=N", "a1-c1=E", "a1-c1=S", "a1-c1=W"]
    assert slides(s, "a1", "b1") == ["a1-b1^NE", "a1-b1^SE", "a1-b1^SW", "a1-b1^NW"]  # c2 not touched
    after = play(s, "a1-c1=W")
    assert kept(after, "c1") == (False, "W") and kept(after, "c2") == (False, "E")


def test_pieces_beside_the_whole_path_turn_by_the_drag_rule():
    # White c1 slides north to c5. Passed: d2^NE (east of c2: its W corner is dragged north, clockwise
    # -> hollow E), b3^SW (west of c3: E corner dragged north, counter-clockwise -> hollow S), d5^NW
    # (east of the destination c5: clockwise -> N). Not passed: b1^NE beside the start square, and
    # c6^SE straight ahead of c5, whose S corner forces White to stop with hollow N: a sacrifice.
    s = pos({"c1": "0^NE", "d2": "1^NE", "b3": "1^SW", "d5": "1^NW", "b1": "1=E", "c6": "1^SE"})
    assert slides(s, "c1", "c5") == ["c1-c5=N"]
    after = play(s, "c1-c5=N")
    assert kept(after, "d2") == (False, "E") and kept(after, "b3") == (False, "S") and kept(after, "d5") == (False, "N")
    assert kept(after, "c6") == (True, "SE") and kept(after, "b1") == (False, "E")
    assert after["last_move"]["path"] == ["c2", "c3", "c4", "c5"]
    assert after["last_move"]["deactivated"] == ["d2", "b3", "d5"]


@pytest.mark.parametrize(
    "board, frm, to, side, before, after",
    [
        ({"f1": "0^NE", "d2": "1^NW"}, "f1", "b1", "d2", "NW", "N"),  # west, piece north: S corner -> SW, clockwise
        ({"f2": "0^NE", "d1": "1^NE"}, "f2", "b2", "d1", "NE", "N"),  # west, piece south: N corner -> NW, ccw
        ({"c6": "0^NE", "b4": "1^NE"}, "c6", "c2", "b4", "NE", "E"),  # south, piece west: E corner -> SE, clockwise
        ({"c6": "0^NE", "d4": "1^SW"}, "c6", "c2", "d4", "SW", "S"),  # south, piece east: W corner -> SW, ccw
    ],
)
def test_drag_rule_in_every_direction(board, frm, to, side, before, after):
    s = pos({**board, "f6" if "f6" not in board else "a6": "1^NE"})
    assert kept(s, side) == (True, before)
    out = ENGINE.apply(s, 0, next(a for a in ENGINE.legal_actions(s, 0)
                                  if a["type"] == "slide" and a["from"] == frm and a["to"] == to))
    assert kept(out, side) == (False, after)


def test_both_spellings_of_an_arrival_are_one_outcome():
    s = pos({"a1": "0^NE", "f6": "1^NE"})
    cw = ENGINE.apply(s, 0, {"type": "slide", "from": "a1", "to": "a3", "stance": "N", "turn": "cw"})
    ccw = ENGINE.apply(s, 0, {"type": "slide", "from": "a1", "to": "a3", "stance": "E", "turn": "ccw"})
    assert cw == ccw and kept(cw, "a3") == (True, "NE")
    assert cw["last_move"]["action"] == {"type": "slide", "from": "a1", "to": "a3", "stance": "N", "turn": "cw"}
    # a sacrifice keeps its stance
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, {"type": "slide", "from": "a1", "to": "a3", "stance": "N", "turn": None})


def test_poka_yoke_rounded_corner_in_the_path_is_not_deactivated():
    # Black's Poka Yoke c2 has its rounded corner S (hollow SE, round cw): it reaches into no square, so
    # White passing c1 leaves it active. Stopping on c1, White's sharp N corner would hit the active c2:
    # White must be sacrificed there.
    s = pos({"a1": "0^NE", "c2": "1Y^SE>"}, options={"poka_yoke": True})
    assert slides(s, "a1", "c1") == ["a1-c1=N", "a1-c1=E", "a1-c1=S", "a1-c1=W"]
    after = play(s, "a1-e1^NE")
    assert kept(after, "c2") == (True, "SE") and after["last_move"]["deactivated"] == []


def test_poka_yoke_slider_sacrifice_depends_on_its_stance():
    # White's Poka Yoke a1 has round cw. On c1 its N corner faces c2=N (not facing back): only a rounded
    # N corner fits, i.e. hollow NW (cw). From stance N or W a turn reaches NW; from E (NE/SE) or S
    # (SE/SW) neither turn fits, so with those stances it is sacrificed.
    s = pos({"a1": "0Y^NE>", "c2": "1=N", "f6": "1^NE"}, options={"poka_yoke": True})
    assert slides(s, "a1", "c1") == ["a1-c1^NW", "a1-c1=E", "a1-c1=S"]
    assert refusal(s, "a1-c1=N") == (
        "The slider cannot be sacrificed on c1 with stance N: turned to NW it fits there active, so it must "
        "be activated.")
    assert refusal(s, "a1-c1^NE<") == "The Poka Yoke piece on a1 lies with the other side up (round cw)."
    after = play(s, "a1-c1^NW>")
    assert after["board"]["c1"]["round"] == "cw" and kept(after, "c1") == (True, "NW")
    assert after["last_move"]["text"] == "slid a1→c1, active (hollow NW, rounded corner N)"


def test_tix_slider():
    # A Tix piece cannot stop in front of d1's sharp corner (no hollow to face it); beside c2=E, which
    # does not face c1, it is sacrificed (inactive, no hollow).
    s = pos({"a1": "0T^", "d1": "1^NE", "f6": "1^NE"}, options={"tix": 1})
    assert slides(s, "a1", "c1") == [] and slides(s, "a1", "b1") == ["a1-b1^"]
    assert refusal(s, "a1-c1") == "A Tix piece cannot stop on c1: the active piece on d1 points a corner into c1."
    assert refusal(s, "a1-b1^NE") == "A Tix piece has no hollow: write a1-b1^ or a1-b1=."
    s = pos({"a1": "0T^", "c2": "1=E", "f6": "1^NE"}, options={"tix": 1})
    assert slides(s, "a1", "c1") == ["a1-c1="]
    assert refusal(s, "a1-c1^").startswith("The slider cannot be active on c1: its corner would point into the inactive piece on c2")
    after = play(s, "a1-c1")
    assert after["board"]["c1"] == {"id": 1, "owner": 0, "kind": "tix", "active": False, "hollow": None, "round": None}
    assert after["phase"] == "bonus"
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(s, 0, {"type": "slide", "from": "a1", "to": "b1", "stance": "N", "turn": "cw"})
    assert err.value.message == "A Tix piece has no hollow: it slides with no stance."
    assert ENGINE.apply(s, 0, {"type": "slide", "from": "a1", "to": "b1", "stance": None, "turn": "ccw"})[
        "last_move"]["action"]["turn"] == "cw"


def test_a_deactivated_tix_piece_blocks_the_arrival():
    # Black's Tix c2 (active) is passed and turns inactive: no hollow can face White's N corner on c1.
    s = pos({"a1": "0^NE", "c2": "1T^", "f6": "1^NE"}, options={"tix": 1})
    assert slides(s, "a1", "c1") == ["a1-c1=N", "a1-c1=E", "a1-c1=S", "a1-c1=W"]
    after = play(s, "a1-c1=S")
    assert after["board"]["c2"]["active"] is False and after["board"]["c2"]["hollow"] is None


def test_slide_refusals():
    s = pos({"a1": "0^NE", "a3": "0=N", "b2": "1^NE", "f6": "1^NE"})
    assert refusal(s, "c4-c5^NE") == "You have no piece on c4."
    assert refusal(s, "b2-b4^NE") == "The piece on b2 is not yours."
    assert refusal(s, "a3-a4^NE") == "The piece on a3 is inactive: only active pieces slide."
    assert refusal(s, "a1-a4^NE") == "a1 cannot slide north: a piece blocks at a3."
    assert refusal(s, "a1-c3^NE") == "a1 and c3 are not in one row or column."
    assert refusal(s, "a1-a1^NE") == "A slide must move at least one square."
