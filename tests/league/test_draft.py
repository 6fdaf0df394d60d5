"""The start and the League Draft: reveal 3, take 1, bottom 1, reveal 2 more; one player at a time."""

from collections import Counter

import pytest

import bot.league as L
from bot.league import pools

from .helpers import A, B, C, D, drafted, signed_up


def test_start_deals_a_colour_its_five_bases_and_25_random_heroes_each():
    lg = L.start(signed_up())
    colours = [p["colour"] for p in lg["players"]]
    assert len(set(colours)) == 4 and set(colours) <= set(L.COLOURS)
    hero_pile = pools.pile(lg["hero_pool"], 160)  # 4 players, 3-week row: 40 x 4
    dealt = []
    for p in lg["players"]:
        assert p["bases"] == pools.colour_bases(p["colour"])
        assert len(p["heroes"]) == 25 and p["deck"] == p["heroes"]
        assert p["leaders"] == []
        dealt += p["heroes"]
    # the dealt Heroes and the rest of the Hero pile are exactly the pile built from the pool
    assert Counter(dealt) + Counter(lg["piles"]["heroes"]) == Counter(hero_pile)
    assert len(lg["piles"]["leaders"]) == 66  # 10 + 5 x 4 = 30 needed: the 66 unique dual cards suffice
    assert lg["phase"] == "draft" and lg["cycle"] == 0


def test_start_needs_two_players_and_refuses_a_second_start():
    with pytest.raises(L.LeagueError, match="At least 2 players"):
        L.start(signed_up(players=(A,)))
    lg = L.start(signed_up())
    with pytest.raises(L.LeagueError, match="already started"):
        L.start(lg)
    with pytest.raises(L.LeagueError, match="already started"):
        L.add_player(lg, 999, "Late")


def test_the_league_draft_step_by_step():
    lg = L.start(signed_up())
    pile = list(lg["piles"]["leaders"])
    first = L.draft_state(lg)
    order = first.order
    assert sorted(order) == [A, B, C, D] and first.turn == 0 and first.user_id == order[0]
    assert first.kind == "leaders" and first.left == 5 and first.heroes_left == 0
    # 1. reveal 3
    assert first.visible == pile[:3]
    # 2. take the middle card, put the first on the bottom; 3. reveal 2 more: the third stays visible
    lg = L.draft_pick(lg, order[0], pile[1], pile[0])
    assert lg["players"][[p["id"] for p in lg["players"]].index(order[0])]["leaders"] == [pile[1]]
    now = L.draft_state(lg)
    assert now.user_id == order[0] and now.left == 4
    assert now.visible == [pile[2], pile[3], pile[4]]
    assert lg["piles"]["leaders"] == pile[2:] + [pile[0]]
    # take the last visible card, bottom the second
    lg = L.draft_pick(lg, order[0], pile[4], pile[3])
    assert L.draft_state(lg).visible == [pile[2], pile[5], pile[6]]
    assert lg["piles"]["leaders"][-2:] == [pile[0], pile[3]]


def test_one_player_at_a_time_and_the_pile_carries_on_to_the_next_player():
    lg = L.start(signed_up())
    order = L.draft_state(lg).order
    for _ in range(5):
        view = L.draft_state(lg)
        assert view.user_id == order[0]
        with pytest.raises(L.LeagueError, match="not your turn"):
            L.draft_pick(lg, order[1], view.visible[0], view.visible[1])
        lg = L.draft_pick(lg, order[0], view.visible[0], view.visible[1])
    pile_after_first = list(lg["piles"]["leaders"])
    second = L.draft_state(lg)
    assert second.user_id == order[1] and second.turn == 1 and second.left == 5
    # the next player sees the same pile state: the card left visible plus the next two
    assert second.visible == pile_after_first[:3]
    lg = drafted(lg)
    assert lg["phase"] == "cycle" and lg["cycle"] == 1 and L.draft_state(lg) is None
    assert all(len(p["leaders"]) == 5 for p in lg["players"])
    # 66 Leaders: 20 drafted, 46 left in the pile
    assert len(lg["piles"]["leaders"]) == 46


def test_draft_pick_refusals():
    lg = L.start(signed_up())
    view = L.draft_state(lg)
    uid, vis = view.user_id, view.visible
    hidden = lg["piles"]["leaders"][5]
    with pytest.raises(L.LeagueError, match="one of the 3 revealed"):
        L.draft_pick(lg, uid, hidden, vis[0])
    with pytest.raises(L.LeagueError, match="other revealed cards on the bottom"):
        L.draft_pick(lg, uid, vis[0], vis[0])
    with pytest.raises(L.LeagueError, match="other revealed cards on the bottom"):
        L.draft_pick(lg, uid, vis[0], None)
    with pytest.raises(L.LeagueError, match="No League Draft"):
        L.draft_pick(drafted(lg), uid, vis[0], vis[1])


def test_a_restricted_card_is_taken_at_most_once_per_player():
    leaders = L.default_leader_pool()[:10]
    heroes = [k for k in L.default_hero_pool() if k not in leaders][:27]
    lg = signed_up(players=(A, B), leader_pool=leaders, restricted=[leaders[0], heroes[0]], hero_pool=heroes)
    lg = L.start(lg)  # Heroes: 40 x 2 = 80 needed from 27 cards: 3 copies of 26 and 2 of the 27th
    assert lg["piles"]["heroes"].count(heroes[0]) + sum(p["heroes"].count(heroes[0]) for p in lg["players"]) == 3
    for p in lg["players"]:
        assert p["heroes"].count(heroes[0]) <= 1
    pile = lg["piles"]["leaders"]
    assert Counter(pile) == Counter(leaders * 2)
    # put both copies of the Restricted card in view for the first drafter
    rest = [k for k in pile if k != leaders[0]]
    lg["piles"]["leaders"] = [leaders[0], rest[0], leaders[0]] + rest[1:]
    uid = L.draft_state(lg).user_id
    lg = L.draft_pick(lg, uid, leaders[0], rest[0])
    view = L.draft_state(lg)
    assert view.visible == [leaders[0], rest[1], rest[2]] and view.takeable == [rest[1], rest[2]]
    with pytest.raises(L.LeagueError, match="it is Restricted and you hold a copy"):
        L.draft_pick(lg, uid, leaders[0], rest[1])
    lg = L.draft_pick(lg, uid, rest[1], leaders[0])  # a Restricted card may still go under


def test_the_start_is_deterministic_from_the_seed():
    one, two, other = L.start(signed_up(5)), L.start(signed_up(5)), L.start(signed_up(6))
    assert one == two
    assert one["piles"] != other["piles"]
    assert drafted(one) == drafted(two)


def test_a_player_holds_at_most_3_copies_of_a_card_across_leaders_and_heroes():
    lg = L.start(signed_up())
    view = L.draft_state(lg)
    me = next(p for p in lg["players"] if p["id"] == view.user_id)
    key = view.visible[0]
    me["heroes"][:3] = [key] * 3  # three Hero copies: a Leader copy would make a fourth in their decks
    view = L.draft_state(lg)
    assert key not in view.takeable
    with pytest.raises(L.LeagueError, match="or you hold 3"):
        L.draft_pick(lg, view.user_id, key, view.visible[1])
    me["heroes"][:3] = [key, key, "x"]
    assert key in L.draft_state(lg).takeable
