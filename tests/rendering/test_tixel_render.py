"""Tests for the Tixel board renderer: PNG sanity, legibility, piece geometry in pixels, alt text, edge cases."""

from __future__ import annotations

import copy
import io
import math

import pytest
from PIL import Image

from rendering import tixel
from rendering.tixel.pieces import BLACK_FILL, NOTCH, SIDE, WHITE_FILL
from tests.rendering.legibility import assert_legible, assert_sane_png, opened

# ---------------------------------------------------------------- hand-built views (docs/dev/tixel_view.md)
_next_id = [0]


def pc(owner: int, active: bool, hollow: str | None, kind: str = "tixel", rnd: str | None = None) -> dict:
    _next_id[0] += 1
    return {"id": _next_id[0], "owner": owner, "kind": kind, "active": active, "hollow": hollow,
            "round": rnd if kind == "poka" else None}


def base_view(board: dict | None = None, *, turn: int = 1, to_act: int | None = 0, phase: str | None = "move",
              pools: list[dict] | None = None, tix: int = 0, poka: bool = False) -> dict:
    return {
        "game": "tixel", "status": "playing", "turn": turn, "colors": ["white", "black"],
        "to_act": to_act, "phase": phase, "board": board or {},
        "pools": pools or [{"tixel": 10 - tix, "tix": tix, "poka": 0}, {"tixel": 10 - tix, "tix": tix, "poka": 0}],
        "options": {"tix": tix, "poka_yoke": poka}, "promotions": [0, 0], "bonus": None,
        "can_place": [True, True], "last_move": None, "draw_offer": None, "result": None,
    }


def start_view() -> dict:
    return base_view()


def mid_board() -> dict:
    """A position that satisfies the fit rule, with overhangs off the west, north and east edges."""
    return {
        "b2": pc(0, True, "NE"), "a4": pc(0, True, "SW"), "d3": pc(0, False, "W"), "d5": pc(0, False, "E"),
        "e1": pc(0, True, None, "tix"), "c3": pc(1, True, "SE"), "f6": pc(1, True, "SW"),
        "e5": pc(1, True, "NW", "poka", "ccw"), "a1": pc(1, False, None, "tix"), "c5": pc(1, False, "N"),
    }


def mid_view() -> dict:
    view = base_view(mid_board(), turn=9, to_act=1, tix=2, poka=True,
                     pools=[{"tixel": 4, "tix": 1, "poka": 0}, {"tixel": 3, "tix": 1, "poka": 1}])
    view["promotions"] = [0, 1]
    view["last_move"] = {"seat": 0, "text": "d3 W", "action": {"type": "place", "kind": "tixel", "square": "d3",
                                                              "active": False, "hollow": "W", "round": None},
                         "path": [], "deactivated": [], "sacrificed": False}
    return view


def hollows_view() -> dict:
    """Every hollow direction, both colours: inactive N E S W on rank 2, active NE SE SW NW on ranks 4/5."""
    board = {"a2": pc(0, False, "N"), "b2": pc(1, False, "E"), "c2": pc(0, False, "S"), "d2": pc(1, False, "W"),
             "a5": pc(1, True, "NE"), "c5": pc(0, True, "SE"), "e5": pc(1, True, "SW"), "d4": pc(0, True, "NW"),
             "f2": pc(0, False, "N"), "f4": pc(1, True, "NE")}
    return base_view(board, turn=6)


def expansions_view() -> dict:
    """Tix and Poka Yoke pieces, both round values, active and inactive."""
    board = {"a1": pc(0, False, None, "tix"), "c1": pc(1, True, None, "tix"),
             "a3": pc(0, False, "N", "poka", "cw"), "c3": pc(1, False, "N", "poka", "ccw"),
             "e3": pc(0, True, "NE", "poka", "cw"), "b5": pc(1, True, "NE", "poka", "ccw"),
             "e5": pc(1, True, "SW", "poka", "cw"), "e1": pc(0, False, "E", "poka", "ccw")}
    view = base_view(board, turn=14, to_act=0, tix=4, poka=True,
                     pools=[{"tixel": 3, "tix": 3, "poka": 1}, {"tixel": 5, "tix": 3, "poka": 0}])
    view["promotions"] = [2, 1]
    return view


