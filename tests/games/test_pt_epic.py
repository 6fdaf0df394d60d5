"""Epic Duel (issue #12): one test per rule of the rulebook's Epic Duel text (GAME MODES), with hand-worked
positions built from a real Epic game (docs/rules/pt_modes/epic.md)."""

import json

import pytest

from bot.games.base import BadOptions, IllegalAction
from bot.games.pixel_tactics import PixelTacticsEngine, decks, sets
from bot.games.pixel_tactics.scenario import check_invariants
from bot.games.pixel_tactics.state import key_of, new_entry
from bot.games.pixel_tactics.stats import board_of

ENGINE = PixelTacticsEngine()
EVERY = [k for name in ("core", "core2", "mini1", "mini2") for k in sets.set_keys(name)]
LEADERS = (["marshal", "stonehide", "surgeon", "marrowfiend"], ["nightblade", "gallowshot", "ashmoth", "mournbell"])


def deck(seat):
    """Return a valid Epic deck: 4 Leaders and the other 62 cards of both core sets and both minipaks."""
    return {"format": "epic", "leaders": list(LEADERS[seat]), "heroes": [k for k in EVERY if k not in LEADERS[seat]]}


def new(seed=3, **options):
    """Return a new Epic Duel with the two decks above (Leader picks pending)."""
    return ENGINE.new_game(2, {"mode": "epic", "decks": [deck(0), deck(1)], **options}, seed)


def started(seed=3, picks=(0, 0)):
    """Return an Epic Duel after both Leader picks (the ``picks``-th card of each Leader stack)."""
    state = new(seed)
    for seat in (0, 1):
        state = ENGINE.apply(state, seat, {"type": "leader", "card": state["players"][seat]["leaders"][picks[seat]]})
    return state


def ids(state, seat, keys):
    """Return the instance ids of ``seat``'s (first copies of) cards ``keys``."""
    return [next(c for c in state["decks"][seat]["leaders"] + state["decks"][seat]["heroes"] if key_of(c) == k)
            for k in keys]


def place(state, seat, slot, corpse=False, damage=0):
    """Put the top card of ``seat``'s deck into ``slot`` (a Hero, or a Corpse); return its id."""
    card_id = state["players"][seat]["deck"].pop(0)
    entry = new_entry(card_id, "corpse" if corpse else "hero")
    entry["damage"] = damage
    state["players"][seat]["unit"][slot] = entry
    return card_id


def rout(state, *seats_down):
    """Put lethal damage on the Leaders of ``seats_down``, then end turns until the wave is over."""
    board = board_of(state)
    for seat in seats_down:
        state["players"][seat]["unit"]["L"]["damage"] = board["units"][f"{seat}:L"]["life"]
    wave = (state["round"], state["wave"])
    while state["phase"] == "turn" and (state["round"], state["wave"]) == wave:
        state = ENGINE.apply(state, state["turn"], {"type": "end"})
    return state


def end_wave(state):
    """End both turns of the current wave."""
    return rout(state)


# ------------------------------------------------------------------------------------------------ setup
def test_materials_each_player_needs_an_epic_format_deck():
    standard = {"format": "standard", "leaders": LEADERS[1], "heroes": [k for k in EVERY if k not in LEADERS[1]][:25]}
    with pytest.raises(BadOptions, match="Seat 2's deck is a Standard deck: Epic Duel needs Epic decks"):
        ENGINE.new_game(2, {"mode": "epic", "decks": [deck(0), standard]}, 1)
    with pytest.raises(BadOptions, match="one game"):
        ENGINE.new_game(2, {"mode": "epic", "trophies": 2}, 1)
    with pytest.raises(BadOptions, match="leave the card set out"):
        ENGINE.new_game(2, {"mode": "epic", "set": "core"}, 1)
    with pytest.raises(BadOptions, match="content version 2"):
        ENGINE.new_game(2, {"mode": "epic", "content": 1}, 1)
    assert new(trophies=1)["target"] == 1


