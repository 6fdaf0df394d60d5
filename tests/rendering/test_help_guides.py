"""The "how to read this board" images (/rules page:board): the real board of a seeded position at its own
width, a lettered disc beside every region that covers no text and nothing drawn, and a key for each."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot import help_positions
from cogs.help import texts
from rendering import help as guides
from rendering.help import callouts
from tests.rendering.legibility import assert_legible

GAMES = list(guides.GUIDES)


def test_every_game_has_a_guide_and_a_key_for_each_callout():
    assert set(GAMES) == set(texts.GUIDE_KEYS) == set(texts.GUIDE_HEADINGS) == set(help_positions.SEEDS)
    for game in GAMES:
        assert list(texts.GUIDE_KEYS[game]) == guides.keys(game), game


@pytest.mark.parametrize("game", GAMES)
def test_the_guide_marks_every_region_without_covering_anything(game):
    view = help_positions.guide_view(game)
    assert view.get("status") not in ("finished", "cancelled")
    board_png, records, crop = guides.board_of(game, view, help_positions.NAMES)
    board, kept = callouts.cropped(board_png, records, crop)
    placed = callouts.place(board, kept, guides.GUIDES[game].callouts, callouts.disc_size(board.width))
    assert [p.key for p in placed] == guides.keys(game), "every callout's anchor is on the board"
    for item in placed:
        if item.strip is None:  # on the board: beside no text, over a flat background
            assert not any(callouts._overlaps(item.disc, r.box, 3) for r in kept), item
            assert callouts._plain(board, item.disc), item
        else:  # a strip opened above the anchor, through a row that crosses no text
            assert item.strip < item.anchor[1] and not any(r.box[1] <= item.strip <= r.box[3] for r in kept)

    log: list = []
    data = guides.render_guide(game, view, help_positions.NAMES, texts.GUIDE_HEADINGS[game],
                               texts.GUIDE_KEYS[game], log=log)
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.width == board.width and image.height > board.height
    assert_legible(image, log, min_texts=len(kept) + 2 * len(placed))
    drawn = [r.text for r in log]
    for number, (title, _text) in enumerate(texts.GUIDE_KEYS[game].values(), start=1):
        assert title in drawn and drawn.count(callouts.letter(number)) >= 2  # on the board and in the key
    assert not any("…" in t for t in drawn[len(kept):]), "the key is never cut"