def slide_view(bonus: bool = True) -> dict:
    """The rulebook's worked example: White a1→c1 passes Black c2 (deactivated), stops before d1: sacrificed."""
    board = {"c1": pc(0, False, "E"), "c2": pc(1, False, "S"), "d1": pc(1, True, "NW"), "e4": pc(0, True, "SE"),
             "b4": pc(1, True, "SW"), "f2": pc(0, False, "N")}
    view = base_view(board, turn=11, to_act=0, phase="bonus" if bonus else "move")
    view["last_move"] = {"seat": 0, "text": "a1-c1 E (sacrificed)",
                         "action": {"type": "slide", "from": "a1", "to": "c1", "stance": "E", "turn": None},
                         "path": ["b1", "c1"], "deactivated": ["c2"], "sacrificed": True}
    if bonus:
        view["bonus"] = {"seat": 0, "chain": 2, "locked": "c1"}
    return view


def long_slide_view() -> dict:
    """A long northward slide with two deactivated pieces, no sacrifice; Black may not place."""
    board = {"b6": pc(1, True, "SE"), "a3": pc(0, False, "W"), "c4": pc(0, False, "S"), "e2": pc(0, True, "NW"),
             "f5": pc(1, False, "N")}
    view = base_view(board, turn=12, to_act=1)
    view["can_place"] = [True, False]
    view["last_move"] = {"seat": 1, "text": "b1-b6 N cw",
                         "action": {"type": "slide", "from": "b1", "to": "b6", "stance": "N", "turn": "cw"},
                         "path": ["b2", "b3", "b4", "b5", "b6"], "deactivated": ["a3", "c4"], "sacrificed": False}
    return view


def draw_view() -> dict:
    view = base_view(mid_board(), turn=20, to_act=1, phase="draw")
    view["draw_offer"] = 0
    view["last_move"] = {"seat": 0, "text": "offers a draw", "action": {"type": "offer_draw"}, "path": [],
                         "deactivated": [], "sacrificed": False}
    return view


def finished_view(winners: tuple[int, ...] = (1,)) -> dict:
    view = base_view(mid_board(), turn=31, to_act=None, phase=None)
    view["status"] = "finished"
    reason = "no legal move" if winners else "draw agreed"  # the engine's reasons
    view["result"] = {"winners": list(winners), "ranking": [list(winners), [1 - winners[0]]] if winners else [[0, 1]],
                      "reason": reason}
    view["last_move"] = {"seat": 1, "text": "picks up e5", "action": {"type": "pickup", "square": "e5"},
                         "path": [], "deactivated": [], "sacrificed": False}
    del view["board"]["e5"]
    return view


NAMES = ["Ana", "Bartholomew"]
LONG = ["🦄🦄 Princess Sparkle-Unicorn of the Eternal Glitter Kingdom 🦄", "𝓕𝓪𝓷𝓬𝔂 WWWWWWWWWWWWWWWWWWWWWWWW"]

CASES = {
    "start": (start_view, NAMES),
    "midgame": (mid_view, NAMES),
    "hollows": (hollows_view, NAMES),
    "expansions": (expansions_view, NAMES),
    "bonus_sacrifice": (slide_view, NAMES),
    "long_slide_no_place": (long_slide_view, NAMES),
    "draw_offer": (draw_view, NAMES),
    "finished": (finished_view, NAMES),
    "finished_draw": (lambda: finished_view(()), NAMES),
    "long_names": (slide_view, LONG),
    "computers": (slide_view, ["Computer 1 (easy)", "Computer 2 (strong)"]),
}


def render(name: str, log: list | None = None) -> tuple[bytes, Image.Image]:
    make, names = CASES[name]
    data = tixel.render_board(make(), names, log=log)
    return data, opened(data)


def rgb_of(view: dict, names: list[str]) -> Image.Image:
    return Image.open(io.BytesIO(tixel.render_board(view, names))).convert("RGB")


def dist(a, b) -> float:
    return math.dist(a[:3], b[:3])


def piece_fill(view: dict, sq: str):
    return WHITE_FILL if view["colors"][view["board"][sq]["owner"]] == "white" else BLACK_FILL


def without(view: dict, *squares: str) -> dict:
    out = copy.deepcopy(view)
    for sq in squares:
        out["board"].pop(sq, None)
    return out


# ---------------------------------------------------------------- image sanity
@pytest.mark.parametrize("name", sorted(CASES))
def test_png_is_sane(name: str) -> None:
    data, img = render(name)
    assert_sane_png(data, img, (800, 900), (600, 1100), under_bytes=300_000)


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_text_is_legible(name: str) -> None:
    log: list = []
    _, img = render(name, log)
    assert_legible(img, log, 15)


@pytest.mark.parametrize("name", sorted(CASES))
def test_deterministic(name: str) -> None:
    first, _ = render(name)
    second, _ = render(name)
    assert first == second


