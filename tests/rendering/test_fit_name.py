"""Seat names in tight places: a size smaller first, then a computer's seat number and level stay whole."""

from __future__ import annotations

from rendering import pixel_tactics as pt
from rendering import pixies
from rendering.theme import ELLIPSIS, fit_name, text_width
from tests.rendering import pt_views as pv
from tests.rendering.test_pixies_render import make_view

COMPUTERS = ["Computer 1 (normal)", "Computer 2 (strong)", "Computer 3 (normal)", "Computer 4 (easy)"]


def drawn(render, *args) -> list[str]:
    """Every text an image drew."""
    log: list = []
    render(*args, log=log)
    return [rec.text for rec in log]


def test_a_name_that_fits_is_drawn_whole_at_its_size():
    assert fit_name("Ana", 26, 200, True) == ("Ana", 26)


def test_a_size_smaller_comes_before_any_shortening():
    name = "Computer 1 (normal)"
    room = text_width(name, 25, True) + 1  # too wide at 26, fits at 25
    assert fit_name(name, 26, room, True, 24) == (name, 25)
    text, px = fit_name(name, 26, room, True)  # no smaller size allowed: shortened before the level instead
    assert px == 26 and ELLIPSIS in text and text.endswith(" 1 (normal)")


def test_a_computer_keeps_its_seat_number_and_level():
    name = "Computer 2 (strong)"
    room = text_width("Comp" + ELLIPSIS + " 2 (strong)", 24, True) + 1
    text, px = fit_name(name, 26, room, True, 24)
    assert (text, px) == ("Comp" + ELLIPSIS + " 2 (strong)", 24)
    assert text_width(text, px, True) <= room
    taken = fit_name("Anastasia Long (computer, normal)", 24, text_width("An… (computer, normal)", 24, True) + 1, True)
    assert taken == ("An" + ELLIPSIS + " (computer, normal)", 24)


def test_a_name_without_a_note_or_too_narrow_for_it_ends_in_an_ellipsis():
    assert fit_name("Bartholomew Longname", 24, text_width("Barth…", 24, True) + 1, True) == ("Barth" + ELLIPSIS, 24)
    text, _ = fit_name("Computer 1 (normal)", 24, text_width("Computer…", 24, True) + 1, True)
    assert text == "Computer" + ELLIPSIS  # no room for the level: the plain shortening


def test_pixies_panels_show_every_computers_level_in_four_players():
    texts = drawn(pixies.render_table, make_view(4), COMPUTERS)
    for name in COMPUTERS:
        level = name[name.index("("):]
        number = name.split()[1]
        assert any(t.endswith(f"{number} {level}") for t in texts), (name, texts)


def test_the_pixel_tactics_seat_bars_show_both_levels():
    names = ["Computer 1 (normal)", "Computer 2 (strong)"]
    texts = drawn(pt.render_board, pv.mid_view(), names)
    assert any(t.endswith("1 (normal)") for t in texts) and any(t.endswith("2 (strong)") for t in texts), texts
