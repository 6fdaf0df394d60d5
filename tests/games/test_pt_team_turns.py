"""Team Cross Duel turns: turn and first-player order, attacks, moves between allies, Corpses and discards."""

import pytest

from bot.games.base import IllegalAction
from bot.games.pixel_tactics.modes import teams
from tests.games.pt_team_helpers import ENGINE, end_turns, legal, put, round_two, started


def test_turns_alternate_across_the_table_one_wave_at_a_time():
    state = started()
    order = []
    for _ in range(4):
        order.append((state["wave"], state["turn"]))
        state = end_turns(state, 1)
    assert order == [("V", 0), ("V", 1), ("V", 2), ("V", 3)] and state["wave"] == "F" and state["turn"] == 0


def test_first_player_marker_passes_in_turn_order_each_round():
    state = started()
    firsts = []
    for _ in range(5):
        firsts.append((state["round"], state["first"], state["turn"]))
        state = end_turns(state, 12)
    assert firsts == [(1, 0, 0), (2, 1, 1), (3, 2, 2), (4, 3, 3), (5, 0, 0)]
    assert teams.wave_order(state) == [1, 2, 3, 0]  # round 6


def test_attack_either_enemy_unit_never_the_teammate():
    state = round_two()
    put(state, 1, "V0", "nightblade")
    for seat in (0, 2, 3):
        put(state, seat, "V1", "skyshot")
    targets = {a["target"] for a in legal(state, "attack") if a["by"] == "V0"}
    assert targets == {"0:V1", "2:V1"}  # Melee reaches the foremost of each column of both enemies
    assert all("long" not in a for a in legal(state, "attack"))
    with pytest.raises(IllegalAction, match="Seat 4 is your teammate"):
        ENGINE.apply(state, 1, {"type": "attack", "by": "V0", "target": "3:V1"})
    state = ENGINE.apply(state, 1, {"type": "attack", "by": "V0", "target": "2:V1"})
    assert state["players"][2]["unit"]["V1"]["damage"] == 5  # Nightblade: 3 Attack, +2 in the Vanguard


def test_restructure_into_and_out_of_an_ally_unit():
    state = started()  # round 1 (Ceasefire): moving between allies touches no rival
    mine = put(state, 0, "V0", "skyshot")
    theirs = put(state, 2, "R2", "ironsentry")
    moves = legal(state, "move")
    assert {"type": "move", "from": "V0", "to": "V1", "to_seat": 2} in moves
    assert {"type": "move", "from": "R2", "to": "F0", "from_seat": 2} in moves
    assert not any(a.get("to_seat") in (1, 3) or a.get("from_seat") in (1, 3) for a in moves)
    assert ENGINE.describe_action(state, 0, {"type": "move", "from": "V0", "to": "V1", "to_seat": 2}) == \
        "moved Skyshot Ranger from Seat 1's V0 to Seat 3's V1"
    state = ENGINE.apply(state, 0, {"type": "move", "from": "V0", "to": "V1", "to_seat": 2})
    assert state["players"][0]["unit"]["V0"] is None and state["players"][2]["unit"]["V1"]["card"] == mine
    assert state["players"][2]["unit"]["V1"]["acted"]  # the usual Move limits: it has acted now
    assert "Seat 1 moves Skyshot Ranger from Seat 1's V0 to Seat 3's V1." in state["log"]
    state = ENGINE.apply(state, 0, {"type": "move", "from": "R2", "to": "R0", "from_seat": 2})
    assert state["players"][0]["unit"]["R0"]["card"] == theirs and state["turn"] == 1  # no action left: turn over
    # a Hero recruited this wave may not move
    state = end_turns(state, 1)
    assert state["turn"] == 2
    fresh = state["players"][2]["hand"][0]
    state = ENGINE.apply(state, 2, {"type": "recruit", "card": fresh, "slot": "V2"})
    assert not any(a["from"] == "V2" for a in legal(state, "move") if "to_seat" in a)


def test_clear_corpse_in_an_ally_unit_goes_to_its_owner():
    state = started()
    corpse = put(state, 2, "V0", "skyshot", owner=0, kind="corpse")  # seat 0's Hero fell in seat 2's Unit
    assert {"type": "clear_corpse", "slot": "V0", "seat": 2} in legal(state, "clear_corpse")
    state = ENGINE.apply(state, 0, {"type": "clear_corpse", "slot": "V0", "seat": 2})
    assert state["players"][2]["unit"]["V0"] is None and state["players"][0]["discard"] == [corpse]
    state = end_turns(state, 1)  # seat 1 may not clear Corpses of the other team
    put(state, 0, "V2", "nightblade", kind="corpse")
    assert not any("seat" in a for a in legal(state, "clear_corpse"))


def test_a_discarded_card_always_goes_to_its_owner():
    state = started()
    ally = put(state, 2, "V0", "nightblade", owner=0, kind="corpse")
    state = end_turns(state, 2)  # seat 2 (index 2) clears its own slot: the card is seat 0's
    state = ENGINE.apply(state, 2, {"type": "clear_corpse", "slot": "V0"})
    assert state["players"][0]["discard"] == [ally] and state["players"][2]["discard"] == []
