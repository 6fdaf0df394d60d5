"""Deadlines and reminders of pending decisions: stored timers, each fired exactly once.

After every change of a game the timers are brought in line with its pending decisions; the
scheduler (``bot/scheduler.py``) asks for the next due time and fires what came due. Firing a
reminder claims it first (so it is never sent twice); firing a deadline applies the server's policy
through the table service, whose decision-id check makes a repeated firing a no-op.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from bot import errors
from bot.computer_players import computer_seats
from bot.computer_seating import take_over, takeover_allowed
from bot.games.base import GameError
from bot.settings import POLICIES, Settings, load_settings, reminder_offsets
from bot.tables import Outcome, Table, TableService
from storage.backend.fence import unfenced
from storage.database import Database
from storage.timers import AlreadyExtended, Timer

Clock = Callable[[], float]


@dataclass(frozen=True)
class Fired:
    """What firing a timer did, for the Discord side to announce.

    ``kind`` is ``"reminder"``, ``"skip"``, ``"forfeit"``, ``"pause"``, ``"computer"`` (a computer player
    took the seat over; ``table`` is the table after) or ``"none"`` (nothing to do:
    the decision was already made, or a reminder whose deadline had passed was dropped).
    """

    kind: str
    timer: Timer
    table: Table | None = None
    outcome: Outcome | None = None
    deadline_at: float | None = None


class DeadlineService:
    """Keeps the timers of every running game and fires them."""

    def __init__(self, db: Database, tables: TableService, clock: Clock = time.time):
        self.db = db
        self.tables = tables
        self.clock = clock
        self.on_change: Callable[[], None] | None = None

    @classmethod
    def of(cls, tables: TableService, clock: Clock = time.time) -> DeadlineService:
        """Return the service keeping the timers of the games of ``tables``."""
        return cls(tables.db, tables, clock)

    async def untimed_games(self) -> list[int]:
        """Return the ids of running games with no open timer (synced at start-up)."""
        return [row.id for row in await self.db.games_without_timers()]

    async def settings_for(self, table: Table) -> Settings:
        """Return the server settings that apply to a game."""
        return await load_settings(self.db, table.row.guild_id)

    async def span_of(self, table: Table) -> float | None:
        """Return the seconds a player has per decision in this game (None: no deadline)."""
        options = table.row.options
        hours = options["deadline_hours"] if "deadline_hours" in options else \
            (await self.settings_for(table)).deadline_hours
        return None if hours is None else float(hours) * 3600

    async def policy_of(self, table: Table) -> str:
        """Return what a passed deadline does in this game: the game's own ``deadline_policy`` (a tournament's
        ``forfeit``), else the server's."""
        policy = table.row.options.get("deadline_policy")
        return policy if policy in POLICIES else (await self.settings_for(table)).deadline_policy

    async def sync(self, table: Table) -> None:
        """Bring the game's timers in line with its pending decisions (a commit hook)."""
        if table.row.status != "running":  # a finished game keeps no timers, fired or not
            await self.db.timers.drop_game(table.id)
            return
        computers = computer_seats(table)  # computer-run seats have no deadlines and no reminders
        pending = {(d.id, d.player) for d in table.pending() if d.player not in computers}
        open_timers = await self._open_timers(table.id)
        stale = [t.id for t in open_timers if (t.decision_id, t.seat) not in pending]
        have = {(t.decision_id, t.seat) for t in open_timers}
        fresh = [key for key in pending if key not in have]
        span = await self.span_of(table) if fresh else None
        rows = []
        if span is not None:
            now = self.clock()
            points = reminder_offsets((await self.settings_for(table)).reminder_points, span)
            for decision_id, seat in fresh:  # a decision that already had timers keeps them (UNIQUE)
                rows.append((table.id, decision_id, seat, "deadline", "", now + span))
                rows += [(table.id, decision_id, seat, "reminder", p, now + span - before)
                         for p, before in points.items()]
        if not stale and not rows:
            return
        await self.db.timers.replace(stale, rows)
        if rows and self.on_change is not None:
            self.on_change()

    async def _open_timers(self, game_id: int) -> list[Timer]:
        return await self.db.timers.open_of(game_id)

    async def next_due(self) -> float | None:
        """Return when the next timer comes due (None: no timer at all)."""
        return await self.db.timers.next_due()

    async def due(self, now: float | None = None, limit: int = 100) -> list[Timer]:
        """Return the timers due at ``now``, oldest first."""
        return await self.db.timers.due(self.clock() if now is None else now, limit)

    async def deadline_of(self, game_id: int, decision_id: str, seat: int) -> float | None:
        """Return the current deadline of a player's decision, if it has one."""
        return await self.db.timers.deadline_of(game_id, decision_id, seat)

    async def retry_later(self, timer: Timer) -> bool:
        """After a failure, fire the timer again later (1, 5, 30 minutes); give up after that.

        Returns False when it gave up (the timer is then marked done)."""
        attempts = await self.db.timers.attempts(timer.id) + 1
        delays = (60.0, 300.0, 1800.0)
        if attempts > len(delays):
            await self._claim(timer)
            return False
        await self.db.timers.reschedule(timer.id, attempts, self.clock() + delays[attempts - 1])
        return True

    async def _claim(self, timer: Timer) -> bool:
        """Mark a timer done; only the first caller gets True (exactly once, across restarts too)."""
        return await self.db.timers.claim(timer.id)

    async def fire(self, timer: Timer) -> Fired:
        """Fire one due timer: a reminder (unless its deadline passed), or the deadline's policy."""
        table = await self.tables.load(timer.game_id)
        still_pending = table.row.status == "running" and any(
            d.id == timer.decision_id and d.player == timer.seat for d in table.pending())
        deadline_at = await self.deadline_of(timer.game_id, timer.decision_id, timer.seat)
        if timer.kind == "reminder":
            claimed = await self._claim(timer)
            late = deadline_at is not None and deadline_at <= self.clock()
            if not claimed or not still_pending or late:
                return Fired("none", timer)
            return Fired("reminder", timer, table, deadline_at=deadline_at)
        if not still_pending or timer.seat in computer_seats(table):  # a computer plays it: no deadline
            await self._claim(timer)
            return Fired("none", timer)
        policy = await self.policy_of(table)
        if policy == "computer" and not takeover_allowed(table):
            policy = "skip"  # computer takeover is off in rated and tournament games
        user_id = table.user_of(timer.seat)
        try:
            if policy == "computer":
                level = (await self.settings_for(table)).takeover_level
                after = await take_over(self.tables, timer.game_id, timer.seat, timer.decision_id, level)
                with unfenced():  # the takeover is committed: it is announced even if the lead was just lost
                    await self._claim(timer)
                return Fired("computer", timer, after, None, deadline_at)
            if policy == "skip":
                action = table.engine.default_action(table.state, timer.seat)
                outcome = await self.tables.act(timer.game_id, user_id, timer.decision_id, action,
                                                for_seat=timer.seat)
            elif policy == "forfeit":
                outcome = await self.tables.resign(timer.game_id, user_id)
            else:
                outcome = None
        except (errors.ParlorError, GameError):
            await self._claim(timer)  # the decision changed meanwhile, or the rules refused: nothing to do
            return Fired("none", timer)
        if outcome is None:  # a pause: marking the timer done is the firing itself (fenced)
            if not await self._claim(timer):  # another scheduler already announced it
                return Fired("none", timer)
        else:  # the move is committed: it is announced even if the lead was lost just after (the next leader
            with unfenced():  # finds the decision gone and fires nothing)
                await self._claim(timer)
        return Fired(policy if policy in ("skip", "forfeit") else "pause", timer, table, outcome, deadline_at)

    async def extend(self, game_id: int, user_id: int, guild_id: int | None = None) -> float:
        """Give a player more time, once per decision: the deadline moves by one more span."""
        async with self.tables.lock(game_id):
            table = await self.tables.load(game_id, guild_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise errors.NotSeated("You are not playing in this game.")
            if seat in computer_seats(table):
                raise errors.NotAllowed("A computer player plays your seat now; take it back with `/game return`.")
            mine = [d for d in table.pending() if d.player == seat] if table.row.status == "running" else []
            if not mine:
                raise errors.NotYourTurn("You have no move pending in this game.")
            decision = mine[0]
            deadline = await self.deadline_of(game_id, decision.id, seat)
            span = await self.span_of(table)
            if deadline is None or span is None:
                raise errors.NotAllowed("This game has no deadline to extend.")
            if deadline <= self.clock():
                raise errors.NotAllowed("Your time is already up.")
            points = reminder_offsets((await self.settings_for(table)).reminder_points, span)
            new_deadline = deadline + span
            try:
                await self.db.timers.extend(game_id, decision.id, seat, new_deadline, points, self.clock())
            except AlreadyExtended:
                raise errors.NotAllowed("You already asked for more time for this move.") from None
        if self.on_change is not None:
            self.on_change()
        return new_deadline
