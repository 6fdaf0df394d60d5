"""The text notation: formatting, round trips on every legal action, lenient input, precise refusals."""

import random

import pytest

from bot.games.base import IllegalAction
from bot.games.tixel import TixelEngine, format_action, parse_action
from bot.games.tixel.scenario import arrange

ENGINE = TixelEngine()


def pos(board, to_move=0, options=None, **kw):
    """A hand-built position (seed 1: seat 0 is White)."""
    return arrange(ENGINE.new_game(2, options or {}, 1), board, to_move, **kw)


@pytest.mark.parametrize(
    "action, text",
    [
        ({"type": "place", "kind": "tixel", "square": "c3", "active": True, "hollow": "NE", "round": None}, "c3^NE"),
        ({"type": "place", "kind": "tixel", "square": "c3", "active": False, "hollow": "N", "round": None}, "c3=N"),
        ({"type": "place", "kind": "tix", "square": "c3", "active": True, "hollow": None, "round": None}, "Tc3^"),
        ({"type": "place", "kind": "tix", "square": "c3", "active": False, "hollow": None, "round": None}, "Tc3="),
        ({"type": "place", "kind": "poka", "square": "c3", "active": True, "hollow": "NE", "round": "cw"}, "Yc3^NE>"),
        ({"type": "place", "kind": "poka", "square": "d4", "active": False, "hollow": "W", "round": "ccw"}, "Yd4=W<"),
        ({"type": "slide", "from": "a1", "to": "c1", "stance": "N", "turn": "cw"}, "a1-c1^NE"),
        ({"type": "slide", "from": "a1", "to": "c1", "stance": "E", "turn": "ccw"}, "a1-c1^NE"),
        ({"type": "slide", "from": "a1", "to": "c1", "stance": "E", "turn": None}, "a1-c1=E"),
        ({"type": "slide", "from": "a1", "to": "c1", "stance": None, "turn": "cw"}, "a1-c1^"),
        ({"type": "slide", "from": "a1", "to": "c1", "stance": None, "turn": None}, "a1-c1="),
        ({"type": "activate", "square": "c3", "hollow": "NE"}, "+c3^NE"),
        ({"type": "activate", "square": "c3", "hollow": None}, "+c3^"),
        ({"type": "pivot", "square": "c3", "hollow": "SE"}, "@c3^SE"),
        ({"type": "pickup", "square": "c3"}, "xc3"),
        ({"type": "end"}, "end"),
        ({"type": "offer_draw"}, "draw"),
        ({"type": "accept_draw"}, "accept"),
        ({"type": "decline_draw"}, "decline"),
    ],
)
def test_format(action, text):
    assert format_action(action) == text


def rich_positions():
    """Positions covering every action type and piece kind."""
    opts = {"tix": 2, "poka_yoke": True}
    yield pos({"a1": "0^NE", "c2": "1^SW", "d1": "1^NE", "f6": "0=N"})
    yield pos({"a1": "0=E", "b3": "0=N", "e4": "0T=", "d2": "0^NE", "b5": "0Y^NE<", "e6": "0T^", "c6": "1^NE"},
              options=opts, promotions=[1, 0], bonus_locked="a1")
    yield pos({"a1": "0Y^NE>", "c2": "1=N", "f6": "1^NE"}, options=opts, promotions=[2, 0])
    offered = ENGINE.apply(pos({"a1": "0^NE", "f6": "1^NE"}), 0, {"type": "offer_draw"})
    yield offered
    for seed in range(6):  # random middle games
        rng = random.Random(seed)
        s = ENGINE.new_game(2, opts, seed)
        for _ in range(rng.randrange(8, 30)):
            if ENGINE.is_terminal(s):
                break
            seat = ENGINE.pending(s)[0].player
            s = ENGINE.apply(s, seat, rng.choice([a for a in ENGINE.legal_actions(s, seat)
                                                  if a["type"] not in ("offer_draw", "accept_draw")]))
        if not ENGINE.is_terminal(s):
            yield s


