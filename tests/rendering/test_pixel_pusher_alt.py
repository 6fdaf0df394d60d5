"""Pixel Pusher alt texts: what they say (hand-worked), their length, and that they never say more than the view."""

from __future__ import annotations

import json
import re

import pytest

from rendering import pixel_pusher as pp
from tests.rendering import pusher_views as pv

N = pv.NAMES

# Words the alt-text templates themselves use; every other word must come from the view or the names.
TEMPLATE = set("""
Pixel Pusher round Draft Build Collect Convert Store Score finished game over Still still converting done
Picked picked pick Conveyor empty Supply supply bag deck image Images side slots read segments VP stored held
hand left the and ability open filled row by wins Shared victory No winner Final scores private view for
Your your picks far Working board holding conversions used none machine card cards Seat build score
convert act collect You Last Full state describe each as its number then pixels it needs or who
""".split())


def words(text: str) -> set[str]:
    return set(re.findall(r"[^\W\d_]{3,}", text))


def assert_only_from_view(alt: str, view: dict, names: list[str] | None) -> None:
    source = words(json.dumps(view, ensure_ascii=False)) | words(" ".join(names or [])) | TEMPLATE
    extra = {w for w in words(alt) if w not in source and not re.fullmatch(r"[RGBCMYW]+", w)}
    assert not extra, extra


def test_convert_board_alt() -> None:
    alt = pp.alt_board(pv.convert4(), N)
    assert len(alt) <= 1000
    assert alt.startswith("Pixel Pusher, round 3, Convert & Store. "
                          "Still converting: Ana, Chloé; done: Bartholomew, Dmitri. ")
    assert "Conveyor: 1 GRB, 2 empty, 3 RGRB, 4 B, 5 GGRBR, 6 RR." in alt
    assert "Supply C8 M9 Y7 W10 R2 G0 B1; bag 17, deck 8, image deck 12." in alt
    assert ("Ana (7 VP, side A, 1st to Build): slots 1 [2 R, 1 R], 2 [1 G], 4 [R+G→Y], 5 [Store +2], 6 [2 B]; "
            "stored R Y of 5; held 2R G 2B.") in alt
    assert "Bartholomew (4 VP, side B, slots read segments 6 to 1, 1st to Collect)" in alt
    assert "Dmitri (3 VP, side B, slots read segments 6 to 1, Colour Wheel): slots 1 [3 G], 5 [2 R]; " \
           "stored none of 3; held 3G." in alt
    assert "Cherry (open 4, 3 VP; filled by Chloé, Ana)" in alt


def test_draft_board_alt_says_who_picked_never_what() -> None:
    view = pv.draft2_private(0)  # the board alt reads public fields only, even from a private view
    alt = pp.alt_board(view, N[:2])
    assert "Pixel Pusher, round 1, Draft. Picked: Ana; still to pick: Bartholomew." in alt
    assert "Ana (0 VP, side A, hand 3): slots empty; stored none of 3." in alt
    for card in pv.DRAFT_HAND_0 + pv.DRAFT_HAND_1 + pv.DRAFT_PICKS_0:
        assert card["name"] not in alt and card["text"] not in alt
    assert pp.alt_board(view, N[:2]) == pp.alt_board(pv.draft2(), N[:2])
    # the whole scanline detail fits when the boards are empty
    assert "Cherry (open: row 1 G 2 VP, row 2 R+G 3 VP, row 3 3R 4 VP, row 4 2R 3 VP)" in alt


def test_finished_alt() -> None:
    alt = pp.alt_board(pv.finished3(), N[:3])
    assert alt.startswith("Pixel Pusher, round 5, game over. Chloé wins (most victory points). "
                          "Final scores: Ana 21, Bartholomew 14, Chloé 26.")
    tie = pv.finished3()
    tie["result"] = {"winners": [0, 2], "scores": [26, 14, 26], "reason": "tie"}
    assert "Shared victory: Ana, Chloé (tie)." in pp.alt_board(tie, N[:3])


def test_private_alts() -> None:
    alt = pp.alt_private(pv.draft2_private(1), N[:2])
    assert alt == ("Pixel Pusher, private view for Bartholomew, round 1, Draft. Your hand: 1st to Score "
                   "(ability: You score first this round.); Verdant Funnel (Collect 2 G); Sunny Blender "
                   "(Pay R+G, gain Y); Attic Drawer (+2 storage slots).")
    alt = pp.alt_private(pv.draft2_private(0), N[:2])
    assert "Your picks so far: Cobalt Siphon (Collect 3 B)." in alt and "Verdant" not in alt
    alt = pp.alt_private(pv.convert4_private(0), N)
    assert alt == ("Pixel Pusher, private view for Ana, round 3, Convert & Store. Working board: holding R 2B; "
                   "stored R 2Y of 5; supply C8 M9 Y6 W10 R3 G1 B1; conversions used: R+G→Y ×1.")


