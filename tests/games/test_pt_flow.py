"""Turn flow: casualty timing, waves and rounds, the Ceasefire (all four effects), rout and tie."""

from bot.games.pixel_tactics.scenario import act, at, build, check_invariants, hand_size, legal, stats

PLAIN = ("gloomweaver", "rimecaster")
END = {"type": "end"}


def test_a_hero_with_lethal_damage_fights_on_until_the_end_of_the_wave():
    s = build(PLAIN, first=0, units={0: {"V0": {"key": "bladedancer", "damage": 4}}})
    assert {"type": "attack", "by": "V0", "target": "1:L"} in legal(s, 0)
    s = act(s, 0, {"type": "attack", "by": "V0", "target": "1:L"})  # heals 1 after attacking: 3 damage
    s = build(PLAIN, first=0, units={0: {"V0": {"key": "bladedancer", "damage": 5}}})
    s = act(s, 0, END)
    assert at(s, "0:V0")["kind"] == "hero" and s["turn"] == 1
    s = act(s, 1, END)
    assert at(s, "0:V0") == {"card": "0.bladedancer@6", "kind": "corpse", "damage": 0, "statuses": [],
                             "fresh": False, "acted": False}
    assert s["wave"] == "F" and s["turn"] == 0
    check_invariants(s)


def test_healing_during_the_wave_saves_a_hero():
    s = build(("brewmother", "rimecaster"), first=0, units={0: {"V0": {"key": "bladedancer", "damage": 5}}})
    s = act(s, 0, {"type": "leader_action", "target": None})  # remove 2 damage from each Hero
    s = act(act(s, 0, END), 1, END)
    assert at(s, "0:V0")["kind"] == "hero" and at(s, "0:V0")["damage"] == 3


def test_waves_rounds_and_the_first_player_changing_sides():
    s = build(PLAIN, first=1, turn=1, wave="V", round_no=2)
    seen = []
    for _ in range(7):
        seen.append((s["round"], s["wave"], s["turn"]))
        s = act(s, s["turn"], END)
    assert seen == [(2, "V", 1), (2, "V", 0), (2, "F", 1), (2, "F", 0), (2, "R", 1), (2, "R", 0), (3, "V", 0)]
    assert s["first"] == 0


def test_ceasefire_no_attacks_or_spells_against_the_rival():
    s = build(("surgeon", "stonehide"), ceasefire=True, wave="F",
              units={0: {"F0": "gloomweaver", "F2": "rimecaster"}, 1: {"V0": "bladedancer"}})
    acts = legal(s, 0)
    assert not [a for a in acts if a["type"] == "attack"]
    assert not [a for a in acts if a["type"] == "spell" and a["by"] == "F0"]  # the Rival discards: hostile
    assert [a["target"] for a in acts if a["type"] == "spell" and a["by"] == "F2"] == ["0:F0", "0:F2"]
    s2 = build(("surgeon", "stonehide"), ceasefire=False, wave="F",
               units={0: {"F0": "gloomweaver", "F2": "rimecaster"}, 1: {"V0": "bladedancer"}})
    assert {"type": "spell", "by": "F0", "target": None} in legal(s2, 0)
    assert {"type": "spell", "by": "F2", "target": "1:V0"} in legal(s2, 0)


def test_ceasefire_no_orders_or_operations():
    hand = {0: ["skyshot", "stonehide", "lorekeeper"]}
    s = build(PLAIN, ceasefire=True, hands=hand)
    assert not [a for a in legal(s, 0) if a["type"] in ("order", "operation")]
    s = build(PLAIN, hands=hand)
    assert {a["type"] for a in legal(s, 0)} >= {"order", "operation"}


def test_ceasefire_no_interfering_with_the_rival_hand_or_unit():
    # Pickpocket's Leader shrinks the Rival's hand; Doomclock's Leader deals end-of-turn damage to each rival
    # Hero and the rival Leader (and 1 to itself, which is not interfering with the Rival)
    s = build(("pickpocket", "rimecaster"), ceasefire=True)
    assert hand_size(s, 1) == 5
    assert hand_size(build(("pickpocket", "rimecaster")), 1) == 4
    s = act(build(("doomclock", "rimecaster"), ceasefire=True, units={1: {"V0": "bladedancer"}}), 0, END)
    assert (at(s, "1:V0")["damage"], at(s, "1:L")["damage"], at(s, "0:L")["damage"]) == (0, 0, 1)
    s = act(build(("doomclock", "rimecaster"), units={1: {"V0": "bladedancer"}}), 0, END)
    assert (at(s, "1:V0")["damage"], at(s, "1:L")["damage"], at(s, "0:L")["damage"]) == (1, 1, 1)
    s = build(("hushmonk", "rimecaster"), ceasefire=True, units={1: {"V0": "bladedancer"}, 0: {"V0": "surgeon"}})
    assert [a["target"] for a in legal(s, 0) if a["type"] == "leader_action"] == ["0:V0"]
    assert stats(s, "1:V0")["attack"] == 4


def test_ceasefire_traps_can_be_placed_but_not_activated():
    s = build(PLAIN, ceasefire=True, turn=1, first=0, hands={0: ["bladedancer"], 1: ["surgeon", "mirrorjest"]},
              reserve={0: {"X0": {"key": "rimecaster", "policy": "always"}}})
    assert {"type": "trap", "card": "1.mirrorjest@6", "policy": "ask"} in legal(s, 1)
    s = act(s, 1, {"type": "recruit", "card": "1.surgeon@6", "slot": "V0"})
    assert at(s, "1:V0")["statuses"] == [] and s["players"][0]["reserve"][0] is not None


def rout_state(damage0, damage1, units=None):
    return build(PLAIN, first=0, turn=1, trophies=1, units={
        0: {"L": {"damage": damage0}, **(units or {}).get(0, {})},
        1: {"L": {"damage": damage1}, **(units or {}).get(1, {})}})


def test_rout_at_the_end_of_the_wave():
    s = rout_state(20, 0)  # Gloomweaver Leader: Life 20
    assert s["status"] == "playing"
    s = act(s, 1, END)
    assert s["status"] == "finished" and s["result"]["winners"] == [1]
    assert s["trophies"] == [[], [["0.gloomweaver@6", "1.rimecaster@6"]]]


def test_both_routed_more_living_heroes_wins():
    # Gloomweaver's Leader has Life 20, Rimecaster's 21
    s = act(rout_state(20, 21, {0: {"V0": "surgeon", "V1": "skyshot"}, 1: {"V0": "bladedancer"}}), 1, END)
    assert s["result"]["winners"] == [0]


def test_both_routed_with_as_many_heroes_is_a_tie():
    s = rout_state(21, 21, {0: {"V0": "surgeon"}, 1: {"V0": "bladedancer"}})
    s = act(s, 1, END)
    assert s["status"] == "playing" and s["phase"] == "leader" and s["game_no"] == 2
    assert s["trophies"] == [[], []]
    assert len(s["players"][0]["hand"]) == 5 and len(s["players"][0]["deck"]) == 20
    check_invariants(s)
