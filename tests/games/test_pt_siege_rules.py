"""Pixel Tactics Siege: one test per rule of the rulebook's Siege text (GAME MODES), and our choices
(docs/rules/pt_modes/siege.md), on hand-built positions with hand-worked expected states."""

import json

import pytest

from bot.games.base import IllegalAction
from bot.games.pixel_tactics import PixelTacticsEngine
from bot.games.pixel_tactics.match import all_cards, content_of
from bot.games.pixel_tactics.modes import siege
from bot.games.pixel_tactics.state import make_id
from bot.games.pixel_tactics.stats import static_targets
from tests.games.pt_play_fakes import random_deck

ENGINE = PixelTacticsEngine()


def cid(state, seat, key):
    """Return ``seat``'s copy of ``key`` in the state's content version."""
    return make_id(seat, key, content_of(state))


def position(*, units=None, hands=None, fortress=None, reserve=None, wave="V", turn=0, round_no=2,
             trophies=1, seed=7, actions=2):
    """Return a Siege state in the middle of ``turn``'s turn with exactly the cards given where given: units
    ``{seat: {slot: key | {"key", "damage", "fresh", "acted", "corpse"}}}``, hands ``{seat: [keys]}``, fortress
    ``{seat: [[keys] per column]}`` (default: empty), reserve ``{seat: {index: (key, policy)}}`` (ready Traps);
    every other card of a seat is in its deck, in set order."""
    state = ENGINE.new_game(2, {"mode": "siege", "trophies": trophies}, seed)
    state["log"] = []
    for seat in range(2):
        player = state["players"][seat]
        rest = list(all_cards(state, seat))
        unit = {s: None for s in player["unit"]}
        for slot, spec in (units or {}).get(seat, {}).items():
            spec = {"key": spec} if isinstance(spec, str) else spec
            card_id = cid(state, seat, spec["key"])
            rest.remove(card_id)
            unit[slot] = {"card": card_id, "kind": "corpse" if spec.get("corpse") else "hero",
                          "damage": spec.get("damage", 0), "statuses": [], "fresh": spec.get("fresh", False),
                          "acted": spec.get("acted", False)}
        hand = [cid(state, seat, k) for k in (hands or {}).get(seat, [])]
        walls = [[cid(state, seat, k) for k in column] for column in (fortress or {}).get(seat, [[], [], []])]
        items = [None, None, None]
        for index, (key, policy) in (reserve or {}).get(seat, {}).items():
            items[index] = {"kind": "trap", "card": cid(state, seat, key), "policy": policy, "placed_turn": 1}
        for card_id in hand + [c for column in walls for c in column] + [i["card"] for i in items if i]:
            rest.remove(card_id)
        player.update(unit=unit, hand=hand, fortress=walls, reserve=items, deck=rest, discard=[])
    state.update(round=round_no, wave=wave, turn=turn, first=turn, actions_left=actions, stage="act",
                 phase="turn", turn_no=10)
    return state


def act(state, seat, action):
    """Apply a legal action (asserting it is legal first)."""
    assert action in ENGINE.legal_actions(state, seat), action
    return ENGINE.apply(state, seat, action)


def attacks(state, seat):
    """Return the legal attacks of ``seat`` as ``{by: [targets]}``."""
    out = {}
    for a in ENGINE.legal_actions(state, seat):
        if a["type"] == "attack":
            out.setdefault(a["by"], []).append(a["target"])
    return out


# ------------------------------------------------------------------ setup
def test_setup_do_not_choose_a_leader():
    state = ENGINE.new_game(2, {"mode": "siege"}, 11)
    assert state["phase"] == "turn" and state["round"] == 1 and state["wave"] == "V"
    [decision] = ENGINE.pending(state)
    assert decision.kind == "turn" and decision.player == state["first"] == state["turn"]
    assert all(p["unit"]["L"] is None for p in state["players"])
    assert not any(a["type"] in ("leader", "leader_action") for a in ENGINE.legal_actions(state, state["turn"]))
    # no Leader leaves the opening hand of 5 (ours): 5 in hand, 6 in the fortress, 14 in the deck
    assert [(len(p["hand"]), len(p["deck"])) for p in state["players"]] == [(5, 14), (5, 14)]


