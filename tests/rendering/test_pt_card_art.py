"""Pixel Tactics card art: one symmetric pixel portrait per card, distinct, in the palette, on every card image."""

from __future__ import annotations

import io

from PIL import Image, ImageOps

from bot.games.pixel_tactics import sets
from rendering.pixel_tactics import art, cards, render_card, style
from tests.rendering import pt_kinds as pk

EVERY = sets.all_cards() + sets.CHASE + sets.BASES


def test_every_card_of_every_kind_has_its_own_portrait() -> None:
    looks = {art.card_portrait(c, 1).tobytes() for c in EVERY}
    assert len(EVERY) >= 100 and len(looks) == len(EVERY)  # 164 cards today: no two alike


def test_a_portrait_is_an_outlined_symmetric_sprite_scaled_crisply() -> None:
    small, big = art.card_portrait(pk.CHASE, 1), art.card_portrait(pk.CHASE, 6)
    assert small.size == (8, 10) and big.size == (48, 60) and big.mode == "RGBA"
    assert ImageOps.mirror(small).tobytes() == small.tobytes()  # left and right halves mirror each other
    assert big.resize((8, 10), Image.Resampling.NEAREST).tobytes() == small.tobytes()  # 6×6 blocks, no blur
    alphas = {a for *_, a in small.get_flattened_data()}
    assert alphas == {0, 255}  # no half-transparent edge to antialias against the frame
    cells = art.grid("starlit_regent")
    assert sum(row.count(6) for row in cells) == 2  # two eyes
    for r, row in enumerate(cells):  # every figure pixel has its outline: no figure pixel touches the void
        for c, v in enumerate(row):
            if v > 1:
                assert 0 < r < 9 and 0 < c < 7


def test_portraits_are_deterministic_and_cached() -> None:
    assert art.grid("lorekeeper") == art.grid("lorekeeper") and art.grid("lorekeeper") != art.grid("gloomweaver")
    assert art.card_portrait(pk.COMMON, 4) is art.card_portrait(pk.card("common"), 4)  # one sprite per key


def test_portrait_colours_are_palette_solids() -> None:
    for card in EVERY:
        for *rgb, a in art.card_portrait(card, 1).get_flattened_data():
            if a:
                assert tuple(rgb) in style.PALETTE.index, (card["key"], rgb)


def test_colour_families_follow_the_base_colour_and_the_set() -> None:
    assert art.families_of(pk.BASE)[0] == "teal"  # a Base wears its colour
    assert art.families_of({"key": "x", "set": "chase"})[1] == "purple"  # a set's garb colour
    body, accent = art.families_of({"key": "y", "set": "promo"})
    assert accent == "green" or body == "green"
    assert art.families_of({}) == art.families_of(None)


def test_the_full_card_shows_the_portrait_in_its_frame() -> None:
    for card in (pk.card("dual"), pk.card("base"), sets.CHASE[0]):
        img = Image.open(io.BytesIO(render_card(card))).convert("RGB")
        sprite = art.card_portrait(card, cards.ART_SCALE)
        x, y = cards.W - cards.M - cards.ART_W + 12, cards.M + 12
        shown = img.crop((x, y, x + sprite.width, y + sprite.height))
        drawn = [(p, s) for p, s in zip(shown.get_flattened_data(), sprite.get_flattened_data(), strict=True) if s[3]]
        assert drawn and all(p == tuple(s[:3]) for p, s in drawn)  # pasted exactly, every colour kept
