"""Matches: trophies, the next game (smaller decks, extra opening cards, the winner goes first), the
end of the match, ties and leaving."""

from bot.games.pixel_tactics import PixelTacticsEngine
from bot.games.pixel_tactics.scenario import act, build, card_id, check_invariants

E = PixelTacticsEngine()
PLAIN = ("gloomweaver", "rimecaster")
END = {"type": "end"}


def seat1_wins(trophies=2):
    """Seat 0's Leader is routed at the end of this wave."""
    s = build(PLAIN, first=0, turn=1, trophies=trophies, units={0: {"L": {"damage": 30}}})
    return act(s, 1, END)


def pick_leaders(s, picks=(0, 0)):
    for seat in (0, 1):
        s = E.apply(s, seat, {"type": "leader", "card": s["players"][seat]["hand"][picks[seat]]})
    return s


def test_the_winner_takes_both_leaders_as_a_trophy_and_the_next_game_is_dealt():
    s = seat1_wins()
    assert s["status"] == "playing" and s["phase"] == "leader" and s["game_no"] == 2
    assert s["trophies"] == [[], [["0.gloomweaver@6", "1.rimecaster@6"]]]
    p0, p1 = s["players"]
    assert len(p0["hand"]) == 6 and len(p1["hand"]) == 5  # one extra card per trophy the rival holds
    assert len(p0["hand"]) + len(p0["deck"]) == 24 and len(p1["hand"]) + len(p1["deck"]) == 24
    assert "0.gloomweaver@6" not in p0["hand"] + p0["deck"]
    check_invariants(s)
    view = E.view(s, None)
    assert view["match"] == {"target": 2, "game": 2, "trophies": [0, 1]}
    assert [c["key"] for c in view["players"][1]["trophy_cards"][0]] == ["gloomweaver", "rimecaster"]
    s = pick_leaders(s)
    assert s["first"] == 1 and s["turn"] == 1 and s["round"] == 1


def test_the_match_ends_at_the_target():
    s = seat1_wins(trophies=1)
    assert s["status"] == "finished" and s["phase"] == "finished"
    result = E.result(s)
    assert result.winners == [1] and result.ranking == [[1], [0]] and result.scores == [0, 1]
    assert E.pending(s) == [] and E.legal_actions(s, 1) == []
    assert E.view(s, None)["result"]["winners"] == [1]


def test_a_second_trophy_wins_a_match_to_two():
    s2 = build(PLAIN, first=0, turn=1, units={0: {"L": {"damage": 30}}})
    s2["trophies"] = [[], [["0.skyshot@6", "1.skyshot@6"]]]  # a trophy won in an earlier game
    for seat in (0, 1):
        p = s2["players"][seat]
        p["deck"] = [c for c in p["deck"] if c != card_id(seat, "skyshot")]
    check_invariants(s2)
    s2 = act(s2, 1, END)
    assert s2["status"] == "finished" and E.result(s2).winners == [1] and E.result(s2).scores == [0, 2]
    check_invariants(s2)


def test_a_tie_gives_no_trophy_and_a_random_first_player():
    firsts = set()
    for seed in range(8):
        s = build(PLAIN, first=0, turn=1, seed=seed, units={0: {"L": {"damage": 30}}, 1: {"L": {"damage": 30}}})
        s = act(s, 1, END)
        assert s["trophies"] == [[], []] and s["game_no"] == 2 and s["next_first"] is None
        firsts.add(pick_leaders(s)["first"])
    assert firsts == {0, 1}


def test_leaving_hands_the_match_to_the_rival():
    s = build(PLAIN)
    done = E.leave(s, 0)
    assert done["status"] == "finished" and E.result(done).winners == [1]
    assert E.view(done, None)["result"]["reason"] == "Seat 1 left the match."
    s = E.new_game(2, {}, 3)
    assert E.result(E.leave(s, 1)).winners == [0]
