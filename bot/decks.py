"""The deck service (``bot.tables.decks``): members' Pixel Tactics decks and saved pools per server, deck locks
while a game plays them, and each server's Pixel Tactics lists (pool sets, Cube, banned and restricted lists,
restricted-hero count, Chase Leaders allowed).

A deck is returned as ``{"name", "format", "leaders", "heroes", "pool", "pool_cards", "locked_by"}`` (``pool``:
the name of the saved pool it is built from and ``pool_cards`` its cards, or ``None`` for the server's pool;
``locked_by``: the oldest game playing it, or ``None``).
Every refusal is a ``DeckError`` carrying the sentence the member sees; nothing changes then.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from bot import errors
from bot.games.pixel_tactics import decks as rules
from bot.games.pixel_tactics import pools
from storage.database import Database
from storage.decks import DeckRow, DeckStore, NameTaken

MAX_NAME = 40
#: the server lists and their defaults (``pool_sets`` and ``cube`` default to the built-in ones)
LIST_DEFAULTS: dict[str, Any] = {"pool_sets": list(pools.DEFAULT_POOL_SETS), "cube": None,
                                 **rules.DEFAULT_LISTS, "chase": True}


class DeckError(errors.ParlorError):
    """A deck command refused (the message says why)."""


def clean_name(name: str, what: str = "deck") -> str:
    """Return a deck or pool name trimmed to one line (``DeckError`` if empty or too long)."""
    cleaned = " ".join(str(name).split())
    pool = what == "pool"
    if not cleaned and pool:
        raise DeckError("Give the pool a name.")
    if not cleaned:
        raise DeckError("Give the deck a name.")
    if len(cleaned) > MAX_NAME and pool:
        raise DeckError("A pool name has at most {most} characters ({given} given).", most=MAX_NAME,
                        given=len(cleaned))
    if len(cleaned) > MAX_NAME:
        raise DeckError("A deck name has at most {most} characters ({given} given).", most=MAX_NAME,
                        given=len(cleaned))
    return cleaned


class DeckService:
    """Decks, pools, locks and server lists, over ``storage.decks``."""

    def __init__(self, db: Database, seed_source: Callable[[], int] | None = None):
        self.store = DeckStore(db)
        self._seed = seed_source or (lambda: random.SystemRandom().getrandbits(62))

    @staticmethod
    def _guild(guild_id: int | None) -> int:
        if guild_id is None:
            raise DeckError("Decks belong to a server: use this in one of the bot's servers.")
        return guild_id

    async def _as_dict(self, row: DeckRow) -> dict[str, Any]:
        pool = await self.store.pool_by_id(row.pool_id) if row.pool_id is not None else None
        locks = await self.store.locks(row.id)
        return {"name": row.name, "format": row.format, "leaders": row.leaders, "heroes": row.heroes,
                "pool": pool.name if pool else None, "pool_cards": pool.cards if pool else None,
                "locked_by": locks[0] if locks else None}

    async def _row(self, guild_id: int | None, user_id: int, name: str) -> DeckRow:
        row = await self.store.deck(self._guild(guild_id), user_id, name)
        if row is None:
            raise DeckError("You have no deck named “{name}” in this server (see `/pt deck list`).",
                            name=" ".join(str(name).split())[:MAX_NAME])
        return row

    async def _unlocked(self, guild_id: int | None, user_id: int, name: str) -> DeckRow:
        row = await self._row(guild_id, user_id, name)
        locks = await self.store.locks(row.id)
        if locks:
            raise DeckError("Your deck “{name}” is locked by game #{game} until it ends.", name=row.name, game=locks[0])
        return row

    # --- decks -----------------------------------------------------------------------------------

    async def list(self, guild_id: int | None, user_id: int) -> list[dict[str, Any]]:
        """Return a member's decks in a server, by name."""
        if guild_id is None:
            return []
        return [await self._as_dict(r) for r in await self.store.decks(guild_id, user_id)]

    async def get(self, guild_id: int | None, user_id: int, name: str) -> dict[str, Any] | None:
        """Return a member's deck by name (any case), or ``None``."""
        if guild_id is None:
            return None
        row = await self.store.deck(guild_id, user_id, " ".join(str(name).split()))
        return await self._as_dict(row) if row else None

    async def _pool_id(self, guild_id: int, user_id: int, pool: str | None) -> int | None:
        if not pool:
            return None
        found = next((p for p in await self.store.pools(guild_id, user_id)
                      if p.name.casefold() == pool.casefold()), None)
        if found is None:
            raise DeckError("You have no saved pool named “{name}” (see `/pt deck new`'s pool list).",
                            name=pool[:MAX_NAME])
        return found.id

    async def save(self, guild_id: int | None, user_id: int, deck: dict[str, Any], *,
                   replace: bool = False) -> dict[str, Any]:
        """Store a deck under ``deck["name"]`` (``replace``: over an unlocked deck of that name)."""
        guild = self._guild(guild_id)
        name = clean_name(deck.get("name", ""))
        fmt = deck.get("format")
        if fmt not in rules.FORMATS:
            raise DeckError("The format must be standard or epic, not “{format}”.", format=fmt)
        shaped = rules.normalized({"leaders": list(deck.get("leaders") or []),
                                   "heroes": list(deck.get("heroes") or [])})
        pool_id = await self._pool_id(guild, user_id, deck.get("pool"))
        existing = await self.store.deck(guild, user_id, name)
        if existing is not None and not replace:
            raise DeckError("You already have a deck named “{name}”: choose another name.", name=existing.name)
        if existing is not None:
            await self._unlocked(guild, user_id, name)
            await self.store.update_deck(existing.id, name=name, fmt=fmt, leaders=shaped["leaders"],
                                         heroes=shaped["heroes"], pool_id=pool_id)
        else:
            await self.store.insert_deck(guild, user_id, name, fmt, shaped["leaders"], shaped["heroes"], pool_id)
        saved = await self.get(guild, user_id, name)
        assert saved is not None
        return saved

    async def new(self, guild_id: int | None, user_id: int, name: str, fmt: str, *,
                  combination: tuple[list[str], list[str]] | None = None, pool: str | None = None,
                  seed: int | None = None) -> dict[str, Any]:
        """Make a deck: empty, a Combination (``(core sets, minipaks)``, 4 random Leaders) or from a saved pool
        (every card of it as a Hero: designate the Leaders next)."""
        guild = self._guild(guild_id)
        if combination is not None and pool:
            raise DeckError("Make a deck from a Combination or from a saved pool, not both.")
        deck: dict[str, Any] = {"name": name, "format": fmt, "leaders": [], "heroes": []}
        if combination is not None:
            try:
                made = pools.combination(self._seed() if seed is None else seed, *combination, fmt=fmt)
            except pools.CombinationError as exc:
                raise DeckError(exc.template, **exc.fields) from None
            deck.update(leaders=made["leaders"], heroes=made["heroes"])
        elif pool:
            saved = await self.pool(guild, user_id, pool)
            deck.update(heroes=list(saved["cards"]), pool=saved["name"])
        return await self.save(guild, user_id, deck)

    async def edit(self, guild_id: int | None, user_id: int, name: str,
                   change: Callable[..., dict[str, Any]], *args: Any, **kwargs: Any) -> dict[str, Any]:
        """Apply a pure edit of ``decks`` (``add``, ``remove``, ``designate``) to an unlocked deck and store it;
        the edit gets this deck's pool and the server's lists."""
        row = await self._unlocked(guild_id, user_id, name)
        deck = await self._as_dict(row)
        if change is not rules.remove:
            pool, lists = await self._rules_for(row.guild_id, deck)
            kwargs.update(pool=pool, lists=lists)
        try:
            changed = change(deck, *args, **kwargs)
        except rules.DeckEditError as exc:
            raise DeckError(exc.template, **exc.fields) from None
        await self.store.update_deck(row.id, name=row.name, fmt=row.format, leaders=changed["leaders"],
                                     heroes=changed["heroes"], pool_id=row.pool_id)
        return await self._as_dict((await self.store.deck(row.guild_id, user_id, row.name)) or row)

    async def rename(self, guild_id: int | None, user_id: int, name: str, new_name: str) -> dict[str, Any]:
        """Rename an unlocked deck."""
        row = await self._unlocked(guild_id, user_id, name)
        new = clean_name(new_name)
        other = await self.store.deck(row.guild_id, user_id, new)
        if other is not None and other.id != row.id:
            raise DeckError("You already have a deck named “{name}”: choose another name.", name=other.name)
        await self.store.update_deck(row.id, name=new, fmt=row.format, leaders=row.leaders, heroes=row.heroes,
                                     pool_id=row.pool_id)
        return await self._as_dict((await self.store.deck(row.guild_id, user_id, new)) or row)

    async def copy(self, guild_id: int | None, user_id: int, name: str, new_name: str) -> dict[str, Any]:
        """Copy a deck (even a locked one) under a new name."""
        row = await self._row(guild_id, user_id, name)
        source = await self._as_dict(row)
        return await self.save(row.guild_id, user_id, {**source, "name": new_name})

    async def delete(self, guild_id: int | None, user_id: int, name: str) -> str:
        """Delete an unlocked deck; return its name."""
        row = await self._unlocked(guild_id, user_id, name)
        await self.store.delete_deck(row.id)
        return row.name

    async def import_code(self, guild_id: int | None, user_id: int, name: str, code: str, *,
                          replace: bool = False) -> dict[str, Any]:
        """Save the deck of a deck code under ``name`` (``DeckError`` for a bad code: nothing is saved)."""
        try:
            deck = rules.decode(code)
        except rules.DeckCodeError as exc:
            raise DeckError(exc.template, **exc.fields) from None
        return await self.save(guild_id, user_id, {**deck, "name": name}, replace=replace)

    @staticmethod
    def export_code(deck: dict[str, Any]) -> str:
        """Return a deck's code."""
        try:
            return rules.encode(deck)
        except rules.DeckCodeError as exc:
            raise DeckError(exc.template, **exc.fields) from None

    # --- pools -----------------------------------------------------------------------------------

    async def save_pool(self, guild_id: int | None, user_id: int, name: str, cards: list[str],
                        source_game_id: int | None = None) -> dict[str, Any]:
        """Save a card pool; a name in use gets " (2)", " (3)"… Return the pool as saved."""
        guild = self._guild(guild_id)
        base = clean_name(name, "pool")
        for n in range(1, 100):
            label = base if n == 1 else f"{base[:MAX_NAME - 5]} ({n})"
            try:
                await self.store.insert_pool(guild, user_id, label, list(cards), source_game_id)
                return {"name": label, "cards": list(cards), "source_game_id": source_game_id}
            except NameTaken:
                continue
        raise DeckError("You have too many pools of that name.")

    async def pools(self, guild_id: int | None, user_id: int) -> list[dict[str, Any]]:
        """Return a member's saved pools in a server, newest first."""
        if guild_id is None:
            return []
        return [{"name": p.name, "cards": p.cards, "source_game_id": p.source_game_id}
                for p in await self.store.pools(guild_id, user_id)]

    async def pool(self, guild_id: int | None, user_id: int, name: str) -> dict[str, Any]:
        """Return a saved pool by name (``DeckError`` if none)."""
        found = next((p for p in await self.pools(guild_id, user_id) if p["name"].casefold() == name.casefold()),
                     None)
        if found is None:
            raise DeckError("You have no saved pool named “{name}”.", name=name[:MAX_NAME])
        return found

    # --- locks -----------------------------------------------------------------------------------

    async def lock(self, guild_id: int | None, user_id: int, name: str, game_id: int) -> None:
        """Lock a deck while game ``game_id`` plays it."""
        row = await self._row(guild_id, user_id, name)
        await self.store.lock(row.id, game_id)

    async def unlock_game(self, game_id: int) -> int:
        """Free the decks a game locked (when it ends); return how many."""
        return await self.store.unlock_game(game_id)

    async def clear_stale_locks(self) -> int:
        """At a start: free the decks of games that ended while their locks were still held; return how many."""
        return await self.store.clear_stale_locks()

    async def drafts_without_pools(self) -> list[int]:
        """Return the finished drafts whose pools were never saved (to save at a start)."""
        return await self.store.drafts_without_pools()

    async def pool_owners(self, game_id: int) -> set[int]:
        """Return the members who already have a pool saved from a game."""
        return await self.store.pool_owners(game_id)

    # --- server lists and validity ---------------------------------------------------------------

    async def server_lists(self, guild_id: int | None) -> dict[str, Any]:
        """Return a server's Pixel Tactics lists with defaults filled in, plus ``pool`` (the card keys of its
        pool sets) and ``cube`` (the server's Cube, or the default one)."""
        stored = await self.store.server_lists(guild_id) if guild_id is not None else {}
        lists = {**LIST_DEFAULTS, **stored}
        lists["cube_default"] = lists["cube"] is None
        lists["cube"] = list(pools.DEFAULT_CUBE) if lists["cube"] is None else list(lists["cube"])
        lists["pool"] = pools.cards_of_sets(s for s in lists["pool_sets"] if s in pools.POOL_SETS)
        return lists

    async def set_server_list(self, guild_id: int | None, key: str, value: Any) -> dict[str, Any]:
        """Store one server list (``None``: its default); return the lists."""
        if key not in LIST_DEFAULTS:
            raise ValueError(f"unknown Pixel Tactics list {key!r}")
        await self.store.set_server_list(self._guild(guild_id), key, value)
        return await self.server_lists(guild_id)

    async def _rules_for(self, guild_id: int | None, deck: dict[str, Any]) -> tuple[Any, dict[str, Any] | None]:
        """Return ``(pool, lists)`` a deck is held to here: a deck built from a saved pool follows that pool
        (its copies) and no Constructed list; any other deck, the server's pool and lists."""
        if deck.get("pool_cards") is not None:
            return Counter(deck["pool_cards"]), None
        lists = await self.server_lists(guild_id)
        return set(lists["pool"]), lists

    async def problems_here(self, guild_id: int | None, deck: dict[str, Any]) -> list[str]:
        """Return why a deck cannot be played in this server (empty: it can)."""
        pool, lists = await self._rules_for(guild_id, deck)
        return rules.problems(deck, pool, lists)



def attach(service: Any) -> DeckService:
    """Return the table service's deck service (creating it over the service's database if it has none)."""
    if getattr(service, "decks", None) is None:
        service.decks = DeckService(service.db)
    return service.decks
