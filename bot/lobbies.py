"""The lobby half of the table service: opening, joining, leaving, cancelling and starting a table, the seat
checks of a lobby, and a game created already running (e.g. a tournament's). ``TableService`` (``bot/tables.py``)
takes these methods in, so cogs still have one door."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot import errors, lobby_decks
from bot.game_table import Table
from bot.games.base import GameError, State
from bot.registry import engine as engine_for
from bot.registry import title
from bot.saving import saving
from storage.database import Database, SeatTaken
from storage.rows import GameRow, SeatRow
from storage.tournaments import GameExtra, insert_started_game


class Lobbies:
    """The lobby methods of ``TableService`` (a mixin: the state, the locks, ``load`` and the commit hooks are
    the service's own)."""

    db: Database
    _seed: Callable[[], int]

    if TYPE_CHECKING:  # the service's own
        def lock(self, game_id: int) -> asyncio.Lock: ...

        async def load(self, game_id: int, guild_id: int | None = None) -> Table: ...

        async def _notify(self, table: Table) -> None: ...

    async def create_lobby(self, kind: str, guild_id: int | None, channel_id: int, user_id: int,
                           name: str, options: dict[str, Any]) -> Table:
        """Open a lobby for ``kind`` with its creator in seat 1.

        ``options`` holds the table's settings (e.g. ``thread``) and, under ``"game"``, the
        options passed to the engine.
        """
        try:
            engine_for(kind)
        except KeyError:
            raise errors.LobbyError("Unknown game {kind}.", kind=repr(kind)) from None
        async with saving(None):
            game_id = await self.db.create_game(kind, guild_id, channel_id, user_id, options, self._seed(), name)
        return await self.load(game_id)

    async def join(self, game_id: int, user_id: int, name: str) -> Table:
        """Seat a member in a lobby."""
        async with self.lock(game_id):
            table = await self._lobby(game_id)
            if table.seat_of(user_id) is not None:
                raise errors.LobbyError("You already have a seat at this table.")
            most = table.seat_range[1]
            if len(table.seats) >= most:
                raise errors.LobbyError("The table is full ({most} players).", most=most)
            try:
                async with saving(game_id):
                    await self.db.add_seat(game_id, user_id, table.row.version, name)
            except SeatTaken:
                raise errors.LobbyError("You already have a seat at this table.") from None
            return await self.load(game_id)

    async def leave_lobby(self, game_id: int, user_id: int) -> Table:
        """Remove a member from a lobby (the creator cancels instead)."""
        async with self.lock(game_id):
            table = await self._lobby(game_id)
            if table.seat_of(user_id) is None:
                raise errors.LobbyError("You are not seated at this table.")
            if user_id == table.row.creator_id:
                raise errors.LobbyError("You opened this table: use Cancel to close it.")
            async with saving(game_id):
                await self.db.remove_seat(game_id, user_id, table.row.version)
            return await self.load(game_id)

    async def cancel(self, game_id: int, user_id: int) -> Table:
        """Close a lobby (its creator only)."""
        async with self.lock(game_id):
            table = await self._lobby(game_id)
            if user_id != table.row.creator_id:
                raise errors.LobbyError("Only the member who opened this table can cancel it.")
            async with saving(game_id):
                await self.db.update_game(game_id, table.row.version, status="cancelled")
            return await self.load(game_id)

    async def start(self, game_id: int, user_id: int) -> Table:
        """Start a lobby's game (its creator only, with enough players seated)."""
        async with self.lock(game_id):
            table = await self._lobby(game_id)
            if user_id != table.row.creator_id:
                raise errors.LobbyError("Only the member who opened this table can start it.")
            state, row_options = await self._opening(table)
            async with saving(game_id):
                await self.db.update_game(game_id, table.row.version, status="running", state=state,
                                          options=row_options)
            return await self._opened(game_id)

    async def _opening(self, table: Table) -> tuple[State, dict[str, Any]]:
        """Return the first state and the row options of a game about to start (the seat count checked,
        built decks read, options settled); ``LobbyError`` saying why it cannot start."""
        count, eng = len(table.seats), table.engine
        low, high = table.seat_range
        if not low <= count <= high:
            raise errors.LobbyError("{game} needs {low}–{high} players; {count} seated.", game=title(table.row.kind),
                                    low=low, high=high, count=count)
        engine_options, row_options = await lobby_decks.starting_options(self, table)
        try:
            return eng.new_game(count, engine_options, table.row.seed), row_options
        except GameError as exc:
            raise errors.LobbyError(exc.template, **exc.fields) from None

    async def _opened(self, game_id: int) -> Table:
        """Load a game that has just started, lock its built decks and run the commit hooks."""
        started = await self.load(game_id)
        await lobby_decks.lock_decks(self, started)
        await self._notify(started)
        return started

    async def create_started(self, kind: str, guild_id: int | None, channel_id: int,
                             seats: list[tuple[int, str]], options: dict[str, Any],
                             extra: GameExtra | None = None) -> Table:
        """Create a game already running (e.g. a tournament's): its row, its seats in the order given (the
        first member is its creator) and its first state in one transaction, in which ``extra(conn, game_id)``
        also runs; then lock its decks and run the commit hooks as ``start`` does."""
        try:
            eng = engine_for(kind)
        except KeyError:
            raise errors.LobbyError("Unknown game {kind}.", kind=repr(kind)) from None
        now = self.db.clock()
        seat_rows = [SeatRow(i, user_id, name, now) for i, (user_id, name) in enumerate(seats)]
        draft = GameRow(0, guild_id, channel_id, None, None, None, kind, dict(options), self._seed(), "lobby",
                        seats[0][0], None, 0, now, now)
        state, row_options = await self._opening(Table(draft, seat_rows, eng))
        started = dataclasses.replace(draft, options=row_options, state=state)
        async with saving(None):
            game_id = await insert_started_game(self.db, started, seat_rows, extra)
        async with self.lock(game_id):
            return await self._opened(game_id)

    async def choose_deck(self, game_id: int, user_id: int, name: str) -> Table:
        """Record a seated member's private deck choice at a built-deck lobby."""
        return await lobby_decks.choose(self, game_id, user_id, name)

    async def playable_deck(self, guild_id: int | None, user_id: int, name: str) -> dict[str, Any]:
        """Return a member's deck if it can be played in this server now (``LobbyError`` saying why not)."""
        return await lobby_decks.checked_deck(self, guild_id, user_id, name)

    async def _lobby(self, game_id: int) -> Table:
        table = await self.load(game_id)
        status = table.row.status
        if status == "running":
            raise errors.LobbyError("This game has already started.")
        if status == "finished":
            raise errors.LobbyError("This table is finished.")
        if status == "cancelled":
            raise errors.LobbyError("This table is cancelled.")
        return table
