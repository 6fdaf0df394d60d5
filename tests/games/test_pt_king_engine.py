"""King (3v3, issue #12) played through the engine: rounds and turns, long actions, routed Knights, moves between
Units, card effects and Traps reaching only adjacent enemies, on 6-seat games set up by hand (the King module's rules
on their own: ``test_pt_king.py``).

Table (clockwise): 0 King 1, 1 Knight 1, 2 Knight 2, 3 King 2, 4 Knight 2, 5 Knight 1.
"""

from bot.games.pixel_tactics import PixelTacticsEngine, match
from bot.games.pixel_tactics.modes import king
from bot.games.pixel_tactics.scenario import cards_of
from bot.games.pixel_tactics.sets import CURRENT
from bot.games.pixel_tactics.state import make_id, new_entry
from tests.games.test_pt_king import started

ENGINE = PixelTacticsEngine()


# ------------------------------------------------------------------ played through the engine
def table(units=None, leaders=None, turn=0, wave="V", first=0, actions=2, seed=3):
    """Return a King game in round 2 (past the Ceasefire), ``turn``'s turn in ``wave``: every seat leads with its
    own Lorekeeper (or ``leaders[seat]``); ``units`` = {seat: {slot: key | (key, owner) | dict}} places Heroes
    (a dict: ``{"key", "owner", "damage", "corpse"}``) taken from their owner's hand or deck."""
    state = match.new_match(6, 1, seed, "core", content=CURRENT, mode="king")
    for seat in range(6):
        card_id = make_id(seat, (leaders or {}).get(seat, "lorekeeper"), CURRENT)
        player = state["players"][seat]
        if card_id not in player["hand"]:
            player["deck"].remove(card_id)
            player["deck"].append(player["hand"].pop())
            player["hand"].append(card_id)
        match.pick_leader(state, seat, card_id)
    for seat, slots in (units or {}).items():
        for slot, spec in slots.items():
            spec = {"key": spec} if isinstance(spec, str) else spec
            spec = {"key": spec[0], "owner": spec[1]} if isinstance(spec, tuple) else spec
            card_id = make_id(spec.get("owner", seat), spec["key"], CURRENT)
            holder = state["players"][spec.get("owner", seat)]
            (holder["hand"] if card_id in holder["hand"] else holder["deck"]).remove(card_id)
            entry = new_entry(card_id, "corpse" if spec.get("corpse") else "hero")
            entry["damage"] = spec.get("damage", 0)
            state["players"][seat]["unit"][slot] = entry
    state.update(round=2, wave=wave, first=first, turn=turn, actions_left=actions, stage="act", phase="turn")
    return state


def cid(seat, key):
    """Return the id of ``seat``'s copy of a core card in the current content."""
    return make_id(seat, key, CURRENT)


def of_type(state, seat, kind):
    """Return ``seat``'s legal actions of one type."""
    return [a for a in ENGINE.legal_actions(state, seat) if a["type"] == kind]


def test_round_one_begins_with_king_one_and_goes_clockwise():
    state = ENGINE.new_game(6, {"mode": "king"}, 11)
    for seat in range(6):
        state = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    assert state["first"] == 0 and state["turn"] == 0 and state["round"] == 1
    order = []
    for _ in range(6):
        order.append(state["turn"])
        state = ENGINE.apply(state, state["turn"], {"type": "end"})
    assert order == [0, 1, 2, 3, 4, 5] and state["wave"] == "F" and state["turn"] == 0


def test_a_long_action_attack_costs_two_actions():
    # Knight 1 (seat 1): Nightblade in V0 (Attack 3 + 2 in the Vanguard); Knight 2 beside it, King 2 two seats away
    state = table({1: {"V0": "nightblade"}}, turn=1)
    assert of_type(state, 1, "attack") == [{"type": "attack", "by": "V0", "target": "2:L"},
                                           {"type": "attack", "by": "V0", "target": "3:L", "long": True}]
    state["actions_left"] = 1  # one action left: no Long Action
    assert of_type(state, 1, "attack") == [{"type": "attack", "by": "V0", "target": "2:L"}]
    state["actions_left"] = 2
    after = ENGINE.apply(state, 1, {"type": "attack", "by": "V0", "target": "3:L", "long": True})
    assert after["players"][3]["unit"]["L"]["damage"] == 5
    assert after["turn"] == 2  # both actions spent: the turn passed on clockwise


def test_a_king_attacks_the_rival_king_or_either_rival_knight_only_with_a_long_action():
    state = table({0: {"V0": "nightblade"}}, turn=0)
    assert of_type(state, 0, "attack") == [{"type": "attack", "by": "V0", "target": f"{s}:L", "long": True}
                                           for s in (2, 3, 4)]


