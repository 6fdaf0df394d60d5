"""Tixel pieces and markers: sprites of the physical pieces (notched squares, diamonds, Tix, Poka Yoke) and
badges, and the view helpers shared with :mod:`rendering.tixel` (the pool panels and the marker legend are in
:mod:`rendering.tixel.pool`).

Geometry (screen coordinates, y down): a piece is drawn from a canonical square with its hollow on the
north (top) edge, then turned clockwise by the angle of its hollow (N 0°, NE 45°, E 90°, …). Going
clockwise along the outline from the hollow edge's midpoint reaches the canonical top-right corner, so
a Poka Yoke piece with ``round == "cw"`` has that corner rounded, ``"ccw"`` the top-left one.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFilter

from rendering.theme import ACCENT, INK, RGB, TEXT, Canvas
from rendering.theme_parts import BoundedPalette, hex_palette
from rendering.tiles import width_of as text_width  # cached measurement

SS = 4  # supersampling factor
#: the fixed palette of every Tixel image: the theme's, board's and pieces' colours exactly, the rest
#: fitted to reference renders (rendering.theme_parts.fixed_palette)
PALETTE = BoundedPalette(hex_palette("""
171b26 232939 2f374c 1b202d 424b64 f2f4fa aab2c8 ffc857 fff8ea 26a662 6846b2 c43030 3e2d76 604ca0
cdc0fa 5d7096 54668a 3a4560 96acd6 7488b0 6e82a8 f7efdc 221e1c 24262d dee2ec 080a12 80ceff be3442
353f58 5b6e93 57524c b0b3bc a2a9bf 455473 3f4d69 4f5668 999ca5 4d5c7d 303239 bbbfc8 c2bbac 726d64
4f6082 474c5b eae2d0 4a4540 53555d e4e6ed bbc3d3 616a7f 2e3037 73798b 31394b 353e50 38425c a88744
4a5978 5e626b 80879a 343946 676d7e 2f2b28 656f85 5b4e33 2b303c 4b5160 d3d6e0 999ba4 eff1f7 e9ebf1
e5e6e9 dfdfe6 e3d6c0 efcd88 fbc557 f3bf55 ecbb57 e2b351 dcb669 d3d6df c9cdd6 c4c7cf bcc3d4 d4b3af
b7bbc4 aeb8ca 77bfec ceaf6d d4a84e b59572 bfa682 c79e4b bd9647 a8b0c5 aaaeb7 a4acc0 a6a8af a6a093
9da4b7 9fa3ad 98a0b6 939cb3 90939c 67a3cb b49047 ab8842 999488 a18141 96793f 876e3d 8a91a5 8793ad
878ea1 888c96 9d895f 7789ab 82858d 7584a0 7a8193 888278 787b84 6e6a65 5584a5 6c7993 697b9e 71757e
647597 697081 6b6f78 616d85 666973 5e6577 586785 456984 615e5b 5a6173 5a5f6c 556381 556077 746038
bf3f4d 625335 862b38 545866 4e4f50 4b5b7c 4c5a77 4f586e 4f5565 534731 47536d 434b5f 444853 3c4862
3f4452 000000 41392e 3c3f48 383d4b 343b4d 33302a 293042 2a2b32 262d3f 242834 27262a 202532 252122
202025 191b21 e0b357 e1b69f adb3c1 cca24c c0a477 a3acc0 989fb2 979ba5 8f98ae 70b2dd b28e46 929397
997640 958b75 7c8497 757c8f 7c786f 6d80a3 6d7487 6b707d 5c6b89 666360 55627d 7b5f39 5c4c34 484a53
353e55 313a50 333846 31343e 2c3240 2b2e38 1d212b ced0d7 a5b2c9 a5acbc e3bea4 959cad 8995ac bfa378
898479 626876 506081 3f4554 2d3447 f4c15a daae54 c8c9ce 9098aa bba286 a27c42 76797f 3d362d
"""))

# piece colours: light ivory with a dark edge, dark charcoal with a light edge
WHITE_FILL: RGB = (247, 239, 220)
WHITE_EDGE: RGB = (34, 30, 28)
BLACK_FILL: RGB = (36, 38, 45)
BLACK_EDGE: RGB = (222, 226, 236)
SHADOW: RGB = (8, 10, 18)
# markers
LOCK_FILL: RGB = ACCENT  # gold
TURN_FILL: RGB = (128, 206, 255)  # sky blue: "deactivated" badge
SAC_FILL: RGB = (190, 52, 66)  # crimson: "sacrificed" badge (light text on it >= 4.5:1)

ANGLES = {"N": 0, "NE": 45, "E": 90, "SE": 135, "S": 180, "SW": 225, "W": 270, "NW": 315}
ORTHO = ("N", "E", "S", "W")
DIAG = ("NE", "SE", "SW", "NW")
NOTCH = 0.155  # notch radius, as a fraction of the side
ROUND = 0.31  # Poka Yoke corner radius, as a fraction of the side (keeps the corner inside its square)

# ---------------------------------------------------------------- shared sizes (tuned for a 900 px image)
PX = 27  # every small text: 12 px when the image is shown 400 px wide
Q = 92  # board square
SIDE = round(Q * 0.86)  # piece side: an active piece's corners reach ~0.11 Q into the neighbouring squares
EDGE_W = 3.0  # piece outline
PATH: RGB = ACCENT  # slide arrow and path dots
FILES, RANKS = "abcdef", "123456"
View = dict[str, Any]


def piece_colours(owner_colour: str) -> tuple[RGB, RGB]:
    """(fill, edge) of a piece of the colour ``"white"`` or ``"black"``."""
    return (WHITE_FILL, WHITE_EDGE) if owner_colour == "white" else (BLACK_FILL, BLACK_EDGE)


def _arc(cx: float, cy: float, r: float, a0: float, a1: float, steps: int = 24) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(a0 + (a1 - a0) * i / steps), cy + r * math.sin(a0 + (a1 - a0) * i / steps))
            for i in range(steps + 1)]


def outline(side: float, notch: bool, rounded: str | None) -> list[tuple[float, float]]:
    """The canonical outline (centre at the origin, hollow on the top edge), clockwise on screen."""
    h = side / 2
    rn, rr = side * NOTCH, side * ROUND
    pts: list[tuple[float, float]] = []
    if rounded == "ccw":  # top-left corner, reached from the left edge going up
        pts += _arc(-h + rr, -h + rr, rr, math.pi, 1.5 * math.pi)
    else:
        pts.append((-h, -h))
    if notch:  # semicircular indentation in the middle of the top edge
        pts += _arc(0, -h, rn, math.pi, 0)
    if rounded == "cw":
        pts += _arc(h - rr, -h + rr, rr, -0.5 * math.pi, 0)
    else:
        pts.append((h, -h))
    pts += [(h, h), (-h, h)]
    return pts


def turned(points: list[tuple[float, float]], degrees: float) -> list[tuple[float, float]]:
    """``points`` turned clockwise on screen (y down) by ``degrees`` about the origin."""
    t = math.radians(degrees)
    c, s = math.cos(t), math.sin(t)
    return [(x * c - y * s, x * s + y * c) for x, y in points]


def piece_points(side: float, kind: str, active: bool, hollow: str | None,
                 rounded: str | None) -> list[tuple[float, float]]:
    """Outline of a piece about its centre; unknown or missing hollows fall back to a plain stance."""
    notch = kind != "tix" and hollow in ANGLES
    angle = ANGLES.get(hollow or "", 45 if active else 0) if notch else (45 if active else 0)
    if notch and active and hollow in ORTHO:  # inconsistent input: keep the piece recognisably active
        angle += 45
    if notch and not active and hollow in DIAG:
        angle -= 45
    return turned(outline(side, notch, rounded if kind == "poka" and notch else None), angle)


@lru_cache(maxsize=2048)
def piece_sprite(side: int, kind: str, active: bool, hollow: str | None, rounded: str | None,
                 fill: RGB, edge: RGB, edge_w: float, shadow: bool = True) -> Image.Image:
    """An RGBA sprite of one piece centred in a square canvas (see :func:`sprite_size`)."""
    size = sprite_size(side, edge_w)
    big = size * SS
    c = big / 2
    pts = [(c + x * SS, c + y * SS) for x, y in piece_points(side, kind, active, hollow, rounded)]
    img = Image.new("RGBA", (big, big), fill + (0,))
    draw = ImageDraw.Draw(img)
    draw.polygon(pts, fill=fill + (255,))
    w = max(1, round(edge_w * SS))
    draw.line(pts + pts[:2], fill=edge + (255,), width=w, joint="curve")
    sprite = img.resize((size, size), Image.Resampling.BOX)
    if not shadow:
        return sprite
    off = max(2, round(side / 28))
    mask = Image.new("L", (size, size), 0)
    mask.paste(sprite.getchannel("A").point(lambda a: a * 110 // 255), (off, off + 1))
    mask = mask.filter(ImageFilter.GaussianBlur(max(1.5, side / 40)))
    out = Image.new("RGBA", (size, size), SHADOW + (0,))
    out.putalpha(mask)
    out.alpha_composite(sprite)
    return out


def sprite_size(side: int, edge_w: float) -> int:
    """Canvas size of :func:`piece_sprite`: room for a diamond, its edge and its shadow."""
    return math.ceil(side * math.sqrt(2) + 2 * edge_w + side / 6) // 2 * 2 + 2


def _circle_badge(size: int, fill: RGB, ring: RGB) -> tuple[Image.Image, ImageDraw.ImageDraw, float]:
    s = size * SS
    img = Image.new("RGBA", (s, s), fill + (0,))
    draw = ImageDraw.Draw(img)
    draw.ellipse((0, 0, s - 1, s - 1), fill=ring + (255,))
    r = max(SS * 2, s // 11)
    draw.ellipse((r, r, s - 1 - r, s - 1 - r), fill=fill + (255,))
    return img, draw, s


@lru_cache(maxsize=16)
def lock_sprite(size: int) -> Image.Image:
    """A gold badge with a dark padlock: the locked (not pickable) piece."""
    img, draw, s = _circle_badge(size, LOCK_FILL, INK)
    u = s / 20
    lw = round(1.9 * u)
    draw.arc((6.4 * u, 3.6 * u, 13.6 * u, 11.6 * u), 180, 360, fill=INK + (255,), width=lw)
    draw.line((6.4 * u + lw / 2, 7.6 * u, 6.4 * u + lw / 2, 9.6 * u), fill=INK + (255,), width=lw)
    draw.line((13.6 * u - lw / 2, 7.6 * u, 13.6 * u - lw / 2, 9.6 * u), fill=INK + (255,), width=lw)
    draw.rounded_rectangle((5 * u, 9 * u, 15 * u, 16 * u), radius=1.4 * u, fill=INK + (255,))
    draw.ellipse((9 * u, 11 * u, 11 * u, 13 * u), fill=LOCK_FILL + (255,))
    return img.resize((size, size), Image.Resampling.BOX)


@lru_cache(maxsize=16)
def turn_sprite(size: int) -> Image.Image:
    """A sky-blue badge with a dark turning arrow: a piece the last slide deactivated."""
    img, draw, s = _circle_badge(size, TURN_FILL, INK)
    u = s / 20
    lw = round(2.0 * u)
    box = (5.2 * u, 5.2 * u, 14.8 * u, 14.8 * u)
    draw.arc(box, -60, 200, fill=INK + (255,), width=lw)
    # arrow head at the arc's start (angle -60°), pointing against the arc's direction of travel
    cx, cy, r = 10 * u, 10 * u, 4.8 * u - lw / 2
    a = math.radians(-60)
    tip = (cx + r * math.cos(a) + 1.9 * u, cy + r * math.sin(a) + 1.3 * u)
    draw.polygon([(tip[0] - 3.9 * u, tip[1] - 3.1 * u), (tip[0] + 0.9 * u, tip[1] - 4.5 * u), tip],
                 fill=INK + (255,))
    return img.resize((size, size), Image.Resampling.BOX)


@lru_cache(maxsize=16)
def dot_sprite(size: int, fill: RGB, ring: RGB) -> Image.Image:
    """A small filled disc with a ring (slide path marks)."""
    img, _, _ = _circle_badge(size, fill, ring)
    return img.resize((size, size), Image.Resampling.BOX)


@lru_cache(maxsize=16)
def ring_sprite(size: int, colour: RGB, width: float, dashed: bool = False, radius: float = 0.14) -> Image.Image:
    """A square ring (rounded corners) framing a square: last-move highlights; dashed for a pickup."""
    s = size * SS
    img = Image.new("RGBA", (s, s), colour + (0,))
    draw = ImageDraw.Draw(img)
    w = round(width * SS)
    draw.rounded_rectangle((0, 0, s - 1, s - 1), radius=radius * s, outline=colour + (255,), width=w)
    if dashed:  # cut four gaps into each side, symmetrically (the corners stay solid)
        gap = s / 10
        for centre in (0.23, 0.41, 0.59, 0.77):
            a = centre * s - gap / 2
            for box in ((a, 0, a + gap, w), (a, s - w, a + gap, s), (0, a, w, a + gap), (s - w, a, s, a + gap)):
                draw.rectangle(box, fill=colour + (0,))
    return img.resize((size, size), Image.Resampling.BOX)


@lru_cache(maxsize=512)
def arrow_sprite(length: int, thick: int, colour: RGB, turn: Image.Transpose | None = None) -> Image.Image:
    """A horizontal arrow (pointing east) ``length`` px long, or transposed by ``turn`` (cached)."""
    if turn is not None:
        return arrow_sprite(length, thick, colour).transpose(turn)
    head = thick * 2.6
    h = math.ceil(head * 2) + 2
    s = (length * SS, h * SS)
    img = Image.new("RGBA", s, colour + (0,))
    draw = ImageDraw.Draw(img)
    mid = s[1] / 2
    draw.line((thick * SS / 2, mid, s[0] - head * SS, mid), fill=colour + (255,), width=thick * SS)
    draw.ellipse((0, mid - thick * SS / 2, thick * SS, mid + thick * SS / 2), fill=colour + (255,))
    draw.polygon([(s[0] - 1, mid), (s[0] - head * SS * 1.25, mid - head * SS),
                  (s[0] - head * SS * 1.25, mid + head * SS)], fill=colour + (255,))
    return img.resize((length, h), Image.Resampling.BOX)


# ---------------------------------------------------------------- view helpers and drawing on a Canvas
def colour_of(view: View, seat: int) -> str:
    """"white" or "black": the colour of ``seat``."""
    colours = view.get("colors") or []
    c = colours[seat] if seat < len(colours) else None
    return c if c in ("white", "black") else ("white" if seat == 0 else "black")


def square_of(sq: Any) -> tuple[int, int] | None:
    """(file 0..5, rank 0..5) of a square name, or None."""
    if isinstance(sq, str) and len(sq) == 2 and sq[0] in FILES and sq[1] in RANKS:
        return FILES.index(sq[0]), RANKS.index(sq[1])
    return None


def seat_of(value: Any) -> int | None:
    """``value`` if it is a seat number (0 or 1), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 1 else None