@pytest.mark.parametrize("name", ["expansions", "bonus_sacrifice"])
def test_a_first_render_with_cold_caches_draws_the_same_image(name: str) -> None:
    warm, _ = render(name)
    tixel_pieces_cache_clear()
    cold, _ = render(name)
    assert cold == warm


def tixel_pieces_cache_clear() -> None:
    from rendering.tixel import pieces as tixel_pieces

    for fn in (tixel_pieces.piece_sprite, tixel_pieces.lock_sprite, tixel_pieces.turn_sprite,
               tixel_pieces.dot_sprite, tixel_pieces.ring_sprite, tixel_pieces.arrow_sprite):
        fn.cache_clear()
    tixel_pieces._TRIMMED.clear()
    tixel_pieces.PALETTE.tiles.clear()  # every tile and part of the palette canvas drawn anew


@pytest.mark.parametrize("name", sorted(CASES))
def test_view_is_not_mutated(name: str) -> None:
    make, names = CASES[name]
    view = make()
    before = copy.deepcopy(view)
    tixel.render_board(view, names)
    tixel.board_alt(view, names)
    assert view == before


# ---------------------------------------------------------------- texts in the image
def texts(name: str) -> list[str]:
    log: list = []
    render(name, log)
    return [r.text for r in log]


def test_coordinates_on_the_edges() -> None:
    log: list = []
    view = start_view()
    tixel.render_board(view, NAMES, log=log)
    bx, by, q = tixel.board_geometry(view, NAMES)
    boxes = {r.text: r.box for r in log if len(r.text) == 1}
    for i, f in enumerate("abcdef"):  # files along the bottom, west to east
        x0, y0, x1, _ = boxes[f]
        assert bx + i * q < (x0 + x1) / 2 < bx + (i + 1) * q and y0 > by + 6 * q
    for i, r in enumerate("123456"):  # ranks up the left, rank 6 at the top
        x0, y0, x1, y1 = boxes[r]
        assert x1 < bx and by + (5 - i) * q < (y0 + y1) / 2 < by + (6 - i) * q


def test_status_lines() -> None:
    assert "Ana to move" in texts("start") and "Turn 1" in texts("start")
    bonus = texts("bonus_sacrifice")
    assert "Ana: bonus move" in bonus
    assert any(t.startswith("Bonus move 2 in a row") for t in bonus)
    assert "The piece on c1 is locked: it can't be picked up now" in bonus
    assert "Last: Ana a1-c1 E (sacrificed)" in bonus
    assert "Bartholomew must answer a draw offer" in texts("draw_offer")
    assert any(t.startswith("Ana offered a draw") for t in texts("draw_offer"))
    assert "Bartholomew may not place this turn (no slidable active piece)" in texts("long_slide_no_place")
    assert not any("may not place" in t for t in texts("midgame"))
    fin = texts("finished")
    assert "Game over" in fin and "Bartholomew wins · Ana has no legal move" in fin
    assert "Last: Bartholomew picks up e5" in fin
    assert "Draw agreed" in texts("finished_draw")
    view = finished_view((0,))
    view["result"]["reason"] = "resignation"
    log: list = []
    tixel.render_board(view, NAMES, log=log)
    assert "Ana wins · Bartholomew resigned" in [r.text for r in log]
    assert "Game over: Ana wins (Bartholomew resigned)." in tixel.board_alt(view, NAMES)
    view["result"] = {"winners": [], "ranking": [[0, 1]], "reason": "time_out"}
    assert "Game over: Draw (time out)." in tixel.board_alt(view, NAMES)


def test_pools_show_counts_and_promotions() -> None:
    mid = texts("midgame")
    assert mid.count("Promoted 0/2") == 1 and mid.count("Promoted 1/2") == 1
    assert {"×4", "×3", "×1", "×0"} <= set(mid) and {"tixel", "Tix", "Poka"} <= set(mid)
    assert "White · in pool" in mid and "Black · in pool" in mid
    start = texts("start")
    assert start.count("×10") == 2 and "Tix" not in start and "Poka" not in start
    assert not any(t.startswith("Promoted") for t in start)


def test_names_are_made_drawable() -> None:
    joined = " ".join(texts("long_names"))
    assert "🦄" not in joined and "𝓕" not in joined
    assert "Fancy" in joined  # mathematical letters folded to plain ones
    assert "…" in joined  # long names are ellipsised
    log: list = []
    tixel.render_board(slide_view(), ["", "🦄"], log=log)
    assert "Player 1: bonus move" in [r.text for r in log]
    assert any(r.text.startswith("Player 2") for r in log)


