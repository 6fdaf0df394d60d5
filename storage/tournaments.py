"""The stored tournaments and the games created for them (SQL only; migration 0012), and the insert of a game
that starts running at once (a tournament's game: row, seats and started state in one transaction)."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from storage.backend import POSTGRESQL, Connection
from storage.database import StaleVersion, _dump
from storage.rows import GameRow, SeatRow

if TYPE_CHECKING:
    from storage.database import Database

#: runs inside a write transaction (``conn``) after the game ``game_id`` was inserted
GameExtra = Callable[[Connection, int], Awaitable[None]]
#: runs inside the write transaction (``conn``) storing a tournament's new state
Extra = Callable[[Connection], Awaitable[None]]

_COLUMNS = ("id, guild_id, channel_id, creator_id, kind, options, status, state, message_id, version, "
            "created_at, updated_at")


@dataclass(frozen=True)
class TournamentRow:
    """One stored tournament: ``options`` (fmt, best_of, max_players, deadline_hours, rated, deck_format, …),
    ``status`` (``signup|running|finished|cancelled``) and ``state`` (the pure ``bot.tournaments`` state)."""

    id: int
    guild_id: int
    channel_id: int
    creator_id: int
    kind: str
    options: dict[str, Any]
    status: str
    state: dict[str, Any]
    message_id: int | None
    version: int
    created_at: float
    updated_at: float


@dataclass(frozen=True)
class TournamentGame:
    """A game created for a tournament, with the status of its game row."""

    game_id: int
    tournament_id: int
    match_id: str
    game_no: int
    recorded: bool
    voided: bool
    status: str


def _row(row: Sequence[Any]) -> TournamentRow:
    tid, guild, channel, creator, kind, options, status, state, message, version, created, updated = row
    return TournamentRow(tid, guild, channel, creator, kind, json.loads(options), status, json.loads(state),
                         message, version, created, updated)


class TournamentStore:
    """Reads and writes the ``tournaments`` and ``tournament_games`` tables."""

    def __init__(self, db: Database):
        self.db = db

    async def insert(self, guild_id: int, channel_id: int, creator_id: int, kind: str, options: dict[str, Any],
                     state: dict[str, Any]) -> int:
        """Store a new tournament open for sign-up; return its id."""
        now = self.db.clock()
        async with self.db.transaction() as conn:
            ((tid,),) = await conn.fetch(
                "INSERT INTO tournaments (guild_id, channel_id, creator_id, kind, options, status, state, "
                "created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'signup', ?, ?, ?) RETURNING id",
                (guild_id, channel_id, creator_id, kind, _dump(options), _dump(state), now, now))
        return int(tid)

    async def get(self, tid: int, conn: Connection | None = None) -> TournamentRow | None:
        """Return a tournament, or ``None``."""
        row = await self.db._one(f"SELECT {_COLUMNS} FROM tournaments WHERE id = ?", (tid,), conn)
        return _row(row) if row else None

    async def listed(self, guild_id: int | None, statuses: Sequence[str],
                     channel_id: int | None = None) -> list[TournamentRow]:
        """Return the tournaments with one of ``statuses`` (of a server, or every server for ``None``; of one
        channel if given), oldest first."""
        marks = ", ".join("?" for _ in statuses)
        sql = f"SELECT {_COLUMNS} FROM tournaments WHERE status IN ({marks})"
        params: list[Any] = list(statuses)
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        if channel_id is not None:
            sql += " AND channel_id = ?"
            params.append(channel_id)
        return [_row(r) for r in await self.db._all(sql + " ORDER BY id", tuple(params))]

    async def save(self, tid: int, expected_version: int, *, state: dict[str, Any],
                   status: str | None = None, recorded: Sequence[int] = (), voided: Sequence[int] = (),
                   extra: Extra | None = None) -> int:
        """Store a tournament's new state (and status), marking the games in ``recorded`` as counted and those in
        ``voided`` as no longer counting, then run ``extra`` (e.g. voiding a game's rating), in one transaction;
        return the new version (``StaleVersion`` if it changed meanwhile)."""
        async with self.db.transaction() as conn:
            version = await self.save_in(conn, tid, expected_version, state=state, status=status)
            for game_id in recorded:
                await conn.execute("UPDATE tournament_games SET recorded = 1 WHERE game_id = ?", (game_id,))
            for game_id in voided:
                await conn.execute("UPDATE tournament_games SET voided = 1 WHERE game_id = ?", (game_id,))
            if extra is not None:
                await extra(conn)
        return version

    async def save_in(self, conn: Connection, tid: int, expected_version: int, *,
                      state: dict[str, Any], status: str | None = None) -> int:
        """Inside a transaction: store a tournament's state (and status); return the new version."""
        count = await conn.execute(
            "UPDATE tournaments SET state = ?, status = COALESCE(?, status), version = version + 1, updated_at = ? "
            "WHERE id = ? AND version = ?", (_dump(state), status, self.db.clock(), tid, expected_version))
        if count != 1:
            raise StaleVersion(f"tournament {tid} is no longer at version {expected_version}")
        return expected_version + 1

    async def set_message(self, tid: int, message_id: int | None) -> None:
        """Remember the tournament's sign-up post (the version is unchanged)."""
        await self.db._write("UPDATE tournaments SET message_id = ? WHERE id = ?", (message_id, tid))

    async def link_game(self, conn: Connection, tid: int, game_id: int, match_id: str,
                        game_no: int) -> None:
        """Inside the transaction creating a game: link it to its tournament match."""
        await conn.execute("INSERT INTO tournament_games (game_id, tournament_id, match_id, game_no) "
                           "VALUES (?, ?, ?, ?)", (game_id, tid, match_id, game_no))

    async def mark_unrated(self, game_ids: Sequence[int]) -> None:
        """Mark running games unrated (row option ``"rated": false``) before the service ends them: a game ended
        by an override or a drop was not played out, so it never counts in the ratings."""
        async with self.db.transaction() as conn:
            unrated = ("jsonb_set(options::jsonb, '{rated}', 'false')::text" if conn.dialect == POSTGRESQL
                       else "json_set(options, '$.rated', json('false'))")
            for game_id in game_ids:
                await conn.execute(f"UPDATE games SET options = {unrated} WHERE id = ? AND status = 'running'",
                                   (game_id,))

    async def games(self, tid: int) -> list[TournamentGame]:
        """Return the games created for a tournament, in creation order, with their games' status."""
        rows = await self.db._all(
            "SELECT tg.game_id, tg.tournament_id, tg.match_id, tg.game_no, tg.recorded, tg.voided, g.status "
            "FROM tournament_games tg JOIN games g ON g.id = tg.game_id WHERE tg.tournament_id = ? "
            "ORDER BY tg.game_id", (tid,))
        return [TournamentGame(g, t, m, n, bool(r), bool(v), s) for g, t, m, n, r, v, s in rows]

    async def unrecorded_finished(self) -> list[tuple[int, int]]:
        """Return ``(tournament id, game id)`` of finished games of running tournaments whose result the
        tournament does not count yet (a stop between the game's end and its hook), oldest first."""
        rows = await self.db._all(
            "SELECT tg.tournament_id, tg.game_id FROM tournament_games tg "
            "JOIN games g ON g.id = tg.game_id JOIN tournaments t ON t.id = tg.tournament_id "
            "WHERE tg.recorded = 0 AND tg.voided = 0 AND g.status = 'finished' AND t.status = 'running' "
            "ORDER BY tg.game_id")
        return [(int(t), int(g)) for t, g in rows]

    async def with_running_games(self) -> list[int]:
        """Return the ids of the running or finished tournaments that still have a game running, oldest first."""
        rows = await self.db._all(
            "SELECT DISTINCT tg.tournament_id FROM tournament_games tg "
            "JOIN games g ON g.id = tg.game_id JOIN tournaments t ON t.id = tg.tournament_id "
            "WHERE tg.voided = 0 AND g.status = 'running' AND t.status IN ('running', 'finished') "
            "ORDER BY tg.tournament_id")
        return [int(t) for (t,) in rows]

    async def swap_seats(self, conn: Connection, tid: int, old: int, new: int, name: str) -> list[int]:
        """Inside a transaction: seat member ``new`` (as ``name``) instead of ``old`` in every running game of the
        tournament; return those games' ids."""
        rows = await self.db._all(
            "SELECT s.game_id FROM seats s JOIN tournament_games tg ON tg.game_id = s.game_id "
            "JOIN games g ON g.id = s.game_id WHERE tg.tournament_id = ? AND tg.voided = 0 "
            "AND g.status = 'running' AND s.user_id = ? ORDER BY s.game_id", (tid, old), conn)
        games = [int(g) for (g,) in rows]
        for game_id in games:
            await conn.execute("UPDATE seats SET user_id = ?, name = ? WHERE game_id = ? AND user_id = ?",
                               (new, name, game_id, old))
        return games


async def insert_started_game(db: Database, row: GameRow, seats: Sequence[SeatRow], extra: GameExtra | None = None
                              ) -> int:
    """Insert a running game (``row``'s kind, place, options, seed, state and creator) with its seats, and run
    ``extra`` in the same transaction; return the new game id."""
    now = db.clock()
    async with db.transaction() as conn:
        ((game_id,),) = await conn.fetch(
            "INSERT INTO games (guild_id, channel_id, kind, options, seed, status, creator_id, state, "
            "created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'running', ?, ?, ?, ?) RETURNING id",
            (row.guild_id, row.channel_id, row.kind, _dump(row.options), row.seed, row.creator_id,
             _dump(row.state), now, now))
        game_id = int(game_id)
        await conn.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name, joined_at) VALUES (?, ?, ?, ?, ?)",
            [(game_id, s.seat, s.user_id, s.name, now) for s in seats])
        if extra is not None:
            await extra(conn, game_id)
    return game_id