def test_materials_without_built_decks_each_seat_plays_an_epic_combination():
    state = ENGINE.new_game(2, {"mode": "epic"}, 11)
    for seat in (0, 1):
        built = state["decks"][seat]
        keys = [key_of(c) for c in built["leaders"] + built["heroes"]]
        assert sorted(keys) == sorted(EVERY) and len(built["leaders"]) == 4 and len(built["heroes"]) == 62
        assert decks.problems({"format": "epic", "leaders": [key_of(c) for c in built["leaders"]],
                               "heroes": [key_of(c) for c in built["heroes"]]}) == []
    # the seats' Leaders are drawn apart from the seed; the same seed deals the same decks
    assert state["decks"][0]["leaders"] != [c.replace("1.", "0.", 1) for c in state["decks"][1]["leaders"]]
    assert ENGINE.new_game(2, {"mode": "epic"}, 11) == state


def test_step1_leaders_set_face_up_beside_the_board():
    state = new()
    public = ENGINE.view(state, None)
    assert public["mode"] == "epic"
    assert public["epic"] == {"leaders_left": [4, 4], "badge": None, "fallen": [[], []],
                              "leaders": [LEADERS[0], LEADERS[1]], "step": None}
    assert state["players"][0]["hand"] == [] and len(state["players"][0]["deck"]) == 62


def test_step2_each_player_secretly_chooses_a_starting_leader_face_down():
    state = new()
    assert [a["card"] for a in ENGINE.legal_actions(state, 0)] == ids(state, 0, LEADERS[0])
    state = ENGINE.apply(state, 0, {"type": "leader", "card": ids(state, 0, ["surgeon"])[0]})
    assert ENGINE.describe_action(new(), 0, {"type": "leader", "card": ids(state, 0, ["surgeon"])[0]}) == \
        "chose a Leader"
    for viewer in (None, 1):
        shown = ENGINE.view(state, viewer)
        assert shown["players"][0]["unit"]["L"]["card"] is None and shown["players"][0]["unit"]["L"]["hidden"]
        assert shown["epic"]["leaders"][0] == LEADERS[0]  # the pick stays among the four until the reveal
        assert "surgeon@6\"" not in json.dumps(shown["players"][0]["unit"])
    assert ENGINE.view(state, 0)["players"][0]["unit"]["L"]["card"]["key"] == "surgeon"


def test_step3_the_other_leaders_go_back_face_up_and_each_draws_7_heroes():
    state = started(picks=(2, 1))
    for seat, lead in ((0, "surgeon"), (1, "gallowshot")):
        player = state["players"][seat]
        assert key_of(player["unit"]["L"]["card"]) == lead
        assert len(player["hand"]) == 7 and len(player["deck"]) == 55
    assert ENGINE.view(state, None)["epic"]["leaders"] == [["marshal", "stonehide", "marrowfiend"],
                                                           ["nightblade", "ashmoth", "mournbell"]]
    check_invariants(state)


def test_step4_begin_the_game_as_normal():
    state = started()
    assert (state["phase"], state["round"], state["wave"], state["actions_left"]) == ("turn", 1, "V", 2)
    assert ENGINE.view(state, None)["epic"]["badge"] == state["first"] == state["turn"]


def test_note_maximum_hand_size_is_7():
    state = started()
    seat = state["turn"]
    player = state["players"][seat]
    player["deck"][:0] = [player["hand"].pop()]  # 6 cards in hand
    assert {"type": "draw"} in ENGINE.legal_actions(state, seat)
    state = ENGINE.apply(state, seat, {"type": "draw"})
    assert len(state["players"][seat]["hand"]) == 7 and ENGINE.view(state, None)["players"][seat]["hand_size"] == 7
    assert {"type": "draw"} not in ENGINE.legal_actions(state, seat)
    with pytest.raises(IllegalAction, match="maximum 7 cards"):
        ENGINE.apply(state, seat, {"type": "draw"})


