"""SQL of the ratings (migration 0011): rated results, ratings per board and season, the rating history and
leaderboard opt-outs. Writes take a transaction's connection, so a game's rating change lands in the
transaction of its final state; reads go through the database's reader."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import aiosqlite

if TYPE_CHECKING:
    from storage.database import Database


@dataclass(frozen=True)
class ResultRow:
    """One rated game: ``ranks`` is ``[[user_id, rank, name], ...]`` (rank 1 best)."""

    game_id: int
    guild_id: int
    board: str
    season: int
    seq: int
    ranks: list[list[Any]]
    finished_at: float
    voided: bool


@dataclass(frozen=True)
class RatingRow:
    """A member's rating on one board in one season."""

    guild_id: int
    board: str
    season: int
    user_id: int
    name: str
    mu: float
    sigma: float
    games: int
    wins: int
    updated_at: float


@dataclass(frozen=True)
class HistoryRow:
    """A member's rating right after one of their rated games (``seq``: the result's counting order)."""

    board: str
    season: int
    user_id: int
    game_id: int
    mu: float
    sigma: float
    at: float
    seq: int


_RESULT = "game_id, guild_id, board, season, seq, ranks, finished_at, voided"
_RATING = "guild_id, board, season, user_id, name, mu, sigma, games, wins, updated_at"


def _result(row: Any) -> ResultRow:
    game_id, guild_id, board, season, seq, ranks, at, voided = row
    return ResultRow(game_id, guild_id, board, season, seq, json.loads(ranks), at, bool(voided))


async def _rows(conn: aiosqlite.Connection, sql: str, params: tuple) -> list[Any]:
    return list(await conn.execute_fetchall(sql, params))


# --- writes (inside a transaction) -----------------------------------------------------------------


async def insert_result(conn: aiosqlite.Connection, game_id: int, guild_id: int, board: str, season: int,
                        ranks: list[list[Any]], at: float) -> bool:
    """Store a rated game's result; return False (and change nothing) when the game was already counted."""
    cur = await conn.execute(
        "INSERT OR IGNORE INTO rated_results (game_id, seq, guild_id, board, season, ranks, finished_at) "
        "VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM rated_results), ?, ?, ?, ?, ?)",
        (game_id, guild_id, board, season, json.dumps(ranks, separators=(",", ":")), at))
    inserted = cur.rowcount == 1
    await cur.close()
    return inserted


async def ratings_of(conn: aiosqlite.Connection, guild_id: int, board: str, season: int,
                     user_ids: list[int]) -> dict[int, RatingRow]:
    """Return the stored ratings of these members on a board (absent: never rated there)."""
    marks = ",".join("?" * len(user_ids))
    rows = await _rows(conn, f"SELECT {_RATING} FROM ratings WHERE guild_id = ? AND board = ? AND season = ? "
                             f"AND user_id IN ({marks})", (guild_id, board, season, *user_ids))
    return {r[3]: RatingRow(*r) for r in rows}


async def save_rating(conn: aiosqlite.Connection, row: RatingRow) -> None:
    """Insert or replace a member's rating on a board."""
    await conn.execute(
        f"INSERT INTO ratings ({_RATING}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (guild_id, board, season, user_id) DO UPDATE SET name = excluded.name, mu = excluded.mu, "
        "sigma = excluded.sigma, games = excluded.games, wins = excluded.wins, updated_at = excluded.updated_at",
        (row.guild_id, row.board, row.season, row.user_id, row.name, row.mu, row.sigma, row.games, row.wins,
         row.updated_at))


