"""Issue 16 (split rather than shrink): a Pixel Pusher public board whose whole state does not fit one alt text is
posted as two images, the board (header, conveyor, supply, the players' boards) and the image cards with the score
track; their alt texts together carry the whole state (never the ``/game describe`` pointer) and each part reads on
a phone. Seeded random games of 3 and 4 players, in English and German."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.i18n import t
from rendering import pixel_pusher
from rendering.describe_text import DESCRIBE_POINTER
from rendering.pixel_pusher.alt import ALT_MAX, PART, alt_board_parts, alt_name
from rendering.pixel_pusher.parts import as_list
from tests.rendering.legibility import assert_legible
from tests.rendering.test_pixel_pusher_alt_whole import NAMES, _views


def _pixels_in(alt: str, colours: list) -> bool:
    """Every stored colour is named (as ``2R`` or ``R``) in the alt text."""
    return all(c in alt for c in map(str, colours))


def _assert_whole(view: dict, alts: list[str], lang: str) -> None:
    board, cards = (alts[0], alts[0]) if len(alts) == 1 else alts
    names = [alt_name(NAMES, s, 16, lang) for s in range(len(view["seats"]))]
    assert all(name.rstrip("…") in board for name in names), board
    for k, segment in enumerate(view["conveyor"]):
        assert f"{k + 1} {''.join(segment)}" in board or not segment, (k, board)
    for seat in view["seats"]:
        for k, stack in enumerate(seat["slots"]):
            assert not stack or f"{k + 1} [" in board, (seat["seat"], k, board)
        assert _pixels_in(board, as_list(seat.get("stored"))), board
    for card in view["images"]:
        assert all(f"{line['row'] + 1} " in cards for line in card["scanlines"]), cards
    if len(alts) == 2:
        assert all(f"{alt_name(NAMES, s, 16, lang).rstrip('…')}" in cards for s in range(len(names)))  # the score track
        for part, alt in enumerate(alts, 1):
            assert alt.startswith(t(lang, PART, number=part, count=2)), alt


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("players", [3, 4])
def test_the_posted_alt_texts_carry_the_whole_board(players, lang):
    pointer, split = t(lang, DESCRIBE_POINTER), 0
    for seed in (3, 4):
        for view in _views(players, seed):
            alts = alt_board_parts(view, NAMES[:players], lang)
            assert len(alts) in (1, 2) and all(len(a) <= ALT_MAX for a in alts), alts
            assert not any(pointer in a for a in alts), alts
            _assert_whole(view, alts, lang)
            split += len(alts) == 2
    assert split, "no board was split"


def test_two_players_with_short_names_keep_one_image():
    assert all(len(alt_board_parts(view, ["Ada", "Bob"], "en")) == 1 for view in _views(2, 3, 60))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_part_reads_on_a_phone(lang):
    """Each part: every text ≥ 12 px shown 400 px wide, inside the image, readable, never cut but a long name;
    together they draw every text the one image draws."""
    seen = 0
    for i, view in enumerate(_views(4, 3)):
        if i % 25 or len(alt_board_parts(view, NAMES, lang)) == 1:
            continue
        drawn: list[str] = []
        for part in (1, 2):
            log: list = []
            image = Image.open(io.BytesIO(pixel_pusher.render_board_part(view, NAMES, lang, part, log=log)))
            assert_legible(image, log, min_texts=8)
            assert not any("…" in r.text for r in log), [r.text for r in log if "…" in r.text]
            drawn += [r.text for r in log]
        whole: list = []
        pixel_pusher.render_board(view, NAMES, lang, log=whole)
        assert {r.text for r in whole} <= set(drawn)  # nothing of the one image is left out
        seen += 1
    assert seen >= 3
