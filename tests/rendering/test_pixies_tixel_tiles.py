"""Pixies and Tixel images on palette tiles: cached tiles give the bytes and text log of fresh drawing,
the pixels look like the theme's RGB drawing of the same layout, every palette colour stays exact, and
every image is a palette PNG within 100 KiB."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.games.pixies import PixiesEngine
from bot.games.tixel import TixelEngine
from rendering import theme, theme_parts, tiles
from rendering.pixies import cards as pixies_cards
from rendering.pixies import scores as pixies_scores
from rendering.pixies import table as pixies
from rendering.tixel import board as tixel
from rendering.tixel import pieces as tixel_pieces
from tests.rendering import test_pixies_render as pixies_cases
from tests.rendering import test_tixel_render as tixel_cases
from tests.rendering.tile_helpers import fresh as drawn_afresh

NAMES = ["Ana", "Bartholomew", "Chloé", "Dmitri"]
BUDGET = 100 * 1024
PALETTES = (pixies_cards.PALETTE, tixel_pieces.PALETTE)


def pixies_views(players: int, seed: int) -> tuple[list[dict], dict]:
    """Every 9th view of one seeded random Pixies game, and its finished view."""
    engine, rng = PixiesEngine(), random.Random(seed)
    state = engine.new_game(players, {}, seed)
    views = []
    while not engine.is_terminal(state):
        if len(views) < 40 and engine.view(state, None)["turn"] % 9 == 2:
            views.append(engine.view(state, None))
        decision = engine.pending(state)[0]
        state = engine.apply(state, decision.player, rng.choice(engine.legal_actions(state, decision.player)))
    return views[::4], engine.view(state, None)


def tixel_views(seed: int) -> list[dict]:
    """Every 5th view of one seeded random Tixel game (Tix and Poka Yoke on)."""
    engine, rng = TixelEngine(), random.Random(seed)
    state = engine.new_game(2, {"tix": 2, "poka_yoke": True}, seed)
    views = []
    for step in range(120):
        if engine.is_terminal(state):
            break
        if step % 5 == 4:
            views.append(engine.view(state, None))
        decision = rng.choice(engine.pending(state))
        state = engine.apply(state, decision.player, rng.choice(engine.legal_actions(state, decision.player)))
    return views + [engine.view(state, None)]


def renders() -> list[tuple[str, object]]:
    """(kind, job) for every posted Pixies and Tixel image kind, over real and hand-built views."""
    jobs: list[tuple[str, object]] = []
    for players in (2, 3, 4):
        middle, final = pixies_views(players, 11 + players)
        names = NAMES[:players]
        jobs += [("pixies table", lambda v=v, n=names: pixies.render_table(v, n)) for v in middle]
        jobs += [("pixies scores", lambda r=r, f=final, n=names: pixies.render_round_scores(f, n, r))
                 for r in (1, 2, 3)]
        jobs.append(("pixies final", lambda f=final, n=names: pixies.render_final(f, n)))
    jobs += [("tixel board", lambda v=v: tixel.render_board(v, NAMES[:2])) for v in tixel_views(0) + tixel_views(4)]
    for make in pixies_cases.CASES.values():
        fn, args = make()
        jobs.append(("pixies case", lambda fn=fn, args=args: fn(*args)))
    for make, names in tixel_cases.CASES.values():
        jobs.append(("tixel board", lambda make=make, names=names: tixel.render_board(make(), names)))
    return jobs


@pytest.fixture(scope="module")
def jobs() -> list[tuple[str, object]]:
    return renders()


def test_cached_tiles_give_the_bytes_of_fresh_drawing(jobs) -> None:
    for palette in PALETTES:
        palette.tiles.clear()
    first = [job() for _, job in jobs]  # fills the caches
    again = [job() for _, job in jobs]  # every tile and part from the caches
    fresh = [drawn_afresh(job) for _, job in jobs]  # every tile and part drawn anew
    assert first == again == fresh
    assert all(len(palette.tiles) > 100 for palette in PALETTES)


def test_cached_parts_log_the_same_texts() -> None:
    middle, final = pixies_views(4, 3)
    view = tixel_views(4)[4]
    for render in (lambda log: pixies.render_table(middle[2], NAMES, log=log),
                   lambda log: pixies.render_round_scores(final, NAMES, 3, log=log),
                   lambda log: tixel.render_board(view, NAMES[:2], log=log)):
        logs = []
        for caching in (True, True, False):
            tiles.CACHING = caching
            try:
                log: list = []
                render(log)
                logs.append(log)
            finally:
                tiles.CACHING = True
        assert logs[0] == logs[1] == logs[2] and len(logs[0]) > 20


def test_every_image_is_a_palette_png_within_budget(jobs) -> None:
    kinds = set()
    for kind, job in jobs:
        data = job()
        img = Image.open(io.BytesIO(data))
        assert img.mode == "P", kind
        assert len(data) <= BUDGET, (kind, len(data))
        kinds.add(kind)
    assert kinds == {"pixies table", "pixies scores", "pixies final", "pixies case", "tixel board"}


@pytest.mark.parametrize("palette", PALETTES, ids=["pixies", "tixel"])
def test_palette_colours_map_to_themselves(palette: tiles.Palette) -> None:
    strip = Image.new("RGB", (len(palette.colours), 1))
    for i, colour in enumerate(palette.colours):
        strip.putpixel((i, 0), colour)
    mapped = palette.quantize(strip)
    assert [mapped.getpixel((i, 0)) for i in range(len(palette.colours))] == list(range(len(palette.colours)))
    assert 200 <= len(palette.colours) <= 256


def test_palettes_hold_the_flat_colours_exactly() -> None:
    shared = [theme.BG, theme.SURFACE, theme.RAISED, theme.LINE, theme.TEXT, theme.MUTED, theme.ACCENT,
              theme.CREAM]
    for colour in shared + [theme.SLOT, theme.GOOD, theme.SPIRAL_INK, theme.CROSS_INK, theme.BACK,
                            pixies_cards.SLOT_TEXT] + [c[0] for c in pixies_cards.COLOURS.values()]:
        assert colour in pixies_cards.PALETTE.index, colour
    for colour in shared + [tixel.SQ_A, tixel.SQ_B, tixel.GRID, tixel.FRAME, tixel_pieces.WHITE_FILL,
                            tixel_pieces.BLACK_FILL, tixel_pieces.WHITE_EDGE, tixel_pieces.BLACK_EDGE]:
        assert colour in tixel_pieces.PALETTE.index, colour
    # INK lies within a level or two of BG: Pillow cannot tell them apart, so INK is drawn as BG
    assert theme.INK not in pixies_cards.PALETTE.index
    assert pixies_cards.PALETTE.colours[pixies_cards.PALETTE.nearest(theme.INK)] == theme.BG


class _RGBParts(theme.Canvas):
    """The theme's RGB canvas with ``part`` drawing in place: the reference the palette image is held to."""

    def __init__(self, width, height, bg, log=None, *, palette=None):
        super().__init__(width, height, bg, log)

    def part(self, key, box, draw, *, over=None) -> None:
        x0, y0, x1, y1 = (round(v) for v in box)
        sub = theme.Canvas(1, 1, theme.BG, [])
        sub.image = self.image.crop((x0, y0, x1, y1))
        sub.draw = ImageDraw.Draw(sub.image)
        sub.tone = self.tone
        draw(sub)
        self.image.paste(sub.image, (x0, y0))

    def group(self, key, box, draw, *, over) -> None:
        x0, y0, x1, y1 = (round(v) for v in box)
        sub = _RGBParts(x1 - x0, y1 - y0, over)
        sub.tone = self.tone
        draw(sub)
        self.image.paste(sub.image, (x0, y0))


