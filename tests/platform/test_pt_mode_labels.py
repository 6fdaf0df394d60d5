"""Pixel Tactics modes in words in Discord: Siege's fortress targets and Flank centre, Duel Draft's Draft Draws
and Gather Funds from the public tableau, Epic Duel's boons in the chooser."""

from cogs.pixel_tactics.game_posts import guide_path
from cogs.pixel_tactics.labels import draft_label, humanize, position_name, ref_label, slot_label
from tests.rendering.pt_mode_views import duel_draft_view, siege_view


def test_siege_positions_in_words():
    assert position_name("fortress2") == "fortress behind the right column"
    assert position_name("L", siege=True) == "Flank centre" and position_name("L") == "Leader"
    assert humanize("Seat 1 moves Gearsmith (0:L) to V1", ["Ada", "Bob"], siege=True) == \
        "Ada moves Gearsmith (Ada's Flank centre) to the Vanguard centre"


def test_siege_fortress_target_names_its_public_count():
    view = siege_view()  # fortresses [[2, 2, 1], [2, 0, 2]]
    assert ref_label(view, 0, "1:fortress0") == "Rival's fortress behind the left column (2 cards)"
    assert ref_label(view, 0, "1:fortress1") == "Rival's fortress behind the centre column (0 cards, a hit wins)"
    assert slot_label(view, 0, "fortress2") == "fortress behind the right column (1 card)"
    assert slot_label(view, 0, "L").startswith("Flank centre: Glass Oracle")


def test_draft_draws_and_gather_funds_in_words():
    view = duel_draft_view()  # Whisper Thief 3 Gold, Lantern… 0, Glass Oracle 1, Mirror Hound 12, Gearwright 0
    assert draft_label(view, {"type": "draft_draw", "index": 0}) == "Take Whisper Thief (+3 Gold)"
    assert draft_label(view, {"type": "draft_draw", "index": 2}) == \
        "Pass over 2 (pay 2 Gold), take Glass Oracle (+1 Gold)"
    assert draft_label(view, {"type": "draft_draw", "index": 4}) == "Pass over 4 (pay 4 Gold), take Gearwright"
    assert draft_label(view, {"type": "draft_draw", "index": 5}) == "Pass over all 5 (pay 5 Gold): the deck's top card"
    assert draft_label(view, {"type": "gather", "index": 3}) == "Take the 12 Gold on Mirror Hound"


def test_chooser_paths_of_the_modes_actions():
    view = duel_draft_view()
    assert [s.label for s in guide_path(view, 0, {"type": "gather", "index": 0})] == \
        ["Gather Funds (Gold from a tableau card)", "Take the 3 Gold on Whisper Thief"]
    assert [s.label for s in guide_path(view, 0, {"type": "draft_draw", "index": 1})][1].startswith("Pass over 1")
    assert [s.label for s in guide_path(view, 0, {"type": "epic_boon", "choice": "regroup"})] == \
        ["Your new Leader's boon", "Clear every Corpse and rearrange your Unit"]
    assert [s.label for s in guide_path(view, 0, {"type": "epic_done"})] == ["Stop here"]
    assert [s.label for s in guide_path(siege_view(), 0, {"type": "attack", "by": "V0", "target": "1:fortress2"})] \
        == ["Attack", "Vanguard left: Iron Sentinel (4/6, 2 damage)",
            "Rival's fortress behind the right column (2 cards)"]