def test_step5_players_exchange_first_and_second_badges_after_each_flank_wave():
    state = started()
    a = state["first"]
    b = 1 - a
    seen = []
    for _ in range(7):
        seen.append((state["round"], state["wave"], state["first"], state["turn"]))
        state = end_wave(state)
    # the badge changes hands after each Flank wave only (not again at the round's end: ours)
    assert seen == [(1, "V", a, a), (1, "F", a, a), (1, "R", b, b), (2, "V", b, b), (2, "F", b, b), (2, "R", a, a),
                    (3, "V", a, a)]
    assert "The badges change hands: Seat" in " ".join(state["log"])


# ------------------------------------------------------------------------------------------ fallen Leaders
def test_step6_a_defeated_leader_is_discarded_and_its_owner_chooses_another():
    state = started()
    fallen = state["players"][1]["unit"]["L"]["card"]
    state = rout(state, 1)
    assert state["phase"] == "epic" and state["status"] == "playing"
    assert state["players"][1]["unit"]["L"] is None and state["players"][1]["discard"] == [fallen]
    [decision] = ENGINE.pending(state)
    assert (decision.player, decision.kind, decision.private) == (1, "leader", True)
    assert [a["card"] for a in ENGINE.legal_actions(state, 1)] == state["players"][1]["leaders"]
    assert ENGINE.legal_actions(state, 0) == []
    public = ENGINE.view(state, None)["epic"]
    assert public["fallen"] == [[], [key_of(fallen)]] and public["leaders_left"] == [4, 3]
    assert public["step"] == {"stage": "pick", "seats": [1]}
    pick = state["players"][1]["leaders"][1]
    state = ENGINE.apply(state, 1, {"type": "leader", "card": pick})
    assert state["players"][1]["unit"]["L"]["card"] == pick and state["players"][1]["unit"]["L"]["damage"] == 0
    assert pick not in state["players"][1]["leaders"] and len(state["players"][1]["leaders"]) == 2
    [decision] = ENGINE.pending(state)
    assert (decision.player, decision.kind) == (1, "turn")
    assert ENGINE.legal_actions(state, 1) == [{"type": "epic_boon", "choice": c}
                                              for c in ("draw", "recruit", "regroup")]
    check_invariants(state)


def test_step6a_draw_until_he_has_7_cards_in_hand():
    state = started()
    state["players"][1]["discard"] += state["players"][1]["hand"][:4]
    del state["players"][1]["hand"][:4]
    state = rout(state, 1)
    state = ENGINE.apply(state, 1, {"type": "leader", "card": state["players"][1]["leaders"][0]})
    deck_before = len(state["players"][1]["deck"])
    after = ENGINE.apply(state, 1, {"type": "epic_boon", "choice": "draw"})
    assert len(after["players"][1]["hand"]) == 7 and len(after["players"][1]["deck"]) == deck_before - 4
    assert not ENGINE.undo_allowed(state, after, 1, {"type": "epic_boon", "choice": "draw"})
    assert (after["phase"], after["round"], after["wave"]) == ("turn", 1, "F")  # the game goes on
    check_invariants(after)


def test_step6b_recruit_up_to_3_times_into_any_slots_regardless_of_the_wave():
    state = started()
    assert state["wave"] == "V"
    state = rout(state, 1)  # the Vanguard wave is over: the next is the Flank wave
    state = ENGINE.apply(state, 1, {"type": "leader", "card": state["players"][1]["leaders"][0]})
    state = ENGINE.apply(state, 1, {"type": "epic_boon", "choice": "recruit"})
    hand = state["players"][1]["hand"]
    legal = ENGINE.legal_actions(state, 1)
    assert {(a["card"], a["slot"]) for a in legal if a["type"] == "recruit"} == {
        (c, s) for c in hand for s in ("V0", "V1", "V2", "F0", "F2", "R0", "R1", "R2")}
    assert legal[-1] == {"type": "epic_done"}
    picks = [(hand[0], "R2"), (hand[1], "V0"), (hand[2], "F2")]
    before = state
    state = ENGINE.apply(state, 1, {"type": "recruit", "card": picks[0][0], "slot": "R2"})
    assert ENGINE.undo_allowed(before, state, 1, {"type": "recruit", "card": picks[0][0], "slot": "R2"})
    assert ENGINE.view(state, None)["epic"]["step"] == {"stage": "boon", "seats": [1], "seat": 1, "boon": "recruit",
                                                         "left": 2}
    for card_id, slot in picks[1:]:
        state = ENGINE.apply(state, 1, {"type": "recruit", "card": card_id, "slot": slot})
    # the third recruit ends the boon by itself; the Flank wave begins and the recruits may act in it
    assert state["phase"] == "turn" and state["wave"] == "F" and state["epic"]["step"] is None
    for card_id, slot in picks:
        entry = state["players"][1]["unit"][slot]
        assert entry["card"] == card_id and entry["kind"] == "hero" and not entry["fresh"]
    assert len(state["players"][1]["hand"]) == 4
    check_invariants(state)


