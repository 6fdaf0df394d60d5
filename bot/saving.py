"""The store's own failures (disk full, I/O error) as a refusal that says nothing was recorded."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator

from bot import errors
from storage.database import StorageError

log = logging.getLogger("parlor.tables")


@contextlib.asynccontextmanager
async def saving(game_id: int | None) -> AsyncIterator[None]:
    """Turn a failure of the store itself (disk full, I/O error) into a ``NotSaved`` refusal that says
    the change was not recorded (the transaction was rolled back: nothing changed)."""
    try:
        yield
    except StorageError as exc:
        log.error("game %s: the change could not be stored (%s)", game_id, exc)
        if exc.full:
            raise errors.NotSaved("That was **not** saved (the bot's disk is full). Nothing changed: please try "
                                  "again in a little while.") from None
        raise errors.NotSaved("That was **not** saved (the bot could not write to its database). Nothing "
                              "changed: please try again in a little while.") from None
