"""Shared pieces of the league service tests: a table service over a real temporary database with a fake clock,
the league service's events, a scheduler firing due timers at the fake time, and drivers that draft, challenge and
finish games through the services (players resign through the table service, so the finish hook runs as in
play)."""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import AsyncIterator

from bot import errors
from bot import league as lg
from bot.deadlines import DeadlineService
from bot.league_service import LeagueEvent, LeagueService
from bot.scheduler import Scheduler
from bot.tables import TableService
from storage.database import Database

GUILD, CHANNEL, ORGANISER = 77, 600, 1000
#: Monday 2 March 2026, 12:00 UTC
MONDAY_NOON = 1772452800.0
DAY = 86400.0


class FakeClock:
    """A clock that moves only when told."""

    def __init__(self, now: float = MONDAY_NOON):
        self.now = now

    def __call__(self) -> float:
        return self.now


class Harness:
    """A table service with its league service, the events its listener heard, and a scheduler at fake time."""

    def __init__(self, db: Database, clock: FakeClock):
        counter = itertools.count(1)
        self.db, self.clock = db, clock
        self.tables = TableService(db, seed_source=lambda: next(counter))
        self.service: LeagueService = self.tables.leagues
        self.events: list[LeagueEvent] = []

        async def listen(event: LeagueEvent) -> None:
            self.events.append(event)

        self.service.listeners.append(listen)
        self.deadlines = DeadlineService.of(self.tables, clock)
        self.tables.after_commit.append(self.deadlines.sync)
        self.scheduler = Scheduler(self.deadlines, self.deadlines.fire, clock)

    def kinds(self) -> list[str]:
        """Return the kinds of the events heard so far."""
        return [e.kind for e in self.events]

    async def open(self, players: int, cycles: int = 2, **options):
        """Create a league (organiser 1000) and sign members 1..``players`` up (named P1…); return its row."""
        row = await self.service.create(GUILD, CHANNEL, ORGANISER, "Org", cycles, 7, **options)
        for user_id in range(1, players + 1):
            row = await self.service.join(row.id, user_id, f"P{user_id}")
        return row

    async def draft_all(self, lid: int) -> int:
        """Make every League Draft pick until no draft runs (take the first takeable card, put the next visible
        one on the bottom); return how many picks were made."""
        picks = 0
        while (view := lg.draft_state((await self.service.load(lid)).state)) is not None:
            rest = list(view.visible)
            rest.remove(view.takeable[0])
            await self.service.draft_pick(lid, view.user_id, view.takeable[0], rest[0] if rest else None)
            picks += 1
        return picks

    async def battle(self, lid: int, by: int, to: int, leader_no: int = 0, base_no: int = 0) -> int:
        """Challenge, accept and choose (each the first available Leader and the rival's first available Base, or
        the given index); return the challenge id (its game was created by the second choice)."""
        _row, cid = await self.service.challenge(lid, by, to)
        await self.service.answer(lid, cid, to, True)
        for user_id, rival in ((by, to), (to, by)):
            state = (await self.service.load(lid)).state
            leader = lg.available_leaders(state, user_id)[leader_no]
            base = lg.available_bases(state, rival)[base_no]
            await self.service.choose(lid, cid, user_id, leader, base)
        return cid

    async def game_of(self, lid: int, cid: int) -> int:
        """Return the id of a challenge's game."""
        return next(g.game_id for g in await self.service.played(lid) if g.challenge_id == cid and not g.voided)

    async def win(self, game_id: int, winner: int) -> None:
        """Finish a game with ``winner`` first: the other player resigns (through the table service)."""
        table = await self.tables.load(game_id)
        for seat in table.seats:
            if seat.user_id != winner:
                try:
                    await self.tables.resign(game_id, seat.user_id)
                except errors.GameNotRunning:
                    return

    async def at(self, when: float) -> int:
        """Move the fake clock to ``when`` and fire every timer due then; return how many fired."""
        self.clock.now = when
        return await self.scheduler.run_due()


@contextlib.asynccontextmanager
async def harness(tmp_path) -> AsyncIterator[Harness]:
    """Yield a harness over a fresh migrated database in ``tmp_path`` whose clock is a ``FakeClock``."""
    clock = FakeClock()
    db = await Database.open(str(tmp_path / "league.sqlite3"), clock=clock)
    try:
        yield Harness(db, clock)
    finally:
        await db.close()
