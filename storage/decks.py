"""The stored Pixel Tactics decks, saved card pools, deck locks and server lists (SQL only; migration 0009)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from storage.errors import IntegrityError

if TYPE_CHECKING:
    from storage.database import Database

DECK_COLUMNS = "id, guild_id, user_id, name, format, leaders, heroes, pool_id, created_at, updated_at"


class NameTaken(Exception):
    """A member already has a deck (or pool) of that name in that server, whatever its case."""


@dataclass(frozen=True)
class DeckRow:
    """One stored deck."""

    id: int
    guild_id: int
    user_id: int
    name: str
    format: str
    leaders: list[str]
    heroes: list[str]
    pool_id: int | None
    created_at: float
    updated_at: float


@dataclass(frozen=True)
class PoolRow:
    """One saved card pool."""

    id: int
    name: str
    cards: list[str]
    source_game_id: int | None
    created_at: float


def _deck(row: Any) -> DeckRow:
    i, guild, user, name, fmt, leaders, heroes, pool_id, created, updated = row
    return DeckRow(i, guild, user, name, fmt, json.loads(leaders), json.loads(heroes), pool_id, created, updated)


def key_of(name: str) -> str:
    """Return the case-blind key of a deck or pool name."""
    return name.casefold()


class DeckStore:
    """Reads and writes the ``pt_decks``, ``pt_pools``, ``pt_deck_locks`` and ``pt_server_lists`` tables."""

    def __init__(self, db: Database):
        self.db = db

    async def decks(self, guild_id: int, user_id: int) -> list[DeckRow]:
        """Return a member's decks in a server, by name."""
        rows = await self.db._all(f"SELECT {DECK_COLUMNS} FROM pt_decks WHERE guild_id = ? AND user_id = ? "
                                  "ORDER BY name_key", (guild_id, user_id))
        return [_deck(r) for r in rows]

    async def deck(self, guild_id: int, user_id: int, name: str) -> DeckRow | None:
        """Return a member's deck by name (any case), or ``None``."""
        row = await self.db._one(f"SELECT {DECK_COLUMNS} FROM pt_decks WHERE guild_id = ? AND user_id = ? "
                                 "AND name_key = ?", (guild_id, user_id, key_of(name)))
        return _deck(row) if row else None

    async def insert_deck(self, guild_id: int, user_id: int, name: str, fmt: str, leaders: list[str],
                          heroes: list[str], pool_id: int | None) -> int:
        """Store a new deck; return its id (``NameTaken`` if the name is in use)."""
        now = self.db.clock()
        try:
            async with self.db.transaction() as conn:
                ((deck_id,),) = await conn.fetch(
                    "INSERT INTO pt_decks (guild_id, user_id, name, name_key, format, leaders, heroes, pool_id, "
                    "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (guild_id, user_id, name, key_of(name), fmt, json.dumps(leaders), json.dumps(heroes),
                     pool_id, now, now))
                return int(deck_id)
        except IntegrityError as exc:
            raise NameTaken(name) from exc

    async def update_deck(self, deck_id: int, *, name: str, fmt: str, leaders: list[str], heroes: list[str],
                          pool_id: int | None) -> None:
        """Replace a deck's name and contents (``NameTaken`` if the new name is in use)."""
        try:
            await self.db._write(
                "UPDATE pt_decks SET name = ?, name_key = ?, format = ?, leaders = ?, heroes = ?, pool_id = ?, "
                "updated_at = ? WHERE id = ?",
                (name, key_of(name), fmt, json.dumps(leaders), json.dumps(heroes), pool_id, self.db.clock(),
                 deck_id))
        except IntegrityError as exc:
            raise NameTaken(name) from exc

    async def delete_deck(self, deck_id: int) -> None:
        """Delete a deck (its locks go with it)."""
        await self.db._write("DELETE FROM pt_decks WHERE id = ?", (deck_id,))

    async def locks(self, deck_id: int) -> list[int]:
        """Return the games a deck is locked by, oldest first."""
        rows = await self.db._all("SELECT game_id FROM pt_deck_locks WHERE deck_id = ? ORDER BY game_id",
                                  (deck_id,))
        return [r[0] for r in rows]

    async def lock(self, deck_id: int, game_id: int) -> None:
        """Lock a deck for a game (again: no change)."""
        await self.db._write("INSERT INTO pt_deck_locks (deck_id, game_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
                             (deck_id, game_id))

    async def unlock_game(self, game_id: int) -> int:
        """Free every deck a game locked; return how many."""
        return await self.db._write("DELETE FROM pt_deck_locks WHERE game_id = ?", (game_id,))

    async def clear_stale_locks(self) -> int:
        """Free every deck locked by a game that is no longer running (its end was committed, then the bot
        stopped before freeing them); return how many locks went."""
        return await self.db._write("DELETE FROM pt_deck_locks WHERE game_id NOT IN "
                                    "(SELECT id FROM games WHERE status = 'running')", ())

    async def drafts_without_pools(self) -> list[int]:
        """Return the finished drafts of which no pool was saved (the bot stopped before saving them)."""
        rows = await self.db._all("SELECT id FROM games WHERE kind = 'pt-draft' AND status = 'finished' AND NOT "
                                  "EXISTS (SELECT 1 FROM pt_pools WHERE source_game_id = games.id) ORDER BY id", ())
        return [r[0] for r in rows]

    async def pool_owners(self, game_id: int) -> set[int]:
        """Return the members who have a pool saved from a game."""
        rows = await self.db._all("SELECT user_id FROM pt_pools WHERE source_game_id = ?", (game_id,))
        return {r[0] for r in rows}

    async def pools(self, guild_id: int, user_id: int) -> list[PoolRow]:
        """Return a member's saved pools in a server, newest first."""
        rows = await self.db._all("SELECT id, name, cards, source_game_id, created_at FROM pt_pools "
                                  "WHERE guild_id = ? AND user_id = ? ORDER BY created_at DESC, id DESC",
                                  (guild_id, user_id))
        return [PoolRow(i, n, json.loads(c), g, t) for i, n, c, g, t in rows]

    async def pool_by_id(self, pool_id: int) -> PoolRow | None:
        """Return a saved pool by id, or ``None``."""
        row = await self.db._one("SELECT id, name, cards, source_game_id, created_at FROM pt_pools WHERE id = ?",
                                 (pool_id,))
        return PoolRow(row[0], row[1], json.loads(row[2]), row[3], row[4]) if row else None

    async def insert_pool(self, guild_id: int, user_id: int, name: str, cards: list[str],
                          source_game_id: int | None) -> int:
        """Save a pool; return its id (``NameTaken`` if the name is in use)."""
        try:
            async with self.db.transaction() as conn:
                ((pool_id,),) = await conn.fetch(
                    "INSERT INTO pt_pools (guild_id, user_id, name, name_key, cards, source_game_id, created_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (guild_id, user_id, name, key_of(name), json.dumps(cards), source_game_id, self.db.clock()))
                return int(pool_id)
        except IntegrityError as exc:
            raise NameTaken(name) from exc

    async def server_lists(self, guild_id: int) -> dict[str, Any]:
        """Return a server's stored Pixel Tactics lists (only those set)."""
        rows = await self.db._all("SELECT key, value FROM pt_server_lists WHERE guild_id = ?", (guild_id,))
        return {k: json.loads(v) for k, v in rows}

    async def set_server_list(self, guild_id: int, key: str, value: Any) -> None:
        """Store one list of a server (``None``: back to the default)."""
        if value is None:
            await self.db._write("DELETE FROM pt_server_lists WHERE guild_id = ? AND key = ?", (guild_id, key))
            return
        await self.db._write(
            "INSERT INTO pt_server_lists (guild_id, key, value) VALUES (?, ?, ?) "
            "ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value", (guild_id, key, json.dumps(value)))
