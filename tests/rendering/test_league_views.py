"""The league images' views as the cog builds them from a real league state (``bot.league``): the standings table
keeps the latest 4 cycles and the total, crowns the winners at the end, and every sheet names its cards."""

from __future__ import annotations

import io
from types import SimpleNamespace

from PIL import Image

import bot.league as lg
from cogs.league.views import sheet_views, standings_view
from rendering.league import render_sheet
from rendering.tournaments import render_standings
from tests.rendering.legibility import assert_legible


def _league(cycles: int, ended: int) -> dict:
    """A 3-player league of ``cycles`` cycles, its drafts auto-picked, ``ended`` cycles scored without battles."""
    state = lg.new_league(7, cycles, 7, None, None, None)
    for uid, name in ((1, "Ann"), (2, "Ben"), (3, "Cat")):
        state = lg.add_player(state, uid, name)
    state = lg.start(state)
    for _ in range(ended):
        while lg.draft_state(state) is not None:
            state = lg.auto_pick(state)
        state = lg.end_cycle(state)
        for uid in lg.waiting_discards(state):
            state = lg.discard_leaders(state, uid, [])
    return state


def _row(state: dict, status: str) -> SimpleNamespace:
    return SimpleNamespace(id=4, state=state, status=status, options={})


def test_standings_keep_the_latest_four_cycles_and_crown_the_winners():
    state = _league(6, 6)
    assert lg.is_over(state)
    view = standings_view(_row(state, "finished"))
    assert view["columns"] == ["C3", "C4", "C5", "C6", "Total"]
    # no battle: every player keeps their 5 Bases, 10 points a cycle
    assert [r["values"] for r in view["rows"]] == [["10", "10", "10", "10", "60"]] * 3
    assert all(r["champion"] and r["rank"] == 1 for r in view["rows"])  # a shared first place
    assert view["subtitle"] == "Pixel Tactics League · 3 players · final after 6 cycles"
    log: list = []
    image = Image.open(io.BytesIO(render_standings(view, log=log)))
    assert_legible(image, log, 20)


def test_sheets_name_leaders_and_bases_mid_league():
    state = _league(3, 1)
    views = sheet_views(_row(state, "running"))
    assert [v["name"] for v in views] == ["Ann", "Ben", "Cat"]
    for view, player in zip(views, state["players"], strict=True):
        assert view["colour"] == player["colour"] and view["cycles"] == [10, None, None] and view["total"] == 10
        assert len(view["bases"]) == 5 and all(b["state"] == "available" for b in view["bases"])
        assert not any(" " in b["name"] and b["name"].split()[0].lower() == player["colour"] for b in view["bases"])
        assert view["subtitle"] == "League #4 · redraft before cycle 2 of 3"
        log: list = []
        image = Image.open(io.BytesIO(render_sheet(view, log=log)))
        assert_legible(image, log, 20)
        texts = [r.text for r in log]
        assert all(lead["name"] in texts for lead in view["leaders"]) and "10 pts" in texts
