"""The generic chooser: legal actions grouped step by step; stale indexes refused."""

import pytest

from bot import errors
from cogs.guide import Step, chooser

A = {"type": "recruit", "card": "x", "slot": "V0"}
B = {"type": "recruit", "card": "x", "slot": "V2"}
C = {"type": "recruit", "card": "y", "slot": "V0"}
D = {"type": "draw"}


def paths():
    def p(*labels):
        return [Step(label, f"Choose {i}") for i, label in enumerate(labels)]
    return [(p("Recruit", "Card X", "Left"), A), (p("Recruit", "Card X", "Right"), B),
            (p("Recruit", "Card Y", "Left"), C), (p("Draw"), D)]


async def test_first_step_lists_distinct_labels_in_order():
    text, view = chooser(1, 0, "7", paths(), [])
    [select] = view.children
    assert [o.label for o in select.item.options] == ["Recruit", "Draw"]
    assert select.item.custom_id == "gd:1:0:7:" and "Choose 0" in text


async def test_steps_narrow_until_one_action():
    text, view = chooser(1, 0, "7", paths(), [0])
    assert [o.label for o in view.children[0].item.options] == ["Card X", "Card Y"]
    assert "Recruit" in text and view.children[0].item.custom_id == "gd:1:0:7:0"
    _, view = chooser(1, 0, "7", paths(), [0, 0])
    assert [o.label for o in view.children[0].item.options] == ["Left", "Right"]
    assert chooser(1, 0, "7", paths(), [0, 0, 1]) == B
    assert chooser(1, 0, "7", paths(), [1]) == D


async def test_out_of_range_index_is_stale():
    with pytest.raises(errors.StaleDecision):
        chooser(1, 0, "7", paths(), [5])
    with pytest.raises(errors.StaleDecision):
        chooser(1, 0, "7", [], [])
