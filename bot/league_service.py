"""The league service (``bot.tables.leagues``): Pixel Tactics Leagues from sign-up to the last cycle — drafts,
challenges and their games, deck edits, cycle ends (by the organiser or the cycle's timer), organiser overrides,
CSV export — and start-up reconciliation.

The rules are the pure ``bot.league`` package; this service stores its state (``storage/leagues.py``), one asyncio
lock per league around every read-change-store, keeps the league's timers (``bot/league_timers.py``) and tells
its ``listeners`` (the Discord side) what happened after each change was committed. Every refusal is a
``LeagueRefused`` carrying the sentence the member sees; nothing changes then.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot import league as lg
from bot.i18n import N_
from bot.league_games import LeagueGames
from bot.league_rules import LeagueRefused, is_organiser
from bot.league_timers import PLAY_PHASE, LeagueTimers
from storage.leagues import LeagueGame, LeagueRow, LeagueStore

if TYPE_CHECKING:
    from bot.game_table import Table
    from bot.settings import Settings
    from bot.tables import TableService
    from storage.leagues import LeagueTimer

log = logging.getLogger("parlor.leagues")

__all__ = ["LeagueEvent", "LeagueGame", "LeagueRefused", "LeagueRow", "LeagueService"]

#: a league's default deadline per move in its games: the server's
SERVER_DEADLINE = "server"
#: the refusal of a change a league's status does not allow (besides sign-up), by that status
_STATUS = {"running": N_("This league is running."), "finished": N_("This league is finished."),
           "cancelled": N_("This league is cancelled.")}
#: the refusal of a member who is not one of the league's organisers, by what they tried
_NOT_ORGANISER = {
    "start it":
        N_("Only the league's organisers (its creator, members with Manage Server or the server's "
           "organiser role) can start it."),
    "close the discards":
        N_("Only the league's organisers (its creator, members with Manage Server or the server's "
           "organiser role) can close the discards."),
    "end the cycle":
        N_("Only the league's organisers (its creator, members with Manage Server or the server's "
           "organiser role) can end the cycle."),
    "void a result":
        N_("Only the league's organisers (its creator, members with Manage Server or the server's "
           "organiser role) can void a result."),
    "override a result":
        N_("Only the league's organisers (its creator, members with Manage Server or the server's "
           "organiser role) can override a result."),
    "drop another player":
        N_("Only the league's organisers (its creator, members with Manage Server or the server's "
           "organiser role) can drop another player."),
    "replace a player":
        N_("Only the league's organisers (its creator, members with Manage Server or the server's "
           "organiser role) can replace a player."),
    "cancel it":
        N_("Only the league's organisers (its creator, members with Manage Server or the server's "
           "organiser role) can cancel it."),
}


@dataclass(frozen=True)
class LeagueEvent:
    """What a committed change did, for the Discord side.

    ``kind``: ``created``, ``joined``, ``left``, ``started``, ``draft`` (a pick was made), ``challenge`` (offered),
    ``answered``, ``chose``, ``games`` (``new_tables`` to post, each with ``options["league"] =
    {"id", "challenge", "players"}``), ``result`` (a game's result recorded), ``deck``, ``discarded``,
    ``cycle_ended`` (``cycle``: the cycle that ended), ``ended`` (the league is over), ``voided``, ``overridden``,
    ``dropped``, ``replaced``, ``cancelled``, ``reminder`` (``user_id`` and ``reminder``: ``draft:…``,
    ``discard:<cycle>:<user>``, ``answer:<challenge>`` or ``choose:<challenge>:<user>``). ``drafter``: whose League Draft turn it is after
    the change (``None``: no draft), to DM them the view (``bot.league.draft_state``)."""

    kind: str
    row: LeagueRow
    new_tables: list[Table] = field(default_factory=list)
    user_id: int | None = None
    challenge_id: int | None = None
    game_id: int | None = None
    cycle: int | None = None
    reminder: str | None = None
    #: ``replaced``: the running games where the newcomer took the old player's seat
    swapped: list[int] = field(default_factory=list)

    @property
    def drafter(self) -> int | None:
        """Return whose League Draft turn it is now (``None``: nobody drafts)."""
        view = lg.draft_state(self.row.state)
        return None if view is None else view.user_id


Listener = Callable[[LeagueEvent], Awaitable[None]]


class LeagueService:
    """Leagues of every server, over the table service's database."""

    def __init__(self, tables: TableService):
        self.tables = tables
        self.store = LeagueStore(tables.db)
        #: awaited with every event, after its change was committed (exceptions are logged, not raised); a
        #: listener must not call this service's changing methods (they take the league's lock)
        self.listeners: list[Listener] = []
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self.games = LeagueGames(self)
        self.timers = LeagueTimers(self)
        tables.after_commit.append(self.games.on_commit)

    def lock(self, lid: int) -> asyncio.Lock:
        """Return the lock of a league: every read-change-store of it runs under this lock."""
        lock = self._locks.get(lid)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[lid] = lock
        return lock

    # --- reads ---------------------------------------------------------------------------------------

    async def load(self, lid: int, guild_id: int | None = None) -> LeagueRow:
        """Return a league (``LeagueRefused`` if absent, or in another server)."""
        row = await self.store.get(lid)
        if row is None or (guild_id is not None and row.guild_id != guild_id):
            raise LeagueRefused("There is no league #{league} here.", league=lid)
        return row

    async def open_here(self, guild_id: int, channel_id: int) -> list[LeagueRow]:
        """Return the leagues signing up or running in a channel, oldest first."""
        return await self.store.listed(guild_id, ("signup", "running"), channel_id)

    async def active_in(self, guild_id: int) -> list[LeagueRow]:
        """Return the leagues signing up or running in a server, oldest first."""
        return await self.store.listed(guild_id, ("signup", "running"))

    async def played(self, lid: int) -> list[LeagueGame]:
        """Return the games created for a league's challenges, oldest first (with their status)."""
        return await self.store.games(lid)

    async def cycle_ends_at(self, lid: int) -> float | None:
        """Return when the league's current cycle ends by its timer (``None``: no cycle is being played)."""
        return await self.timers.cycle_ends_at(lid)

    async def export_csv(self, lid: int) -> str:
        """Return a league's score sheets and challenges as CSV text (no hidden cards)."""
        from bot.league_export import to_csv

        return to_csv(await self.load(lid))

    async def set_message(self, lid: int, message_id: int | None) -> None:
        """Remember the league's sign-up post."""
        await self.store.set_message(lid, message_id)

    async def set_challenge_post(self, lid: int, challenge_id: int, message_id: int | None,
                                 shown: str | None = None) -> None:
        """Remember a challenge's public post and the status it shows (``None``: forget it)."""
        await self.store.set_challenge_post(lid, challenge_id, message_id, shown)

    @staticmethod
    def is_organiser(row: LeagueRow, user_id: int, has_manage_guild: bool, role_ids: list[int],
                     settings: Settings) -> bool:
        """Return whether a member runs this league: its creator, a member with Manage Server, or one with the
        server's organiser role (as for tournaments)."""
        return is_organiser(row, user_id, has_manage_guild, role_ids, settings)

    # --- sign-up -------------------------------------------------------------------------------------

    async def create(self, guild_id: int, channel_id: int, creator_id: int, creator_name: str, cycles: int,
                     cycle_days: int, max_players: int | None = None, pair_cap: int | None = None,
                     leader_pool: list[str] | None = None, hero_pool: list[str] | None = None,
                     banned: list[str] | None = None, restricted: list[str] | None = None,
                     deadline_hours: int | None | str = SERVER_DEADLINE,
                     reminder_hours: float | None = None) -> LeagueRow:
        """Open a league for sign-up (its creator is its organiser, not a player until they join); pools ``None``
        are the defaults; a ``max_players`` larger than the pools allow is refused with the numbers.
        ``deadline_hours``: hours per move in its games (``None``: none; by default the server's)."""
        from bot.tournament_rules import TournamentRefused, checked_hours

        if deadline_hours == SERVER_DEADLINE:
            deadline_hours = (await self.tables.settings(guild_id)).deadline_hours
        try:
            hours = checked_hours(deadline_hours)
        except TournamentRefused as exc:
            raise LeagueRefused(exc.template, **exc.fields) from None
        seed = self.tables._seed()
        state = self._rules(lg.new_league, seed, cycles, cycle_days, pair_cap, leader_pool, hero_pool, banned,
                            restricted, max_players)
        options: dict[str, Any] = {"creator_name": creator_name, "deadline_hours": hours, "seed": seed}
        if reminder_hours is not None:
            options["reminder_hours"] = float(reminder_hours)
        lid = await self.store.insert(guild_id, channel_id, creator_id, options, state)
        row = await self.load(lid)
        await self._emit(LeagueEvent("created", row))
        return row

    async def join(self, lid: int, user_id: int, name: str) -> LeagueRow:
        """Sign a member up."""
        return await self._change(lid, "joined", ("signup",), lg.add_player, user_id, name, user_id=user_id)

    async def leave(self, lid: int, user_id: int) -> LeagueRow:
        """Take a member off the sign-up list."""
        return await self._change(lid, "left", ("signup",), lg.remove_player, user_id, user_id=user_id)

    async def start(self, lid: int, user_id: int, is_organiser: bool) -> LeagueRow:
        """Start a league (its organisers): colours dealt, the first League Draft opens (its first drafter is told
        through the event's ``drafter``)."""
        async with self.lock(lid):
            row = await self._in(lid, ("signup",))
            self._require(is_organiser, "start it")
            count = len(row.state.get("players", []))
            if count < 2:
                raise LeagueRefused("At least 2 players must join before the start ({count} so far).", count=count)
            state = self._rules(lg.start, row.state)
            return await self._commit(row, state, "started", status="running", user_id=user_id)

    # --- drafts, decks -------------------------------------------------------------------------------

    async def draft_pick(self, lid: int, user_id: int, take: str, bottom: str | None) -> LeagueRow:
        """Make the drafter's League Draft pick: take one visible card, put another on the bottom."""
        return await self._change(lid, "draft", ("running",), lg.draft_pick, user_id, take, bottom, user_id=user_id)

    async def set_deck(self, lid: int, user_id: int, heroes: list[str]) -> LeagueRow:
        """Set a player's league deck (their Leaders and exactly 25 Heroes of their pool); refused while a
        challenge they accepted is pending."""
        return await self._change(lid, "deck", ("running",), lg.set_deck, user_id, heroes, user_id=user_id)

    async def discard(self, lid: int, user_id: int, keys: list[str]) -> LeagueRow:
        """Between cycles: put some of a player's Leaders back into the Leader pool (they draft back to 5)."""
        return await self._change(lid, "discarded", ("running",), lg.discard_leaders, user_id, keys,
                                  user_id=user_id)

    async def close_discards(self, lid: int, user_id: int, is_organiser: bool) -> LeagueRow:
        """End the discards between cycles now (its organisers): whoever has not answered keeps every Leader, and
        the redraft opens."""
        async with self.lock(lid):
            row = await self._in(lid, ("running",))
            self._require(is_organiser, "close the discards")
            return await self._commit(row, self._rules(lg.close_discards, row.state), "discarded", user_id=user_id)

    # --- challenges ----------------------------------------------------------------------------------

    async def challenge(self, lid: int, by: int, to: int) -> tuple[LeagueRow, int]:
        """Challenge another player during a cycle; return the league and the new challenge's id."""
        async with self.lock(lid):
            row = await self._in(lid, ("running",))
            before = {c["id"] for c in row.state.get("challenges", [])}
            state = self._rules(lg.challenge, row.state, by, to)
            cid = next(c["id"] for c in state.get("challenges", []) if c["id"] not in before)
            row = await self._commit(row, state, "challenge", user_id=by, challenge_id=cid)
            return row, cid

    async def answer(self, lid: int, challenge_id: int, user_id: int, accept: bool) -> LeagueRow:
        """Accept or decline a challenge (the challenged player only)."""
        return await self._change(lid, "answered", ("running",), lg.answer, challenge_id, user_id, accept,
                                  user_id=user_id, challenge_id=challenge_id)

    async def choose(self, lid: int, challenge_id: int, user_id: int, leader: str, attack_base: str) -> LeagueRow:
        """Commit a player's secret choice for an accepted challenge (a Leader of theirs, a rival Base to attack);
        once both chose, the game is created (the event ``games`` carries it)."""
        return await self._change(lid, "chose", ("running",), lg.choose, challenge_id, user_id, leader,
                                  attack_base, user_id=user_id, challenge_id=challenge_id)

    # --- cycles --------------------------------------------------------------------------------------

    async def end_cycle(self, lid: int, user_id: int, is_organiser: bool) -> LeagueRow:
        """End the current cycle now (its organisers): score it, lapse pending challenges, then the redraft (or
        the league's end after the last cycle)."""
        async with self.lock(lid):
            row = await self._in(lid, ("running",))
            self._require(is_organiser, "end the cycle")
            return await self._end_cycle(row, user_id)

    async def _end_cycle(self, row: LeagueRow, user_id: int | None) -> LeagueRow:
        cycle = row.state.get("cycle")
        state = self._rules(lg.end_cycle, row.state)
        over = lg.is_over(state)
        kind = "ended" if over else "cycle_ended"
        return await self._commit(row, state, kind, status="finished" if over else None, user_id=user_id,
                                  cycle=cycle)

    async def _timed_cycle_end(self, timer: LeagueTimer) -> bool:
        """Fire a cycle-end timer (exactly once): end the cycle it times if the league still plays it."""
        async with self.lock(timer.league_id):
            if not await self.store.claim(timer.id):
                return False
            row = await self.store.get(timer.league_id)
            if (row is None or row.status != "running" or row.state.get("phase") != PLAY_PHASE
                    or str(row.state.get("cycle")) != timer.key):
                return False
            await self._end_cycle(row, None)
            return True

    # --- organisers ----------------------------------------------------------------------------------

    async def void(self, lid: int, challenge_id: int, user_id: int, is_organiser: bool) -> LeagueRow:
        """Void a challenge's result (its organisers): its retirements and capture are undone."""
        async with self.lock(lid):
            row = await self._in(lid, ("running",))
            self._require(is_organiser, "void a result")
            state = self._rules(lg.void, row.state, challenge_id)
            voided = [g.game_id for g in await self.store.games(lid) if g.challenge_id == challenge_id]
            return await self._commit(row, state, "voided", user_id=user_id, challenge_id=challenge_id,
                                      voided=voided)

    async def override(self, lid: int, challenge_id: int, winner: int | None, user_id: int,
                       is_organiser: bool) -> LeagueRow:
        """Decide a challenge's result (its organisers): ``winner`` (``None``: a tie) — captures follow."""
        async with self.lock(lid):
            row = await self._in(lid, ("running",))
            self._require(is_organiser, "override a result")
            state = self._rules(lg.override, row.state, challenge_id, winner)
            return await self._commit(row, state, "overridden", user_id=user_id, challenge_id=challenge_id)

    async def drop(self, lid: int, user_id: int, by_user_id: int, is_organiser: bool) -> LeagueRow:
        """Drop a player (themself, or anyone by an organiser): their Bases retire (no more challenges against
        them); Bases others captured from them still count."""
        if by_user_id != user_id and not is_organiser:
            raise LeagueRefused(_NOT_ORGANISER["drop another player"])
        async with self.lock(lid):
            row = await self._in(lid, ("signup", "running"))
            if row.status == "signup":
                state = self._rules(lg.remove_player, row.state, user_id)
                return await self._commit(row, state, "left", user_id=user_id)
            state = self._rules(lg.drop, row.state, user_id)
            return await self._commit(row, state, "dropped", user_id=user_id)

    async def replace(self, lid: int, old_id: int, new_id: int, new_name: str, user_id: int,
                      is_organiser: bool) -> LeagueRow:
        """Give a player's place (pool, deck, Bases, scores, and their seat in their running league game) to
        another member (its organisers), in one transaction; the event's ``swapped`` lists the games whose seat
        changed hands."""
        async with self.lock(lid):
            row = await self._in(lid, ("running",))
            self._require(is_organiser, "replace a player")
            if old_id == new_id:
                raise LeagueRefused("Name two different members: the player, then who takes their place.")
            state = self._rules(lg.replace, row.state, old_id, new_id, new_name)
            async with self.tables.db.transaction() as conn:
                await self.store.save_in(conn, row.id, row.version, state=state)
                games = await self.store.swap_seats(conn, row.id, old_id, new_id, new_name)
            row = await self.load(lid)
            await self.timers.sync(row)
            await self._emit(LeagueEvent("replaced", row, user_id=new_id, swapped=games))
            return row

    async def cancel(self, lid: int, user_id: int, is_organiser: bool) -> LeagueRow:
        """Cancel a league before its end (its organisers); its running games go on as ordinary games."""
        async with self.lock(lid):
            row = await self.load(lid)
            self._require(is_organiser, "cancel it")
            if row.status == "finished":
                raise LeagueRefused("This league is already finished.")
            if row.status == "cancelled":
                raise LeagueRefused("This league is already cancelled.")
            return await self._commit(row, row.state, "cancelled", status="cancelled", user_id=user_id)

    async def reconcile(self) -> int:
        """At start-up: record finished games never recorded, create the games challenges wait for, and bring
        every running league's timers in line; return how many games were recorded or created."""
        done = await self.games.reconcile()
        for row in await self.store.listed(None, ("running",)):
            await self.timers.sync(row)
        return done

    # --- helpers ------------------------------------------------------------------------------------

    @staticmethod
    def _require(is_organiser: bool, what: str) -> None:
        if not is_organiser:
            raise LeagueRefused(_NOT_ORGANISER[what])

    @staticmethod
    def _rules(function: Callable[..., Any], *args: Any) -> Any:
        """Run a pure rules function, turning its refusal into ``LeagueRefused``."""
        try:
            return function(*args)
        except lg.LeagueError as exc:
            raise LeagueRefused(exc.template, **exc.fields) from None

    async def _in(self, lid: int, statuses: tuple[str, ...]) -> LeagueRow:
        row = await self.load(lid)
        if row.status not in statuses:
            if row.status == "signup":
                raise LeagueRefused("This league has not started yet.")
            if row.status == "running" and statuses == ("signup",):
                raise LeagueRefused("Sign-up is closed: this league has started.")
            raise LeagueRefused(_STATUS[row.status])
        return row

    async def _change(self, lid: int, kind: str, statuses: tuple[str, ...], function: Callable[..., Any],
                      *args: Any, **event: Any) -> LeagueRow:
        """Under the league's lock: apply a rules function to its state, store it, create the games it now waits
        for, sync its timers and tell the listeners."""
        async with self.lock(lid):
            row = await self._in(lid, statuses)
            return await self._commit(row, self._rules(function, row.state, *args), kind, **event)

    async def _commit(self, row: LeagueRow, state: dict[str, Any], kind: str, status: str | None = None,
                      voided: list[int] | tuple[int, ...] = (), **event: Any) -> LeagueRow:
        """Store a league's new state (call under its lock): a new cycle's start time when its play phase
        begins; then its games, timers and the event."""
        options = None
        if state.get("phase") == PLAY_PHASE and (row.state.get("phase") != PLAY_PHASE
                                                 or row.state.get("cycle") != state.get("cycle")):
            options = {**row.options, "cycle_started_at": self.tables.db.clock()}
        await self.store.save(row.id, row.version, state=state, status=status, options=options, voided=voided)
        row = await self.load(row.id)
        tables = await self.games.create_games(row) if row.status == "running" else []
        if tables:
            row = await self.load(row.id)
        await self.timers.sync(row)
        await self._emit(LeagueEvent(kind, row, new_tables=tables, **event))
        return row

    async def _emit(self, event: LeagueEvent) -> None:
        """Tell every listener (a failing listener is logged; the others still hear)."""
        for listener in list(self.listeners):
            try:
                await listener(event)
            except Exception:
                log.exception("league %s: a listener failed", event.row.id)
