"""Pixel Tactics words in Discord: engine sentences with names and positions in words."""

from cogs.pixel_tactics.labels import humanize, position_name


def test_positions_in_words():
    assert [position_name(s) for s in ("V0", "F2", "R1", "L", "X2")] == \
        ["Vanguard left", "Flank right", "Rear centre", "Leader", "reserve 3"]


def test_engine_sentences_get_names_and_positions():
    names = ["Ada", "Bob"]
    assert humanize("Seat 2 attacks Stonehide (0:L) with Brewmother (1:V0): activate a Trap?", names) == \
        "Bob attacks Stonehide (Ada's Leader) with Brewmother (Bob's Vanguard left): activate a Trap?"
    assert humanize("recruited Gearsmith to V1", names) == "recruited Gearsmith to the Vanguard centre"
    assert humanize("Waiting: Seat 1 may respond.", names) == "Waiting: Ada may respond."
    assert humanize("Seat 9 waits", names) == "Seat 9 waits"
