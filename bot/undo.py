"""``/game undo``: take back the last action when every other player agrees.

Only the last effective action of the log (the last entry that is not an undo and was not taken back
already) can be taken back, only by the player who made it, never a resignation, and only when the
engine says it revealed no hidden information (``Engine.undo_allowed``). The other players still in
the game vote; one refusal cancels the request, and once all agree an ``{"type": "undo", "seq": n}``
entry is appended to the action log (``bot.tables.replay`` drops the action it takes back): the log
stays append-only. A request goes stale as soon as anything else is logged after it.

Requests live in the ``undo_requests`` table (one row per game, reused by the next request with a
higher ``number``, which the vote buttons carry).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from bot import errors
from bot.computer_players import computer_seats
from bot.tables import RESIGN, UNDO, Table, TableService, replay
from storage.rows import ActionRow
from storage.undo_requests import AGREED, DROPPED, PENDING, REFUSED, STALE, UndoRequest


class UndoRefused(errors.NotAllowed):
    """The undo cannot be asked for, or this member cannot answer it."""


class UndoClosed(errors.StaleDecision):
    """The undo request answered is no longer open (answered, replaced or overtaken by a move)."""


@dataclass(frozen=True)
class Asked:
    """A request just made: the table, the request and a public description of the action."""

    table: Table
    request: UndoRequest
    text: str
    #: the state before the action and the action (a presenter may word it in another language)
    before: Any = None
    action: Any = None


@dataclass(frozen=True)
class Voted:
    """A vote just counted.

    ``request.status`` says what it led to: ``pending`` (others still to answer), ``refused`` or
    ``agreed`` (the action was taken back: ``after`` is the table rebuilt without it, ``before`` the
    table as it was, e.g. to retire its last post).
    """

    request: UndoRequest
    seat: int
    agree: bool
    before: Table
    after: Table

    @property
    def status(self) -> str:
        """Return the request's status after this vote."""
        return self.request.status


def effective_actions(rows: list[ActionRow]) -> list[ActionRow]:
    """Return the log entries still in force: each undo entry takes back the last one before it,
    exactly as ``bot.tables.replay`` does."""
    kept: list[ActionRow] = []
    for row in rows:
        if row.action.get("type") == UNDO:
            if kept:
                kept.pop()
        else:
            kept.append(row)
    return kept


def deciding_seats(table: Table) -> list[int]:
    """Return the seats still in the game: the public view's ``players[i]["active"]`` where the game
    has it (Pixies after a resignation), else every seat."""
    players = table.engine.view(table.state, None).get("players")
    if isinstance(players, list) and len(players) == len(table.seats) and \
            all(isinstance(p, dict) for p in players):
        return [seat for seat, p in enumerate(players) if p.get("active", True) is not False]
    return [s.seat for s in table.seats]


