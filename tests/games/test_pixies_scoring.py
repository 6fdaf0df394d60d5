"""Scoring of hand-built grids; every expected number is worked out by hand in the comments.

Card ids used (from the deck notation, ids in order):
  0 Blue 1 (6 spirals)   5 Blue 4 (colour spiral)   7 Blue 5   9 Blue 5 (colour spiral)
  13 Blue 8 (3 crosses)  15 Blue 9 (1 cross)        16 Green 1 (5 spirals)  18 Green 3 (2 spirals)
  22 Green 5             23 Green 5 (1 cross)       33 Yellow 2 (2 spirals) 35 Yellow 3 (5 spirals)
  36 Yellow 3            43 Yellow 6                44 Yellow 7 (5 crosses) 49 Red 1 (colour spiral)
  53 Red 4   56 Red 5    58 Red 6                   63 Red 9
  64 Multi 2  65 Multi 3  66 Multi 4  69 Multi 8 (1 cross)
Spaces are indexes 0..8 (space of value i+1), row-major:  0 1 2 / 3 4 5 / 6 7 8.
"""

import pytest

from bot.games.pixies.scoring import largest_zone, score_grid


def grid(**spaces):
    """Build a grid from s<index>=(up, down) keyword arguments."""
    g = [{"up": None, "down": None} for _ in range(9)]
    for key, (up, down) in spaces.items():
        g[int(key[1:])] = {"up": up, "down": down}
    return g


def test_empty_grid_scores_nothing():
    assert score_grid(grid(), 1) == {
        "validated": 0,
        "spirals": 0,
        "crosses": 0,
        "color_spirals": 0,
        "zone_color": None,
        "zone_size": 0,
        "zone_points": 0,
        "total": 0,
    }


def test_face_down_cards_score_nothing():
    # Only face-down cards: no face-up card at all, so no points and no zone.
    s = score_grid(grid(s0=(None, 0), s1=(None, 1), s4=(None, 7)), 3)
    assert s["total"] == 0 and s["zone_color"] is None and s["zone_size"] == 0


def test_validated_values():
    # s0: Blue 1 (6 spirals) over a face-down card -> validated 1
    # s4: Blue 5 over a face-down card            -> validated 5
    # s8: Red 9 alone (not validated)              -> 0
    # validated = 1 + 5 = 6; spirals = 6; crosses = 0; colour spirals = 0
    # zones: blue {0}, blue {4} (not adjacent), red {8}: all size 1 -> blue first, 1 x 2 = 2 (round 1)
    # total = 6 + 6 + 2 = 14
    s = score_grid(grid(s0=(0, 16), s4=(7, 22), s8=(63, None)), 1)
    assert s == {
        "validated": 6,
        "spirals": 6,
        "crosses": 0,
        "color_spirals": 0,
        "zone_color": "blue",
        "zone_size": 1,
        "zone_points": 2,
        "total": 14,
    }


def test_spirals_and_crosses_count_on_unvalidated_cards():
    # s1 Yellow 2 (2 spirals) alone; s2 Yellow 3 (5 spirals) alone;
    # s6 Yellow 7 (5 crosses) over face-down Blue 2 -> validated 7; s7 Blue 8 (3 crosses) alone.
    # validated = 7; spirals = 2 + 5 = 7; crosses = 5 + 3 = 8
    # zones: yellow {1,2} size 2 (s6 is not adjacent to them), blue {7} size 1 -> yellow 2 x 2 = 4
    # total = 7 + 7 - 8 + 0 + 4 = 10
    s = score_grid(grid(s1=(33, None), s2=(35, None), s6=(44, 1), s7=(13, None)), 1)
    assert (s["validated"], s["spirals"], s["crosses"], s["color_spirals"]) == (7, 7, 8, 0)
    assert (s["zone_color"], s["zone_size"], s["zone_points"], s["total"]) == ("yellow", 2, 4, 10)


def test_colour_spirals_count_multicolour_cards_and_themselves():
    # Round 2.  s0 Blue 1 (6 spirals), s2 Multi 3, s3 Blue 4 (colour spiral), s4 Blue 5 (colour spiral),
    # s5 Red 6, s7 Multi 8 (1 cross), s8 face-down Blue 9 (ignored).
    # Face-up blue-or-multi cards: s0, s2, s3, s4, s7 = 5, so each of the two blue colour spirals
    # scores 5: colour spirals = 10 (each counts itself).
    # spirals = 6, crosses = 1, validated = 0 (nothing validated).
    # blue+multi zone: 0-3, 3-4, 4-7 connected -> {0,3,4,7} size 4 (s2 touches only s1, s5);
    # the face-down blue card at s8 would have made it 5 but does not count.
    # zone points = 4 x 3 = 12.  total = 0 + 6 - 1 + 10 + 12 = 27
    g = grid(s0=(0, None), s2=(65, None), s3=(5, None), s4=(9, None), s5=(58, None), s7=(69, None), s8=(None, 15))
    s = score_grid(g, 2)
    assert s == {
        "validated": 0,
        "spirals": 6,
        "crosses": 1,
        "color_spirals": 10,
        "zone_color": "blue",
        "zone_size": 4,
        "zone_points": 12,
        "total": 27,
    }


