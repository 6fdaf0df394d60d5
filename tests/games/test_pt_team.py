"""Team Cross Duel (issue #12): one test per rule of the rulebook's Team Cross Duel text (GAME MODES) and per point
of the shared team design, with hand-worked positions built from real 4-seat games (docs/rules/pt_modes/team.md).
Content version 1 core sets (each seat its own mirror copy), so the figures below are version 1's."""

import pytest

from bot.games.base import BadOptions, IllegalAction, NotYourTurn
from bot.games.pixel_tactics import PixelTacticsEngine, match
from bot.games.pixel_tactics.effects import deal_damage, make_event
from bot.games.pixel_tactics.modes import teams
from bot.games.pixel_tactics.state import new_entry
from bot.games.pixel_tactics.stats import board_of
from bot.games.pixel_tactics.traps import responders

ENGINE = PixelTacticsEngine()
LEADERS = ("marshal", "stonehide", "brewmother", "shieldwarden")  # Life 19, 16, 21, 24 (version 1)


def new(seed=7, points=3):
    """Return a new Team Cross Duel (core sets, content 1), the four Leader picks pending."""
    return match.new_match(4, 1, seed, "core", mode="team", points=points)


def take(state, seat, key, owner=None):
    """Remove ``owner``'s (default ``seat``'s) card ``key`` from that owner's deck, hand or discard; return its id."""
    owner = seat if owner is None else owner
    card_id = f"{owner}.{key}"
    for pile in ("hand", "deck", "discard"):
        if card_id in state["players"][owner][pile]:
            state["players"][owner][pile].remove(card_id)
            return card_id
    raise AssertionError(f"{card_id} is not in a pile")


def started(seed=7, leaders=LEADERS, points=3):
    """Return a Team Cross Duel after the four Leader picks (``leaders``, put in hand first), round 1 begun."""
    state = new(seed, points)
    for seat, key in enumerate(leaders):
        hand = state["players"][seat]["hand"]
        card_id = f"{seat}.{key}"
        if card_id not in hand:
            take(state, seat, key)
            state["players"][seat]["deck"].append(hand.pop())
            hand.append(card_id)
        state = ENGINE.apply(state, seat, {"type": "leader", "card": card_id})
    return state


def put(state, seat, slot, key, owner=None, kind="hero"):
    """Put ``owner``'s card ``key`` (taken from its piles) into ``seat``'s ``slot`` (ready to act); return its id."""
    card_id = take(state, seat, key, owner)
    state["players"][seat]["unit"][slot] = new_entry(card_id, kind)
    return card_id


def end_turns(state, count):
    """End ``count`` turns in a row."""
    for _ in range(count):
        state = ENGINE.apply(state, state["turn"], {"type": "end"})
    return state


def round_two(seed=7, leaders=LEADERS, points=3):
    """Return a game at round 2's Vanguard wave (the Ceasefire over; seat 1 goes first)."""
    return end_turns(started(seed, leaders, points), 12)


def rout(state, *down):
    """Put lethal damage on the Leaders of ``down``, then end turns until the wave is over."""
    board = board_of(state)
    for seat in down:
        state["players"][seat]["unit"]["L"]["damage"] = board["units"][f"{seat}:L"]["life"]
    wave = (state["round"], state["wave"])
    while state["phase"] == "turn" and (state["round"], state["wave"]) == wave:
        state = ENGINE.apply(state, state["turn"], {"type": "end"})
    return state


def legal(state, kind=None):
    """Return the legal actions of the seat to act (of one type)."""
    return [a for a in ENGINE.legal_actions(state, state["turn"]) if kind is None or a["type"] == kind]


# ------------------------------------------------------------------------------------------- players, setup
def test_players_four_in_two_teams_of_two():
    state = ENGINE.new_game(4, {"mode": "team"}, 3)
    assert state["mode"] == "team" and len(state["players"]) == 4 and state["target"] == 1
    with pytest.raises(BadOptions):
        ENGINE.new_game(2, {"mode": "team"}, 3)
    with pytest.raises(BadOptions):
        ENGINE.new_game(4, {"mode": "team", "trophies": 2}, 3)
    assert [teams.team_of(state, s) for s in range(4)] == [0, 1, 0, 1]
    assert teams.allies(state, 0) == [2] and teams.enemies(state, 0) == [1, 3] and teams.enemies(state, 3) == [0, 2]


def test_materials_core_sets_each_seat_its_own_mirror_copy():
    state = new()
    for seat in range(4):
        player = state["players"][seat]
        assert len(player["hand"]) == 5 and len(player["deck"]) == 20
        assert all(c.startswith(f"{seat}.") for c in player["hand"] + player["deck"])
    assert sorted(c.split(".", 1)[1] for c in state["players"][0]["hand"] + state["players"][0]["deck"]) == \
        sorted(c.split(".", 1)[1] for c in state["players"][3]["hand"] + state["players"][3]["deck"])


