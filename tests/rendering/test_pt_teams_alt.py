"""The alt text of the team boards (issue 12): mode, round and wave, whose turn, team points, then one short line per
Unit with its team, role and reach from the acting seat; ≤ 1,000 characters; nothing hidden named."""

from rendering.pixel_tactics import alt_board
from tests.rendering.pt_team_views import NAMES4, NAMES6, king_view, private_team_view, team_view


def test_team_cross_duel_alt_says_mode_turn_points_and_each_unit():
    alt = alt_board(team_view(), NAMES4)
    assert alt.startswith("Pixel Tactics, Team Cross Duel, Game 1, match to 2 trophies. Round 6, Flank wave, "
                          "Ada first. Bob's turn, 2 actions left. Team 1 (Ada, Cyd) 0 points; Team 2 (Bob, Dee) "
                          "1 point. Win: 3 Leaders from one rival or 1 from each. ")
    # one line per Unit, in the image's order (top row 0, 2; bottom row 1, 3), each with its reach from Bob
    order = [alt.index(f"{name} (Team") for name in ("Ada", "Cyd", "Bob", "Dee")]
    assert order == sorted(order)
    assert "Ada (Team 1, in reach): hand 0/5, deck 16, Leaders lost 1 (Rimecaster); Leader Stonehide 4/15, " \
           "6 damage;" in alt
    assert "Cyd (Team 1, in reach): " in alt and "Bob (Team 2, acting): " in alt and "Dee (Team 2, ally): " in alt
    assert "1 face-down Trap" in alt and len(alt) <= 1000


def test_king_alt_names_roles_long_actions_and_the_eliminated_knight():
    alt = alt_board(king_view(), NAMES6)
    assert "Ada's turn, 2 actions left. Team 1 (Ada, Bob, Fay) 1 rival Knight out; Team 2 (Cyd, Dee, Eve) 0 rival " \
           "Knights out. Win: rout the rival King's Leader." in alt
    assert "Eve (Team 2, Knight, eliminated)." in alt
    assert "Dee (Team 2, King, in reach by a Long Action (2 actions)): " in alt
    assert "Cyd (Team 2, Knight, in reach by a Long Action (2 actions)): " in alt
    assert "Fay (Team 1, Knight, ally): " in alt and "Ada (Team 1, King, acting): " in alt
    assert len(alt) <= 1000


def test_alt_fits_1000_characters_with_long_names():
    names = [f"{'Bartholomew the Very Long Named ' * 2}{s}" for s in range(6)]
    alt = alt_board(king_view(out=False), names)
    assert len(alt) <= 1000 and alt.endswith(".")  # shortened level by level, not cut
    assert "(Team 2, Knight, out of reach)" not in alt  # the King's turn: every rival in reach by a Long Action
    assert alt.count("in reach by a Long Action (2 actions)") == 3


def test_alt_restart_ceasefire_waiting_and_result():
    view = team_view()
    view["teams"]["ceasefire_seat"] = 1
    view["waiting"] = "Dee may respond with a face-down Trap…"
    alt = alt_board(view, NAMES4)
    assert "Ceasefire: Bob plays a restart round alone, 2 actions a wave. Dee may respond with a face-down Trap…" in alt
    view.update(phase="finished", turn=None, result={"winners": [1, 3], "ranking": [[1, 3], [0, 2]],
                                                     "reason": "Team 2 wins"})
    view["teams"]["points"] = [0, 3]
    alt = alt_board(view, NAMES4)
    assert "Game over: Team 2 wins (Bob, Dee · points 0–3)." in alt and "acting" not in alt
    view["result"] = {"winners": [], "ranking": [[0, 1, 2, 3]], "reason": "draw"}
    assert "Game over: Draw (points 0–3)." in alt_board(view, NAMES4)


def test_alt_never_names_a_hand_or_face_down_card():
    private, public = private_team_view(0), private_team_view(None)
    alt = alt_board(private, NAMES4)
    assert alt == alt_board(public, NAMES4)
    hidden = [c["id"] for c in private["hand"]] + [private["players"][0]["reserve"][0]["card"]["id"]]
    assert len(hidden) == 4 and not any(i in alt for i in hidden)
    assert "face-down Trap" in alt  # (Cinderwitch is also seat 1's public Leader: the ids tell them apart)


def test_alt_names_the_owner_of_an_allys_hero_standing_in_a_unit():
    view = team_view()
    for p in view["players"]:  # keep only the Leaders, so the most detailed level fits
        p["unit"] = {"L": p["unit"]["L"]}
    hero = {"card": {"key": "rageborn", "name": "Rageborn", "id": "0.rageborn@4"}, "id": "0.rageborn@4",
            "kind": "hero", "attack": 5, "life": 4, "damage": 1}
    view["players"][2]["unit"]["V0"] = hero  # Ada's Hero moved into Cyd's Unit
    view["players"][0]["unit"]["F0"] = {**hero, "card": {**hero["card"], "id": "0.rageborn@4#2"}}
    alt = alt_board(view, NAMES4)
    assert "V0 Rageborn 5/4, 1 damage (Ada's)" in alt  # in Cyd's line
    assert "F0 Rageborn 5/4, 1 damage." in alt  # in Ada's own Unit: no owner named
