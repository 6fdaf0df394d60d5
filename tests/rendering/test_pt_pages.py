"""Pixel Tactics pages of cards (/pt cards), deck images, draft picks and the public draft table."""

from __future__ import annotations

import copy
import io

from PIL import Image

from bot.games.pixel_tactics import sets
from rendering.pixel_tactics import render_card_page, render_deck, render_draft_pick, render_draft_table
from rendering.pixel_tactics.compact import CH, CW
from rendering.pixel_tactics.pages import GAP, M
from tests.rendering import pt_kinds as pk
from tests.rendering.legibility import assert_legible

CORE = sets.SETS["core"]


def drawn(fn, *args) -> tuple[Image.Image, list]:
    log: list = []
    data = fn(*args, log=log)
    assert len(data) <= 100 * 1024
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG" and img.mode == "P" and img.width == 800
    assert_legible(img, log, 3)
    assert min(r.px for r in log) >= 20  # readable on a phone: every text at least 20 px at 100%
    return img, log


def texts(log: list) -> list[str]:
    return [r.text for r in log]


# ---------------------------------------------------------------- /pt cards
def test_a_page_shows_nine_compact_cards_three_by_three() -> None:
    cards = [pk.card(k) for k in sorted(pk.EVERY_KIND)] + CORE[:6]
    img, log = drawn(render_card_page, cards, 2, 5, "Core Set 1 · Heroes")
    shown = texts(log)
    assert "Core Set 1 · Heroes" in shown and "Page 2 of 5" in shown
    for card in cards[:9]:
        assert card["name"] in " ".join(shown)
    assert cards[9]["name"] not in " ".join(shown)  # at most nine
    assert img.height == 16 + 96 + 3 * CH + 2 * GAP + 16
    cells = [img.crop((M + c * (CW + GAP), 112 + r * (CH + GAP), M + c * (CW + GAP) + CW, 112 + r * (CH + GAP) + CH))
             .tobytes() for r in range(3) for c in range(3)]
    assert len(set(cells)) == 9  # nine different cards, nine different cells
    for words in ("Order", "Hero only", "Chase", "Teal Base", "3 points", "Promo", "No Leader side", "No Hero side"):
        assert words in shown, words


def test_a_page_with_one_card_or_none() -> None:
    img, log = drawn(render_card_page, [CORE[0]], 1, 1, "Search: lore")
    assert "1 card" in texts(log) and img.height == 16 + 96 + CH + 16
    _, log = drawn(render_card_page, [], 1, 1, "Search: zzz")
    assert "No cards match" in texts(log)


# ---------------------------------------------------------------- decks
def deck_view(**extra) -> dict:
    view = {"name": "Red Fury", "format": "standard", "owner": "Ana", "leaders": CORE[:4], "heroes": CORE[4:29],
            "problems": [], "code": "PT1-0000-TEST"}
    view.update(extra)
    return view


def test_a_valid_deck_lists_leaders_heroes_and_its_code() -> None:
    img, log = drawn(render_deck, deck_view())
    shown = texts(log)
    assert shown[:2] == ["Red Fury", "Standard deck · 4 Leaders · 21 Heroes · Ana"]
    assert "Valid Standard deck" in shown and "Leaders (4)" in shown and "Heroes (21)" in shown
    assert "Core Set 1 · 21 Heroes" in shown and "PT1-0000-TEST" in shown
    for card in CORE[:25]:
        assert card["name"] in shown
    lore = CORE[0]["leader"]
    assert str(lore["attack"]) in shown and str(lore["life"]) in shown


def test_an_invalid_deck_says_why() -> None:
    problems = ["A Standard deck holds 25 to 30 Heroes; this one holds 21.",
                "Lorekeeper is in both stacks; a card may be a Leader or a Hero, not both."]
    _, log = drawn(render_deck, deck_view(problems=problems))
    shown = texts(log)
    assert "Not valid: 2 problems" in shown and "Valid Standard deck" not in shown
    joined = " ".join(shown)
    assert "• A Standard deck holds 25 to 30 Heroes; this one holds 21." in shown
    assert "Lorekeeper is in both stacks" in joined and "not both." in joined  # wrapped, all of it


