"""Tests for the Pixel Tactics alt texts: content, length, and no hidden information."""

from __future__ import annotations

import json

import pytest

from rendering import pixel_tactics as pt
from tests.rendering import pt_views as pv

NAMES = ["Ana", "Bartholomew"]


def test_board_alt_describes_the_state() -> None:
    alt = pt.alt_board(pv.mid_view(), NAMES)
    assert len(alt) <= 1000
    assert alt.startswith("Pixel Tactics, Game 2, match to 2 trophies. Round 3, Flank wave, Bartholomew first.")
    assert "Ana's turn, 1 action left." in alt
    assert "Ana: hand 3/5, deck 11, discard 1, trophies 1." in alt
    assert "Bartholomew: hand 5/6, deck 9, discard 2, trophies 0." in alt
    assert "Leader Gearwright 3/19, 4 damage" in alt
    assert "V0 Iron Sentinel 4/6, 2 damage, Intercept, +1 Attack ×2" in alt
    assert "V1 corpse of Ember Archer" in alt
    assert "R2 Storm Caller 2/3, 3 damage (falls), No Special Abilities" in alt
    assert "F0 Moss Mender 1/5, Intercept, recruited this wave" in alt and "R0 Ember Archer 3/3, Ranged, acted" in alt
    assert "X0 Operation Moss Mender, 3 time markers; X1 face-down Trap." in alt
    assert "Ceasefire" not in alt


def test_board_alt_other_moments() -> None:
    assert "Ceasefire all round 1" in pt.alt_board(pv.ceasefire_view(), NAMES)
    trap = pt.alt_board(pv.trap_window_view(), NAMES)
    assert "Trap window." in trap and "Seat 2 may respond with a face-down Trap…" in trap
    leader = pt.alt_board(pv.leader_view(), NAMES)
    assert "Choosing Leaders." in leader and "Leader chosen, hidden" in leader and "Choosing a Leader" in leader
    done = pt.alt_board(pv.finished_view(), {0: "Ana", 1: "Bartholomew"})
    assert "Game over: Bartholomew wins the match (Trophies 1–2 · rout)." in done and "(falls)" not in done


def test_board_alt_has_no_hidden_information() -> None:
    view = pv.private_view(0)
    alt = pt.alt_board(view, NAMES)
    for hidden in pv.HIDDEN_ONLY:
        assert hidden not in alt
    for policy in ("ask", "always"):
        assert policy not in alt


def test_alt_texts_only_repeat_their_input() -> None:
    """Every card name in an alt text comes from the input it was given."""
    known = {c["name"] for c in pv.CARDS.values()}
    for view in (pv.mid_view(), pv.leader_view(), pv.finished_view()):
        source = json.dumps(view, ensure_ascii=False)
        alt = pt.alt_board(view, NAMES)
        for name in known:
            assert (name in alt) <= (name in source), name


def test_hand_alt() -> None:
    alt = pt.alt_hand(pv.private_view(0), NAMES)
    assert len(alt) <= 1000 and alt.startswith("Your hand (Ana), 3 cards: Whisper Thief: Leader 4/18")
    assert "Gearwright: Leader 3/19" in alt and "Hero 2/4" in alt and "Order" in alt and "Operation" in alt
    assert "Your face-down Traps: X1 Glass Oracle, asks you" in alt and "X2 Mirror Hound, always activates" in alt
    empty = pt.alt_hand({**pv.private_view(1), "hand": []}, NAMES)
    assert empty.startswith("Your hand (Bartholomew), 0 cards.")


def test_card_alt() -> None:
    alt = pt.alt_card(pv.card("gearwright"))
    assert alt == ("Pixel Tactics card Gearwright, Core Set 1. Leader: Attack 3, Life 19: Leader action: draw a card, then "
                   "discard a card. Hero: Attack 2, Life 4. Vanguard: Intercept. Flank: Whenever you draw a card "
                   "with an action, draw one more. Rear: Spell: draw 2 cards. Order: Draw 3 cards. Your maximum "
                   "hand size is 6 until the end of the round.")
    long = pt.alt_card(pv.card("lantern"))
    assert len(long) <= 1000 and "Operation:" in long and "Rear: Spell: move any Hero" in long
    assert pt.alt_card({}).startswith("Pixel Tactics card unknown card.")


@pytest.mark.parametrize("names", [["x" * 500, "y" * 500], {0: "🦄" * 300}, None])
def test_alt_texts_stay_short(names) -> None:
    view = pv.private_view(0)
    for unit in view["players"]:
        for code in ("V0", "V1", "V2", "F0", "F2", "R0", "R1", "R2"):
            unit["unit"][code] = pv.hero("lantern", statuses=["+1 Attack", "Blessed by the long-winded"] * 4,
                                         damage=3, fresh=True, acted=True, ranged=True)
    view["hand"] = [pv.card("lantern", id="0.lantern")] * 7
    for text in (pt.alt_board(view, names), pt.alt_hand(view, names), pt.alt_card(pv.card("lantern"))):
        assert 0 < len(text) <= 1000
