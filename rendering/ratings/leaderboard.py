"""The leaderboard image of one board: rank, name, rating, games, win rate and trend; provisional after.

The view is a plain dict::

    {"title": "Pixies", "season": 1, "provisional_games": 5, "more": 0,
     "rows": [{"name": "Ada", "rating": 1620, "games": 7, "wins": 4, "trend": "up",
               "provisional": False}, ...]}

``rows`` come in board order (established by rating, then provisional by rating); ``more`` counts the
rows left out of the image. An empty board has no image (the command says so in words).
"""

from __future__ import annotations

from typing import Any

from bot.i18n import N_, t
from rendering.ratings.common import (
    M,
    W,
    cap_alt,
    draw_trend,
    games_words,
    name_of,
    trend_of,
    trend_word,
    win_rate,
)
from rendering.theme import ACCENT, BG, LINE, MUTED, RAISED, SURFACE, TEXT, Canvas, TextRecord, to_png

View = dict[str, Any]
ROW_H = 46
HEAD_H = 40
BAND_H = 40
TITLE_H = 96
PX = 24
SMALL = 20
#: column boxes (x0, x1): rank, name, rating, games, win %, trend
COLS = {"rank": (M, M + 52), "name": (M + 52, 300), "rating": (300, 392), "games": (392, 474),
        "win": (474, 556), "trend": (556, W - M)}
HEADINGS = (("rank", "#", "m"), ("name", N_("Player"), "l"), ("rating", N_("Rating"), "r"), ("games", N_("Games"), "r"),
            ("win", N_("Win %"), "r"), ("trend", N_("Trend"), "m"))
ZEBRA = (SURFACE, (30, 35, 49))


def ranks(rows: list[dict]) -> list[int | None]:
    """Return each row's rank: established rows by position, equal ratings sharing one; provisional None."""
    out: list[int | None] = []
    last: tuple[int, int] | None = None
    for index, row in enumerate(rows):
        if row.get("provisional"):
            out.append(None)
            continue
        rank = last[1] if last is not None and last[0] == row["rating"] else index + 1
        last = (row["rating"], rank)
        out.append(rank)
    return out


def _height(rows: list[dict], more: int) -> int:
    bands = 1 if any(r.get("provisional") for r in rows) else 0
    return TITLE_H + HEAD_H + ROW_H * len(rows) + BAND_H * bands + 16 + (34 if more else 0) + 40 + M


def _row(cv: Canvas, y: int, row: dict, rank: int | None, fill, lang: str) -> None:
    cv.rect((M, y, W - M, y + ROW_H), fill)
    mid = y + ROW_H / 2
    provisional = bool(row.get("provisional"))
    colour = MUTED if provisional else TEXT
    if rank is None:
        x0, x1 = COLS["rank"]
        cv.rect((x0 + 10, mid - 14, x1 - 10, mid + 14), fill, radius=7, outline=LINE, width=2)
        cv.text((x0 + x1) / 2, mid, t(lang, "P"), SMALL, MUTED, fill, bold=True, anchor="mm", max_width=x1 - x0 - 24)
    else:
        cv.text_in((COLS["rank"][0], y, COLS["rank"][1], y + ROW_H), str(rank), PX,
                   ACCENT if rank == 1 else TEXT, fill, bold=True, align="m", pad=2)
    cv.text_in((COLS["name"][0], y, COLS["name"][1], y + ROW_H), name_of(row.get("name")), PX, colour, fill,
               align="l", pad=6)
    cv.text_in((COLS["rating"][0], y, COLS["rating"][1], y + ROW_H), str(row["rating"]), PX, colour, fill,
               bold=True, align="r", pad=6)
    cv.text_in((COLS["games"][0], y, COLS["games"][1], y + ROW_H), str(row["games"]), PX, colour, fill,
               align="r", pad=6)
    rate = win_rate(int(row["games"]), int(row.get("wins", 0)))
    cv.text_in((COLS["win"][0], y, COLS["win"][1], y + ROW_H), "–" if rate is None else f"{rate}%", PX,
               colour, fill, align="r", pad=6)
    x0, x1 = COLS["trend"]
    draw_trend(cv, (x0 + x1) / 2 - 11, mid - 11, 22, trend_of(row.get("trend")))


