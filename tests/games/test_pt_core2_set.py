"""Core Set 2 as a whole: valid data, its own names, the figures and mix the design aims at, and the rules
doc listing every card exactly as the data says."""

import statistics
from collections import Counter
from pathlib import Path

from bot.games.pixel_tactics import sets, vocab
from bot.games.pixel_tactics.sets import SETS, validate
from bot.games.pixel_tactics.sets.listing import markdown
from tests.games.pt_card_helpers import doc_section

CORE2 = SETS["core2"]
ROWS = ("vanguard", "flank", "rear")


def texts(c):
    """Every printed text of a card."""
    return [c["leader"]["text"], c["tactic"]["text"]] + [c["hero"][r]["text"] for r in ROWS]


def test_core2_has_25_valid_cards_with_their_own_keys_and_names():
    assert validate(CORE2) == []
    assert len(CORE2) == 25 and all(c["set"] == "core2" for c in CORE2)
    others = [c for name, cards in SETS.items() if name != "core2" for c in cards]
    assert not {c["key"] for c in CORE2} & {c["key"] for c in others}
    assert not {c["name"] for c in CORE2} & {c["name"] for c in others}
    assert len({c["name"] for c in CORE2}) == 25
    assert all(len(t) <= 110 for c in CORE2 for t in texts(c))


def test_core2_figures_stay_in_the_balance_targets():
    for c in CORE2:
        top = 26 if c["key"] == "ashmoth" else 24  # content 3 made Ashmoth's Leader 4/26 (the Leader rebalance)
        assert 1 <= c["leader"]["attack"] <= 5 and 16 <= c["leader"]["life"] <= top, c["key"]
        assert 1 <= c["hero"]["attack"] <= 5 and 2 <= c["hero"]["life"] <= 8, c["key"]
    assert statistics.median(c["leader"]["attack"] for c in CORE2) == 3
    assert statistics.median(c["leader"]["life"] for c in CORE2) == 21  # content 4 (the Leader tuning)
    assert statistics.median(sets.card_def(c["key"], 3)["leader"]["life"] for c in CORE2) == 20  # content 3
    assert statistics.median(sets.card_def(c["key"], 2)["leader"]["life"] for c in CORE2) == 20  # version 2


def test_core2_mix_of_tactics_leader_actions_spells_and_keywords():
    kinds = Counter(c["tactic"]["kind"] for c in CORE2)
    assert kinds == {"order": 14, "operation": 5, "trap": 6}
    triggers = {c["tactic"]["trigger"] for c in CORE2 if c["tactic"]["kind"] == "trap"}
    assert triggers == set(vocab.TRAP_TRIGGERS) - {"rival_spell_or_order", "rival_trap"}
    leader_actions = [c for c in CORE2 if any(a["kind"] == "leader_action" for a in c["leader"]["abilities"])]
    assert len(leader_actions) == 9
    for row in ROWS:  # Spells in every row
        assert sum(any(a["kind"] == "spell" for a in c["hero"][row]["abilities"]) for c in CORE2) >= 4, row
    keywords = Counter(a["keyword"] for c in CORE2 for r in ROWS for a in c["hero"][r]["abilities"]
                       if a.get("mod") == "keyword")
    assert keywords["ranged"] >= 8 and keywords["intercept"] >= 6


def test_core2_is_built_around_corpses_and_movement():
    effects = [e for c in CORE2 for a in c["leader"]["abilities"] + [c["tactic"]] + c["tactic"].get("abilities", [])
               + [a for r in ROWS for a in c["hero"][r]["abilities"]] for e in a.get("effects", [])]
    ops = Counter(e["op"] for e in effects)
    assert ops["clear_corpse"] >= 10 and ops["revive"] >= 4 and ops["swap"] >= 6 and ops["return_to_hand"] >= 8


def test_the_rules_doc_lists_core2_as_the_data_says():
    doc = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "pixel_tactics.md").read_text(encoding="utf-8")
    heading = "\n## Core Set 2 (25 cards)\n"
    assert doc_section(heading.strip()).endswith(markdown("core2"))
    assert doc.index(heading) > doc.index("\n## The core set (25 cards)\n")
