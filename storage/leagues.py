"""The stored Pixel Tactics Leagues, the games created for their challenges and their timers (SQL only;
migration 0013)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from storage.backend import POSTGRESQL, Connection
from storage.database import StaleVersion, _dump

if TYPE_CHECKING:
    from storage.database import Database

_COLUMNS = "id, guild_id, channel_id, creator_id, options, status, state, message_id, version, created_at, updated_at"


@dataclass(frozen=True)
class LeagueRow:
    """One stored league: ``options`` (creator_name, deadline_hours, cycle_started_at, …), ``status``
    (``signup|running|finished|cancelled``) and ``state`` (the pure ``bot.league`` state)."""

    id: int
    guild_id: int
    channel_id: int
    creator_id: int
    options: dict[str, Any]
    status: str
    state: dict[str, Any]
    message_id: int | None
    version: int
    created_at: float
    updated_at: float


@dataclass(frozen=True)
class LeagueGame:
    """A game created for a league challenge, with the status of its game row."""

    game_id: int
    league_id: int
    challenge_id: int
    recorded: bool
    voided: bool
    status: str


@dataclass(frozen=True)
class LeagueTimer:
    """One stored league timer (``cycle_end`` or ``reminder``)."""

    id: int
    league_id: int
    kind: str
    key: str
    user_id: int | None
    due_at: float


def _row(row: Sequence[Any]) -> LeagueRow:
    lid, guild, channel, creator, options, status, state, message, version, created, updated = row
    return LeagueRow(lid, guild, channel, creator, json.loads(options), status, json.loads(state), message,
                     version, created, updated)


class LeagueStore:
    """Reads and writes the ``leagues``, ``league_games`` and ``league_timers`` tables."""

    def __init__(self, db: Database):
        self.db = db

    async def insert(self, guild_id: int, channel_id: int, creator_id: int, options: dict[str, Any],
                     state: dict[str, Any]) -> int:
        """Store a new league open for sign-up; return its id."""
        now = self.db.clock()
        async with self.db.transaction() as conn:
            ((lid,),) = await conn.fetch(
                "INSERT INTO leagues (guild_id, channel_id, creator_id, options, status, state, created_at, "
                "updated_at) VALUES (?, ?, ?, ?, 'signup', ?, ?, ?) RETURNING id",
                (guild_id, channel_id, creator_id, _dump(options), _dump(state), now, now))
        return int(lid)

    async def get(self, lid: int) -> LeagueRow | None:
        """Return a league, or ``None``."""
        row = await self.db._one(f"SELECT {_COLUMNS} FROM leagues WHERE id = ?", (lid,))
        return _row(row) if row else None

    async def listed(self, guild_id: int | None, statuses: Sequence[str],
                     channel_id: int | None = None) -> list[LeagueRow]:
        """Return the leagues with one of ``statuses`` (of a server, or every server for ``None``; of one channel
        if given), oldest first."""
        marks = ", ".join("?" for _ in statuses)
        sql = f"SELECT {_COLUMNS} FROM leagues WHERE status IN ({marks})"
        params: list[Any] = list(statuses)
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        if channel_id is not None:
            sql += " AND channel_id = ?"
            params.append(channel_id)
        return [_row(r) for r in await self.db._all(sql + " ORDER BY id", tuple(params))]

    async def save(self, lid: int, expected_version: int, *, state: dict[str, Any], status: str | None = None,
                   options: dict[str, Any] | None = None, recorded: Sequence[int] = (),
                   voided: Sequence[int] = ()) -> int:
        """Store a league's new state (and status, options), marking the games in ``recorded`` as counted and
        those in ``voided`` as no longer counting, in one transaction; return the new version (``StaleVersion``
        if it changed meanwhile)."""
        async with self.db.transaction() as conn:
            version = await self.save_in(conn, lid, expected_version, state=state, status=status, options=options)
            for game_id in recorded:
                await conn.execute("UPDATE league_games SET recorded = 1 WHERE game_id = ?", (game_id,))
            for game_id in voided:
                await conn.execute("UPDATE league_games SET voided = 1 WHERE game_id = ?", (game_id,))
        return version

    async def save_in(self, conn: Connection, lid: int, expected_version: int, *,
                      state: dict[str, Any], status: str | None = None, options: dict[str, Any] | None = None
                      ) -> int:
        """Inside a transaction: store a league's state (and status, options); return the new version."""
        count = await conn.execute(
            "UPDATE leagues SET state = ?, status = COALESCE(?, status), options = COALESCE(?, options), "
            "version = version + 1, updated_at = ? WHERE id = ? AND version = ?",
            (_dump(state), status, None if options is None else _dump(options), self.db.clock(), lid,
             expected_version))
        if count != 1:
            raise StaleVersion(f"league {lid} is no longer at version {expected_version}")
        return expected_version + 1

    async def set_message(self, lid: int, message_id: int | None) -> None:
        """Remember the league's sign-up post (the version is unchanged)."""
        await self.db._write("UPDATE leagues SET message_id = ? WHERE id = ?", (message_id, lid))

    async def set_challenge_post(self, lid: int, challenge_id: int, message_id: int | None,
                                 shown: str | None = None) -> None:
        """Remember a challenge's public post and the status it shows (``message_id`` None: forget it); the
        version is unchanged (``options["challenge_posts"][str(challenge_id)] = [message_id, shown]``)."""
        if self.db.dialect == POSTGRESQL:
            key = str(int(challenge_id))
            if message_id is None:
                await self.db._write("UPDATE leagues SET options = (options::jsonb #- ARRAY['challenge_posts', ?::text])"
                                     "::text WHERE id = ?", (key, lid))
            else:
                await self.db._write(
                    "UPDATE leagues SET options = jsonb_set(options::jsonb, '{challenge_posts}', "
                    "COALESCE(options::jsonb -> 'challenge_posts', '{}'::jsonb) || jsonb_build_object(?::text, ?::jsonb))"
                    "::text WHERE id = ?", (key, json.dumps([int(message_id), shown]), lid))
            return
        path = f'$.challenge_posts."{int(challenge_id)}"'
        if message_id is None:
            await self.db._write("UPDATE leagues SET options = json_remove(options, ?) WHERE id = ?", (path, lid))
        else:
            await self.db._write("UPDATE leagues SET options = json_set(options, ?, json(?)) WHERE id = ?",
                                 (path, json.dumps([int(message_id), shown]), lid))

    # --- games ---------------------------------------------------------------------------------------

    async def link_game(self, conn: Connection, lid: int, game_id: int, challenge_id: int) -> None:
        """Inside the transaction creating a game: link it to its league challenge."""
        await conn.execute("INSERT INTO league_games (game_id, league_id, challenge_id) VALUES (?, ?, ?)",
                           (game_id, lid, challenge_id))

    async def games(self, lid: int) -> list[LeagueGame]:
        """Return the games created for a league, in creation order, with their games' status."""
        rows = await self.db._all(
            "SELECT lg.game_id, lg.league_id, lg.challenge_id, lg.recorded, lg.voided, g.status "
            "FROM league_games lg JOIN games g ON g.id = lg.game_id WHERE lg.league_id = ? ORDER BY lg.game_id",
            (lid,))
        return [LeagueGame(g, lg, c, bool(r), bool(v), s) for g, lg, c, r, v, s in rows]

    async def unrecorded_finished(self) -> list[tuple[int, int]]:
        """Return ``(league id, game id)`` of finished games of running leagues not counted yet (a stop between
        the game's end and its hook), oldest first."""
        rows = await self.db._all(
            "SELECT lg.league_id, lg.game_id FROM league_games lg JOIN games g ON g.id = lg.game_id "
            "JOIN leagues l ON l.id = lg.league_id WHERE lg.recorded = 0 AND lg.voided = 0 "
            "AND g.status = 'finished' AND l.status = 'running' ORDER BY lg.game_id")
        return [(int(lid), int(g)) for lid, g in rows]

    async def swap_seats(self, conn: Connection, lid: int, old: int, new: int, name: str) -> list[int]:
        """Inside a transaction: seat member ``new`` (as ``name``) instead of ``old`` in every running game of the
        league; return those games' ids."""
        rows = await self.db._all(
            "SELECT s.game_id FROM seats s JOIN league_games lg ON lg.game_id = s.game_id "
            "JOIN games g ON g.id = s.game_id WHERE lg.league_id = ? AND lg.voided = 0 "
            "AND g.status = 'running' AND s.user_id = ? ORDER BY s.game_id", (lid, old), conn)
        games = [int(g) for (g,) in rows]
        for game_id in games:
            await conn.execute("UPDATE seats SET user_id = ?, name = ? WHERE game_id = ? AND user_id = ?",
                               (new, name, game_id, old))
        return games

    # --- timers --------------------------------------------------------------------------------------

    async def open_timers(self, lid: int) -> list[LeagueTimer]:
        """Return a league's timers not yet fired."""
        rows = await self.db._all("SELECT id, league_id, kind, key, user_id, due_at FROM league_timers "
                                  "WHERE league_id = ? AND done = 0 ORDER BY due_at, id", (lid,))
        return [LeagueTimer(*r) for r in rows]

    async def replace_timers(self, lid: int, stale: Sequence[int],
                             rows: Iterable[tuple[str, str, int | None, float]]) -> None:
        """In one transaction, delete the timers ``stale`` and add ``rows`` (kind, key, user_id, due_at) of a
        league; a timer that exists already (fired or not) is kept as it is."""
        async with self.db.transaction() as conn:
            if stale:
                await conn.execute(f"DELETE FROM league_timers WHERE id IN ({','.join('?' * len(stale))})",
                                   list(stale))
            await conn.executemany(
                "INSERT INTO league_timers (league_id, kind, key, user_id, due_at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT DO NOTHING",
                [(lid, *r) for r in rows])

    async def drop_timers(self, lid: int) -> None:
        """Delete every unfired timer of a league (it ended)."""
        await self.db._write("DELETE FROM league_timers WHERE league_id = ? AND done = 0", (lid,))

    async def next_due(self) -> float | None:
        """Return when the next league timer comes due (None: none)."""
        row = await self.db._one("SELECT MIN(due_at) FROM league_timers WHERE done = 0")
        return row[0] if row else None

    async def due(self, now: float, limit: int = 100) -> list[LeagueTimer]:
        """Return the league timers due at ``now``, oldest first."""
        rows = await self.db._all(
            "SELECT id, league_id, kind, key, user_id, due_at FROM league_timers WHERE done = 0 AND due_at <= ? "
            "ORDER BY due_at, id LIMIT ?", (now, limit))
        return [LeagueTimer(*r) for r in rows]

    async def claim(self, timer_id: int) -> bool:
        """Mark a timer done; only the first caller gets True (exactly once, across restarts too)."""
        return await self.db._write("UPDATE league_timers SET done = 1 WHERE id = ? AND done = 0", (timer_id,)) == 1
