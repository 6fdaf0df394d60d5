"""Challenges: offers and answers, the secret choices, refusals, games, captures, ties, retirements, decks."""

import pytest

import bot.league as L

from .helpers import A, B, C, D, accepted, battle, row, running


@pytest.fixture
def lg():
    league = running()
    # seed 7 deals these colours (the hand-worked examples below use their Bases)
    assert [p["colour"] for p in league["players"]] == ["blue", "green", "teal", "red"]
    return league


def test_challenge_accept_choose_secretly_then_the_game_spec(lg):
    lg = L.challenge(lg, A, B)
    assert L.view(lg, 1).status == "offered"
    with pytest.raises(L.LeagueError, match="Only Bob can answer"):
        L.answer(lg, 1, A, True)
    with pytest.raises(L.LeagueError, match="Only Bob can answer"):
        L.answer(lg, 1, C, True)
    lg = L.answer(lg, 1, B, True)
    a_leader, b_leader = L.available_leaders(lg, A)[2], L.available_leaders(lg, B)[0]
    lg = L.choose(lg, 1, A, a_leader, "green_shrine")
    # A's choice is stored but hidden from B and the public until both chose; A sees their own
    public, for_b, for_a = L.view(lg, 1), L.view(lg, 1, B), L.view(lg, 1, A)
    assert public.chosen == {A: True, B: False}
    assert public.leaders == {A: None, B: None} and public.attacks == {A: None, B: None}
    assert for_b.leaders[A] is None and for_b.attacks[A] is None
    assert for_a.leaders[A] == a_leader and for_a.attacks[A] == "green_shrine"
    assert L.ready_games(lg) == []
    with pytest.raises(L.LeagueError, match="already chosen"):
        L.choose(lg, 1, A, a_leader, "green_rampart")
    lg = L.choose(lg, 1, B, b_leader, "blue_granary")
    public = L.view(lg, 1)
    assert public.leaders == {A: a_leader, B: b_leader}
    assert public.attacks == {A: "green_shrine", B: "blue_granary"}
    [spec] = L.ready_games(lg)
    assert spec.challenge_id == 1 and spec.players == [A, B] and spec.leaders == [a_leader, b_leader]
    # each plays with their OWN Base, the one the rival chose to attack
    assert spec.bases == ["blue_granary", "green_shrine"]
    assert spec.decks[0] == {"format": "league", "leaders": [a_leader], "heroes": lg["players"][0]["deck"]}
    assert spec.options == {"trophies": 1, "decks": spec.decks, "bases": ["blue_granary", "green_shrine"]}
    lg = L.attach_game(lg, 1, 501)
    assert L.ready_games(lg) == [] and L.view(lg, 1).status == "playing"
    assert L.attach_game(lg, 1, 501) == lg
    with pytest.raises(L.LeagueError, match="does not need a game"):
        L.attach_game(lg, 1, 502)


def test_a_win_captures_the_losers_attacked_base_and_both_leaders_retire(lg):
    a_leader, b_leader = L.available_leaders(lg, A)[0], L.available_leaders(lg, B)[0]
    lg, cid = battle(lg, A, B, "green_shrine", "blue_granary", 501, A)
    v = L.view(lg, cid)
    assert (v.status, v.winner, v.tie, v.captured) == ("done", A, False, "green_shrine")
    assert a_leader not in L.available_leaders(lg, A) and b_leader not in L.available_leaders(lg, B)
    assert len(L.available_leaders(lg, A)) == 4
    assert L.available_bases(lg, B) == ["green_watchtower", "green_infirmary", "green_rampart", "green_barracks"]
    assert L.available_bases(lg, A) == ["blue_granary", "blue_infirmary", "blue_forge", "blue_barracks",
                                        "blue_signaltower"]  # the winner's attacked Base just stays
    a, b = row(lg, A), row(lg, B)
    assert a.captured == [{"key": "green_shrine", "points": 5, "from": B, "cycle": 1}]
    assert {"key": "green_shrine", "points": 5, "state": "captured", "by": A} in b.bases
    assert [x["retired"] for x in a.leaders] == [True, False, False, False, False]
    assert (a.wins, a.losses, b.wins, b.losses) == (1, 0, 0, 1)
    # if the cycle ended now: A 5 + 2 x 5 = 15, B 2 x 4 = 8
    assert (a.projected, b.projected) == (15, 8)
    # a retired Leader cannot be chosen again this cycle
    lg, cid = accepted(lg, A, B)
    with pytest.raises(L.LeagueError, match="Leaders still available"):
        L.choose(lg, cid, A, a_leader, "green_rampart")
    with pytest.raises(L.LeagueError, match="available Bases"):
        L.choose(lg, cid, A, L.available_leaders(lg, A)[0], "green_shrine")  # already captured
    with pytest.raises(L.LeagueError, match="available Bases"):
        L.choose(lg, cid, A, L.available_leaders(lg, A)[0], "blue_forge")  # one's own Base


