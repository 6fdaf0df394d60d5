"""Two bot processes act on one game's pending decision at the same moment, on one PostgreSQL (two shards that each
got a click, a double click routed to two processes): two ``TableService``s, each over a ``Database`` with its
own connection pools, so nothing in-process (the per-game ``asyncio.Lock``) keeps them apart, only the database.
Exactly one action is committed; the other click gets the usual stale-choice refusal; the log has one row."""

from __future__ import annotations

import asyncio

import pytest

from bot import errors
from bot.tables import TableService, replay
from storage.database import Database

GUILD, CHANNEL = 9, 50
CHANGED = "The game changed meanwhile; look at the latest post."
#: rounds of unsynchronised races (each on the next decision of the same game)
ROUNDS = 12


@pytest.fixture
async def services(pg_url):
    """Two table services on one database, as two processes see it: their own pools."""
    dbs = [await Database.open(pg_url), await Database.open(pg_url)]
    try:
        yield [TableService(db, seed_source=lambda: 7) for db in dbs]
    finally:
        for db in dbs:
            await db.close()


async def started(service: TableService, kind: str = "tixel"):
    table = await service.create_lobby(kind, GUILD, CHANNEL, 1, "Ann", {"rated": False})
    await service.join(table.id, 2, "Ben")
    return await service.start(table.id, 1)


def clicks(table):
    """The pending decision, the member it is offered to, and two of its legal actions (different if it has
    more than one)."""
    decision = table.pending()[0]
    user = next(s.user_id for s in table.seats if s.seat == decision.player)
    legal = table.engine.legal_actions(table.state, decision.player)
    return decision, user, legal[0], legal[-1]


async def test_both_read_the_same_version_one_commits_the_other_is_told_it_changed(services):
    first, second = services
    table = await started(first)
    decision, user, mine, theirs = clicks(table)
    assert mine != theirs
    # Each service reads the game, checks the decision and computes its state; only then do both commit, together.
    arrived, both = [0], asyncio.Event()
    for service in services:
        commit = service.db.commit_action

        async def together(*args, _commit=commit, **kwargs):
            arrived[0] += 1
            if arrived[0] == 2:
                both.set()
            await asyncio.wait_for(both.wait(), 30)
            return await _commit(*args, **kwargs)

        service.db.commit_action = together
    outcomes = await asyncio.gather(first.act(table.id, user, decision.id, mine),
                                    second.act(table.id, user, decision.id, theirs), return_exceptions=True)
    assert arrived[0] == 2
    won = [o for o in outcomes if not isinstance(o, BaseException)]
    lost = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(won) == 1 and len(lost) == 1, outcomes
    assert isinstance(lost[0], errors.StaleDecision) and lost[0].message == CHANGED
    log = await second.actions(table.id)
    assert len(log) == 1 and log[0].action == won[0].action and log[0].actor_id == user
    after = await second.load(table.id)
    assert after.row.version == table.row.version + 1 and after.state == won[0].after.state


async def test_unsynchronised_races_never_apply_a_click_twice(services):
    first, second = services
    table = await started(first)
    rounds = 0
    while rounds < ROUNDS and table.row.status == "running":
        decision, user, mine, theirs = clicks(table)
        outcomes = await asyncio.gather(first.act(table.id, user, decision.id, mine),
                                        second.act(table.id, user, decision.id, theirs), return_exceptions=True)
        won = [o for o in outcomes if not isinstance(o, BaseException)]
        lost = [o for o in outcomes if isinstance(o, BaseException)]
        assert len(won) == 1 and len(lost) == 1, outcomes
        # whichever way the race went: the decision was already made, or the game changed under the commit
        assert isinstance(lost[0], errors.StaleDecision), lost[0]
        rounds += 1
        table = won[0].after
        assert len(await first.actions(table.id)) == rounds
    assert rounds >= 3
    log = await second.actions(table.id)
    assert [a.seq for a in log] == list(range(1, rounds + 1))  # no gap, no double
    final = await second.load(table.id)
    assert replay(final.engine, final.row, 2, [(a.actor_seat, a.action) for a in log]) == final.state
