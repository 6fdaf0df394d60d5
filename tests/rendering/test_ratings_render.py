"""The rating images: PNG sanity, rows and plots really drawn, legibility, ranks, alt texts, scales."""

from __future__ import annotations

import io

from PIL import Image

from rendering.ratings import history, leaderboard
from rendering.ratings.common import DOWN, UP, cap_alt, trend_of
from rendering.theme import ACCENT, TEXT
from tests.rendering.legibility import assert_legible

DAY = 86400.0
T0 = 1_764_000_000.0  # 24 Nov 2025, 16:00 UTC


def row(name, rating, games, wins, trend="▬", provisional=False):
    return {"name": name, "rating": rating, "games": games, "wins": wins, "trend": trend, "provisional": provisional}


ROWS = [row("Ada", 1642, 12, 8, "▲"), row("Bob", 1580, 9, 4), row("Cy", 1580, 7, 3, "▼"),
        row("Dee", 1499, 6, 1, "▼"), row("Eve", 1560, 3, 2, "▲", True), row("Fay", 1440, 1, 0, "▬", True)]


def board_view(rows=ROWS, more=0):
    return {"title": "Pixies", "season": 2, "provisional_games": 5, "rows": rows, "more": more}


def member_view(*boards):
    return {"name": "Ada", "season": 1, "provisional_games": 5, "boards": list(boards)}


def panel(title="Pixies", points=((T0, 1520), (T0 + DAY, 1555), (T0 + 2 * DAY, 1540)), wins=2, **extra):
    rating = points[-1][1] if points else 1500
    return {"title": title, "rating": rating, "games": len(points), "wins": wins, "trend": "▲",
            "provisional": False, "points": [list(p) for p in points], **extra}


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image.convert("RGB")


def rows_with(image: Image.Image, colour, x0: int = 0, x1: int | None = None) -> list[int]:
    """Return the pixel rows holding ``colour`` (within 8 per channel) between x0 and x1."""
    x1 = image.width if x1 is None else x1
    px = image.load()
    return [y for y in range(image.height)
            if any(max(abs(a - b) for a, b in zip(px[x, y], colour, strict=True)) <= 8 for x in range(x0, x1))]


def bands(ys: list[int]) -> int:
    """Count the runs of consecutive pixel rows."""
    return sum(1 for i, y in enumerate(ys) if i == 0 or y != ys[i - 1] + 1)


def test_leaderboard_png_grows_with_rows_and_draws_each_row():
    log: list = []
    full = decode(leaderboard.render_leaderboard(board_view(), log=log))
    two = decode(leaderboard.render_leaderboard(board_view(ROWS[:2])))
    assert full.width == two.width == 640
    # 4 more rows of 46 px and the provisional band of 40 px
    assert full.height - two.height == 4 * leaderboard.ROW_H + leaderboard.BAND_H
    assert_legible(full, log, min_texts=6 * 5)
    drawn = {r.text for r in log}
    for name in ("Ada", "Bob", "Cy", "Dee", "Eve", "Fay", "1642", "67%", "Provisional: fewer than 5 games"):
        assert name in drawn, name
    # ranks: 1, 2, 2 (equal ratings share), 4; provisional rows show "P" instead
    rank_texts = [r.text for r in log if r.box[0] < leaderboard.COLS["name"][0] and r.text in "1234P"]
    assert rank_texts == ["1", "2", "2", "4", "P", "P"]
    # Each row's white text lies in its own band of pixel rows: 4 established rows (+ title, heading-free)
    name_col = leaderboard.COLS["name"]
    white = rows_with(full, TEXT, name_col[0], name_col[1])
    assert bands([y for y in white if y > leaderboard.TITLE_H]) == 4  # the provisional names are muted
    # the trend column holds green and red arrows
    trend = leaderboard.COLS["trend"]
    assert bands(rows_with(full, UP, *trend)) == 2 and bands(rows_with(full, DOWN, *trend)) == 2


def test_leaderboard_differs_with_data_and_is_deterministic():
    a = leaderboard.render_leaderboard(board_view())
    assert a == leaderboard.render_leaderboard(board_view())
    swapped = [ROWS[1], ROWS[0], *ROWS[2:]]
    assert leaderboard.render_leaderboard(board_view(swapped)) != a
    renamed = [row("Zed", 1642, 12, 8, "▲"), *ROWS[1:]]
    assert leaderboard.render_leaderboard(board_view(renamed)) != a


