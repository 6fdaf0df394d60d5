"""Tests for the Pixel Tactics images: PNG sanity, legibility, hidden information, layout, robustness."""

from __future__ import annotations

import copy
import io
from functools import partial

import pytest
from PIL import Image

from rendering import pixel_tactics as pt
from rendering.pixel_tactics.hand import hand_parts
from tests.rendering import pt_views as pv
from tests.rendering.legibility import assert_legible

NAMES = ["Ana", "Bartholomew"]
LONG = ["🦄 Princess Sparkle-Unicorn of the Eternal Glitter Kingdom WWWWWWWW", "漢字"]


def bare_view() -> dict:
    """A view with nearly everything missing."""
    return {"game": "pixel-tactics", "players": [{"seat": 0}, {"seat": 1, "unit": {}, "reserve": [None]}]}


def crowded_view() -> dict:
    """Every Hero slot filled, a Hero with many statuses, a long name, huge numbers."""
    view = pv.mid_view()
    unit = view["players"][1]["unit"]
    for code in ("F0", "R0", "R2", "V2"):
        unit[code] = pv.hero("lantern", damage=12, statuses=["+1 Attack"] * 3 + ["-1 Life", "Intercept", "Blessed",
                                                               "No Special Abilities", "+1 Life", "Marked"],
                             ranged=True, intercept=True, nsa=True, fresh=True, acted=True)
    unit["L"]["damage"] = 999
    return view


CASES = {
    "board_mid": lambda: (pt.render_board, (pv.mid_view(), NAMES)),
    "board_trap": lambda: (pt.render_board, (pv.trap_window_view(), NAMES)),
    "board_ceasefire": lambda: (pt.render_board, (pv.ceasefire_view(), NAMES)),
    "board_leader": lambda: (pt.render_board, (pv.leader_view(), NAMES)),
    "board_finished": lambda: (pt.render_board, (pv.finished_view(), {0: "Ana", 1: "Bartholomew"})),
    "board_private_view": lambda: (pt.render_board, (pv.private_view(0), NAMES)),
    "board_crowded_long_names": lambda: (pt.render_board, (crowded_view(), LONG)),
    "board_bare": lambda: (pt.render_board, (bare_view(), None)),
    "hand_mid": lambda: (pt.render_hand, (pv.private_view(0), NAMES)),
    "hand_mid_part_2": lambda: (partial(pt.render_hand, part=1), (pv.private_view(0), NAMES)),
    "hand_empty": lambda: (pt.render_hand, ({**pv.private_view(1), "hand": []}, NAMES)),
    "hand_leader_pick": lambda: (pt.render_hand, (leader_pick_private(), LONG)),
    "card_gearwright": lambda: (pt.render_card, (pv.card("gearwright"),)),
    "card_trap": lambda: (pt.render_card, (pv.card("ember_archer"),)),
    "card_long": lambda: (pt.render_card, (pv.card("lantern"),)),
    "card_empty": lambda: (pt.render_card, ({},)),
}


def leader_pick_private() -> dict:
    view = pv.leader_view()
    view["you"] = 0
    view["players"][0]["unit"]["L"]["card"] = pv.card("gearwright")
    view["hand"] = [pv.card(k, id=f"0.{k}") for k in ("ember_archer", "moss_mender", "storm_caller", "lantern")]
    return view


def render(name: str, log: list | None = None) -> tuple[bytes, Image.Image]:
    fn, args = CASES[name]()
    data = fn(*args, log=log)
    img = Image.open(io.BytesIO(data))
    img.load()
    return data, img


def texts_of(fn, *args) -> list[str]:
    log: list = []
    fn(*args, log=log)
    return [r.text for r in log]


def hand_texts(view: dict, names: list[str]) -> list[str]:
    """The texts of every part of a hand image."""
    return [text for k in range(len(hand_parts(view))) for text in texts_of(partial(pt.render_hand, part=k), view, names)]


# ---------------------------------------------------------------- image sanity and legibility
@pytest.mark.parametrize("name", sorted(CASES))
def test_png_is_sane(name: str) -> None:
    data, img = render(name)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert img.format == "PNG" and img.width == 800 and 150 <= img.height <= 2600
    assert len(data) < 400_000
    colours = img.convert("RGB").getcolors(1 << 20)
    assert colours is not None and len(colours) > 20


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_text_is_legible_and_inside(name: str) -> None:
    log: list = []
    _, img = render(name, log)
    assert_legible(img, log, 3)


