"""Pixel Tactics look shared by the board, hand and card images: colours, icons, names, stat pills, chips."""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from rendering import theme
from rendering.theme import (
    ACCENT,
    BG,
    CREAM,
    GOOD,
    INK,
    LINE,
    MUTED,
    RAISED,
    RGB,
    SLOT,
    SURFACE,
    TEXT,
    Canvas,
    TextRecord,
    contrast_ratio,
    font,
    mix,
)
from rendering.theme_parts import BoundedPalette
from rendering.theme_shapes import star_sprite
from rendering.tiles import TileCanvas, ramps
from rendering.tiles import clean as clean_text
from rendering.tiles import fit as fit_text
from rendering.tiles import width_of as text_width
from rendering.tiles_scaled import ScaledCanvas

View = dict[str, Any]
Card = dict[str, Any]
Names = Sequence[str] | Mapping[int, str] | None

SS = 4  # supersampling of the icon sprites
PX = 24  # every small text: 12 px when the 800 px image is shown 400 px wide

# ---------------------------------------------------------------- colours (text pairs >= 4.5:1)
FACE: RGB = (240, 233, 218)  # a Hero's card face (parchment), ink text
LEADER_FACE: RGB = (250, 232, 188)  # a Leader's face, warmer, framed in gold
LEADER_EDGE: RGB = (214, 160, 52)
CORPSE_FACE: RGB = (86, 88, 99)  # corpses: dark grey, hatched, light text
CORPSE_HATCH: RGB = (78, 80, 91)
CORPSE_TEXT: RGB = (232, 234, 240)
ATK: RGB = (184, 44, 56)  # red sword pill, white number
LIFE: RGB = (36, 96, 178)  # blue shield pill, white number
DMG: RGB = (206, 38, 38)  # damage disc, white number
FALL: RGB = (236, 56, 56)  # frame of a card that falls at the wave's end
BUFF: RGB = (178, 226, 164)
DEBUFF: RGB = (248, 178, 168)
NSA: RGB = (208, 208, 216)
RANGED: RGB = (146, 204, 246)
INTERCEPT: RGB = (126, 214, 198)
NEUTRAL: RGB = CREAM
ORDER: RGB = (124, 82, 196)  # tactic boxes, as in the rulebook: Order purple, Operation grey, Trap orange
OPERATION: RGB = (92, 100, 116)
TRAP: RGB = (232, 132, 44)
POWER: dict[str, RGB] = {"vanguard": (190, 50, 50), "flank": (30, 122, 68), "rear": (40, 96, 190)}
WHITE: RGB = (255, 255, 255)
SLOT_TEXT: RGB = (134, 143, 168)  # faint slot codes on empty spaces (>= 4.5:1 on SLOT)
CEASE_FILL: RGB = (150, 206, 250)  # ceasefire banner (ink text)

KINDS: dict[str, tuple[RGB, RGB, str]] = {  # tactic kind -> (fill, text colour, label)
    "order": (ORDER, WHITE, "Order"),
    "operation": (OPERATION, WHITE, "Operation"),
    "trap": (TRAP, INK, "Trap"),
}
ROWS = (("V", "Vanguard"), ("F", "Flank"), ("R", "Rear"))
SLOTS = ("V0", "V1", "V2", "F0", "L", "F2", "R0", "R1", "R2")


# ---------------------------------------------------------------- the fixed palette of every image
_SOLIDS = (BG, SURFACE, RAISED, SLOT, LINE, TEXT, MUTED, ACCENT, INK, CREAM, GOOD, WHITE, FACE, LEADER_FACE,
           LEADER_EDGE, CORPSE_FACE, CORPSE_HATCH, CORPSE_TEXT, ATK, LIFE, DMG, FALL, BUFF, DEBUFF, NSA, RANGED,
           INTERCEPT, ORDER, OPERATION, TRAP, *POWER.values(), SLOT_TEXT, CEASE_FILL, theme.BACK,
           theme.BACK_PATTERN, theme.BACK_EDGE, mix(RAISED, MUTED, 0.25), mix(ACCENT, INK, 0.25))
