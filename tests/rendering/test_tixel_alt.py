"""Tixel board alt text, odd inputs and real engine views."""

from __future__ import annotations

import pytest

from rendering import tixel
from rendering.theme import MIN_CONTRAST, contrast_ratio
from tests.rendering.test_tixel_render import (
    LONG,
    NAMES,
    base_view,
    draw_view,
    expansions_view,
    finished_view,
    long_slide_view,
    mid_view,
    pc,
    slide_view,
    start_view,
)

# ---------------------------------------------------------------- hand-built views (docs/dev/tixel_view.md)
_next_id = [0]




def test_alt_lists_turn_pools_pieces_and_last_move() -> None:
    view = slide_view()
    alt = tixel.board_alt(view, NAMES)
    assert len(alt) <= 1024
    assert alt.startswith("Tixel, turn 11. Ana: bonus move (2 in a row). The piece on c1 is locked")
    assert "Ana (white) pool: 10 tixel, 0 Tix, 0 Poka Yoke." in alt
    assert "Bartholomew (black) pool" in alt
    white, black = alt.split("White on the board: ")[1].split("Black on the board: ")
    assert "c1 inactive tixel hollow E" in white and "e4 active tixel hollow SE" in white
    assert "d1 active tixel hollow NW" in black and "c2 inactive tixel hollow S" in black
    for sq in view["board"]:
        assert f"{sq} " in alt
    assert "Last: Ana a1-c1 E (sacrificed); path b1 c1; deactivated c2; the slider was sacrificed." in alt


def test_alt_states() -> None:
    assert "Ana to move." in tixel.board_alt(start_view(), NAMES)
    assert "none." in tixel.board_alt(start_view(), NAMES)
    assert "Bartholomew must answer a draw offer." in tixel.board_alt(draw_view(), NAMES)
    assert "Bartholomew may not place this turn." in tixel.board_alt(long_slide_view(), NAMES)
    assert "Game over: Bartholomew wins (Ana has no legal move)." in tixel.board_alt(finished_view(), NAMES)
    assert "Game over: Draw agreed." in tixel.board_alt(finished_view(()), NAMES)
    exp = tixel.board_alt(expansions_view(), NAMES)
    assert "a3 inactive Poka Yoke hollow N rounded cw" in exp and "c1 active Tix" in exp
    assert "2 of 2 promotions used" in exp and "Bartholomew (black) pool: 5 tixel, 3 Tix, 0 Poka Yoke" in exp


def full_board_view() -> dict:
    """All 20 pieces on the board (Poka Yoke everywhere: the longest descriptions)."""
    board = {}
    for i, sq in enumerate(f + r for r in "123456" for f in "abcdef"):
        if i < 20:
            board[sq] = pc(i % 2, i % 3 == 0, ("NE" if i % 3 == 0 else "W"), "poka", "ccw")
    view = base_view(board, turn=77, to_act=1, phase="bonus", poka=True,
                     pools=[{"tixel": 0, "tix": 0, "poka": 0}, {"tixel": 0, "tix": 0, "poka": 0}])
    view["bonus"] = {"seat": 1, "chain": 5, "locked": "b2"}
    view["last_move"] = {"seat": 1, "text": "f1-f6 N ccw (sacrificed)",
                         "action": {"type": "slide", "from": "f1", "to": "f6", "stance": "N", "turn": None},
                         "path": ["f2", "f3", "f4", "f5", "f6"], "deactivated": ["e2", "e3", "e4", "e5"],
                         "sacrificed": True}
    return view


def test_alt_stays_short() -> None:
    view = full_board_view()
    alt = tixel.board_alt(view, NAMES)
    assert len(alt) <= 1024 and all(f"{sq} " in alt for sq in view["board"])
    huge = tixel.board_alt(view, ["x" * 500, "y" * 500])
    assert 0 < len(huge) <= 1024 and "Last:" in huge
    long_alt = tixel.board_alt(slide_view(), LONG)
    assert "🦄" in long_alt and len(long_alt) <= 1024  # the alt text keeps names as typed (shortened)
    assert tixel.render_board(view, NAMES).startswith(b"\x89PNG")


# ---------------------------------------------------------------- robustness
def test_odd_inputs_do_not_crash() -> None:
    view = mid_view()
    view["board"]["zz"] = pc(0, True, "NE")  # not a square: ignored
    view["board"]["a6"] = {"owner": 1, "kind": "weird", "active": True, "hollow": "N"}  # orthogonal while active
    view["board"]["b6"] = {"owner": 7, "active": False, "hollow": "NE"}  # diagonal while inactive, no kind
    view["last_move"] = {"seat": 5, "text": "??", "action": {"type": "slide", "from": "a1", "to": "q9"}}
    view["to_act"], view["colors"], view["pools"] = None, [], None
    log: list = []
    data = tixel.render_board(view, [], log=log)
    assert data.startswith(b"\x89PNG")
    shown = [r.text for r in log]
    assert "Waiting" in shown and "Player 1" in shown and "Player 2" in shown and "Last: ??" in shown
    assert tixel.board_alt(view, [])
    minimal = {"game": "tixel", "status": "playing"}
    assert tixel.render_board(minimal, NAMES).startswith(b"\x89PNG")
    assert tixel.board_alt(minimal, NAMES).startswith("Tixel.")


@pytest.mark.parametrize("options,seed", [({}, 11), ({"tix": 3, "poka_yoke": True}, 12)])
def test_engine_views_render(options: dict, seed: int) -> None:
    """Views from seeded random games of the real engine (draw offers left out) render and describe."""
    import random

    engine_module = pytest.importorskip("bot.games.tixel.engine")
    engine = engine_module.TixelEngine()
    state, rng = engine.new_game(2, options, seed), random.Random(seed)
    for step in range(120):
        if engine.is_terminal(state):
            break
        player = engine.pending(state)[0].player
        actions = engine.legal_actions(state, player)
        actions = [a for a in actions if a["type"] not in ("offer_draw", "accept_draw")] or actions
        state = engine.apply(state, player, rng.choice(actions))
        view = engine.view(state, None)
        if step % 6 == 0 or engine.is_terminal(state):
            log: list = []
            assert tixel.render_board(view, NAMES, log=log).startswith(b"\x89PNG")
            assert all(contrast_ratio(r.fg, r.bg) >= MIN_CONTRAST for r in log)
            alt = tixel.board_alt(view, NAMES)
            assert len(alt) <= 1024 and all(f"{sq} " in alt for sq in view["board"])