def _overlaps(a: tuple, b: tuple) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("name", ["board_mid", "board_crowded_long_names", "hand_mid", "card_long"])
def test_texts_do_not_overlap(name: str) -> None:
    log: list = []
    render(name, log)
    for i, a in enumerate(log):
        for b in log[i + 1:]:
            assert not _overlaps(a.box, b.box), (a, b)


@pytest.mark.parametrize("name", sorted(CASES))
def test_deterministic(name: str) -> None:
    first, _ = render(name)
    second, _ = render(name)
    assert first == second


def test_inputs_are_not_mutated() -> None:
    view, card = pv.private_view(0), pv.card("lantern")
    before, card_before = copy.deepcopy(view), copy.deepcopy(card)
    pt.render_board(view, NAMES)
    pt.render_hand(view, NAMES)
    pt.render_card(card)
    pt.alt_board(view, NAMES)
    pt.alt_hand(view, NAMES)
    pt.alt_card(card)
    assert view == before and card == card_before


# ---------------------------------------------------------------- hidden information
def test_board_never_draws_hand_cards_or_face_down_traps() -> None:
    view = pv.private_view(0)  # even handed a private view, the board shows only public things
    texts = " ".join(texts_of(pt.render_board, view, NAMES))
    for hidden in pv.HIDDEN_ONLY:
        assert hidden not in texts
    assert texts.count("Trap") >= 3  # the three face-down Traps are drawn as backs


def test_hand_shows_hand_and_own_traps() -> None:
    texts = hand_texts(pv.private_view(0), NAMES)
    joined = " ".join(texts)
    for name in ("Whisper Thief", "Gearwright", "Glass Oracle", "Mirror Hound"):
        assert name in joined
    assert "Lantern Cartographer of the Far Western Reaches" in texts  # a long name fits the wide block
    assert "Asks you" in texts and "Always activates" in texts
    assert {"Leader", "Hero", "V", "F", "R", "Order", "Operation"} <= set(texts)


def test_hand_in_leader_phase_names_the_secret_choice() -> None:
    texts = hand_texts(leader_pick_private(), NAMES)
    assert "Leader chosen" in texts
    assert any("Your Leader (secret until both reveal): Gearwright" in t for t in texts)


# ---------------------------------------------------------------- what the board shows
def test_board_shows_the_state() -> None:
    texts = texts_of(pt.render_board, pv.mid_view(), NAMES)
    joined = " | ".join(texts)
    assert "Ana: 1 action left" in texts
    assert "Round 3 · Flank wave · Bartholomew first" in texts
    assert "First" in texts  # first-player tag on Bartholomew's bar
    assert "Hand 3/5 · Deck 11 · Discard 1" in texts and "Hand 5/6 · Deck 9 · Discard 2" in texts
    assert "+1 Atk ×2" in texts and "No abilities" in texts and "Intercept" in texts and "Ranged" in texts
    assert "−1 Atk" in texts and "−1 Life" in texts
    assert texts.count("Falls") == 1  # Storm Caller: 3 damage on 3 Life
    assert texts.count("Corpse") == 2 and "Ember Archer" in texts and "Gearwright" in texts
    assert "Operation" in texts and "×3" in texts and texts.count("Trap") == 3
    assert texts.count("Flank") == 2 and texts.count("Vanguard") == 2 and texts.count("Rear") == 2
    assert "4" in texts and "7" in texts  # damage tokens on both Leaders
    for words in ("damage", "falls at wave end", "recruited this wave", "acted this turn"):
        assert words in texts
    assert "Ceasefire" not in joined


def test_board_ceasefire_waiting_and_result() -> None:
    assert any(t.startswith("Ceasefire") for t in texts_of(pt.render_board, pv.ceasefire_view(), NAMES))
    trap = texts_of(pt.render_board, pv.trap_window_view(), NAMES)
    assert "Trap window" in trap and "Seat 2 may respond with a face-down Trap…" in trap
    done = texts_of(pt.render_board, pv.finished_view(), NAMES)
    assert "Game over" in done and "Bartholomew wins the match" in done and "Trophies 1–2 · rout" in done
    assert "Routed" in done and "Falls" not in done and "falls at wave end" not in done


def test_board_leader_phase_shows_backs() -> None:
    texts = texts_of(pt.render_board, pv.leader_view(), NAMES)
    assert "Choosing Leaders" in texts and "Chosen" in texts and "Choosing…" in texts
    assert "Both players choose a Leader in secret" in texts


