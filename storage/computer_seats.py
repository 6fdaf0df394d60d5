"""A lobby's computer seats: the seat row and the row options that list it, changed in one transaction."""

from __future__ import annotations

import json
from typing import Any

from storage.backend import Connection
from storage.database import Database, StaleVersion


async def _bump_with_options(conn: Connection, db: Database, game_id: int, expected_version: int,
                             options: dict[str, Any]) -> None:
    count = await conn.execute(
        "UPDATE games SET version = version + 1, updated_at = ?, options = ? WHERE id = ? AND version = ?",
        (db.clock(), json.dumps(options), game_id, expected_version))
    if count != 1:
        raise StaleVersion(f"game {game_id} is no longer at version {expected_version}")


async def add_computer_seat(db: Database, game_id: int, expected_version: int, user_id: int, name: str,
                            options: dict[str, Any]) -> int:
    """Seat a computer (synthetic ``user_id``) in the next seat and store ``options``; return the new version."""
    async with db.transaction() as conn:
        await _bump_with_options(conn, db, game_id, expected_version, options)
        rows = await conn.fetch("SELECT COALESCE(MAX(seat), -1) + 1 FROM seats WHERE game_id = ?", (game_id,))
        await conn.execute("INSERT INTO seats (game_id, seat, user_id, name, joined_at) VALUES (?, ?, ?, ?, ?)",
                           (game_id, rows[0][0], user_id, name, db.clock()))
    return expected_version + 1


async def remove_computer_seat(db: Database, game_id: int, expected_version: int, user_id: int,
                               options: dict[str, Any]) -> int:
    """Remove a computer's seat (closing the gap in seat numbers) and store ``options``; return the new version."""
    async with db.transaction() as conn:
        await _bump_with_options(conn, db, game_id, expected_version, options)
        seats = [s for s in await db.seats(game_id, conn) if s.user_id != user_id]
        await conn.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
        await conn.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name, joined_at) VALUES (?, ?, ?, ?, ?)",
            [(game_id, i, s.user_id, s.name, s.joined_at) for i, s in enumerate(seats)])
    return expected_version + 1


async def running_games_with_computers(db: Database) -> list[int]:
    """Return the ids of running games whose options name a computer seat or a takeover (a superset: the
    caller checks each game's options)."""
    rows = await db._all(
        "SELECT id FROM games WHERE status = 'running' AND (options LIKE '%\"bots\"%' "
        "OR options LIKE '%\"takeover\"%') ORDER BY id", ())
    return [row[0] for row in rows]
