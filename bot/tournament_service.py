"""The tournament service (``bot.tables.tournaments``): sign-up, start, drops, overrides and cancels, the games
the bot creates for each round, the finish hook counting their results, and start-up reconciliation.

The rules (pairings, brackets, standings) are the pure ``bot.tournaments`` package; this service stores its
state (``storage/tournaments.py``), one asyncio lock per tournament around every read-change-store, and tells
its ``listeners`` (the Discord side) what happened after each change was committed. Every refusal is a
``TournamentRefused`` carrying the sentence the member sees; nothing changes then.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot import tournaments as tm
from bot.tournament_drafts import TournamentDrafts
from bot.tournament_games import TournamentGames
from bot.tournament_rules import (
    SERVER_DEADLINE,
    TournamentRefused,
    check_new,
    checked_hours,
    first_seeding,
    joining_deck,
    min_players,
    organiser_refusal,
    status_refusal,
)
from storage.backend import Connection
from storage.tournaments import TournamentGame, TournamentRow, TournamentStore

if TYPE_CHECKING:
    from bot.game_table import Table
    from bot.settings import Settings
    from bot.tables import TableService

log = logging.getLogger("parlor.tournaments")

__all__ = ["TournamentEvent", "TournamentGame", "TournamentRefused", "TournamentRow", "TournamentService"]


@dataclass(frozen=True)
class TournamentEvent:
    """What a committed change did: the tournament after it, the games it created (running ``Table``s to post,
    each with ``options["tournament"] = {"id", "match", "game_no"}``), the round it completed (``None``: none)
    and whether the tournament is over."""

    row: TournamentRow
    new_tables: list[Table] = field(default_factory=list)
    round_done: int | None = None
    finished: bool = False


Listener = Callable[[TournamentEvent], Awaitable[None]]


class TournamentService:
    """Tournaments of every server, over the table service's database."""

    def __init__(self, tables: TableService):
        self.tables = tables
        self.store = TournamentStore(tables.db)
        #: awaited with every event, after its change was committed (exceptions are logged, not raised);
        #: a listener must not call this service's changing methods (they take the tournament's lock)
        self.listeners: list[Listener] = []
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self.games = TournamentGames(self)
        self.drafts = TournamentDrafts(self)
        tables.after_commit.append(self.games.on_commit)

    def lock(self, tid: int) -> asyncio.Lock:
        """Return the lock of a tournament: every read-change-store of it runs under this lock."""
        lock = self._locks.get(tid)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[tid] = lock
        return lock

    # --- reads ---------------------------------------------------------------------------------------

    async def load(self, tid: int, guild_id: int | None = None) -> TournamentRow:
        """Return a tournament (``TournamentRefused`` if absent, or in another server)."""
        row = await self.store.get(tid)
        if row is None or (guild_id is not None and row.guild_id != guild_id):
            raise TournamentRefused("There is no tournament #{number} here.", number=tid)
        return row

    async def open_here(self, guild_id: int, channel_id: int) -> list[TournamentRow]:
        """Return the tournaments signing up or running in a channel, oldest first."""
        return await self.store.listed(guild_id, ("signup", "running"), channel_id)

    async def active_in(self, guild_id: int) -> list[TournamentRow]:
        """Return the tournaments signing up or running in a server, oldest first."""
        return await self.store.listed(guild_id, ("signup", "running"))

    async def played(self, tid: int) -> list[TournamentGame]:
        """Return the games created for a tournament, oldest first (game id, match, game number, whether it is
        counted or voided, and the game's status)."""
        return await self.store.games(tid)

    async def export_csv(self, tid: int) -> str:
        """Return a tournament's standings and matches as CSV text (no deck contents)."""
        from bot.tournament_export import to_csv

        row = await self.load(tid)
        return to_csv(row, await self.store.games(tid))

    async def set_message(self, tid: int, message_id: int | None) -> None:
        """Remember the tournament's sign-up post."""
        await self.store.set_message(tid, message_id)

    @staticmethod
    def is_organiser(row: TournamentRow, user_id: int, has_manage_guild: bool, role_ids: list[int],
                     settings: Settings) -> bool:
        """Return whether a member runs this tournament: its creator, a member with Manage Server, or one with the
        server's organiser role."""
        role = getattr(settings, "organiser_role", None)
        return user_id == row.creator_id or has_manage_guild or (role is not None and role in role_ids)

    # --- sign-up -------------------------------------------------------------------------------------

    async def create(self, guild_id: int, channel_id: int, creator_id: int, creator_name: str, kind: str,
                     fmt: str, best_of: int, max_players: int | None = None,
                     deadline_hours: int | None | str = SERVER_DEADLINE, rated: bool = True,
                     deck_format: str | None = None, game_options: dict[str, Any] | None = None) -> TournamentRow:
        """Open a tournament for sign-up (its creator is its organiser, not a player until they join).

        ``deadline_hours``: hours per move in its games (``None``: no deadline; by default the server's);
        ``deck_format`` (Pixel Tactics only): each player names a built deck of that format when joining;
        ``game_options``: engine options of every game."""
        if deadline_hours == SERVER_DEADLINE:
            deadline_hours = (await self.tables.settings(guild_id)).deadline_hours
        options = check_new(kind, fmt, best_of, max_players, deck_format)
        options.update(deadline_hours=checked_hours(deadline_hours), rated=bool(rated), creator_name=creator_name,
                       game=dict(game_options or {}))
        options["seed"] = seed = self.tables._seed()
        state = tm.new_tournament(kind, fmt, best_of, seed, options["pod"])
        tid = await self.store.insert(guild_id, channel_id, creator_id, kind, options, state)
        return await self.load(tid)

    async def join(self, tid: int, user_id: int, name: str, deck_name: str | None = None) -> TournamentRow:
        """Sign a member up (with one of their decks of the tournament's format when it asks for one)."""
        async with self.lock(tid):
            row = await self._signup(tid)
            players = {s.user_id for s in tm.standings(row.state)}
            if user_id in players:
                raise TournamentRefused("You have already joined this tournament.")
            if len(players) >= row.options["max_players"]:
                raise TournamentRefused("This tournament is full ({players} players).", players=row.options["max_players"])
            deck = await joining_deck(self.tables, row, user_id, deck_name)
            state = self._rules(tm.add_player, row.state, user_id, name, deck)
            return await self._save(row, state)

    async def leave(self, tid: int, user_id: int) -> TournamentRow:
        """Take a member off the sign-up list."""
        async with self.lock(tid):
            return await self._leave(await self._signup(tid), user_id)

    async def _leave(self, row: TournamentRow, user_id: int) -> TournamentRow:
        if user_id not in {s.user_id for s in tm.standings(row.state)}:
            raise TournamentRefused("You have not joined this tournament.")
        return await self._save(row, self._rules(tm.remove_player, row.state, user_id))

    async def start(self, tid: int, user_id: int, is_organiser: bool) -> TournamentRow:
        """Start a tournament (its organisers): seed it, create round 1's games and tell the listeners."""
        async with self.lock(tid):
            row = await self._signup(tid)
            self._require(is_organiser, "start")
            count, least = len(tm.standings(row.state)), min_players(row)
            if count < least:
                raise TournamentRefused("At least {least} players must join before the start ({count} so far).",
                                        least=least, count=count)
            if self.drafts.is_draft(row):  # round 1 is paired once every draft is over
                event = await self.drafts.open(row)
            else:
                seeding = await first_seeding(self.tables, row)
                state = self._rules(tm.start, row.state, seeding)
                event = await self.games.advance(row, state, status="running")
            await self._emit(event)
            return event.row

    # --- running ------------------------------------------------------------------------------------

    async def drop(self, tid: int, user_id: int, by_user_id: int, is_organiser: bool) -> TournamentRow:
        """Drop a player (themself, or anyone by an organiser): before the start they leave the list; later
        they play no further round, an unfinished match of theirs is lost, and they leave their running games."""
        if by_user_id != user_id and not is_organiser:
            raise TournamentRefused("Only the tournament's organisers can drop another player.")
        async with self.lock(tid):
            row = await self.load(tid)
            if row.status == "signup":
                return await self._leave(row, user_id)
            row = await self._running(tid)
            standing = {s.user_id: s for s in tm.standings(row.state)}.get(user_id)
            if standing is None:
                raise TournamentRefused("That member is not playing in this tournament.")
            if standing.dropped:
                raise TournamentRefused("That player has already dropped out.")
            event = await self.games.advance(row, self._rules(tm.drop, row.state, user_id))
            await self._emit(event)
        await self.games.end_abandoned(event.row)
        await self.games.resign_from_running(event.row, [user_id])
        return await self.load(tid)

    async def override(self, tid: int, match_id: str, winner_id: int, user_id: int,
                       is_organiser: bool) -> TournamentRow:
        """Decide a match outright (its organisers): ``winner_id`` wins it; a game of it still running ends (its
        other players leave it)."""
        async with self.lock(tid):
            row = await self._running(tid)
            self._require(is_organiser, "override a result")
            match = next((m for m in tm.matches(row.state) if m.id == match_id), None)
            if match is None:
                raise TournamentRefused("There is no match {match} in this tournament.", match=match_id)
            if winner_id not in match.players:
                raise TournamentRefused("The winner must be one of the match's players.")
            ranks = {p: (1 if p == winner_id else 2) for p in match.players}
            event = await self.games.advance(row, self._rules(tm.override, row.state, match_id, ranks))
            await self._emit(event)
        await self.games.end_abandoned(event.row)
        return await self.load(tid)

    async def void(self, tid: int, game_id: int, user_id: int, is_organiser: bool) -> TournamentRow:
        """Void a game of the current round (its organisers): it no longer counts (nor does its rating, when it
        was rated) and its match gets another game."""
        async with self.lock(tid):
            row = await self._running(tid)
            self._require(is_organiser, "void a game")
            if tm.match_of_game(row.state, game_id) is None:
                raise TournamentRefused("Game #{game} is not one of this tournament's games.", game=game_id)
            if (await self.tables.load(game_id)).row.status == "running":
                raise TournamentRefused("Game #{game} is still being played: only a finished game can be "
                                        "voided.", game=game_id)
            state = self._rules(tm.void_game, row.state, game_id)
            event = await self.games.advance(row, state, voided=[game_id],
                                             extra=self._rating_voider(row.guild_id, game_id))
            await self._emit(event)
        return event.row

    def _rating_voider(self, guild_id: int, game_id: int) -> Callable[[Connection], Awaitable[None]]:
        """Return the writer voiding a game's rated result (and recomputing its board) inside the transaction that
        voids the game in its tournament: a stop never leaves one done without the other."""
        from bot.ratings import RatingError

        async def write(conn: Connection) -> None:
            try:
                await self.tables.ratings.void_in(conn, guild_id, game_id)
            except RatingError:
                pass  # never rated (an unrated tournament, override or drop), or voided already by /rating void

        return write

    async def replace(self, tid: int, old_id: int, new_id: int, new_name: str, user_id: int,
                      is_organiser: bool) -> tuple[TournamentRow, list[int]]:
        """Give a player's place to another member (its organisers): their standing, matches, future pairings,
        deck and the seat of each of their running games (a draft's too), stored in one transaction; return the
        tournament and the ids of the games whose seat changed hands."""
        async with self.lock(tid):
            row = await self.load(tid)
            self._require(is_organiser, "replace a player")
            if row.status in ("finished", "cancelled"):
                raise status_refusal(row.status)
            if old_id == new_id:
                raise TournamentRefused("Name two different members: the player, then who takes their place.")
            state = self._rules(tm.replace_player, row.state, old_id, new_id, new_name)
            async with self.tables.db.transaction() as conn:
                await self.store.save_in(conn, row.id, row.version, state=state)
                games = await self.store.swap_seats(conn, row.id, old_id, new_id, new_name)
            row = await self.load(tid)
            await self._emit(TournamentEvent(row))
            return row, games

    async def cancel(self, tid: int, user_id: int, is_organiser: bool) -> TournamentRow:
        """Cancel a tournament before its end (its organisers); its running games go on as ordinary games."""
        async with self.lock(tid):
            row = await self.load(tid)
            self._require(is_organiser, "cancel it")
            if row.status in ("finished", "cancelled"):
                raise status_refusal(row.status, already=True)
            row = await self._save(row, row.state, status="cancelled")
            await self._emit(TournamentEvent(row))
            return row

    async def reconcile(self) -> int:
        """At start-up: count the finished games whose result was never recorded, and create the games the
        tournaments wait for but never got; return how many games were recorded or created."""
        return await self.games.reconcile()

    # --- helpers ------------------------------------------------------------------------------------

    @staticmethod
    def _require(is_organiser: bool, what: str) -> None:
        if not is_organiser:
            raise TournamentRefused(organiser_refusal(what))

    @staticmethod
    def _rules(function: Callable[..., dict[str, Any]], *args: Any) -> dict[str, Any]:
        """Run a pure rules function, turning its refusal into ``TournamentRefused``."""
        try:
            return function(*args)
        except tm.TournamentError as exc:
            raise TournamentRefused(exc.template, **exc.fields) from None

    async def _signup(self, tid: int) -> TournamentRow:
        row = await self.load(tid)
        if row.status == "running":
            raise TournamentRefused("Sign-up is closed: this tournament has started.")
        if row.status != "signup":
            raise status_refusal(row.status)
        return row

    async def _running(self, tid: int) -> TournamentRow:
        row = await self.load(tid)
        if row.status == "signup":
            raise TournamentRefused("This tournament has not started yet.")
        if row.status != "running":
            raise status_refusal(row.status)
        return row

    async def _save(self, row: TournamentRow, state: dict[str, Any], status: str | None = None) -> TournamentRow:
        await self.store.save(row.id, row.version, state=state, status=status)
        return await self.load(row.id)

    async def _emit(self, event: TournamentEvent) -> None:
        """Tell every listener (a failing listener is logged; the others still hear)."""
        for listener in list(self.listeners):
            try:
                await listener(event)
            except Exception:
                log.exception("tournament %s: a listener failed", event.row.id)
