"""``/game hint`` behind the table service: its refusals (each changing nothing) and the suggestion itself."""

from __future__ import annotations

import re

import pytest

from bot import errors, hints, registry
from bot.ai import worker
from bot.ratings import rated_ranks, would_be_rated
from bot.tables import TableService
from tests.ai.ai_helpers import tiny_budgets

GUILD, CHANNEL = 9, 50


@pytest.fixture(autouse=True)
def thinking_thread(monkeypatch):
    """Hints think in a thread of the test's process, with tiny search budgets."""
    tiny_budgets(monkeypatch)
    thread = worker.AIWorker(0)
    monkeypatch.setattr(worker, "_CURRENT", [thread])
    yield
    thread.shutdown()


@pytest.fixture
def service(db):
    return TableService(db, seed_source=lambda: 3)


async def started(service, kind="tixel", options=None, players=(1, 2), guild=GUILD):
    table = await service.create_lobby(kind, guild, CHANNEL, players[0], "Ann", dict(options or {}))
    for uid in players[1:]:
        table = await service.join(table.id, uid, f"P{uid}")
    return await service.start(table.id, players[0])


async def hints_on(service, guild=GUILD):
    await service.save_setting(guild, "hints", True)


async def refused(service, table, user_id, match, cls=errors.ParlorError):
    before = (await service.load(table.id)).row.version
    logged = await service.actions(table.id)
    with pytest.raises(cls, match=match):
        await service.hint(GUILD, CHANNEL, user_id, table.id)
    assert (await service.load(table.id)).row.version == before  # a refusal changes nothing
    assert await service.actions(table.id) == logged


async def test_hints_are_off_by_default(service):
    table = await started(service, options={"rated": False})
    assert (await service.settings(GUILD)).hints is False
    await refused(service, table, 1, "Hints are off in this server", errors.NotAllowed)


async def test_the_suggestion_is_a_legal_move_in_words_and_the_same_each_time(service):
    await hints_on(service)
    table = await started(service, options={"rated": False})
    first = await service.hint(GUILD, CHANNEL, 1, None)  # the member's game in this channel
    again = await service.hint(GUILD, CHANNEL, 1, table.id)
    legal = table.engine.legal_actions(table.state, 0)
    assert first.action in legal and first.seat == 0 and first.table.id == table.id
    assert first.text == table.engine.describe_for(table.state, 0, first.action, 0) and first.text
    assert (again.action, again.text) == (first.action, first.text)
    assert (await service.load(table.id)).row.version == table.row.version  # nothing played
    assert await service.actions(table.id) == []


async def test_the_hint_follows_the_game(service):
    await hints_on(service)
    table = await started(service, options={"rated": False})
    first = await service.hint(GUILD, CHANNEL, 1, table.id)
    await service.act(table.id, 1, None, first.action)
    await refused(service, await service.load(table.id), 1, "not your turn", errors.NotYourTurn)
    second = await service.hint(GUILD, CHANNEL, 2, table.id)
    after = await service.load(table.id)
    assert second.seat == 1 and second.action in after.engine.legal_actions(after.state, 1)


async def test_rated_event_and_foreign_games_are_refused(service):
    await hints_on(service)
    rated = await started(service)
    await refused(service, rated, 1, "No hints in a rated game", errors.NotAllowed)
    tournament = await started(service, options={"rated": False, "tournament": {"id": 1, "match": 1, "game_no": 1}},
                               players=(3, 4))
    await refused(service, tournament, 3, "tournament or league", errors.NotAllowed)
    league = await started(service, options={"rated": False, "league": {"id": 1, "challenge": 1}}, players=(5, 6))
    await refused(service, league, 5, "tournament or league", errors.NotAllowed)
    await refused(service, rated, 7, "not playing in this game", errors.NotSeated)


async def test_a_finished_game_and_a_game_without_computer_players(service, monkeypatch):
    await hints_on(service)
    table = await started(service, options={"rated": False})
    await service.resign(table.id, 2)
    with pytest.raises(errors.GameNotRunning, match="over"):
        await service.hint(GUILD, CHANNEL, 1, table.id)
    monkeypatch.setitem(registry.GAMES, "count", ("Count", "tests.platform.countgame:CountEngine"))
    registry.engine.cache_clear()
    try:
        count = await started(service, kind="count", options={"rated": False})
        await refused(service, count, 1, "cannot play Count", errors.NotAllowed)
    finally:
        registry.engine.cache_clear()


async def test_a_game_against_a_computer_is_unrated_so_hints_are_given(service):
    await hints_on(service)
    table = await started(service, options={"bots": [2]})
    assert not would_be_rated(table)
    hint = await service.hint(GUILD, CHANNEL, 1, table.id)
    assert hint.action in table.engine.legal_actions(table.state, 0)


async def test_would_be_rated_is_rated_ranks_before_the_end(service):
    rated = await started(service)
    assert would_be_rated(rated) and rated_ranks(rated, rated.state) is None  # not over yet
    assert not would_be_rated(await started(service, options={"rated": False}, players=(3, 4)))
    assert not would_be_rated(await started(service, players=(5, 6), guild=None))
    await service.resign(rated.id, 2)
    over = await service.load(rated.id)
    assert rated_ranks(over, over.state) == {1: 1, 2: 2}


def test_hint_seed_never_reads_the_games_shuffle_seed():
    class Row:
        id, version, seed = 4, 7, 123

    class FakeTable:
        id, row = 4, Row

    first = hints.hint_seed(FakeTable, 0)
    Row.seed = 456
    assert hints.hint_seed(FakeTable, 0) == first and hints.hint_seed(FakeTable, 1) != first


async def test_a_pixel_tactics_hint_names_seats_and_positions_in_words(service):
    await hints_on(service)
    table = await started(service, kind="pixel-tactics", options={"rated": False})
    for _ in range(12):  # past the Leader choices, into the first turns
        seat = table.pending()[0].player
        user = table.user_of(seat)
        hint = await service.hint(GUILD, CHANNEL, user, table.id)
        assert hint.action in table.engine.legal_actions(table.state, seat)
        assert "Seat " not in hint.text and not re.search(r"\(\d:|\b[VFRX][0-2]\b", hint.text), hint.text
        await service.act(table.id, user, None, hint.action)
        table = await service.load(table.id)