def test_setup_each_player_draws_and_selects_a_leader_as_normal():
    state = new()
    assert [d.player for d in ENGINE.pending(state)] == [0, 1, 2, 3]
    state = ENGINE.apply(state, 0, {"type": "leader", "card": state["players"][0]["hand"][0]})
    assert [d.player for d in ENGINE.pending(state)] == [1, 2, 3]
    public = ENGINE.view(state, 2)  # a teammate does not see the pick either
    assert public["players"][0]["unit"]["L"]["hidden"] and public["players"][0]["unit"]["L"]["card"] is None
    state = started()
    assert [state["players"][s]["unit"]["L"]["card"] for s in range(4)] == [f"{s}.{k}" for s, k in enumerate(LEADERS)]
    assert state["first"] == 0 and state["turn"] == 0 and state["round"] == 1 and state["phase"] == "turn"


# --------------------------------------------------------------------------------------------- objective
def test_objective_three_points_from_one_opponent():
    state = round_two()
    state["teams"]["defeats"] = [0, 2, 0, 0]
    state = rout(state, 1)
    assert state["status"] == "finished"
    assert state["result"]["winners"] == [0, 2] and state["result"]["ranking"] == [[0, 2], [1, 3]]
    assert state["result"]["scores"] == [3, 0, 3, 0]
    assert "Team 1 wins with 3 points" in state["result"]["reason"]


def test_objective_one_point_from_each_opponent():
    state = round_two()
    state["teams"]["defeats"] = [0, 1, 0, 0]
    state = rout(state, 3)
    assert state["status"] == "finished" and state["result"]["winners"] == [0, 2]
    assert state["teams"]["defeats"] == [0, 1, 0, 1]


def test_objective_play_to_five_points_or_two_per_opponent():
    state = round_two(points=5)
    assert ENGINE.view(state, None)["teams"]["goal"] == {"one": 5, "each": 2}
    state["teams"]["defeats"] = [0, 1, 0, 0]
    state = rout(state, 3)  # 1 from each: not enough when playing to 5
    assert state["status"] == "playing" and state["teams"]["picking"] == [3]
    state = round_two(points=5)
    state["teams"]["defeats"] = [0, 2, 0, 1]
    state = rout(state, 3)  # 2 from each
    assert state["status"] == "finished" and state["result"]["winners"] == [0, 2]
    state = round_two(points=5)
    state["teams"]["defeats"] = [4, 0, 0, 0]
    state = rout(state, 0)  # 5 from one
    assert state["result"]["winners"] == [1, 3]


def test_five_points_refused_with_built_decks():
    import random

    from tests.games.pt_play_fakes import random_deck

    rng = random.Random(5)
    decks = [random_deck(rng, "standard") for _ in range(4)]
    with pytest.raises(BadOptions, match="5"):
        ENGINE.new_game(4, {"mode": "team", "points": 5, "decks": decks}, 1)


def test_a_point_each_time_an_enemy_leader_is_defeated():
    state = round_two()
    state = rout(state, 1)
    assert state["teams"]["defeats"] == [0, 1, 0, 0]
    assert teams.team_points(state) == [1, 0]
    view = ENGINE.view(state, None)["teams"]
    assert view["points"] == [1, 0] and view["defeats"] == [0, 1, 0, 0]
    assert [c["id"] for c in view["set_aside"][1]] == ["1.stonehide"]
    assert "Seat 2's Leader Stonehide is defeated: a point for Team 1." in state["log"]


def test_both_teams_at_their_goal_more_points_wins_else_a_draw():
    state = round_two()
    state["teams"]["defeats"] = [2, 2, 0, 1]
    state = rout(state, 0, 1)  # Team 1: 3 + 1 = 4 points, Team 2: 3
    assert state["result"]["winners"] == [0, 2]
    state = round_two()
    state["teams"]["defeats"] = [2, 2, 0, 0]
    state = rout(state, 0, 1)  # 3 each
    assert state["result"]["winners"] == [] and state["result"]["ranking"] == [[0, 1, 2, 3]]
    assert "draw" in state["result"]["reason"]


# ------------------------------------------------------------------------------------------------- turns
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


# --------------------------------------------------------------------------------------- losing a Leader
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


# ---------------------------------------------------------------------------------------- rivals, foes
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
        "ceasefire_seat": None, "reach": [[[1, 1], [3, 1]], [[2, 1], [0, 1]], [[3, 1], [1, 1]], [[0, 1], [2, 1]]]}
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
