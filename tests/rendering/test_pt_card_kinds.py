"""Pixel Tactics card images of every kind: Commons, Chase Leaders, Bases and Promos, full and in a hand."""

from __future__ import annotations

import copy
import io

import pytest
from PIL import Image

from bot.games.pixel_tactics import sets
from rendering.pixel_tactics import alt_card, render_card, render_hand, style
from rendering.pixel_tactics.kinds import card_kind, set_title
from rendering.theme import MUTED
from tests.rendering import pt_kinds as pk
from tests.rendering import pt_views as pv
from tests.rendering.legibility import assert_legible


def drawn(card: dict) -> tuple[Image.Image, list]:
    log: list = []
    data = render_card(card, log=log)
    img = Image.open(io.BytesIO(data))
    img.load()
    return img, log


@pytest.mark.parametrize("kind", sorted(pk.EVERY_KIND))
def test_every_kind_is_a_legible_palette_png(kind: str) -> None:
    img, log = drawn(pk.card(kind))
    assert img.format == "PNG" and img.mode == "P" and img.width == 800 and 250 <= img.height <= 1200
    assert len(img.getpalette()) // 3 <= 256
    assert_legible(img, log, 5)


def test_kinds_are_recognised() -> None:
    assert {k: card_kind(c) for k, c in pk.EVERY_KIND.items()} == {k: k for k in pk.EVERY_KIND}
    assert card_kind({}) == card_kind(None) == "dual"
    assert {card_kind(c) for c in sets.CHASE} == {"chase"} and {card_kind(c) for c in sets.BASES} == {"base"}
    assert {card_kind(c) for c in sets.SETS["commons"]} == {"common"}


def test_the_set_is_named_by_its_title() -> None:
    texts = [r.text for r in drawn(pk.card("dual"))[1]]
    assert "Pixel Tactics card · Core Set 2" in texts
    assert set_title(pk.COMMON) == "Commons" and set_title(pk.CHASE) == "Chase Leaders"
    assert set_title(pk.BASE) == "Bases" and set_title({"set": "mini1"}) == "Minipak 1"


def test_a_common_has_no_leader_side_and_greys_no_ability() -> None:
    img, log = drawn(pk.card("common"))
    texts = [r.text for r in log]
    assert "Common — Hero only" in texts and "Leader" not in texts
    assert {"Hero", "Vanguard", "Flank", "Rear", "Order", "Intercept."} <= set(texts)
    no_ability = [r for r in log if r.text in ("No Ability", "Flank")]
    assert len(no_ability) == 2 and all(r.fg == MUTED for r in no_ability)  # the empty row greyed
    vanguard = next(r for r in log if r.text == "Vanguard")
    assert vanguard.fg != MUTED


def test_a_chase_leader_shows_its_leader_side_only_with_a_purple_accent() -> None:
    img, log = drawn(pk.card("chase"))
    texts = [r.text for r in log]
    assert {"Chase Leader", "Leader", "3", "20", "Your Heroes in the Flank get [+1 Attack]."} <= set(texts)
    assert not {"Hero", "Vanguard", "Order", "Trap", "Operation"} & set(texts)
    tag = next(r for r in log if r.text == "Chase Leader")
    assert tag.bg == style.CHASE


def test_a_base_shows_band_points_ongoing_and_snap() -> None:
    img, log = drawn(pk.card("base"))
    texts = [r.text for r in log]
    assert {"Teal Base · 3 points", "Ongoing", "Your Leader gets [+2 Life].", "Snap", "1 action",
            "Draw 2 cards."} <= set(texts)
    assert not {"Leader", "Hero"} & set(texts)
    band = img.convert("RGB").getpixel((400, 3))
    assert band == style.BASE_BAND["teal"][0]  # the colour band across the top
    free = {**pk.card("base"), "colour": "purple", "points": 1, "snap": {"text": "x", "cost": 0}}
    assert "Purple Base · 1 point" in [r.text for r in drawn(free)[1]]
    assert "Free action" in [r.text for r in drawn(free)[1]]


def test_a_promo_has_a_green_promo_tag() -> None:
    _, log = drawn(pk.card("promo"))
    tag = next(r for r in log if r.text == "Promo")
    assert tag.bg == style.PROMO and "Pixel Tactics card · Promos" in [r.text for r in log]


def test_real_cards_of_every_kind_render() -> None:
    for card in (sets.SETS["commons"][:2] + sets.SETS["promo"][:2] + sets.CHASE[:2] + sets.BASES[:2]
                 + sets.SETS["core2"][:1] + sets.SETS["mini2"][:1]):
        img, log = drawn(card)
        assert_legible(img, log, 5)
        assert card["name"] in " ".join(r.text for r in log)


def test_a_hand_shows_commons_and_promos() -> None:
    view = pv.private_view(0)
    view["hand"] = [pk.card("common"), pk.card("promo")]
    log: list = []
    img = Image.open(io.BytesIO(render_hand(view, ["Ana", "Bo"], log=log)))
    texts = [r.text for r in log]
    assert "Common — Hero only" in texts and "Promo" in texts and "Tin Squire" in texts
    assert texts.count("Leader") == 1  # the Promo's; the Common has none
    assert next(r for r in log if r.text == "No Ability").fg == MUTED
    assert_legible(img, log, 5)


def test_alt_texts_name_kind_and_set() -> None:
    assert alt_card(pk.card("common")).startswith("Pixel Tactics card Tin Squire, Commons (Common — Hero only). Hero:")
    assert "Leader" not in alt_card(pk.card("common"))
    assert alt_card(pk.card("chase")) == ("Pixel Tactics card Starlit Regent, Chase Leaders (Chase Leader). Leader: "
                                          "Attack 3, Life 20: Your Heroes in the Flank get [+1 Attack].")
    assert alt_card(pk.card("base")) == ("Pixel Tactics card Lighthouse, Bases (Teal Base, 3 points). Ongoing: Your "
                                         "Leader gets [+2 Life]. Snap (1 action): Draw 2 cards.")
    assert "(Promo)" in alt_card(pk.card("promo"))


def test_inputs_are_not_mutated_and_images_are_deterministic() -> None:
    for kind in pk.EVERY_KIND:
        card = pk.card(kind)
        before = copy.deepcopy(card)
        assert render_card(card) == render_card(card)
        assert card == before
