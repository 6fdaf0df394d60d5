"""A theme's colours applied to a finished image's palette: every entry that is a standard colour (an
anchor) takes the theme's colour; an antialiasing shade between two anchors becomes the same shade between
their themed colours; any other colour moves with its nearest anchors. Pure Python, cached per palette."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

RGB = tuple[int, int, int]

#: how far (RGB distance squared) a colour may lie from a blend of two anchors and still count as one
BLEND_TOLERANCE = 5.0**2
#: how many nearest anchors an off-blend colour moves with
NEAREST = 4


def _dist2(a: Sequence[float], b: Sequence[float]) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(max(0, min(255, round(x + (y - x) * t))) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def blend_of(colour: RGB, anchors: Sequence[RGB]) -> tuple[RGB, RGB, float, float] | None:
    """The two anchors ``colour`` lies between, where (0 = the first, 1 = the second), and how far off."""
    best: tuple[RGB, RGB, float, float] | None = None
    for i, a in enumerate(anchors):
        ax, ay, az = a
        cx, cy, cz = colour[0] - ax, colour[1] - ay, colour[2] - az
        for b in anchors[i + 1:]:
            dx, dy, dz = b[0] - ax, b[1] - ay, b[2] - az
            length = dx * dx + dy * dy + dz * dz
            t = (cx * dx + cy * dy + cz * dz) / length
            if t < 0 or t > 1:
                continue
            err = (cx - t * dx) ** 2 + (cy - t * dy) ** 2 + (cz - t * dz) ** 2
            if best is None or err < best[3]:
                best = (a, b, t, err)
    return best


def _moved(colour: RGB, anchors: Mapping[RGB, RGB]) -> RGB:
    """``colour`` displaced as its nearest anchors are (inverse-distance weights)."""
    near = sorted(anchors, key=lambda a: _dist2(a, colour))[:NEAREST]
    if not near:
        return colour
    weights = [1 / (1 + _dist2(a, colour)) ** 2 for a in near]
    total = sum(weights)
    shift = [sum(w * (anchors[a][k] - a[k]) for a, w in zip(near, weights, strict=True)) / total for k in range(3)]
    return tuple(max(0, min(255, round(colour[k] + shift[k]))) for k in range(3))  # type: ignore[return-value]


def remap(colours: Sequence[RGB], anchors: Mapping[RGB, RGB]) -> list[RGB]:
    """Each palette colour in the theme whose standard → themed colours are ``anchors``."""
    present = [c for c in dict.fromkeys(colours) if c in anchors]
    out = []
    for c in colours:
        if c in anchors:
            out.append(anchors[c])
            continue
        found = blend_of(c, present) if len(present) > 1 else None
        if found is not None and found[3] <= BLEND_TOLERANCE:
            a, b, t, _ = found
            out.append(_mix(anchors[a], anchors[b], t))
        else:
            out.append(_moved(c, anchors))
    return out


@lru_cache(maxsize=64)
def remap_cached(colours: tuple[RGB, ...], anchors: tuple[tuple[RGB, RGB], ...]) -> tuple[RGB, ...]:
    """:func:`remap`, cached by palette and theme (a game's fixed palette is remapped once per process)."""
    return tuple(remap(colours, dict(anchors)))


def blend_weights(colours: Sequence[RGB], anchors: Mapping[RGB, RGB], of: RGB) -> list[float]:
    """How much of the standard colour ``of`` each palette colour is (1 = it is ``of``; a shade: its share)."""
    present = [c for c in dict.fromkeys(colours) if c in anchors]
    weights = []
    for c in colours:
        if c == of:
            weights.append(1.0)
            continue
        found = blend_of(c, present) if c not in anchors and len(present) > 1 else None
        if found is None or found[3] > BLEND_TOLERANCE:
            weights.append(0.0)
        else:
            a, b, t, _ = found
            weights.append(1 - t if a == of else t if b == of else 0.0)
    return weights
