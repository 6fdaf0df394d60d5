"""Games whose latest table never reached Discord: paging through them at start-up, and the backoff of
the games waiting to be posted again (a permission missing, a locked thread)."""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import AsyncIterable, AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.tables import TableService

log = logging.getLogger("parlor.reposts")

#: games read per page by start-up recovery
BATCH = 100
#: seconds between timed retries of a game's table post; after the last one the game waits for a
#: gateway event about its channel (permission or thread changed), a ``/game status`` or a restart
RETRY_DELAYS = (5.0, 15.0, 60.0, 300.0, 900.0, 3600.0)

#: with several processes, how long start-up recovery waits before posting a game found unposted: a game another
#: (live) process was still posting, or playing on, is posted by that process meanwhile and left alone (seconds)
SETTLE = 10.0

#: how long a change of a channel (a wake) is remembered for games not yet in the book (seconds): a click's own
#: post refused while the thread was being unlocked enters the book after the wake, and is tried again at once
WAKE_MEMORY = 30.0

#: posts a game's table: ``True`` posted, ``False`` refused, ``None`` nothing to post any more
Poster = Callable[[int], Awaitable["bool | None"]]
#: whether a guild's games are this process's to recover (``bot/duties.py``)
Owns = Callable[[int | None], bool]


async def _owned(tables: TableService, game_id: int, owns: Owns | None):
    """Return the game's row if its guild is this process's (``owns``; None: every guild), else None."""
    row = await tables.db.get_game(game_id)
    return row if row is not None and (owns is None or owns(row.guild_id)) else None


async def _unposted_ids(tables: TableService, batch: int) -> AsyncIterator[int]:
    """Yield the ids of the games whose latest state was never posted, reading them a page of ``batch`` at a time
    through the partial index (never every game at once; the next page is read once this one is used)."""
    after = 0
    while True:
        ids = await tables.unposted_ids(after, batch)
        for game_id in ids:
            yield game_id
        if len(ids) < batch:
            return
        after = ids[-1]


async def _post_each(game_ids: AsyncIterable[int], post: Poster) -> tuple[int, list[int]]:
    """Call ``post(game_id)`` for each game in turn; return how many were posted and the ids of those that could
    not be (a game with nothing left to post is neither)."""
    posted, failed = 0, []
    async for game_id in game_ids:
        done = await post(game_id)
        if done is True:
            posted += 1
        elif done is False:
            failed.append(game_id)
    return posted, failed


async def recover_unposted(tables: TableService, post: Poster, batch: int = BATCH,
                           owns: Owns | None = None) -> tuple[int, list[int]]:
    """Call ``post(game_id)`` for every game whose latest state was never posted (of the guilds ``owns``
    accepts), reading their ids a page of ``batch`` at a time through the partial index (never every game at
    once); return how many were posted and the ids of those that could not be."""
    async def owned() -> AsyncIterator[int]:
        async for game_id in _unposted_ids(tables, batch):
            if owns is None or await _owned(tables, game_id, owns) is not None:
                yield game_id

    return await _post_each(owned(), post)


async def recover_settled(tables: TableService, post: Poster, settle: float | None = None,
                          batch: int = BATCH, owns: Owns | None = None) -> tuple[int, list[int]]:
    """``recover_unposted`` for one of several processes: note the unposted games and their versions, wait
    ``settle`` seconds (default ``SETTLE``), then post only those still unposted at the same version (the others
    were posted, or are being played, by a live process); return how many were posted and the ids that could not be."""
    found: dict[int, int] = {}
    async for game_id in _unposted_ids(tables, batch):
        row = await _owned(tables, game_id, owns)
        if row is not None:
            found[game_id] = row.version
    await asyncio.sleep(SETTLE if settle is None else settle)

    async def still_unposted() -> AsyncIterator[int]:
        for game_id, version in found.items():
            row = await tables.db.get_game(game_id)
            if row is not None and row.version == version and (row.posted_version or 0) < version:
                yield game_id

    return await _post_each(still_unposted(), post)


