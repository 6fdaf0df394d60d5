"""A league's timers: the end of its current cycle, and reminders of what a player leaves pending (their League
Draft pick, an answer to a challenge, their secret Leader and Base choice). Stored in ``league_timers`` and fired by
the same scheduler loop as the games' deadlines (``bot/scheduler.py`` runs ``LeagueTimers`` as one of its jobs);
each timer fires once, and a reminder whose matter was settled meanwhile says nothing."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot import league as lg
from bot.league.model import OPEN
from bot.league_rules import REMINDER_HOURS, cycle_end_at, zone_of

if TYPE_CHECKING:
    from bot.league_service import LeagueService
    from storage.leagues import LeagueRow, LeagueTimer

log = logging.getLogger("parlor.leagues")

#: the league phase in which challenges are played and the cycle's clock runs
PLAY_PHASE = "cycle"


def open_challenges(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Return the stored challenges still waiting for something (offered, accepted or being played)."""
    return [c for c in state.get("challenges", []) if c.get("status") in OPEN]


def pending(state: dict[str, Any]) -> dict[str, int]:
    """Return what the league waits for from whom: reminder key -> user id (``draft:<cycle>:<user>:<kind>:<left>``,
    ``discard:<cycle>:<user>``, ``answer:<challenge>``, ``choose:<challenge>:<user>``)."""
    out: dict[str, int] = {}
    view = lg.draft_state(state)
    if view is not None:
        out[f"draft:{state.get('cycle', 0)}:{view.user_id}:{view.kind}:{view.left}"] = view.user_id
    if state.get("phase") == "discard":
        for user_id in lg.waiting_discards(state):
            out[f"discard:{state.get('ended', 0)}:{user_id}"] = user_id
    for ch in open_challenges(state):
        if ch["status"] == "offered":
            out[f"answer:{ch['id']}"] = ch["to"]
        elif ch["status"] == "accepted":
            chosen = ch.get("choices") or {}
            for user_id in (ch["by"], ch["to"]):
                if str(user_id) not in chosen and user_id not in chosen:
                    out[f"choose:{ch['id']}:{user_id}"] = user_id
    return out


class LeagueTimers:
    """Keeps and fires the timers of every league (part of ``LeagueService``; a job of the scheduler)."""

    def __init__(self, service: LeagueService):
        self.service = service
        self.store = service.store
        #: called when a timer was added (the scheduler's ``poke``)
        self.on_change: Callable[[], None] | None = None

    def clock(self) -> float:
        """Return the time now (the database's clock: a fake one in tests)."""
        return self.service.tables.db.clock()

    async def sync(self, row: LeagueRow) -> None:
        """Bring a league's timers in line with its state (call after every committed change): its cycle's end
        while a cycle is played, and one reminder per pending matter."""
        if row.status != "running":
            await self.store.drop_timers(row.id)
            return
        now = self.clock()
        want: dict[tuple[str, str], tuple[int | None, float]] = {}
        if row.state.get("phase") == PLAY_PHASE:
            started = float(row.options.get("cycle_started_at") or now)
            zone = zone_of(await self.service.tables.settings(row.guild_id))
            want[("cycle_end", str(row.state.get("cycle", 0)))] = (None, cycle_end_at(
                started, int(row.state["cycle_days"]), zone))
        hours = float(row.options.get("reminder_hours") or REMINDER_HOURS)
        for key, user_id in pending(row.state).items():
            want[("reminder", key)] = (user_id, now + hours * 3600)
        have = {(t.kind, t.key): t for t in await self.store.open_timers(row.id)}
        stale = [t.id for k, t in have.items() if k not in want]
        fresh = [(kind, key, user, due) for (kind, key), (user, due) in want.items() if (kind, key) not in have]
        if not stale and not fresh:
            return
        await self.store.replace_timers(row.id, stale, fresh)
        if fresh and self.on_change is not None:
            self.on_change()

    async def cycle_ends_at(self, lid: int) -> float | None:
        """Return when a league's current cycle ends (``None``: no cycle is being played)."""
        return next((t.due_at for t in await self.store.open_timers(lid) if t.kind == "cycle_end"), None)

    # --- the scheduler's job ------------------------------------------------------------------------

    async def next_due(self) -> float | None:
        """Return when the next league timer comes due (None: none)."""
        return await self.store.next_due()

    async def run_due(self, now: float) -> int:
        """Fire every league timer due at ``now``; return how many fired (a failing one is logged and dropped:
        a cycle end is also the organiser's command)."""
        fired = 0
        while batch := await self.store.due(now):
            for timer in batch:
                try:
                    await self.fire(timer)
                except Exception:
                    log.exception("league %s: timer %s (%s %s) failed", timer.league_id, timer.id, timer.kind,
                                  timer.key)
                    await self.store.claim(timer.id)
                fired += 1
        return fired

    async def fire(self, timer: LeagueTimer) -> bool:
        """Fire one due timer exactly once: end the cycle it times, or tell the listeners of a reminder whose
        matter is still pending; return whether it did something."""
        from bot.league_service import LeagueEvent

        if timer.kind == "cycle_end":
            return await self.service._timed_cycle_end(timer)
        if not await self.store.claim(timer.id):
            return False
        row = await self.store.get(timer.league_id)
        if row is None or row.status != "running" or timer.key not in pending(row.state):
            return False
        await self.service._emit(LeagueEvent("reminder", row, user_id=timer.user_id, reminder=timer.key))
        return True