def test_units_face_each_other() -> None:
    view = pv.mid_view()
    rows = pt.board_layout(view)["rows"]
    # the top unit (seat 0) has its Vanguard nearest the middle, the bottom unit too
    assert rows[(0, "X")] < rows[(0, "R")] < rows[(0, "F")] < rows[(0, "V")] < rows[(1, "V")]
    assert rows[(1, "V")] < rows[(1, "F")] < rows[(1, "R")] < rows[(1, "X")]
    log: list = []
    pt.render_board(view, NAMES, log=log)
    # seat 0 sits across the table: its left column (V0, Iron Sentinel) is on the image's right
    sentinel = next(r for r in log if r.text == "Iron Sentinel" and r.box[1] < rows[(0, "V")] + 60)
    empty_v2 = next(r for r in log if r.text == "right" and r.box[1] < rows[(1, "V")])  # its empty V2
    assert sentinel.box[0] > empty_v2.box[0]
    # the private viewer sits at the bottom
    assert pt.board_layout(pv.private_view(0))["rows"][(0, "V")] > pt.board_layout(pv.private_view(0))["rows"][(1, "V")]


def test_names_default_and_are_made_drawable() -> None:
    texts = texts_of(pt.render_board, pv.mid_view(), None)
    assert "Seat 1" in texts and "Seat 2" in texts
    texts = texts_of(pt.render_board, pv.mid_view(), LONG)
    assert not any("🦄" in t or "漢" in t for t in texts)
    assert any(t.endswith("…") and t.startswith("Princess") for t in texts) and "Seat 2" in texts


def test_long_texts_wrap_inside_the_card() -> None:
    log: list = []
    _, img = render("card_long", log)
    assert sum(1 for r in log if r.text.startswith("At the start") or r.text.startswith("your deck")) >= 1
    assert len([r for r in log if r.px == 24]) > 15  # wrapped into many lines, not one long one
    for rec in log:
        assert rec.box[2] <= img.width - 16, rec
    assert "Lantern Cartographer of the Far" in " ".join(r.text for r in log)


def test_card_shows_every_use() -> None:
    texts = texts_of(pt.render_card, pv.card("ember_archer"))
    assert {"Ember Archer", "Leader", "Hero", "Vanguard", "Flank", "Rear", "Trap", "4", "17", "3"} <= set(texts)
    assert "When a rival recruits a Hero, deal 2 damage to it." in texts
    for kind, label in (("gearwright", "Order"), ("moss_mender", "Operation")):
        assert label in texts_of(pt.render_card, pv.card(kind))


def test_odd_inputs_do_not_crash() -> None:
    for view in ({}, bare_view(), {"players": None, "phase": "finished", "result": {"winners": [7]}},
                 {"players": [{"unit": {"L": {"kind": "leader"}}, "reserve": [{"kind": "operation"}]}]}):
        assert pt.render_board(view).startswith(b"\x89PNG")
        assert pt.render_hand(view).startswith(b"\x89PNG")
        assert isinstance(pt.alt_board(view), str) and isinstance(pt.alt_hand(view), str)
    assert pt.render_card({"name": "X", "tactic": {"kind": "weird"}}).startswith(b"\x89PNG")
    assert pt.render_card(None).startswith(b"\x89PNG")  # type: ignore[arg-type]


def test_spaces_and_reserve_are_explained_and_names_never_cut() -> None:
    """Issue 16: empty spaces in words (not V0…X2), a key for the mirrored top unit and the reserve, and a
    damaged Hero's long name whole (its damage badge moves beside the stats, or the name takes two lines)."""
    view = pv.mid_view()
    unit = view["players"][1]["unit"]
    unit["R0"] = pv.hero("storm_caller", damage=3, fresh=True, acted=True)
    unit["R0"]["card"]["name"] = "Sparkling Apprentice"
    unit["R1"] = pv.hero("gearwright", damage=12)
    unit["R1"]["card"]["name"] = "Crow's-Nest Lookout"
    texts = texts_of(pt.render_board, view, NAMES)
    assert not any(t in texts for t in ("V0", "V2", "F0", "F2", "R0", "R1", "R2", "X0", "X1", "X2"))
    assert {"left", "right", "reserve 1"} <= set(texts)
    assert "The top unit faces you: its left is on your right." in texts
    assert "Reserve: face-down Traps and running Operations." in texts
    assert not any("…" in t for t in texts if not t.startswith(NAMES[1][:5]))
    pairs = [f"{a} {b}" for a, b in zip(texts, texts[1:], strict=False)]  # a name may take two lines
    for name in ("Sparkling Apprentice", "Crow's-Nest Lookout"):
        assert name in texts or name in pairs, name