#: text colours over the fills they are drawn on: three antialiasing shades each
_TEXT_ON = {
    INK: (RANGED, INTERCEPT, NSA, BUFF, DEBUFF, CREAM, CEASE_FILL, LEADER_EDGE, TRAP, FACE, LEADER_FACE, TEXT,
          ACCENT, WHITE),
    WHITE: (INK, ATK, LIFE, DMG, ORDER, OPERATION, *POWER.values()),
    TEXT: (BG, SURFACE, RAISED), MUTED: (BG, SURFACE, RAISED), ACCENT: (INK, SURFACE), TRAP: (INK,),
    SLOT_TEXT: (SLOT,), CORPSE_TEXT: (CORPSE_FACE,),
}
#: shapes over what they are drawn on (rounded corners, icon edges): two shades each
_EDGES_ON = {
    BG: (INK, SURFACE, RAISED, GOOD, LINE, OPERATION, ORDER, CEASE_FILL, DMG, LEADER_EDGE, TRAP, ACCENT, CREAM,
         FALL),
    INK: (RAISED, theme.BACK, OPERATION, ORDER, mix(ACCENT, INK, 0.25), FACE, LEADER_FACE),
    SURFACE: (RAISED, OPERATION, ORDER, ATK, LIFE, LEADER_EDGE, TRAP, *POWER.values()),
    RAISED: (LIFE, ATK, ACCENT, mix(RAISED, MUTED, 0.25)),
    FACE: (LIFE, GOOD, ATK, ACCENT, CREAM, WHITE, DMG, FALL),
    LEADER_FACE: (LIFE, ATK, LEADER_EDGE, WHITE, DMG, GOOD, ACCENT, FALL),
    CREAM: (LIFE, GOOD, ATK),
    SLOT: (LINE,), CORPSE_FACE: (CORPSE_HATCH,), MUTED: (mix(RAISED, MUTED, 0.25),), ACCENT: (mix(ACCENT, INK, 0.25),),
    theme.BACK: (theme.BACK_PATTERN, theme.BACK_EDGE), TRAP: (WHITE, theme.BACK_EDGE),
}
# ---------------------------------------------------------------- card art and card kinds (art.py, cards.py)
ORANGE_DARK: RGB = (176, 88, 32)
TEAL_DARK: RGB = (20, 110, 108)
TEAL: RGB = (40, 168, 156)
BLUE_MID: RGB = (72, 142, 226)
ART_INK: RGB = BG  # a portrait's outline (INK shares its palette entry with BG)
EYE: RGB = CREAM
#: colour family -> (shadow, body, light) of a portrait; also the eight Base colours
ART_FAMILIES: dict[str, tuple[RGB, RGB, RGB]] = {
    "red": (ATK, FALL, DEBUFF), "orange": (ORANGE_DARK, TRAP, ACCENT), "yellow": (LEADER_EDGE, ACCENT, LEADER_FACE),
    "green": (POWER["flank"], GOOD, BUFF), "teal": (TEAL_DARK, TEAL, INTERCEPT), "blue": (LIFE, BLUE_MID, RANGED),
    "purple": (theme.BACK, ORDER, theme.BACK_EDGE), "grey": (CORPSE_FACE, MUTED, NSA),
}
#: set -> the colour family of its portraits' garb
ART_SET_ACCENT: dict[str, str] = {"core": "blue", "core2": "red", "mini1": "teal", "mini2": "orange",
                                  "commons": "grey", "promo": "green", "chase": "purple"}
