"""The views /leaderboard and /rating build from the rating service's records, and the boards members type."""

from __future__ import annotations

import pytest

from bot import errors
from bot.ratings import BoardRow, MemberBoard
from cogs.ratings import MAX_BOARDS, MAX_ROWS, RATED_BOARDS, history_view, leaderboard_view, resolve_board


def test_rated_boards_are_the_games_with_ratings():
    assert RATED_BOARDS == ("pixies", "tixel", "pixel-tactics:classic", "pixel-pusher")


@pytest.mark.parametrize(("typed", "board"), [
    ("pixies", "pixies"), ("Pixies", "pixies"), ("  PIXEL   pusher ", "pixel-pusher"),
    ("pixel-tactics", "pixel-tactics:classic"), ("Pixel Tactics", "pixel-tactics:classic"),
    ("pixel tactics (classic)", "pixel-tactics:classic"), ("pixel-tactics:league", "pixel-tactics:league"),
])
def test_resolve_board(typed, board):
    assert resolve_board(typed, ["pixel-tactics:league"]) == board


def test_resolve_board_refuses_unknown_games_naming_the_choices():
    with pytest.raises(errors.NotAllowed) as refused:
        resolve_board("pt-draft", [])
    assert refused.value.message == ("No rated game is called “pt-draft”: pick one of Pixies, Tixel, "
                                     "Pixel Tactics (classic), Pixel Pusher.")


def test_leaderboard_view_keeps_the_order_and_caps_the_rows():
    rows = [BoardRow(i, f"P{i}", 1700 - i, 6, 3, 0.5, "▲", i >= 20) for i in range(MAX_ROWS + 5)]
    view = leaderboard_view(rows, "pixel-tactics:classic", 3, 6)
    assert view["title"] == "Pixel Tactics (classic)" and view["season"] == 3 and view["provisional_games"] == 6
    assert [r["name"] for r in view["rows"]] == [f"P{i}" for i in range(MAX_ROWS)] and view["more"] == 5
    assert view["rows"][0] == {"name": "P0", "rating": 1700, "games": 6, "wins": 3, "trend": "▲",
                               "provisional": False}
    assert view["rows"][20]["provisional"] is True


def test_history_view_orders_boards_by_games_and_reads_the_history():
    boards = [MemberBoard("tixel", 1, 1480, 1, 0, "▼", [(100.0, 1480)], True),
              MemberBoard("pixies", 1, 1560, 3, 2, "▲", [(10.0, 1520), (20.0, 1490), (30.0, 1560)], False)]
    view = history_view("Ada", boards, 1, 5)
    assert [b["title"] for b in view["boards"]] == ["Pixies", "Tixel"]
    assert view["boards"][0]["points"] == [[10.0, 1520], [20.0, 1490], [30.0, 1560]]
    assert view["boards"][1]["provisional"] is True and view["boards"][0]["provisional"] is False
    many = [MemberBoard(f"b{i}", 1, 1500, i, 0, "▬", [], False) for i in range(MAX_BOARDS + 2)]
    assert len(history_view("Ada", many, 1, 5)["boards"]) == MAX_BOARDS
