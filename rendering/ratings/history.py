"""A member's ratings image: one panel per board with the rating, games, wins, trend, and a plot of the
rating over their rated games.

The view is a plain dict::

    {"name": "Ada", "season": 1, "provisional_games": 5,
     "boards": [{"title": "Pixies", "rating": 1620, "games": 7, "wins": 4, "trend": "up",
                 "provisional": False, "points": [[at, rating], ...]}, ...]}

``points`` are the rating after each rated game, oldest first; the plot starts at a newcomer's 1500.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import t, tn
from rendering.ratings.common import (
    M,
    W,
    cap_alt,
    day,
    draw_trend,
    games_words,
    name_of,
    trend_of,
    trend_word,
    win_rate,
)
from rendering.theme import ACCENT, BG, LINE, MUTED, SURFACE, TEXT, Canvas, TextRecord, to_png

View = dict[str, Any]
START = 1500
PANEL_H = 300
GAP = 14
TITLE_H = 92
PX = 24
SMALL = 20
PLOT_LEFT = 78  # room for the rating labels left of the plot


def series(board: dict) -> list[int]:
    """Return the ratings the plot joins: the newcomer's 1500, then the rating after each game."""
    return [START, *(int(r) for _, r in board.get("points") or [])]


def scale(values: list[int]) -> tuple[int, int, int]:
    """Return the plot's rating range and grid step: round bounds, two to four steps between them."""
    low, high = min(values), max(values)
    for step in (25, 50, 100, 200, 250, 500, 1000, 2500):
        lo, hi = (low // step) * step, -((-high) // step) * step
        if (hi - lo) // step <= 4:
            break
    while (hi - lo) // step < 2:
        if hi - high < low - lo:
            hi += step
        else:
            lo -= step
    return lo, hi, step


def _plot(cv: Canvas, box: tuple[int, int, int, int], board: dict, lang: str) -> None:
    x0, y0, x1, y1 = box
    values = series(board)
    lo, hi, step = scale(values)

    def at(i: int, v: int) -> tuple[float, float]:
        x = x0 + (x1 - x0) * (i / (len(values) - 1) if len(values) > 1 else 0.5)
        return x, y1 - (y1 - y0) * (v - lo) / (hi - lo)

    for value in range(lo, hi + 1, step):
        gy = at(0, value)[1]
        cv.draw.line((x0, gy, x1, gy), fill=cv.c(LINE), width=1)
        cv.text(x0 - 10, gy, str(value), SMALL, MUTED, SURFACE, anchor="rm")
    if lo < START < hi:
        sy = at(0, START)[1]
        for x in range(x0, x1, 12):
            cv.draw.line((x, sy, min(x + 5, x1), sy), fill=cv.c(MUTED), width=1)
    points = [at(i, v) for i, v in enumerate(values)]
    cv.draw.line(points, fill=cv.c(ACCENT), width=3, joint="curve")
    radius = 4 if len(points) <= 40 else 2
    for x, y in points:
        cv.draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=cv.c(ACCENT))
    stamps = board.get("points") or []
    label_y = y1 + 20
    start_w = cv.text(x0, label_y, t(lang, "start"), SMALL, MUTED, SURFACE, anchor="lm")
    if stamps:
        games = len(stamps)
        right = t(lang, "game {n} · {date}", n=games, date=day(float(stamps[-1][0]), lang))
        cv.text(x1, label_y, right, SMALL, MUTED, SURFACE, anchor="rm", max_width=(x1 - x0) - max(80, start_w + 20))


def _panel(cv: Canvas, y: int, board: dict, provisional_games: int, lang: str) -> None:
    cv.rect((M, y, W - M, y + PANEL_H), SURFACE, radius=12)
    top = y + 30
    rating = str(board["rating"])
    rating_w = cv.text(W - M - 52, top + 2, rating, 32, ACCENT, SURFACE, bold=True, anchor="rm")
    draw_trend(cv, W - M - 40, top - 11, 24, trend_of(board.get("trend")))
    cv.text(M + 16, top, str(board.get("title", "")), PX, TEXT, SURFACE, bold=True,
            max_width=W - 2 * M - 90 - rating_w)
    games, wins = int(board.get("games", 0)), int(board.get("wins", 0))
    rate = win_rate(games, wins)
    line = games_words(games, lang) + " · " + (tn(lang, "{n} win", "{n} wins", wins, n=wins))
    if rate is not None:
        line += f" ({rate}%)"
    if board.get("provisional"):
        line += t(lang, " · provisional (under {n} games)", n=provisional_games)
    cv.text(M + 16, top + 36, line, SMALL, MUTED, SURFACE, max_width=W - 2 * M - 32)
    _plot(cv, (M + PLOT_LEFT, top + 76, W - M - 28, y + PANEL_H - 46), board, lang)


def render_history(view: View, lang: str = "en", *, log: list[TextRecord] | None = None) -> bytes:
    """Return a member's ratings and their plots over time as PNG bytes (``view`` as in the docstring; words in
    ``lang``)."""
    boards = list(view.get("boards") or [])
    height = TITLE_H + len(boards) * (PANEL_H + GAP) + M - GAP + 4
    cv = Canvas(W, height, BG, log=log)
    cv.text(M, M + 18, t(lang, "{name}: ratings", name=name_of(view.get("name"))), 32, TEXT, BG, bold=True,
            max_width=W - 2 * M)
    cv.text(M, M + 56, t(lang, "Season {season}", season=view.get("season", 1)), SMALL, MUTED, BG)
    y = TITLE_H
    for board in boards:
        _panel(cv, y, board, int(view.get("provisional_games", 5)), lang)
        y += PANEL_H + GAP
    return to_png(cv.image)


def history_alt(view: View, lang: str = "en") -> str:
    """Return the alt text (in ``lang``): each board's rating, games, wins, trend and the rating's path in words."""
    parts = [t(lang, "Ratings of {name}, season {season}.", name=name_of(view.get("name")),
               season=view.get("season", 1))]
    for board in view.get("boards") or []:
        values = series(board)
        games, wins = int(board.get("games", 0)), int(board.get("wins", 0))
        mark = t(lang, ", provisional") if board.get("provisional") else ""
        parts.append(t(lang, "{game}: {rating}{provisional}, {games}, {wins} won, {trend}; from 1500, lowest {lowest}, "
                       "highest {highest}.", game=board.get("title", ""), rating=board["rating"], provisional=mark,
                       games=games_words(games, lang), wins=wins, trend=trend_word(board.get("trend"), lang),
                       lowest=min(values), highest=max(values)))
    return cap_alt(parts)
