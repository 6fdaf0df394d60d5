"""The stored deadlines and reminders of pending decisions, and the extensions players asked for."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from storage.errors import IntegrityError

if TYPE_CHECKING:
    from storage.database import Database

_COLUMNS = "id, game_id, decision_id, seat, kind, point, due_at"


@dataclass(frozen=True)
class Timer:
    """One stored timer."""

    id: int
    game_id: int
    decision_id: str
    seat: int
    kind: str
    point: str
    due_at: float


class AlreadyExtended(Exception):
    """The player already extended this decision."""


class Timers:
    """Reads and writes the ``timers`` and ``extensions`` tables."""

    def __init__(self, db: Database):
        self.db = db

    async def drop_game(self, game_id: int) -> None:
        """Delete every timer of a game (it finished)."""
        await self.db._write("DELETE FROM timers WHERE game_id = ?", (game_id,))

    async def open_of(self, game_id: int) -> list[Timer]:
        """Return the game's timers not yet fired."""
        rows = await self.db._all(f"SELECT {_COLUMNS} FROM timers WHERE game_id = ? AND done = 0", (game_id,))
        return [Timer(*r) for r in rows]

    async def replace(self, stale: list[int], rows: Iterable[tuple]) -> None:
        """In one transaction, delete the timers ``stale`` and add ``rows`` (game_id, decision_id,
        seat, kind, point, due_at); a timer that exists already is kept as it is."""
        async with self.db.transaction() as conn:
            if stale:
                await conn.execute(f"DELETE FROM timers WHERE id IN ({','.join('?' * len(stale))})", stale)
            await conn.executemany(
                "INSERT INTO timers (game_id, decision_id, seat, kind, point, due_at) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING", list(rows))

    async def next_due(self) -> float | None:
        """Return when the next timer comes due (None: no timer at all)."""
        row = await self.db._one("SELECT MIN(due_at) FROM timers WHERE done = 0")
        return row[0] if row else None

    async def due(self, now: float, limit: int = 100) -> list[Timer]:
        """Return the timers due at ``now``, oldest first."""
        rows = await self.db._all(
            f"SELECT {_COLUMNS} FROM timers WHERE done = 0 AND due_at <= ? ORDER BY due_at, id LIMIT ?",
            (now, limit))
        return [Timer(*r) for r in rows]

    async def deadline_of(self, game_id: int, decision_id: str, seat: int) -> float | None:
        """Return the current deadline of a player's decision, if it has one."""
        row = await self.db._one(
            "SELECT due_at FROM timers WHERE game_id = ? AND decision_id = ? AND seat = ? "
            "AND kind = 'deadline'", (game_id, decision_id, seat))
        return row[0] if row else None

    async def attempts(self, timer_id: int) -> int:
        """Return how often firing the timer failed so far."""
        row = await self.db._one("SELECT attempts FROM timers WHERE id = ?", (timer_id,))
        return row[0] if row else 0

    async def reschedule(self, timer_id: int, attempts: int, due_at: float) -> None:
        """Fire an unfired timer again at ``due_at``, counting its failed attempts."""
        await self.db._write("UPDATE timers SET attempts = ?, due_at = ? WHERE id = ? AND done = 0",
                             (attempts, due_at, timer_id))

    async def claim(self, timer_id: int) -> bool:
        """Mark a timer done; only the first caller gets True (exactly once, across restarts too)."""
        return await self.db._write("UPDATE timers SET done = 1 WHERE id = ? AND done = 0", (timer_id,)) == 1

    async def open_timer_count(self, game_id: int) -> int:
        """Return how many timers of the game are stored (fired or not)."""
        row = await self.db._one("SELECT COUNT(*) FROM timers WHERE game_id = ?", (game_id,))
        return int(row[0])

    async def extend(self, game_id: int, decision_id: str, seat: int, new_deadline: float,
                     reminders: dict[str, float], now: float) -> None:
        """Record the player's one extension of a decision and move its deadline to ``new_deadline``;
        its unsent reminders are replaced by ``reminders`` (point -> seconds before the deadline)
        except points already sent and times already past. ``AlreadyExtended`` if it was done before."""
        try:
            async with self.db.transaction() as conn:
                await conn.execute(
                    "INSERT INTO extensions (game_id, decision_id, seat, created_at) VALUES (?, ?, ?, ?)",
                    (game_id, decision_id, seat, now))
                await conn.execute(
                    "UPDATE timers SET due_at = ? WHERE game_id = ? AND decision_id = ? AND seat = ? "
                    "AND kind = 'deadline'", (new_deadline, game_id, decision_id, seat))
                await conn.execute(
                    "DELETE FROM timers WHERE game_id = ? AND decision_id = ? AND seat = ? "
                    "AND kind = 'reminder' AND done = 0", (game_id, decision_id, seat))
                # Points already sent stay sent: a reminder goes out once per decision and point.
                sent = {r[0] for r in await self.db._all(
                    "SELECT point FROM timers WHERE game_id = ? AND decision_id = ? AND seat = ? "
                    "AND kind = 'reminder' AND done = 1", (game_id, decision_id, seat), conn)}
                await conn.executemany(
                    "INSERT INTO timers (game_id, decision_id, seat, kind, point, due_at) "
                    "VALUES (?, ?, ?, 'reminder', ?, ?)",
                    [(game_id, decision_id, seat, p, new_deadline - before)
                     for p, before in reminders.items() if p not in sent and new_deadline - before > now])
        except IntegrityError as exc:  # the primary key says this decision was already extended
            raise AlreadyExtended(str(exc)) from None