def render_leaderboard(view: View, lang: str = "en", *, log: list[TextRecord] | None = None) -> bytes:
    """Return the leaderboard of one board as PNG bytes (``view`` as in the module docstring; words in ``lang``)."""
    rows = list(view.get("rows") or [])
    more = int(view.get("more") or 0)
    cv = Canvas(W, _height(rows, more), BG, log=log)
    cv.text(M, M + 18, t(lang, "{game} leaderboard", game=view.get("title", "")), 32, TEXT, BG, bold=True,
            max_width=W - 2 * M)
    ranked = sum(1 for r in rows if not r.get("provisional"))
    sub = t(lang, "Season {season} · {n} ranked", season=view.get("season", 1), n=ranked)
    if len(rows) > ranked:
        sub += t(lang, " · {n} provisional", n=len(rows) - ranked)
    cv.text(M, M + 58, sub, SMALL, MUTED, BG, max_width=W - 2 * M)
    y = TITLE_H
    cv.rect((M, y, W - M, y + HEAD_H), RAISED, radius=8)
    for key, label, align in HEADINGS:
        x0, x1 = COLS[key]
        cv.text_in((x0, y, x1, y + HEAD_H), t(lang, label), SMALL, MUTED, RAISED, bold=True, align=align,
                   pad=2 if key in ("rank", "trend") else 6)
    y += HEAD_H
    banded = False
    for index, (row, rank) in enumerate(zip(rows, ranks(rows), strict=True)):
        if rank is None and not banded:
            banded = True
            cv.rect((M, y, W - M, y + BAND_H), BG)
            games = view.get("provisional_games", 5)
            cv.text(M + 6, y + BAND_H / 2 + 2, t(lang, "Provisional: fewer than {n} games", n=games), SMALL, MUTED, BG,
                    max_width=W - 2 * M)
            y += BAND_H
        _row(cv, y, row, rank, ZEBRA[index % 2], lang)
        y += ROW_H
    y += 16
    if more:
        cv.text(M, y + 14, t(lang, "+{n} more not shown", n=more), SMALL, MUTED, BG, max_width=W - 2 * M)
        y += 34
    _legend(cv, y + 14, lang)
    return to_png(cv.image)


def _legend(cv: Canvas, y: float, lang: str) -> None:
    x = M
    for trend in ("up", "down", "flat"):
        draw_trend(cv, x, y - 9, 18, trend)
        x += 24 + cv.text(x + 24, y, trend_word(trend, lang), SMALL, MUTED, BG)
        x += 22
    cv.text(x, y, t(lang, "over the last 3 games"), SMALL, MUTED, BG, max_width=W - M - x)


def leaderboard_alt(view: View, lang: str = "en") -> str:
    """Return the leaderboard's alt text (in ``lang``): every shown row in words, within the alt-text cap."""
    rows = list(view.get("rows") or [])
    parts = [t(lang, "{game} leaderboard, season {season}.", game=view.get("title", ""), season=view.get("season", 1))]
    banded = False
    for row, rank in zip(rows, ranks(rows), strict=True):
        if rank is None and not banded:
            banded = True
            parts.append(t(lang, "Provisional (fewer than {n} games):", n=view.get("provisional_games", 5)))
        rate = win_rate(int(row["games"]), int(row.get("wins", 0)))
        won = "" if rate is None else t(lang, ", {rate}% won", rate=rate)
        games = games_words(int(row["games"]), lang)
        lead = f"{rank}. " if rank is not None else ""
        parts.append(f"{lead}{name_of(row.get('name'))} {row['rating']} ({games}{won}, "
                     f"{trend_word(row.get('trend'), lang)});")
    more = int(view.get("more") or 0)
    return cap_alt(parts, t(lang, " And {n} more.", n=more) if more else "")