def test_step6b_recruiting_may_stop_before_3():
    state = rout(started(), 0)
    state = ENGINE.apply(state, 0, {"type": "leader", "card": state["players"][0]["leaders"][2]})
    state = ENGINE.apply(state, 0, {"type": "epic_boon", "choice": "recruit"})
    card_id = state["players"][0]["hand"][0]
    state = ENGINE.apply(state, 0, {"type": "recruit", "card": card_id, "slot": "R1"})
    assert ENGINE.describe_action(state, 0, {"type": "epic_done"}) == "stopped"
    state = ENGINE.apply(state, 0, {"type": "epic_done"})
    assert state["phase"] == "turn" and state["players"][0]["unit"]["R1"]["card"] == card_id
    assert len(state["players"][0]["hand"]) == 6


def test_step6c_clear_all_corpses_then_freely_rearrange_the_unit():
    state = started()
    corpses = [place(state, 1, "V0", corpse=True), place(state, 1, "R1", corpse=True)]
    hero_a = place(state, 1, "V1", damage=1)
    hero_b = place(state, 1, "F0")
    state = rout(state, 1)
    state = ENGINE.apply(state, 1, {"type": "leader", "card": state["players"][1]["leaders"][0]})
    state = ENGINE.apply(state, 1, {"type": "epic_boon", "choice": "regroup"})
    unit = state["players"][1]["unit"]
    assert unit["V0"] is None and unit["R1"] is None and state["players"][1]["discard"][-2:] == corpses
    legal = ENGINE.legal_actions(state, 1)
    # a Hero moves to any other slot (one swap listed per pair of Heroes); the Leader never moves
    assert {"type": "move", "from": "V1", "to": "R2"} in legal and {"type": "move", "from": "V1", "to": "F0"} in legal
    assert {"type": "move", "from": "F0", "to": "V1"} not in legal and all(a.get("to") != "L" for a in legal)
    state = ENGINE.apply(state, 1, {"type": "move", "from": "V1", "to": "R2"})
    state = ENGINE.apply(state, 1, {"type": "move", "from": "F0", "to": "R2"})  # swaps with the Hero there
    unit = state["players"][1]["unit"]
    assert unit["F0"]["card"] == hero_a and unit["F0"]["damage"] == 1 and unit["R2"]["card"] == hero_b
    assert unit["V1"] is None
    assert ENGINE.view(state, None)["epic"]["step"]["left"] == 5
    state = ENGINE.apply(state, 1, {"type": "epic_done"})
    assert state["phase"] == "turn" and state["wave"] == "F"
    check_invariants(state)


