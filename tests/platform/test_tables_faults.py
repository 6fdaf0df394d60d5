"""The table service under bad input and a failing store: only listed actions are committed, and a
failed write says that nothing was saved, changes nothing, and can be tried again."""

from __future__ import annotations

import random

import pytest

from bot import errors
from bot.tables import TableService
from storage.database import StorageError

GAMES = {"pixies": 3, "tixel": 2, "pixel-pusher": 3, "pixel-tactics": 2}


async def _running(service: TableService, kind: str, players: int):
    table = await service.create_lobby(kind, 1, 10, 100, "P1", {})
    for seat in range(1, players):
        await service.join(table.id, 100 + seat, f"P{seat + 1}")
    return await service.start(table.id, 100)


def _first_decision(table):
    decision = table.pending()[0]
    return decision, table.engine.legal_actions(table.state, decision.player)


@pytest.mark.parametrize("kind", sorted(GAMES))
async def test_an_action_with_an_unknown_extra_key_is_refused_and_not_logged(db, kind):
    service = TableService(db, seed_source=lambda: 5)
    table = await _running(service, kind, GAMES[kind])
    decision, legal = _first_decision(table)
    user = table.user_of(decision.player)
    for bad in ({**legal[0], "extra": 1}, {**legal[0], "zzz": "x" * 50},
                {k: (str(v) if isinstance(v, int) and not isinstance(v, bool) else v) for k, v in legal[0].items()}):
        if bad in legal:
            continue
        with pytest.raises(errors.IllegalMove):
            await service.act(table.id, user, decision.id, bad)
    assert await db.actions(table.id) == []
    assert (await db.get_game(table.id)).version == table.row.version
    outcome = await service.act(table.id, user, decision.id, legal[0])  # the listed action itself is fine
    assert [a.action for a in await db.actions(table.id)] == [legal[0]]
    assert outcome.after.row.version == table.row.version + 1


async def test_a_full_disk_refuses_the_move_says_it_was_not_saved_and_changes_nothing(db):
    service = TableService(db, seed_source=lambda: 9)
    table = await _running(service, "pixel-tactics", 2)
    # Cap the database at its current size: the next pages it needs cannot be allocated (SQLITE_FULL).
    async with db.conn.execute("PRAGMA page_count") as cur:
        (pages,) = await cur.fetchone()
    await db.conn.execute(f"PRAGMA max_page_count = {pages}")
    rng = random.Random(3)
    refused = None
    for _ in range(400):
        table = await service.load(table.id)
        decision, legal = _first_decision(table)
        before = (table.row.version, len(await db.actions(table.id)))
        try:
            await service.act(table.id, table.user_of(decision.player), decision.id, rng.choice(legal))
        except errors.NotSaved as exc:
            refused = exc
            break
    assert refused is not None, "the capped database never filled up"
    assert "not** saved" in refused.message and "disk is full" in refused.message
    assert "lost" not in refused.message
    after = await db.get_game(table.id)
    assert (after.version, len(await db.actions(table.id))) == before
    # Space again: the same move goes through, once.
    await db.conn.execute("PRAGMA max_page_count = 1073741823")
    outcome = await service.act(table.id, table.user_of(decision.player), decision.id, legal[0])
    assert outcome.after.row.version == before[0] + 1
    assert len(await db.actions(table.id)) == before[1] + 1


async def test_storage_errors_are_typed(db):
    await db.conn.execute("PRAGMA max_page_count = 1")
    with pytest.raises(StorageError) as info:
        await db.create_game("pixies", 1, 2, 3, {"pad": "x" * 20000}, 1, "A")
    assert info.value.full


def test_a_value_of_another_type_is_not_a_listed_action():
    from types import SimpleNamespace

    from bot.games.base import GameError

    class Lenient:  # an engine whose apply would take anything
        def legal_actions(self, state, seat):
            return [{"type": "take", "card": 1}, {"type": "take", "card": 0}]

        def apply(self, state, seat, action):
            return state

    table = SimpleNamespace(engine=Lenient(), state={})
    TableService._require_listed(table, 0, {"type": "take", "card": 1})
    for forged in ({"type": "take", "card": True}, {"type": "take", "card": False}, {"type": "take", "card": 1.0}):
        with pytest.raises(GameError):
            TableService._require_listed(table, 0, forged)


@pytest.mark.parametrize("kind", sorted(GAMES))
async def test_a_forged_resign_action_is_refused_by_act(db, kind):
    service = TableService(db, seed_source=lambda: 5)
    table = await _running(service, kind, GAMES[kind])
    decision, _ = _first_decision(table)
    with pytest.raises(errors.IllegalMove, match="/game resign"):
        await service.act(table.id, table.user_of(decision.player), decision.id, {"type": "resign"})
    assert await db.actions(table.id) == []
    assert (await db.get_game(table.id)).status == "running"
