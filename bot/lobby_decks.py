"""Built decks at a lobby: each seated member's private deck choice, and the decks a game starts with.

A table opened with a deck (``/play game:pixel-tactics deck:<name>``) is a built-deck table: its row options
hold ``"built": true`` and ``"deck_choices"`` (member id → deck name, never shown in a post). At the start every
seated member must have chosen a deck that is still valid here; their contents go into the engine options
(``decks``, one per seat, so replays need nothing else) and each deck is locked until the game ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot import errors
from bot.games.base import N_, Phrase

if TYPE_CHECKING:
    from bot.game_table import Table
    from bot.tables import TableService

#: the game kinds whose tables may be played with built decks
BUILT_KINDS = ("pixel-tactics",)


def is_built(table: Table) -> bool:
    """Return whether a table is played with built decks."""
    return bool(table.row.options.get("built"))


def choices(table: Table) -> dict[str, str]:
    """Return the deck chosen by each seated member so far (member id as text → deck name)."""
    return dict(table.row.options.get("deck_choices") or {})


def waiting_for(table: Table) -> list[int]:
    """Return the seated members who have not chosen a deck yet."""
    chosen = choices(table)
    return [s.user_id for s in table.seats if str(s.user_id) not in chosen]


def joined(sentences: list[str]) -> str:
    """Sentences one after another as one field, each still translatable (a ``Phrase`` when it is one)."""
    if len(sentences) <= 1:
        return sentences[0] if sentences else ""
    return Phrase(N_("{first} {rest}"), first=sentences[0], rest=joined(sentences[1:]))


async def checked_deck(service: TableService, guild_id: int | None, user_id: int, name: str) -> dict[str, Any]:
    """Return a member's deck if it can be played in this server now; ``LobbyError`` saying why not."""
    decks = service.decks
    deck = await decks.get(guild_id, user_id, name)
    if deck is None:
        raise errors.LobbyError("You have no deck named “{name}” in this server (see `/pt deck list`).",
                                name=name[:80])
    problems = await decks.problems_here(guild_id, deck)
    if problems:  # the deck rules' sentences are Phrases: translated with the refusal
        raise errors.LobbyError("Your deck “{name}” can't be played here: {problems}", name=deck["name"],
                                problems=joined(problems[:3]))
    return deck


async def choose(service: TableService, game_id: int, user_id: int, name: str) -> Table:
    """Record a seated member's deck choice at a built-deck lobby."""
    async with service.lock(game_id):
        table = await service._lobby(game_id)
        if not is_built(table):
            raise errors.LobbyError("This table is played without built decks.")
        if table.seat_of(user_id) is None:
            raise errors.LobbyError("Take a seat first (Join), then choose your deck.")
        deck = await checked_deck(service, table.row.guild_id, user_id, name)
        options = dict(table.row.options)
        options["deck_choices"] = {**choices(table), str(user_id): deck["name"]}
        await service.db.update_game(game_id, table.row.version, options=options)
        return await service.load(game_id)


async def starting_options(service: TableService, table: Table) -> tuple[dict[str, Any], dict[str, Any]]:
    """Return ``(engine options, row options)`` for starting ``table``: built-deck tables get every seat's deck
    (refused with the members still to choose, or a deck no longer valid here)."""
    row_options = dict(table.row.options)
    game = dict(row_options.get("game") or {})
    if is_built(table):
        missing = waiting_for(table)
        if missing:
            raise errors.LobbyError("Every player must choose a deck first (Choose deck): still waiting for "
                                    "{players}.", players=", ".join(f"<@{u}>" for u in missing))
        chosen = choices(table)
        decks = []
        for seat in table.seats:
            deck = await checked_deck(service, table.row.guild_id, seat.user_id, chosen[str(seat.user_id)])
            decks.append({"format": deck["format"], "leaders": list(deck["leaders"]), "heroes": list(deck["heroes"])})
        game["decks"] = decks
    if table.row.kind == "pt-draft" and "cube" not in game:
        game["cube"] = list((await service.decks.server_lists(table.row.guild_id))["cube"])
    settle = getattr(table.engine, "settled_options", None)
    if settle is not None:
        game = settle(game)
    row_options["game"] = game
    return game, row_options


async def lock_decks(service: TableService, table: Table) -> None:
    """Lock the decks a built-deck game started with, until it ends."""
    if not is_built(table):
        return
    for user, name in choices(table).items():
        await service.decks.lock(table.row.guild_id, int(user), name, table.id)


async def unlock_finished(service: TableService, table: Table) -> None:
    """Commit hook: once a built-deck game is over, its decks may be edited again."""
    if table.row.status != "running" and is_built(table):
        await service.decks.unlock_game(table.id)


#: engine options written at a start (content version, decks, cube): a new table settles them afresh
SETTLED_AT_START = ("content", "decks", "cube")


def fresh_options(options: dict[str, Any]) -> dict[str, Any]:
    """Return a finished table's options for a new table of the same game (a rematch): what the start wrote
    is dropped, so the new table is dealt with the current content, the decks as they are now and the Cube."""
    game = {k: v for k, v in (options.get("game") or {}).items() if k not in SETTLED_AT_START}
    return {**options, "game": game}

