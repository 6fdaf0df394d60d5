"""League score sheets: legible on a phone (every text ≥ 14 px when shown 400 px wide), showing what the view
says (Leaders retired, Bases captured and by whom, captured Bases, cycle scores, total), alt text too."""

from __future__ import annotations

import io

from PIL import Image

from rendering.league import render_sheet, sheet_alt
from rendering.tournaments.common import ALT_MAX
from tests.rendering.legibility import assert_legible


def _view(**over) -> dict:
    view = {"name": "Ann", "colour": "red", "rank": 1, "total": 21, "subtitle": "League #2 · after cycle 2 of 3",
            "leaders": [{"name": "Mercenary Captain", "retired": True}, {"name": "Archmage", "retired": False}],
            "bases": [{"name": "Watchtower", "points": 3, "state": "available"},
                      {"name": "Granary", "points": 4, "state": "captured", "by": "Ben"},
                      {"name": "Forge", "points": 2, "state": "retired"}],
            "captured": [{"name": "Blue Forge", "points": 2, "colour": "blue", "from": "Cat"}],
            "cycles": [10, 11, None], "winner": False, "dropped": False}
    view.update(over)
    return view


def _png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    image.load()
    return image


def test_sheet_shows_the_score_pad():
    log: list = []
    image = _png(render_sheet(_view(), log=log))
    assert image.width == 800
    assert_legible(image, log, 20)
    assert min(rec.px for rec in log) * 400 / image.width >= 14
    texts = [rec.text for rec in log]
    assert "#1 Ann" in texts and "21 pts" in texts
    assert texts.count("retired") == 2  # the Leader and the dropped player's Base
    assert "1 retired this cycle" in texts and "ready" in texts
    assert "captured by Ben" in texts and "available" in texts
    assert "2 uncaptured: 4 pts a cycle" in texts  # Watchtower and Forge are not captured
    assert "Blue Forge (2)" in texts and "from Cat" in texts and "2 pts a cycle" in texts
    assert ["Cycle 1", "Cycle 2", "Cycle 3", "Total"] == [t for t in texts if t.startswith(("Cycle ", "Total"))
                                                          and t != "Cycle scores"]
    assert "10" in texts and "11" in texts and "–" in texts and "21" in texts


def test_every_base_colour_and_ten_cycles_stay_legible():
    for colour in ("red", "orange", "yellow", "green", "teal", "blue", "purple", "grey", "unknown"):
        log: list = []
        view = _view(colour=colour, cycles=list(range(1, 11)), total=55, winner=True, captured=[],
                     name="Maximiliana Featherstonehaugh the Unready 🐉", dropped=True)
        image = _png(render_sheet(view, log=log))
        assert_legible(image, log, 20)
        texts = [rec.text for rec in log]
        assert "none yet" in texts
        assert any(t.startswith("#1 Maximiliana") and t.endswith("…") for t in texts)
        assert "Cycle 9" in texts and "C10" in texts  # the tenth box is too narrow for its full label
        assert any(t.endswith("dropped") for t in texts)


def test_sheet_alt_text():
    text = sheet_alt(_view())
    assert text.startswith("Score sheet of Ann: rank 1, 21 points (cycle 1 10, cycle 2 11, cycle 3 not scored).")
    assert "Mercenary Captain (retired)" in text and "Granary 4 pts captured by Ben" in text
    assert "Blue Forge 2 pts from Cat" in text
    long = sheet_alt(_view(leaders=[{"name": "x" * 40, "retired": False}] * 60))
    assert len(long) <= ALT_MAX
