"""The tile canvas of Pixel Tactics and Pixel Pusher: cached tiles give the very bytes of fresh drawing,
the palette pixels look like the theme's RGB drawing, and every image stays within 100 KiB."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops

from bot.games.pixel_pusher import PixelPusherEngine
from bot.games.pixel_tactics import PixelTacticsEngine
from bot.games.pixel_tactics.sets import all_cards
from rendering import pixel_pusher, pixel_tactics, theme, tiles
from rendering.pixel_pusher import parts as pixel_pusher_parts
from rendering.pixel_tactics import style as pixel_tactics_style
from rendering.pixel_tactics.cards import render_card
from tests.rendering.tile_helpers import fresh as drawn_afresh

NAMES = ["Ana", "Bartholomew", "Chloé", "Dmitri"]
BUDGET = 100 * 1024


def states(engine, players: int, seed: int, every: int = 7, limit: int = 8) -> list:
    """Every ``every``-th state of one seeded random game."""
    rng = random.Random(seed)
    state = engine.new_game(players, {}, seed)
    out = []
    for step in range(3000):
        if engine.is_terminal(state) or len(out) >= limit:
            break
        if step % every == 3:
            out.append(state)
        decision = rng.choice(engine.pending(state))
        state = engine.apply(state, decision.player, rng.choice(engine.legal_actions(state, decision.player)))
    return out + [state]


def renders() -> list[tuple[str, object]]:
    """(kind, job) for every posted image kind of both games, over real views."""
    pt, pp = PixelTacticsEngine(), PixelPusherEngine()
    jobs: list[tuple[str, object]] = []
    for s in states(pt, 2, 5):
        jobs.append(("pt board", lambda s=s: pixel_tactics.render_board(pt.view(s, None), NAMES[:2])))
        jobs.append(("pt hand", lambda s=s: pixel_tactics.render_hand(pt.view(s, 0), NAMES[:2])))
    jobs += [("pt card", lambda c=c: render_card(c)) for c in all_cards()[::9]]
    for players in (2, 4):
        for s in states(pp, players, 3, every=11):
            jobs.append((f"pp board {players}p", lambda s=s, n=players: pixel_pusher.render_board(
                pp.view(s, None), NAMES[:n])))
            jobs.append((f"pp private {players}p", lambda s=s, n=players: pixel_pusher.render_private(
                pp.view(s, n - 1), NAMES[:n])))
    return jobs


@pytest.fixture(scope="module")
def jobs() -> list[tuple[str, object]]:
    return renders()


def test_cached_tiles_give_the_bytes_of_fresh_drawing(jobs) -> None:
    for palette in (pixel_tactics_style.PALETTE, pixel_pusher_parts.PALETTE):
        palette.tiles.clear()
    first = [job() for _, job in jobs]  # fills the caches
    again = [job() for _, job in jobs]  # every tile from the caches
    fresh = [drawn_afresh(job) for _, job in jobs]  # every tile drawn anew
    assert first == again == fresh
    assert len(pixel_tactics_style.PALETTE.tiles) > 100 and len(pixel_pusher_parts.PALETTE.tiles) > 100


def test_cached_parts_log_the_same_texts(jobs) -> None:
    pp = PixelPusherEngine()
    view = pp.view(states(pp, 4, 3, every=11)[3], None)
    logs = []
    for caching in (True, True, False):
        tiles.CACHING = caching
        try:
            log: list = []
            pixel_pusher.render_board(view, NAMES, log=log)
            logs.append(log)
        finally:
            tiles.CACHING = True
    assert logs[0] == logs[1] == logs[2] and len(logs[0]) > 100


def test_every_image_is_a_palette_png_within_budget(jobs) -> None:
    sizes: dict[str, int] = {}
    for kind, job in jobs:
        data = job()
        img = Image.open(io.BytesIO(data))
        assert img.mode == "P", kind
        assert len(data) <= BUDGET, (kind, len(data))
        sizes[kind] = max(sizes.get(kind, 0), len(data))
    assert set(sizes) == {"pt board", "pt hand", "pt card", "pp board 2p", "pp private 2p", "pp board 4p",
                          "pp private 4p"}


def test_pusher_board_is_phone_sized(jobs) -> None:
    for kind, job in jobs:
        if kind.startswith("pp board"):
            img = Image.open(io.BytesIO(job()))
            assert img.width == 733 and img.height < 2000, (kind, img.size)


def _draw(cv) -> None:
    """The same drawing on any canvas: nested rounded rects over a pattern, text, sprites."""
    cv.rect((0, 0, 160, 90), theme.SURFACE)
    cv.stripes((10, 10, 150, 80), (theme.RAISED, theme.SLOT), 12, radius=12)
    cv.rect((20, 20, 140, 70), theme.ACCENT, radius=16, outline=theme.INK, width=2)
    cv.text(80, 45, "Hello 42", 24, theme.INK, theme.ACCENT, bold=True, anchor="mm")
    cv.crown(120, 0, 30, theme.ACCENT)
    cv.check_badge(0, 60, 28)


def test_palette_pixels_look_like_the_theme_drawing() -> None:
    rgb = theme.Canvas(160, 90, theme.BG)
    _draw(rgb)
    tiled = tiles.TileCanvas(160, 90, theme.BG, palette=pixel_tactics_style.PALETTE)
    _draw(tiled)
    diff = ImageChops.difference(rgb.image, tiled.image.convert("RGB")).convert("L")
    hist = diff.histogram()
    total = sum(hist)
    assert sum(v * n for v, n in enumerate(hist)) / total < 1.5  # on average within 1.5 levels
    assert sum(hist[25:]) / total < 0.01  # hardly a pixel visibly off (antialiasing shades only)
    assert tiled.colour_at(80, 25) == theme.ACCENT and tiled.colour_at(5, 5) == theme.SURFACE


def test_palettes_map_their_colours_to_themselves() -> None:
    for palette in (pixel_tactics_style.PALETTE, pixel_pusher_parts.PALETTE):
        row = Image.new("RGB", (len(palette.colours), 1))
        row.putdata(palette.colours)
        assert list(palette.quantize(row).tobytes()) == list(range(len(palette.colours)))
        assert palette.colours[palette.nearest(theme.BG)] == theme.BG  # the page keeps its colour


def test_tile_keys_tell_sizes_apart() -> None:
    cv = tiles.TileCanvas(300, 200, theme.BG, palette=pixel_tactics_style.PALETTE)
    cv.card_back((0, 0, 100, 150))
    cv.card_back((150, 0, 250, 60))  # same look, other size: its own tile
    assert cv.colour_at(200, 100) == theme.BG and cv.colour_at(200, 30) != theme.BG
    assert cv.colour_at(50, 140) != theme.BG


def test_a_long_hand_is_split_into_phone_sized_parts_within_budget_and_legible() -> None:
    """A hand too tall for a phone's screen is sent as several images, each at full size (not drawn smaller)."""
    from rendering.pixel_tactics.hand import TALL, hand_parts
    from tests.rendering.legibility import assert_legible

    engine = PixelTacticsEngine()
    view = engine.view(states(engine, 2, 5)[1], 0)
    longest = sorted(all_cards(), key=lambda c: -len(str(c)))
    for n in (3, 8):  # eight of the wordiest cards: the largest hand a Promo Leader allows
        hand = {**view, "hand": longest[:n]}
        drawn: set[str] = set()
        for k in range(len(hand_parts(hand))):
            log: list = []
            data = pixel_tactics.render_hand(hand, NAMES[:2], part=k, log=log)
            img = Image.open(io.BytesIO(data))
            assert len(data) <= BUDGET and img.mode == "P"
            assert img.width == 800 and img.height <= TALL * img.width, (n, k, img.size)
            assert_legible(img, log, 10)
            drawn |= {r.text for r in log}
        assert all(longest[k]["name"] in drawn for k in range(n))
        assert len(hand_parts(hand)) == (2 if n == 3 else 4)


