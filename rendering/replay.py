"""Animated replays: PNG frames (from a game's public renderer) assembled into one small GIF.

Pure functions, no I/O: the caller renders the frames and uploads the result. GIF is the animated
format every Discord client plays inline. The frames of a table post are flat art with few colours,
and successive positions differ in a small area, so one palette shared by every frame, no dithering and
delta frames (only the rectangle that changed is stored, its unchanged pixels transparent) keep a
replay small: about 25–40 kB a position for an 800-pixel-wide table. The GIF is written as a stream
(Pillow encodes each frame's pixels), so memory stays at a few frames however many there are.
"""

from __future__ import annotations

import io
import math
import struct
from collections.abc import Sequence

from PIL import GifImagePlugin, Image, ImageChops

#: the most frames a replay shows by default (a Pixies game has 100–200 actions)
MAX_FRAMES = 60
#: the narrowest a replay is scaled to for a byte limit: a phone shows an image about 400 px wide and does not
#: enlarge a narrower one, so below this width the frames' smallest text (sized for 400 px) reads under 12 px
MIN_WIDTH = 400
#: the scale a byte limit first goes down to (no lower than ``MIN_WIDTH``), the fewest frames, then the palette
#: sizes tried in turn before giving up
HALF = 0.5
MIN_FRAMES = 2
COLOURS = (255, 96, 32)
#: frames sampled (evenly) to build the shared palette
PALETTE_SAMPLES = 6


class TooLarge(ValueError):
    """The animation cannot be made to fit the byte limit."""


def sample(count: int, cap: int) -> list[int]:
    """Return the indices of at most ``cap`` evenly spaced items of ``range(count)``, always keeping the
    first and the last."""
    if count <= 0:
        return []
    if count <= cap:
        return list(range(count))
    if cap <= 1:
        return [count - 1]
    return sorted({round(i * (count - 1) / (cap - 1)) for i in range(cap)})


def _png_size(data: bytes) -> tuple[int, int]:
    """Return a frame's size without decoding its pixels."""
    with Image.open(io.BytesIO(data)) as image:
        return image.size


def _decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def _frame(data: bytes, size: tuple[int, int], scale: float) -> Image.Image:
    """Decode a PNG frame, put it top-left on a canvas of the common size (filled with the frame's
    own corner colour) and scale it."""
    image = _decode(data)
    if image.size != size:
        canvas = Image.new("RGB", size, image.getpixel((0, 0)))
        canvas.paste(image, (0, 0))
        image = canvas
    scaled = _scaled_size(size, scale)
    if scaled != size:
        image = image.resize(scaled, Image.Resampling.LANCZOS)
    return image


def _scaled_size(size: tuple[int, int], scale: float) -> tuple[int, int]:
    if scale >= 0.999:
        return size
    return max(1, round(size[0] * scale)), max(1, round(size[1] * scale))


