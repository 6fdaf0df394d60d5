"""User-facing errors of the table service: each carries the one reply its user sees."""

from __future__ import annotations

from bot.games.base import Refusal
from bot.i18n import t


class ParlorError(Refusal):
    """A refusal whose message is safe to show (ephemerally) to the member who caused it: ``message`` is an
    English template, a catalogue message (``bot/i18n``); ``self.message`` is the English sentence, ``text(lang)``
    the member's."""
    def text(self, lang: str) -> str:
        """The refusal in ``lang``."""
        return t(lang, self.template, **self.fields)


class GameNotFound(ParlorError):
    """No such game (or not in this server)."""


class GameNotRunning(ParlorError):
    """The game is still a lobby, or is finished or cancelled."""


class NotSeated(ParlorError):
    """The member has no seat at this table."""


class NotYourTurn(ParlorError):
    """The member is seated but nothing is awaited from them."""


class StaleDecision(ParlorError):
    """The button answers a decision that was already made."""


class IllegalMove(ParlorError):
    """The rules do not allow this action now."""


class LobbyError(ParlorError):
    """A lobby operation that cannot be done (full, not the creator, already seated, ...)."""


class NotAllowed(ParlorError):
    """The command is not allowed here or for this member."""


class NotSaved(ParlorError):
    """Storage could not record the action (disk full, I/O error): nothing changed, try again."""


class BadValue(ParlorError, ValueError):
    """An option's value cannot be read (a malformed reminder point, time zone, …): nothing was changed."""