def test_setup_fortress_is_the_top_two_cards_behind_each_column():
    from bot.games.base import rng_for

    state = ENGINE.new_game(2, {"mode": "siege"}, 11)
    for seat in range(2):
        deck = list(all_cards(state, seat))
        rng_for(11, "deal", 1, seat).shuffle(deck)
        player = state["players"][seat]
        assert player["hand"] == deck[:5]
        assert player["fortress"] == [deck[5:7], deck[7:9], deck[9:11]]
        assert player["deck"] == deck[11:]


def test_setup_built_decks_play_heroes_only_the_leader_stack_stays_aside():
    import random

    decks = [random_deck(random.Random(s), "standard") for s in (1, 2)]
    state = ENGINE.new_game(2, {"mode": "siege", "decks": decks}, 5)
    for seat in range(2):
        player = state["players"][seat]
        leaders = set(player["leaders"])
        assert len(leaders) == 4 and len(player["hand"]) == 5
        assert [len(c) for c in player["fortress"]] == [2, 2, 2]
        placed = player["hand"] + player["deck"] + [c for col in player["fortress"] for c in col]
        assert not leaders & set(placed)
        assert len(placed) == len(decks[seat]["heroes"])


def test_setup_unit_has_three_flank_slots():
    state = position(hands={0: ["marshal"]}, wave="F")
    slots = [a["slot"] for a in ENGINE.legal_actions(state, 0) if a["type"] == "recruit"]
    assert slots == ["F0", "L", "F2"]
    state = act(state, 0, {"type": "recruit", "card": cid(state, 0, "marshal"), "slot": "L"})
    entry = state["players"][0]["unit"]["L"]
    assert entry["kind"] == "hero" and entry["card"] == cid(state, 0, "marshal") and entry["fresh"]


def test_centre_flank_hero_acts_in_the_flank_wave_and_moves():
    state = position(units={0: {"L": "lorekeeper", "V1": {"key": "marshal", "corpse": True}},
                            1: {"V0": "stonehide"}}, wave="F")
    legal = ENGINE.legal_actions(state, 0)
    assert {"type": "spell", "by": "L", "target": None} in legal  # Lorekeeper's Flank Spell: draw a card
    assert {"type": "attack", "by": "L", "target": "1:V0"} in legal  # V1 holds a Corpse: L is in Melee
    assert {"type": "move", "from": "L", "to": "F0"} in legal
    assert {"type": "switch", "a": "V1", "b": "L"} in legal
    assert {"type": "clear_corpse", "slot": "V1"} in legal
    assert attacks(state, 0)["L"] == ["1:V0", "1:fortress1", "1:fortress2"]
    state = act(state, 0, {"type": "move", "from": "L", "to": "F0"})
    assert state["players"][0]["unit"]["L"] is None
    moved = position(units={0: {"F0": "lorekeeper"}}, wave="V")
    assert {"type": "move", "from": "F0", "to": "L"} in ENGINE.legal_actions(moved, 0)


def test_centre_flank_hero_recruited_this_wave_acts_next_round():
    state = position(hands={0: ["bladedancer"]}, units={1: {"R2": "marshal"}}, wave="F", actions=1)
    state = act(state, 0, {"type": "recruit", "card": cid(state, 0, "bladedancer"), "slot": "L"})
    assert state["turn"] == 1  # one action: the turn ended by itself
    while not (state["round"] == 3 and state["wave"] == "F" and state["turn"] == 0):
        state = ENGINE.apply(state, state["turn"], {"type": "end"})
    entry = state["players"][0]["unit"]["L"]
    assert not entry["fresh"]
    assert "1:fortress0" in attacks(state, 0)["L"]


