"""Seating computer players (lobbies, ``/play vs``) and the "computer takes over" deadline policy.

Every change goes through the table service under the game's lock: a refusal raises a ``ParlorError``
saying why and changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot import errors
from bot.ai.base import has_adapter
from bot.computer_players import LEVELS, computer_levels, computer_name, computer_seats, taken_over
from bot.game_table import Table
from bot.lobby_decks import is_built
from bot.registry import title
from bot.saving import saving
from storage.computer_seats import add_computer_seat, remove_computer_seat
from storage.database import StaleVersion

if TYPE_CHECKING:
    from bot.tables import TableService


def computer_refusal_error(kind: str, options: dict[str, Any]) -> errors.LobbyError | None:
    """Return why a computer player cannot sit at a table of ``kind`` with these row options (a refusal to
    raise or answer with), or ``None``."""
    if not has_adapter(kind):
        return errors.LobbyError("The computer players cannot play {game}.", game=title(kind))
    if options.get("built"):
        return errors.LobbyError("A computer player cannot sit at a built-deck table: it has no deck of its own.")
    if options.get("tournament") or options.get("league"):
        return errors.LobbyError("A computer player cannot sit at a tournament or league game: it has no deck of "
                                 "its own.")
    return None


def computer_refusal(kind: str, options: dict[str, Any]) -> str | None:
    """The English sentence of ``computer_refusal_error``, or ``None``."""
    refusal = computer_refusal_error(kind, options)
    return None if refusal is None else refusal.message


def menu_refusal_error(table: Table, user_id: int) -> errors.LobbyError | None:
    """Return why this member may not open a lobby's computer-player menu (a refusal), or ``None``."""
    if table.row.status != "lobby":
        return errors.LobbyError("This table is no longer open.")
    if user_id != table.row.creator_id:
        return errors.LobbyError("Only the member who opened this table can add computer players.")
    refusal = computer_refusal_error(table.row.kind, table.row.options)
    if refusal is not None:
        return refusal
    if len(table.seats) >= table.seat_range[1] and not computer_levels(table):
        return errors.LobbyError("The table is full ({most} players).", most=table.seat_range[1])
    return None


def menu_refusal(table: Table, user_id: int) -> str | None:
    """The English sentence of ``menu_refusal_error``, or ``None``."""
    refusal = menu_refusal_error(table, user_id)
    return None if refusal is None else refusal.message


def vs_refusal_error(kind: str, picked: dict[str, Any], low_high: tuple[int, int]) -> errors.LobbyError | None:
    """Return why ``/play … vs`` cannot open this game (a refusal), or ``None``."""
    if picked.get("deck") is not None:
        return errors.LobbyError("A game against the computer is played without built decks (the computer has no "
                                 "deck): leave `deck` out.")
    refusal = computer_refusal_error(kind, {})
    if refusal is not None:
        return refusal
    low, high = low_high
    if not low <= 2 <= high:
        if low == high:
            return errors.LobbyError("`vs` seats you against one computer player, but this game needs {players} "
                                     "players.", players=low)
        return errors.LobbyError("`vs` seats you against one computer player, but this game needs {low}–{high} "
                                 "players.", low=low, high=high)
    return None


def vs_refusal(kind: str, picked: dict[str, Any], low_high: tuple[int, int]) -> str | None:
    """The English sentence of ``vs_refusal_error``, or ``None``."""
    refusal = vs_refusal_error(kind, picked, low_high)
    return None if refusal is None else refusal.message


def _check_level(level: str) -> None:
    if level not in LEVELS:
        raise errors.LobbyError("Choose a level: {levels}.", levels=", ".join(LEVELS))


def with_computer(options: dict[str, Any], user_id: int, level: str) -> dict[str, Any]:
    """Return row options listing one more computer seat (``bots`` and ``computer_levels``)."""
    out = dict(options)
    out["bots"] = [*(options.get("bots") or []), user_id]
    out["computer_levels"] = {**(options.get("computer_levels") or {}), str(user_id): level}
    return out


def vs_seats(user_id: int, name: str, level: str) -> tuple[list[tuple[int, str]], dict[str, Any]]:
    """Return the seats of a member's game against one computer player, and the row options to add."""
    _check_level(level)
    return [(user_id, name), (-1, computer_name(level, 1))], with_computer({}, -1, level)


