"""Chase Leaders: after every Leader is picked and before the reveal, each player secretly swaps in a Chase
Leader or keeps theirs; the Leader plays with the Chase Leader's side while the card (its name, Hero side,
the trophy) stays the one chosen."""

import json

import pytest

from bot.games.base import IllegalAction, NotYourTurn
from bot.games.pixel_tactics import PixelTacticsEngine, sets
from bot.games.pixel_tactics.scenario import build, check_invariants, legal, stats
from tests.games.test_pt_decks_play import DECK, OTHER, both_pick, rout

E = PixelTacticsEngine()
FAKE = {"key": "test_chaser", "name": "Test Chaser", "set": "chase",
        "leader": {"attack": 5, "life": 16, "text": "Your Heroes have +1 Attack.",
                   "abilities": [{"kind": "static", "mod": "attack", "who": "heroes", "amount": 1}]}}


@pytest.fixture
def chaser(monkeypatch):
    """Register the stand-in Chase Leader (last in the list)."""
    monkeypatch.setattr(sets, "CHASE", [*sets.CHASE, FAKE])
    monkeypatch.setitem(sets._CHASE_BY_KEY, FAKE["key"], FAKE)
    return FAKE["key"]


def test_the_chase_choice_is_a_second_secret_decision_before_the_reveal(chaser):
    s = both_pick(E.new_game(2, {"decks": [DECK, OTHER], "chase": True}, 6), picks=(0, 1))  # Gearsmith, Surgeon
    assert s["phase"] == "chase" and s["players"][0]["unit"]["L"] is None
    assert [(d.player, d.kind, d.private) for d in E.pending(s)] == [(0, "chase", True), (1, "chase", True)]
    options = E.legal_actions(s, 0)
    assert options[0] == {"type": "chase", "card": None} and options[-1] == {"type": "chase", "card": chaser}
    assert len(options) == len(sets.CHASE) + 1 and E.default_action(s, 1) == {"type": "chase", "card": None}
    with pytest.raises(IllegalAction, match="Chase Leaders offered"):
        E.apply(s, 0, {"type": "chase", "card": "gearsmith"})
    s1 = E.apply(s, 0, {"type": "chase", "card": chaser})
    assert [d.player for d in E.pending(s1)] == [1]
    with pytest.raises(NotYourTurn, match="already made your Chase Leader choice"):
        E.apply(s1, 0, {"type": "chase", "card": None})
    assert chaser not in json.dumps(E.view(s1, None)) and chaser not in json.dumps(E.view(s1, 1))
    mine = E.view(s1, 0)
    assert mine["chase_pick"]["key"] == chaser and mine["players"][0]["unit"]["L"]["chase"]["key"] == chaser
    assert (mine["players"][0]["unit"]["L"]["attack"], mine["players"][0]["unit"]["L"]["life"]) == (5, 16)
    assert E.view(s1, None)["players"][0]["chase_chosen"] and not E.view(s1, None)["players"][1]["chase_chosen"]
    swap, keep = {"type": "chase", "card": chaser}, {"type": "chase", "card": None}
    assert E.describe_action(s, 0, swap) == E.describe_action(s, 1, keep) == "made their Chase Leader choice"
    assert E.describe_for(s, 0, swap, 0) == "chose the Chase Leader Test Chaser"
    assert E.describe_for(s, 1, keep, 1) == "kept their Leader"
    s2 = E.apply(s1, 1, keep)
    assert s2["phase"] == "turn" and s2["players"][0]["unit"]["L"] == {
        "card": "0.gearsmith@6", "kind": "leader", "damage": 0, "statuses": [], "fresh": False, "acted": False,
        "chase": chaser}
    assert "chase" not in s2["players"][1]["unit"]["L"]
    gearsmith = sets.card_def("gearsmith")["name"]
    assert f"Seat 1 leads with {gearsmith} as the Chase Leader Test Chaser" in " ".join(s2["log"])
    assert [len(p["hand"]) for p in s2["players"]] == [4, 4]
    check_invariants(s2)


def test_the_leader_plays_with_the_chase_side_and_the_trophy_keeps_the_real_card(chaser):
    s = both_pick(E.new_game(2, {"decks": [DECK, OTHER], "chase": True, "trophies": 2}, 6))
    s = E.apply(E.apply(s, 0, {"type": "chase", "card": chaser}), 1, {"type": "chase", "card": None})
    view = E.view(s, None)["players"][0]["unit"]["L"]
    assert (view["attack"], view["life"]) == (5, 16) and view["card"]["key"] == "gearsmith"
    assert view["card"]["hero"] == sets.card_def("gearsmith")["hero"]  # the Hero side is the replaced card's
    assert view["chase"]["name"] == "Test Chaser"
    s = rout(s, 0)
    assert s["trophies"][1] == [["0.gearsmith@6", "1.marshal@6"]] and s["phase"] == "leader" and s["game_no"] == 2
    assert s["players"][0]["chase_pick"] is None and s["players"][0]["unit"]["L"] is None
    check_invariants(s)


def test_a_chase_leader_brings_its_abilities_and_drops_the_replaced_ones(chaser):
    plain = build(("gearsmith", "starseer"), units={0: {"V0": "skyshot"}})
    assert any(a["type"] == "leader_action" for a in legal(plain, 0))  # Gearsmith's own Leader action
    s = build(("gearsmith", "starseer"), units={0: {"V0": "skyshot"}}, chase={0: chaser})
    assert not any(a["type"] == "leader_action" for a in legal(s, 0))
    assert stats(s, "0:L")["attack"] == 5 and stats(s, "0:L")["life"] == 16
    assert stats(s, "0:V0")["attack"] == stats(plain, "0:V0")["attack"] + 1  # "Your Heroes have +1 Attack."
    check_invariants(s)


def test_chase_needs_chase_leaders_and_classic_games_offer_them_too(chaser):
    s = E.new_game(2, {"chase": True}, 2)
    for seat in (0, 1):
        s = E.apply(s, seat, {"type": "leader", "card": s["players"][seat]["hand"][0]})
    assert s["phase"] == "chase"
    s = E.apply(E.apply(s, 1, {"type": "chase", "card": chaser}), 0, {"type": "chase", "card": None})
    assert s["players"][1]["unit"]["L"]["chase"] == chaser and s["phase"] == "turn"
    check_invariants(s)