def test_effects_that_target_a_leader_do_nothing():
    # Field Surgeon's Flank power: "At the end of your turn, remove 1 damage from your Leader."
    state = position(units={0: {"F0": "surgeon", "L": {"key": "marshal", "damage": 2}}}, wave="V")
    state = act(state, 0, {"type": "end"})
    assert state["players"][0]["unit"]["L"]["damage"] == 2
    # a static ability for "your Leader" reaches nobody, not the Hero in the centre slot
    assert static_targets(state, 0, "F0", "leader") == []
    # "Spell: Remove 3 damage from your Leader or a Hero of yours" still heals that Hero as a Hero
    state = position(units={0: {"F0": "brewmother", "L": {"key": "marshal", "damage": 4}}}, wave="F")
    state = act(state, 0, {"type": "spell", "by": "F0", "target": "0:L"})
    assert state["players"][0]["unit"]["L"]["damage"] == 1


def test_effects_that_target_a_rival_leader_do_nothing():
    from bot.games.pixel_tactics.effects import apply_effects

    state = position(units={1: {"L": {"key": "marshal", "damage": 1}}})
    apply_effects(state, {"seat": 0, "source": None, "target": None, "target_card": None, "event": None,
                          "depth": 0}, [{"op": "damage", "amount": 2, "to": "rival_leader"}])
    assert state["players"][1]["unit"]["L"]["damage"] == 1


def test_no_leader_no_rout_a_centre_hero_with_lethal_damage_becomes_a_corpse():
    state = position(units={0: {"L": {"key": "lorekeeper", "damage": 9}}, 1: {"V0": "marshal"}}, turn=1,
                     wave="V", actions=0)
    state["first"] = 0
    state = ENGINE.apply(state, 1, {"type": "end"})  # the second seat of the wave: casualties
    assert state["status"] == "playing" and state["wave"] == "F"
    assert state["players"][0]["unit"]["L"]["kind"] == "corpse"


# --------------------------------------------------------------- gameplay
def test_melee_attack_may_target_the_fortress_of_a_column_with_no_live_heroes():
    state = position(units={0: {"V1": "bladedancer"},
                            1: {"V0": "marshal", "V1": {"key": "stonehide", "corpse": True}, "R2": "lorekeeper"}})
    # column 0 has a living Hero; column 1 only a Corpse; column 2 a living Hero in the Rear
    assert attacks(state, 0) == {"V1": ["1:V0", "1:R2", "1:fortress1"]}


def test_only_a_melee_attack_can_hit_a_fortress():
    # Skyshot in the Flank is Ranged, but behind a living Vanguard Hero it is not in Melee
    state = position(units={0: {"V0": "marshal", "F0": "skyshot"}, 1: {"V2": "lorekeeper"}}, wave="F")
    assert attacks(state, 0) == {"F0": ["1:V2"]}


def test_no_attack_on_a_fortress_during_the_ceasefire():
    state = position(units={0: {"V1": "bladedancer"}}, round_no=1)
    assert attacks(state, 0) == {}


def test_attacked_player_takes_one_fortress_card_of_that_column_into_hand():
    state = position(units={0: {"V1": "bladedancer"}}, hands={1: ["marshal"]},
                     fortress={1: [["stonehide", "lorekeeper"], ["surgeon"], []]})
    state = act(state, 0, {"type": "attack", "by": "V1", "target": "1:fortress0"})
    defender = state["players"][1]
    assert defender["hand"] == [cid(state, 1, "marshal"), cid(state, 1, "stonehide")]
    assert defender["fortress"] == [[cid(state, 1, "lorekeeper")], [cid(state, 1, "surgeon")], []]
    assert state["status"] == "playing" and state["players"][0]["unit"]["V1"]["acted"]
    assert state["log"][-1] == ("Bladedancer hits Seat 2's fortress behind the left column: Seat 2 takes one of "
                                "its cards into their hand (1 left there).")
    assert ENGINE.view(state, None)["siege"]["fortress"] == [[0, 0, 0], [1, 1, 0]]


def test_a_successful_melee_attack_on_a_column_without_fortress_cards_ends_the_game():
    state = position(units={0: {"V1": "bladedancer"}}, fortress={1: [["stonehide"], ["surgeon"], []]})
    state = act(state, 0, {"type": "attack", "by": "V1", "target": "1:fortress2"})
    assert state["status"] == state["phase"] == "finished" and ENGINE.pending(state) == []
    assert ENGINE.result(state).winners == [0]
    assert state["log"][-3:] == [
        "Bladedancer breaks through Seat 2's fortress behind the right column, which holds no card: the siege is won.",
        "Seat 1 wins game 1 and takes a trophy.", "Seat 1 wins the match with 1 trophy."]