def _rgb_reference(monkeypatch, render):
    for module in (pixies, pixies_scores, tixel):
        monkeypatch.setattr(module, "ExactCanvas", _RGBParts)
        monkeypatch.setattr(module, "to_png", lambda image, *a, **k: image)
    return render()


@pytest.mark.parametrize("which", ["table", "scores", "final", "tixel"])
def test_palette_images_look_like_the_rgb_drawing(monkeypatch, which: str) -> None:
    middle, final = pixies_views(4, 9)
    board = tixel_views(6)[5]
    render = {"table": lambda: pixies.render_table(middle[1], NAMES),
              "scores": lambda: pixies.render_round_scores(final, NAMES, 3),
              "final": lambda: pixies.render_final(final, NAMES),
              "tixel": lambda: tixel.render_board(board, NAMES[:2])}[which]
    palette = Image.open(io.BytesIO(render())).convert("RGB")
    with monkeypatch.context() as patched:
        reference = _rgb_reference(patched, render)
    assert reference.size == palette.size
    diff = ImageChops.difference(reference, palette).convert("L")
    hist = diff.histogram()
    total = sum(hist)
    assert sum(v * n for v, n in enumerate(hist)) / total < 0.5  # on average within half a level
    assert sum(hist[25:]) / total < 0.002  # hardly a pixel visibly off (antialiasing shades only)
    assert max(v for v, n in enumerate(hist) if n) < 64


def test_parts_are_cached_once_per_look() -> None:
    theme_parts._RECORDS.clear()
    pixies_cards.PALETTE.tiles.clear()
    card = {"color": "red", "value": 7, "spirals": 1, "crosses": 0, "color_spiral": False, "id": 3}
    cv = theme_parts.ExactCanvas(400, 200, theme.SURFACE, [], palette=pixies_cards.PALETTE)
    pixies_cards.paste_card(cv, (10, 10, 110, 130), card, value_px=40, letter_px=24)
    pixies_cards.paste_card(cv, (200, 10, 300, 130), dict(card, id=4), value_px=40, letter_px=24)
    parts = [k for k in pixies_cards.PALETTE.tiles if isinstance(k[0], tuple) and k[0][0] == "part"]
    assert len(parts) == 1  # the same face over the same background: one tile, pasted twice
    assert cv.image.crop((10, 10, 110, 130)).tobytes() == cv.image.crop((200, 10, 300, 130)).tobytes()
    assert [r.text for r in cv.log] == ["7", "R", "7", "R"]
    assert cv.log[2].box[0] - cv.log[0].box[0] == 190


