"""The card data: the core set validates, covers every mechanism, and validate() rejects bad cards."""

import copy
import statistics

import pytest

from bot.games.pixel_tactics import effects, vocab
from bot.games.pixel_tactics.sets import SETS, all_cards, validate
from tests.games.pt_card_helpers import doc_section

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
    assert statistics.median(c["leader"]["life"] for c in CORE) == 20  # after the rebalances (contents 2 and 3)
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
    from bot.games.pixel_tactics.sets.listing import markdown

    assert doc_section("## The core set (25 cards)").endswith(markdown("core"))


def test_the_rules_doc_lists_the_commons_chase_leaders_and_bases_as_the_data_says():
    from bot.games.pixel_tactics.sets import BASES, CHASE
    from bot.games.pixel_tactics.sets.listing import bases_markdown, chase_markdown, markdown

    assert doc_section(f"## Commons ({len(SETS['commons'])} cards)").endswith(markdown("commons"))
    assert doc_section(f"## Chase Leaders ({len(CHASE)})").endswith(chase_markdown())
    assert doc_section(f"## League Bases ({len(BASES)})").endswith(bases_markdown())


def test_listing_of_a_common_has_no_leader_line_and_shows_no_ability():
    from bot.games.pixel_tactics.sets.listing import markdown

    c = common()
    c["hero"]["rear"] = dict(BLANK)
    SETS["_test"] = [c]
    try:
        text = markdown("_test")
    finally:
        del SETS["_test"]
    assert text == ("### Test Common (`testcommon`)\n\n- **Hero** 1/4\n"
                    "  - Vanguard: When this Hero is attacked, draw a card.\n  - Flank: Spell: Draw a card.\n"
                    "  - Rear: No Ability\n- **Order**: Draw 3 cards.\n")


def test_chase_and_base_listings():
    from bot.games.pixel_tactics.sets.listing import bases_markdown, chase_markdown

    assert chase_markdown([chase()]) == ("- **Test Chase** (`testchase`) 5/16: When your Leader is attacked, "
                                         "deal 2 damage to the attacker.\n")
    free = base(key="grey_x", colour="grey", points=1)
    free["snap"].update(cost=0)
    assert bases_markdown([base(), free]) == (
        "| colour | name | points | ongoing | snap |\n| --- | --- | --- | --- | --- |\n"
        "| red | Red Test Base (`red_testbase`) | 3 | Your Leader takes 1 less damage from Attacks. "
        "| Deal 2 damage to a rival Hero. (1 action) |\n"
        "| grey | Red Test Base (`grey_x`) | 1 | Your Leader takes 1 less damage from Attacks. "
        "| Deal 2 damage to a rival Hero. (free action) |\n")


# ------------------------------------------------------------------ Commons, Chase Leaders, Bases: the checks

from bot.games.pixel_tactics.sets import checks  # noqa: E402

BLANK = {"text": "No Ability", "abilities": []}


def _draw(n):
    """A draw-``n`` effect list."""
    return [{"op": "draw", "count": n, "who": "you"}]


def common(**changes):
    """A valid Common (no Leader side), with ``changes`` applied."""
    c = {"key": "testcommon", "name": "Test Common", "set": "commons",
         "hero": {"attack": 1, "life": 4,
                  "vanguard": {"text": "When this Hero is attacked, draw a card.",
                               "abilities": [{"kind": "reaction", "trigger": "attacked", "effects": _draw(1)}]},
                  "flank": {"text": "Spell: Draw a card.",
                            "abilities": [{"kind": "spell", "target": None, "effects": _draw(1)}]},
                  "rear": {"text": "Spell: Draw 2 cards.",
                           "abilities": [{"kind": "spell", "target": None, "effects": _draw(2)}]}},
         "tactic": {"kind": "order", "text": "Draw 3 cards.", "target": None, "effects": _draw(3)}}
    c.update(changes)
    return c


