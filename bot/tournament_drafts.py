"""Pixel Tactics tournaments that open with a Pack Draft (``deck_format="draft"``), part of ``TournamentService``:
at the start the entrants are seated at draft pods (``pt-draft`` games the bot creates and posts like any
tournament game); when a pod's draft ends each drafter's deck is built from their pool; once every draft is over
round 1 is paired. Each later game deals the drafter's saved “Draft #n” deck as it is then, when it is a legal
Standard deck of their pool, else the deck the bot built at the draft's end."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from bot import errors
from bot import tournaments as tm
from bot.tournament_rules import TournamentRefused, first_seeding
from storage.backend import Connection

if TYPE_CHECKING:
    from bot.game_table import Table
    from bot.tournament_service import TournamentEvent, TournamentService
    from storage.tournaments import TournamentRow

log = logging.getLogger("parlor.tournaments")

#: the deck option of a tournament that drafts first
DRAFT = "draft"


def is_draft(row: TournamentRow) -> bool:
    """Return whether a tournament opens with a Pack Draft."""
    return row.options.get("deck_format") == DRAFT


def draft_options(row: TournamentRow, pod: int, players: int, thread: bool = True) -> dict[str, Any]:
    """Return the row options of a pod's draft: a Pack Draft (a Winston Draft for a pod of two, the engine's
    method for two), in a thread unless the server's ``threads`` setting (``thread``) is off, unrated, and a
    passed deadline picks the first card for the drafter (``skip``: a forfeit would end their tournament)."""
    return {"thread": thread, "deadline_hours": row.options.get("deadline_hours"), "deadline_policy": "skip",
            "rated": False, "tournament": {"id": row.id, "match": f"draft-{pod + 1}", "game_no": 1, "draft": pod},
            "game": {"method": "pack" if players > 2 else "winston"}}


class TournamentDrafts:
    """Opens the drafts, counts their ends and picks each drafter's deck (part of ``TournamentService``)."""

    is_draft = staticmethod(is_draft)

    def __init__(self, service: TournamentService):
        self.service = service
        self.tables = service.tables
        self.store = service.store

    async def open(self, row: TournamentRow) -> TournamentEvent:
        """Seat the pods and create their drafts (call under the tournament's lock); return the event to tell."""
        from bot.tournament_service import TournamentEvent

        state = self.service._rules(tm.open_drafts, row.state)
        await self._check_cube(row, max(len(pod) for pod in state["draft"]["pods"]))
        await self.store.save(row.id, row.version, state=state, status="running")
        row = await self.service.load(row.id)
        tables = await self.create(row)
        return TournamentEvent(await self.service.load(row.id), tables)

    async def _check_cube(self, row: TournamentRow, most: int) -> None:
        """Refuse the start when the server's Cube is too small for the largest pod's draft."""
        from bot.games.pt_draft import cube

        decks = getattr(self.tables, "decks", None)
        cards = (await decks.server_lists(row.guild_id))["cube"] if decks is not None else cube.default_cube()
        need = cube.needed("pack" if most > 2 else "winston", most)
        if len(cards) < need:
            raise TournamentRefused("The server's Cube holds {cards} cards, but a draft pod of {players} "
                                    "players needs {need}: add cards to the Cube or take fewer players.",
                                    cards=len(cards), players=most, need=need)

    async def create(self, row: TournamentRow) -> list[Table]:
        """Create the drafts not created yet, each linked to the tournament in the transaction creating it (stops
        at a failure: the start-up reconciliation creates the rest)."""
        created: list[Table] = []
        pods = tm.pods_to_start(row.state)
        threads = (await self.tables.settings(row.guild_id)).threads if pods else True
        for pod in pods:
            current = await self.service.load(row.id)

            async def attach(conn: Connection, game_id: int, pod: int = pod,
                             at: TournamentRow = current) -> None:
                await self.store.link_game(conn, at.id, game_id, f"draft-{pod + 1}", 1)
                await self.store.save_in(conn, at.id, at.version, state=tm.attach_draft(at.state, pod, game_id))

            names = {p["id"]: p["name"] for p in current.state["players"]}
            players = tm.pod_players(current.state, pod)
            seats = [(u, names.get(u, "")) for u in players]
            try:
                table = await self.tables.create_started("pt-draft", row.guild_id, row.channel_id, seats,
                                                         draft_options(row, pod, len(players), threads),
                                                         attach)
            except (errors.ParlorError, tm.TournamentError) as exc:
                log.error("tournament %s: could not create draft pod %s (%s)", row.id, pod + 1, exc)
                break
            created.append(table)
        return created

    async def finished(self, row: TournamentRow, table: Table) -> TournamentEvent:
        """Count a finished draft (call under the lock): each remaining drafter gets the deck the bot builds from
        their pool; after the last draft, pair round 1 and create its games (too few drafters left: cancelled)."""
        from bot.tournament_service import TournamentEvent

        state = table.state
        decks: dict[int, dict | None] = {}
        for seat in table.seats:
            if not state["active"][seat.seat] or state.get("leaders") is None:
                decks[seat.user_id] = None
                continue
            deck = tm.pool_deck(state["leaders"][seat.seat], state["heroes"][seat.seat],
                                (table.row.options.get("game") or {}).get("cube") or [], table.row.seed)
            decks[seat.user_id] = {**deck, "draft_game": table.id}
        try:
            new = tm.finish_draft(row.state, table.id, decks)
        except tm.TournamentError as exc:
            log.info("tournament %s: draft %s not counted (%s)", row.id, table.id, exc.message)
            new = row.state
        if not tm.drafts_over(new):
            return await self.service.games.advance(row, new, recorded=[table.id])
        if len(new["players"]) < 2:
            await self.store.save(row.id, row.version, state=new, status="cancelled", recorded=[table.id])
            return TournamentEvent(await self.service.load(row.id))
        await self.store.save(row.id, row.version, state=new, recorded=[table.id])
        row = await self.service.load(row.id)
        started = self.service._rules(tm.start, new, await first_seeding(self.tables, row))
        return await self.service.games.advance(row, started)

    async def decks_now(self, row: TournamentRow, players: list[int]) -> list[dict[str, Any]]:
        """Return the decks a new game deals, in seat order: each drafter's saved deck tied to their draft's pool
        when it is a legal Standard deck here now (``/pt deck`` edits it), else the one the bot built."""
        out = []
        for user_id in players:
            built = next(p["deck"] for p in row.state["players"] if p["id"] == user_id)
            chosen = await self._saved(row.guild_id, user_id, built.get("draft_game"))
            deck = chosen or built
            out.append({"format": "standard", "leaders": list(deck["leaders"]), "heroes": list(deck["heroes"])})
        return out

    async def _saved(self, guild_id: int, user_id: int, draft_game: int | None) -> dict[str, Any] | None:
        decks = getattr(self.tables, "decks", None)
        if decks is None or draft_game is None:
            return None
        pools = {p["name"] for p in await decks.pools(guild_id, user_id) if p["source_game_id"] == draft_game}
        tied = [d for d in await decks.list(guild_id, user_id) if d.get("pool") in pools]
        tied.sort(key=lambda d: d["name"] != f"Draft #{draft_game}")  # the saved one first, then copies
        for deck in tied:
            if deck["format"] == "standard" and not await decks.problems_here(guild_id, deck):
                return deck
        return None
