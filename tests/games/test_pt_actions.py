"""Each turn action and its restrictions (draw, recruit, move, clear corpse, switch, reserve, leader, end)."""

import pytest

from bot.games.base import IllegalAction, NotYourTurn
from bot.games.pixel_tactics.scenario import act, at, build, check_invariants, keys, legal

PLAIN = ("gloomweaver", "rimecaster")  # Leaders without hand-size changes


def types(state, seat=0):
    return {a["type"] for a in legal(state, seat)}


def refused(state, seat, action):
    with pytest.raises(IllegalAction) as err:
        act(state, seat, action)
    return err.value.message


def test_draw_takes_the_top_card_until_the_hand_is_full():
    s = build(PLAIN, hands={0: ["stonehide"] * 0 + ["stonehide", "skyshot", "venomfang", "surgeon"]},
              deck_top={0: ["bladedancer"]})
    s = act(s, 0, {"type": "draw"})
    assert keys(s["players"][0]["hand"])[-1] == "bladedancer" and s["actions_left"] == 1
    assert "draw" not in types(s)
    assert refused(s, 0, {"type": "draw"}) == "Your hand is full (maximum 5 cards)."
    check_invariants(s)


def test_draw_respects_a_larger_hand_size_and_an_empty_deck():
    s = build(("lorekeeper", "rimecaster"), hands={0: ["stonehide", "skyshot", "venomfang", "surgeon", "marshal"]})
    assert "draw" in types(s)  # Lorekeeper: maximum hand size 7
    empty = build(PLAIN, deck={0: []})
    assert "draw" not in types(empty)
    assert refused(empty, 0, {"type": "draw"}) == "Your deck is empty."


def test_recruit_only_into_empty_slots_of_the_current_wave():
    s = build(PLAIN, wave="F", hands={0: ["stonehide"]}, units={0: {"F0": "skyshot"}})
    recruits = [a for a in legal(s, 0) if a["type"] == "recruit"]
    assert recruits == [{"type": "recruit", "card": "0.stonehide@6", "slot": "F2"}]
    assert refused(s, 0, {"type": "recruit", "card": "0.stonehide@6", "slot": "V0"}) == \
        "During the Flank wave you can only recruit into your Flank row."
    assert refused(s, 0, {"type": "recruit", "card": "0.stonehide@6", "slot": "F0"}) == "That slot is not empty."
    assert refused(s, 0, {"type": "recruit", "card": "0.venomfang@6", "slot": "F2"}) == "That card is not in your hand."
    s = act(s, 0, {"type": "recruit", "card": "0.stonehide@6", "slot": "F2"})
    assert at(s, "0:F2")["card"] == "0.stonehide@6" and at(s, "0:F2")["fresh"]
    assert s["players"][0]["hand"] == []


def test_a_hero_recruited_this_wave_cannot_attack_cast_or_move():
    s = build(PLAIN, round_no=3, hands={0: ["bladedancer"]})
    s = act(s, 0, {"type": "recruit", "card": "0.bladedancer@6", "slot": "V0"})
    assert not [a for a in legal(s, 0) if a.get("by") == "V0" or a.get("from") == "V0"]
    assert refused(s, 0, {"type": "move", "from": "V0", "to": "V1"}) == \
        "A Hero recruited this wave cannot attack, cast or move."


def test_the_same_hero_does_one_starred_action_per_turn():
    s = build(PLAIN, units={0: {"V0": "bladedancer"}})
    s = act(s, 0, {"type": "attack", "by": "V0", "target": "1:L"})
    assert not [a for a in legal(s, 0) if a.get("by") == "V0" or a.get("from") == "V0"]
    assert refused(s, 0, {"type": "move", "from": "V0", "to": "V1"}) == "That Hero has already acted this turn."


def test_move_into_any_empty_slot_but_never_the_leader():
    s = build(PLAIN, wave="R", units={0: {"V0": "bladedancer", "R2": "skyshot"}})
    moves = [a for a in legal(s, 0) if a["type"] == "move"]
    assert {a["from"] for a in moves} == {"V0", "R2"}
    assert len(moves) == 2 * 6
    s = act(s, 0, {"type": "move", "from": "V0", "to": "R0"})
    assert at(s, "0:V0") is None and at(s, "0:R0")["card"] == "0.bladedancer@6"
    assert refused(s, 0, {"type": "move", "from": "L", "to": "V0"}) == \
        "Only a living Hero can move (Leaders never move)."


