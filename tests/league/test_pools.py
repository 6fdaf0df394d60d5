"""The rulebook's pool-size table, the largest league a pool allows, and building the piles."""

import pytest

import bot.league as L
from bot.league import pools

from .helpers import signed_up

#: the rulebook's table (weeks: Leaders "N + 5 per player", Heroes per player)
TABLE = {3: (10, 40), 4: (15, 45), 5: (20, 50), 6: (25, 55), 7: (30, 60), 8: (30, 65), 9: (30, 70), 10: (30, 75)}


@pytest.mark.parametrize("weeks", sorted(TABLE))
@pytest.mark.parametrize("players", [1, 2, 4, 8])
def test_every_row_of_the_table(weeks, players):
    base, per_player = TABLE[weeks]
    assert L.pool_sizes(players, weeks) == (base + 5 * players, per_player * players)


def test_short_and_long_leagues_use_the_3_and_10_week_rows():
    assert L.pool_sizes(4, 1) == L.pool_sizes(4, 2) == L.pool_sizes(4, 3) == (30, 160)
    assert L.pool_sizes(4, 11) == L.pool_sizes(4, 20) == L.pool_sizes(4, 10) == (50, 300)


def test_max_players_for_counts_three_copies_of_each_card():
    leaders, heroes = [f"l{i}" for i in range(20)], [f"h{i}" for i in range(50)]
    # 3 weeks: Leaders 10 + 5n <= 60 (n <= 10), Heroes 40n <= 150 (n <= 3)
    assert L.max_players_for(leaders, heroes, 3) == 3
    # one copy each: Leaders 10 + 5n <= 20 (n <= 2), Heroes 40n <= 50 (n <= 1)
    assert L.max_players_for(leaders, heroes, 3, copies=1) == 1
    # repeated keys in a pool do not add room: copies are counted per card
    assert L.max_players_for(leaders * 3, heroes * 3, 3, copies=1) == 1
    # 7 weeks: Leaders 30 + 5n <= 60 (n <= 6), Heroes 60n <= 150 (n <= 2)
    assert L.max_players_for(leaders, heroes, 7) == 2
    # at most 8 players: one Base colour each
    assert L.max_players_for([f"l{i}" for i in range(99)], [f"h{i}" for i in range(999)], 3) == 8
    assert L.max_players_for(leaders, heroes[:10], 3) == 0


def test_the_default_pools():
    leaders, heroes = L.default_leader_pool(), L.default_hero_pool()
    assert len(leaders) == 66 and len(heroes) == 99  # the dual cards; the dual cards and the Commons
    assert set(leaders) < set(heroes)
    # 2 cycles (3-week row): Heroes 40n <= 297 -> 7; 10 cycles: 75n <= 297 -> 3
    assert L.max_players_for(leaders, heroes, 2) == 7
    assert L.max_players_for(leaders, heroes, 10) == 3


def test_create_refuses_a_league_bigger_than_the_pools_saying_the_numbers():
    with pytest.raises(L.LeagueError) as err:
        L.new_league(1, 10, 7, None, None, None, [], [], max_players=4)
    assert err.value.message == ("4 players over 10 cycles need 50 Leaders and 300 Heroes; the pools hold 198 "
                                 "and 297 with 3 copies of each card, enough for 3 players.")
    assert L.new_league(1, 10, 7, None, None, None, [], [], max_players=3)["max_players"] == 3
    assert L.new_league(1, 10, 7, None, None, None, [], [])["max_players"] == 3


def test_start_refuses_when_banned_cards_shrink_the_pool_below_the_players():
    lg = signed_up(players=(1, 2, 3), cycles=10)
    lg["hero_pool"] = lg["hero_pool"][:70]  # 70 cards x 3 copies = 210 Heroes; 3 players need 75 x 3 = 225
    with pytest.raises(L.LeagueError, match="3 players over 10 cycles need 45 Leaders and 225 Heroes"):
        L.start(lg)


def test_banned_cards_leave_the_pools_and_bad_cards_are_refused():
    banned = L.default_leader_pool()[:2]
    lg = L.new_league(1, 2, 7, None, None, None, banned, [])
    assert not set(banned) & set(lg["leader_pool"] + lg["hero_pool"])
    with pytest.raises(L.LeagueError, match="Common"):
        L.new_league(1, 2, 7, None, [k for k in L.default_hero_pool() if k not in L.default_leader_pool()],
                     None, [], [])
    with pytest.raises(L.LeagueError, match="Unknown card"):
        L.new_league(1, 2, 7, None, None, ["nope"] * 3, [], [])
    with pytest.raises(L.LeagueError, match="pair cap"):
        L.new_league(1, 2, 7, 3, None, None, [], [])
    with pytest.raises(L.LeagueError, match="one Base colour each"):
        L.new_league(1, 2, 7, None, None, None, [], [], max_players=9)


def test_piles_add_copies_in_pool_order_only_when_needed():
    assert pools.pile(["a", "b", "c"], 2) == ["a", "b", "c"]
    assert pools.pile(["a", "b", "c"], 5) == ["a", "b", "c", "a", "b"]
    assert pools.pile(["a", "b", "c"], 9) == ["a", "b", "c"] * 3
    assert pools.pile(["a", "a", "a", "a", "b"], 1) == ["a", "a", "a", "b"]  # at most 3 copies
    with pytest.raises(L.LeagueError, match="The pool holds 6 cards with 2 copies of each: 7 are needed"):
        pools.pile(["a", "b", "c"], 7, copies=2)


def test_each_colour_has_five_bases_worth_fifteen_points():
    for colour in L.COLOURS:
        keys = pools.colour_bases(colour)
        assert len(keys) == 5 and all(k.startswith(colour + "_") for k in keys)
        assert sum(pools.base_points(k) for k in keys) == 15
