"""Computer-run seats in running games, and the driver that plays them.

A *computer seat* is a seat row with a synthetic negative user id (listed in ``row.options["bots"]``,
its level in ``row.options["computer_levels"]``); a *taken-over* seat is a member's seat played by a
computer after a deadline passed (``row.options["takeover"] = {"<seat>": level}``). The driver is a
commit hook: when a pending decision belongs to a computer-run seat, it starts one task for that game,
which waits a short visible delay, decides outside the game's lock (``bot.ai.worker``), then applies
the action through ``TableService.act`` under the game's posting lock and hands the outcome to the
``announce`` callback a cog installs. A decision that went stale meanwhile is dropped quietly.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot import errors
from bot.ai import worker
from bot.game_table import Outcome, Table, computer_label
from storage.computer_seats import running_games_with_computers

if TYPE_CHECKING:
    from bot.tables import TableService

log = logging.getLogger("parlor.computer")

LEVELS = ("easy", "normal", "strong")
#: the level used when a stored one is missing or unknown
DEFAULT_LEVEL = "normal"

Decide = Callable[..., Awaitable[dict]]
Announce = Callable[[Outcome], Awaitable[None]]


def is_computer_id(user_id: int) -> bool:
    """Return whether a seat's user id is a computer player's (synthetic, negative)."""
    return user_id < 0


def computer_levels(table: Table) -> dict[int, str]:
    """Return ``{user id: level}`` of the table's computer seats."""
    stored = table.row.options.get("computer_levels") or {}
    bots = set(table.row.options.get("bots") or [])
    out = {}
    for seat in table.seats:
        if is_computer_id(seat.user_id) or seat.user_id in bots:
            level = stored.get(str(seat.user_id))
            out[seat.user_id] = level if level in LEVELS else DEFAULT_LEVEL
    return out


def taken_over(table: Table) -> dict[int, str]:
    """Return ``{seat: level}`` of the members' seats a computer plays after a timeout."""
    stored = table.row.options.get("takeover") or {}
    return {int(seat): level if level in LEVELS else DEFAULT_LEVEL for seat, level in stored.items()}


def computer_seats(table: Table) -> dict[int, str]:
    """Return ``{seat: level}`` of every computer-run seat: computer seats and taken-over seats."""
    levels = computer_levels(table)
    out = {s.seat: levels[s.user_id] for s in table.seats if s.user_id in levels}
    for seat, level in taken_over(table).items():
        out.setdefault(seat, level)
    return out


def has_computers(table: Table) -> bool:
    """Return whether a computer player holds a seat of this table (not counting takeovers)."""
    return bool(computer_levels(table))


def computer_name(level: str, number: int) -> str:
    """Return a computer seat's name as stored: ``Computer (strong)``, or ``Computer 2 (easy)`` for the second
    (``Table.names(lang)`` shows it in another language)."""
    return computer_label(level, number)


def decision_seed(table: Table, seat: int) -> int:
    """Return the seed of a computer decision: derived from the game's seed, its version and the seat."""
    text = f"{table.row.seed}:{table.row.version}:{seat}"
    return int(hashlib.sha256(text.encode()).hexdigest()[:15], 16)


def unattended(table: Table) -> bool:
    """Return whether every seat of the table is computer-run (no member is left playing it).

    Such a game waits until a member comes back with ``/game return`` (ours): a takeover stands in for a player
    so that the others are not held up, and with nobody left an unattended game could run for ever (Tixel has
    no repetition rule)."""
    seats = computer_seats(table)
    return bool(table.seats) and all(s.seat in seats for s in table.seats)


def computer_work(table: Table) -> list:
    """Return the pending decisions of a running table that a computer makes (none while it is unattended)."""
    if table.row.status != "running":
        return []
    seats = computer_seats(table)
    if not seats or unattended(table):
        return []
    return [d for d in table.pending() if d.player in seats]


