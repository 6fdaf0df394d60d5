"""The table service: lobby rules, the order of checks, locking and replay."""

from __future__ import annotations

import asyncio

import pytest

from bot import errors, registry
from bot.tables import TableService, replay
from tests.platform.countgame import CountEngine


@pytest.fixture(autouse=True)
def count_game(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "count", ("Count", "tests.platform.countgame:CountEngine"))
    registry.engine.cache_clear()
    yield
    registry.engine.cache_clear()


@pytest.fixture
def service(db):
    return TableService(db, seed_source=lambda: 0)


async def running(service, players=(1, 2)):
    t = await service.create_lobby("count", 9, 50, players[0], "P1", {})
    for i, uid in enumerate(players[1:], start=2):
        await service.join(t.id, uid, f"P{i}")
    return await service.start(t.id, players[0])


async def test_lobby_lifecycle(service):
    t = await service.create_lobby("count", 9, 50, 1, "Ann", {})
    assert t.row.status == "lobby" and t.names() == ["Ann"]
    with pytest.raises(errors.LobbyError, match="needs 2–3 players"):
        await service.start(t.id, 1)
    t = await service.join(t.id, 2, "Bob")
    with pytest.raises(errors.LobbyError, match="already have a seat"):
        await service.join(t.id, 2, "Bob")
    with pytest.raises(errors.LobbyError, match="Only the member who opened"):
        await service.start(t.id, 2)
    await service.join(t.id, 3, "Cy")
    with pytest.raises(errors.LobbyError, match="full"):
        await service.join(t.id, 4, "Di")
    t = await service.leave_lobby(t.id, 3)
    assert t.names() == ["Ann", "Bob"]
    with pytest.raises(errors.LobbyError, match="use Cancel"):
        await service.leave_lobby(t.id, 1)
    t = await service.start(t.id, 1)
    assert t.row.status == "running" and t.state["n"] == 0
    with pytest.raises(errors.LobbyError, match="already started"):
        await service.join(t.id, 5, "Ed")


async def test_cancel_only_by_creator(service):
    t = await service.create_lobby("count", 9, 50, 1, "Ann", {})
    with pytest.raises(errors.LobbyError):
        await service.cancel(t.id, 2)
    t = await service.cancel(t.id, 1)
    assert t.row.status == "cancelled"
    with pytest.raises(errors.GameNotRunning, match="cancelled"):
        await service.act(t.id, 1, None, {"type": "add", "k": 1})


async def test_checks_in_order(service):
    t = await running(service)  # seed 0 → seat 0 (user 1) starts
    with pytest.raises(errors.GameNotFound):
        await service.act(999, 1, "0", {"type": "add", "k": 1})
    with pytest.raises(errors.GameNotFound):  # a game of another server is not found
        await service.act(t.id, 1, "0", {"type": "add", "k": 1}, guild_id=12345)
    lobby = await service.create_lobby("count", 9, 50, 1, "Ann", {})
    with pytest.raises(errors.GameNotRunning, match="not started"):
        await service.act(lobby.id, 1, "0", {"type": "add", "k": 1})
    with pytest.raises(errors.NotSeated):  # not seated comes before a stale decision id
        await service.act(t.id, 77, "bogus", {"type": "add", "k": 1})
    with pytest.raises(errors.NotYourTurn):  # a button offered to another seat
        await service.act(t.id, 2, "0", {"type": "add", "k": 1}, for_seat=0)
    with pytest.raises(errors.StaleDecision):
        await service.act(t.id, 2, "0", {"type": "add", "k": 1}, for_seat=1)
    with pytest.raises(errors.NotYourTurn):
        await service.act(t.id, 2, None, {"type": "add", "k": 1})
    with pytest.raises(errors.IllegalMove, match="add 1 or 2"):
        await service.act(t.id, 1, "0", {"type": "add", "k": 3})
    out = await service.act(t.id, 1, "0", {"type": "add", "k": 2})
    assert out.after.state["n"] == 2 and out.seat == 0
    assert out.after.row.version == t.row.version + 1


async def test_double_click_applies_once(service):
    t = await running(service)
    click = service.act(t.id, 1, "0", {"type": "add", "k": 1}, for_seat=0)
    again = service.act(t.id, 1, "0", {"type": "add", "k": 1}, for_seat=0)
    results = await asyncio.gather(click, again, return_exceptions=True)
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert any(isinstance(r, errors.StaleDecision) for r in results)
    assert (await service.load(t.id)).state["n"] == 1
    assert len(await service.db.actions(t.id)) == 1


async def test_finish_resign_and_replay(service, db):
    t = await running(service, (1, 2, 3))
    await service.act(t.id, 1, "0", {"type": "add", "k": 2})
    out = await service.resign(t.id, 3)
    assert out.after.state["left"] == [2] and out.after.row.status == "running"
    with pytest.raises(errors.NotSeated):
        await service.resign(t.id, 99)
    out = await service.resign(t.id, 2)
    assert out.after.row.status == "finished" and out.after.state["winner"] == 0
    with pytest.raises(errors.GameNotRunning, match="over"):
        await service.act(t.id, 1, None, {"type": "add", "k": 1})
    log = [(a.actor_seat, a.action) for a in await db.actions(t.id)]
    assert replay(CountEngine(), out.after.row, 3, log) == out.after.state


async def test_find_for_resolves_channel_and_thread(service, db):
    a = await running(service)
    b = await running(service, (3, 4))
    await db.set_thread(b.id, 777)
    assert (await service.find_for(9, 777, 3, None)).id == b.id
    assert (await service.find_for(9, 50, 1, None)).id == a.id
    with pytest.raises(errors.GameNotFound, match="Several games"):
        await service.find_for(9, 50, 99, None)
    with pytest.raises(errors.GameNotFound):
        await service.find_for(9, 51, 1, None)
    assert (await service.find_for(9, 51, 1, b.id)).id == b.id
