"""Team Cross Duel rivals and foes: effects reach enemies never the teammate; view, leaving and undo."""

import pytest

from bot.games.base import IllegalAction
from bot.games.pixel_tactics.effects import deal_damage, make_event
from bot.games.pixel_tactics.stats import board_of
from bot.games.pixel_tactics.traps import responders
from tests.games.pt_team_helpers import ENGINE, end_turns, legal, put, round_two


def test_targeted_effects_reach_either_enemy_never_the_teammate():
    state = round_two()
    put(state, 1, "F0", "blastwright")  # Flank Spell: 2 damage to a target rival Hero (version 1)
    state = end_turns(state, 4)
    assert state["wave"] == "F" and state["turn"] == 1
    for seat in (0, 2, 3):
        put(state, seat, "V1", "skyshot")
    spells = legal(state, "spell")
    assert {a["target"] for a in spells} == {"0:V1", "2:V1"} and all("foe" not in a for a in spells)


def test_an_untargeted_rival_effect_acts_on_one_chosen_foe():
    state = round_two(leaders=("marshal", "gloomweaver", "brewmother", "shieldwarden"))
    actions = legal(state, "leader_action")
    assert actions == [{"type": "leader_action", "target": None, "foe": 2},
                       {"type": "leader_action", "target": None, "foe": 0}]
    assert ENGINE.describe_action(state, 1, actions[0]) == "used the Leader action against Seat 3"
    hands = [len(p["hand"]) for p in state["players"]]
    state = ENGINE.apply(state, 1, actions[0])
    assert [len(p["hand"]) for p in state["players"]] == [hands[0], hands[1], hands[2] - 1, hands[3]]
    assert len(state["players"][2]["discard"]) == 1 and state["players"][0]["discard"] == []
    with pytest.raises(IllegalAction):
        ENGINE.apply(round_two(leaders=("marshal", "gloomweaver", "brewmother", "shieldwarden")), 1,
                     {"type": "leader_action", "target": None, "foe": 3})


def test_a_reaction_acts_on_the_attacked_enemy():
    state = round_two()
    put(state, 1, "V0", "pickpocket")  # after this Hero attacks, the Rival discards a random card
    put(state, 0, "V1", "skyshot")
    hands = [len(p["hand"]) for p in state["players"]]
    state = ENGINE.apply(state, 1, {"type": "attack", "by": "V0", "target": "0:V1"})
    assert [len(p["hand"]) for p in state["players"]] == [hands[0] - 1, hands[1], hands[2], hands[3]]


def test_an_end_of_turn_power_acts_on_the_first_enemy_after_its_controller():
    state = round_two(leaders=("venomfang", "stonehide", "brewmother", "shieldwarden"))
    for seat in (1, 2, 3):
        put(state, seat, "V1", "skyshot")
    state = end_turns(state, 3)  # seats 1, 2, 3; then seat 0 (Venomfang: 1 damage to a random rival Hero)
    assert state["turn"] == 0
    state = end_turns(state, 1)
    damage = [state["players"][s]["unit"]["V1"]["damage"] for s in (1, 2, 3)]
    assert damage == [1, 0, 0]  # seat 1 comes first after seat 0; never the teammate (seat 2)


def test_static_rival_effects_apply_to_every_enemy():
    state = round_two(leaders=("pickpocket", "stonehide", "brewmother", "shieldwarden"))
    assert board_of(state)["hand_size"] == [5, 4, 5, 4]  # Pickpocket: the rivals' hand size is 1 smaller


def test_a_teammate_is_never_a_rival():
    state = round_two()
    put(state, 0, "V0", "skyshot")
    state["queue"] = []
    deal_damage(state, "0:V0", 1, 2, "2:V1")  # damage from a teammate: no "damaged by a rival" event
    assert state["queue"] == []
    deal_damage(state, "0:V0", 1, 1, "1:V1")
    assert [e["type"] for e in state["queue"]] == ["damaged"]
    assert responders(state, make_event("attack", 1, "1:V0", "0:V0", state)) == [0]
    assert responders(state, make_event("damaged", 2, "2:V0", "0:V0", state)) == []
    assert responders(state, make_event("recruit", 1, "1:V2", "1:V2", state)) == [2, 0]
    assert responders(state, make_event("spell", 0, "0:F0", None, state)) == [1, 3]


def test_view_fields_and_hands_only_to_their_seat():
    state = round_two()
    view = ENGINE.view(state, 0)
    assert view["teams"] == {
        "kind": "team", "team_of": [0, 1, 0, 1], "roles": None, "defeats": [0, 0, 0, 0], "points": [0, 0],
        "goal": {"one": 3, "each": 1}, "set_aside": [[], [], [], []], "eliminated": [False] * 4,
        "ceasefire_seat": None, "resume": None, "reach": [[[1, 1], [3, 1]], [[2, 1], [0, 1]], [[3, 1], [1, 1]], [[0, 1], [2, 1]]]}
    assert [c["id"] for c in view["hand"]] == state["players"][0]["hand"]
    assert all(isinstance(p["hand"], int) for p in view["players"])
    assert "hand" not in ENGINE.view(state, None)


def test_leaving_concedes_for_the_team():
    state = ENGINE.leave(round_two(), 3)
    assert state["result"]["winners"] == [0, 2] and state["result"]["ranking"] == [[0, 2], [1, 3]]
    assert "Seat 4 left the match: their team concedes." in state["log"]


def test_undo_as_in_classic():
    state = round_two()
    after = ENGINE.apply(state, 1, {"type": "end"})
    assert ENGINE.undo_allowed(state, after, 1, {"type": "end"})
    assert len(state["players"][1]["hand"]) == 4  # 5 dealt, 1 led
    drawn = ENGINE.apply(state, 1, {"type": "draw"})
    assert not ENGINE.undo_allowed(state, drawn, 1, {"type": "draw"})