#: a Base's colour band: colour -> (fill, text colour)
BASE_BAND: dict[str, tuple[RGB, RGB]] = {
    "red": (ATK, WHITE), "orange": (TRAP, INK), "yellow": (ACCENT, INK), "green": (POWER["flank"], WHITE),
    "teal": (INTERCEPT, INK), "blue": (LIFE, WHITE), "purple": (ORDER, WHITE), "grey": (OPERATION, WHITE),
}
CHASE: RGB = ORDER  # a Chase Leader's accent
PROMO: RGB = POWER["flank"]  # a Promo's accent (white text)
#: the palette holds 256 colours: these four art solids fill the last free entries
_ART = (ORANGE_DARK, TEAL_DARK, TEAL, BLUE_MID)

PALETTE = BoundedPalette([*_SOLIDS, *ramps((fg, bg) for fg, bgs in _TEXT_ON.items() for bg in bgs),
                   *ramps(((a, b) for a, bs in _EDGES_ON.items() for b in bs), (1 / 3, 2 / 3)), *_ART],
                         pin_budget=40 * 1024 * 1024)  # every card of every kind as a page, a deck and a face show it


def new_canvas(width: int, height: int, log: list[TextRecord] | None = None) -> TileCanvas:
    """A page of a Pixel Tactics image on the game's fixed palette."""
    return TileCanvas(width, height, BG, log, palette=PALETTE)


def scaled_canvas(width: int, height: int, log: list[TextRecord] | None, scale: float) -> ScaledCanvas:
    """A page laid out as :func:`new_canvas` but drawn at ``scale`` (texts shortened as at full size)."""
    return ScaledCanvas(width, height, BG, log, palette=PALETTE, scale=scale, unit_fit=True)


# ---------------------------------------------------------------- names
def _raw_name(names: Names, seat: int) -> str:
    if isinstance(names, Mapping):
        raw = names.get(seat) or names.get(str(seat))  # type: ignore[call-overload]
    elif isinstance(names, Sequence) and not isinstance(names, str) and 0 <= seat < len(names):
        raw = names[seat]
    else:
        raw = None
    return str(raw) if raw else ""


def seat_name(names: Names, seat: Any) -> str:
    """Drawable display name of ``seat`` (unrenderable characters dropped; fallback ``Seat n``)."""
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        return "?"
    return clean_text(_raw_name(names, seat), f"Seat {seat + 1}")


def alt_name(names: Names, seat: Any, limit: int = 32) -> str:
    """Plain display name for alt texts (control characters dropped, shortened to ``limit``)."""
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        return "?"
    raw = _raw_name(names, seat)
    text = " ".join("".join(ch for ch in raw if unicodedata.category(ch)[0] != "C").split()) or f"Seat {seat + 1}"
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def seat_of(value: Any, count: int = 2) -> int | None:
    """``value`` if it is a seat number below ``count``, else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < count else None


# ---------------------------------------------------------------- view and card accessors
def as_int(value: Any, default: int = 0) -> int:
    """An int from the view, or ``default`` when missing or malformed."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def players(view: View) -> list[dict]:
    """The view's players (malformed entries replaced by empty dicts)."""
    return [p if isinstance(p, dict) else {} for p in (view.get("players") or [])]


def card_name(card: Any, fallback: str = "Unknown card") -> str:
    """Drawable name of a card definition."""
    return clean_text(card.get("name") or "", fallback) if isinstance(card, dict) else fallback


def side(card: Any, key: str) -> dict:
    """One side of a card (``leader``, ``hero`` or ``tactic``) or an empty dict."""
    value = card.get(key) if isinstance(card, dict) else None
    return value if isinstance(value, dict) else {}


def power_text(card: Any, row: str) -> str:
    """The text of a Hero power (``vanguard``/``flank``/``rear``)."""
    power = side(card, "hero").get(row)
    if isinstance(power, dict):
        return str(power.get("text") or "")
    return str(power or "")


