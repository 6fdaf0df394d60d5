"""The SQLite store of games, seats, the action log, guild settings and bot metadata."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from storage.game_queries import GameQueries
from storage.migrate import latest_version, migrate
from storage.opening import ADVICE, DatabaseUnusable, preflight
from storage.rows import GAME_COLUMNS, ActionRow, GameRow, SeatRow, game_row
from storage.timers import Timers
from storage.undo_requests import UndoRequests

Clock = Callable[[], float]


#: the undo entries of one game, read through the partial index ``actions_undo`` (migration 0008)
UNDO_COUNT_SQL = "SELECT COUNT(*) FROM actions WHERE game_id = ? AND json_extract(action, '$.type') = 'undo'"

class StaleVersion(Exception):
    """The game changed since it was loaded: the write was not applied."""


class StorageError(Exception):
    """SQLite could not carry out a read or write (disk full, I/O error, damaged file)."""

    def __init__(self, message: str, *, full: bool = False):
        super().__init__(message)
        #: the disk (or the database's size limit) is full
        self.full = full


def storage_error(exc: sqlite3.Error) -> Exception:
    """Return the exception to raise for a SQLite error: ``StorageError`` for a failure of the store
    itself; constraint violations and programming errors are raised as they are."""
    if isinstance(exc, sqlite3.IntegrityError | sqlite3.ProgrammingError | sqlite3.InterfaceError):
        return exc
    code = getattr(exc, "sqlite_errorcode", None)
    full = code == sqlite3.SQLITE_FULL or "database or disk is full" in str(exc)
    return StorageError(str(exc), full=full)


class SeatTaken(Exception):
    """The member already has a seat in this game."""


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


class Database(GameQueries):
    """An open connection to the Pixel Parlor database (WAL, foreign keys on, migrated)."""

    def __init__(self, conn: aiosqlite.Connection, reader: aiosqlite.Connection | None = None,
                 clock: Clock = time.time):
        self.conn = conn
        # Reads go through their own connection: under WAL they only ever see committed data, never
        # the half-done transaction of another task on the writing connection.
        self.reader = reader or conn
        self.clock = clock
        self.schema_version = 0
        #: deadlines and reminders (``storage/timers.py``)
        self.timers = Timers(self)
        #: /game undo requests (``storage/undo_requests.py``)
        self.undo_requests = UndoRequests(self)
        # One connection is shared by every coroutine: write transactions must not interleave.
        self._write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str, clock: Clock = time.time) -> Database:
        """Open (creating and migrating if needed) the database at ``path``.

        A damaged file, another kind of file, or a database of a newer schema is refused with
        ``DatabaseUnusable`` before anything is written to it, and no connection is left open."""
        preflight(path)
        conns: list[aiosqlite.Connection] = []
        try:
            conn = await aiosqlite.connect(path, isolation_level=None)
            conns.append(conn)
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute("PRAGMA foreign_keys = ON")
            await conn.execute("PRAGMA synchronous = NORMAL")
            await conn.execute("PRAGMA busy_timeout = 5000")
            version = await migrate(conn)
            if version > latest_version():
                raise DatabaseUnusable(f"{path} was written by a newer Pixel Parlor (schema {version}): "
                                       "upgrade Pixel Parlor, or restore a backup made by this version.")
            reader = await aiosqlite.connect(path, isolation_level=None)
            conns.append(reader)
            await reader.execute("PRAGMA busy_timeout = 5000")
            await reader.execute("PRAGMA query_only = ON")
        except BaseException as exc:
            for opened in conns:
                with contextlib.suppress(Exception):
                    await opened.close()
            if isinstance(exc, sqlite3.DatabaseError):
                raise DatabaseUnusable(f"{path} cannot be used ({exc}): {ADVICE}.") from None
            raise
        db = cls(conn, reader, clock)
        db.schema_version = version
        return db

    async def close(self) -> None:
        """Close the connections."""
        if self.reader is not self.conn:
            await self.reader.close()
        await self.conn.close()

    async def _one(self, sql: str, params: tuple = (), conn: aiosqlite.Connection | None = None) -> Any:
        """Fetch one row (from the reader unless ``conn``, a transaction's connection, is given)."""
        rows = await self._all(sql, params, conn)
        return rows[0] if rows else None

    async def _all(self, sql: str, params: tuple = (), conn: aiosqlite.Connection | None = None) -> list[Any]:
        """Fetch all rows (from the reader unless ``conn`` is given).

        The statement runs and is read to its end in one call on the connection's thread, so it never
        stays open while another task's statement runs there: each read is its own snapshot, taken
        when it starts, and so sees every commit made before it (read-your-writes). A cursor left
        open across an ``await`` would pin an old snapshot for every later read on the connection.
        """
        try:
            return list(await (conn or self.reader).execute_fetchall(sql, params))
        except sqlite3.Error as exc:
            mapped = storage_error(exc)
            if mapped is exc:
                raise
            raise mapped from exc

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """Run the body in one write transaction: committed on success, rolled back on error.

        A failure of SQLite itself (disk full, I/O error) is raised as ``StorageError``.
        """
        async with self._write_lock:
            try:
                await self.conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                raise storage_error(exc) from exc
            try:
                yield self.conn
                await self.conn.execute("COMMIT")
            except BaseException as exc:
                if self.conn.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        await self.conn.execute("ROLLBACK")
                mapped = storage_error(exc) if isinstance(exc, sqlite3.Error) else exc
                if mapped is exc:
                    raise
                raise mapped from exc

    async def _write(self, sql: str, params: tuple) -> int:
        """Run one statement in its own transaction; return its row count."""
        async with self.transaction() as conn:
            cur = await conn.execute(sql, params)
            count = cur.rowcount
            await cur.close()
        return count

    async def _bump(self, conn: aiosqlite.Connection, game_id: int, expected_version: int,
                    now: float | None = None) -> None:
        """Raise the game's version by one inside a transaction, or raise ``StaleVersion``."""
        cur = await conn.execute(
            "UPDATE games SET version = version + 1, updated_at = ? WHERE id = ? AND version = ?",
            (self.clock() if now is None else now, game_id, expected_version))
        if cur.rowcount != 1:
            raise StaleVersion(f"game {game_id} is no longer at version {expected_version}")

    # --- games -------------------------------------------------------------------------------

    async def create_game(self, kind: str, guild_id: int | None, channel_id: int, creator_id: int,
                          options: dict[str, Any], seed: int, creator_name: str = "") -> int:
        """Create a game in the lobby state, seat its creator, and return its id."""
        now = self.clock()
        async with self.transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO games (guild_id, channel_id, kind, options, seed, status, creator_id, "
                "created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?)",
                (guild_id, channel_id, kind, _dump(options), seed, creator_id, now, now),
            )
            game_id = cur.lastrowid
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
            "posted_version = MAX(COALESCE(posted_version, 0), ?) WHERE id = ?",
            (message_id, channel_id, version, game_id))

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
                            extra: Callable[[aiosqlite.Connection], Awaitable[None]] | None = None) -> int:
        """Store the new state and append its action-log row in one transaction; return the new version.

        ``now`` (default: the clock) becomes the game's ``updated_at``. ``extra`` (e.g. a finishing game's
        rating change) runs inside the same transaction after those writes: if it fails, nothing is stored."""
        async with self.transaction() as conn:
            await self._bump(conn, game_id, expected_version, now)
            await conn.execute("UPDATE games SET state = ?, status = ? WHERE id = ?",
                               (_dump(state), status, game_id))
            (seq,) = await self._one(
                "SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = ?", (game_id,), conn)
            await conn.execute(
                "INSERT INTO actions (game_id, seq, actor_seat, actor_id, action, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, seq, actor_seat, actor_id, _dump(action), self.clock()),
            )
            if extra is not None:
                await extra(conn)
        return expected_version + 1

    async def actions(self, game_id: int) -> list[ActionRow]:
        """Return the game's action log in order."""
        rows = await self._all(
            "SELECT seq, actor_seat, actor_id, action, created_at FROM actions WHERE game_id = ? "
            "ORDER BY seq", (game_id,))
        return [ActionRow(s, seat, actor, json.loads(a), t) for s, seat, actor, a, t in rows]

    async def undo_count(self, game_id: int) -> int:
        """Return how many undo entries the game's action log holds."""
        row = await self._one(UNDO_COUNT_SQL, (game_id,))
        return int(row[0])

    # --- seats -------------------------------------------------------------------------------

    async def seats(self, game_id: int, conn: aiosqlite.Connection | None = None) -> list[SeatRow]:
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
