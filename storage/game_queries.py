"""Read-only look-ups of games (by server, channel, thread, member, rematch, waiting post or timer),
mixed into :class:`storage.database.Database`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from storage.rows import GAME_COLUMNS, UNPOSTED, GameRow, game_row


def _among(statuses: Iterable[str]) -> tuple[list[str], str]:
    """Return the statuses as a list and the ``?`` marks of an ``IN (...)`` over them."""
    statuses = list(statuses)
    return statuses, ",".join("?" * len(statuses))


def _guild_is(guild_id: int | None, column: str = "guild_id") -> tuple[str, tuple]:
    """Return the condition ``column`` is ``guild_id`` (``NULL`` for DMs) and its parameters, in portable SQL."""
    return (f"{column} IS NULL", ()) if guild_id is None else (f"{column} = ?", (guild_id,))


class GameQueries:
    """The game look-ups of the store (they need only its ``_all`` read and its ``dialect``)."""

    dialect: str

    async def _all(self, sql: str, params: tuple = ()) -> list[Any]:
        raise NotImplementedError

    async def running_in_thread(self, guild_id: int | None, thread_id: int) -> list[int]:
        """Return the ids of the running games played in this thread."""
        guild, params = _guild_is(guild_id)
        rows = await self._all(f"SELECT id FROM games WHERE {guild} AND status = 'running' AND thread_id = ? "
                               "ORDER BY id", (*params, thread_id))
        return [r[0] for r in rows]

    async def unposted_game_ids(self, after_id: int = 0, limit: int = 100) -> list[int]:
        """Return the ids (above ``after_id``, ascending, at most ``limit``) of running or finished games
        whose latest state was never posted (a crash, or Discord refused the post), through the
        ``games_unposted`` partial index: page through them with the last id returned."""
        hint = "" if self.dialect == "postgresql" else " INDEXED BY games_unposted"  # SQLite's planner needs the hint
        rows = await self._all(
            f"SELECT id FROM games{hint} WHERE {UNPOSTED} AND id > ? ORDER BY id LIMIT ?", (after_id, limit))
        return [r[0] for r in rows]

    async def unposted_games(self) -> list[GameRow]:
        """Return every game whose latest state was never posted (tests and tools; the bot pages
        through ``unposted_game_ids``)."""
        rows = await self._all(f"SELECT {GAME_COLUMNS} FROM games WHERE {UNPOSTED} ORDER BY id")
        return [game_row(r) for r in rows]

    async def games_without_timers(self) -> list[GameRow]:
        """Return running games with no open timer (their timers are synced at start-up)."""
        rows = await self._all(
            f"SELECT {GAME_COLUMNS} FROM games g WHERE status = 'running' AND NOT EXISTS "
            "(SELECT 1 FROM timers t WHERE t.game_id = g.id AND t.done = 0) ORDER BY id")
        return [game_row(r) for r in rows]

    async def list_games(self, guild_id: int | None, statuses: Iterable[str]) -> list[GameRow]:
        """Return the games of a guild with one of ``statuses``, oldest first."""
        statuses, marks = _among(statuses)
        guild, params = _guild_is(guild_id)
        rows = await self._all(
            f"SELECT {GAME_COLUMNS} FROM games WHERE {guild} AND status IN ({marks}) ORDER BY id",
            (*params, *statuses))
        return [game_row(r) for r in rows]

    async def games_here(self, guild_id: int | None, channel_id: int, statuses: Iterable[str]) -> list[GameRow]:
        """Return the games of a guild with one of ``statuses`` played in this channel or thread."""
        statuses, marks = _among(statuses)
        guild, params = _guild_is(guild_id)
        rows = await self._all(
            f"SELECT {GAME_COLUMNS} FROM games WHERE {guild} AND status IN ({marks}) "
            "AND (channel_id = ? OR thread_id = ?) ORDER BY id", (*params, *statuses, channel_id, channel_id))
        return [game_row(r) for r in rows]

    async def seated_here(self, guild_id: int | None, channel_id: int, user_id: int, kind: str,
                          statuses: Iterable[str]) -> list[int]:
        """Return the ids of the games of ``kind`` with one of ``statuses`` played in this channel or
        thread in which ``user_id`` holds a seat."""
        statuses, marks = _among(statuses)
        guild, params = _guild_is(guild_id, "g.guild_id")
        rows = await self._all(
            f"SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id WHERE {guild} AND g.kind = ? "
            f"AND g.status IN ({marks}) AND (g.channel_id = ? OR g.thread_id = ?) AND s.user_id = ? ORDER BY g.id",
            (*params, kind, *statuses, channel_id, channel_id, user_id))
        return [r[0] for r in rows]

    async def games_of_user(self, user_id: int, statuses: Iterable[str]) -> list[GameRow]:
        """Return the games in which ``user_id`` holds a seat with one of ``statuses``."""
        statuses, marks = _among(statuses)
        cols = ", ".join(f"g.{c.strip()}" for c in GAME_COLUMNS.split(","))
        rows = await self._all(
            f"SELECT {cols} FROM games g JOIN seats s ON s.game_id = g.id "
            f"WHERE s.user_id = ? AND g.status IN ({marks}) ORDER BY g.id", (user_id, *statuses))
        return [game_row(r) for r in rows]

    async def rematches_of(self, game_id: int, statuses: Iterable[str]) -> list[GameRow]:
        """Return the games with one of ``statuses`` opened as a rematch of ``game_id``."""
        statuses, marks = _among(statuses)
        rematch = ("(options::jsonb ->> 'rematch_of') = ?" if self.dialect == "postgresql"
                   else "json_extract(options, '$.rematch_of') = ?")
        rows = await self._all(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status IN ({marks}) AND {rematch} ORDER BY id",
            (*statuses, str(game_id) if self.dialect == "postgresql" else game_id))
        return [game_row(r) for r in rows]

