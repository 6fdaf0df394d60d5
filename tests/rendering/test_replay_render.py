"""Tests for the replay animator: a decodable multi-frame GIF, durations kept, a byte limit honoured."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageDraw

from rendering.replay import TooLarge, animate, sample


def frame(k: int, size: tuple[int, int] = (320, 240), noise: bool = False) -> bytes:
    """A flat-art PNG frame: a background, a panel and a marker that moves with ``k``."""
    image = Image.new("RGB", size, (24, 26, 38))
    draw = ImageDraw.Draw(image)
    draw.rectangle((10, 10, size[0] - 10, 60), fill=(60, 64, 90))
    draw.ellipse((20 + 9 * k, 90, 60 + 9 * k, 130), fill=(240, 190, 60))
    draw.text((20, 25), f"move {k}", fill=(235, 235, 240))
    if noise:  # incompressible pixels: the GIF cannot stay small at full size
        rng = random.Random(k)
        pixels = image.load()
        for y in range(140, size[1]):
            for x in range(size[0]):
                pixels[x, y] = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
    buf = io.BytesIO()
    image.save(buf, "PNG")
    return buf.getvalue()


def frames_of(data: bytes) -> tuple[Image.Image, list[int]]:
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF"
    durations = []
    for index in range(gif.n_frames):
        gif.seek(index)
        gif.load()
        durations.append(gif.info["duration"])
    gif.seek(0)
    return gif, durations


def test_sample_keeps_first_and_last_evenly():
    assert sample(5, 10) == [0, 1, 2, 3, 4]
    picks = sample(150, 60)
    assert len(picks) == 60 and picks[0] == 0 and picks[-1] == 149
    assert picks == sorted(set(picks))
    gaps = {b - a for a, b in zip(picks, picks[1:], strict=False)}
    assert gaps <= {2, 3}
    assert sample(7, 1) == [6] and sample(0, 5) == []


def test_frames_and_durations_are_kept():
    durations = [1500, 700, 700, 700, 700, 4000]
    data = animate([frame(k) for k in range(6)], durations)
    gif, seen = frames_of(data)
    assert gif.n_frames == 6 and seen == durations
    assert gif.size == (320, 240) and gif.info.get("loop") == 0
    # each frame decodes to what was drawn: the marker sits where frame k put it
    for k in (0, 5):
        gif.seek(k)
        rgb = gif.convert("RGB")
        assert rgb.getpixel((40 + 9 * k, 110)) == (240, 190, 60)
        assert rgb.getpixel((5, 5)) == (24, 26, 38)


def test_frames_of_different_sizes_share_one_canvas():
    data = animate([frame(0, (300, 200)), frame(1, (320, 240)), frame(2, (310, 220))], [500, 500, 500])
    gif, _ = frames_of(data)
    assert gif.size == (320, 240) and gif.n_frames == 3


def test_max_width_downscales():
    gif, _ = frames_of(animate([frame(k) for k in range(3)], [300] * 3, max_width=160))
    assert gif.size == (160, 120)


def test_a_byte_limit_is_honoured_by_shrinking_then_dropping_frames():
    frames = [frame(k, noise=True) for k in range(12)]
    durations = [1000] + [400] * 10 + [3000]
    full = animate(frames, durations)
    limit = len(full) // 6
    data = animate(frames, durations, max_bytes=limit)
    assert len(data) <= limit
    gif, seen = frames_of(data)
    assert gif.width < 320 or gif.n_frames < 12
    assert seen[0] == 1000 and seen[-1] == 3000  # first and last frames are always kept


def test_an_impossible_limit_raises():
    with pytest.raises(TooLarge):
        animate([frame(k, noise=True) for k in range(3)], [100] * 3, max_bytes=200)


def test_bad_arguments():
    with pytest.raises(ValueError):
        animate([], [])
    with pytest.raises(ValueError):
        animate([frame(0)], [100, 200])
