"""A /game replay read on a phone (issue 16): a byte limit drops frames and colours before it makes the GIF
narrower than 400 px (a phone does not enlarge a narrower image, so its text would read under 12 px); the frames
of a real Pixel Pusher replay (4 players, 733 px wide, its smallest text sized for 400 px) keep every text
≥ 12 px as shown, inside the image, its pixels and its contrast as the frame
scaled to that width shows them (the shared palette and fewer colours lose little)."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.games.pixel_pusher import PixelPusherEngine
from rendering import pixel_pusher
from rendering.replay import MIN_WIDTH, TooLarge, animate_kept
from rendering.theme import MIN_CONTRAST, TextRecord, contrast_ratio
from tests.rendering.test_phone_legibility import NAMES, _positions


def _scaled(log: list[TextRecord], scale: float) -> list[TextRecord]:
    """The texts of a frame where the GIF shows them, scaled by ``scale``."""
    return [TextRecord(r.text, r.fg, r.bg, r.px * scale, tuple(round(v * scale) for v in r.box)) for r in log]


def _contrast(area: Image.Image) -> float:
    """The contrast of a text's ink against its ground: its lightest colour against its darkest."""
    colours = sorted((c for _n, c in area.getcolors(1 << 16)), key=lambda c: contrast_ratio(c, (0, 0, 0)))
    return contrast_ratio(colours[0], colours[-1])


def test_a_byte_limit_keeps_a_replay_readable_on_a_phone():
    engine, names = PixelPusherEngine(), NAMES[:4]
    frames, logs = [], []
    for state in _positions(engine, 4, 44, 8):
        log: list = []
        frames.append(pixel_pusher.render_board(engine.view(state, None), names, log=log))
        logs.append(log)
    width = Image.open(io.BytesIO(frames[0])).width
    tallest = max(Image.open(io.BytesIO(f)).height for f in frames)
    assert width > MIN_WIDTH
    durations = [1000] * len(frames)
    full, _ = animate_kept(frames, durations)
    limit = len(full) // 5  # far under the whole replay: it must drop frames (it may not shrink them further)
    data, kept = animate_kept(frames, durations, max_bytes=limit)
    assert len(data) <= limit and kept[0] == 0 and kept[-1] == len(frames) - 1 and len(kept) < len(frames)
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF" and MIN_WIDTH <= gif.width <= width, gif.size
    shown = min(gif.width, 400)  # the width a phone shows it at
    for index in kept:
        for rec in logs[index]:
            assert rec.px * shown / width >= 12, (index, rec)
    scale = gif.width / width
    for k, index in ((0, kept[0]), (gif.n_frames - 1, kept[-1])):  # the first and last frames, as decoded
        gif.seek(k)
        shown_frame = gif.convert("RGB")
        picture = Image.open(io.BytesIO(frames[index])).convert("RGB")
        drawn = Image.new("RGB", (width, tallest), picture.getpixel((0, 0)))  # on the replay's canvas, scaled
        drawn.paste(picture)
        drawn = drawn.resize(gif.size, Image.Resampling.LANCZOS)
        for rec in _scaled(logs[index], scale):  # each text inside the GIF, its pixels as drawn (few colours lost)
            x0, y0, x1, y1 = rec.box
            assert 0 <= x0 < x1 <= gif.width and 0 <= y0 < y1 <= gif.height, rec
            diff = ImageStat.Stat(ImageChops.difference(shown_frame.crop(rec.box), drawn.crop(rec.box))).mean
            assert max(diff) <= 32, (rec, diff)  # the same picture (a rare colour may shift a little)
            around = (x0 - 2, y0 - 2, x1 + 2, y1 + 2)
            # as readable as the scaled drawing (up to the contrast the renderers promise): the palette keeps it
            assert _contrast(shown_frame.crop(around)) >= 0.9 * min(_contrast(drawn.crop(around)), MIN_CONTRAST), rec


def test_fewer_colours_then_no_replay_rather_than_a_narrower_one():
    engine = PixelPusherEngine()
    states = _positions(engine, 2, 7, 1)
    frames = [pixel_pusher.render_board(engine.view(state, None), NAMES[:2]) for state in states[:2]]
    two, kept = animate_kept(frames, [500, 500], max_width=MIN_WIDTH)
    assert Image.open(io.BytesIO(two)).width == MIN_WIDTH and kept == [0, 1]
    data, kept = animate_kept(frames, [500, 500], max_bytes=len(two) - 1)  # fits only with fewer colours
    gif = Image.open(io.BytesIO(data))
    assert len(data) < len(two) and gif.width == MIN_WIDTH and kept == [0, 1]
    with pytest.raises(TooLarge):  # where it once shrank to a fifth (147 px wide), unreadable
        animate_kept(frames, [500, 500], max_bytes=len(data) // 3)
    small = Image.open(io.BytesIO(frames[0]))
    buf = io.BytesIO()
    small.resize((360, round(small.height * 360 / small.width))).save(buf, "PNG")
    data, _kept = animate_kept([buf.getvalue()] * 2, [500, 500], max_bytes=10 ** 6)
    assert Image.open(io.BytesIO(data)).width == 360  # a narrower frame stays as drawn
    with pytest.raises(TooLarge):
        animate_kept([buf.getvalue()] * 2, [500, 500], max_bytes=len(data) // 3)
