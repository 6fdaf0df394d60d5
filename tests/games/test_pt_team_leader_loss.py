"""Team Cross Duel losing a Leader: redraw, picking the new Leader, the defeated player's Ceasefire round."""

import pytest

from bot.games.base import NotYourTurn
from tests.games.pt_team_helpers import ENGINE, end_turns, legal, put, round_two, rout, take


def test_losing_a_leader_reshuffle_and_draw_four_plus_points_plus_one():
    state = round_two()
    ally_kept = put(state, 3, "V0", "skyshot", owner=1)  # seat 1's Hero standing in its ally's Unit
    enemy_card = put(state, 1, "V1", "nightblade", owner=0)  # seat 0's Hero standing in seat 1's Unit
    put(state, 1, "V2", "marshal")
    state["players"][1]["discard"].append(take(state, 1, "surgeon"))
    state["teams"]["defeats"] = [0, 0, 0, 0]
    state = rout(state, 1)
    player = state["players"][1]
    # 4 + 1 (Team 1 has 1 point) + 1 (core decks) = 6 cards; the deck holds the other 25 - 1 - 1 - 6 = 17
    assert len(player["hand"]) == 6 and len(player["deck"]) == 17 and player["discard"] == []
    assert all(v is None for k, v in player["unit"].items())
    assert state["players"][3]["unit"]["V0"]["card"] == ally_kept  # ours: it stays with the ally
    assert enemy_card in state["players"][0]["discard"]
    assert "1.stonehide" not in player["hand"] + player["deck"]
    assert not ENGINE.undo_allowed(end_turns(round_two(), 0), state, 0, {"type": "end"})


def test_core_decks_pick_the_new_leader_from_hand_secretly():
    state = rout(round_two(), 1)
    assert state["phase"] == "leader" and [d.player for d in ENGINE.pending(state)] == [1]
    assert ENGINE.legal_actions(state, 0) == [] and ENGINE.legal_actions(state, 3) == []
    choices = ENGINE.legal_actions(state, 1)
    assert [a["card"] for a in choices] == state["players"][1]["hand"]  # every core card has a Leader side
    assert ENGINE.default_action(state, 1) == choices[0]
    with pytest.raises(NotYourTurn, match="already chosen"):
        ENGINE.apply(state, 0, {"type": "leader", "card": state["players"][0]["hand"][0]})
    pick = choices[2]["card"]
    assert ENGINE.describe_action(state, 1, choices[2]) == "chose a Leader"
    state = ENGINE.apply(state, 1, choices[2])
    assert state["players"][1]["unit"]["L"]["card"] == pick and pick not in state["players"][1]["hand"]
    assert len(state["players"][1]["hand"]) == 5


def test_built_decks_pick_the_new_leader_from_the_leader_pile():
    import random

    from tests.games.pt_play_fakes import random_deck

    rng = random.Random(11)
    decks = [random_deck(rng, "standard") for _ in range(4)]
    state = ENGINE.new_game(4, {"mode": "team", "decks": decks}, 4)
    for seat in range(4):
        state = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    state = end_turns(state, 12)
    pile = list(state["players"][3]["leaders"])
    assert len(pile) == 3
    state = rout(state, 3)
    assert len(state["players"][3]["hand"]) == 5  # 4 + 1 point, no extra card with built decks
    assert [a["card"] for a in ENGINE.legal_actions(state, 3)] == pile
    state = ENGINE.apply(state, 3, {"type": "leader", "card": pile[1]})
    assert state["players"][3]["leaders"] == [pile[0], pile[2]] and state["players"][3]["unit"]["L"]["card"] == pile[1]


def test_the_defeated_player_takes_a_full_ceasefire_round_then_the_game_resumes():
    state = round_two()  # round 2: seat 1 first; rout seat 2 (index 2) at the end of the Vanguard wave
    state = rout(state, 2)
    state = ENGINE.apply(state, 2, ENGINE.legal_actions(state, 2)[0])
    seen = []
    put(state, 1, "V0", "nightblade")  # an enemy Unit in reach: no attack during the Ceasefire
    for row in ("V0", "F0", "R0"):
        assert state["teams"]["ceasefire_seat"] == 2 and state["turn"] == 2 and state["actions_left"] == 2
        assert ENGINE.view(state, None)["ceasefire"] and ENGINE.view(state, None)["teams"]["ceasefire_seat"] == 2
        put(state, 2, row, ["skyshot", "ironsentry", "surgeon"][len(seen)])
        assert legal(state, "attack") == []
        seen.append(state["wave"])
        state = end_turns(state, 1)
    assert seen == ["V", "F", "R"]
    # the game resumes with the wave that would have come: round 2's Flank wave, seat 1 first
    assert state["teams"]["ceasefire_seat"] is None and state["teams"]["resume"] is None
    assert (state["round"], state["wave"], state["first"], state["turn"]) == (2, "F", 1, 1)
    assert "The game resumes." in state["log"]


def test_a_rout_at_a_rounds_end_resumes_with_the_next_round():
    state = end_turns(round_two(), 8)  # round 2, Rear wave
    assert state["wave"] == "R"
    state = rout(state, 0)
    state = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0])
    state = end_turns(state, 3)
    assert (state["round"], state["wave"], state["first"], state["turn"]) == (3, "V", 2, 2)


def test_two_leaders_lost_in_one_wave_restart_one_after_the_other():
    state = round_two(points=5)
    state = rout(state, 1, 3)
    assert state["teams"]["picking"] == [1, 3] and [d.player for d in ENGINE.pending(state)] == [1, 3]
    assert len(state["players"][1]["hand"]) == 7  # 4 + 2 points + 1
    state = ENGINE.apply(state, 3, ENGINE.legal_actions(state, 3)[0])
    assert state["phase"] == "leader" and state["players"][3]["unit"]["L"] is None  # revealed together
    state = ENGINE.apply(state, 1, ENGINE.legal_actions(state, 1)[0])
    turns = []
    for _ in range(6):
        turns.append((state["teams"]["ceasefire_seat"], state["wave"]))
        state = end_turns(state, 1)
    assert turns == [(1, "V"), (1, "F"), (1, "R"), (3, "V"), (3, "F"), (3, "R")]
    assert (state["round"], state["wave"], state["turn"]) == (2, "F", 1)
