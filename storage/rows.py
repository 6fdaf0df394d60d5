"""The rows the store returns (a game, a seat, an action-log entry) and how a game row is read."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameRow:
    """One stored game."""

    id: int
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    message_id: int | None
    posted_version: int | None
    kind: str
    options: dict[str, Any]
    seed: int
    status: str
    creator_id: int
    state: dict[str, Any] | None
    version: int
    created_at: float
    updated_at: float
    #: the channel of the latest table post (``None``: the game's post channel)
    message_channel_id: int | None = None

    @property
    def post_channel_id(self) -> int:
        """Return the channel (or thread) where the game's posts go."""
        return self.thread_id or self.channel_id


@dataclass(frozen=True)
class SeatRow:
    """One seat of a game."""

    seat: int
    user_id: int
    name: str
    joined_at: float


@dataclass(frozen=True)
class ActionRow:
    """One entry of a game's append-only action log."""

    seq: int
    actor_seat: int | None
    actor_id: int | None
    action: dict[str, Any]
    created_at: float
    #: the level of the computer player that made it (a computer seat, or a member's seat it took over after a
    #: timeout: ``actor_id`` is then the owner's); None when a member made it
    computer_level: str | None = None


GAME_COLUMNS = (
    "id, guild_id, channel_id, thread_id, message_id, posted_version, kind, options, seed, status, creator_id, "
    "state, version, created_at, updated_at, message_channel_id"
)


#: the condition of the ``games_unposted`` partial index (migration 0006), written the same way so
#: that SQLite uses it
UNPOSTED = ("status IN ('running', 'finished') AND (posted_version IS NULL OR posted_version < version)")


def game_row(row: Iterable[Any]) -> GameRow:
    """Return the game of a row selected with ``GAME_COLUMNS``."""
    (gid, guild, channel, thread, message, posted, kind, options, seed, status, creator, state, version,
     created, updated, message_channel) = row
    return GameRow(gid, guild, channel, thread, message, posted, kind, json.loads(options), seed, status, creator,
                   json.loads(state) if state is not None else None, version, created, updated, message_channel)
