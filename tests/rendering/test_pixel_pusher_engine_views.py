"""The Pixel Pusher images drawn from real engine views (seeded random games), one per phase.

Checks that the renderer copes with whatever the engine adds to the contract, that every text stays
legible, and that the public image and alt text are identical whoever's view they are drawn from.
"""

from __future__ import annotations

import io
import random
from collections import Counter

import pytest
from PIL import Image

from rendering import pixel_pusher as pp
from rendering.theme import MIN_CONTRAST, contrast_ratio

engine_module = pytest.importorskip("bot.games.pixel_pusher")

NAMES = ["Ana", "Bo", "Chloé", "Dmitri"]


def snapshots(n: int, seed: int) -> list[tuple[object, dict, int]]:
    """(engine, state, a seat with a decision) at the first moment of each phase, and the final state."""
    engine = engine_module.PixelPusherEngine()
    state = engine.new_game(n, {}, seed)
    rng = random.Random(seed)
    seen: dict[str, tuple] = {}
    steps = 0
    while not engine.is_terminal(state) and steps < 5000:
        decision = rng.choice(engine.pending(state))
        phase = engine.view(state, None)["phase"]
        if phase not in seen:
            seen[phase] = (engine, state, decision.player)
        state = engine.apply(state, decision.player, rng.choice(engine.legal_actions(state, decision.player)))
        steps += 1
    assert engine.is_terminal(state)
    seen["finished"] = (engine, state, 0)
    return list(seen.values())


@pytest.fixture(scope="module", params=[2, 3, 4])
def game(request) -> list[tuple[object, dict, int]]:
    return snapshots(request.param, 11 * request.param)


def legible(log: list, width: int, img: Image.Image | None = None) -> None:
    assert len(log) >= 5
    rgb = img.convert("RGB") if img is not None else None
    for rec in log:
        assert contrast_ratio(rec.fg, rec.bg) >= MIN_CONTRAST, rec
        assert rec.px * 400 / width >= 12, rec
        if rgb is not None:  # the declared background is what surrounds the text
            x0, y0, x1, y1 = rec.box
            frame = [(x, y) for x in range(x0 - 2, x1 + 2, 3) for y in (y0 - 2, y1 + 1)]
            frame += [(x, y) for y in range(y0 - 2, y1 + 2, 3) for x in (x0 - 2, x1 + 1)]
            top = Counter(rgb.getpixel(p) for p in frame).most_common(1)[0][0]
            assert max(abs(a - b) for a, b in zip(top, rec.bg, strict=True)) <= 12, (rec, top)


def test_public_image_is_the_same_from_every_view(game) -> None:
    for engine, state, seat in game:
        public = engine.view(state, None)
        n = public["players"]
        log: list = []
        data = pp.render_board(public, NAMES[:n], log=log)
        img = Image.open(io.BytesIO(data))
        assert img.width == 733 and img.height < 2200
        legible(log, img.width, img)
        drawn = {r.text for r in log}
        assert all(any(name in t for t in drawn) for name in NAMES[:n])
        private = engine.view(state, seat)
        assert pp.render_board(private, NAMES[:n]) == data  # a private view draws no more than the public one
        alt = pp.alt_board(public, NAMES[:n])
        assert len(alt) <= 1000
        for s in range(n):
            assert pp.alt_board(engine.view(state, s), NAMES[:n]) == alt


def test_private_images_show_the_hand(game) -> None:
    for engine, state, seat in game:
        view = engine.view(state, seat)
        n = view["players"]
        log: list = []
        data = pp.render_private(view, NAMES[:n], log=log)
        assert Image.open(io.BytesIO(data)).width == 733
        legible(log, 733)
        joined = " ".join(r.text for r in log)
        alt = pp.alt_private(view, NAMES[:n])
        assert len(alt) <= 1000 and NAMES[seat] in alt
        for card in view["private"]["hand"]:
            assert card["name"].split()[0] in joined  # names may wrap over two lines
            assert card["name"] in alt
        if view["private"].get("working"):
            assert "Holding" in joined and "Available" in joined