def test_a_won_siege_game_gives_a_trophy_and_the_winner_goes_first_next():
    state = position(units={0: {"V1": "bladedancer"}}, trophies=2, turn=0)
    state["first"] = 1
    state = act(state, 0, {"type": "attack", "by": "V1", "target": "1:fortress1"})
    assert state["status"] == "playing" and state["game_no"] == 2
    assert state["trophies"] == [[[]], []]
    assert state["first"] == 0 and state["turn"] == 0 and state["round"] == 1
    # the loser draws one extra card per trophy its rival holds
    assert [len(p["hand"]) for p in state["players"]] == [5, 6]
    assert [[len(c) for c in p["fortress"]] for p in state["players"]] == [[2, 2, 2], [2, 2, 2]]


def test_an_attack_a_trap_redirects_is_not_a_successful_attack_on_the_fortress():
    # Iron Sentry's Trap: "When a Rival attacks: the Attack hits a Hero of yours instead."
    state = position(units={0: {"V1": "bladedancer"}, 1: {"V0": "stonehide"}},
                     reserve={1: {0: ("ironsentry", "always")}})
    state = act(state, 0, {"type": "attack", "by": "V1", "target": "1:fortress2"})
    assert state["status"] == "playing"
    assert state["players"][1]["unit"]["V0"]["damage"] == 2  # Bladedancer 4 - Stonehide's 2 less
    assert cid(state, 1, "ironsentry") in state["players"][1]["discard"]


def test_the_defender_is_asked_about_a_fortress_attack():
    state = position(units={0: {"V1": "bladedancer"}, 1: {"V0": "stonehide"}},
                     reserve={1: {0: ("ironsentry", "ask")}})
    state = act(state, 0, {"type": "attack", "by": "V1", "target": "1:fortress2"})
    assert state["phase"] == "trap"
    [decision] = ENGINE.pending(state)
    assert decision.player == 1
    assert decision.prompt.startswith("Seat 1 attacks Seat 2's fortress behind the right column with Bladedancer")
    state = act(state, 1, {"type": "decline"})
    assert state["status"] == "finished" and ENGINE.result(state).winners == [0]


def test_after_attack_reactions_fire_on_a_fortress_hit():
    # Skyshot's Vanguard power: "After this Hero attacks, it gains [+1 Attack]."
    state = position(units={0: {"V0": "skyshot"}}, fortress={1: [["marshal"], [], []]})
    state = act(state, 0, {"type": "attack", "by": "V0", "target": "1:fortress0"})
    assert state["players"][0]["unit"]["V0"]["statuses"] == ["+1 Attack"]


def test_a_fortress_hit_cannot_be_undone_an_ordinary_move_can():
    state = position(units={0: {"V1": "bladedancer", "V0": "marshal"}}, fortress={1: [["stonehide"], [], []]})
    action = {"type": "attack", "by": "V1", "target": "1:fortress0"}
    after = act(state, 0, action)
    assert not ENGINE.undo_allowed(state, after, 0, action)
    move = {"type": "move", "from": "V0", "to": "F0"}
    assert ENGINE.undo_allowed(state, act(state, 0, move), 0, move)


def test_describe_a_fortress_attack():
    state = position(units={0: {"V1": "bladedancer"}})
    action = {"type": "attack", "by": "V1", "target": "1:fortress0"}
    assert ENGINE.describe_action(state, 0, action) == \
        "attacked Seat 2's fortress behind the left column with Bladedancer (0:V1)"


def test_an_attack_on_a_guarded_fortress_is_refused():
    state = position(units={0: {"V1": "bladedancer"}, 1: {"V0": "marshal"}})
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, {"type": "attack", "by": "V1", "target": "1:fortress0"})
    assert str(err.value) == "That fortress is guarded: a living Hero stands in its column."