@dataclass
class Entry:
    """A game waiting to be posted again."""

    #: when to try next (monotonic seconds; ``inf``: only when an event wakes it)
    due: float
    #: the channels whose changes may let the post through (the post channel and its parent)
    channels: frozenset[int]
    #: timed retries so far
    tries: int = 0
    #: woken by an event since ``due`` last handed it out: a try already under way when the event came
    #: may have been refused before the change, so its failure must not push the next try back
    woken: bool = False


@dataclass
class RetryBook:
    """Which games wait for a table post, and when each is tried next (bounded exponential backoff)."""

    delays: tuple[float, ...] = RETRY_DELAYS
    entries: dict[int, Entry] = field(default_factory=dict)
    #: when each channel last changed (``None``: any channel), for :data:`WAKE_MEMORY` seconds
    recent: dict[int | None, float] = field(default_factory=dict)

    def want(self, game_id: int, now: float, channels: Iterable[int], *, failed: bool = True) -> None:
        """Put a game in the book: due after the next delay of its backoff when a post just ``failed``,
        else due now. A game new to the book whose channel changed in the last :data:`WAKE_MEMORY` seconds is
        due now all the same (its post may have been refused before the change), that failure not counted."""
        entry = self.entries.get(game_id)
        if entry is None:
            entry = self.entries[game_id] = Entry(now, frozenset(channels))
            entry.woken = self._changed_lately(entry.channels, now)
        else:
            entry.channels = entry.channels | frozenset(channels)
        if failed:
            self.failed(game_id, now)
        else:
            entry.due = min(entry.due, now)

    def failed(self, game_id: int, now: float) -> bool:
        """Count a failed try and set the next one; return ``False`` once the timed retries are used
        up (the game then waits for an event). A game woken by an event while this try was under way
        stays due now (the change may let it through) and the try is not counted."""
        entry = self.entries[game_id]
        if entry.woken:
            entry.woken = False
            return True
        entry.tries += 1
        if entry.tries > len(self.delays):
            entry.due = math.inf
            return False
        entry.due = now + self.delays[entry.tries - 1]
        return True

    def done(self, game_id: int) -> None:
        """Forget a game (posted, or nothing left to post)."""
        self.entries.pop(game_id, None)

    def wake(self, now: float, channel_id: int | None = None) -> int:
        """Make due now the games concerned by a change of ``channel_id`` (``None``: every game, e.g. a
        role's permissions changed); return how many. The change is remembered a while for games not yet
        here."""
        self.recent = {c: at for c, at in self.recent.items() if at > now - WAKE_MEMORY}
        self.recent[channel_id] = now
        woken = 0
        for entry in self.entries.values():
            if channel_id is None or channel_id in entry.channels:
                entry.due = min(entry.due, now)
                entry.woken = True
                woken += 1
        return woken

    def _changed_lately(self, channels: frozenset[int], now: float) -> bool:
        """Whether one of ``channels`` (or every channel) changed in the last :data:`WAKE_MEMORY` seconds."""
        return any(self.recent.get(c, -math.inf) > now - WAKE_MEMORY for c in (*channels, None))

    def due(self, now: float) -> list[int]:
        """Return the ids of the games due now, oldest game first (about to be tried: a wake from now on
        is one their try may not have seen)."""
        ids = sorted(g for g, e in self.entries.items() if e.due <= now)
        for game_id in ids:
            self.entries[game_id].woken = False
        return ids

    def next_due(self) -> float | None:
        """Return when the next timed retry is due (``None``: none is)."""
        due = [e.due for e in self.entries.values() if e.due != math.inf]
        return min(due) if due else None

    def __contains__(self, game_id: int) -> bool:
        return game_id in self.entries

    def __len__(self) -> int:
        return len(self.entries)