def chase(**changes):
    """A valid Chase Leader (Leader side only), with ``changes`` applied."""
    c = {"key": "testchase", "name": "Test Chase", "set": "chase",
         "leader": {"attack": 5, "life": 16, "text": "When your Leader is attacked, deal 2 damage to the attacker.",
                    "abilities": [{"kind": "reaction", "trigger": "attacked",
                                   "effects": [{"op": "damage", "amount": 2, "to": "event_source"}]}]}}
    c.update(changes)
    return c


def base(**changes):
    """A valid Base: an Ongoing static, a 1-action Snap with a target."""
    c = {"key": "red_testbase", "name": "Red Test Base", "set": "bases", "colour": "red", "points": 3,
         "ongoing": {"text": "Your Leader takes 1 less damage from Attacks.",
                     "abilities": [{"kind": "static", "mod": "reduce", "who": "leader", "amount": 1}]},
         "snap": {"text": "Deal 2 damage to a rival Hero.", "cost": 1, "target": {"side": "rival", "kind": "hero"},
                  "effects": [{"op": "damage", "amount": 2, "to": "target"}]}}
    c.update(changes)
    return c


def test_valid_common_chase_and_base_pass():
    c = common()
    c["hero"]["vanguard"] = dict(BLANK)
    assert validate([c]) == [] and validate([chase()]) == [] and validate([base()]) == []
    assert [checks.kind_of(x) for x in (CORE[0], c, chase(), base())] == ["dual", "common", "chase", "base"]


def test_a_common_refuses_a_leader_side_and_needs_hero_and_tactic():
    assert "testcommon: a common card has no leader" in validate([common(leader=CORE[0]["leader"])])
    c = common()
    del c["tactic"]
    assert validate([c]) == ["testcommon: missing tactic"]


def test_a_common_may_leave_exactly_one_row_no_ability():
    c = common()
    c["hero"]["flank"] = dict(BLANK)
    c["hero"]["rear"] = dict(BLANK)
    assert validate([c]) == ["testcommon.hero: at most one row may read 'No Ability'"]


@pytest.mark.parametrize("row", [
    {"text": "No Ability", "abilities": [{"kind": "static", "mod": "attack", "who": "self", "amount": 1}]},
    {"text": "Nothing", "abilities": []},
    {"text": "No Ability", "abilities": [], "note": "x"},
])
def test_a_blank_row_is_exactly_the_no_ability_text_with_no_abilities(row):
    c = common()
    c["hero"]["rear"] = row
    assert validate([c]) == ["testcommon.hero.rear: a blank row is exactly {'text': 'No Ability', 'abilities': []}"]


def test_a_dual_card_may_not_have_a_no_ability_row():
    c = copy.deepcopy(CORE[0])
    c["hero"]["rear"] = dict(BLANK)
    assert validate([c]) == ["lorekeeper.hero.rear: only a Common's Hero row may read 'No Ability'"]
    c["hero"]["rear"] = {"text": "Blank.", "abilities": []}
    assert validate([c]) == ["lorekeeper.hero.rear: needs at least one ability"]


def test_a_chase_leader_is_a_leader_side_only():
    found = validate([chase(hero=common()["hero"], tactic=common()["tactic"])])
    assert found == ["testchase: a chase card has no hero", "testchase: a chase card has no tactic"]
    assert validate([chase(leader={**chase()["leader"], "attack": 9})]) == [
        "testchase.leader: attack must be an integer 0-8"]
    c = chase()
    c["leader"]["abilities"] = [{"kind": "spell", "target": None, "effects": [{"op": "cancel"}]}]
    assert validate([c]) == ["testchase.leader[0]: ability kind 'spell' not allowed here "
                             "(static, reaction, leader_action)"]


@pytest.mark.parametrize("changes,needle", [
    ({"colour": "pink"}, "red_testbase: colour must be one of red, orange, yellow, green, teal, blue, purple, grey"),
    ({"points": 0}, "red_testbase: points must be an integer 1-5"),
    ({"points": 6}, "red_testbase: points must be an integer 1-5"),
    ({"points": "3"}, "red_testbase: points must be an integer 1-5"),
    ({"hero": common()["hero"]}, "red_testbase: a base card has no hero"),
    ({"snap": None}, "red_testbase.snap: must be a dict"),
])
def test_a_base_refuses_bad_colour_points_and_sides(changes, needle):
    assert needle in validate([base(**changes)])


