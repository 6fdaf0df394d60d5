"""What the rating images share: the width, trend arrows, dates and the alt-text cap."""

from __future__ import annotations

import datetime
import time
from functools import lru_cache

from babel.dates import format_date
from PIL import Image, ImageDraw

from bot.i18n import N_, PSEUDO, SOURCE, t, tn
from rendering.theme import MUTED, RGB, Canvas, clean_text

#: image width: a phone shows it about 400 px wide, so 20 px text stays 12.5 px on screen
W = 640
M = 18
MAX_ALT = 1024
UP: RGB = (64, 196, 120)
DOWN: RGB = (240, 104, 104)
TREND_WORDS = {"up": N_("rising"), "down": N_("falling"), "flat": N_("steady")}
SS = 4


def trend_of(value: object) -> str:
    """Return ``up``, ``down`` or ``flat`` from a trend given as an arrow, a word or a signed number."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return "up" if value > 0 else "down" if value < 0 else "flat"
    text = str(value or "").strip().lower()
    if text in ("▲", "up", "rising", "+", "↑"):
        return "up"
    if text in ("▼", "down", "falling", "-", "↓"):
        return "down"
    return "flat"


@lru_cache(maxsize=16)
def _arrow_sprite(size: int, trend: str, colour: RGB) -> Image.Image:
    s = size * SS
    big = Image.new("L", (s, s), 0)
    draw = ImageDraw.Draw(big)
    if trend == "up":
        draw.polygon([(s * 0.5, s * 0.12), (s * 0.95, s * 0.85), (s * 0.05, s * 0.85)], fill=255)
    elif trend == "down":
        draw.polygon([(s * 0.05, s * 0.15), (s * 0.95, s * 0.15), (s * 0.5, s * 0.88)], fill=255)
    else:
        draw.rounded_rectangle((s * 0.08, s * 0.38, s * 0.92, s * 0.62), radius=s * 0.08, fill=255)
    mask = big.resize((size, size), Image.Resampling.BOX)
    sprite = Image.new("RGBA", (size, size), colour + (0,))
    sprite.putalpha(mask)
    return sprite


def draw_trend(cv: Canvas, x: float, y: float, size: int, trend: str) -> None:
    """Draw the trend arrow (green ▲, red ▼, grey bar) with its top-left corner at (x, y)."""
    colour = {"up": UP, "down": DOWN}.get(trend, MUTED)
    cv.sprite(_arrow_sprite(size, trend, cv.c(colour)), x, y)


def name_of(name: object) -> str:
    """Return a member's name drawable with the bundled font."""
    return clean_text(str(name or ""), fallback="?")


def win_rate(games: int, wins: int) -> int | None:
    """Return the share of games won in whole percent (None without games)."""
    return round(100 * wins / games) if games else None


def day(at: float, lang: str = "en") -> str:
    """Return a UTC date as ``25 Nov 2026`` (another language: its own medium date, ``25.11.2026``)."""
    if lang in (SOURCE, PSEUDO):
        return time.strftime("%d %b %Y", time.gmtime(at)).lstrip("0")
    return format_date(datetime.datetime.fromtimestamp(at, datetime.UTC).date(), format="medium", locale=lang)


def trend_word(value: object, lang: str = "en") -> str:
    """Return a trend in words (``rising``, ``falling``, ``steady``) in ``lang``."""
    return t(lang, TREND_WORDS[trend_of(value)])


def games_words(games: int, lang: str = "en") -> str:
    """Return ``1 game`` / ``7 games`` in ``lang``."""
    return tn(lang, "{n} game", "{n} games", games, n=games)


def cap_alt(parts: list[str], tail: str = "") -> str:
    """Join alt-text parts, stopping (with “…”) before the alt-text cap."""
    out = ""
    for part in parts:
        candidate = f"{out} {part}".strip()
        if len(candidate) + len(tail) + 2 > MAX_ALT:
            return f"{out} …{tail}".strip()[:MAX_ALT]
        out = candidate
    return f"{out}{tail}"[:MAX_ALT]