async def add_computer(tables: TableService, game_id: int, user_id: int, level: str) -> Table:
    """Seat a computer player of ``level`` at a lobby (its opener only)."""
    _check_level(level)
    async with tables.lock(game_id):
        table = await _opener_lobby(tables, game_id, user_id)
        refusal = computer_refusal_error(table.row.kind, table.row.options)
        if refusal is None and is_built(table):
            refusal = errors.LobbyError("A computer player cannot sit at a built-deck table: it has no deck of its "
                                        "own.")
        if refusal is not None:
            raise refusal
        most = table.seat_range[1]
        if len(table.seats) >= most:
            raise errors.LobbyError("The table is full ({most} players).", most=most)
        bots = computer_levels(table)
        new_id = min([0, *bots]) - 1
        name = computer_name(level, len(bots) + 1)
        options = with_computer(table.row.options, new_id, level)
        await _store(tables, game_id, add_computer_seat(tables.db, game_id, table.row.version, new_id, name, options))
        return await tables.load(game_id)


async def remove_computer(tables: TableService, game_id: int, user_id: int, computer_id: int) -> Table:
    """Take a computer player's seat away at a lobby (its opener only)."""
    async with tables.lock(game_id):
        table = await _opener_lobby(tables, game_id, user_id)
        if computer_id not in computer_levels(table):
            raise errors.LobbyError("That computer player no longer sits at this table.")
        options = dict(table.row.options)
        options["bots"] = [b for b in options.get("bots") or [] if b != computer_id]
        options["computer_levels"] = {k: v for k, v in (options.get("computer_levels") or {}).items()
                                      if k != str(computer_id)}
        await _store(tables, game_id, remove_computer_seat(tables.db, game_id, table.row.version, computer_id,
                                                           options))
        return await tables.load(game_id)


async def _store(tables: TableService, game_id: int, write) -> None:
    try:
        async with saving(game_id):
            await write
    except StaleVersion:
        raise errors.LobbyError("The table changed meanwhile; try again.") from None


async def _opener_lobby(tables: TableService, game_id: int, user_id: int) -> Table:
    table = await tables.load(game_id)
    if table.row.status != "lobby":
        if table.row.status == "running":
            raise errors.LobbyError("This game has already started.")
        if table.row.status == "finished":
            raise errors.LobbyError("This table is finished.")
        raise errors.LobbyError("This table is cancelled.")
    if user_id != table.row.creator_id:
        raise errors.LobbyError("Only the member who opened this table can add or remove computer players.")
    return table


# --- the "computer takes over" deadline policy ---------------------------------------------------

def takeover_allowed(table: Table) -> bool:
    """Return whether a timed-out member's seat may be played by a computer: never in a rated, tournament
    or league game (there the policy falls back to skip)."""
    options = table.row.options
    if options.get("tournament") or options.get("league"):
        return False
    return options.get("rated") is False or bool(options.get("bots"))


async def take_over(tables: TableService, game_id: int, seat: int, decision_id: str, level: str) -> Table:
    """Have a computer of ``level`` play a member's seat whose decision ``decision_id`` timed out (one
    transaction); ``StaleDecision`` when that decision is no longer pending."""
    _check_level(level)
    async with tables.lock(game_id):
        table = await tables.load(game_id)
        tables.require_running(table)
        if not any(d.id == decision_id and d.player == seat for d in table.pending()):
            raise errors.StaleDecision("That decision was already made.")
        if seat in computer_seats(table):
            raise errors.StaleDecision("A computer already plays that seat.")
        options = dict(table.row.options)
        options["takeover"] = {**(options.get("takeover") or {}), str(seat): level}
        return await tables.update_options(table, options)


async def give_back(tables: TableService, game_id: int, user_id: int, guild_id: int | None = None) -> tuple[Table, int]:
    """``/game return``: the member takes their seat back from the computer; return the table and the seat."""
    async with tables.lock(game_id):
        table, seat = await tables.seat_of(game_id, user_id, guild_id)
        if seat not in taken_over(table):
            raise errors.NotAllowed("Your seat is not played by a computer: there is nothing to take back.")
        options = dict(table.row.options)
        options["takeover"] = {k: v for k, v in (options.get("takeover") or {}).items() if k != str(seat)}
        if not options["takeover"]:
            del options["takeover"]
        return await tables.update_options(table, options), seat