@pytest.mark.parametrize("make", [pv.draft2, pv.convert4, pv.finished3, pv.minimal, pv.draft2_private,
                                  pv.convert4_private])
def test_alts_only_repeat_the_view(make) -> None:
    view = make()
    names = N[: view["players"]]
    for alt in (pp.alt_board(view, names), pp.alt_private(view, names)):
        assert 0 < len(alt) <= 1000
        assert_only_from_view(alt, view, names)


def test_alts_stay_short() -> None:
    huge = ["x" * 500] * 4
    view = pv.convert4()
    for seat in view["seats"]:  # every slot stacked high
        seat["slots"] = [[pv.converter(f"m{k}", {"R": 1, "G": 1, "B": 1}, {"W": 1}, 2)] * 4 for k in range(6)]
        seat["held"] = list("RGBCMYW") * 3
    for names in (huge, N, None):
        alt = pp.alt_board(view, names)
        assert len(alt) <= 1000
        assert "Pixel Pusher, round 3" in alt
    private = pv.draft2_private(1)
    private["private"]["hand"] = [pv.storage(f"m{k}", 2, "Shelf " + "y" * 200) for k in range(10)]
    assert len(pp.alt_private(private, huge)) <= 1000


def test_alt_edge_cases() -> None:
    assert pp.alt_board({}, None).startswith("Pixel Pusher")
    assert pp.alt_private({}, None).startswith("Pixel Pusher, private view for You")
    alt = pp.alt_board(pv.minimal(), None)
    assert alt == ("Pixel Pusher, round 1, Build. Seat 1 to build. Conveyor: 1 empty, 2 empty, 3 empty, 4 empty, "
                   "5 empty, 6 empty. Seat 1 (0 VP): slots empty. Seat 2 (0 VP): slots empty.")
    view = pv.convert4()
    view["seats"][3]["active"] = False
    view["phase"], view["to_act"], view["fills"], view["max_fills"] = "score", [2], 1, 2
    alt = pp.alt_board(view, ["Ana\n", "", "Chloé", "Dmitri"])
    assert "Chloé to score (1 of 2 rows filled)." in alt
    assert "Dmitri (left the game, 3 VP" in alt and "Seat 2 (4 VP" in alt and "Ana (7 VP" in alt


def test_log_seats_get_display_names() -> None:
    view = pv.draft2()
    view["log"] = ["Seat 2 took a random pixel.", "Seat 1 installed Red Scoop in slot 12"]
    alt = pp.alt_board(view, N[:2])
    assert "Picked: Ana; still to pick: Bartholomew. Last: Ana installed Red Scoop in slot 12. Conveyor" in alt
    assert "Last:" not in pp.alt_board(pv.convert4(), N)  # only when there is room for it
    log: list = []
    pp.render_board(view, N[:2], log=log)
    drawn = [r.text for r in log]
    assert "Bartholomew took a random pixel." in drawn and "Ana installed Red Scoop in slot 12" in drawn
    assert "Last: Seat 5 left." in pp.alt_board({**view, "log": ["Seat 5 left."]}, N)  # no such seat: kept


def test_status_pill_counts_only_players_still_in_the_game() -> None:
    from rendering.pixel_pusher.alt import status_words

    seats = [{"seat": s, "active": s != 2} for s in range(3)]
    view = {"phase": "draft", "to_act": [0, 1], "seats": seats}
    assert status_words(view, N[:3]) == "2 of 2 to pick"  # Chloé resigned: not one of those to pick
    seats[2]["active"] = True
    assert status_words({**view, "seats": seats}, N[:3]) == "2 of 3 to pick"


def test_an_ability_chip_too_narrow_for_its_recipes_says_how_many_whole() -> None:
    from rendering.pixel_pusher.parts import PX, recipes_label, text_width

    ability = {"id": "build", "recipes": [{"pay": {"R": 1, "G": 1}, "gain": {"Y": 1}},
                                          {"pay": {"G": 1, "B": 1}, "gain": {"C": 1}},
                                          {"pay": {"R": 1, "B": 1}, "gain": {"M": 1}}]}
    assert recipes_label(ability, None) == "R+G→Y / G+B→C / R+B→M"
    assert recipes_label(ability, text_width("3 conversions", PX, True)) == "3 conversions"
    assert recipes_label(ability, text_width("3 options", PX, True)) == "3 options"  # never "3 conversio…"
    assert recipes_label(ability, 40) == "×3"