@pytest.mark.parametrize("action, state_args, words", [
    ({"type": "attack", "by": "F0", "target": "1:fortress1"}, {"units": {0: {"V0": "marshal", "F0": "skyshot"}},
                                                               "wave": "F"},
     "Only a Hero in Melee (the foremost of its column) can attack a fortress."),
    ({"type": "attack", "by": "V1", "target": "1:fortress1"}, {"units": {0: {"V1": "marshal"}}, "round_no": 1},
     "No Attacks during the Ceasefire (the whole first round)."),
    ({"type": "attack", "by": "V1", "target": "0:fortress1"}, {"units": {0: {"V1": "marshal"}}},
     "Attack a rival's fortress."),
    ({"type": "spell", "by": "L", "target": None}, {"units": {0: {"L": {"key": "lorekeeper", "acted": True}}},
                                                    "wave": "F"}, "That Hero has already acted this turn."),
    ({"type": "attack", "by": "L", "target": "1:fortress1"}, {"units": {0: {"L": "lorekeeper"}}},
     "Only Heroes of the Vanguard row act in the Vanguard wave."),
    ({"type": "move", "from": "L", "to": "V0"}, {"units": {0: {"L": {"key": "lorekeeper", "fresh": True}}}},
     "A Hero recruited this wave cannot attack, cast or move."),
])
def test_refusals_name_the_siege_reason(action, state_args, words):
    state = position(**state_args)
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, action)
    assert str(err.value) == words


# -------------------------------------------------------------- our rules
def test_fortress_cards_are_hidden_from_both_seats():
    state = ENGINE.new_game(2, {"mode": "siege"}, 3)
    walls = siege.fortress_cards(state)
    assert len(walls) == 12
    for viewer in (None, 0, 1):
        view = ENGINE.view(state, viewer)
        text = json.dumps(view)
        assert not any(c in text for c in walls)
        assert view["mode"] == "siege"
        assert view["siege"] == {"fortress": [[2, 2, 2], [2, 2, 2]], "last_round": 20}


def test_round_limit_lifts_the_siege_more_fortress_cards_win():
    state = position(fortress={0: [["marshal"], [], []], 1: [["stonehide"], ["surgeon"], []]},
                     round_no=20, wave="R", turn=1, actions=0)
    state["first"] = 0
    state = ENGINE.apply(state, 1, {"type": "end"})
    assert state["status"] == "finished" and ENGINE.result(state).winners == [1]
    assert any("Round 20 is over: the siege is lifted; Seat 2 has more of its fortress standing." in line
               for line in state["log"])


def test_round_limit_equal_fortresses_more_living_heroes_win_else_a_tie():
    state = position(units={0: {"V0": "marshal"}}, round_no=20, wave="R", turn=1, actions=0, trophies=2)
    state["first"] = 0
    won = ENGINE.apply(state, 1, {"type": "end"})
    assert won["trophies"] == [[[]], []] and won["game_no"] == 2
    state["players"][0]["unit"]["V0"] = None
    state["players"][0]["deck"].append(cid(state, 0, "marshal"))
    tied = ENGINE.apply(state, 1, {"type": "end"})
    assert tied["trophies"] == [[], []] and tied["game_no"] == 2 and tied["status"] == "playing"
    assert any("a tie: no trophy" in line for line in tied["log"])


def test_the_round_before_the_limit_goes_on():
    state = position(round_no=19, wave="R", turn=1, actions=0)
    state["first"] = 0
    state = ENGINE.apply(state, 1, {"type": "end"})
    assert state["status"] == "playing" and state["round"] == 20


def test_default_action_is_legal_and_leaving_gives_the_rival_the_match():
    state = position(units={0: {"V1": "bladedancer"}})
    assert ENGINE.default_action(state, 0) in ENGINE.legal_actions(state, 0)
    left = ENGINE.leave(state, 0)
    assert left["status"] == "finished" and ENGINE.result(left).winners == [1]


def test_json_round_trip_and_determinism():
    one = ENGINE.new_game(2, {"mode": "siege", "trophies": 3}, 42)
    two = ENGINE.new_game(2, {"mode": "siege", "trophies": 3}, 42)
    assert one == two and ENGINE.from_json(ENGINE.to_json(one)) == one
    assert ENGINE.new_game(2, {"mode": "siege"}, 43) != one
