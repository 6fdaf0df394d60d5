"""The "how to read this board" images (/rules page:board): the real board of a seeded position at its own
width, a lettered disc beside every region that covers no text and nothing drawn; one phone screen tall, the key
being the post's text (tests/e2e/test_help_e2e.py)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot import help_positions
from cogs.help import texts
from rendering import help as guides
from rendering.help import callouts
from tests.rendering.legibility import assert_legible, overlapping

GAMES = list(guides.GUIDES)
#: the tallest a guide may be shown on a phone, 400 px wide: one screen
MAX_PHONE_HEIGHT = 800


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
    data, lettered = guides.guide_parts(game, view, help_positions.NAMES, log=log)
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.width == board.width and image.height >= board.height
    assert lettered == guides.keys(game)
    assert_legible(image, log, min_texts=len(kept) + len(placed))
    drawn = [r.text for r in log]
    for number in range(1, len(placed) + 1):
        assert callouts.letter(number) in drawn[len(kept):]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_the_guide_is_one_phone_screen_legible_and_uncovered(game, lang):
    """Issue 16: shown 400 px wide, the guide is at most 800 px tall (one phone screen; its key is the post's text),
    every text ≥ 12 px, inside the image, never cut, and no text or letter is drawn over another."""
    from cogs.help.rules_posts import seeded_view
    from cogs.pixies import PixiesPresenter
    from cogs.posts import PRESENTERS, register_presenter

    if "pixies" not in PRESENTERS:  # Pixies' last move is worded by its presenter
        register_presenter(PixiesPresenter())
    view = seeded_view(game, help_positions.guide_index(game), lang)
    log: list = []
    data, lettered = guides.guide_parts(game, view, help_positions.NAMES, lang, log=log)
    image = Image.open(io.BytesIO(data))
    assert image.height * 400 / image.width <= MAX_PHONE_HEIGHT, (game, lang, image.size)
    assert lettered == guides.keys(game), (game, lang)  # every region is lettered, in the key's order
    assert_legible(image, log, min_texts=20)
    drawn = [r.text for r in log]
    assert not any("…" in text for text in drawn), (game, lang)
    assert all(callouts.letter(n) in drawn for n in range(1, len(lettered) + 1))
    assert not overlapping(log), (game, lang, overlapping(log)[:3])
