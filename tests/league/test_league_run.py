"""A 4-player, 2-cycle league run whole, its score sheets checked against sheets computed by hand."""

import json

import pytest

import bot.league as L

from .helpers import A, B, C, D, battle, row, running

# Bases (points): Watchtower 3, Granary 4, Infirmary 3, Rampart 1, Forge 2, Shrine 5, Barracks 3, Signal Tower 3.
# Seed 7 deals Ada blue, Bob green, Cy teal and Dee red:
#   blue  = Granary 4, Infirmary 3, Forge 2, Barracks 3, Signal Tower 3
#   green = Watchtower 3, Infirmary 3, Rampart 1, Shrine 5, Barracks 3
#   teal  = Watchtower 3, Rampart 1, Shrine 5, Barracks 3, Signal Tower 3
#   red   = Watchtower 3, Granary 4, Infirmary 3, Forge 2, Barracks 3
#
# Cycle 1:  #1 Ada beats Bob (Ada attacked Green Shrine: captured)
#           #2 Cy and Dee tie (nothing captured)
#           #3 Dee beats Ada (Dee attacked Blue Forge: captured)
#           #4 Bob challenges Cy, Cy declines
# Sheet:    Ada  Green Shrine 5            + 2 x 4 own (Forge lost)  = 13
#           Bob  nothing                   + 2 x 4 own (Shrine lost) =  8
#           Cy   nothing                   + 2 x 5 own               = 10
#           Dee  Blue Forge 2              + 2 x 5 own               = 12
# Redraft order, lowest total first: Bob, Cy, Dee, Ada.
#
# Cycle 2:  #5 Bob beats Ada (Bob attacked Blue Granary: captured)
#           #6 Cy beats Dee (Cy attacked Red Granary: captured)
#           #7 Ada beats Dee (Ada attacked Red Infirmary), then the organiser voids it: nothing
#           #8 Cy v Bob accepted, its game still running at the cycle end: it lapses
# Sheet:    Ada  Green Shrine 5            + 2 x 3 own (Forge, Granary lost) = 11 -> total 24
#           Bob  Blue Granary 4            + 2 x 4 own (Shrine lost)         = 12 -> total 20
#           Cy   Red Granary 4             + 2 x 5 own                       = 14 -> total 24
#           Dee  Blue Forge 2              + 2 x 4 own (Granary lost)        = 10 -> total 22
# The league ends: Ada and Cy share first place (24); Dee 3rd, Bob 4th.

CYCLE_1 = {A: ([13], 13, 1), B: ([8], 8, 4), C: ([10], 10, 3), D: ([12], 12, 2)}
CYCLE_2 = {A: ([13, 11], 24, 1), B: ([8, 12], 20, 4), C: ([10, 14], 24, 1), D: ([12, 10], 22, 3)}


def roundtrip(lg: dict) -> dict:
    """Return the state after a trip through JSON (it must come back equal)."""
    again = json.loads(json.dumps(lg))
    assert again == lg
    return again


def cycle_one() -> dict:
    lg = running()
    assert [p["colour"] for p in lg["players"]] == ["blue", "green", "teal", "red"]
    lg, _ = battle(lg, A, B, "green_shrine", "blue_granary", 501, A)
    lg, _ = battle(roundtrip(lg), C, D, "red_granary", "teal_rampart", 502, None)
    lg, _ = battle(roundtrip(lg), D, A, "blue_forge", "red_watchtower", 503, D)
    lg = L.challenge(lg, B, C)
    return L.answer(roundtrip(lg), 4, C, False)


def check(lg: dict, expected: dict) -> None:
    for uid, (scores, total, rank) in expected.items():
        r = row(lg, uid)
        assert (r.cycle_scores, r.total, r.rank) == (scores, total, rank), r.name


def test_cycle_one_scores_by_hand():
    lg = cycle_one()
    projected = {r.user_id: r.projected for r in L.sheet(lg)}
    assert projected == {A: 13, B: 8, C: 10, D: 12}
    lg = L.end_cycle(lg)
    check(lg, CYCLE_1)
    assert lg["phase"] == "discard" and L.waiting_discards(lg) == [A, B, C, D]
    assert [r.user_id for r in L.sheet(lg)] == [A, D, C, B]
    assert row(lg, A).captured == [{"key": "green_shrine", "points": 5, "from": B, "cycle": 1}]
    assert row(lg, D).captured == [{"key": "blue_forge", "points": 2, "from": A, "cycle": 1}]
    assert [b["state"] for b in row(lg, A).bases] == ["available", "available", "captured", "available",
                                                      "available"]
    # the cycle is over: Leaders un-retire, nothing more can be challenged until the redraft ends
    assert all(not x["retired"] for r in L.sheet(lg) for x in r.leaders)
    with pytest.raises(L.LeagueError, match="not in one"):
        L.challenge(lg, A, B)


