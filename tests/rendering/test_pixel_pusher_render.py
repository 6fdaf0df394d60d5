"""Tests for the Pixel Pusher images: PNG sanity, legibility (contrast, size, background), hidden information."""

from __future__ import annotations

import copy
import io
from collections import Counter

import pytest
from PIL import Image

from rendering import pixel_pusher as pp
from rendering.pixel_pusher.parts import PIXELS, SEATS, card_label
from rendering.theme import ACCENT, INK, MIN_CONTRAST, contrast_ratio
from tests.rendering import pusher_views as pv
from tests.rendering.legibility import assert_legible

N = pv.NAMES

CASES = {
    "board_draft2": lambda: (pp.render_board, pv.draft2(), N[:2]),
    "board_convert4": lambda: (pp.render_board, pv.convert4(), N),
    "board_finished3": lambda: (pp.render_board, pv.finished3(), N[:3]),
    "board_long_names": lambda: (pp.render_board, pv.convert4(), pv.LONG),
    "board_minimal": lambda: (pp.render_board, pv.minimal(), None),
    "board_crowded": lambda: (pp.render_board, crowded(), N),
    "private_draft_hand": lambda: (pp.render_private, pv.draft2_private(1), N[:2]),
    "private_draft_picks": lambda: (pp.render_private, pv.draft2_private(0), N[:2]),
    "private_convert": lambda: (pp.render_private, pv.convert4_private(0), N),
    "private_empty": lambda: (pp.render_private, {**pv.minimal(), "you": 1, "private": {}}, None),
}


def crowded() -> dict:
    """Tall stacks, many held and stored pixels, an unknown card type and colour, a tie on the track."""
    view = pv.convert4()
    seat = view["seats"][2]
    seat["slots"][1] = [pv.collector(f"m8{i}", "B", 1) for i in range(7)]
    seat["slots"][0] = [{"id": "m99", "type": "booster", "name": "Turbo", "text": "Double a collector"}]
    seat["held"] = list("RRRRRRGGGGGGBBBBBBBCMYWCMYW") + ["Q"]
    seat["stored"] = list("RGBCMYWRGB")
    seat["storage"] = 14
    view["seats"][1]["score"] = view["seats"][0]["score"]
    view["conveyor"][0] = list("RGBRGBRGB")
    view["images"][2]["scanlines"][0]["needs"] = {"R": 2, "W": 1}  # needs that differ from the art
    view["images"][4]["scanlines"][0]["needs"] = {"B": 5}
    return view


def render(name: str, log: list | None = None) -> tuple[bytes, Image.Image]:
    fn, view, names = CASES[name]()
    data = fn(view, names, log=log)
    img = Image.open(io.BytesIO(data))
    img.load()
    return data, img


# ---------------------------------------------------------------- image sanity
@pytest.mark.parametrize("name", sorted(CASES))
def test_png_is_sane(name: str) -> None:
    data, img = render(name)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert img.format == "PNG" and img.mode in ("RGB", "P")
    assert img.width == 733 and 90 <= img.height <= 2100  # laid out 1200 units wide, drawn at 11/18
    assert len(data) <= 100 * 1024  # the budget for every posted image
    colours = img.convert("RGB").getcolors(1 << 20)
    assert colours is not None and len(colours) > 50  # not blank


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_text_is_legible(name: str) -> None:
    log: list = []
    _, img = render(name, log)
    assert_legible(img, log, 5)


@pytest.mark.parametrize("name", ["board_convert4", "board_crowded", "private_convert"])
def test_deterministic(name: str) -> None:
    first, _ = render(name)
    second, _ = render(name)
    assert first == second


def test_colours_are_lettered_and_readable() -> None:
    assert set(PIXELS) == set("RGBCMYW")
    for fill, word in PIXELS.values():
        assert contrast_ratio(INK, fill) >= MIN_CONTRAST, word
    for fill in SEATS:
        assert contrast_ratio(INK, fill) >= MIN_CONTRAST


def test_view_is_not_mutated() -> None:
    for make in (pv.convert4_private, pv.draft2_private, pv.finished3, crowded):
        view = make()
        before = copy.deepcopy(view)
        pp.render_board(view, N)
        pp.render_private(view, N)
        pp.alt_board(view, N)
        pp.alt_private(view, N)
        assert view == before


