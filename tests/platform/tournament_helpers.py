"""Shared pieces of the tournament service tests: a service over a real temporary database with a listener that
keeps every event, and drivers that finish the games the service created (players resign through the table
service, so the finish hook runs exactly as in play)."""

from __future__ import annotations

import itertools
from collections.abc import Callable

from bot import errors
from bot.tables import TableService
from bot.tournament_service import TournamentEvent, TournamentService

GUILD, CHANNEL, ORGANISER = 77, 500, 1000


class Harness:
    """A table service with its tournament service, and the events the listener heard."""

    def __init__(self, db):
        counter = itertools.count(1)
        self.tables = TableService(db, seed_source=lambda: next(counter))
        self.service: TournamentService = self.tables.tournaments
        self.events: list[TournamentEvent] = []

        async def listen(event: TournamentEvent) -> None:
            self.events.append(event)

        self.service.listeners.append(listen)

    async def open(self, players: int, fmt: str, best_of: int = 1, kind: str = "tixel", **options):
        """Create a tournament and sign up members 1..``players`` (named P1…); return its row."""
        row = await self.service.create(GUILD, CHANNEL, ORGANISER, "Org", kind, fmt, best_of, **options)
        for user_id in range(1, players + 1):
            row = await self.service.join(row.id, user_id, f"P{user_id}")
        return row

    async def running_games(self, tid: int) -> list[int]:
        """Return the ids of the tournament's games still running, oldest first."""
        return [g.game_id for g in await self.service.store.games(tid) if g.status == "running"]

    async def win(self, game_id: int, winner: int) -> None:
        """Finish a game with ``winner`` first: every other player resigns (through the table service)."""
        table = await self.tables.load(game_id)
        for seat in table.seats:
            if seat.user_id == winner:
                continue
            try:
                await self.tables.resign(game_id, seat.user_id)
            except errors.GameNotRunning:
                break
            except errors.IllegalMove:
                continue  # left already (a dropped player)

    async def play_out(self, tid: int, pick: Callable[[list[int]], int] = min) -> int:
        """Finish every game until the tournament stops creating them (``pick`` chooses each game's winner
        among its players); return how many games were played."""
        played = 0
        while True:
            running = await self.running_games(tid)
            if not running:
                return played
            for game_id in running:
                table = await self.tables.load(game_id)
                await self.win(game_id, pick([s.user_id for s in table.seats]))
                played += 1