def test_an_epic_deck_groups_copies_and_sets() -> None:
    heroes = [CORE[5]] * 3 + [pk.card("common")] * 2 + CORE[6:8]
    _, log = drawn(render_deck, deck_view(format="epic", heroes=heroes, code=""))
    shown = texts(log)
    assert CORE[5]["name"] in shown and "×3" in shown and "Tin Squire" in shown and "×2" in shown
    assert "Core Set 1 · 5 Heroes" in shown and "Commons · 2 Heroes" in shown
    assert "Valid Epic deck" in shown and not any(t.startswith("Deck code") for t in shown)


def test_deck_images_are_deterministic_and_leave_the_view_alone() -> None:
    view = deck_view()
    before = copy.deepcopy(view)
    assert render_deck(view) == render_deck(view) and view == before
    assert render_deck({}).startswith(b"\x89PNG") and render_deck(None).startswith(b"\x89PNG")  # type: ignore[arg-type]


# ---------------------------------------------------------------- drafts
def pick_view(n: int = 8) -> dict:
    cards = CORE[:n - 1] + [{"card": pk.card("common"), "note": "Lot 2 · 1 coin"}]
    return {"title": "Pack Draft", "status": "Pack 2 of 4 · Pick 3 of 8", "prompt": "Pick a Hero", "cards": cards,
            "pool": {"leaders": 2, "leaders_max": 4, "heroes": 9}}


def test_a_pick_numbers_each_card_for_its_button() -> None:
    img, log = drawn(render_draft_pick, pick_view())
    shown = texts(log)
    assert [r.text for r in log if r.px == 28 and r.text.isdigit()] == [str(k) for k in range(1, 9)]
    assert {"Pack Draft", "Pack 2 of 4 · Pick 3 of 8", "Pick a Hero", "Lot 2 · 1 coin",
            "Your pool: Leaders 2/4 · Heroes 9"} <= set(shown)
    for card in CORE[:7]:
        assert card["name"] in shown
    one = next(r for r in log if r.text == "1" and r.px == 28)
    lore = next(r for r in log if r.text == CORE[0]["name"])
    assert one.box[3] < lore.box[1] and abs(one.box[0] - lore.box[0]) < 20  # the number heads its card


def test_a_pick_shows_at_most_eight_cards() -> None:
    view = pick_view()
    view["cards"] = CORE[:10]
    view["pool"]["heroes_max"] = 25
    _, log = drawn(render_draft_pick, view)
    shown = texts(log)
    assert CORE[7]["name"] in shown and CORE[8]["name"] not in shown
    assert "Your pool: Leaders 2/4 · Heroes 9/25" in shown
    _, log = drawn(render_draft_pick, {"title": "Winston Draft", "cards": []})
    assert "Nothing to pick right now" in texts(log) and "Your pool: Leaders 0/4 · Heroes 0" in texts(log)


def test_the_draft_table_shows_seats_and_counters_never_a_card() -> None:
    seats = [{"name": "Ana", "picked": True, "leaders": 2, "heroes": 9},
             {"name": "Bo", "picked": False, "leaders": 1, "heroes": 10, "pool": CORE[:3]},  # a card leaks nowhere
             {"name": "Cy", "picked": False, "timed_out": True}]
    view = {"title": "Pack Draft", "status": "Pack 2 of 4 · Pick 3 of 8", "note": "Picks are made by DM",
            "seats": seats, "cards": CORE[3:6]}
    img, log = drawn(render_draft_table, view)
    shown = texts(log)
    assert {"Pack Draft", "Pack 2 of 4 · Pick 3 of 8", "Picks are made by DM", "1 of 3 picked", "Ana", "Bo", "Cy",
            "Picked", "Choosing…", "Timed out", "Leaders", "Heroes", "2", "9", "10"} <= set(shown)
    joined = " ".join(shown)
    for card in CORE[:6]:
        assert card["name"] not in joined
    assert shown.count("Leaders") == 2  # Cy's counts were not given: none drawn
    done = texts(drawn(render_draft_table, {**view, "finished": True})[1])
    assert "Draft over" in done and done.count("Done") == 3


def test_a_long_draft_title_gives_way_to_the_pill() -> None:
    _, log = drawn(render_draft_table, {"title": "Epic Pack Draft of the Very Long Server Name Tournament",
                                        "seats": [{"name": "Ana"}, {"name": "Bo"}]})
    title, pill = log[0], next(r for r in log if r.text == "0 of 2 picked")
    assert title.text.endswith("…") and title.box[2] < pill.box[0]
