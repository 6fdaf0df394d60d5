"""The stored /game undo requests: one row per game, reused (number + 1) by its next request."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from storage.database import Database

PENDING, AGREED, REFUSED, STALE, DROPPED = "pending", "agreed", "refused", "stale", "dropped"


@dataclass(frozen=True)
class UndoRequest:
    """One stored undo request."""

    game_id: int
    #: the game's request counter (1, 2, ...), carried by the vote buttons
    number: int
    #: action-log seq of the action to take back
    seq: int
    #: the last action-log seq when the request was made: any later entry makes it stale
    log_seq: int
    requester_seat: int
    #: the seats that must agree
    voters: tuple[int, ...]
    #: seat -> agreed?
    votes: dict[int, bool] = field(default_factory=dict)
    status: str = PENDING
    created_at: float = 0.0

    def waiting_for(self) -> list[int]:
        """Return the voters who have not answered yet."""
        return [seat for seat in self.voters if seat not in self.votes]


class UndoRequests:
    """Reads and writes the ``undo_requests`` table."""

    def __init__(self, db: Database):
        self.db = db

    async def get(self, game_id: int) -> UndoRequest | None:
        """Return the game's latest undo request (whatever its status), or ``None``."""
        row = await self.db._one(
            "SELECT game_id, number, seq, log_seq, requester_seat, voters, votes, status, created_at "
            "FROM undo_requests WHERE game_id = ?", (game_id,))
        if row is None:
            return None
        gid, number, seq, log_seq, requester, voters, votes, status, created = row
        return UndoRequest(gid, number, seq, log_seq, requester, tuple(json.loads(voters)),
                           {int(k): bool(v) for k, v in json.loads(votes).items()}, status, created)

    async def store(self, request: UndoRequest) -> None:
        """Insert the game's request, or replace its previous one."""
        values: tuple[Any, ...] = (
            request.game_id, request.number, request.seq, request.log_seq, request.requester_seat,
            json.dumps(list(request.voters)), json.dumps({str(k): v for k, v in request.votes.items()}),
            request.status, request.created_at)
        await self.db._write(
            "INSERT INTO undo_requests (game_id, number, seq, log_seq, requester_seat, voters, votes, "
            "status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET "
            "number = excluded.number, seq = excluded.seq, log_seq = excluded.log_seq, "
            "requester_seat = excluded.requester_seat, voters = excluded.voters, votes = excluded.votes, "
            "status = excluded.status, created_at = excluded.created_at", values)