def test_a_routed_knight_leaves_the_table_at_the_waves_end_and_new_neighbours_face_each_other():
    # Knight 2 (seat 2) has taken 21 damage, its Lorekeeper's Life: routed when the Vanguard wave ends
    state = table({1: {"F0": "nightblade"}}, turn=5)
    state["players"][2]["unit"]["L"]["damage"] = 21
    state = ENGINE.apply(state, 5, {"type": "end"})
    assert king.eliminated(state) == [False, False, True, False, False, False]
    assert state["wave"] == "F" and state["turn"] == 0 and state["status"] == "playing"
    assert ENGINE.view(state, None)["teams"]["eliminated"][2] is True
    state = ENGINE.apply(state, 0, {"type": "end"})
    assert state["turn"] == 1
    # Knight 1 now sits beside King 2: an ordinary Attack; the far Knight (seat 4) with a Long Action
    assert [a for a in of_type(state, 1, "attack") if a["by"] == "F0"] == [
        {"type": "attack", "by": "F0", "target": "3:L"}, {"type": "attack", "by": "F0", "target": "4:L", "long": True}]
    state = ENGINE.apply(state, 1, {"type": "end"})
    assert state["turn"] == 3  # the eliminated seat is skipped


def test_when_the_rival_kings_leader_is_defeated_your_team_wins():
    state = table(turn=5)
    state["players"][3]["unit"]["L"]["damage"] = 21
    state["players"][2]["unit"]["L"]["damage"] = 21  # a Knight falling in the same wave changes nothing
    state = ENGINE.apply(state, 5, {"type": "end"})
    assert ENGINE.is_terminal(state) and ENGINE.pending(state) == []
    assert sorted(ENGINE.result(state).winners) == [0, 1, 5]
    assert state["result"]["ranking"] == [[0, 1, 5], [2, 3, 4]]


def test_the_first_player_marker_passes_clockwise_each_round():
    state = table(turn=5, wave="R", first=0)
    state = ENGINE.apply(state, 5, {"type": "end"})
    assert state["round"] == 3 and state["wave"] == "V" and state["first"] == 1 and state["turn"] == 1


def test_a_knight_moves_heroes_into_and_out_of_its_kings_unit():
    state = table({1: {"V0": "ironsentry"}, 0: {"V2": "gearsmith"}}, turn=1)
    moves = of_type(state, 1, "move")
    into_king = [m for m in moves if m.get("to_seat") == 0]
    out_of_king = [m for m in moves if m.get("from_seat") == 0]
    assert {"type": "move", "from": "V0", "to": "V1", "to_seat": 0} in into_king
    assert {"type": "move", "from": "V2", "to": "V1", "from_seat": 0} in out_of_king
    assert all(m.get("to_seat", m.get("from_seat", 1)) in (0, 1) for m in moves)
    after = ENGINE.apply(state, 1, {"type": "move", "from": "V0", "to": "V1", "to_seat": 0})
    assert after["players"][0]["unit"]["V1"]["card"] == cid(1, "ironsentry")  # owner seat 1, controller seat 0
    assert after["players"][1]["unit"]["V0"] is None and after["actions_left"] == 1
    after = ENGINE.apply(after, 1, {"type": "move", "from": "V2", "to": "V2", "from_seat": 0})
    assert after["players"][1]["unit"]["V2"]["card"] == cid(0, "gearsmith")


def test_the_king_moves_heroes_into_and_out_of_either_knights_unit():
    state = table({0: {"V0": "ironsentry"}, 5: {"V1": "gearsmith"}}, turn=0)
    moves = of_type(state, 0, "move")
    assert {m.get("to_seat") for m in moves if "to_seat" in m} == {1, 5}
    assert {m.get("from_seat") for m in moves if "from_seat" in m} == {5}  # seat 1 has no Hero to move


def test_knights_never_move_heroes_into_or_out_of_each_others_units():
    state = table({1: {"V0": "ironsentry"}, 5: {"V1": "gearsmith"}}, turn=1)
    moves = of_type(state, 1, "move")
    assert not [m for m in moves if 5 in (m.get("to_seat"), m.get("from_seat"))]
    refused = {"type": "move", "from": "V0", "to": "V0", "to_seat": 5}
    assert refused not in ENGINE.legal_actions(state, 1)


def test_a_corpse_in_the_kings_unit_is_cleared_to_its_owners_discard_pile():
    state = table({0: {"V1": {"key": "ironsentry", "owner": 1, "corpse": True}}}, turn=5)
    clear = {"type": "clear_corpse", "slot": "V1", "seat": 0}
    assert clear in of_type(state, 5, "clear_corpse")
    after = ENGINE.apply(state, 5, clear)
    assert after["players"][0]["unit"]["V1"] is None
    assert after["players"][1]["discard"] == [cid(1, "ironsentry")]


def test_card_effects_reach_only_adjacent_enemies():
    # Gloomweaver's Vanguard Spell gives a rival Hero [No Special Abilities]: from Knight 1 only Knight 2's Hero
    # (adjacent) is a target, not King 2's (two seats away: the Long Action is an attack rule only)
    state = table({1: {"V0": "gloomweaver"}, 2: {"V0": "ironsentry"}, 3: {"V0": "gearsmith"}}, turn=1)
    assert of_type(state, 1, "spell") == [{"type": "spell", "by": "V0", "target": "2:V0"}]


