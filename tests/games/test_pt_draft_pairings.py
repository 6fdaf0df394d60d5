"""The draft's end in Discord terms: round-robin pairings, button labels, and saving pools and decks (a deck
name already taken gets a number)."""

from types import SimpleNamespace

from bot.decks import DeckError
from cogs.pt_draft import action_label, draft_deck_name, round_robin, save_results
from tests.games.pt_draft_helpers import ENGINE, cube_of, play


def test_round_robin_meets_every_pair_once():
    assert round_robin([0, 1, 2]) == [[(1, 2)], [(0, 2)], [(0, 1)]]
    assert round_robin([0, 1, 2, 3]) == [[(0, 3), (1, 2)], [(0, 2), (3, 1)], [(0, 1), (2, 3)]]
    for n in range(3, 9):
        rounds = round_robin(list(range(n)))
        pairs = [frozenset(p) for r in rounds for p in r]
        assert len(pairs) == n * (n - 1) // 2 == len(set(pairs))
        assert all(len({s for p in r for s in p}) == 2 * len(r) for r in rounds)  # nobody twice in a round


def test_labels_name_cards_only_in_private_views():
    s = ENGINE.new_game(3, {"method": "pack", "cube": cube_of(96)}, 1)
    view = ENGINE.view(s, 0)
    action = ENGINE.legal_actions(s, 0)[0]
    name = next(c["name"] for c in view["private"]["pack"] if c["id"] == action["card"])
    # the first choice is card 1 of the pick image
    assert action_label(view, action) == f"1 · Pick {name} as a Leader"
    p = ENGINE.new_game(2, {"method": "purchase", "cube": cube_of(58)}, 1)
    public = ENGINE.view(p, None)
    buy = {"type": "buy", "lot": 2, "to": "hero"}
    assert action_label(public, buy) == f"Lot 3: {public['lots'][2]['name']} as a Hero (2 coins)"


class FakeDecks:
    """Records pools and decks; the first deck name of member 11 is taken."""

    def __init__(self):
        self.pools, self.decks = [], []

    async def save_pool(self, guild, user, name, cards, source):
        self.pools.append((user, name, list(cards), source))
        return {"name": name, "cards": cards, "source_game_id": source}

    async def pool_owners(self, game_id):
        return {user for user, _name, _cards, source in self.pools if source == game_id}

    async def save(self, guild, user, deck):
        if user == 11 and deck["name"] == draft_deck_name(7):
            raise DeckError("You already have a deck named “Draft #7”: choose another name.")
        self.decks.append((user, dict(deck)))
        return deck


async def test_save_results_saves_each_pool_and_deck():
    state, _ = play(ENGINE.new_game(2, {"method": "purchase", "cube": cube_of(58)}, 3))
    seats = [SimpleNamespace(seat=0, user_id=10), SimpleNamespace(seat=1, user_id=11)]
    table = SimpleNamespace(id=7, state=state, seats=seats, row=SimpleNamespace(kind="pt-draft", status="finished",
                                                                                guild_id=5))
    service = SimpleNamespace(decks=FakeDecks())
    await save_results(service, table)
    assert [(u, n, src) for u, n, _c, src in service.decks.pools] == [(10, "Draft #7", 7), (11, "Draft #7", 7)]
    assert service.decks.pools[0][2] == state["pools"][0]
    assert [(u, d["name"], d["pool"]) for u, d in service.decks.decks] == [(10, "Draft #7", "Draft #7"),
                                                                          (11, "Draft #7 (2)", "Draft #7")]
    assert service.decks.decks[1][1]["leaders"] == state["decks"][1]["leaders"]
    table.row.status = "running"
    await save_results(service, table)
    assert len(service.decks.decks) == 2  # nothing saved before the end