def tactic_kind(card: Any) -> tuple[RGB, RGB, str]:
    """(fill, text colour, label) of the card's Order/Operation/Trap box."""
    kind = str(side(card, "tactic").get("kind") or "").lower()
    return KINDS.get(kind, (OPERATION, WHITE, kind.capitalize() or "Tactic"))


def status_counts(statuses: Any) -> list[tuple[str, int]]:
    """Statuses grouped in order of first appearance: [(status, count)]."""
    out: dict[str, int] = {}
    for s in statuses if isinstance(statuses, list) else []:
        out[str(s)] = out.get(str(s), 0) + 1
    return list(out.items())


def chip_items(slot: dict, lang: str = "en") -> list[tuple[str, RGB]]:
    """The chips of a unit slot: keywords (Ranged, Intercept, no abilities) then statuses, ×n when stacked (in
    ``lang``)."""
    from rendering.pixel_tactics.words import chip_word

    items: list[tuple[str, RGB]] = []
    counts = status_counts(slot.get("statuses"))
    names = {s for s, _ in counts}
    if slot.get("ranged") or "Ranged" in names:
        items.append((chip_word("Ranged", lang), RANGED))
    if slot.get("intercept") or "Intercept" in names:
        items.append((chip_word("Intercept", lang), INTERCEPT))
    if slot.get("nsa") or "No Special Abilities" in names:
        items.append((chip_word("No abilities", lang), NSA))
    for status, n in counts:
        if status in ("Ranged", "Intercept", "No Special Abilities"):
            continue
        label = chip_word(clean_text(status.replace("Attack", "Atk"), "?"), lang).replace("-", "−")
        fill = BUFF if status.startswith("+") else DEBUFF if status.startswith(("-", "−")) else NEUTRAL
        items.append((label + (f" ×{n}" if n > 1 else ""), fill))
    return items


# ---------------------------------------------------------------- icon sprites
def _down(big: Image.Image, w: int, h: int) -> Image.Image:
    return big.resize((w, h), Image.Resampling.BOX)


@lru_cache(maxsize=32)
def sword_sprite(size: int, colour: RGB) -> Image.Image:
    """A diagonal sword (blade up-right) of ``colour`` on transparency."""
    s = size * SS
    big = Image.new("RGBA", (s, s), colour + (0,))
    d = ImageDraw.Draw(big)
    w = s * 0.13
    # blade from the guard (lower left) to the tip (upper right)
    gx, gy, tx, ty = s * 0.36, s * 0.64, s * 0.92, s * 0.08
    nx, ny = w / math.sqrt(2), w / math.sqrt(2)
    d.polygon([(gx - nx, gy - ny), (tx - nx * 0.2, ty - ny * 0.2 + w * 0.3), (tx, ty),
               (tx - w * 0.3 + nx * 0.2, ty + ny * 0.2), (gx + nx, gy + ny)], fill=colour + (255,))
    # cross guard, perpendicular to the blade
    cx, cy, g = s * 0.36, s * 0.64, s * 0.22
    d.line([(cx - g, cy - g), (cx + g, cy + g)], fill=colour + (255,), width=round(w * 1.1))
    # grip and pommel
    d.line([(cx, cy), (s * 0.14, s * 0.86)], fill=colour + (255,), width=round(w))
    r = w * 0.9
    d.ellipse((s * 0.12 - r, s * 0.88 - r, s * 0.12 + r, s * 0.88 + r), fill=colour + (255,))
    return _down(big, size, size)


