"""The organiser's tools (void, override, drop, replace), sign-up edits, and the state as JSON."""

import json

import pytest

import bot.league as L

from .helpers import A, B, C, D, accepted, battle, drafted, row, running, signed_up

E = 104


def test_override_turns_a_result_around_and_decides_an_unplayed_battle():
    lg, cid = battle(running(), A, B, "green_shrine", "blue_granary", 501, A)
    lg = L.override(lg, cid, B)
    v = L.view(lg, cid)
    assert (v.winner, v.captured, v.overridden) == (B, "blue_granary", True)
    assert "green_shrine" in L.available_bases(lg, B) and "blue_granary" not in L.available_bases(lg, A)
    assert (row(lg, A).projected, row(lg, B).projected) == (8, 4 + 10)
    lg = L.override(lg, cid, None)
    assert L.view(lg, cid).tie and row(lg, A).projected == row(lg, B).projected == 10
    assert len(L.available_leaders(lg, A)) == 4  # a tie still retires both Leaders
    # a battle whose game never came: decided outright; its game's late result then changes nothing
    lg, cid = accepted(lg, C, D)
    with pytest.raises(L.LeagueError, match="both choices are needed"):
        L.override(lg, cid, C)
    lg = L.choose(lg, cid, C, L.available_leaders(lg, C)[0], "red_forge")
    lg = L.choose(lg, cid, D, L.available_leaders(lg, D)[0], "teal_shrine")
    lg = L.attach_game(lg, cid, 502)
    lg = L.override(lg, cid, D)
    assert L.record_result(lg, 502, C) == lg
    assert L.view(lg, cid).captured == "teal_shrine"
    with pytest.raises(L.LeagueError, match="did not play"):
        L.override(lg, cid, A)


def test_void_undoes_a_capture_even_after_its_cycle_was_scored():
    lg, cid = battle(running(), A, B, "green_shrine", "blue_granary", 501, A)
    lg = L.end_cycle(lg)
    assert (row(lg, A).total, row(lg, B).total) == (15, 8)
    lg = L.void(lg, cid)
    # the sheets are recomputed from the results that count (ours)
    assert (row(lg, A).total, row(lg, B).total) == (10, 10)
    with pytest.raises(L.LeagueError, match="no result or game to void"):
        L.void(lg, cid)
    lg = L.challenge(running(), A, B)
    lg = L.void(lg, 1)  # an offer can be voided too: it is gone
    assert L.view(lg, 1).status == "void"
    lg = L.challenge(lg, A, B)  # and the pair may challenge again


def test_drop_retires_the_players_bases_and_keeps_the_captures():
    lg, _ = battle(running(), D, C, "teal_shrine", "red_forge", 501, D)
    lg, _ = battle(lg, C, A, "blue_granary", "teal_rampart", 502, C)
    lg = L.challenge(lg, C, B)
    lg = L.drop(lg, C)
    assert L.view(lg, 3).status == "lapsed"
    with pytest.raises(L.LeagueError, match="Cy has left the league"):
        L.challenge(lg, A, C)
    with pytest.raises(L.LeagueError, match="has left"):
        L.drop(lg, C)
    c = row(lg, C)
    assert c.dropped and c.projected == 0
    assert [(b["key"], b["state"]) for b in c.bases] == [
        ("teal_watchtower", "retired"), ("teal_rampart", "retired"), ("teal_shrine", "captured"),
        ("teal_barracks", "retired"), ("teal_signaltower", "retired")]
    # Dee's capture of Cy's Shrine and Cy's capture of Ada's Granary keep counting for the others' sheets
    assert row(lg, D).projected == 5 + 10 and row(lg, A).projected == 8
    lg = L.end_cycle(lg)
    assert row(lg, C).cycle_scores == [0]
    assert L.waiting_discards(lg) == [A, B, D]
    lg = L.close_discards(lg)
    assert L.draft_state(lg).order == [A, B, D]  # lowest total first: Ada 8, Bob 10, Dee 15


def test_drop_during_the_draft_and_the_discards_moves_on():
    lg = L.start(signed_up())
    first = L.draft_state(lg).user_id
    lg = L.auto_pick(lg)
    lg = L.drop(lg, first)
    view = L.draft_state(lg)
    assert view.user_id != first and view.turn == 1
    lg = drafted(lg)
    assert lg["phase"] == "cycle"
    lg = L.end_cycle(running())
    for uid in (A, B, C):
        lg = L.discard_leaders(lg, uid, [])
    lg = L.drop(lg, D)  # the last one to answer leaves: the redraft opens
    assert lg["phase"] == "draft" and D not in L.draft_state(lg).order


def test_a_dropped_player_cannot_win():
    lg = running(cycles=1)
    lg, _ = battle(lg, A, B, "green_shrine", "blue_granary", 501, A)
    lg = L.drop(lg, A)
    lg = L.end_cycle(lg)
    assert L.is_over(lg) and row(lg, A).total == 0
    assert L.winners(lg) == [C, D]  # 10 each; Bob 8 (his Shrine stays captured)


def test_replace_hands_the_seat_over_with_its_history():
    lg, cid = battle(running(), A, B, "green_shrine", "blue_granary", 501, A)
    lg, open_id = accepted(lg, C, B)
    lg = L.replace(lg, B, E, "Eve")
    with pytest.raises(L.LeagueError, match="not in this league"):
        L.pool_of(lg, B)
    e = row(lg, E)
    assert (e.name, e.colour, e.losses) == ("Eve", "green", 1)
    assert {"key": "green_shrine", "points": 5, "state": "captured", "by": A} in e.bases
    assert row(lg, A).captured[0]["from"] == E
    v = L.view(lg, open_id)
    assert (v.by, v.to) == (C, E)
    lg = L.choose(lg, open_id, E, L.available_leaders(lg, E)[0], "teal_shrine")
    with pytest.raises(L.LeagueError, match="already in this league"):
        L.replace(lg, C, A, "Ada")


def test_sign_up_edits():
    lg = signed_up(players=(A, B))
    lg = L.remove_player(lg, B)
    assert [p["id"] for p in lg["players"]] == [A]
    with pytest.raises(L.LeagueError, match="not in this league"):
        L.remove_player(lg, B)
    with pytest.raises(L.LeagueError, match="already in"):
        L.add_player(lg, A, "Ada")
    lg = L.new_league(1, 2, 7, None, None, None, [], [], max_players=2)
    lg = L.add_player(L.add_player(lg, A, "Ada"), B, "Bob")
    with pytest.raises(L.LeagueError, match="full"):
        L.add_player(lg, C, "Cy")
    with pytest.raises(L.LeagueError, match="organiser can drop"):
        L.remove_player(L.start(lg), A)


def test_the_state_is_plain_json_and_calls_never_change_their_input():
    lg = running()
    before = json.dumps(lg, sort_keys=True)
    after, cid = battle(lg, A, B, "green_shrine", "blue_granary", 501, A)
    assert json.dumps(lg, sort_keys=True) == before
    again = json.loads(json.dumps(after))
    assert again == after
    # the round-tripped state plays on exactly like the original
    assert L.end_cycle(again) == L.end_cycle(after)
    assert L.sheet(again) == L.sheet(after)