def test_a_rival_without_target_is_one_adjacent_enemy_and_a_king_at_the_start_has_none():
    # Gloomweaver's Flank Spell: "The Rival discards a random card" acts on one foe, an adjacent enemy
    state = table({1: {"F0": "gloomweaver"}}, turn=1, wave="F")
    assert of_type(state, 1, "spell") == [{"type": "spell", "by": "F0", "target": None, "foe": 2}]
    hands = [len(p["hand"]) for p in state["players"]]
    after = ENGINE.apply(state, 1, {"type": "spell", "by": "F0", "target": None, "foe": 2})
    assert [len(p["hand"]) for p in after["players"]] == [h - (s == 2) for s, h in enumerate(hands)]
    # King 1 has no adjacent enemy at the start: the Spell may be cast but does nothing to anyone
    state = table({0: {"F0": "gloomweaver"}}, turn=0, wave="F")
    assert of_type(state, 0, "spell") == [{"type": "spell", "by": "F0", "target": None}]
    after = ENGINE.apply(state, 0, {"type": "spell", "by": "F0", "target": None})
    assert [len(p["hand"]) for p in after["players"]] == hands


def set_trap(state, seat, key, policy="always"):
    """Place ``seat``'s own copy of ``key`` face down in its first reserve slot, ready (placed before this turn)."""
    card_id = cid(seat, key)
    player = state["players"][seat]
    (player["hand"] if card_id in player["hand"] else player["deck"]).remove(card_id)
    player["reserve"][0] = {"kind": "trap", "card": card_id, "policy": policy, "placed_turn": 0}


def to_hand(state, seat, key):
    """Move ``seat``'s own copy of ``key`` from its deck into its hand (if not there yet)."""
    card_id = cid(seat, key)
    player = state["players"][seat]
    if card_id not in player["hand"]:
        player["deck"].remove(card_id)
        player["hand"].append(card_id)
    return card_id


def test_traps_answer_only_enemies_their_owner_may_reach_with_card_effects():
    # Rimecaster's Trap: "When a Rival recruits a Hero: it gains [-1 Attack] x2". King 2 (two seats from Knight 1)
    # is not asked about Knight 1's recruit; Knight 2 (adjacent) is
    recruit = {"type": "recruit", "card": cid(1, "nightblade"), "slot": "V0"}
    state = table(turn=1)
    to_hand(state, 1, "nightblade")
    set_trap(state, 3, "rimecaster")
    after = ENGINE.apply(state, 1, recruit)
    assert after["players"][1]["unit"]["V0"]["statuses"] == [] and after["players"][3]["reserve"][0] is not None
    state = table(turn=1)
    to_hand(state, 1, "nightblade")
    set_trap(state, 2, "rimecaster")
    after = ENGINE.apply(state, 1, recruit)
    assert after["players"][1]["unit"]["V0"]["statuses"] == ["-1 Attack", "-1 Attack"]
    assert after["players"][2]["reserve"][0] is None and cid(2, "rimecaster") in after["players"][2]["discard"]


def test_a_long_action_on_a_kings_unit_meets_the_kings_traps():
    # Shieldwarden's Trap: "When a Rival attacks your Unit: the Attack deals 3 less damage": 5 - 3 = 2
    state = table({1: {"V0": "nightblade"}}, turn=1)
    set_trap(state, 3, "shieldwarden")
    after = ENGINE.apply(state, 1, {"type": "attack", "by": "V0", "target": "3:L", "long": True})
    assert after["players"][3]["unit"]["L"]["damage"] == 2


def test_an_eliminated_knight_cannot_resign_for_its_team():
    state = started()
    king.fall(state, [5])
    assert "eliminated" in king.leave_refusal(state, 5)
    assert king.leave_refusal(state, 1) is None and king.leave_refusal(state, 0) is None


def test_an_eliminated_knights_hero_returned_to_its_owners_hand_leaves_play():
    # King 1 leads with Mirrorjest ("return a Hero of yours to your hand"); Knight 1's Ironsentry stands in the
    # King's Unit after Knight 1 (seat 1) is eliminated: returned to its owner's hand, it leaves play instead
    state = table({0: {"V0": ("ironsentry", 1)}}, leaders={0: "mirrorjest"}, turn=0)
    king.fall(state, [1])
    assert state["players"][0]["unit"]["V0"]["card"] == cid(1, "ironsentry")
    action = {"type": "leader_action", "target": "0:V0"}
    assert action in ENGINE.legal_actions(state, 0)
    after = ENGINE.apply(state, 0, action)
    assert after["players"][0]["unit"]["V0"] is None and after["players"][1]["hand"] == []
    assert cid(1, "ironsentry") in king.cards_out(after, 1)
    assert sorted(cards_of(after, 1) + king.cards_out(after, 1)) == sorted(match.all_cards(after, 1))