def test_a_tie_captures_nothing_but_retires_both_leaders(lg):
    lg, cid = battle(lg, C, D, "red_granary", "teal_rampart", 502, None)
    v = L.view(lg, cid)
    assert (v.status, v.winner, v.tie, v.captured) == ("done", None, True, None)
    assert len(L.available_bases(lg, C)) == len(L.available_bases(lg, D)) == 5
    assert len(L.available_leaders(lg, C)) == len(L.available_leaders(lg, D)) == 4
    assert row(lg, C).ties == 1 and row(lg, C).projected == 10


def test_record_result_is_idempotent_and_checks_the_game(lg):
    lg, cid = battle(lg, A, B, "green_shrine", "blue_granary", 501, B)
    assert L.record_result(lg, 501, B) == lg
    assert L.record_result(lg, 501, A) == lg  # a result already recorded stays
    with pytest.raises(L.LeagueError, match="not a league game"):
        L.record_result(lg, 999, A)
    lg, cid = accepted(lg, C, D)
    lg = L.choose(lg, cid, C, L.available_leaders(lg, C)[0], "red_forge")
    lg = L.choose(lg, cid, D, L.available_leaders(lg, D)[0], "teal_shrine")
    lg = L.attach_game(lg, cid, 503)
    with pytest.raises(L.LeagueError, match="not played by"):
        L.record_result(lg, 503, A)


def test_refusals_outside_a_cycle_and_between_wrong_players():
    from .helpers import signed_up
    lg = L.start(signed_up())
    with pytest.raises(L.LeagueError, match="not in one"):
        L.challenge(lg, A, B)
    lg = running()
    with pytest.raises(L.LeagueError, match="yourself"):
        L.challenge(lg, A, A)
    with pytest.raises(L.LeagueError, match="not in this league"):
        L.challenge(lg, A, 999)
    lg = L.challenge(lg, A, B)
    with pytest.raises(L.LeagueError, match="already open"):
        L.challenge(lg, B, A)
    lg = L.answer(lg, 1, B, False)
    assert L.view(lg, 1).status == "declined"
    with pytest.raises(L.LeagueError, match="no longer waiting"):
        L.answer(lg, 1, B, True)
    lg = L.challenge(lg, A, B)
    lg = L.answer(lg, 2, A, False)  # the challenger withdraws
    assert L.view(lg, 2).status == "withdrawn"
    with pytest.raises(L.LeagueError, match="not waiting for choices"):
        L.choose(lg, 2, A, L.available_leaders(lg, A)[0], "green_shrine")
    with pytest.raises(L.LeagueError, match="no challenge #9"):
        L.answer(lg, 9, B, True)
    lg, cid = accepted(lg, A, B)
    with pytest.raises(L.LeagueError, match="not yours"):
        L.choose(lg, cid, C, L.available_leaders(lg, C)[0], "green_shrine")
    # one accepted battle at a time: A must play B first
    lg = L.challenge(lg, C, A)
    with pytest.raises(L.LeagueError, match="Ada already has an accepted challenge"):
        L.answer(lg, lg["challenges"][-1]["id"], A, True)


