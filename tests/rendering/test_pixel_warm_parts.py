"""Pixel Tactics and Pixel Pusher images as players get them: parts drawn once wherever they land, tiles
keyed by what they show, text tiles straight from the font, and a worker's warm-up that changes no pixel."""

from __future__ import annotations

import math
import random

import pytest
from PIL import Image, ImageDraw

from bot import render_warmup
from bot.games.pixel_pusher.content import MACHINE_CARDS
from rendering import theme, tiles
from rendering.pixel_pusher import parts as pixel_pusher_parts
from rendering.pixel_pusher.parts import look_of
from rendering.pixel_tactics import style as pixel_tactics_style
from tests.rendering.test_pixel_tiles import renders


def _scratch_text(text: str, px: int, bold: bool, anchor: str) -> tuple[bytes, tuple[int, int], tuple[int, int]]:
    """The text's coverage drawn the old way (on a scratch ``L`` canvas), cropped: (bytes, size, offset)."""
    f = theme.font(px, bold)
    bx0, by0, bx1, by1 = f.getbbox(text, anchor=anchor)
    ax, ay = 2 - math.floor(bx0), 2 - math.floor(by0)
    cover = Image.new("L", (math.ceil(bx1) + ax + 2, math.ceil(by1) + ay + 2), 0)
    ImageDraw.Draw(cover).text((ax, ay), text, font=f, fill=255, anchor=anchor)
    box = cover.getbbox()
    return cover.crop(box).tobytes(), cover.crop(box).size, (box[0] - ax, box[1] - ay)


@pytest.mark.parametrize("text, px, bold, anchor", [
    ("Ana collected 2 R from segment 1.", 22, False, "lm"), ("Chloé → Ω", 24, True, "mm"),
    ("×3", 36, True, "rm"), ("jyg fi…", 18, False, "ls"), ("Round 12 · Rear wave", 28, True, "la")])
def test_text_tiles_are_the_scratch_canvas_drawing(text: str, px: int, bold: bool, anchor: str) -> None:
    cv = tiles.TileCanvas(10, 10, theme.BG, palette=pixel_pusher_parts.PALETTE)
    tile, cover, dx, dy = cv._text_tile(text, px, bold, theme.TEXT, theme.BG, anchor)
    coverage, size, offset = _scratch_text(text, px, bold, anchor)
    assert (dx, dy) == offset and tile.size == cover.size == size
    assert cover.tobytes() == bytes(255 if v else 0 for v in coverage)  # which pixels the ink touches
    shades = pixel_pusher_parts.PALETTE.shades(theme.TEXT, theme.BG)
    assert tile.tobytes() == bytes(shades[v] for v in coverage)  # each shaded as Pillow blends it


def test_a_card_look_leaves_out_only_the_id_of_a_named_card() -> None:
    red = {"id": "m1", "name": "Red Grabber", "type": "collector", "color": "R", "n": 2}
    assert look_of(red) == look_of({**red, "id": "m7"}) == look_of([red])[1:-1]
    assert look_of({**red, "n": 3}) != look_of(red)
    assert look_of({"id": "m1", "type": "storage"}) != look_of({"id": "m2", "type": "storage"})  # the id is drawn
    assert len({look_of(c) for c in MACHINE_CARDS}) == 18  # 60 machine cards, 18 looks


def test_a_part_is_one_tile_wherever_it_lands() -> None:
    palette = pixel_pusher_parts.PALETTE
    cv = pixel_pusher_parts.new_canvas(400, 200)
    before = set(palette.tiles)
    spots = [(10, 10), (110.7, 37.3), (213.4, 101.9)]  # whole, and between pixels at 11/18 px a unit
    for x, y in spots:
        pixel_pusher_parts.draw_pixel(cv, x, y, 46, "M")
    made = [k for k in palette.tiles if k not in before and k[0] == "part" and k[1][0] == "cube"]
    assert len(made) <= 1  # one drawing of the magenta cube at this size (none if an earlier test drew it)
    size = cv.px(46)
    crops = {cv.image.crop((round(x * cv.scale), round(y * cv.scale), round(x * cv.scale) + size,
                            round(y * cv.scale) + size)).tobytes() for x, y in spots}
    assert len(crops) == 1


def _forget(*palettes) -> None:
    """Empty the palettes' tile caches, pinned tiles too (a warm-up pins some: later tests start cold)."""
    for palette in palettes:
        palette.tiles.clear()
        palette.pinned.clear()
        palette.used = palette.pin_used = 0


@pytest.fixture
def pinned_forgotten():
    yield
    _forget(pixel_tactics_style.PALETTE, pixel_pusher_parts.PALETTE)


def test_worker_warm_up_draws_every_card_look_and_changes_no_pixel(pinned_forgotten) -> None:
    jobs = renders()[::3]
    _forget(pixel_tactics_style.PALETTE, pixel_pusher_parts.PALETTE)
    cold = [job() for _, job in jobs]
    _forget(pixel_tactics_style.PALETTE, pixel_pusher_parts.PALETTE)
    render_warmup._warm_card_faces()
    render_warmup._warm_pixel_pusher()
    pt_parts = [k for k in pixel_tactics_style.PALETTE.tiles if k[0] == "part" and k[1][0] == "hand card"]
    assert len(pt_parts) == len(render_warmup.hand_warm_cards()) == 50  # every core card as a full-size hand shows it
    stacks = {k[1][1] for k in pixel_pusher_parts.PALETTE.tiles if k[0] == "part" and k[1][0] == "stack"}
    assert {look_of([c]) for c in MACHINE_CARDS} <= stacks  # every machine card installed in a slot
    faces = {k[1][1] for k in pixel_pusher_parts.PALETTE.tiles if k[0] == "part" and k[1][0] == "face"}
    assert {look_of(c) for c in MACHINE_CARDS} <= faces  # and in a hand
    assert [job() for _, job in jobs] == cold


def test_the_benchmark_hand_case_shows_hands_that_hold_cards() -> None:
    from benchmarks.bench_render import cases

    hands = cases(quick=True)["Pixel Tactics hand"]
    views = [job.__defaults__[0] for job in hands]
    assert len(views) == 12 and all(v["you"] == 0 and v["hand"] for v in views)
    assert all(v["round"] >= 5 for v in views)  # mid-game, as the board case (rounds 7-8 since the rebalance)


def test_cached_wrap_is_the_theme_greedy_wrap() -> None:
    words = ["Ana", "collected", "2 R", "from", "segment", "1.", "Bartholomew", "Chloé", "→", "×3", "the", "draft",
             "begins", "(4", "cards", "a", "hand).", "Spell:", "Draw", "Ω", "fi"]
    rng = random.Random(3)
    one_line = 0
    for _ in range(600):
        text = ("  " if rng.random() < .1 else "") + " ".join(rng.choice(words) for _ in range(rng.randint(0, 14)))
        px, bold, width, most = rng.choice([18, 22, 24, 28]), rng.random() < .3, rng.uniform(60, 800), rng.choice([1, 2, 3])
        wrapped = tiles.wrap(text, px, width, bold, most)
        assert wrapped == theme.wrap_text(text, px, width, bold, most)
        one_line += len(wrapped) == 1
    assert one_line > 100  # the one-measure path was taken often
