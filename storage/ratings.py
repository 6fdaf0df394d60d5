"""SQL of the ratings (migration 0011): rated results, ratings per board and season, the rating history and
leaderboard opt-outs. Writes take a transaction's connection, so a game's rating change lands in the
transaction of its final state; reads go through the database's reader."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from storage.backend import Connection

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


#: the ratings lock: every transaction that counts, voids or recomputes results takes it before it reads or writes
#: them, so they run one at a time across processes (PostgreSQL: an advisory lock; SQLite's write transaction
#: locks everything anyway) and never deadlock on each other's rating rows
RESULTS_LOCK = 0x52415445  # "RATE"

_RESULT = "game_id, guild_id, board, season, seq, ranks, finished_at, voided"
_RATING = "guild_id, board, season, user_id, name, mu, sigma, games, wins, updated_at"


def _result(row: Any) -> ResultRow:
    game_id, guild_id, board, season, seq, ranks, at, voided = row
    return ResultRow(game_id, guild_id, board, season, seq, json.loads(ranks), at, bool(voided))


async def _rows(conn: Connection, sql: str, params: tuple) -> list[Any]:
    return await conn.fetch(sql, params)


# --- writes (inside a transaction) -----------------------------------------------------------------


async def insert_result(conn: Connection, game_id: int, guild_id: int, board: str, season: int,
                        ranks: list[list[Any]], at: float) -> bool:
    """Store a rated game's result; return False (and change nothing) when the game was already counted."""
    await conn.lock(RESULTS_LOCK)  # the counting order is one sequence across processes
    return await conn.execute(
        "INSERT INTO rated_results (game_id, seq, guild_id, board, season, ranks, finished_at) "
        "VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM rated_results), ?, ?, ?, ?, ?) "
        "ON CONFLICT (game_id) DO NOTHING",
        (game_id, guild_id, board, season, json.dumps(ranks, separators=(",", ":")), at)) == 1


async def ratings_of(conn: Connection, guild_id: int, board: str, season: int,
                     user_ids: list[int]) -> dict[int, RatingRow]:
    """Return the stored ratings of these members on a board (absent: never rated there)."""
    if not user_ids:
        return {}
    marks = ",".join("?" * len(user_ids))
    rows = await _rows(conn, f"SELECT {_RATING} FROM ratings WHERE guild_id = ? AND board = ? AND season = ? "
                             f"AND user_id IN ({marks})", (guild_id, board, season, *user_ids))
    return {r[3]: RatingRow(*r) for r in rows}


async def save_rating(conn: Connection, row: RatingRow) -> None:
    """Insert or replace a member's rating on a board."""
    await conn.execute(
        f"INSERT INTO ratings ({_RATING}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (guild_id, board, season, user_id) DO UPDATE SET name = excluded.name, mu = excluded.mu, "
        "sigma = excluded.sigma, games = excluded.games, wins = excluded.wins, updated_at = excluded.updated_at",
        (row.guild_id, row.board, row.season, row.user_id, row.name, row.mu, row.sigma, row.games, row.wins,
         row.updated_at))


async def add_history(conn: Connection, guild_id: int, board: str, season: int, user_id: int,
                      game_id: int, mu: float, sigma: float, at: float) -> None:
    """Record a member's rating right after a rated game."""
    await conn.execute(
        "INSERT INTO rating_history (guild_id, board, season, user_id, game_id, mu, sigma, at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (guild_id, board, season, user_id, game_id, mu, sigma, at))


async def set_voided(conn: Connection, guild_id: int, game_id: int) -> ResultRow | None:
    """Mark a game's result voided; return it (``None``: no rated result of that game in this server)."""
    await conn.lock(RESULTS_LOCK)
    rows = await _rows(conn, f"SELECT {_RESULT} FROM rated_results WHERE game_id = ? AND guild_id = ?",
                       (game_id, guild_id))
    if not rows:
        return None
    await conn.execute("UPDATE rated_results SET voided = 1 WHERE game_id = ?", (game_id,))
    return _result(rows[0])


async def clear_board(conn: Connection, guild_id: int, board: str, season: int) -> None:
    """Delete the ratings and the history of a board in a season (before they are recomputed)."""
    await conn.lock(RESULTS_LOCK)
    for table in ("ratings", "rating_history"):
        await conn.execute(f"DELETE FROM {table} WHERE guild_id = ? AND board = ? AND season = ?",
                           (guild_id, board, season))


async def set_optout(conn: Connection, guild_id: int, user_id: int, out: bool) -> None:
    """Hide a member from the server's leaderboards (``out``), or show them again."""
    if out:
        await conn.execute("INSERT INTO rating_optout (guild_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
                           (guild_id, user_id))
    else:
        await conn.execute("DELETE FROM rating_optout WHERE guild_id = ? AND user_id = ?", (guild_id, user_id))


async def season_in(conn: Connection, guild_id: int) -> int | None:
    """Return the server's stored ``ratings_season`` setting as this transaction sees it (``None``: unset), under
    the ratings lock (a result is counted in the season its transaction sees)."""
    await conn.lock(RESULTS_LOCK)
    rows = await _rows(conn, "SELECT value FROM guild_settings WHERE guild_id = ? AND key = 'ratings_season'",
                       (guild_id,))
    return int(json.loads(rows[0][0])) if rows else None


async def set_season(conn: Connection, guild_id: int, season: int) -> None:
    """Store the server's ``ratings_season`` setting (as every setting: a JSON value)."""
    await conn.execute("INSERT INTO guild_settings (guild_id, key, value) VALUES (?, 'ratings_season', ?) "
                       "ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value", (guild_id, json.dumps(season)))


# --- reads ---------------------------------------------------------------------------------------


async def results(db: Database, guild_id: int, board: str, season: int, *, voided: bool = False,
                  conn: Connection | None = None) -> list[ResultRow]:
    """Return a board's results in counting order (voided ones only when ``voided``)."""
    counting = "" if voided else " AND voided = 0"
    rows = await db._all(f"SELECT {_RESULT} FROM rated_results WHERE guild_id = ? AND board = ? AND season = ?"
                         f"{counting} ORDER BY seq", (guild_id, board, season), conn)
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
    one = "" if season is None else " AND season = ?"
    rows = await db._all(f"SELECT {_RATING} FROM ratings WHERE guild_id = ? AND user_id = ?{one} "
                         "ORDER BY season, board", (guild_id, user_id) + (() if season is None else (season,)))
    return [RatingRow(*r) for r in rows]


async def history(db: Database, guild_id: int, board: str, season: int,
                  user_id: int | None = None) -> list[HistoryRow]:
    """Return a board's rating history in counting order (one member's, or everybody's)."""
    one = "" if user_id is None else " AND h.user_id = ?"
    rows = await db._all(
        "SELECT h.board, h.season, h.user_id, h.game_id, h.mu, h.sigma, h.at, r.seq FROM rating_history h "
        "JOIN rated_results r ON r.game_id = h.game_id WHERE h.guild_id = ? AND h.board = ? AND h.season = ?"
        f"{one} ORDER BY r.seq, h.user_id",
        (guild_id, board, season) + (() if user_id is None else (user_id,)))
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