class ComputerDriver:
    """Plays the computer-run seats of every running game: one task per game at most."""

    def __init__(self, tables: TableService, *, delay: float = 2.0, decide: Decide | None = None,
                 announce: Announce | None = None):
        self.tables = tables
        #: the visible pause before a computer move (seconds)
        self.delay = delay
        self.decide = decide or worker.decide_async
        #: called (under the game's posting lock) with each committed computer move
        self.announce = announce
        self._tasks: dict[int, asyncio.Task] = {}
        self._again: set[int] = set()
        #: by game: when (event-loop time) its latest change was seen; the pause runs from there
        self._since: dict[int, float] = {}
        self.closed = False

    async def on_commit(self, table: Table) -> None:
        """Commit hook: start the game's task when a computer-run seat has a decision pending."""
        self.poke(table)

    def poke(self, table: Table) -> None:
        """Make sure a task plays the table's pending computer decisions (one task per game)."""
        if self.closed or not computer_work(table):
            return
        self._since[table.id] = asyncio.get_running_loop().time()
        self._again.add(table.id)
        task = self._tasks.get(table.id)
        if task is None or task.done():
            self._tasks[table.id] = asyncio.create_task(self._run(table.id), name=f"computer-{table.id}")

    def busy(self, game_id: int) -> bool:
        """Return whether a task is playing this game now."""
        task = self._tasks.get(game_id)
        return task is not None and not task.done()

    async def resume(self, owns: Callable[[int | None], bool] | None = None) -> int:
        """Start-up: give every running game with a pending computer decision its task (only the games of the
        guilds ``owns`` accepts); return how many."""
        count = 0
        for game_id in await running_games_with_computers(self.tables.db):
            table = await self.tables.load(game_id)
            if (owns is None or owns(table.row.guild_id)) and computer_work(table):
                self.poke(table)
                count += 1
        return count

    async def close(self) -> None:
        """Stop every task (a decision in progress is simply made again after a restart)."""
        self.closed = True
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks.clear()

    async def idle(self) -> None:
        """Wait until no game has a task running (tests)."""
        while any(not t.done() for t in self._tasks.values()):
            await asyncio.sleep(0.01)

    async def _run(self, game_id: int) -> None:
        try:
            while game_id in self._again and not self.closed:
                self._again.discard(game_id)
                await self._pause(game_id)
                try:
                    if await self.step(game_id):
                        self._again.add(game_id)
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("game %s: the computer player failed; the game waits for the next change",
                                  game_id)
                    return
        finally:
            if self._tasks.get(game_id) is asyncio.current_task():
                del self._tasks[game_id]
                self._since.pop(game_id, None)

    async def _pause(self, game_id: int) -> None:
        """Wait until ``delay`` has passed since the game's latest change (a member's move made while the task
        was still pausing after the computer's previous move gets its full pause too)."""
        loop = asyncio.get_running_loop()
        while (left := self._since.get(game_id, 0.0) + self.delay - loop.time()) > 0:
            await asyncio.sleep(left)

    async def step(self, game_id: int) -> bool:
        """Make one pending computer decision of a game; return whether to look again."""
        table = await self.tables.load(game_id)
        work = computer_work(table)
        if not work:
            return False
        decision = work[0]
        seat, level = decision.player, computer_seats(table)[decision.player]
        legal = table.engine.legal_actions(table.state, seat)
        if not legal:
            log.warning("game %s: seat %s has a decision but no legal action", game_id, seat)
            return False
        view = table.engine.view(table.state, seat)
        action = await self.decide(table.row.kind, view, seat, legal, level, decision_seed(table, seat))
        async with self.tables.post_lock(game_id):
            now = await self.tables.load(game_id)
            if seat not in computer_seats(now) or not any(
                    d.id == decision.id and d.player == seat for d in now.pending()):
                log.info("game %s: computer decision %s dropped (made or changed meanwhile)", game_id, decision.id)
                return True
            try:
                outcome = await self.tables.act(game_id, now.user_of(seat), decision.id, action,
                                                for_seat=seat, computer=True)
            except errors.ParlorError as exc:
                log.info("game %s: computer decision %s dropped (%s)", game_id, decision.id, type(exc).__name__)
                return now.row.version != table.row.version
            if self.announce is not None:
                try:
                    await self.announce(outcome)
                except Exception:
                    log.exception("game %s: the computer move was saved but could not be announced", game_id)
        return True
