"""The card data: the core set validates, covers every mechanism, and validate() rejects bad cards."""

import copy
import statistics

import pytest

from bot.games.pixel_tactics import effects, vocab
from bot.games.pixel_tactics.sets import SETS, all_cards, validate

CORE = SETS["core"]
LEVEL99_NAMES = {"tinkerer", "electromancer", "cook", "lancer"}


def abilities(c):
    """Every ability of a card (Leader, the three Hero powers, the tactic or its abilities)."""
    out = list(c["leader"]["abilities"])
    for row in ("vanguard", "flank", "rear"):
        out += c["hero"][row]["abilities"]
    t = c["tactic"]
    out += t.get("abilities", [])
    if "effects" in t:
        out.append(t)
    return out


def all_effects(c):
    return [e for a in abilities(c) for e in a.get("effects", [])]


def test_core_set_is_valid_and_large_enough():
    assert validate() == []
    assert len(CORE) >= 25
    assert len({c["key"] for c in CORE}) == len(CORE)
    assert len({c["name"] for c in CORE}) == len(CORE)
    assert not {c["name"].lower() for c in CORE} & LEVEL99_NAMES


def test_every_op_is_implemented_exactly_once():
    assert set(effects.OPS) == set(vocab.OPS)
    assert effects.registry_complete()


def test_figures_are_in_range_with_the_published_medians():
    assert statistics.median(c["leader"]["attack"] for c in CORE) == 3
    assert statistics.median(c["leader"]["life"] for c in CORE) == 19
    assert statistics.median(c["hero"]["attack"] for c in CORE) == 3
    assert statistics.median(c["hero"]["life"] for c in CORE) == 5
    for c in CORE:
        assert 0 <= c["leader"]["attack"] <= 8 and 14 <= c["leader"]["life"] <= 36
        assert 1 <= c["hero"]["attack"] <= 6 and 1 <= c["hero"]["life"] <= 10
        assert c["tactic"]["kind"] in ("order", "operation", "trap")
        assert all(len(t) <= 110 for t in [c["leader"]["text"], c["tactic"]["text"]]
                   + [c["hero"][r]["text"] for r in ("vanguard", "flank", "rear")])


def test_every_mechanism_is_covered():
    ops = {e["op"] for c in CORE for e in all_effects(c)}
    assert ops == set(vocab.OPS)
    kinds = {c["tactic"]["kind"] for c in CORE}
    assert kinds == {"order", "operation", "trap"}
    triggers = {c["tactic"]["trigger"] for c in CORE if c["tactic"]["kind"] == "trap"}
    assert len(triggers) >= 5 and {"rival_attack", "rival_recruit", "rival_trap"} <= triggers
    reactions = {a["trigger"] for c in CORE for a in abilities(c) if a["kind"] == "reaction"}
    assert reactions == set(vocab.TRIGGERS)
    statics = {(a["mod"], a.get("keyword"), a["who"]) for c in CORE for a in abilities(c) if a["kind"] == "static"}
    assert ("keyword", "ranged", "self") in statics and ("keyword", "intercept", "self") in statics
    assert any(m == "hand_size" for m, _k, _w in statics)
    assert {w for _m, _k, w in statics} >= {"forerunner", "supporter"}
    statuses = {e["status"] for c in CORE for e in all_effects(c) if e["op"] == "status"}
    assert {"+1 Attack", "-1 Attack", "No Special Abilities", "+1 Life", "-1 Life"} <= statuses
    assert any(e.get("times") == 2 for c in CORE for e in all_effects(c))
    assert any(a["kind"] == "spell" and any(e["op"] == "defeat" for e in a["effects"])
               for c in CORE for a in abilities(c))
    assert any(a["kind"] == "leader_action" for c in CORE for a in c["leader"]["abilities"])
    assert any(a["kind"] == "static" for c in CORE for a in c["leader"]["abilities"])


def broken(path, value):
    c = copy.deepcopy(CORE[0])
    node = c
    for p in path[:-1]:
        node = node[p]
    if value is KeyError:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return validate([c])


@pytest.mark.parametrize("path,value,needle", [
    (("hero", "flank", "abilities", 0, "effects", 0, "op"), "explode", "unknown op"),
    (("hero", "vanguard", "abilities", 0, "trigger"), "on_sneeze", "unknown trigger"),
    (("hero", "rear", "abilities", 0, "effects", 0, "who"), "everyone", "unknown player"),
    (("tactic", "kind"), "ritual", "kind must be"),
    (("hero", "attack"), 9, "attack must be"),
    (("leader", "life"), 3, "life must be"),
    (("hero", "rear"), KeyError, "missing"),
    (("tactic", "text"), "", "missing text"),
    (("name",), KeyError, "missing name"),
    (("hero", "flank", "abilities", 0, "target"), {"side": "left", "kind": "hero"}, "unknown target side"),
])
def test_validate_rejects_broken_cards(path, value, needle):
    found = broken(path, value)
    assert any(needle in line for line in found), found


def test_validate_rejects_unknown_status_selector_and_trap_trigger():
    c = copy.deepcopy(next(x for x in CORE if x["key"] == "gloomweaver"))
    c["hero"]["vanguard"]["abilities"][0]["effects"][0]["status"] = "Sleepy"
    c["hero"]["flank"]["abilities"][0]["effects"].append({"op": "damage", "amount": 1, "to": "the_moon"})
    c["tactic"]["trigger"] = "rival_sneezes"
    text = "\n".join(validate([c]))
    assert "unknown status" in text and "unknown selector" in text and "unknown trap trigger" in text


def test_all_cards_lists_every_set():
    assert all_cards() == [c for s in SETS.values() for c in s]


def test_the_rules_doc_lists_every_card_as_the_data_says():
    from pathlib import Path

    from bot.games.pixel_tactics.sets.listing import markdown

    doc = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "pixel_tactics.md").read_text(encoding="utf-8")
    assert doc.endswith(markdown("core"))
