"""Trap windows: ask/always/never, not on the turn placed, never your own, the LIFO response chain,
and each Trap trigger kind."""

import json

from bot.games.pixel_tactics import PixelTacticsEngine
from bot.games.pixel_tactics.scenario import act, at, build, check_invariants, legal

E = PixelTacticsEngine()
PLAIN = ("gloomweaver", "rimecaster")
HIT = {"type": "attack", "by": "V0", "target": "1:L"}  # Blastwright (Vanguard: +1 Attack): 4 damage
DECLINE = {"type": "decline"}
MUTE = {"type": "decline", "mute": True}  # decline, and stop being asked about this kind of event


def attack_into(policy="ask", ready=True, extra0=None, extra1=None):
    return build(PLAIN, units={0: {"V0": "blastwright"}},
                 reserve={0: extra0 or {},
                          1: {"X0": {"key": "shieldwarden", "policy": policy, "ready": ready}, **(extra1 or {})}})


def test_ask_opens_a_private_window_and_a_neutral_public_pause():
    s = act(attack_into("ask"), 0, HIT)
    assert s["phase"] == "trap"
    [d] = E.pending(s)
    assert (d.player, d.kind, d.private) == (1, "trap", True)
    assert "attacks" in d.prompt
    public = E.view(s, None)
    assert public["waiting"] == "Waiting: Seat 2 may respond."
    assert public["players"][1]["reserve"][0] == {"kind": "trap", "card": None}
    assert "shieldwarden" not in json.dumps(public)
    assert E.view(s, 1)["players"][1]["reserve"][0]["policy"] == "ask"
    assert legal(s, 1) == [{"type": "activate", "slot": "X0", "target": None}, MUTE, DECLINE]
    assert legal(s, 0) == [] and E.default_action(s, 1) == DECLINE
    assert not E.undo_allowed(attack_into("ask"), s, 0, HIT)
    on = act(s, 1, {"type": "activate", "slot": "X0", "target": None})
    assert at(on, "1:L")["damage"] == 1  # 4 - 3
    assert on["players"][1]["discard"] == ["1.shieldwarden@6"] and on["phase"] == "turn" and on["turn"] == 0
    off = act(s, 1, DECLINE)
    assert at(off, "1:L")["damage"] == 4 and off["players"][1]["reserve"][0] is not None
    check_invariants(on)
    check_invariants(off)


def test_always_activates_by_itself_and_never_stays_silent():
    s = act(attack_into("always"), 0, HIT)
    assert s["phase"] == "turn" and at(s, "1:L")["damage"] == 1
    assert any("activates the Trap Shieldwarden" in line for line in s["log"])
    s = act(attack_into("never"), 0, HIT)
    assert s["phase"] == "turn" and at(s, "1:L")["damage"] == 4 and s["players"][1]["reserve"][0] is not None


def test_not_on_the_turn_it_was_placed():
    s = act(attack_into("always", ready=False), 0, HIT)
    assert at(s, "1:L")["damage"] == 4


def test_placing_a_trap_is_described_without_its_name():
    s = build(PLAIN, hands={0: ["bladedancer"]})
    action = {"type": "trap", "card": "0.bladedancer@6", "policy": "ask"}
    assert E.describe_action(s, 0, action) == "placed a Trap face down"
    assert "Bladedancer" in E.describe_for(s, 0, action, 0)
    assert E.describe_for(s, 0, action, 1) == "placed a Trap face down"
    s = act(s, 0, action)
    assert "bladedancer" not in json.dumps(E.view(s, None)["players"][0])


def test_the_response_chain_resolves_last_in_first_out():
    # Seat 1 reduces the attack; seat 0 cancels that Trap; seat 1 cancels the cancel: the reduction stands.
    s = attack_into("ask", extra0={"X0": {"key": "bladedancer", "policy": "ask"}},
                    extra1={"X1": {"key": "bladedancer", "policy": "ask"}})
    s = act(s, 0, HIT)
    s = act(s, 1, {"type": "activate", "slot": "X0", "target": None})
    assert E.pending(s)[0].player == 0  # seat 0 may respond to seat 1's Trap
    s = act(s, 0, {"type": "activate", "slot": "X0", "target": None})
    assert legal(s, 1) == [{"type": "activate", "slot": "X1", "target": None}, MUTE, DECLINE]
    s = act(s, 1, {"type": "activate", "slot": "X1", "target": None})
    assert s["phase"] == "turn" and at(s, "1:L")["damage"] == 1
    check_invariants(s)


