"""Random leagues played through the API keep their invariants: no card is created or lost, every player holds
5 Leaders in a cycle, decks stay inside pools, scores follow the formula."""

import random
from collections import Counter

import pytest

import bot.league as L
from bot.league import pools

from .helpers import drafted, signed_up


def cards_everywhere(lg: dict, kind: str) -> Counter:
    """Return every card of a kind in the pile and in the players' pools."""
    found = Counter(lg["piles"][kind])
    for p in lg["players"]:
        found.update(p[kind])
    return found


def random_cycle(lg: dict, rng: random.Random, game_ids: list[int]) -> dict:
    """Offer random challenges, answer and choose at random, and play or leave the games."""
    ids = [p["id"] for p in lg["players"] if not p["dropped"]]
    for _ in range(12):
        by, to = rng.sample(ids, 2)
        try:
            lg = L.challenge(lg, by, to)
            cid = lg["challenges"][-1]["id"]
            lg = L.answer(lg, cid, to, rng.random() < 0.8)
        except L.LeagueError:
            continue
        if L.view(lg, cid).status != "accepted":
            continue
        for me, rival in ((by, to), (to, by)):
            lg = L.choose(lg, cid, me, rng.choice(L.available_leaders(lg, me)),
                          rng.choice(L.available_bases(lg, rival)))
        [spec] = L.ready_games(lg)
        assert spec.bases[0] in L.available_bases(lg, by) and spec.bases[1] in L.available_bases(lg, to)
        game_ids.append(len(game_ids) + 1000)
        lg = L.attach_game(lg, cid, game_ids[-1])
        if rng.random() < 0.9:
            lg = L.record_result(lg, game_ids[-1], rng.choice([by, to, None]))
    return lg


@pytest.mark.parametrize("seed", range(8))
def test_random_leagues_keep_their_invariants(seed):
    rng = random.Random(seed)
    players = list(range(1, rng.randint(2, 6) + 1))
    lg = L.start(signed_up(seed, players=players, cycles=3, pair_cap=rng.choice([None, 1, 2])))
    leaders0, heroes0 = cards_everywhere(lg, "leaders"), cards_everywhere(lg, "heroes")
    need_leaders, need_heroes = L.pool_sizes(len(players), 3)
    assert leaders0 == Counter(pools.pile(lg["leader_pool"], need_leaders))
    assert heroes0 == Counter(pools.pile(lg["hero_pool"], need_heroes))
    game_ids: list[int] = []
    lg = drafted(lg)
    for cycle in (1, 2, 3):
        assert lg["phase"] == "cycle" and lg["cycle"] == cycle
        for p in lg["players"]:
            assert len(p["leaders"]) == 5 and len(p["heroes"]) == 25 + 5 * (cycle - 1)
            assert not Counter(p["deck"]) - Counter(p["heroes"]) and len(p["deck"]) == 25
            assert max(Counter(p["leaders"] + p["heroes"]).values()) <= 3
        lg = random_cycle(lg, rng, game_ids)
        projected = {r.user_id: r.projected for r in L.sheet(lg)}
        for p in lg["players"]:
            own = L.pool_of(lg, p["id"])["bases"]
            captured = [b for q in lg["players"] for b in L.pool_of(lg, q["id"])["bases"] if b["by"] == p["id"]]
            assert projected[p["id"]] == (sum(b["points"] for b in captured)
                                          + 2 * sum(1 for b in own if b["state"] == "available"))
        lg = L.end_cycle(lg)
        if lg["phase"] == "over":
            break
        for p in lg["players"]:
            lg = L.discard_leaders(lg, p["id"], rng.sample(p["leaders"], rng.randint(0, 2)))
        lg = drafted(lg)
        assert cards_everywhere(lg, "leaders") == leaders0 and cards_everywhere(lg, "heroes") == heroes0
    assert L.is_over(lg) and L.winners(lg)
    totals = L.totals(lg)
    assert {totals[w] for w in L.winners(lg)} == {max(totals.values())}
    assert sum(pools.base_points(k) for p in lg["players"] for k in p["bases"]) == 15 * len(players)