def test_every_legal_action_round_trips_and_formats_uniquely():
    kinds = set()
    for s in rich_positions():
        seat = ENGINE.pending(s)[0].player
        legal = ENGINE.legal_actions(s, seat)
        texts = [format_action(a) for a in legal]
        assert len(set(texts)) == len(texts)
        for action, text in zip(legal, texts, strict=True):
            assert parse_action(text, s, seat) == action
            assert parse_action(text.lower(), s, seat) == action
            assert parse_action(" ".join(text.upper()), s, seat) == action  # spaces ignored
            kinds.add(action["type"])
    assert kinds == {"place", "slide", "activate", "pickup", "pivot", "end", "offer_draw", "accept_draw",
                     "decline_draw"}


def test_lenient_spellings():
    s = pos({"a1": "0^NE", "c2": "1^SW", "d1": "1^NE", "f6": "0=N"})
    assert parse_action("B3 ne", s, 0) == parse_action("b3^NE", s, 0)
    assert parse_action("a1 → a3 NW", s, 0) == parse_action("a1-a3^NW", s, 0)
    assert parse_action("a1-c1", s, 0) == {"type": "slide", "from": "a1", "to": "c1", "stance": "E", "turn": None}
    bonus = ENGINE.apply(s, 0, parse_action("a1-c1", s, 0))
    assert parse_action("pass", bonus, 0) == {"type": "end"}
    assert parse_action("pickup f6", bonus, 0) == {"type": "pickup", "square": "f6"}
    assert parse_action("activate f6 ne", bonus, 0) == {"type": "activate", "square": "f6", "hollow": "NE"}
    second = pos({"a1": "0=E", "d2": "0^NE", "f6": "1^NE"}, bonus_locked="a1")
    assert parse_action("pivot d2 se", second, 0) == {"type": "pivot", "square": "d2", "hollow": "SE"}
    assert parse_action("@d2se", second, 0) == {"type": "pivot", "square": "d2", "hollow": "SE"}
    opts = {"poka_yoke": True}
    s = pos({"f6": "0^NE"}, options=opts, promotions=[1, 0])
    assert parse_action("yc3^necw", s, 0) == parse_action("Yc3^NE>", s, 0)
    assert parse_action("poka c3 ne ccw", s, 0)["round"] == "ccw"


@pytest.mark.parametrize(
    "text, reason",
    [
        ("", "Write a move: "),
        ("hello", "Could not read 'hello': write e.g. c3^NE"),
        ("g7^NE", "g7 is not a square (files a–f, ranks 1–6)."),
        ("a1-a9^NE", "a9 is not a square (files a–f, ranks 1–6)."),
        ("c2^NE", "c2 is occupied."),
        ("b4-b5^NE", "You have no piece on b4."),
        ("c2-c4^NE", "The piece on c2 is not yours."),
        ("f6-f5^NE", "The piece on f6 is inactive: only active pieces slide."),
        ("a1-e1^NE", "a1 cannot slide east: a piece blocks at d1."),
        ("a1-b2", "a1 and b2 are not in one row or column."),
        ("b3", "Say which: b3^NE, b3^SE, b3^SW, b3^NW."),
        ("b3^N", "An active piece (^) has its hollow on a diagonal"),
        ("b3=NE", "An active piece (^) has its hollow on a diagonal"),
        ("Tb3^", "Your pool has no Tix pieces."),
        ("xa1", "Picking up is a bonus move: it is only allowed after a sacrifice."),
        ("accept", "There is no draw offer to answer."),
    ],
)
def test_precise_refusals(text, reason):
    s = pos({"a1": "0^NE", "c2": "1^SW", "d1": "1^NE", "f6": "0=N"})
    with pytest.raises(IllegalAction) as err:
        parse_action(text, s, 0)
    assert err.value.message.startswith(reason)


def test_refusals_outside_ones_turn():
    s = pos({"a1": "0^NE", "f6": "1^NE"})
    with pytest.raises(IllegalAction) as err:
        parse_action("f6-f5^NE", s, 1)
    assert err.value.message == "It is not your turn."
    done = ENGINE.leave(s, 0)
    with pytest.raises(IllegalAction) as err:
        parse_action("a1-a2^NE", done, 0)
    assert err.value.message == "The game is over."
