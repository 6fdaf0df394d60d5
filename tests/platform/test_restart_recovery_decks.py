"""A stop between a commit and what follows it loses nothing: a draft's pools and decks are saved at the next start,
and decks locked by a game that ended are freed."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.games.pixel_tactics import sets
from bot.tables import TableService
from cogs.pt_draft import save_missed_results

G, ADA, BEN = 10, 1, 2


@pytest.fixture
def service(db):
    made = TableService(db, seed_source=lambda: 11)
    made.after_commit.clear()  # as if the bot stopped right after each commit: no hook ran
    return made


async def test_a_finished_draft_whose_pools_were_never_saved_is_saved_once_at_the_start(service):
    table = await service.create_lobby("pt-draft", G, 50, ADA, "Ada", {"game": {"method": "winston"}})
    await service.join(table.id, BEN, "Ben")
    table = await service.start(table.id, ADA)
    while table.row.status == "running":
        decision = table.pending()[0]
        action = table.engine.default_action(table.state, decision.player)
        table = (await service.act(table.id, table.user_of(decision.player), decision.id, action, G)).after
    assert await service.decks.pools(G, ADA) == []  # the hook never ran
    bot = SimpleNamespace(tables=service)
    assert await save_missed_results(bot) == 1
    pools = {u: await service.decks.pools(G, u) for u in (ADA, BEN)}
    assert all(len(p) == 1 and p[0]["source_game_id"] == table.id for p in pools.values())
    assert [d["name"] for d in await service.decks.list(G, ADA)] == [pools[ADA][0]["name"]]
    assert await save_missed_results(bot) == 0  # nothing twice


async def test_decks_locked_by_a_game_that_ended_are_freed_at_the_start(service):
    core = sets.set_keys("core")
    await service.decks.save(G, ADA, {"name": "Foxes", "format": "standard", "leaders": core[:4],
                                      "heroes": core[4:] + sets.set_keys("core2")[:4]})
    table = await service.create_lobby("pixel-tactics", G, 50, ADA, "Ada",
                                       {"game": {}, "built": True, "deck_choices": {str(ADA): "Foxes"}})
    await service.decks.save(G, BEN, {"name": "Owls", "format": "standard", "leaders": core[:4],
                                      "heroes": core[4:] + sets.set_keys("core2")[:4]})
    await service.join(table.id, BEN, "Ben")
    await service.choose_deck(table.id, BEN, "Owls")
    await service.start(table.id, ADA)
    assert await service.decks.clear_stale_locks() == 0  # the game runs: its locks stay
    await service.resign(table.id, BEN, G)  # ends the game; no hook ran to free the decks
    assert (await service.decks.get(G, ADA, "Foxes"))["locked_by"] == table.id
    assert await service.decks.clear_stale_locks() == 2
    assert (await service.decks.get(G, ADA, "Foxes"))["locked_by"] is None