def test_clear_corpse_in_any_wave_goes_to_the_owner_discard():
    s = build(PLAIN, wave="R", units={0: {"V0": {"key": "bladedancer", "corpse": True}}})
    assert {"type": "clear_corpse", "slot": "V0"} in legal(s, 0)
    s = act(s, 0, {"type": "clear_corpse", "slot": "V0"})
    assert at(s, "0:V0") is None and s["players"][0]["discard"] == ["0.bladedancer@6"]


def test_switch_is_a_long_action_for_heroes_and_corpses():
    s = build(PLAIN, units={0: {"V0": "bladedancer", "R2": {"key": "skyshot", "corpse": True}}})
    assert {"type": "switch", "a": "V0", "b": "R2"} in legal(s, 0)
    s1 = act(s, 0, {"type": "switch", "a": "V0", "b": "R2"})
    assert at(s1, "0:R2")["card"] == "0.bladedancer@6" and at(s1, "0:V0")["kind"] == "corpse"
    assert s1["turn"] == 1  # two actions spent: the turn ended
    one = build(PLAIN, actions=1, units={0: {"V0": "bladedancer", "R2": "skyshot"}})
    assert "switch" not in types(one)
    assert refused(one, 0, {"type": "switch", "a": "V0", "b": "R2"}) == \
        "Switch is a long action: it needs two actions left."


def test_operations_need_a_free_reserve_slot_and_traps_are_face_down():
    s = build(PLAIN, hands={0: ["stonehide", "bladedancer"]})
    ops = [a for a in legal(s, 0) if a["type"] in ("operation", "trap")]
    assert ops == [{"type": "operation", "card": "0.stonehide@6"}] + [
        {"type": "trap", "card": "0.bladedancer@6", "policy": p} for p in ("ask", "always", "never")]
    s = act(s, 0, {"type": "trap", "card": "0.bladedancer@6", "policy": "never"})
    assert s["players"][0]["reserve"][0] == {"kind": "trap", "card": "0.bladedancer@6", "policy": "never",
                                             "placed_turn": s["turn_no"]}
    after = act(s, 0, {"type": "operation", "card": "0.stonehide@6"})  # the last action ends the turn
    assert after["players"][0]["reserve"][1]["timers"] == 3  # 4 markers, one removed at the end of the turn
    full = build(PLAIN, hands={0: ["stonehide"]}, reserve={0: {
        "X0": {"key": "bladedancer"}, "X1": {"key": "mirrorjest"}, "X2": {"key": "gearsmith", "kind": "operation"}}})
    assert "operation" not in types(full)
    assert refused(full, 0, {"type": "operation", "card": "0.stonehide@6"}) == "Your three reserve slots are full."


def test_clear_a_trap_or_operation():
    s = build(PLAIN, reserve={0: {"X1": {"key": "bladedancer"}}})
    s = act(s, 0, {"type": "clear_reserve", "slot": "X1"})
    assert s["players"][0]["reserve"] == [None, None, None] and s["players"][0]["discard"] == ["0.bladedancer@6"]


def test_end_passes_the_turn_and_the_last_action_ends_it_automatically():
    s = build(PLAIN)
    s1 = act(s, 0, {"type": "end"})
    assert s1["turn"] == 1 and s1["actions_left"] == 2 and s1["wave"] == "V"
    s2 = act(act(s, 0, {"type": "draw"}), 0, {"type": "draw"})
    assert s2["turn"] == 1
    with pytest.raises(NotYourTurn):
        act(s2, 0, {"type": "end"})