def test_bounded_palette_keeps_the_latest_tiles_within_its_budget() -> None:
    palette = theme_parts.BoundedPalette([theme.BG, theme.TEXT], budget=12_000)
    made = []

    def make(n: int):
        made.append(n)
        return Image.new("P", (100, 50), n % 2)  # 5,000 bytes each

    for n in (1, 2, 1, 3):  # 1 is used again before 3 arrives, so 2 is the oldest
        palette.remember(("tile", n), lambda n=n: make(n))
    assert made == [1, 2, 3] and list(palette.tiles) == [("tile", 1), ("tile", 3)]
    assert palette.used <= palette.budget
    assert palette.remember(("tile", 2), lambda: make(2)).size == (100, 50) and made[-1] == 2
    palette.tiles.clear()
    palette.remember(("tile", 4), lambda: make(4))
    assert palette.used == 5000 + theme_parts._key_weight(("tile", 4))


WORDS = ("Last: Ana Bartholomew Chloé took kept Green Blue Yellow (4 crosses) spiral) → space 6, which already "
         "shows… face up on f j y Tixel placed a tixel a4, inactive (hollow W) slid c2→c1 Jjy fff 0 45 ×3 +1 −2 · "
         "' ( ] « T V A W").split()


def test_a_line_from_its_words_tiles_has_the_bytes_of_the_whole_line() -> None:
    cv = theme_parts.ExactCanvas(10, 10, theme.BG, None, palette=pixies_cards.PALETTE)
    rng = random.Random(8)
    composed = 0
    for px in (24, 27, 28, 36):
        for bold in (False, True):
            for anchor in ("lm", "ls", "la"):
                for _ in range(40):
                    line = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 9)))
                    if rng.random() < 0.2:
                        line = " " + line.replace(" ", "  ", 1)
                    whole = cv._glyph_tile(line, px, bold, theme.MUTED, theme.BG, anchor)
                    words = cv._words_tile(line, px, bold, theme.MUTED, theme.BG, anchor)
                    if words is None:
                        continue
                    composed += 1
                    assert words[2:] == whole[2:] and words[0].size == whole[0].size
                    assert words[0].tobytes() == whole[0].tobytes() and words[1].tobytes() == whole[1].tobytes()
    assert composed == 4 * 2 * 3 * 40  # no line of these words needed the whole-line fallback


def test_fit_fast_shortens_as_fit_text_does() -> None:
    rng = random.Random(9)
    letters = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ,.·-→()éÀ…:'"
    for _ in range(600):
        text = "".join(rng.choice(letters) for _ in range(rng.randint(1, 70)))
        px, bold, room = rng.choice((24, 26, 27, 28, 36)), rng.random() < 0.5, rng.uniform(5, 900)
        assert theme_parts.fit_fast(text, px, room, bold) == theme.fit_text(text, px, room, bold)
    assert theme_parts.fit_fast("Bartholomew", 26, 80, True).endswith(theme.ELLIPSIS)


def test_warming_pins_tiles_and_changes_no_pixel() -> None:
    from bot.games.pixies.cards import ALL_IDS, card_dict

    middle, final = pixies_views(3, 21)
    jobs = [lambda: pixies.render_table(middle[1], NAMES[:3]), lambda: pixies.render_round_scores(final, NAMES[:3], 2),
            lambda: pixies.render_final(final, NAMES[:3]), lambda: tixel.render_board(tixel_views(4)[3], NAMES[:2])]
    for palette in PALETTES:
        palette.tiles.clear()
    cold = [job() for job in jobs]
    try:
        pixies.warm_faces([card_dict(i) for i in ALL_IDS])
        pixies_scores.warm()
        tixel.warm()
        assert len(pixies_cards.PALETTE.pinned) > 1000 and len(tixel_pieces.PALETTE.pinned) > 250
        assert all(p.pin_used <= p.pin_budget + 1_000_000 for p in PALETTES)  # the last tile may pass the bound
        for palette in PALETTES:
            palette.tiles.clear()  # only what warming pinned stays
        assert [job() for job in jobs] == cold
    finally:
        for palette in PALETTES:
            palette.pinned.clear()
            palette.pin_used = 0


def test_pinned_tiles_outlive_the_recently_used_budget() -> None:
    palette = theme_parts.BoundedPalette([theme.BG, theme.TEXT], budget=6_000)
    with palette.warming():
        palette.remember(("tile", 0), lambda: Image.new("P", (100, 50)))  # 5,000 bytes, pinned
    made = []
    for n in (1, 2, 3):
        palette.remember(("tile", n), lambda n=n: made.append(n) or Image.new("P", (100, 50)))
    assert made == [1, 2, 3] and list(palette.tiles) == [("tile", 3)]
    assert palette.remember(("tile", 0), lambda: made.append(0)) is palette.pinned[("tile", 0)] and 0 not in made
