"""The persistent game button: its ``custom_id`` carries the game, seat, decision and choice.

Also what every persistent item shares when its ``custom_id`` names nothing valid (forged, or from a
post of another version or a restored database): a plain refusal, logged at INFO.
"""

from __future__ import annotations

import functools
import logging
import re

import discord

from bot import errors
from bot.answers import rate_limited, reply_error
from bot.codec import decode_action, encode_action
from bot.games.base import Action
from bot.i18n import N_, t

log = logging.getLogger("parlor.buttons")

#: SQLite's largest integer: game ids, request numbers and pages past it name nothing
MAX_ID = 2 ** 63 - 1
#: no game seats more players than this
MAX_SEAT = 63
STALE = N_("This button is no longer valid.")


def id_number(text: str, limit: int = MAX_ID) -> int:
    """Return a number read from a ``custom_id``; ``ValueError`` when it is past ``limit``."""
    value = int(text)
    if not 0 <= value <= limit:
        raise ValueError(f"{text[:30]} is out of range")
    return value


def stale_button(custom_id: str, why: str) -> errors.ParlorError:
    """Log (INFO) a button that names nothing valid and return the refusal its clicker sees."""
    log.info("button %.100s refused: %s", custom_id, why)
    return errors.StaleDecision(STALE)


class RefusedItem(discord.ui.DynamicItem[discord.ui.Item], template=r".*"):
    """Stands in for a clicked item whose ``custom_id`` could not be read (never registered)."""

    def __init__(self, item: discord.ui.Item, why: str):
        self.why = why
        super().__init__(item)

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Refuse plainly (ephemeral), logged at INFO."""
        refusal = stale_button(self.custom_id, self.why)
        try:
            await reply_error(interaction, refusal.template, **refusal.fields)
        except discord.HTTPException as exc:
            if not rate_limited(interaction, exc):
                log.info("could not refuse button %.100s (%s)", self.custom_id, exc.status)


def refusing(parse):
    """Wrap a ``from_custom_id``: an id that cannot be read (``ValueError``) gives a ``RefusedItem``
    instead of an exception discord.py would log as an error and leave unanswered."""

    @functools.wraps(parse)
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item,
                             match: re.Match[str]) -> discord.ui.DynamicItem:
        try:
            return await parse(cls, interaction, item, match)
        except ValueError as exc:
            return RefusedItem(item, str(exc))

    return from_custom_id

#: the operations of a sign-up post (a lobby, a tournament): label and style of each button
SIGNUP_OPS = {
    "join": (N_("Join"), discord.ButtonStyle.success),
    "leave": (N_("Leave"), discord.ButtonStyle.secondary),
    "start": (N_("Start"), discord.ButtonStyle.primary),
    "cancel": (N_("Cancel"), discord.ButtonStyle.danger),
}


def op_button(custom_id: str, op: str, ops: dict[str, tuple[str, discord.ButtonStyle]] = SIGNUP_OPS,
              lang: str = "en") -> discord.ui.Button:
    """Return the button of one operation of a post (label, in ``lang``, and style from ``ops``; ``?`` for an
    unknown one)."""
    label, style = ops.get(op, ("?", discord.ButtonStyle.secondary))
    return discord.ui.Button(label=t(lang, label), style=style, custom_id=custom_id)


def known_op(op: str, what: str, ops: dict[str, tuple[str, discord.ButtonStyle]] = SIGNUP_OPS) -> str:
    """Return an operation read from a ``custom_id``; ``ValueError`` (a refused click) when ``ops`` has no such
    operation (``what``: whose operations, for the log)."""
    if op not in ops:
        raise ValueError(f"no {what} operation {op[:20]!r}")
    return op


_DECISION = r"[A-Za-z0-9_.-]{1,20}"
_CHOICE = r"[A-Za-z0-9_=/.:@#-]{1,70}"
TEMPLATE = re.compile(rf"pg:(?P<game>\d+):(?P<seat>\d+):(?P<decision>{_DECISION}):(?P<choice>{_CHOICE})")


class GameButton(discord.ui.DynamicItem[discord.ui.Button], template=TEMPLATE):
    """A button answering one pending decision; it keeps working after a restart."""

    def __init__(self, game_id: int, seat: int, decision_id: str, action: Action, *, label: str,
                 emoji: str | None = None, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 row: int | None = None):
        self.game_id, self.seat, self.decision_id = game_id, seat, decision_id
        self.action = action
        custom_id = f"pg:{game_id}:{seat}:{decision_id}:{encode_action(action)}"
        if len(custom_id) > 100 or not TEMPLATE.fullmatch(custom_id):
            raise ValueError(f"action {action!r} does not fit in a button custom_id")
        super().__init__(discord.ui.Button(label=label[:80], emoji=emoji, style=style, row=row,
                                           custom_id=custom_id))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> GameButton:
        """Rebuild the button from a click, after a restart too."""
        try:
            action = decode_action(match["choice"])
        except ValueError:
            action = {"type": "invalid"}
        return cls(id_number(match["game"]), id_number(match["seat"], MAX_SEAT), match["decision"], action,
                   label=item.label or "choice", style=item.style)

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Apply the choice through the table service and post what follows."""
        from cogs.flow import guarded, play_action

        async with guarded(interaction):
            await play_action(interaction, self.game_id, self.action, decision_id=self.decision_id,
                              for_seat=self.seat)
