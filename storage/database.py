"""The store of games, seats, the action log, guild settings and bot metadata, on SQLite or PostgreSQL.

``PARLOR_DB`` chooses the backend (``storage/backend/``): a file path is SQLite, a ``postgresql://`` URL is
PostgreSQL. Every accepted action is one transaction (the new state and its append-only log row), committed only
on the version it was computed from: ``UPDATE games … WHERE id = ? AND version = ?`` is a compare-and-swap, and a
lost race raises ``StaleVersion`` (never applied twice).

The per-game lock across processes is that same ``UPDATE``: it is the first statement of every transaction that
changes a game's version, and in PostgreSQL it takes the game row's lock (as ``SELECT … FOR UPDATE`` would) and
holds it to the commit, so two processes' writes to one game are serialised; the second sees the new version and
fails the compare-and-swap. SQLite's ``BEGIN IMMEDIATE`` serialises every write transaction of the file. Sections
that must be serialised without a game row (e.g. numbering rated results) take ``Connection.lock`` (a
PostgreSQL transaction-level advisory lock).
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from storage.backend import POSTGRESQL, Backend, Connection, open_backend
from storage.backend.sqlite import storage_error  # noqa: F401  (re-exported: SQLite's error mapping)
from storage.errors import StaleVersion, StorageError  # noqa: F401  (re-exported)
from storage.game_queries import GameQueries
from storage.rows import GAME_COLUMNS, ActionRow, GameRow, SeatRow, game_row
from storage.timers import Timers
from storage.undo_requests import UndoRequests

Clock = Callable[[], float]


#: the undo entries of one game, read through the partial index ``actions_undo`` (migration 0008)
UNDO_COUNT_SQL = "SELECT COUNT(*) FROM actions WHERE game_id = ? AND json_extract(action, '$.type') = 'undo'"
#: the same in PostgreSQL, written as its ``actions_undo`` index is
UNDO_COUNT_PG = "SELECT COUNT(*) FROM actions WHERE game_id = ? AND (action::jsonb ->> 'type') = 'undo'"


class SeatTaken(Exception):
    """The member already has a seat in this game."""


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


class Database(GameQueries):
    """An open, migrated Pixel Parlor database (SQLite file or PostgreSQL server)."""

    def __init__(self, backend: Backend, clock: Clock = time.time):
        self.backend = backend
        self.dialect = backend.dialect
        self.clock = clock
        self.schema_version = backend.schema_version
        #: deadlines and reminders (``storage/timers.py``)
        self.timers = Timers(self)
        #: /game undo requests (``storage/undo_requests.py``)
        self.undo_requests = UndoRequests(self)

    @classmethod
    async def open(cls, target: str, clock: Clock = time.time) -> Database:
        """Open (creating and migrating if needed) the database ``target``: a SQLite file path or a
        ``postgresql://`` URL.

        A damaged file, another kind of file, an unreachable server, or a database of a newer schema is refused
        with ``DatabaseUnusable`` before anything is written to it, and no connection is left open."""
        return cls(await open_backend(target), clock)

    @property
    def postgres(self) -> bool:
        """Whether the database is PostgreSQL."""
        return self.dialect == POSTGRESQL

    @property
    def conn(self):
        """SQLite only: the raw writing ``aiosqlite`` connection (tests and tools)."""
        return self._sqlite("writer")

    @property
    def reader(self):
        """SQLite only: the raw read-only ``aiosqlite`` connection (tests and tools)."""
        return self._sqlite("reader")

    def _sqlite(self, name: str):
        if self.postgres:
            raise AttributeError(f"a PostgreSQL database has no raw SQLite {name}: use transaction() and _all()")
        return getattr(self.backend, name)

    async def close(self) -> None:
        """Close the connections."""
        await self.backend.close()

    async def _one(self, sql: str, params: tuple = (), conn: Connection | None = None) -> Any:
        """Fetch one row (of committed data unless ``conn``, a transaction's connection, is given)."""
        rows = await self._all(sql, params, conn)
        return rows[0] if rows else None

    async def _all(self, sql: str, params: tuple = (), conn: Connection | None = None) -> list[Any]:
        """Fetch all rows (of committed data unless ``conn``, a transaction's connection, is given); a failure
        of the database itself is raised as ``StorageError``."""
        return await self.backend.fetch(sql, params, conn)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        """Run the body in one write transaction: committed on success, rolled back on error.

        A failure of the database itself (disk full, I/O error, connection lost) is raised as ``StorageError``.
        """
        async with self.backend.transaction() as conn:
            yield conn

    async def _write(self, sql: str, params: tuple) -> int:
        """Run one statement in its own transaction; return its row count."""
        async with self.transaction() as conn:
            return await conn.execute(sql, params)

    async def _bump(self, conn: Connection, game_id: int, expected_version: int,
                    now: float | None = None) -> None:
        """Raise the game's version by one inside a transaction (locking its row), or raise ``StaleVersion``."""
        count = await conn.execute(
            "UPDATE games SET version = version + 1, updated_at = ? WHERE id = ? AND version = ?",
            (self.clock() if now is None else now, game_id, expected_version))
        if count != 1:
            raise StaleVersion(f"game {game_id} is no longer at version {expected_version}")

    # --- games -------------------------------------------------------------------------------

    async def create_game(self, kind: str, guild_id: int | None, channel_id: int, creator_id: int,
                          options: dict[str, Any], seed: int, creator_name: str = "") -> int:
        """Create a game in the lobby state, seat its creator, and return its id."""
        now = self.clock()
        async with self.transaction() as conn:
            ((game_id,),) = await conn.fetch(
                "INSERT INTO games (guild_id, channel_id, kind, options, seed, status, creator_id, "
                "created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?) RETURNING id",
                (guild_id, channel_id, kind, _dump(options), seed, creator_id, now, now),
            )
            await conn.execute(
                "INSERT INTO seats (game_id, seat, user_id, name, joined_at) VALUES (?, 0, ?, ?, ?)",
                (game_id, creator_id, creator_name, now),
            )
        return int(game_id)

    async def get_game(self, game_id: int) -> GameRow | None:
        """Return the game with this id, or ``None``."""
        row = await self._one(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return game_row(row) if row else None

    async def update_game(self, game_id: int, expected_version: int, **fields: Any) -> int:
        """Update columns of a game if it is still at ``expected_version``; return the new version."""
        allowed = {"thread_id", "message_id", "options", "status", "state"}
        if not fields or set(fields) - allowed:
            raise ValueError(f"cannot update {sorted(set(fields) - allowed)}")
        sets, params = [], []
        for name, value in fields.items():
            sets.append(f"{name} = ?")
            params.append(_dump(value) if name in ("options", "state") and value is not None else value)
        sql = (f"UPDATE games SET {', '.join(sets)}, version = version + 1, updated_at = ? "
               "WHERE id = ? AND version = ?")
        if await self._write(sql, (*params, self.clock(), game_id, expected_version)) != 1:
            raise StaleVersion(f"game {game_id} is no longer at version {expected_version}")
        return expected_version + 1

    async def set_message(self, game_id: int, message_id: int | None, version: int,
                          channel_id: int | None = None) -> None:
        """Remember the game's latest table post, the version it shows and its channel (``None``: the
        game's post channel); the game's version is unchanged."""
        await self._write(
            "UPDATE games SET message_id = ?, message_channel_id = ?, "
            "posted_version = CASE WHEN posted_version IS NULL OR posted_version < ? THEN ? ELSE posted_version END "
            "WHERE id = ?", (message_id, channel_id, version, version, game_id))

    async def leave_thread(self, game_id: int, thread_id: int) -> bool:
        """Move a game out of its thread (deleted) into its channel, and mark its latest state as never
        posted (nothing of it is visible any more); return whether the game was still in that thread."""
        return await self._write(
            "UPDATE games SET thread_id = NULL, message_id = NULL, message_channel_id = NULL, "
            "posted_version = NULL WHERE id = ? AND thread_id = ?", (game_id, thread_id)) == 1

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        """Remember the thread the game is played in (does not change the version)."""
        await self._write("UPDATE games SET thread_id = ? WHERE id = ?", (thread_id, game_id))

    async def commit_action(self, game_id: int, expected_version: int, actor_seat: int | None,
                            actor_id: int | None, action: dict[str, Any], state: dict[str, Any],
                            status: str, now: float | None = None,
                            extra: Callable[[Connection], Awaitable[None]] | None = None, *,
                            computer_level: str | None = None) -> int:
        """Store the new state and append its action-log row in one transaction; return the new version.

        ``now`` (default: the clock) becomes the game's ``updated_at``. ``extra`` (e.g. a finishing game's
        rating change) runs inside the same transaction after those writes: if it fails, nothing is stored.
        ``computer_level``: the level of the computer player that made the action (None: a member made it)."""
        async with self.transaction() as conn:
            await self._bump(conn, game_id, expected_version, now)
            await conn.execute("UPDATE games SET state = ?, status = ? WHERE id = ?",
                               (_dump(state), status, game_id))
            (seq,) = await self._one(
                "SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = ?", (game_id,), conn)
            await conn.execute(
                "INSERT INTO actions (game_id, seq, actor_seat, actor_id, action, created_at, computer_level) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, seq, actor_seat, actor_id, _dump(action), self.clock(), computer_level),
            )
            if extra is not None:
                await extra(conn)
        return expected_version + 1

    async def actions(self, game_id: int) -> list[ActionRow]:
        """Return the game's action log in order."""
        rows = await self._all(
            "SELECT seq, actor_seat, actor_id, action, created_at, computer_level FROM actions WHERE game_id = ? "
            "ORDER BY seq", (game_id,))
        return [ActionRow(s, seat, actor, json.loads(a), t, level) for s, seat, actor, a, t, level in rows]

    async def undo_count(self, game_id: int) -> int:
        """Return how many undo entries the game's action log holds."""
        row = await self._one(UNDO_COUNT_PG if self.postgres else UNDO_COUNT_SQL, (game_id,))
        return int(row[0])

    # --- seats -------------------------------------------------------------------------------

    async def seats(self, game_id: int, conn: Connection | None = None) -> list[SeatRow]:
        """Return the seats of a game in seat order."""
        rows = await self._all(
            "SELECT seat, user_id, name, joined_at FROM seats WHERE game_id = ? ORDER BY seat", (game_id,), conn)
        return [SeatRow(*r) for r in rows]

    async def add_seat(self, game_id: int, user_id: int, expected_version: int, name: str = "") -> int:
        """Seat ``user_id`` in the next seat of a lobby; return the new game version."""
        async with self.transaction() as conn:
            if await self._one("SELECT 1 FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id), conn):
                raise SeatTaken(f"user {user_id} is already seated")
            await self._bump(conn, game_id, expected_version)
            (seat,) = await self._one(
                "SELECT COALESCE(MAX(seat), -1) + 1 FROM seats WHERE game_id = ?", (game_id,), conn)
            await conn.execute(
                "INSERT INTO seats (game_id, seat, user_id, name, joined_at) VALUES (?, ?, ?, ?, ?)",
                (game_id, seat, user_id, name, self.clock()))
        return expected_version + 1

    async def remove_seat(self, game_id: int, user_id: int, expected_version: int) -> int:
        """Remove a member from a lobby, closing the gap in seat numbers; return the new version."""
        async with self.transaction() as conn:
            await self._bump(conn, game_id, expected_version)
            seats = [s for s in await self.seats(game_id, conn) if s.user_id != user_id]
            await conn.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            await conn.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name, joined_at) VALUES (?, ?, ?, ?, ?)",
                [(game_id, i, s.user_id, s.name, s.joined_at) for i, s in enumerate(seats)])
        return expected_version + 1

    # --- direct messages ----------------------------------------------------------------------

    async def dm_closed_since(self, user_id: int) -> float | None:
        """Return when this member's DMs were last seen refusing the bot, or ``None``."""
        row = await self._one("SELECT since FROM dm_closed WHERE user_id = ?", (user_id,))
        return row[0] if row else None

    async def set_dm_closed(self, user_id: int, closed: bool) -> None:
        """Remember (now) that a member's DMs refuse the bot, or forget it once a DM went through."""
        if closed:
            await self._write("INSERT INTO dm_closed (user_id, since) VALUES (?, ?) "
                              "ON CONFLICT (user_id) DO UPDATE SET since = excluded.since",
                              (user_id, self.clock()))
        else:
            await self._write("DELETE FROM dm_closed WHERE user_id = ?", (user_id,))

    # --- settings and metadata ---------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """Return the stored settings of a guild (only those explicitly set)."""
        rows = await self._all("SELECT key, value FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return {k: json.loads(v) for k, v in rows}

    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None:
        """Store one setting of a guild."""
        await self._write(
            "INSERT INTO guild_settings (guild_id, key, value) VALUES (?, ?, ?) "
            "ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value",
            (guild_id, key, _dump(value)))

    async def get_meta(self, key: str) -> str | None:
        """Return a metadata value of the bot, or ``None``."""
        row = await self._one("SELECT value FROM meta WHERE key = ?", (key,))
        return row[0] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        """Store a metadata value of the bot."""
        await self._write(
            "INSERT INTO meta (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))