def test_a_base_without_snap_or_ongoing_is_refused():
    c = base()
    del c["snap"], c["ongoing"]
    assert validate([c]) == ["red_testbase: missing ongoing", "red_testbase: missing snap"]


def test_base_ongoing_is_static_or_reaction_without_positions():
    c = base()
    c["ongoing"]["abilities"] = [{"kind": "leader_action", "cost": 1, "limited": True, "target": None,
                                  "effects": [{"op": "cancel"}]}]
    assert validate([c]) == ["red_testbase.ongoing[0]: ability kind 'leader_action' not allowed here "
                             "(static, reaction)"]
    c["ongoing"]["abilities"] = [{"kind": "static", "mod": "attack", "who": "forerunner", "amount": 1},
                                 {"kind": "reaction", "trigger": "turn_end",
                                  "effects": [{"op": "heal", "amount": 1, "to": "supporter"}]}]
    assert validate([c]) == ["red_testbase.ongoing[0]: a Base has no forerunner",
                             "red_testbase.ongoing[1].effects[0]: a Base has no supporter"]
    c["ongoing"] = {"text": "No Ability", "abilities": []}
    assert validate([c]) == ["red_testbase.ongoing: only a Common's Hero row may read 'No Ability'"]


@pytest.mark.parametrize("snap_changes,needle", [
    ({"cost": 3}, "red_testbase.snap: cost must be 0, 1 or 2"),
    ({"cost": True}, "red_testbase.snap: cost must be 0, 1 or 2"),
    ({"text": ""}, "red_testbase.snap: missing text"),
    ({"limited": True}, "red_testbase.snap: unknown fields ['limited']"),
    ({"target": {"side": "own", "kind": "ghost"}}, "red_testbase.snap: unknown target kind 'ghost'"),
    ({"effects": []}, "red_testbase.snap: needs effects"),
    ({"effects": [{"op": "damage", "amount": 2, "to": "forerunner"}]},
     "red_testbase.snap.effects[0]: a Base has no forerunner"),
    ({"effects": [{"op": "explode"}]}, "red_testbase.snap.effects[0]: unknown op 'explode'"),
])
def test_a_base_snap_is_checked_like_a_leader_action(snap_changes, needle):
    c = base()
    c["snap"].update(snap_changes)
    assert needle in validate([c])


def test_a_base_snap_needs_a_target_entry_even_when_null():
    c = base()
    del c["snap"]["target"]
    assert "red_testbase.snap: target must be null or a spec" in validate([c])
    c["snap"]["target"] = None
    assert validate([c]) == []


def test_keys_are_lowercase_identifiers():
    assert "Red_Testbase: key must be a lowercase identifier" in validate([base(key="Red_Testbase")])


def test_registry_keys_are_unique_across_sets_chase_and_bases():
    found = checks.registry({"core": CORE, "chase": [chase(key="lorekeeper")], "bases": []})
    assert found == ["lorekeeper: key used by 2 cards across the sets"]


def test_registry_cards_name_their_own_set():
    assert checks.registry({"commons": [common(set="core")]}) == [
        "testcommon: set must be 'commons' (it is 'core')"]


def test_registry_needs_five_bases_of_each_colour():
    bases = [base(key=f"{colour}_b{i}", colour=colour) for colour in checks.COLOURS for i in range(5)]
    assert checks.registry({"bases": bases}) == []
    found = checks.registry({"bases": bases[1:] + [base(key="teal_extra", colour="teal")]})
    assert found == ["bases: red has 4 bases (5 expected)", "bases: teal has 6 bases (5 expected)"]


def test_validate_checks_the_chase_and_base_registries(monkeypatch):
    from bot.games.pixel_tactics import sets

    monkeypatch.setattr(sets, "CHASE", [chase(leader={**chase()["leader"], "life": 2})])
    monkeypatch.setattr(sets, "BASES", [base(points=9)])
    found = validate()
    assert "testchase.leader: life must be an integer 14-36" in found
    assert "red_testbase: points must be an integer 1-5" in found
    assert "bases: red has 1 bases (5 expected)" in found