def test_step6_when_both_leaders_fall_the_new_leaders_stay_secret_until_both_chose():
    state = started()
    first = state["first"]
    state = rout(state, 0, 1)
    assert {d.player for d in ENGINE.pending(state)} == {0, 1}
    pick0 = state["players"][0]["leaders"][2]
    state = ENGINE.apply(state, 0, {"type": "leader", "card": pick0})
    for viewer in (None, 1):
        shown = ENGINE.view(state, viewer)
        assert shown["players"][0]["unit"]["L"]["card"] is None and shown["epic"]["leaders"][0] == [
            key_of(c) for c in state["players"][0]["leaders"]] and len(shown["epic"]["leaders"][0]) == 3
    assert ENGINE.describe_for(state, 1, {"type": "leader", "card": state["players"][1]["leaders"][0]}, None) == \
        "chose their next Leader"
    state = ENGINE.apply(state, 1, {"type": "leader", "card": state["players"][1]["leaders"][0]})
    assert state["players"][0]["unit"]["L"]["card"] == pick0 and state["players"][1]["unit"]["L"] is not None
    # the boons follow one seat at a time, the wave's first player first
    assert [d.player for d in ENGINE.pending(state)] == [first]
    state = ENGINE.apply(state, first, {"type": "epic_boon", "choice": "draw"})
    assert [d.player for d in ENGINE.pending(state)] == [1 - first]
    state = ENGINE.apply(state, 1 - first, {"type": "epic_boon", "choice": "draw"})
    assert state["phase"] == "turn" and ENGINE.view(state, None)["epic"]["leaders_left"] == [3, 3]


def test_step6_the_last_leader_in_the_stack_comes_in_without_a_choice():
    state = started()
    player = state["players"][1]
    player["discard"] += player["leaders"][:2]
    del player["leaders"][:2]
    state = rout(state, 1)
    assert state["players"][1]["leaders"] == [] and state["players"][1]["unit"]["L"] is not None
    assert [d.kind for d in ENGINE.pending(state)] == ["turn"]


def test_step7_when_a_players_final_leader_is_defeated_he_loses():
    state = started()
    player = state["players"][1]
    player["discard"] += player["leaders"]
    player["leaders"] = []
    state = rout(state, 1)
    assert state["status"] == "finished" and ENGINE.result(state).winners == [0]
    assert state["result"]["reason"] == "Seat 1 wins: Seat 2's last Leader is defeated."
    assert state["result"]["scores"] == [4, 0]
    assert ENGINE.view(state, None)["epic"]["leaders_left"] == [4, 0]
    check_invariants(state)


def test_step7_both_final_leaders_at_once_more_living_heroes_wins_else_a_draw():
    def last_stand(heroes):
        state = started()
        for seat in (0, 1):
            player = state["players"][seat]
            player["discard"] += player["leaders"]
            player["leaders"] = []
            for slot in ("V0", "V1", "V2")[:heroes[seat]]:
                place(state, seat, slot)
        return rout(state, 0, 1)

    won = last_stand((1, 2))
    assert ENGINE.result(won).winners == [1] and "Seat 2 wins with more living Heroes" in won["result"]["reason"]
    draw = last_stand((2, 2))
    assert ENGINE.result(draw).winners == [0, 1] and ENGINE.result(draw).ranking == [[0, 1]]
    assert draw["result"]["reason"].endswith("a draw.")


def test_an_opponent_with_leaders_left_beats_a_final_leader_falling_with_his():
    state = started()
    player = state["players"][0]
    player["discard"] += player["leaders"]
    player["leaders"] = []
    state = rout(state, 0, 1)
    assert ENGINE.result(state).winners == [1]


# ------------------------------------------------------------------------------------------ contract
def test_epic_steps_have_legal_defaults_refusals_and_json_round_trips():
    state = started()
    place(state, 1, "V2")
    state = rout(state, 1)
    assert ENGINE.default_action(state, 1) == {"type": "leader", "card": state["players"][1]["leaders"][0]}
    with pytest.raises(IllegalAction, match="next Leader"):
        ENGINE.apply(state, 1, {"type": "epic_boon", "choice": "draw"})
    state = ENGINE.apply(state, 1, ENGINE.default_action(state, 1))
    assert ENGINE.default_action(state, 1) == {"type": "epic_boon", "choice": "draw"}
    with pytest.raises(IllegalAction, match="Choose a boon"):
        ENGINE.apply(state, 1, {"type": "end"})
    assert ENGINE.from_json(ENGINE.to_json(state)) == state
    state = ENGINE.apply(state, 1, {"type": "epic_boon", "choice": "regroup"})
    assert ENGINE.default_action(state, 1) == {"type": "epic_done"} in ENGINE.legal_actions(state, 1)
    assert ENGINE.describe_action(state, 1, {"type": "epic_boon", "choice": "recruit"}) == \
        "chose to recruit up to 3 times into any slots"