def _shared_palette(frames_png: Sequence[bytes], size: tuple[int, int], scale: float,
                    colours: int = COLOURS[0]) -> Image.Image:
    """Return a palette image of at most ``colours`` colours drawn from a few evenly spaced frames."""
    picks = sample(len(frames_png), PALETTE_SAMPLES)
    mosaic: Image.Image | None = None
    for k, i in enumerate(picks):
        image = _frame(frames_png[i], size, scale)
        # every other pixel, exactly (nearest neighbour makes no new colours): a quarter of the memory
        image = image.resize((max(1, image.width // 2), max(1, image.height // 2)), Image.Resampling.NEAREST)
        if mosaic is None:
            mosaic = Image.new("RGB", (image.width, image.height * len(picks)))
        mosaic.paste(image, (0, k * image.height))
    assert mosaic is not None
    # octree keeps a colour few pixels use (a magenta cube) that median cut would blend into its neighbours
    return mosaic.quantize(colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def _free_index(image: Image.Image) -> int | None:
    """Return a palette index no pixel of ``image`` uses (for transparency), or ``None``."""
    return next((i for i, n in enumerate(image.histogram()) if n == 0), None)


def _write_frame(out: io.BytesIO, frame: tuple[Image.Image, tuple[int, int], dict]) -> None:
    image, offset, params = frame
    for chunk in GifImagePlugin.getdata(image, offset, **params):
        out.write(chunk)


def _encode(frames_png: Sequence[bytes], durations: list[int], size: tuple[int, int], scale: float,
            loop: int, colours: int = COLOURS[0]) -> bytes:
    """Encode the frames as a GIF with one global palette, written as a stream: each frame after the
    first stores only the rectangle that changed, unchanged pixels in it transparent. Frames are
    decoded one at a time, so memory stays at a few frames whatever their number."""
    palette = _shared_palette(frames_png, size, scale, colours)
    colours = (palette.getpalette() or [])[:768]
    colours += [0] * (768 - len(colours))
    out = io.BytesIO()
    width, height = _scaled_size(size, scale)
    # header, logical screen (global colour table of 256 entries), looping extension
    out.write(b"GIF89a" + struct.pack("<HHBBB", width, height, 0xF7, 0, 0) + bytes(colours))
    out.write(b"!\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", loop) + b"\x00")
    previous: Image.Image | None = None
    pending: tuple[Image.Image, tuple[int, int], dict] | None = None  # written once its duration is final
    for data, duration in zip(frames_png, durations, strict=True):
        frame = _frame(data, size, scale).quantize(palette=palette, dither=Image.Dither.NONE)
        if previous is None or pending is None:
            pending = (frame, (0, 0), {"duration": duration, "disposal": 1})
        else:
            delta = ImageChops.subtract_modulo(frame, previous)  # zero where the palette index is unchanged
            bbox = delta.getbbox()
            if bbox is None:  # the same picture: show the previous frame longer
                pending[2]["duration"] += duration
                continue
            _write_frame(out, pending)
            crop = frame.crop(bbox)
            params = {"duration": duration, "disposal": 1}
            free = _free_index(crop)
            if free is not None:
                crop.paste(free, mask=delta.crop(bbox).point([255, *(0,) * 255], "1"))
                params["transparency"] = free
            pending = (crop, bbox[:2], params)
        previous = frame
    assert pending is not None
    _write_frame(out, pending)
    out.write(b";")
    return out.getvalue()


def animate(frames_png: Sequence[bytes], durations_ms: Sequence[int], *, max_bytes: int | None = None,
            max_width: int | None = None, loop: int = 0) -> bytes:
    """Return an animated GIF of the PNG frames, each shown for its duration (milliseconds); see ``animate_kept``."""
    return animate_kept(frames_png, durations_ms, max_bytes=max_bytes, max_width=max_width, loop=loop)[0]


def animate_kept(frames_png: Sequence[bytes], durations_ms: Sequence[int], *, max_bytes: int | None = None,
                 max_width: int | None = None, loop: int = 0) -> tuple[bytes, list[int]]:
    """Return an animated GIF of the PNG frames, each shown for its duration (milliseconds), and the indexes of
    the frames it shows.

    Frames of different sizes are placed top-left on a canvas of the largest size. ``max_width``
    downscales wider frames. With ``max_bytes`` the GIF is re-encoded smaller until it fits: first at a
    lower resolution (down to half, never narrower than ``MIN_WIDTH``, so its text still reads on a phone), then
    with fewer frames (evenly spaced, first and last kept, each with its own duration), then with fewer colours;
    ``TooLarge`` if even that does not fit. Identical consecutive frames are merged into one (their durations
    added).
    """
    if not frames_png:
        raise ValueError("no frames")
    if len(frames_png) != len(durations_ms):
        raise ValueError("one duration per frame")
    sizes = [_png_size(data) for data in frames_png]
    size = (max(w for w, _ in sizes), max(h for _, h in sizes))
    scale = min(1.0, max_width / size[0]) if max_width else 1.0
    lowest = min(scale, max(HALF, MIN_WIDTH / size[0]))  # a byte limit never makes it narrower than this
    keep, palette = list(range(len(frames_png))), 0
    while True:
        data = _encode([frames_png[i] for i in keep], [int(durations_ms[i]) for i in keep], size, scale, loop,
                       COLOURS[palette])
        if max_bytes is None or len(data) <= max_bytes:
            return data, keep
        ratio = max_bytes / len(data)
        if scale > lowest + 1e-9:
            scale = max(lowest, scale * min(0.85, math.sqrt(ratio) * 0.95))
        elif len(keep) > MIN_FRAMES:
            wanted = max(MIN_FRAMES, min(len(keep) - 1, int(len(keep) * ratio * 0.9)))
            keep = [keep[i] for i in sample(len(keep), wanted)]
        elif palette + 1 < len(COLOURS):
            palette += 1
        else:
            raise TooLarge(f"{len(data)} bytes with the fewest frames and colours, over the limit of {max_bytes}")