def last_move_marks(view: View) -> dict[str, Any]:
    """Board marks of the last move and the bonus state."""
    last = view.get("last_move") or {}
    action = last.get("action") or {}
    kind = action.get("type")
    marks: dict[str, Any] = {"solid": set(), "dashed": set(), "path": [], "from": None, "to": None,
                             "deactivated": set(), "sacrificed": None, "locked": None}
    if kind == "slide" and square_of(action.get("from")) and square_of(action.get("to")):
        marks["from"], marks["to"] = action["from"], action["to"]
        marks["dashed"].add(action["from"])
        marks["solid"].add(action["to"])
        marks["path"] = [sq for sq in last.get("path") or [] if square_of(sq) and sq != action["to"]]
        marks["deactivated"] = {sq for sq in last.get("deactivated") or [] if square_of(sq)}
        if last.get("sacrificed"):
            marks["sacrificed"] = action["to"]
    elif kind in ("place", "activate", "pivot") and square_of(action.get("square")):
        marks["solid"].add(action["square"])
    elif kind == "pickup" and square_of(action.get("square")):
        marks["dashed"].add(action["square"])
    bonus = view.get("bonus") or {}
    if view.get("status") != "finished" and view.get("phase") == "bonus" and square_of(bonus.get("locked")):
        marks["locked"] = bonus["locked"]
    return marks


