"""A League game's decks hold only the Leader each player chose in secret for it: the deal picks that Leader
for them (no Leader decision), and the reveal happens as usual once both are picked."""

from bot.games.pixel_tactics import PixelTacticsEngine
from tests.games.test_pt_decks_play import DECK, OTHER, both_pick

E = PixelTacticsEngine()


def league(deck, leader):
    """Return ``deck`` as a League deck led by ``leader`` with its first 25 Heroes."""
    return {"format": "league", "leaders": [leader], "heroes": deck["heroes"][:25]}


def test_league_decks_with_one_leader_are_picked_at_the_deal_and_revealed():
    s = E.new_game(2, {"decks": [league(DECK, DECK["leaders"][1]), league(OTHER, "surgeon")]}, 6)
    assert all(d.kind != "leader" for d in E.pending(s))
    assert s["phase"] != "leader" and s["turn"] is not None
    leads = [s["players"][seat]["unit"]["L"]["card"] for seat in (0, 1)]
    assert leads == ["0.starseer@6", "1.surgeon@6"] and DECK["leaders"][1] == "starseer"
    assert [len(s["players"][seat]["hand"]) for seat in (0, 1)] == [len(both_pick(E.new_game(
        2, {"decks": [DECK, OTHER]}, 6))["players"][seat]["hand"]) for seat in (0, 1)]
    assert any("leads with" in line for line in map(str, s.get("log", [])))


def test_a_league_deck_beside_a_standard_one_waits_for_the_standard_pick_only():
    s = E.new_game(2, {"decks": [league(DECK, DECK["leaders"][0]), OTHER]}, 6)
    assert s["phase"] == "leader" and s["players"][0]["leader_pick"] is not None
    assert [(d.player, d.kind) for d in E.pending(s)] == [(1, "leader")]
    s = E.apply(s, 1, {"type": "leader", "card": s["players"][1]["leaders"][0]})
    assert s["phase"] != "leader" and s["players"][0]["unit"]["L"] is not None


def test_standard_decks_still_ask_each_player_for_their_leader():
    s = E.new_game(2, {"decks": [DECK, OTHER]}, 6)
    assert [(d.player, d.kind) for d in E.pending(s)] == [(0, "leader"), (1, "leader")]