@lru_cache(maxsize=32)
def shield_sprite(size: int, colour: RGB) -> Image.Image:
    """A heater shield of ``colour`` on transparency."""
    s = size * SS
    big = Image.new("RGBA", (s, s), colour + (0,))
    pts = [(s * 0.12, s * 0.1), (s * 0.5, s * 0.02), (s * 0.88, s * 0.1), (s * 0.88, s * 0.48)]
    pts += [(s * 0.5 + s * 0.38 * math.cos(a / 20 * math.pi / 2), s * 0.48 + s * 0.48 * math.sin(a / 20 * math.pi / 2))
            for a in range(1, 20)]
    pts += [(s * 0.5, s * 0.97)]
    pts += [(s * 0.5 - s * 0.38 * math.sin(a / 20 * math.pi / 2), s * 0.48 + s * 0.48 * math.cos(a / 20 * math.pi / 2))
            for a in range(1, 20)]
    pts += [(s * 0.12, s * 0.48)]
    ImageDraw.Draw(big).polygon(pts, fill=colour + (255,))
    return _down(big, size, size)


@lru_cache(maxsize=32)
def disc_sprite(size: int, fill: RGB, ring: RGB) -> Image.Image:
    """A filled disc with a ring (damage tokens)."""
    s = size * SS
    big = Image.new("RGBA", (s, s), fill + (0,))
    d = ImageDraw.Draw(big)
    d.ellipse((0, 0, s - 1, s - 1), fill=ring + (255,))
    k = max(SS * 2, s // 12)
    d.ellipse((k, k, s - 1 - k, s - 1 - k), fill=fill + (255,))
    return _down(big, size, size)


@lru_cache(maxsize=32)
def hourglass_sprite(size: int, colour: RGB) -> Image.Image:
    """An hourglass (an Operation's time marker)."""
    s = size * SS
    big = Image.new("RGBA", (s, s), colour + (0,))
    d = ImageDraw.Draw(big)
    a, b, t = s * 0.2, s * 0.8, s * 0.1
    d.rectangle((a - t * 0.5, s * 0.04, b + t * 0.5, s * 0.04 + t), fill=colour + (255,))
    d.rectangle((a - t * 0.5, s * 0.96 - t, b + t * 0.5, s * 0.96), fill=colour + (255,))
    d.polygon([(a, s * 0.12), (b, s * 0.12), (s * 0.55, s * 0.5), (b, s * 0.88), (a, s * 0.88),
               (s * 0.45, s * 0.5)], fill=colour + (255,))
    return _down(big, size, size)


# ---------------------------------------------------------------- drawing helpers
def stat_pill(cv: Canvas, x: float, y: float, value: Any, h: int, attack: bool, px: int = PX) -> float:
    """A red sword (Attack) or blue shield (Life) pill with the number; returns its width."""
    fill = ATK if attack else LIFE
    text = str(as_int(value, 0)) if value is not None else "?"
    icon = round(h * 0.62)
    w = 8 + icon + 5 + text_width(text, px, True) + 10
    cv.rect((x, y, x + w, y + h), fill, radius=h // 2)
    sprite = sword_sprite(icon, CREAM) if attack else shield_sprite(icon, CREAM)
    cv.sprite(sprite, x + 8, y + (h - icon) / 2)
    cv.text(x + 8 + icon + 5, y + h / 2 + 1, text, px, WHITE, fill, bold=True, anchor="lm")
    return w


def stats_width(attack: Any, life: Any, h: int, px: int = PX, gap: int = 6) -> float:
    """Width of the two stat pills side by side."""
    icon = round(h * 0.62)
    return sum(8 + icon + 5 + text_width(str(as_int(v, 0)), px, True) + 10 for v in (attack, life)) + gap


def chip_width(label: str, px: int = PX) -> float:
    """Width of one chip."""
    return text_width(label, px) + 14


def draw_chips(cv: Canvas, items: list[tuple[str, RGB]], x0: float, y: float, x1: float, *, h: int = 30,
               rows: int = 2, gap: int = 5, px: int = PX) -> float:
    """Chips flowing from (x0, y) within ``x1`` in at most ``rows`` rows (a ``+n`` chip for the rest)."""
    lines: list[list[tuple[str, RGB]]] = [[]]
    used = 0.0
    room = x1 - x0
    for label, fill in items:
        label = fit_text(label, px, room - 14)
        w = chip_width(label, px)
        if lines[-1] and used + w > room:
            if len(lines) == rows:
                break
            lines.append([])
            used = 0.0
        lines[-1].append((label, fill))
        used += w + gap
    shown = sum(len(line) for line in lines)
    if shown < len(items):  # replace the last chips of the last row by "+n"
        last = lines[-1]
        while last:
            more = f"+{len(items) - shown}"
            if sum(chip_width(lb, px) + gap for lb, _ in last) + chip_width(more, px) <= room:
                break
            last.pop()
            shown -= 1
        last.append((f"+{len(items) - shown}", NEUTRAL))
    for r, line in enumerate(lines):
        x = x0
        cy = y + r * (h + gap)
        for label, fill in line:
            w = chip_width(label, px)
            cv.rect((x, cy, x + w, cy + h), INK, radius=h // 2)
            cv.rect((x + 1, cy + 1, x + w - 1, cy + h - 1), fill, radius=h // 2 - 1)
            cv.text(x + w / 2, cy + h / 2 + 1, label, px, text_colour_on(fill), fill, anchor="mm")
            x += w + gap
    return y + len([line for line in lines if line]) * (h + gap)


def paste_centred(cv: Canvas, sprite: Image.Image, cx: float, cy: float) -> None:
    """Paste a sprite centred on (cx, cy)."""
    cv.sprite(sprite, cx - sprite.width / 2, cy - sprite.height / 2)


def damage_badge(cv: Canvas, cx: float, cy: float, damage: int, size: int = 40, px: int = PX) -> None:
    """A red damage token with the amount (a disc, stretched into a pill for long numbers)."""
    text = str(damage)
    w = max(size, text_width(text, px, True) + 18)
    cv.rect((cx + size / 2 - w, cy - size / 2, cx + size / 2, cy + size / 2), DMG, radius=size // 2,
            outline=WHITE, width=3)
    cv.text(cx + size / 2 - w / 2, cy + 1, text, px, WHITE, DMG, bold=True, anchor="mm")


def text_colour_on(bg: RGB) -> RGB:
    """INK or white, whichever reads better on ``bg``."""
    return INK if contrast_ratio(INK, bg) >= contrast_ratio(WHITE, bg) else WHITE


def vertical_text(cv: Canvas, cx: float, cy: float, text: str, px: int, fg: RGB, bg: RGB, *,
                  bold: bool = False) -> None:
    """One line of text reading upwards, centred on (cx, cy) over the solid colour ``bg``; logged."""
    fg, bg = cv.c(fg), cv.c(bg)
    f = font(px, bold)
    x0, y0, x1, y1 = f.getbbox(text, anchor="lt")
    w, h = x1 + 4, y1 + 4

    def draw(canvas: Canvas) -> None:
        img = Image.new("RGB", (w, h), bg)
        ImageDraw.Draw(img).text((2, 2), text, font=f, fill=fg, anchor="lt")
        canvas.image.paste(img.transpose(Image.Transpose.ROTATE_90), (0, 0))

    left, top = round(cx - h / 2), round(cy - w / 2)
    cv.patch(("upwards", text, px, bold, fg, bg), (left, top, left + h, top + w), draw)
    if cv.log is not None:
        # ink box after the turn: text x-range becomes y (reversed), text y-range becomes x
        box = (left + 2 + y0, top + w - 2 - x1, left + 2 + y1, top + w - 2 - x0)
        cv.log.append(TextRecord(text, fg, bg, px, box))


def hollow_star(cv: Canvas, x: float, y: float, size: int, edge: RGB, fill: RGB) -> None:
    """An outlined star (a trophy not yet won)."""
    cv.sprite(star_sprite(size, cv.c(fill), cv.c(edge)), x, y)


def png_bytes(cv: TileCanvas) -> bytes:
    """PNG bytes of a board, hand or card page: its palette pixels, encoded at the floor."""
    return cv.png()