#: cut sprites by the id of the sprite they were cut from (kept alive here): the sprites come from the caches
#: below, sized to hold every look a board can show, so that ids stay put and this stays small
_TRIMMED: dict[int, tuple[Image.Image, Image.Image, int, int]] = {}


def _trimmed(sprite: Image.Image) -> tuple[Image.Image, int, int]:
    """``sprite`` cut to its visible pixels, and where that cut starts in it (cached per sprite)."""
    found = _TRIMMED.get(id(sprite))
    if found is None:
        box = sprite.getchannel("A").getbbox() or (0, 0, 1, 1)
        found = _TRIMMED[id(sprite)] = (sprite, sprite.crop(box), box[0], box[1])  # keeps the id taken
    return found[1], found[2], found[3]


def paste_centred(cv: Canvas, sprite: Image.Image, cx: float, cy: float) -> None:
    """Paste an RGBA sprite centred at (cx, cy) (only its visible pixels: a piece on its own square
    then lies over one colour, the quick case of a palette canvas)."""
    cut, dx, dy = _trimmed(sprite)
    cv.sprite(cut, round(cx - sprite.width / 2) + dx, round(cy - sprite.height / 2) + dy)


def draw_piece(cv: Canvas, view: View, piece: dict, cx: float, cy: float, side: int = SIDE,
               edge_w: float = EDGE_W, shadow: bool = True) -> None:
    """One piece of the view centred at (cx, cy)."""
    owner = seat_of(piece.get("owner"))
    fill, edge = piece_colours(colour_of(view, owner if owner is not None else 0))
    kind = piece.get("kind") if piece.get("kind") in ("tixel", "tix", "poka") else "tixel"
    rounded = piece.get("round") if piece.get("round") in ("cw", "ccw") else None
    sprite = piece_sprite(side, kind, bool(piece.get("active")), piece.get("hollow"), rounded, fill, edge,
                          edge_w, shadow)
    paste_centred(cv, sprite, cx, cy)


def sacrifice_badge(cv: Canvas, cx: float, cy: float) -> tuple[float, float]:
    """The "+1" (bonus move earned) pill of a sacrificed slider, centred at (cx, cy); returns its size."""
    w, h = text_width("+1", PX, True) + 18, 36
    cv.rect((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), INK, radius=h // 2)
    cv.rect((cx - w / 2 + 2, cy - h / 2 + 2, cx + w / 2 - 2, cy + h / 2 - 2), SAC_FILL, radius=h // 2 - 2)
    cv.text(cx, cy + 1, "+1", PX, TEXT, SAC_FILL, bold=True, anchor="mm")
    return w, h
