"""The draft images from the engine's views: cards numbered in the pick buttons' order, the public images and
alt texts never naming a hidden card."""

import io

from PIL import Image

from rendering import pt_draft as images
from tests.games.pt_draft_helpers import COMMONS, DUALS, ENGINE, cube_of, play

NAMES = ["Ada", "Bob", "Cy"]


def size(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        return image.size


def test_pack_cards_follow_the_buttons_and_commons_come_last_at_a_leader_pick():
    s = ENGINE.new_game(3, {"method": "pack", "cube": cube_of(96)}, 1)
    s["packs"][0] = [COMMONS[0], DUALS[0], COMMONS[1], DUALS[1], DUALS[2], COMMONS[2], DUALS[3], DUALS[4]]
    view = ENGINE.view(s, 0)
    cards = images.pick_cards(view)
    assert [c["id"] for c, _ in cards] == [a["card"] for a in ENGINE.legal_actions(s, 0)] + COMMONS[:3]
    assert [n for _, n in cards] == ["Leader"] * 5 + ["not a Leader"] * 3
    assert images.pick_dict(view)["pool"] == {"leaders": 0, "leaders_max": 4, "heroes": 0}
    assert size(images.render_draft_pick(view, NAMES))[0] == 800


def test_public_images_and_alt_texts_name_no_hidden_card():
    for method, players, cube in (("pack", 3, 96), ("winston", 2, 80)):
        s = ENGINE.new_game(players, {"method": method, "cube": cube_of(cube)}, 2)
        public = ENGINE.view(s, None)
        hidden = {c["name"] for seat in range(players)
                  for c in (ENGINE.view(s, seat)["private"].get("pack") or ENGINE.view(s, seat)["private"].get("lot")
                            or [])}
        assert hidden
        alt = images.alt_table(public, NAMES)
        assert not any(name in alt for name in hidden), alt
        assert images.table_dict(public, NAMES)["seats"][0]["name"] == "Ada"
        assert size(images.render_draft_table(public, NAMES))[0] == 800


def test_purchase_table_shows_the_face_up_lots_with_their_price():
    s = ENGINE.new_game(2, {"method": "purchase", "cube": cube_of(58)}, 1)
    s["lots"][2]["coins"] = 1
    public = ENGINE.view(s, None)
    notes = [n for _, n in images.pick_cards(public)]
    assert notes == ["free", "1 coin", "2 coins · 1 on it", "3 coins", "4 coins"]
    assert all(lot["name"] in images.alt_table(public, NAMES) for lot in public["lots"])
    assert size(images.render_draft_table(public, NAMES))[0] == 800


def test_a_lot_of_more_than_eight_cards_is_listed_whole():
    s = ENGINE.new_game(2, {"method": "winston", "cube": cube_of(80)}, 1)
    s["lots"][0] = cube_of(80)[:9]
    view = ENGINE.view(s, 0)
    assert len(images.pick_cards(view)) == 9
    width, height = size(images.render_draft_pick(view, NAMES))
    assert width == 800 and height > 96 + 9 * 60
    assert all(c["name"] in images.alt_pick(view) for c in view["private"]["lot"][:5])


def test_the_end_image_says_the_deck_is_saved():
    s, _ = play(ENGINE.new_game(2, {"method": "purchase", "cube": cube_of(58)}, 5))
    assert images.pick_dict(ENGINE.view(s, 0))["prompt"] == "Your deck is saved"
    assert images.table_dict(ENGINE.view(s, None), NAMES)["finished"] is True