def test_discards_and_the_redraft_back_to_5_leaders_and_5_new_heroes():
    lg = L.end_cycle(cycle_one())
    a_leaders, b_leaders = list(L.pool_of(lg, A)["leaders"]), list(L.pool_of(lg, B)["leaders"])
    heroes_before = {p["id"]: list(p["heroes"]) for p in lg["players"]}
    leader_pile = len(lg["piles"]["leaders"])
    with pytest.raises(L.LeagueError, match="only discard Leaders you hold"):
        L.discard_leaders(lg, A, b_leaders[:1])
    lg = L.discard_leaders(lg, A, a_leaders[:1])
    with pytest.raises(L.LeagueError, match="already chosen"):
        L.discard_leaders(lg, A, [])
    lg = L.discard_leaders(lg, B, b_leaders[1:3])
    lg = L.discard_leaders(lg, C, [])
    assert lg["phase"] == "discard" and L.waiting_discards(lg) == [D]
    lg = L.discard_leaders(roundtrip(lg), D, [])
    assert lg["phase"] == "draft" and len(lg["piles"]["leaders"]) == leader_pile + 3
    # lowest total first: Bob 8, Cy 10, Dee 12, Ada 13
    view = L.draft_state(lg)
    assert view.order == [B, C, D, A]
    assert (view.user_id, view.kind, view.leaders_left, view.heroes_left) == (B, "leaders", 2, 5)
    seen = []
    while (view := L.draft_state(lg)) is not None:
        seen.append((view.user_id, view.kind))
        lg = L.auto_pick(roundtrip(lg))
    assert seen == ([(B, "leaders")] * 2 + [(B, "heroes")] * 5 + [(C, "heroes")] * 5 + [(D, "heroes")] * 5
                    + [(A, "leaders")] + [(A, "heroes")] * 5)
    assert lg["phase"] == "cycle" and lg["cycle"] == 2
    for p in lg["players"]:
        assert len(p["leaders"]) == 5
        assert p["heroes"][:25] == heroes_before[p["id"]] and len(p["heroes"]) == 30
        assert p["deck"] == heroes_before[p["id"]]  # the deck stays until its owner edits it
    assert L.pool_of(lg, A)["leaders"][:4] == a_leaders[1:]
    # 160 Heroes: 100 dealt, 20 drafted
    assert len(lg["piles"]["heroes"]) == 40


def whole_league() -> dict:
    lg = L.end_cycle(cycle_one())
    lg = L.close_discards(lg)  # nobody discards
    while L.draft_state(lg) is not None:
        lg = L.auto_pick(lg)
    lg, _ = battle(lg, B, A, "blue_granary", "green_watchtower", 505, B)
    lg, _ = battle(lg, C, D, "red_granary", "teal_shrine", 506, C)
    lg, voided = battle(lg, A, D, "red_infirmary", "blue_infirmary", 507, A)
    assert row(lg, A).projected == 5 + 3 + 2 * 3
    lg = L.void(lg, voided)
    lg = L.challenge(lg, C, B)
    lg = L.answer(lg, 8, B, True)
    lg = L.choose(lg, 8, C, L.available_leaders(lg, C)[0], "green_rampart")
    lg = L.choose(lg, 8, B, L.available_leaders(lg, B)[0], "teal_watchtower")
    return L.attach_game(roundtrip(lg), 8, 508)


def test_the_whole_league_ends_with_hand_computed_sheets_and_shared_winners():
    lg = whole_league()
    # the voided battle's Leaders are available again
    assert len(L.available_leaders(lg, D)) == 4 and len(L.available_leaders(lg, A)) == 4
    lg = L.end_cycle(lg)
    check(lg, CYCLE_2)
    assert L.view(lg, 7).status == "void" and L.view(lg, 8).status == "lapsed"
    assert L.record_result(lg, 508, C) == lg  # the lapsed game's late result changes nothing
    assert lg["phase"] == "over" and L.is_over(lg)
    assert L.winners(lg) == [A, C]
    assert [(r.user_id, r.rank) for r in L.sheet(lg)] == [(A, 1), (C, 1), (D, 3), (B, 4)]
    b = row(lg, B)
    assert b.captured == [{"key": "blue_granary", "points": 4, "from": A, "cycle": 2}]
    assert (b.wins, b.losses, b.ties) == (1, 1, 0)
    with pytest.raises(L.LeagueError, match="No cycle is running"):
        L.end_cycle(lg)
    # voided after the end, #6 no longer counts: Cy 10 + 10 = 20, Dee 12 + (2 + 2 x 5) = 24
    after = L.void(lg, 6)
    assert (row(after, C).total, row(after, D).total) == (20, 24)
    assert L.winners(after) == [A, D]
    with pytest.raises(L.LeagueError, match="until it ends"):
        L.set_deck(lg, A, L.pool_of(lg, A)["deck"])


def test_the_same_seed_and_moves_give_the_same_league():
    assert whole_league() == whole_league()