def test_the_pair_cap():
    lg = running(pair_cap=1)
    lg, _ = battle(lg, A, B, "green_shrine", "blue_granary", 501, A)
    with pytest.raises(L.LeagueError, match="already battled 1 time this cycle"):
        L.challenge(lg, B, A)
    lg = L.challenge(lg, A, C)  # other pairs are free
    lg = running(pair_cap=2)
    lg, _ = battle(lg, A, B, "green_shrine", "blue_granary", 501, A)
    lg, _ = battle(lg, B, A, "blue_granary", "green_rampart", 502, None)
    with pytest.raises(L.LeagueError, match="already battled 2 times this cycle"):
        L.challenge(lg, A, B)
    # the cap also holds at acceptance: two offers open to different rivals, then a third battle
    lg = running(pair_cap=1)
    lg = L.challenge(lg, A, B)
    lg, _ = battle(L.answer(lg, 1, A, False), A, B, "green_shrine", "blue_granary", 501, A)
    with pytest.raises(L.LeagueError, match="pair cap"):
        L.challenge(lg, A, B)


def test_no_base_left_and_no_leader_left():
    lg = running()
    for n, key in enumerate(["green_watchtower", "green_infirmary", "green_rampart", "green_shrine"]):
        lg, _ = battle(lg, A, B, key, "blue_granary", 600 + n, A)
    assert L.available_bases(lg, B) == ["green_barracks"]
    assert len(L.available_leaders(lg, A)) == 1
    lg, _ = battle(lg, A, B, "green_barracks", "blue_granary", 604, A)
    assert L.available_bases(lg, B) == []
    with pytest.raises(L.LeagueError, match="Bob has no Base of their own left"):
        L.challenge(lg, C, B)
    with pytest.raises(L.LeagueError, match="Ada has no Leader left this cycle"):
        L.challenge(lg, A, C)
    # the projected sheet: A took 3 + 3 + 1 + 5 + 3 = 15 and keeps 5 Bases; B keeps none
    assert (row(lg, A).projected, row(lg, B).projected) == (25, 0)


def test_the_deck_is_25_heroes_of_the_pool_and_locked_while_an_accepted_battle_is_pending(lg):
    pool = L.pool_of(lg, A)
    assert pool["deck"] == pool["heroes"] and len(pool["deck"]) == 25 and not pool["locked"]
    with pytest.raises(L.LeagueError, match="exactly 25 Heroes, not 24"):
        L.set_deck(lg, A, pool["heroes"][:24])
    outsider = next(k for k in L.default_hero_pool() if k not in pool["heroes"])
    with pytest.raises(L.LeagueError, match="only Heroes of your league pool"):
        L.set_deck(lg, A, pool["heroes"][:24] + [outsider])
    key = pool["heroes"][0]
    one_copy_too_many = ([key] * (pool["heroes"].count(key) + 1) + [k for k in pool["heroes"] if k != key])[:25]
    with pytest.raises(L.LeagueError, match="copies counted"):
        L.set_deck(lg, A, one_copy_too_many)
    lg, cid = accepted(lg, A, B)
    assert L.pool_of(lg, A)["locked"] and L.pool_of(lg, B)["locked"] and not L.pool_of(lg, C)["locked"]
    with pytest.raises(L.LeagueError, match="locked"):
        L.set_deck(lg, A, list(reversed(pool["heroes"])))
    lg = L.choose(lg, cid, A, L.available_leaders(lg, A)[0], "green_shrine")
    lg = L.choose(lg, cid, B, L.available_leaders(lg, B)[0], "blue_forge")
    lg = L.attach_game(lg, cid, 501)
    assert L.pool_of(lg, A)["locked"]
    lg = L.record_result(lg, 501, B)
    lg = L.set_deck(lg, A, list(reversed(pool["heroes"])))
    assert L.pool_of(lg, A)["deck"] == list(reversed(pool["heroes"]))
    assert L.ready_games(lg) == []
