"""Built-deck games: the secret Leader pick from the Leader stack before drawing 4 Heroes, trophies setting
Leader cards aside for later games, Epic copies, deck refusals, the Classic ``set`` option, and Commons."""

import json

import pytest

from bot.games.base import BadOptions, IllegalAction
from bot.games.pixel_tactics import PixelTacticsEngine, sets
from bot.games.pixel_tactics.scenario import check_invariants
from bot.games.pixel_tactics.state import key_of

E = PixelTacticsEngine()
CORE = sets.set_keys("core")
COMMONS = sets.set_keys("commons")
LEADERS = ["gearsmith", "starseer", "lorekeeper", "rageborn"]
#: 21 core cards and 4 Commons: 25 Heroes
HEROES = [k for k in CORE if k not in LEADERS] + COMMONS[:4]
DECK = {"format": "standard", "leaders": LEADERS, "heroes": HEROES}
OTHER = {"format": "standard", "leaders": ["marshal", "surgeon", "skyshot", "hushmonk"],
         "heroes": [k for k in CORE if k not in ("marshal", "surgeon", "skyshot", "hushmonk")] + COMMONS[4:8]}


def both_pick(state, picks=(0, 0)):
    """Each seat picks the Leader at index ``picks[seat]`` of its Leader stack."""
    for seat in (0, 1):
        state = E.apply(state, seat, {"type": "leader", "card": state["players"][seat]["leaders"][picks[seat]]})
    return state


def rout(state, seat):
    """End turns until the game in progress ends, ``seat``'s Leader having taken lethal damage."""
    game = state["game_no"]
    state["players"][seat]["unit"]["L"]["damage"] = 99
    while state["game_no"] == game and state["status"] == "playing":
        state = E.apply(state, state["turn"], {"type": "end"})
    return state


def test_the_leader_is_picked_from_the_leader_stack_secretly_before_drawing_four():
    s = E.new_game(2, {"decks": [DECK, OTHER]}, 3)
    p0 = s["players"][0]
    assert s["phase"] == "leader" and p0["hand"] == [] and len(p0["deck"]) == 25
    assert p0["leaders"] == ["0.gearsmith@6", "0.starseer@6", "0.lorekeeper@6", "0.rageborn@6"]
    assert E.legal_actions(s, 0) == [{"type": "leader", "card": c} for c in p0["leaders"]]
    with pytest.raises(IllegalAction, match="not in your Leader stack"):
        E.apply(s, 0, {"type": "leader", "card": p0["deck"][0]})  # a designated Hero never leads
    s1 = E.apply(s, 0, {"type": "leader", "card": "0.lorekeeper@6"})
    public, mine = E.view(s1, None), E.view(s1, 0)
    assert "lorekeeper" not in json.dumps(public) and "gearsmith" not in json.dumps(public)
    assert public["players"][0]["leader_stack"] == 4 and public["built"] is True
    assert [c["key"] for c in mine["leader_stack"]] == LEADERS and mine["leader_pick"]["key"] == "lorekeeper"
    assert "marshal" not in json.dumps(mine)  # the rival's Leader stack stays hidden from seat 0
    s2 = E.apply(s1, 1, {"type": "leader", "card": "1.surgeon@6"})
    assert s2["phase"] == "turn" and s2["players"][0]["unit"]["L"]["card"] == "0.lorekeeper@6"
    assert s2["players"][0]["leaders"] == ["0.gearsmith@6", "0.starseer@6", "0.rageborn@6"]
    for seat in (0, 1):  # 4 Heroes drawn from the top of the shuffled Hero deck after the reveal
        assert s2["players"][seat]["hand"] == s["players"][seat]["deck"][:4]
        assert s2["players"][seat]["deck"] == s["players"][seat]["deck"][4:]
    check_invariants(s2)


def test_trophies_set_leaders_aside_and_the_loser_draws_one_more():
    s = both_pick(E.new_game(2, {"decks": [DECK, OTHER], "trophies": 2}, 5), picks=(1, 2))
    s = rout(s, 0)  # seat 1 wins game 1 with Skyshot against Starseer
    assert s["trophies"] == [[], [["0.starseer@6", "1.skyshot@6"]]] and s["game_no"] == 2
    assert s["players"][0]["leaders"] == ["0.gearsmith@6", "0.lorekeeper@6", "0.rageborn@6"]
    assert s["players"][1]["leaders"] == ["1.marshal@6", "1.surgeon@6", "1.hushmonk@6"]
    assert [len(p["deck"]) for p in s["players"]] == [25, 25] and s["next_first"] == 1
    check_invariants(s)
    s = both_pick(s)
    assert [len(p["hand"]) for p in s["players"]] == [5, 4]  # +1 per trophy the rival holds
    assert s["first"] == 1
    check_invariants(s)
    s = rout(s, 0)
    assert s["status"] == "finished" and E.result(s).winners == [1]


