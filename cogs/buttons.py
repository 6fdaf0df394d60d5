"""The persistent game button: its ``custom_id`` carries the game, seat, decision and choice."""

from __future__ import annotations

import re

import discord

from bot.codec import decode_action, encode_action
from bot.games.base import Action

_DECISION = r"[A-Za-z0-9_.-]{1,20}"
_CHOICE = r"[A-Za-z0-9_=/.:-]{1,70}"
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
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> GameButton:
        """Rebuild the button from a click, after a restart too."""
        try:
            action = decode_action(match["choice"])
        except ValueError:
            action = {"type": "invalid"}
        return cls(int(match["game"]), int(match["seat"]), match["decision"], action,
                   label=item.label or "choice", style=item.style)

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Apply the choice through the table service and post what follows."""
        from cogs.flow import guarded, play_action

        async with guarded(interaction):
            await play_action(interaction, self.game_id, self.action, decision_id=self.decision_id,
                              for_seat=self.seat)