def test_limited_leader_action_once_per_turn():
    s = build(("starseer", "rimecaster"), hands={0: []})
    top = s["players"][0]["deck"][0]
    assert {"type": "leader_action", "target": None} in legal(s, 0)
    s = act(s, 0, {"type": "leader_action", "target": None})
    assert s["players"][0]["hand"] == [top] and s["actions_left"] == 1  # Starseer: draw a card
    assert "leader_action" not in types(s)
    assert refused(s, 0, {"type": "leader_action", "target": None}) == \
        "Your Leader action is limited: once per turn."


def test_long_leader_action_needs_two_actions():
    s = build(("nightblade", "rimecaster"), actions=1, units={1: {"V0": {"key": "skyshot", "damage": 1}}})
    assert "leader_action" not in types(s)
    s = build(("nightblade", "rimecaster"), units={1: {"V0": {"key": "skyshot", "damage": 1}}})
    assert {"type": "leader_action", "target": "1:V0"} in legal(s, 0)
    s = act(s, 0, {"type": "leader_action", "target": "1:V0"})
    assert at(s, "1:V0")["kind"] == "corpse" and s["turn"] == 1


def test_a_revived_hero_can_act_at_once():
    s = build(PLAIN, wave="F", units={0: {"F0": "gravecaller", "F2": {"key": "bladedancer", "corpse": True}}})
    s = act(s, 0, {"type": "spell", "by": "F0", "target": "0:F2"})
    assert at(s, "0:F2")["kind"] == "hero" and not at(s, "0:F2")["fresh"]
    assert {"type": "attack", "by": "F2", "target": "1:L"} in legal(s, 0)


def test_an_action_caused_by_an_ability_does_not_count_for_the_hero():
    s = build(PLAIN, wave="F", units={0: {"F0": "mirrorjest", "F2": "bladedancer"}})
    s = act(s, 0, {"type": "spell", "by": "F0", "target": "0:F2"})
    assert at(s, "0:F0")["card"] == "0.bladedancer@6" and not at(s, "0:F0")["acted"]
    assert {"type": "attack", "by": "F0", "target": "1:L"} in legal(s, 0)


def test_unknown_and_malformed_actions():
    s = build(PLAIN)
    for bad in (None, "draw", {}, {"type": "fly"}):
        with pytest.raises(IllegalAction):
            act(s, 0, bad)
    with pytest.raises(NotYourTurn):
        act(s, 1, {"type": "draw"})


def test_a_spell_with_a_target_and_one_blanked_by_no_special_abilities():
    s = build(PLAIN, wave="F", units={0: {"F0": "blastwright", "F2": {"key": "surgeon"}},
                                      1: {"V0": "stonehide"}})
    assert [a["target"] for a in legal(s, 0) if a["type"] == "spell" and a["by"] == "F0"] == ["1:V0"]
    s = act(s, 0, {"type": "spell", "by": "F0", "target": "1:V0"})
    assert at(s, "1:V0")["damage"] == 2 and at(s, "0:F0")["acted"]  # a Spell is not an Attack: no reduction
    silenced = build(PLAIN, wave="F", units={0: {"F0": {"key": "blastwright", "statuses": ["No Special Abilities"]}},
                                             1: {"V0": "stonehide"}})
    assert not [a for a in legal(silenced, 0) if a["type"] == "spell"]
    assert refused(silenced, 0, {"type": "spell", "by": "F0", "target": "1:V0"}) == \
        "That Hero has no Spell in this row."


def test_an_order_resolves_then_goes_to_the_discard_pile():
    s = build(PLAIN, hands={0: ["skyshot", "stonehide"]}, units={1: {"V0": "bladedancer"}})
    orders = [a for a in legal(s, 0) if a["type"] == "order"]
    assert orders == [{"type": "order", "card": "0.skyshot@6", "target": t} for t in ("1:V0", "1:L")]
    s = act(s, 0, {"type": "order", "card": "0.skyshot@6", "target": "1:L"})
    assert at(s, "1:L")["damage"] == 3 and s["players"][0]["discard"] == ["0.skyshot@6"]
    assert s["players"][0]["hand"] == ["0.stonehide@6"] and s["actions_left"] == 1
    assert refused(s, 0, {"type": "order", "card": "0.stonehide@6", "target": None}) == \
        "That card's tactic is an Operation, not an Order."