def test_leaderboard_more_rows_line_and_ranks():
    log: list = []
    decode(leaderboard.render_leaderboard(board_view(ROWS[:1], more=30), log=log))
    assert "+30 more not shown" in {r.text for r in log}
    assert leaderboard.ranks([row("a", 1600, 5, 1), row("b", 1600, 5, 1), row("c", 1550, 5, 1),
                              row("d", 1700, 1, 1, provisional=True)]) == [1, 1, 3, None]


def test_leaderboard_alt_reads_every_row():
    alt = leaderboard.leaderboard_alt(board_view())
    assert alt.startswith("Pixies leaderboard, season 2. 1. Ada 1642 (12 games, 67% won, rising); "
                          "2. Bob 1580 (9 games, 44% won, steady); 2. Cy 1580 (7 games, 43% won, falling);")
    assert "Provisional (fewer than 5 games): Eve 1560 (3 games, 67% won, rising); Fay 1440 (1 game, 0% won" in alt


def test_leaderboard_alt_stays_under_the_cap():
    many = [row(f"Player with a long name {i}", 1700 - i, 10, 5) for i in range(25)]
    alt = leaderboard.leaderboard_alt(board_view(many, more=40))
    assert len(alt) <= 1024 and alt.endswith("… And 40 more.")


def test_names_are_made_drawable():
    log: list = []
    leaderboard.render_leaderboard(board_view([row("Bob 🎲", 1500, 5, 1)]), log=log)
    assert "Bob" in {r.text for r in log}
    assert "🎲" not in leaderboard.leaderboard_alt(board_view([row("Bob 🎲", 1500, 5, 1)]))


def test_history_draws_one_panel_per_board_with_its_plot():
    log: list = []
    one = decode(history.render_history(member_view(panel()), log=log))
    two = decode(history.render_history(member_view(panel(), panel("Tixel", ((T0, 1480),), provisional=True))))
    assert one.width == 640 and two.height - one.height == history.PANEL_H + history.GAP
    assert_legible(one, log, min_texts=6)
    drawn = {r.text for r in log}
    assert {"Ada: ratings", "Pixies", "1540", "3 games · 2 wins (67%)", "start", "game 3 · 26 Nov 2025"} <= drawn
    # grid labels: 1500..1575 in steps of 25
    assert {"1500", "1525", "1550", "1575"} <= drawn
    # the plot line (gold) fills a band of pixel rows inside the plot, below the rating
    gold = [y for y in rows_with(one, ACCENT, 100, 600) if y > history.TITLE_H + 80]
    assert len(gold) > 20
    assert not any("provisional" in r.text for r in log)


def test_history_plot_follows_the_ratings():
    up = history.render_history(member_view(panel(points=((T0, 1550), (T0 + DAY, 1600)))))
    down = history.render_history(member_view(panel(points=((T0, 1450), (T0 + DAY, 1400)))))
    assert up != down

    def top_gold(data: bytes) -> int:
        img = decode(data)
        ys = [y for y in rows_with(img, ACCENT, 100, 600) if y > history.TITLE_H + 80]
        return min(ys)

    # rising from 1500 to the top of its scale, falling away from it: the gold starts higher when rising
    assert top_gold(up) < top_gold(down)


def test_history_marks_provisional_and_alt():
    log: list = []
    view = member_view(panel(), panel("Tixel", ((T0, 1480),), wins=0, provisional=True))
    decode(history.render_history(view, log=log))
    assert "1 game · 0 wins (0%) · provisional (under 5 games)" in {r.text for r in log}
    alt = history.history_alt(view)
    assert alt == ("Ratings of Ada, season 1. Pixies: 1540, 3 games, 2 won, rising; from 1500, lowest 1500, "
                   "highest 1555. Tixel: 1480, provisional, 1 game, 0 won, rising; from 1500, lowest 1480, "
                   "highest 1500.")


def test_scale_is_round_with_two_to_four_steps():
    assert history.scale([1500, 1466]) == (1450, 1500, 25)
    assert history.scale([1500, 1800, 1490]) == (1400, 1800, 100)
    assert history.scale([1500]) == (1475, 1525, 25)
    assert history.scale([1200, 2400]) == (1000, 2500, 500)
    for values in ([1500, 1501], [900, 2100], [1500, 1650, 1320]):
        lo, hi, step = history.scale(values)
        assert lo <= min(values) and hi >= max(values) and 2 <= (hi - lo) // step <= 4 and lo % step == 0


def test_trend_words_and_alt_cap():
    assert [trend_of(t) for t in ("▲", "▼", "▬", None, 3, -2, 0, "up")] == [
        "up", "down", "flat", "flat", "up", "down", "flat", "up"]
    assert cap_alt(["a" * 600, "b" * 600]) == "a" * 600 + " …"