async def add_history(conn: aiosqlite.Connection, guild_id: int, board: str, season: int, user_id: int,
                      game_id: int, mu: float, sigma: float, at: float) -> None:
    """Record a member's rating right after a rated game."""
    await conn.execute(
        "INSERT INTO rating_history (guild_id, board, season, user_id, game_id, mu, sigma, at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (guild_id, board, season, user_id, game_id, mu, sigma, at))


async def set_voided(conn: aiosqlite.Connection, guild_id: int, game_id: int) -> ResultRow | None:
    """Mark a game's result voided; return it (``None``: no rated result of that game in this server)."""
    rows = await _rows(conn, f"SELECT {_RESULT} FROM rated_results WHERE game_id = ? AND guild_id = ?",
                       (game_id, guild_id))
    if not rows:
        return None
    await conn.execute("UPDATE rated_results SET voided = 1 WHERE game_id = ?", (game_id,))
    return _result(rows[0])


async def clear_board(conn: aiosqlite.Connection, guild_id: int, board: str, season: int) -> None:
    """Delete the ratings and the history of a board in a season (before they are recomputed)."""
    for table in ("ratings", "rating_history"):
        await conn.execute(f"DELETE FROM {table} WHERE guild_id = ? AND board = ? AND season = ?",
                           (guild_id, board, season))


async def set_optout(conn: aiosqlite.Connection, guild_id: int, user_id: int, out: bool) -> None:
    """Hide a member from the server's leaderboards (``out``), or show them again."""
    if out:
        await conn.execute("INSERT OR IGNORE INTO rating_optout (guild_id, user_id) VALUES (?, ?)",
                           (guild_id, user_id))
    else:
        await conn.execute("DELETE FROM rating_optout WHERE guild_id = ? AND user_id = ?", (guild_id, user_id))


async def season_in(conn: aiosqlite.Connection, guild_id: int) -> int | None:
    """Return the server's stored ``ratings_season`` setting as this transaction sees it (``None``: unset)."""
    rows = await _rows(conn, "SELECT value FROM guild_settings WHERE guild_id = ? AND key = 'ratings_season'",
                       (guild_id,))
    return int(json.loads(rows[0][0])) if rows else None


async def set_season(conn: aiosqlite.Connection, guild_id: int, season: int) -> None:
    """Store the server's ``ratings_season`` setting (as every setting: a JSON value)."""
    await conn.execute("INSERT INTO guild_settings (guild_id, key, value) VALUES (?, 'ratings_season', ?) "
                       "ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value", (guild_id, json.dumps(season)))


# --- reads ---------------------------------------------------------------------------------------


async def results(db: Database, guild_id: int, board: str, season: int, *, voided: bool = False,
                  conn: aiosqlite.Connection | None = None) -> list[ResultRow]:
    """Return a board's results in counting order (voided ones only when ``voided``)."""
    rows = await db._all(f"SELECT {_RESULT} FROM rated_results WHERE guild_id = ? AND board = ? AND season = ? "
                         "AND (? OR voided = 0) ORDER BY seq", (guild_id, board, season, int(voided)), conn)
    return [_result(r) for r in rows]


async def result_of(db: Database, game_id: int) -> ResultRow | None:
    """Return the rated result of a game (voided or not), or ``None``."""
    rows = await db._all(f"SELECT {_RESULT} FROM rated_results WHERE game_id = ?", (game_id,))
    return _result(rows[0]) if rows else None


async def board_ratings(db: Database, guild_id: int, board: str, season: int) -> list[RatingRow]:
    """Return every rating on a board in a season."""
    rows = await db._all(f"SELECT {_RATING} FROM ratings WHERE guild_id = ? AND board = ? AND season = ? "
                         "ORDER BY user_id", (guild_id, board, season))
    return [RatingRow(*r) for r in rows]


async def member_ratings(db: Database, guild_id: int, user_id: int, season: int | None) -> list[RatingRow]:
    """Return a member's ratings in a server, on every board (one season, or all when ``None``)."""
    rows = await db._all(f"SELECT {_RATING} FROM ratings WHERE guild_id = ? AND user_id = ? "
                         "AND (? IS NULL OR season = ?) ORDER BY season, board", (guild_id, user_id, season, season))
    return [RatingRow(*r) for r in rows]


async def history(db: Database, guild_id: int, board: str, season: int,
                  user_id: int | None = None) -> list[HistoryRow]:
    """Return a board's rating history in counting order (one member's, or everybody's)."""
    rows = await db._all(
        "SELECT h.board, h.season, h.user_id, h.game_id, h.mu, h.sigma, h.at, r.seq FROM rating_history h "
        "JOIN rated_results r ON r.game_id = h.game_id WHERE h.guild_id = ? AND h.board = ? AND h.season = ? "
        "AND (? IS NULL OR h.user_id = ?) ORDER BY r.seq, h.user_id",
        (guild_id, board, season, user_id, user_id))
    return [HistoryRow(*r) for r in rows]


async def boards(db: Database, guild_id: int, season: int) -> list[str]:
    """Return the boards with at least one rating in a season, by name."""
    rows = await db._all("SELECT DISTINCT board FROM ratings WHERE guild_id = ? AND season = ? ORDER BY board",
                         (guild_id, season))
    return [r[0] for r in rows]


async def optouts(db: Database, guild_id: int) -> set[int]:
    """Return the members of a server hidden from its leaderboards."""
    rows = await db._all("SELECT user_id FROM rating_optout WHERE guild_id = ?", (guild_id,))
    return {r[0] for r in rows}