def test_leaving_during_an_epic_step_hands_the_rival_the_win():
    state = rout(started(), 1)
    left = ENGINE.leave(state, 1)
    assert left["status"] == "finished" and ENGINE.result(left).winners == [0] and ENGINE.pending(left) == []


def test_classic_states_hold_nothing_of_epic():
    state = ENGINE.new_game(2, {}, 3)
    assert "epic" not in state and "mode" not in state and "epic" not in ENGINE.view(state, None)
    assert all(p["hand_bonus"] == 0 for p in state["players"])


def test_step6b_a_boon_recruit_is_a_recruit_the_rival_may_answer_with_a_trap():
    state = started()
    trap = ids(state, 0, ["tidecaller"])[0]  # Trap: "When a Rival recruits a Hero: return it to its owner's hand."
    for pile in ("hand", "deck"):
        if trap in state["players"][0][pile]:
            state["players"][0][pile].remove(trap)
    state["players"][0]["reserve"][0] = {"kind": "trap", "card": trap, "policy": "ask", "placed_turn": 0}
    for _ in range(3):  # past the Ceasefire round: Traps may go off
        state = end_wave(state)
    assert (state["round"], state["wave"]) == (2, "V")
    state = rout(state, 1)
    state = ENGINE.apply(state, 1, {"type": "leader", "card": state["players"][1]["leaders"][0]})
    state = ENGINE.apply(state, 1, {"type": "epic_boon", "choice": "recruit"})
    recruit = state["players"][1]["hand"][0]
    state = ENGINE.apply(state, 1, {"type": "recruit", "card": recruit, "slot": "R0"})
    assert state["phase"] == "trap" and [d.player for d in ENGINE.pending(state)] == [0]
    state = ENGINE.apply(state, 0, {"type": "activate", "slot": "X0", "target": None})
    # the recruit went back to hand; the boon goes on with its 2 recruits left
    assert state["phase"] == "epic" and state["players"][1]["unit"]["R0"] is None
    assert recruit in state["players"][1]["hand"] and state["epic"]["step"]["left"] == 2
    assert trap in state["players"][0]["discard"]
    check_invariants(state)


def test_epic_steps_never_change_the_state_they_are_applied_to():
    state = started()
    place(state, 1, "V0")
    state = rout(state, 1)
    for action in ({"type": "leader", "card": state["players"][1]["leaders"][1]},):
        before = json.dumps(state, sort_keys=True)
        after = ENGINE.apply(state, 1, action)
        assert json.dumps(state, sort_keys=True) == before
        assert not ENGINE.undo_allowed(state, after, 1, action)  # the new Leader was revealed
    state = after
    for choice in ("draw", "recruit", "regroup"):
        before = json.dumps(state, sort_keys=True)
        after = ENGINE.apply(state, 1, {"type": "epic_boon", "choice": choice})
        assert json.dumps(state, sort_keys=True) == before and after != state
        ENGINE.view(after, 1)["epic"]["leaders"][1].append("x")
        assert ENGINE.from_json(ENGINE.to_json(after)) == after
    regroup = ENGINE.apply(state, 1, {"type": "epic_boon", "choice": "regroup"})
    before = json.dumps(regroup, sort_keys=True)
    moved = ENGINE.apply(regroup, 1, {"type": "move", "from": "V0", "to": "R1"})
    assert json.dumps(regroup, sort_keys=True) == before and moved["players"][1]["unit"]["R1"] is not None
    assert ENGINE.undo_allowed(regroup, moved, 1, {"type": "move", "from": "V0", "to": "R1"})