class UndoService:
    """The undo workflow, on top of the table service (every change under the game's lock)."""

    def __init__(self, tables: TableService):
        self.tables = tables
        self.db = tables.db

    # --- asking ------------------------------------------------------------------------------

    async def request_undo(self, game_id: int, user_id: int, guild_id: int | None = None) -> Asked:
        """Ask the other players to take back the member's last action; store the request."""
        async with self.tables.lock(game_id):
            table = await self._running(game_id, guild_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise errors.NotSeated("You are not playing in this game.")
            rows = await self.db.actions(game_id)
            effective = effective_actions(rows)
            if not effective:
                raise UndoRefused("There is nothing to take back yet.")
            last = effective[-1]
            if last.actor_seat != seat:
                if last.actor_seat is None:
                    raise UndoRefused("Only the last action can be taken back, and only by the player who made "
                                      "it (the last action was the bot's).")
                raise UndoRefused("Only the last action can be taken back, and only by the player who made "
                                  "it (the last action was {player}'s).", player=table.names()[last.actor_seat])
            if last.action.get("type") == RESIGN:
                raise UndoRefused("A resignation cannot be taken back.")
            current = await self.get(game_id)
            if current is not None and current.status == PENDING and current.log_seq == rows[-1].seq:
                raise UndoRefused("An undo request is already waiting for the other players' answers.")
            eng = table.engine
            before = replay(eng, table.row, len(table.seats), [(r.actor_seat, r.action) for r in effective[:-1]])
            if not eng.undo_allowed(before, table.state, seat, last.action):
                raise UndoRefused("That action revealed hidden information (e.g. new cards), so it cannot be "
                                  "taken back.")
            voters = tuple(s for s in deciding_seats(table) if s != seat)
            if any(s in computer_seats(table) for s in voters):
                raise UndoRefused("A computer player cannot answer an undo request, so moves are not taken "
                                  "back in this game.")
            if not voters:
                raise UndoRefused("Nobody else is playing to agree.")
            request = UndoRequest(game_id, (current.number if current else 0) + 1, last.seq, rows[-1].seq,
                                  seat, voters, {}, PENDING, self.db.clock())
            await self._store(request)
            return Asked(table, request, eng.describe_action(before, seat, last.action), before, last.action)

    async def drop(self, game_id: int, number: int) -> None:
        """Withdraw a pending request (e.g. its post could not be sent)."""
        async with self.tables.lock(game_id):
            current = await self.get(game_id)
            if current is not None and current.number == number and current.status == PENDING:
                await self._store(replace(current, status=DROPPED))

    # --- answering ---------------------------------------------------------------------------

    async def vote(self, game_id: int, user_id: int, request_seq: int, agree: bool,
                   guild_id: int | None = None) -> Voted:
        """Count a player's answer to request number ``request_seq``; any refusal cancels it; the
        last agreement takes the action back (logged, committed, commit hooks run)."""
        async with self.tables.lock(game_id):
            table = await self._running(game_id, guild_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise errors.NotSeated("You are not playing in this game.")
            request = await self.get(game_id)
            if request is None or request.number != request_seq or request.status in (STALE, DROPPED):
                raise UndoClosed("This undo request is no longer open.")
            if request.status == AGREED:
                raise UndoClosed("This action was already taken back.")
            if request.status == REFUSED:
                raise UndoClosed("This undo request was already refused.")
            rows = await self.db.actions(game_id)
            if not rows or rows[-1].seq != request.log_seq:
                await self._store(replace(request, status=STALE))
                raise UndoClosed("The game moved on after this undo request: it no longer applies.")
            if seat == request.requester_seat:
                raise UndoRefused("You asked for this undo: the other players decide.")
            if seat not in request.voters:
                raise UndoRefused("Only the players still in the game answer this request.")
            if seat in request.votes:
                raise UndoRefused("You already agreed.")
            votes = {**request.votes, seat: agree}
            if not agree:
                request = replace(request, votes=votes, status=REFUSED)
                await self._store(request)
                return Voted(request, seat, agree, table, table)
            request = replace(request, votes=votes)
            if request.waiting_for():
                await self._store(request)
                return Voted(request, seat, agree, table, table)
            after = await self._take_back(table, request, rows)
            request = replace(request, status=AGREED)
            await self._store(request)
            return Voted(request, seat, agree, table, after)

    async def _take_back(self, table: Table, request: UndoRequest, rows: list[ActionRow]) -> Table:
        """Append the undo entry with the state replayed from the log including it."""
        effective = effective_actions(rows)
        assert effective and effective[-1].seq == request.seq, "the request no longer names the last action"
        action = {"type": UNDO, "seq": request.seq}
        log = [(r.actor_seat, r.action) for r in rows] + [(request.requester_seat, action)]
        state = replay(table.engine, table.row, len(table.seats), log)
        try:
            return await self.tables.record(table, request.requester_seat, table.user_of(request.requester_seat),
                                            action, state)
        except errors.StaleDecision:
            raise UndoClosed("The game changed meanwhile; look at the latest post.") from None

    # --- storage -----------------------------------------------------------------------------

    async def get(self, game_id: int) -> UndoRequest | None:
        """Return the game's latest undo request (whatever its status), or ``None``."""
        return await self.db.undo_requests.get(game_id)

    async def _store(self, request: UndoRequest) -> None:
        await self.db.undo_requests.store(request)

    async def _running(self, game_id: int, guild_id: int | None) -> Table:
        table = await self.tables.load(game_id, guild_id)
        self.tables.require_running(table)
        return table