def test_epic_copies_get_numbered_ids_across_both_stacks():
    others = [k for k in CORE + COMMONS if k not in ("lorekeeper", "gearsmith", "starseer")]
    heroes = ["lorekeeper"] + (others * 2)[:59]
    epic = {"format": "epic", "leaders": ["lorekeeper", "lorekeeper", "gearsmith", "starseer"], "heroes": heroes}
    s = E.new_game(2, {"decks": [epic, DECK]}, 2)
    assert s["decks"][0]["leaders"] == ["0.lorekeeper@6", "0.lorekeeper@6#2", "0.gearsmith@6", "0.starseer@6"]
    assert s["decks"][0]["heroes"][:2] == ["0.lorekeeper@6#3", f"0.{others[0]}@6"]
    assert s["decks"][0]["heroes"][1 + len(others)] == f"0.{others[0]}@6#2" and len(s["players"][0]["deck"]) == 60
    s = both_pick(s, picks=(1, 0))
    assert s["players"][0]["unit"]["L"]["card"] == "0.lorekeeper@6#2"
    assert len(s["players"][0]["hand"]) == 4  # Epic decks keep the opening hand (and the hand size of 5)
    check_invariants(s)


@pytest.mark.parametrize(("deck", "reason"), [
    ({**DECK, "leaders": LEADERS[:3]}, "exactly 4 Leaders"),
    ({**DECK, "heroes": HEROES[:24]}, "25 to 30 Heroes"),
    ({**DECK, "leaders": [COMMONS[0]] + LEADERS[1:]}, "Commons have no Leader side"),
    ({**DECK, "heroes": HEROES[:-1] + ["nobody_at_all"]}, "nobody_at_all"),
    ({**DECK, "heroes": HEROES[:-1] + ["gearsmith"]}, "one copy"),
    ({**DECK, "format": "sealed"}, "standard or epic"),
    ({"format": "standard", "leaders": LEADERS}, "a deck is"),
    ("PT1-ABC", "a deck is"),
])
def test_bad_decks_are_refused_with_the_seat_and_the_rule(deck, reason):
    with pytest.raises(BadOptions, match="Seat 2's deck") as caught:
        E.new_game(2, {"decks": [DECK, deck]}, 1)
    assert reason in str(caught.value)


def test_built_deck_matches_refuse_three_trophies_decks_with_a_set_and_a_wrong_count():
    with pytest.raises(BadOptions, match="may need 5"):
        E.new_game(2, {"decks": [DECK, OTHER], "trophies": 3}, 1)
    with pytest.raises(BadOptions, match="not both"):
        E.new_game(2, {"decks": [DECK, OTHER], "set": "core"}, 1)
    with pytest.raises(BadOptions, match="one deck per seat"):
        E.new_game(2, {"decks": [DECK]}, 1)


def test_the_classic_mirror_uses_the_chosen_core_set(monkeypatch):
    s = E.new_game(2, {"set": "core2"}, 1)
    assert s["set"] == "core2" and sorted(key_of(c) for c in s["players"][0]["hand"] + s["players"][0]["deck"]) \
        == sorted(sets.set_keys("core2"))
    check_invariants(s)
    with pytest.raises(BadOptions, match="one of the core sets: core, core2"):
        E.new_game(2, {"set": "commons"}, 1)  # a mirror never holds Commons
    monkeypatch.setitem(sets.SETS, "core2", sets.SETS["core2"][:4])
    with pytest.raises(BadOptions, match="Core Set 2 has 4 cards in content version 6: a Classic game needs at "
                                         "least 5"):
        E.new_game(2, {"set": "core2"}, 1)


def test_commons_play_as_heroes_and_are_never_offered_as_leaders():
    s = both_pick(E.new_game(2, {"decks": [DECK, OTHER]}, 11))
    common = "0." + COMMONS[0] + "@6"
    s["players"][0]["hand"].append(s["players"][0]["deck"].pop(s["players"][0]["deck"].index(common)))
    s["turn"], s["first"], s["actions_left"] = 0, 0, 2
    legal = E.legal_actions(s, 0)
    assert {"type": "recruit", "card": common, "slot": "V0"} in legal
    s = E.apply(s, 0, {"type": "recruit", "card": common, "slot": "V0"})
    view = E.view(s, None)["players"][0]["unit"]["V0"]
    assert view["card"]["key"] == COMMONS[0] and "leader" not in view["card"]
    hero = sets.card_def(COMMONS[0])["hero"]
    assert (view["attack"], view["life"]) == (hero["attack"] + (1 if COMMONS[0] == "spearhand" else 0), hero["life"])
    assert "recruited" in E.describe_action(s, 0, {"type": "recruit", "card": common, "slot": "V1"})
    check_invariants(s)