def _cold(*palettes) -> None:
    """Empty the tile caches, the tiles pinned by an earlier warm-up of this process included."""
    for palette in palettes:
        palette.tiles.clear()
        if hasattr(palette, "pinned"):
            palette.pinned.clear()
            palette.pin_used = 0


def test_warming_fills_the_caches_and_changes_no_pixel(jobs) -> None:
    _cold(pixel_tactics_style.PALETTE, pixel_pusher_parts.PALETTE)
    cold = [job() for _, job in jobs[:6]]
    _cold(pixel_tactics_style.PALETTE, pixel_pusher_parts.PALETTE)
    pixel_tactics.warm()
    pixel_pusher.warm()
    assert len(pixel_tactics_style.PALETTE.tiles) > 50 and len(pixel_pusher_parts.PALETTE.tiles) > 50
    assert [job() for _, job in jobs[:6]] == cold


def test_a_full_cache_starts_over(monkeypatch) -> None:
    palette = tiles.Palette([theme.BG, theme.INK, theme.TEXT])
    monkeypatch.setattr(tiles, "MAX_CACHED_PIXELS", 3000)
    for k in range(5):
        palette.remember(k, lambda: Image.new("P", (20, 20)))  # 400 pixels and the object: 1400 each
    assert set(palette.tiles) == {3, 4} and palette.pixels == 2800
