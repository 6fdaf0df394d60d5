"""Tests for the shared rendering theme: colour maths, fonts, text helpers, canvas log, primitives, PNG."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from rendering import theme
from rendering.theme import (
    ACCENT,
    BG,
    CREAM,
    INK,
    MUTED,
    RAISED,
    SURFACE,
    TEXT,
    Canvas,
    clean_text,
    contrast_ratio,
    covered_codepoints,
    fit_text,
    font,
    grey,
    relative_luminance,
    text_width,
    to_png,
    wrap_text,
)


def test_contrast_maths_matches_wcag() -> None:
    assert relative_luminance((255, 255, 255)) == pytest.approx(1.0)
    assert relative_luminance((0, 0, 0)) == 0.0
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast_ratio((255, 255, 255), (0, 0, 0)) == pytest.approx(21.0)  # order does not matter
    assert contrast_ratio((120, 120, 120), (120, 120, 120)) == pytest.approx(1.0)
    assert contrast_ratio((0x77, 0x77, 0x77), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)
    assert theme.hex_rgb("#FFC857") == ACCENT


@pytest.mark.parametrize("colour", [(91, 156, 242), (236, 104, 88), (245, 200, 66), (10, 200, 30)])
def test_grey_keeps_contrast(colour) -> None:
    g = grey(colour)
    assert g[0] == g[1] == g[2]
    for other in (INK, TEXT, BG):
        assert contrast_ratio(g, other) == pytest.approx(contrast_ratio(colour, other), rel=0.03)


@pytest.mark.parametrize("fg,bg", [(TEXT, BG), (TEXT, SURFACE), (TEXT, RAISED), (MUTED, BG), (MUTED, SURFACE),
                                   (MUTED, RAISED), (INK, ACCENT), (INK, CREAM), (ACCENT, BG), (ACCENT, SURFACE)])
def test_palette_text_pairs_are_accessible(fg, bg) -> None:
    assert contrast_ratio(fg, bg) >= 4.5


def test_background_stands_on_both_discord_themes() -> None:
    # the opaque page must be clearly distinct from Discord's light theme and not vanish on the dark one
    assert contrast_ratio(BG, (255, 255, 255)) > 10
    assert BG != (0x31, 0x33, 0x38)


def test_fonts_are_bundled_and_cached() -> None:
    assert font(24) is font(24)
    assert font(24, bold=True) is not font(24)
    assert font(30, bold=True).getname() == ("Inter", "Bold")
    assert text_width("Pixies", 30) > text_width("Pixies", 20) > 0


def test_glyph_coverage() -> None:
    covered = covered_codepoints()
    assert ord("A") in covered and ord("★") in covered and ord("…") in covered and ord("é") in covered
    assert 0x1F984 not in covered  # unicorn emoji
    assert ord("漢") not in covered


@pytest.mark.parametrize("raw,expected", [
    ("Zoë 🎲", "Zoë"), ("𝓐𝓵𝓲𝓬𝓮", "Alice"), ("Ｆｕｌｌ", "Full"), ("a\u200db\tc\nd", "ab c d"),
    ("🦄🦄", "?"), ("", "?"), ("  spaced   out ", "spaced out"),
])
def test_clean_text(raw: str, expected: str) -> None:
    assert clean_text(raw) == expected


def test_clean_text_fallback() -> None:
    assert clean_text("漢字", "Player 2") == "Player 2"


def test_fit_and_wrap() -> None:
    long = "Princess Sparkle-Unicorn of the Eternal Glitter Kingdom"
    assert fit_text("Ana", 24, 200) == "Ana"
    short = fit_text(long, 24, 200, bold=True)
    assert short.endswith("…") and text_width(short, 24, True) <= 200
    assert fit_text("WWWW", 24, 5) == "…"
    lines = wrap_text(long + " " + long, 24, 300, max_lines=3)
    assert 1 < len(lines) <= 3 and all(text_width(line, 24) <= 300 for line in lines)
    assert lines[-1].endswith("…")
    assert wrap_text("one two", 24, 500) == ["one two"]


def test_canvas_logs_every_text_with_tone() -> None:
    log: list = []
    cv = Canvas(800, 200, BG, log)
    assert cv.min_px() == 24
    width = cv.text(20, 40, "Hello", 24, TEXT, BG)
    assert width > 0 and log[0].text == "Hello" and log[0].fg == TEXT and log[0].bg == BG and log[0].px == 24
    x0, y0, x1, y1 = log[0].box
    assert 20 <= x0 < x1 and y0 < 40 < y1
    cv.tone = grey
    cv.text(20, 100, "Greyed", 24, ACCENT, SURFACE)
    assert log[1].fg == grey(ACCENT) and log[1].bg == grey(SURFACE)
    cv.tone = None
    cv.text(20, 150, "   ", 24, TEXT, BG)
    cv.text(20, 150, "A very long line that cannot fit", 24, TEXT, BG, max_width=120)
    assert len(log) == 3 and log[2].text.endswith("…")
    cv.text_in((400, 100, 600, 160), "Centred and much too long for the box", 24, TEXT, BG, bold=True)
    x0, y0, x1, y1 = log[3].box
    assert 400 < x0 and x1 < 600 and abs((y0 + y1) / 2 - 130) < 6 and log[3].text.endswith("…")
    Canvas(100, 100).text(10, 10, "no log", 24, TEXT, BG)  # logging is optional


def test_primitives_draw_something() -> None:
    cv = Canvas(400, 200, SURFACE)
    cv.card((10, 10, 110, 130), (91, 156, 242))
    cv.card_back((120, 10, 220, 130))
    cv.stripes((230, 10, 330, 130), ((255, 0, 0), (0, 0, 255)), 10, radius=10)
    cv.spiral(10, 140, 40)
    cv.cross(60, 140, 40)
    cv.check_badge(110, 140, 40)
    cv.crown(160, 140, 40)
    cv.star(210, 140, 40)
    cv.rect((260, 140, 300, 180), ACCENT, radius=20, outline=INK, width=2)
    colours = cv.image.getcolors(1 << 16)
    assert colours is not None and len(colours) > 100
    for x, y in ((60, 70), (170, 70), (20, 160), (80, 160), (130, 160), (280, 160)):
        assert cv.image.getpixel((x, y)) != SURFACE, (x, y)
    assert theme.spiral_sprite(40, INK) is theme.spiral_sprite(40, INK)  # sprites are cached


def test_to_png() -> None:
    cv = Canvas(300, 200, BG)
    cv.text(20, 50, "PNG", 40, TEXT, BG, bold=True)
    data = to_png(cv.image)
    assert data.startswith(b"\x89PNG")
    back = Image.open(io.BytesIO(data))
    assert back.size == (300, 200) and back.mode == "P"
    assert back.convert("RGB").getpixel((5, 5)) == BG
    assert Image.open(io.BytesIO(to_png(cv.image, quantize=False))).mode == "RGB"
    assert to_png(cv.image) == to_png(cv.image)
