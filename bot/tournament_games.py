"""A tournament's games: creating the games its state waits for (each linked to its match in the transaction that
creates it), the finish hook counting a finished game's ranks under the tournament's lock, players leaving their
running games after a drop or an override, and start-up reconciliation."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from bot import errors
from bot import tournaments as tm
from bot.rating_math import ranks_from
from storage.backend import Connection

if TYPE_CHECKING:
    from bot.game_table import Table
    from bot.tournament_service import TournamentEvent, TournamentService
    from storage.tournaments import Extra, TournamentRow

log = logging.getLogger("parlor.tournaments")


def game_options(row: TournamentRow, slot: tm.GameSlot, thread: bool = True) -> dict[str, Any]:
    """Return the row options of a tournament game: a thread or not (``thread``: the server's ``threads``
    setting), the tournament's deadline with the ``forfeit`` policy, its ``rated`` flag, the match it belongs
    to, and its engine options (Pixel Tactics: one game, i.e. a match to 1 trophy, as ``best_of`` counts single
    games; with the players' sign-up decks in seat order)."""
    game = dict(row.options.get("game") or {})
    if row.kind == "pixel-tactics":
        game.setdefault("trophies", 1)
    if row.options.get("deck_format"):
        game["decks"] = [signed_deck(row.state, user_id) for user_id in slot.players]
    return {"thread": thread, "deadline_hours": row.options.get("deadline_hours"), "deadline_policy": "forfeit",
            "rated": bool(row.options.get("rated", True)),
            "tournament": {"id": row.id, "match": slot.match_id, "game_no": slot.game_no}, "game": game}


def signed_deck(state: dict[str, Any], user_id: int) -> dict[str, Any]:
    """Return the engine's deck of a player: the one they signed up with (kept in the tournament state)."""
    deck = next(p["deck"] for p in state["players"] if p["id"] == user_id)
    return {"format": deck["format"], "leaders": list(deck["leaders"]), "heroes": list(deck["heroes"])}


class TournamentGames:
    """Creates, counts and reconciles the games of every tournament (part of ``TournamentService``)."""

    def __init__(self, service: TournamentService):
        self.service = service
        self.tables = service.tables
        self.store = service.store

    async def advance(self, row: TournamentRow, state: dict[str, Any], status: str | None = None,
                      recorded: tuple[int, ...] | list[int] = (), voided: tuple[int, ...] | list[int] = (),
                      extra: Extra | None = None) -> TournamentEvent:
        """Store a tournament's new state (call under its lock; ``extra`` runs in the same transaction), create the
        games it now waits for, and return the event to tell (the round it completed, whether it is over)."""
        from bot.tournament_service import TournamentEvent

        before = tm.round_no(row.state) if row.status == "running" else 0
        over = tm.is_over(state)
        if over:
            status = "finished"
        if state != row.state or status is not None or recorded or voided:
            await self.store.save(row.id, row.version, state=state, status=status, recorded=recorded,
                                  voided=voided, extra=extra)
            row = await self.service.load(row.id)
        new_tables = [] if over or row.status != "running" else await self.create_games(row)
        if new_tables:
            row = await self.service.load(row.id)
        after = tm.round_no(row.state)
        round_done = before if before and (over or after > before) else None
        return TournamentEvent(row, new_tables, round_done, over)

    async def create_games(self, row: TournamentRow) -> list[Table]:
        """Create every game the tournament waits for (call under its lock), each linked to its match and
        attached to the state in the transaction creating it; return them (stops at a failure: reconciliation
        creates the rest at the next start)."""
        created: list[Table] = []
        current = row
        slots = tm.games_to_start(row.state)
        threads = (await self.tables.settings(row.guild_id)).threads if slots else True
        for slot in slots:
            async def attach(conn: Connection, game_id: int, slot: tm.GameSlot = slot,
                             at: TournamentRow = current) -> None:
                state = tm.attach_game(at.state, slot.match_id, slot.game_no, game_id)
                await self.store.link_game(conn, at.id, game_id, slot.match_id, slot.game_no)
                await self.store.save_in(conn, at.id, at.version, state=state)

            names = {s.user_id: s.name for s in tm.standings(current.state)}
            seats = [(user_id, names.get(user_id, "")) for user_id in slot.players]
            options = game_options(current, slot, threads)
            if self.service.drafts.is_draft(current):  # a drafter's deck as it is now (see tournament_drafts)
                options["game"]["decks"] = await self.service.drafts.decks_now(current, slot.players)
            try:
                table = await self.tables.create_started(row.kind, row.guild_id, row.channel_id, seats, options,
                                                         attach)
            except (errors.ParlorError, tm.TournamentError) as exc:
                log.error("tournament %s: could not create the game of match %s (%s)", row.id, slot.match_id, exc)
                break
            current = await self.service.load(row.id)
            created.append(table)
        return created

    async def on_commit(self, table: Table) -> None:
        """Commit hook: when a tournament's game has just finished, count its ranks (failures are logged: the
        start-up reconciliation counts the game then)."""
        info = table.row.options.get("tournament")
        if not info or table.row.status != "finished":
            return
        try:
            await self.record(int(info["id"]), table)
        except Exception:
            log.exception("tournament %s: game %s finished but was not counted yet", info.get("id"), table.id)

    async def record(self, tid: int, table: Table) -> int:
        """Count a finished game's ranks (user id → rank, 1 best) under the tournament's lock, exactly once; create
        the games that follow and tell the listeners; return how many games it created."""
        async with self.service.lock(tid):
            row = await self.store.get(tid)
            if row is None or row.status != "running":  # cancelled meanwhile: the game is an ordinary game
                return 0
            if table.row.kind == "pt-draft":  # a draft pod of a tournament that drafts first
                event = await self.service.drafts.finished(row, table)
                await self.service._emit(event)
                return len(event.new_tables)
            ranks = ranks_from(table.engine.result(table.state).ranking, [s.user_id for s in table.seats])
            try:
                state = tm.record_game(row.state, table.id, ranks)
            except tm.TournamentError as exc:  # e.g. a game of a match an override or a drop decided
                log.info("tournament %s: game %s not counted (%s)", tid, table.id, exc.message)
                state = row.state
            event = await self.advance(row, state, recorded=[table.id])
            if state != row.state or event.new_tables:
                await self.service._emit(event)
            return len(event.new_tables)

    async def resign_from_running(self, row: TournamentRow, users: list[int]) -> None:
        """Have ``users`` leave the tournament's running games (a dropped player's pod game goes on without them);
        call without the tournament's lock (each game that ends is counted by the finish hook)."""
        for game in await self.store.games(row.id):
            if game.status != "running" or game.voided:
                continue
            for user_id in users:
                try:
                    await self.tables.resign(game.game_id, user_id)
                except errors.ParlorError:
                    continue  # not seated there, or the game ended meanwhile

    async def end_abandoned(self, row: TournamentRow) -> int:
        """Have the players other than its match's winner leave every game still running whose match is already
        decided (by a drop or an override), until it ends, marked unrated first (its result was not played); call
        without the tournament's lock; return how many such games there were."""
        matches = {m.id: m for m in tm.matches(row.state)}
        abandoned = tm.abandoned_games(row.state)
        if abandoned:
            await self.store.mark_unrated(abandoned)
        for game_id in abandoned:
            match = matches[tm.match_of_game(row.state, game_id) or ""]
            table = await self.tables.load(game_id)
            for seat in table.seats:
                if seat.user_id == match.winner:
                    continue
                try:
                    await self.tables.resign(game_id, seat.user_id)
                except errors.GameNotRunning:
                    break
                except errors.ParlorError:
                    continue
        return len(abandoned)

    async def reconcile(self) -> int:
        """Count finished games never counted, then create the games running tournaments wait for; return how
        many games were counted or created."""
        done = 0
        for tid, game_id in await self.store.unrecorded_finished():
            done += 1 + await self.record(tid, await self.tables.load(game_id))
        for row in await self.store.listed(None, ("running",)):
            async with self.service.lock(row.id):
                row = await self.service.load(row.id)
                if row.status == "running" and tm.pods_to_start(row.state):  # a stop while opening the drafts
                    from bot.tournament_service import TournamentEvent

                    drafts = await self.service.drafts.create(row)
                    done += len(drafts)
                    await self.service._emit(TournamentEvent(await self.service.load(row.id), drafts))
                    continue
                if row.status != "running" or not tm.games_to_start(row.state):
                    continue
                event = await self.advance(row, row.state)
                done += len(event.new_tables)
                await self.service._emit(event)
        for tid in await self.store.with_running_games():  # a stop between a drop or override and its end
            done += await self.end_abandoned(await self.service.load(tid))
        return done