def test_a_cancelled_trap_does_nothing_and_nobody_answers_their_own_trap():
    s = attack_into("ask", extra0={"X0": {"key": "bladedancer", "policy": "always"}},
                    extra1={"X1": {"key": "bladedancer", "policy": "always"}})
    s = act(s, 0, HIT)
    s = act(s, 1, {"type": "activate", "slot": "X0", "target": None})
    # seat 0's Bladedancer cancels Shieldwarden; seat 1's own Bladedancer then cancels seat 0's
    assert at(s, "1:L")["damage"] == 1
    solo = attack_into("ask", extra1={"X1": {"key": "bladedancer", "policy": "always"}})
    solo = act(act(solo, 0, HIT), 1, {"type": "activate", "slot": "X0", "target": None})
    assert solo["players"][1]["reserve"][1] is not None  # never answers its own Trap
    assert at(solo, "1:L")["damage"] == 1


def test_redirect_the_attack_to_a_chosen_hero():
    s = build(PLAIN, units={0: {"V0": "blastwright"}, 1: {"R2": "stonehide"}},
              reserve={1: {"X2": {"key": "ironsentry", "policy": "ask"}}})
    s = act(s, 0, HIT)
    assert legal(s, 1) == [{"type": "activate", "slot": "X2", "target": "1:R2"}, MUTE, DECLINE]
    s = act(s, 1, {"type": "activate", "slot": "X2", "target": "1:R2"})
    assert at(s, "1:L")["damage"] == 0 and at(s, "1:R2")["damage"] == 4


def test_counter_an_order_and_a_spell():
    s = build(PLAIN, hands={0: ["skyshot"]}, reserve={1: {"X0": {"key": "gloomweaver", "policy": "always"}}})
    s = act(s, 0, {"type": "order", "card": "0.skyshot@6", "target": "1:L"})
    assert at(s, "1:L")["damage"] == 0 and s["players"][0]["discard"] == ["0.skyshot@6"] and s["in_flight"] == []
    s = build(PLAIN, wave="F", units={0: {"F0": "blastwright"}, 1: {"V0": "stonehide"}},
              reserve={1: {"X0": {"key": "hushmonk", "policy": "always"}}})
    s = act(s, 0, {"type": "spell", "by": "F0", "target": "1:V0"})
    assert at(s, "1:V0")["damage"] == 0 and at(s, "0:F0")["statuses"] == ["No Special Abilities"]


def test_an_order_is_in_flight_while_a_window_is_open():
    s = build(PLAIN, hands={0: ["skyshot"]}, reserve={1: {"X0": {"key": "mirrorjest", "policy": "ask"}}})
    s = act(s, 0, {"type": "order", "card": "0.skyshot@6", "target": "1:L"})
    assert s["in_flight"] == ["0.skyshot@6"] and s["players"][0]["hand"] == []
    check_invariants(s)
    s = act(s, 1, {"type": "activate", "slot": "X0", "target": None})  # cancel it, draw a card
    assert at(s, "1:L")["damage"] == 0 and len(s["players"][1]["hand"]) == 1


def test_rival_recruit_trigger():
    s = build(("gloomweaver", "surgeon"), hands={0: ["bladedancer"]},
              reserve={1: {"X0": {"key": "rimecaster", "policy": "always"}}})
    s = act(s, 0, {"type": "recruit", "card": "0.bladedancer@6", "slot": "V0"})
    assert at(s, "0:V0")["statuses"] == ["-1 Attack", "-1 Attack"]


def test_ally_damaged_trigger():
    s = build(PLAIN, units={0: {"V0": "bladedancer"}, 1: {"V0": "stonehide"}},
              reserve={1: {"X0": {"key": "cinderwitch", "policy": "always"}}})
    s = act(s, 0, {"type": "attack", "by": "V0", "target": "1:V0"})
    assert at(s, "1:V0")["damage"] == 2 and at(s, "0:L")["damage"] == 2


def test_ally_defeated_trigger_revives_at_the_casualty_check():
    s = build(PLAIN, first=0, turn=1, units={1: {"V0": {"key": "stonehide", "damage": 9}}},
              reserve={1: {"X0": {"key": "mirewraith", "policy": "ask"}}})
    s = act(s, 1, {"type": "end"})  # end of the wave: Stonehide falls, its owner may respond
    assert s["phase"] == "trap" and E.pending(s)[0].player == 1
    s = act(s, 1, {"type": "activate", "slot": "X0", "target": None})
    assert at(s, "1:V0")["kind"] == "hero" and at(s, "1:V0")["damage"] == 0
    assert s["wave"] == "F" and s["turn"] == 0