def test_legend_explains_the_markers() -> None:
    assert {"slide", "deactivated", "sacrificed", "locked"} <= set(texts("bonus_sacrifice"))
    slide = texts("long_slide_no_place")
    assert {"slide", "deactivated"} <= set(slide) and "sacrificed" not in slide and "locked" not in slide
    assert not {"slide", "deactivated", "sacrificed", "locked"} & set(texts("midgame"))


def test_key_explains_the_pieces_and_promotions() -> None:
    """Issue 16: active / inactive / hollow always have a key; with Poka Yoke, the pools' "Promoted n/2" too."""
    start = texts("start")
    assert {"active", "inactive", "notch = hollow: takes a sharp corner"} <= set(start)
    assert not any("Poka" in t for t in start)
    mid = texts("midgame")
    assert "Poka Yoke (one rounded corner)" in mid
    assert "Promoted: tixels picked up that came back as Poka (max 2)" in mid


# ---------------------------------------------------------------- piece geometry in pixels
UNIT = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
UNIT.update({d: ((UNIT[d[1]][0]) / math.sqrt(2), (UNIT[d[0]][1]) / math.sqrt(2)) for d in ("NE", "SE", "SW", "NW")})


def sample(img: Image.Image, view: dict, sq: str, direction: str, distance: float):
    cx, cy = tixel.square_centre(view, NAMES, sq)
    ux, uy = UNIT[direction]
    return img.getpixel((round(cx + ux * distance), round(cy + uy * distance)))


def test_active_corners_point_out_but_stay_inside_their_square() -> None:
    """Issue 16: a diamond spilled over its neighbours and the board's edge; its corners now stop inside."""
    view = mid_view()
    img, empty = rgb_of(view, NAMES), rgb_of(without(view, "c3", "a4", "f6"), NAMES)
    q = tixel.Q
    tip = tixel.ACTIVE_SIDE / math.sqrt(2) - 6  # 6 px in from a corner's tip
    assert tixel.ACTIVE_SIDE * math.sqrt(2) + 2 * 3 <= q - 2  # diagonal and outline inside the square
    for sq, dirs in (("c3", "NESW"), ("a4", "NESW"), ("f6", "NESW")):
        fill = piece_fill(view, sq)
        for d in dirs:
            px = sample(img, view, sq, d, tip)
            assert dist(px, fill) < 30, (sq, d, px)
            px, bare = sample(img, view, sq, d, q / 2 + 4), sample(empty, view, sq, d, q / 2 + 4)
            assert dist(px, bare) < 25, (sq, d, px, bare)  # the neighbouring square (or the frame) untouched
    # ... while an inactive piece stays inside its square
    for d in "NESW":
        assert dist(sample(img, view, "d3", d, q / 2 + 2), WHITE_FILL) > 60


@pytest.mark.parametrize("sq,hollow", [("a2", "N"), ("b2", "E"), ("c2", "S"), ("d2", "W"), ("a5", "NE"),
                                       ("c5", "SE"), ("e5", "SW"), ("d4", "NW")])
def test_notch_is_on_the_hollow_edge(sq: str, hollow: str) -> None:
    view = hollows_view()
    assert view["board"][sq]["hollow"] == hollow
    img, empty = rgb_of(view, NAMES), rgb_of(without(view, sq), NAMES)
    fill = piece_fill(view, sq)
    side = SIDE if len(hollow) == 1 else tixel.ACTIVE_SIDE  # an active piece is a smaller diamond
    depth = side / 2 - NOTCH * side / 2  # halfway into the notch, on its axis
    dirs = ("N", "E", "S", "W") if len(hollow) == 1 else ("NE", "SE", "SW", "NW")
    for d in dirs:
        px = sample(img, view, sq, d, depth)
        if d == hollow:  # inside the notch: the square shows through
            assert dist(px, fill) > 80 and dist(px, sample(empty, view, sq, d, depth)) < 60, (d, px)  # shadow
        else:
            assert dist(px, fill) < 20, (d, px)


def test_tix_pieces_have_no_notch() -> None:
    view = expansions_view()
    img = rgb_of(view, NAMES)
    for sq, dirs in (("a1", ("N", "E", "S", "W")), ("c1", ("NE", "SE", "SW", "NW"))):
        side = SIDE if len(dirs[0]) == 1 else tixel.ACTIVE_SIDE
        depth = side / 2 - NOTCH * side / 2
        for d in dirs:
            assert dist(sample(img, view, sq, d, depth), piece_fill(view, sq)) < 20, (sq, d)