# ---------------------------------------------------------------- what is drawn
def texts(fn, view: dict, names: list[str] | None) -> list[str]:
    log: list = []
    fn(view, names, log=log)
    return [r.text for r in log]


def test_conveyor_pixels_are_lettered() -> None:
    view = pv.draft2()
    view["images"], view["supply"] = [], {}
    counts = Counter(t for t in texts(pp.render_board, view, N[:2]) if t in PIXELS)
    # segments RGBRRG, BBGRG, GRBR, RRB, GB, B: worked out by hand
    assert counts == {"R": 8, "G": 6, "B": 7}
    view["conveyor"] = [[] for _ in range(6)]
    drawn = texts(pp.render_board, view, N[:2])
    assert drawn.count("empty") == 6 and not set(drawn) & set(PIXELS)


def test_board_shows_public_state() -> None:
    drawn = texts(pp.render_board, pv.convert4(), N)
    for expected in ("Round 3", "2 of 4 to convert", "Convert", "Deck 8 · Discard 3", "Bag 17", "Supply",
                     "✓ done", "converting", "Side B (6–1)", "Side A", "7 VP", "12 VP", "1st to Build",
                     "Colour Wheel", "2 R", "1 R", "R+G→Y", "Store +2", "Store +3", "RGB→W", "GB→C ×2",
                     "Stored", "Held", "Cherry", "Chloé", "Bartholomew", "Dmitri", "12 more in the image deck",
                     "Nobody could collect from segment 4.", "Score track", "Slot 6"):
        assert expected in drawn, expected
    assert "Hand 0" not in drawn  # counts of empty hands only matter while drafting and building


def test_side_b_slots_sit_under_the_segments_they_read() -> None:
    log: list = []
    pp.render_board(pv.convert4(), N, log=log)
    slot_x = {}
    for rec in log:
        if rec.text.startswith("Slot "):
            slot_x.setdefault(rec.text, []).append((rec.box[0] + rec.box[2]) / 2)
    seg_x = {r.text: (r.box[0] + r.box[2]) / 2 for r in log if r.px == 24 and r.text in "123456"}
    # Ana (side A) first, Bartholomew (side B) second: his slot 1 reads segment 6
    assert abs(slot_x["Slot 1"][0] - slot_x["Slot 1"][1]) > 480
    assert abs(slot_x["Slot 1"][1] - seg_x["6"]) < 20 and abs(slot_x["Slot 6"][1] - seg_x["1"]) < 20
    assert abs(slot_x["Slot 3"][0] - seg_x["3"]) < 20


def test_draft_shows_who_picked_never_what() -> None:
    view = pv.draft2_private(0)  # even handed a private view, the board draws only public fields
    view["private"]["hand"] += pv.DRAFT_HAND_1
    drawn = texts(pp.render_board, view, N[:2])
    joined = "\n".join(drawn)
    assert "✓ picked" in drawn and "choosing" in drawn and "Bartholomew to pick" in drawn
    secret = pv.DRAFT_HAND_0 + pv.DRAFT_HAND_1 + pv.DRAFT_PICKS_0
    for card in secret:
        assert card["name"] not in joined, card
        assert card["text"] not in joined, card
        if "type" in card:
            assert card_label(card) not in drawn, card
            assert card_label(card, 0) not in drawn, card
    assert "Hand 3" in drawn and "Hand 4" in drawn


def test_private_images_show_only_their_own_cards() -> None:
    drawn = " ".join(texts(pp.render_private, pv.draft2_private(1), N[:2]))
    for card in pv.DRAFT_HAND_1:
        assert card["name"] in drawn
    for card in pv.DRAFT_HAND_0 + pv.DRAFT_PICKS_0:
        assert card["name"] not in drawn
    picks = texts(pp.render_private, pv.draft2_private(0), N[:2])
    assert "Your picks so far" in picks and "Cobalt Siphon" in picks and "Pick a card" not in picks
    work = texts(pp.render_private, pv.convert4_private(0), N)
    for expected in ("Holding", "Stored", "(3/5)", "Available", "R+G→Y", "used 1 of 1", "Convert & Store",
                     "Converters", "used 0 of 1"):
        assert expected in work, expected


