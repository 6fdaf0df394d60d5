"""Team modes in words in Discord (issue #12): chooser targets name whose Unit they are in (member and team), the
Long Action, the ``foe`` choice, Moves into and out of an ally's Unit, an ally's Corpse; the headline's score,
a fallen Leader, the winning team; and over random 4- and 6-seat games every legal action has its own path."""

import random

import pytest

from bot.games.pixel_tactics import PixelTacticsEngine
from cogs.pixel_tactics import guide_path
from cogs.pixel_tactics.labels import member_team, ref_label, side_of
from cogs.pixel_tactics.team_posts import falls, restart_line, score, winners_line

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]


def hero(name, attack=2, life=4, damage=0):
    return {"card": {"name": name}, "attack": attack, "life": life, "damage": damage}


def unit(**slots):
    base = {s: None for s in ("V0", "V1", "V2", "F0", "F2", "R0", "R1", "R2")}
    return {**base, "L": hero("Leader", 3, 20), **slots}


def team_view():
    """Team Cross Duel seen by seat 0 (Team 1 = seats 0, 2; Team 2 = seats 1, 3)."""
    players = [{"unit": unit(V0=hero("Stonehide", 2, 5, 1)), "reserve": []},
               {"unit": unit(V0=hero("Rimecaster")), "reserve": []},
               {"unit": unit(F0={"card": {"name": "Glass Oracle"}, "kind": "corpse"}), "reserve": []},
               {"unit": unit(R2=hero("Skyshot", 3, 3)), "reserve": []}]
    return {"mode": "team", "players": players, "round": 2, "phase": "turn",
            "teams": {"kind": "team", "team_of": [0, 1, 0, 1], "points": [0, 1], "goal": {"one": 3, "each": 1},
                      "defeats": [1, 0, 0, 0], "ceasefire_seat": None}}


def king_view():
    """King seen by seat 0 (Team 1's King; teams {0, 1, 5} and {2, 3, 4})."""
    players = [{"unit": unit(V1=hero("Stonehide")), "reserve": []} for _ in range(6)]
    return {"mode": "king", "players": players, "round": 1, "phase": "turn",
            "teams": {"kind": "king", "team_of": [0, 0, 1, 1, 1, 0], "points": [0, 1], "goal": None,
                      "defeats": [0, 0, 0, 0, 0, 0], "ceasefire_seat": None}}


def labels(view, action, seat=0):
    return [s.label for s in guide_path(view, seat, action, NAMES)]


def test_targets_name_the_member_and_team_whose_unit_they_are_in():
    view = team_view()
    assert side_of(view, 0, 0, NAMES) == "Your" and side_of(view, 0, 3, NAMES) == "Di's (Team 2)"
    assert ref_label(view, 0, "1:V0", NAMES) == "Bo's (Team 2) Vanguard left: Rimecaster (2/4, 0 damage)"
    assert labels(view, {"type": "attack", "by": "V0", "target": "3:R2"}) == [
        "Attack", "Vanguard left: Stonehide (2/5, 1 damage)", "Di's (Team 2) Rear right: Skyshot (3/3, 0 damage)"]
    assert ref_label(view, 0, "1:V0") == "Seat 2's (Team 2) Vanguard left: Rimecaster (2/4, 0 damage)"
    duel = {**team_view(), "mode": "classic", "teams": None}
    assert ref_label(duel, 0, "1:V0", NAMES) == "Rival's Vanguard left: Rimecaster (2/4, 0 damage)"


def test_a_long_action_attack_is_marked_with_its_cost():
    view = king_view()
    path = guide_path(view, 0, {"type": "attack", "by": "V1", "target": "3:L", "long": True}, NAMES)
    assert [s.label for s in path][-1] == "Di's (Team 2) Leader: Leader (3/20, 0 damage) (Long Action, 2 actions)"
    assert "takes both your actions" in path[-1].description
    assert labels(view, {"type": "attack", "by": "V1", "target": "2:V1"}, 1)[-1] == \
        "Cy's (Team 2) Vanguard centre: Stonehide (2/4, 0 damage)"