def test_single_colour_spiral_counts_itself():
    # Red 1 (colour spiral) alone: 1 red face-up card -> colour spirals 1; zone red 1 x 2 = 2; total 3
    s = score_grid(grid(s0=(49, None)), 1)
    assert (s["color_spirals"], s["zone_color"], s["zone_points"], s["total"]) == (1, "red", 2, 3)


def test_multicolour_card_bridges_two_groups():
    # Top row: Green 1 (5 spirals) | Multi 2 | Green 3 (2 spirals); s4 Red 5.
    # Without the multicolour card the greens would be two zones of 1; with it: {0,1,2} size 3.
    # Red: {4} plus multi s1 (1-4 adjacent) = 2.  Largest: green 3 -> 3 x 2 = 6 (round 1)
    # spirals = 5 + 2 = 7; total = 7 + 6 = 13
    s = score_grid(grid(s0=(16, None), s1=(64, None), s2=(18, None), s4=(56, None)), 1)
    assert (s["zone_color"], s["zone_size"], s["zone_points"]) == ("green", 3, 6)
    assert s["spirals"] == 7 and s["total"] == 13


@pytest.mark.parametrize(("round_no", "points"), [(1, 6), (2, 9), (3, 12)])
def test_zone_multiplier_per_round(round_no, points):
    # Red 4, Red 5, Red 6 in the middle row: a red zone of 3 -> 3 x 2 / 3 / 4; nothing else scores.
    s = score_grid(grid(s3=(53, None), s4=(56, None), s5=(58, None)), round_no)
    assert (s["zone_color"], s["zone_size"], s["zone_points"], s["total"]) == ("red", 3, points, points)


def test_zone_of_multicolour_cards_only():
    # Multi 2 (s1) + Multi 3 (s2) adjacent: size 2, no coloured card in it -> "multi".
    # Multi 4 (s3) alone, Red 9 (s8) alone: size 1.  zone points = 2 x 2 = 4; total 4
    s = score_grid(grid(s1=(64, None), s2=(65, None), s3=(66, None), s8=(63, None)), 1)
    assert (s["zone_color"], s["zone_size"], s["zone_points"], s["total"]) == ("multi", 2, 4, 4)


def test_zone_ties_prefer_blue_green_yellow_red_and_coloured_over_multi():
    blue, green, yellow, red, multi = "blue", "green", "yellow", "red", "multi"
    # red {0,1} and blue {7,8}: tie at 2 -> blue
    assert largest_zone([red, red, None, None, None, None, None, blue, blue]) == ("blue", 2)
    # yellow {0,3} and green {2,5}: tie at 2 -> green
    assert largest_zone([yellow, None, green, yellow, None, green, None, None, None]) == ("green", 2)
    # multi-only {0,1} and red {7,8}: tie at 2 -> the coloured zone wins
    assert largest_zone([multi, multi, None, None, None, None, None, red, red]) == ("red", 2)
    # a multicolour card counts for both sides: blue {2,5} + multi {8} = 3 (5-8 adjacent) and
    # red {6,7} + multi {8} = 3 (7-8 adjacent) -> tie at 3 -> blue
    assert largest_zone([None, None, blue, None, None, blue, red, red, multi]) == ("blue", 3)
    # strictly larger later colour wins: blue 1, red 2
    assert largest_zone([blue, None, None, None, None, None, None, red, red]) == ("red", 2)


def test_full_grid_round_three():
    # Every space filled; all face-up, validated where a down card is given.
    #  s0 Blue 1 (6 spirals) / down      s1 Multi 2 / -            s2 Yellow 3 / down
    #  s3 Blue 4 (colour spiral) / down  s4 Green 5 (1 cross) / -  s5 Yellow 6 / down
    #  s6 Yellow 7 (5 crosses) / -       s7 Blue 8 (3 crosses) / - s8 face-down only
    # validated = 1 + 3 + 4 + 6 = 14
    # spirals = 6; crosses = 1 + 5 + 3 = 9
    # colour spirals: Blue 4 counts blue/multi face-up: s0, s1, s3, s7 = 4
    # zones: blue+multi: 0-1, 0-3 -> {0,1,3}; s7 touches 4, 6, 8 (none blue) -> 3
    #        yellow+multi: 1-2, 2-5 -> {1,2,5}; s6 touches 3, 7 -> 3  (green {1,4} = 2, red {1} = 1)
    #        tie at 3 -> blue; zone points = 3 x 4 = 12
    # total = 14 + 6 - 9 + 4 + 12 = 27
    g = grid(
        s0=(0, 20),
        s1=(64, None),
        s2=(36, 21),
        s3=(5, 26),
        s4=(23, None),
        s5=(43, 28),
        s6=(44, None),
        s7=(13, None),
        s8=(None, 30),
    )
    assert score_grid(g, 3) == {
        "validated": 14,
        "spirals": 6,
        "crosses": 9,
        "color_spirals": 4,
        "zone_color": "blue",
        "zone_size": 3,
        "zone_points": 12,
        "total": 27,
    }