def test_finished_board_names_the_winner() -> None:
    drawn = texts(pp.render_board, pv.finished3(), N[:3])
    assert "Game over" in drawn and "Chloé wins with 26 VP" in drawn and "· most victory points" in drawn
    assert "Build" not in drawn  # no phase stepper once the game is over
    tie = pv.finished3()
    tie["result"] = {"winners": [0, 2], "scores": [26, 14, 26], "reason": "tie on points and pixels"}
    drawn = texts(pp.render_board, tie, N[:3])
    assert "Shared victory: Ana, Chloé with 26 VP" in drawn


def test_names_are_made_drawable() -> None:
    joined = " ".join(texts(pp.render_board, pv.convert4(), pv.LONG))
    assert "🦄" not in joined and "漢" not in joined
    assert "Seat 2" in joined and "Seat 3" in joined  # unrenderable / empty names fall back
    assert "…" in joined
    assert "Seat 1 to build" in texts(pp.render_board, pv.minimal(), None)


def test_crowded_board_groups_and_shortens() -> None:
    drawn = texts(pp.render_board, crowded(), N)
    assert not any(t.endswith(" more") for t in drawn)  # a stack of 7 shows all its chips (issue 16)
    assert "×7" in drawn and "×6" in drawn  # 28 held pixels: grouped as one cube "×n" per colour
    assert "R" in drawn and "B" in drawn
    assert "Turbo" in drawn  # an unknown card type: its text, or its name when the text is too long
    assert "?" in drawn  # the unknown colour Q
    # a scanline whose needs differ from its art shows them: as cubes, or in words if there are too many
    assert "5B: 3" in drawn


def test_odd_inputs_do_not_crash() -> None:
    view = pv.convert4()
    view.pop("supply")
    view.pop("images")
    view["conveyor"] = [["R"]]  # fewer than six segments
    view["seats"][0] = {"seat": 0, "slots": "nonsense", "held": None, "ability": "build"}
    view["seats"][1]["slot_segments"] = [1, 1, 1, 1, 1, 1]  # not a permutation: slots in order
    view["to_act"] = [7, "x"]
    view["log"] = None
    view["result"] = None
    drawn = texts(pp.render_board, view, ["Solo"])
    assert "Waiting" in drawn and "Supply" not in drawn and "Images" not in drawn
    assert pp.render_private({"private": "x"}, None).startswith(b"\x89PNG")
    assert pp.render_board({}, None).startswith(b"\x89PNG")


def test_private_machine_shows_the_segments_read() -> None:
    view = pv.draft2_private(1)
    view["seats"][1] = pv.seat(1, side="B", slots=[[pv.collector("m40", "R", 2)], [], [], [], [], []], hand=4)
    drawn = texts(pp.render_private, view, N[:2])
    assert "Your machine" in drawn and "2 R" in drawn
    assert drawn.index("Slot 1") < drawn.index("seg 6") < drawn.index("Slot 2") < drawn.index("seg 5")
    assert "Your machine" not in texts(pp.render_private, pv.convert4_private(0), N)


def test_score_track_scales() -> None:
    view = pv.finished3()
    for seat, score in zip(view["seats"], (0, 95, 240), strict=True):
        seat["score"] = score
    drawn = texts(pp.render_board, view, N[:3])
    assert {"0", "50", "100", "150", "200", "250", "300"} <= set(drawn) and "10" not in drawn
    assert {"0", "10", "20"} <= set(texts(pp.render_board, pv.draft2(), N[:2]))


def test_who_acts_is_marked() -> None:
    log: list = []
    pp.render_board(pv.draft2(), N[:2], log=log)
    by_text = {r.text: r for r in log}
    assert by_text["choosing"].bg == ACCENT and by_text["Bartholomew"].bg == ACCENT  # the one awaited: gold
    assert by_text["Ana"].bg != ACCENT and "✓ picked" in by_text
    log.clear()
    pp.render_board(pv.convert4(), N, log=log)  # two players converting at once: gold tags, no gold boards
    tags = [r for r in log if r.text == "converting"]
    assert len(tags) == 2 and all(r.fg == ACCENT and r.bg != ACCENT for r in tags)
    assert sum(r.text == "✓ done" for r in log) == 2