def test_the_foe_choice_names_the_rival():
    view = team_view()
    assert labels(view, {"type": "order", "card": "0.x@3", "foe": 3}) == ["Play an Order", "a card", "…against Di (Team 2)"]
    assert labels(view, {"type": "order", "card": "0.x@3", "foe": 1})[-1] == "…against Bo (Team 2)"
    assert member_team(king_view(), 4, NAMES) == "Ed (Team 2)"


def test_moves_into_and_out_of_an_allys_unit_and_an_allys_corpse():
    view = team_view()
    assert labels(view, {"type": "move", "from": "V0", "to": "R1", "to_seat": 2}) == [
        "Move a Hero", "Vanguard left: Stonehide (2/5, 1 damage)", "Into Cy's (Team 1) Rear centre"]
    assert labels(view, {"type": "move", "from": "V0", "to": "V2", "from_seat": 2})[1:] == [
        "Cy's (Team 1) Vanguard left", "Vanguard right"]
    assert labels(view, {"type": "move", "from": "V0", "to": "V2"})[1:] == [
        "Vanguard left: Stonehide (2/5, 1 damage)", "Vanguard right"]
    assert labels(view, {"type": "clear_corpse", "slot": "F0", "seat": 2}) == [
        "Clear a corpse", "Cy's (Team 1) Flank left: corpse of Glass Oracle"]


def test_headline_score_restart_fall_and_winning_team():
    view = team_view()
    assert score(view) == "Team Cross Duel · points 0–1 (3 from one rival or 1 from each)"
    assert score(king_view()) == "King · Knights out 0–1"
    assert restart_line(view, NAMES) == ""
    view["teams"]["ceasefire_seat"] = 0
    assert restart_line(view, NAMES).startswith(" · 🕊️ Ana (Team 1) restarts: a Ceasefire round alone")
    before = team_view()
    before["teams"].update(defeats=[0, 0, 0, 0], points=[0, 0])
    assert falls(before, team_view(), NAMES) == [
        "⚔️ **Ana (Team 1)**'s Leader falls: the other team scores (points 0–1). Ana restarts with a new Leader."]
    king = king_view()
    king["teams"]["defeats"][2] = 1
    assert falls(king_view(), king, NAMES) == [
        "⚔️ **Cy (Team 2)**'s Leader falls: the Knight is eliminated and its Unit leaves the table."]
    mentions = [f"<@{i}>" for i in range(6)]
    assert winners_line({**team_view(), "result": {"winners": [1, 3]}}, mentions) == \
        "🏆 Team 2 wins the match: <@1> and <@3>!"
    assert winners_line({**king_view(), "result": {"winners": [0, 1, 5]}}, mentions) == \
        "🏆 Team 1 wins the match: <@0>, <@1> and <@5>!"
    assert winners_line({**team_view(), "result": {"winners": []}}, mentions) == "The match ended in a draw."


@pytest.mark.parametrize("mode, seats", [("team", 4), ("king", 6)])
def test_every_legal_action_of_random_team_games_has_its_own_path(mode, seats):
    engine = PixelTacticsEngine()
    checked, kinds = 0, set()
    for seed in range(2):
        rng = random.Random(seed)
        state = engine.new_game(seats, {"mode": mode}, seed)
        for _ in range(250):
            if engine.is_terminal(state):
                break
            decision = rng.choice(engine.pending(state))
            view = engine.view(state, decision.player)
            paths = {}
            legal = engine.legal_actions(state, decision.player)
            for action in legal:
                path = tuple(s.label for s in guide_path(view, decision.player, action, NAMES[:seats]))
                assert path or action["type"] in ("end", "leader", "activate", "decline"), action
                if path:
                    assert paths.setdefault(path, action) == action, (path, action, paths[path])
                    checked += 1
                    kinds |= {k for k in ("foe", "long", "to_seat", "from_seat", "seat") if k in action}
                    if "target" in action and action["target"] and int(action["target"][0]) != decision.player:
                        assert NAMES[int(action["target"][0])] in path[-1 if "foe" not in action else -2]
            state = engine.apply(state, decision.player, rng.choice(legal))
    assert checked > 500 and {"to_seat", "from_seat"} <= kinds
