"""``/game hint``: the normal computer player's suggestion for the member to move, told to them alone.

Never in a rated game, a tournament's or a league's, and only where the server turned ``hints`` on. The
suggestion is decided off the event loop (``bot.ai.worker``) from the member's own view, as a computer player
in their seat would decide; nothing is stored or posted.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot import errors
from bot.ai import worker
from bot.ai.base import has_adapter
from bot.games.base import Action
from bot.i18n import N_, SOURCE
from bot.move_words import move_words
from bot.ratings import would_be_rated
from bot.registry import title
from bot.settings import Settings

if TYPE_CHECKING:
    from bot.game_table import Table
    from bot.tables import TableService

#: the computer player whose move is suggested
HINT_LEVEL = "normal"

HINTS_OFF = N_("Hints are off in this server. A member with **Manage Server** can turn them on with "
               "`/settings hints enabled:true`.")
EVENT_GAME = N_("No hints in tournament or league games: everyone plays on their own there.")
RATED_GAME = N_("No hints in a rated game: its result changes ratings. (A game opened with `/play rated:false` "
                "may use them.)")


@dataclass(frozen=True)
class Hint:
    """A suggestion for one member: the game, their seat, the action and how it reads to them."""

    table: Table
    seat: int
    action: Action
    text: str


def refusal(table: Table, settings: Settings, user_id: int) -> errors.ParlorError | None:
    """Return why ``user_id`` may not have a hint in this game now (``None``: they may), the lasting reasons
    first: hints off, game not running, not seated, a tournament or league game, a rated game, a game the
    computer players cannot play, and last not their move."""
    if not settings.hints:
        return errors.NotAllowed(HINTS_OFF)
    status = table.row.status
    if status != "running":
        if status == "finished":
            return errors.GameNotRunning("This game is over.")
        if status == "lobby":
            return errors.GameNotRunning("This game has not started yet.")
        return errors.GameNotRunning("This table was cancelled.")
    seat = table.seat_of(user_id)
    if seat is None:
        return errors.NotSeated("You are not playing in this game.")
    options = table.row.options or {}
    if options.get("tournament") or options.get("league"):
        return errors.NotAllowed(EVENT_GAME)
    if would_be_rated(table):
        return errors.NotAllowed(RATED_GAME)
    if not has_adapter(table.row.kind):
        return errors.NotAllowed("The computer players cannot play {game} yet: no hints here.",
                                 game=title(table.row.kind))
    if not any(d.player == seat for d in table.pending()):
        return errors.NotYourTurn("It is not your turn: a hint is for the move you have to make.")
    return None


def hint_seed(table: Table, seat: int) -> int:
    """Return the seed of a hint: the game, its version and the seat (never the game's shuffle seed)."""
    text = f"hint:{table.id}:{table.row.version}:{seat}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:7], "big")


async def suggest(table: Table, seat: int) -> Hint:
    """Decide the normal computer player's action for ``seat`` from its view, off the event loop."""
    eng, state = table.engine, table.state
    legal = eng.legal_actions(state, seat)
    if not legal:
        raise errors.NotYourTurn("You have no move to make now.")
    view = eng.view(state, seat)
    action = await worker.decide_async(table.row.kind, view, seat, legal, HINT_LEVEL, hint_seed(table, seat))
    # the action's event in English as its player reads it (``/game hint`` words it again in the member's
    # language); the engine's sentence only for a game without events
    text = move_words(table.row.kind, state, seat, action, SOURCE, table.names(), own=True, eng=eng)
    return Hint(table, seat, action, text if text is not None else eng.describe_for(state, seat, action, seat))


async def hint_for(tables: TableService, guild_id: int | None, channel_id: int, user_id: int,
                   game_id: int | None) -> Hint:
    """Return a member's hint for the game a command means (a ``ParlorError`` saying why not); changes nothing."""
    settings = await tables.settings(guild_id)
    if not settings.hints:
        raise errors.NotAllowed(HINTS_OFF)
    table = await tables.find_for(guild_id, channel_id, user_id, game_id)
    why = refusal(table, settings, user_id)
    if why is not None:
        raise why
    return await suggest(table, table.seat_of(user_id))
