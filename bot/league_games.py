"""A league's games: creating the games its challenges wait for (each linked to its challenge in the transaction
that creates it), the finish hook recording a finished game's result under the league's lock exactly once, and
start-up reconciliation (as ``bot/tournament_games.py`` does for tournaments)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from bot import errors
from bot import league as lg
from bot.league_rules import KIND, game_options
from bot.rating_math import ranks_from
from storage.backend import Connection

if TYPE_CHECKING:
    from bot.game_table import Table
    from bot.league_service import LeagueService
    from storage.leagues import LeagueRow

log = logging.getLogger("parlor.leagues")


def winner_of(table: Table) -> int | None:
    """Return the user id ranked alone first in a finished game (``None``: a tie)."""
    ranks = ranks_from(table.engine.result(table.state).ranking, [s.user_id for s in table.seats])
    first = [user for user, rank in ranks.items() if rank == 1]
    return first[0] if len(first) == 1 else None


def engine_options(spec: lg.GameSpec) -> dict[str, Any]:
    """Return the Pixel Tactics options of a challenge's game: one game, each league deck with the chosen Leader,
    and the Bases played with (seat order)."""
    game = dict(spec.options or {})
    game["trophies"] = 1
    game.setdefault("decks", [dict(d) for d in spec.decks])
    game.setdefault("bases", list(spec.bases))
    return game


class LeagueGames:
    """Creates, records and reconciles the games of every league (part of ``LeagueService``)."""

    def __init__(self, service: LeagueService):
        self.service = service
        self.tables = service.tables
        self.store = service.store

    async def create_games(self, row: LeagueRow) -> list[Table]:
        """Create every game the league's challenges wait for (call under its lock), each linked to its
        challenge and attached to the state in the transaction creating it; return them (stops at a failure:
        reconciliation creates the rest at the next start)."""
        created: list[Table] = []
        current = row
        names = {p["id"]: p.get("name", "") for p in row.state.get("players", [])}
        specs = lg.ready_games(row.state)
        threads = (await self.tables.settings(row.guild_id)).threads if specs else True
        for spec in specs:
            async def attach(conn: Connection, game_id: int, spec: lg.GameSpec = spec,
                             at: LeagueRow = current) -> None:
                state = lg.attach_game(at.state, spec.challenge_id, game_id)
                await self.store.link_game(conn, at.id, game_id, spec.challenge_id)
                await self.store.save_in(conn, at.id, at.version, state=state)

            seats = [(user_id, names.get(user_id, "")) for user_id in spec.players]
            options = game_options(current, spec.challenge_id, spec.players, [], [], threads)
            options["game"] = engine_options(spec)
            try:
                table = await self.tables.create_started(KIND, row.guild_id, row.channel_id, seats, options, attach)
            except (errors.ParlorError, lg.LeagueError) as exc:
                log.error("league %s: could not create the game of challenge %s (%s)", row.id, spec.challenge_id,
                          getattr(exc, "message", exc))
                break
            current = await self.service.load(row.id)
            created.append(table)
        return created

    async def on_commit(self, table: Table) -> None:
        """Commit hook: when a league's game has just finished, record its result (failures are logged: the
        start-up reconciliation records the game then)."""
        info = table.row.options.get("league")
        if not info or table.row.status != "finished":
            return
        try:
            await self.record(int(info["id"]), table)
        except Exception:
            log.exception("league %s: game %s finished but was not recorded yet", info.get("id"), table.id)

    async def record(self, lid: int, table: Table) -> bool:
        """Record a finished game's result under the league's lock, exactly once (its row is marked recorded in
        the transaction storing the new state); tell the listeners; return whether the state changed."""
        from bot.league_service import LeagueEvent

        async with self.service.lock(lid):
            row = await self.store.get(lid)
            if row is None or row.status != "running":  # cancelled meanwhile: the game is an ordinary game
                return False
            if table.id not in {g.game_id for g in await self.store.games(lid) if not g.recorded and not g.voided}:
                return False  # recorded already (the hook and reconciliation both saw it), or voided
            try:
                state = lg.record_result(row.state, table.id, winner_of(table))
            except lg.LeagueError as exc:  # e.g. the challenge lapsed at a cycle end, or was voided
                log.info("league %s: game %s not counted (%s)", lid, table.id, exc.message)
                state = row.state
            changed = state != row.state
            await self.store.save(lid, row.version, state=state, recorded=[table.id])
            row = await self.service.load(lid)
            await self.service.timers.sync(row)
            await self.service._emit(LeagueEvent("result", row, game_id=table.id,
                                                 challenge_id=int(table.row.options["league"]["challenge"])))
            return changed

    async def reconcile(self) -> int:
        """Record finished games never recorded, then create the games running leagues wait for; return how many
        games were recorded or created."""
        from bot.league_service import LeagueEvent

        done = 0
        for lid, game_id in await self.store.unrecorded_finished():
            await self.record(lid, await self.tables.load(game_id))
            done += 1
        for row in await self.store.listed(None, ("running",)):
            async with self.service.lock(row.id):
                row = await self.service.load(row.id)
                if row.status != "running" or not lg.ready_games(row.state):
                    continue
                tables = await self.create_games(row)
                done += len(tables)
                if tables:
                    await self.service._emit(LeagueEvent("games", await self.service.load(row.id),
                                                         new_tables=tables))
        return done