@pytest.mark.parametrize("sq,rounded_corner,sharp_corner", [
    ("a3", "NE", "NW"),  # inactive, hollow N, round cw → NE corner rounded
    ("c3", "NW", "NE"),  # inactive, hollow N, round ccw → NW
    ("e1", "NE", "SE"),  # inactive, hollow E, round ccw → NE
])
def test_poka_yoke_rounded_corner_inactive(sq: str, rounded_corner: str, sharp_corner: str) -> None:
    view = expansions_view()
    img, empty = rgb_of(view, NAMES), rgb_of(without(view, sq), NAMES)
    corner = (SIDE / 2 - 3) * math.sqrt(2)  # 3 px in from the corner, both ways
    px = sample(img, view, sq, rounded_corner, corner)
    assert dist(px, piece_fill(view, sq)) > 80 and dist(px, sample(empty, view, sq, rounded_corner, corner)) < 40
    assert dist(sample(img, view, sq, sharp_corner, corner), piece_fill(view, sq)) < 20


@pytest.mark.parametrize("sq,rounded_corner", [("e3", "E"), ("b5", "N"), ("e5", "W")])
def test_poka_yoke_rounded_corner_active(sq: str, rounded_corner: str) -> None:
    """Active NE cw → E corner rounded, NE ccw → N, SW cw → W: a rounded corner has no sharp tip."""
    view = expansions_view()
    img, empty = rgb_of(view, NAMES), rgb_of(without(view, sq), NAMES)
    fill = piece_fill(view, sq)
    beyond = tixel.ACTIVE_SIDE / math.sqrt(2) - 4  # 4 px in from a sharp corner's tip
    for d in "NESW":
        px = sample(img, view, sq, d, beyond)
        if d == rounded_corner:
            assert dist(px, fill) > 80 and dist(px, sample(empty, view, sq, d, beyond)) < 60, (d, px)
        else:
            assert dist(px, fill) < 30, (d, px)


def near(img: Image.Image, box, colour, tol: float = 30) -> int:
    """How many pixels of ``box`` are close to ``colour``."""
    x0, y0, x1, y1 = (round(v) for v in box)
    return sum(1 for x in range(x0, x1) for y in range(y0, y1) if dist(img.getpixel((x, y)), colour) < tol)


def test_last_move_marks() -> None:
    from rendering.theme import ACCENT
    from rendering.tixel.pieces import LOCK_FILL, SAC_FILL, TURN_FILL

    view = slide_view()
    img = rgb_of(view, NAMES)
    q = tixel.Q

    def corner_box(sq: str, dx: int, v: dict = view) -> tuple:  # a badge's box, inside the highlight ring
        cx, cy = tixel.square_centre(v, NAMES, sq)
        x = cx + dx * (q / 2 - 18)
        return (x - 10, cy - q / 2 + 7, x + 10, cy - q / 2 + 29)

    assert near(img, corner_box("c2", 1), TURN_FILL) > 100  # deactivated badge on c2
    assert near(img, corner_box("c1", -1), LOCK_FILL) > 100  # lock on c1
    assert near(img, corner_box("c1", 1), SAC_FILL) > 100  # "+1" sacrifice badge on c1
    bx, by = tixel.square_centre(view, NAMES, "b1")
    assert near(img, (bx - 10, by - 10, bx + 10, by + 10), ACCENT) > 60  # path dot and arrow through b1
    ax, ay = tixel.square_centre(view, NAMES, "a1")
    assert near(img, (ax - q / 2, ay - q / 2, ax + q / 2, ay - q / 2 + 6), ACCENT) > 100  # dashed origin ring
    assert near(img, corner_box("c2", -1), LOCK_FILL) < 20  # nothing where nothing happened
    plain_view = slide_view(bonus=False)
    plain = rgb_of(plain_view, NAMES)
    assert near(plain, corner_box("c1", -1, plain_view), LOCK_FILL) < 20  # no bonus phase: no lock
    assert near(plain, corner_box("c1", 1, plain_view), SAC_FILL) > 100
    mid = mid_view()
    img = rgb_of(mid, NAMES)
    dx, dy = tixel.square_centre(mid, NAMES, "d3")  # the placed piece's square is ringed in gold
    assert near(img, (dx - q / 2, dy - q / 2, dx + q / 2, dy - q / 2 + 5), ACCENT) > 200


# ---------------------------------------------------------------- alt text


def test_a_computer_seat_keeps_its_level_in_its_panel() -> None:
    """A name too long for the panel's bar goes on two lines at the bracket: the level is never cut off."""
    log: list = []
    render("computers", log)
    drawn = [rec.text for rec in log]
    assert {"Computer 1", "(easy)", "Computer 2", "(strong)"} <= set(drawn)
    assert not any(t.startswith("Computer") and t.endswith("…") for t in drawn)
