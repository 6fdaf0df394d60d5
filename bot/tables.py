"""The table service: lobbies (``bot/lobbies.py``), seats, turn checks and the one place where actions are applied."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
import weakref
from collections.abc import Awaitable, Callable
from typing import Any

from bot import errors, lobby_decks
from bot.computer_players import computer_seats, taken_over
from bot.decks import DeckService
from bot.game_table import RESIGN, UNDO, Outcome, Table, game_options, replay  # noqa: F401  (re-exported)
from bot.games.base import Action, GameError, State
from bot.hints import Hint, hint_for
from bot.league_service import LeagueService
from bot.lobbies import Lobbies
from bot.ratings import RatingService
from bot.registry import engine as engine_for
from bot.saving import saving
from bot.settings import Settings, load_settings, save_setting
from bot.tournament_service import TournamentService
from storage.backend.fence import unfenced
from storage.database import Database, StaleVersion
from storage.rows import ActionRow, GameRow

SeedSource = Callable[[], int]
CommitHook = Callable[["Table"], Awaitable[None]]


class TableService(Lobbies):
    """Every change to a game goes through here, under that game's lock (the lobby methods come from
    ``Lobbies``, ``bot/lobbies.py``)."""

    def __init__(self, db: Database, seed_source: SeedSource | None = None):
        self.db = db
        self._seed = seed_source or (lambda: random.SystemRandom().getrandbits(62))
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._post_locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        #: awaited (under the game's lock) after every change of a running game's state, with the new table
        self.after_commit: list[CommitHook] = [self._unlock_decks]
        #: members' Pixel Tactics decks, pools and the servers' lists (the same database)
        self.decks = DeckService(db, self._seed)
        #: tournaments (``bot/tournament_service.py``): its finish hook is one of ``after_commit``
        self.tournaments = TournamentService(self)
        #: ratings and leaderboards (the same database)
        self.ratings = RatingService(db)
        #: Pixel Tactics Leagues (``bot/league_service.py``): its finish hook is one of ``after_commit``
        self.leagues = LeagueService(self)

    async def _unlock_decks(self, table: Table) -> None:
        """Commit hook: free the built decks of a game that has just ended."""
        await lobby_decks.unlock_finished(self, table)

    @staticmethod
    def _lock_in(locks: weakref.WeakValueDictionary[int, asyncio.Lock], game_id: int) -> asyncio.Lock:
        lock = locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            locks[game_id] = lock
        return lock

    def lock(self, game_id: int) -> asyncio.Lock:
        """Return the state lock of a game: every read-check-commit of it runs under this lock."""
        return self._lock_in(self._locks, game_id)

    def post_lock(self, game_id: int) -> asyncio.Lock:
        """Return the posting lock of a game: held from an action to its last post, so a game's
        posts go out in the order of its actions (never taken while holding ``lock``)."""
        return self._lock_in(self._post_locks, game_id)

    async def load(self, game_id: int, guild_id: int | None = None) -> Table:
        """Load a game from storage; ``GameNotFound`` if absent (or in another server)."""
        row = await self.db.get_game(game_id)
        if row is None or (guild_id is not None and row.guild_id not in (None, guild_id)):
            raise errors.GameNotFound("There is no game #{game} here.", game=game_id)
        epoch = await self.db.undo_count(game_id) if row.status == "running" else 0
        return Table(row, await self.db.seats(game_id), engine_for(row.kind), epoch)

    # --- play --------------------------------------------------------------------------------

    async def act(self, game_id: int, user_id: int, decision_id: str | None, action: Action,
                  guild_id: int | None = None, for_seat: int | None = None, computer: bool = False) -> Outcome:
        """Apply a member's action after every check, in order; commit it before returning.

        ``decision_id`` and ``for_seat`` come from a button: the decision it answers and the
        seat it was offered to. ``computer``: the computer player of a computer seat or of a taken-over seat acts
        (a taken-over seat's owner may not); its level is logged with the action.
        """
        async with self.lock(game_id):
            table, seat = await self.check_decision(game_id, user_id, decision_id, guild_id, for_seat)
            if not computer and seat in taken_over(table):
                raise errors.NotYourTurn("A computer player plays your seat now: take it back with `/game return`.")
            if action.get("type") == RESIGN:  # only ``resign`` (after its confirmation) leaves a game
                raise errors.IllegalMove("To leave the game, use `/game resign`.")
            level = computer_seats(table).get(seat) if computer else None
            if computer and level is None:
                raise errors.NotYourTurn("These buttons are for another player.")
            return await self._commit(table, seat, user_id, action, computer_level=level)

    async def check_decision(self, game_id: int, user_id: int, decision_id: str | None,
                             guild_id: int | None = None, for_seat: int | None = None) -> tuple[Table, int]:
        """Run the checks of ``act`` in order (game running, seated, right seat, decision pending)
        without applying anything; return the table and the member's seat."""
        table = await self.load(game_id, guild_id)
        self.require_running(table)
        seat = table.seat_of(user_id)
        if seat is None:
            raise errors.NotSeated("You are not playing in this game.")
        if for_seat is not None and for_seat != seat:
            raise errors.NotYourTurn("These buttons are for another player.")
        mine = [d for d in table.pending() if d.player == seat]
        if decision_id is not None and not any(d.id == decision_id for d in mine):
            raise errors.StaleDecision("That button answers a decision that was already made.")
        if not mine:
            raise errors.NotYourTurn("It is not your turn.")
        return table, seat

    async def seat_of(self, game_id: int, user_id: int, guild_id: int | None = None) -> tuple[Table, int]:
        """Return a running game's table and the member's seat; refuse a non-player."""
        table = await self.load(game_id, guild_id)
        self.require_running(table)
        seat = table.seat_of(user_id)
        if seat is None:
            raise errors.NotSeated("You are not playing in this game.")
        return table, seat

    async def resign(self, game_id: int, user_id: int, guild_id: int | None = None) -> Outcome:
        """Have a member leave a running game as its engine defines it."""
        async with self.lock(game_id):
            table = await self.load(game_id, guild_id)
            self.require_running(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise errors.NotSeated("You are not playing in this game.")
            return await self._commit(table, seat, user_id, {"type": RESIGN})

    async def _commit(self, table: Table, seat: int, user_id: int | None, action: Action, *,
                      computer_level: str | None = None) -> Outcome:
        eng = table.engine
        try:
            if action.get("type") == RESIGN:
                text = "resigned"
                state = eng.leave(table.state, seat)
            else:
                self._require_listed(table, seat, action)
                text = eng.describe_action(table.state, seat, action)
                state = eng.apply(table.state, seat, action)
        except GameError as exc:
            raise errors.IllegalMove(exc.template, **exc.fields) from None
        after = await self.record(table, seat, user_id, action, state, computer_level=computer_level)
        return Outcome(table, after, seat, action, text)

    async def record(self, table: Table, seat: int, user_id: int | None, action: Action, state: State, *,
                     computer_level: str | None = None) -> Table:
        """Commit ``state`` as the result of ``action`` (the state, its log row and, when the game finishes
        rated, its rating change in one transaction), run the commit hooks, and return the table after it
        (call under the game's lock). ``computer_level``: the level of the computer player that made the action,
        logged with it (None: a member made it).

        Read-your-writes by construction: the table returned is the one this task wrote, never a
        reload that could show an older snapshot."""
        status = "finished" if table.engine.is_terminal(state) else "running"
        now = self.db.clock()
        try:
            async with saving(table.id):
                # a finishing game's rating change is committed with its final state, or neither is
                rating = await self.ratings.finishing_writer(table, state) if status == "finished" else None
                version = await self.db.commit_action(table.id, table.row.version, seat, user_id, action,
                                                      state, status, now, extra=rating,
                                                      computer_level=computer_level)
        except StaleVersion:
            raise errors.StaleDecision("The game changed meanwhile; look at the latest post.") from None
        row = dataclasses.replace(table.row, state=state, status=status, version=version, updated_at=now)
        epoch = table.epoch + (action.get("type") == UNDO) if status == "running" else 0
        after = dataclasses.replace(table, row=row, epoch=epoch)
        await self._notify(after)
        return after

    async def update_options(self, table: Table, options: dict[str, Any]) -> Table:
        """Commit new row options of a game (call under its lock; ``StaleDecision`` if it changed meanwhile),
        run the commit hooks, and return the table after it."""
        try:
            async with saving(table.id):
                version = await self.db.update_game(table.id, table.row.version, options=options)
        except StaleVersion:
            raise errors.StaleDecision("The game changed meanwhile; look at the latest post.") from None
        row = dataclasses.replace(table.row, options=dict(options), version=version, updated_at=self.db.clock())
        after = dataclasses.replace(table, row=row)
        await self._notify(after)
        return after

    @staticmethod
    def _require_listed(table: Table, seat: int, action: Action) -> None:
        """Refuse an action that is not exactly one of the engine's legal actions (an extra key, a
        different type of value): only what the engine listed is ever committed to the log."""
        legal = table.engine.legal_actions(table.state, seat)
        typed = _typed(action)
        if any(a == action and _typed(a) == typed for a in legal):  # True == 1, but not here
            return
        table.engine.apply(table.state, seat, action)  # for the engine's own reason, if it has one
        raise GameError("That move is not one of the legal moves now.")

    async def _notify(self, table: Table) -> None:
        """Run the commit hooks with the table after a change (unfenced: a deadline's move committed by a leader
        that lost the lead just after still gets its timers, results and posts)."""
        with unfenced():
            for hook in self.after_commit:
                await hook(table)

    @staticmethod
    def require_running(table: Table) -> None:
        """Refuse a game that is not running, saying why."""
        status = table.row.status
        if status == "lobby":
            raise errors.GameNotRunning("This game has not started yet.")
        if status == "finished":
            raise errors.GameNotRunning("This game is over.")
        if status == "cancelled":
            raise errors.GameNotRunning("This table was cancelled.")

    # --- posts and members --------------------------------------------------------------------

    async def mark_posted(self, game_id: int, message_id: int | None, version: int,
                          channel_id: int | None = None) -> None:
        """Remember the game's latest table post, the version it shows and the channel it is in
        (``None``: the game's post channel)."""
        await self.db.set_message(game_id, message_id, version, channel_id)

    async def posted_version(self, game_id: int) -> int | None:
        """The version of the game's state its latest table post shows, as stored now (None: none posted)."""
        row = await self.db.get_game(game_id)
        return row.posted_version if row is not None else None

    async def leave_thread(self, game_id: int, thread_id: int) -> bool:
        """Move a game whose thread was deleted to its channel, marked as needing a table post;
        return whether it was still in that thread."""
        return await self.db.leave_thread(game_id, thread_id)

    async def running_in_thread(self, guild_id: int | None, thread_id: int) -> list[int]:
        """Return the ids of the running games played in a thread."""
        return await self.db.running_in_thread(guild_id, thread_id)

    async def unposted_ids(self, after_id: int = 0, limit: int = 100) -> list[int]:
        """Return a page of ids of games whose latest state was never posted (ascending, > ``after_id``)."""
        return await self.db.unposted_game_ids(after_id, limit)

    async def dm_closed_since(self, user_id: int) -> float | None:
        """Return when this member's DMs were last seen refusing the bot, or ``None``."""
        return await self.db.dm_closed_since(user_id)

    async def set_dm_closed(self, user_id: int, closed: bool) -> None:
        """Remember that a member's DMs refuse the bot, or forget it once a DM went through."""
        await self.db.set_dm_closed(user_id, closed)

    def now(self) -> float:
        """Return the store's clock (seconds)."""
        return self.db.clock()

    # --- lookup ------------------------------------------------------------------------------

    async def find_for(self, guild_id: int | None, channel_id: int, user_id: int,
                       game_id: int | None, statuses: tuple[str, ...] = ("running",)) -> Table:
        """Resolve the game a command means: by id, else the member's game in this channel/thread."""
        if game_id is not None:
            table = await self.load(game_id, guild_id)
            if table.row.status not in statuses:
                self.require_running(table)
            return table
        here = await self.db.games_here(guild_id, channel_id, statuses)
        tables = [await self.load(g.id) for g in here]
        mine = [t for t in tables if t.seat_of(user_id) is not None]
        pick = mine or tables
        if len(pick) == 1:
            return pick[0]
        if not pick:
            raise errors.GameNotFound("There is no running game in this channel or thread. "
                                      "Add `game:<number>` (see `/games`).")
        listed = ", ".join(f"#{t.id}" for t in pick)
        raise errors.GameNotFound("Several games run here ({games}): add `game:<number>` to say which.", games=listed)

    # --- reads for history and listings ------------------------------------------------------------

    async def actions(self, game_id: int) -> list[ActionRow]:
        """Return a game's action log, oldest first."""
        return await self.db.actions(game_id)

    async def last_outcome(self, table: Table) -> Outcome | None:
        """Rebuild what the last logged action of a game did (the table before it, from the log, in a
        worker thread), e.g. to post again what a finished game concluded; ``None`` without actions."""
        log_rows = await self.db.actions(table.id)
        if not log_rows:
            return None
        last = log_rows[-1]
        if last.action.get("type") == UNDO:
            return None
        seat = last.actor_seat if last.actor_seat is not None else 0
        earlier = [(a.actor_seat, a.action) for a in log_rows[:-1]]
        state = await asyncio.to_thread(replay, table.engine, table.row, len(table.seats), earlier)
        row = dataclasses.replace(table.row, state=state, status="running", version=table.row.version - 1)
        before = dataclasses.replace(table, row=row)
        text = "resigned" if last.action.get("type") == RESIGN else ""
        return Outcome(before, table, seat, last.action, text)

    async def tables_here(self, guild_id: int | None, channel_id: int, statuses: tuple[str, ...]) -> list[Table]:
        """Return the tables with one of ``statuses`` played in this channel or thread (filtered in SQL)."""
        return [await self.load(row.id) for row in await self.db.games_here(guild_id, channel_id, statuses)]

    async def my_table_here(self, guild_id: int | None, channel_id: int, user_id: int, kind: str) -> Table | None:
        """Return the member's one running game of ``kind`` in this channel or thread (filtered in SQL,
        only that game is loaded), or ``None`` when there is none or several."""
        ids = await self.db.seated_here(guild_id, channel_id, user_id, kind, ("running",))
        return await self.load(ids[0]) if len(ids) == 1 else None

    async def games_of(self, user_id: int, statuses: tuple[str, ...]) -> list[GameRow]:
        """Return the games in which a member holds a seat, with one of ``statuses``."""
        return await self.db.games_of_user(user_id, statuses)

    async def rematches_of(self, game_id: int, statuses: tuple[str, ...]) -> list[GameRow]:
        """Return the games with one of ``statuses`` opened as a rematch of ``game_id``."""
        return await self.db.rematches_of(game_id, statuses)

    async def set_thread(self, game_id: int, thread_id: int) -> None:
        """Remember the thread a game is played in (its posts go there)."""
        await self.db.set_thread(game_id, thread_id)

    async def open_games(self, guild_id: int | None, statuses: tuple[str, ...]) -> list[GameRow]:
        """Return the games of a server with one of ``statuses``, oldest first."""
        return await self.db.list_games(guild_id, statuses)

    async def settings(self, guild_id: int | None) -> Settings:
        """Return a server's settings (the defaults outside a server)."""
        return await load_settings(self.db, guild_id)

    async def save_setting(self, guild_id: int, name: str, value: Any) -> Settings:
        """Store one server setting (``ValueError`` for an unknown name); return the new settings."""
        return await save_setting(self.db, guild_id, name, value)

    async def hint(self, guild_id: int | None, channel_id: int, user_id: int, game_id: int | None) -> Hint:
        """Return the computer's suggestion for a member's pending move (``bot/hints.py``; refusals say why)."""
        return await hint_for(self, guild_id, channel_id, user_id, game_id)


def _typed(action: Action) -> str:
    """Return an action as canonical JSON, where values of different types differ (``true`` vs ``1``)."""
    return json.dumps(action, sort_keys=True)
