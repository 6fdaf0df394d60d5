"""Private decisions (hands, drafts, secret choices): by DM, or ephemerally when DMs are closed.

A presenter that has private decisions implements ``private_post(table, seat) -> Post``, built from
``engine.view(state, seat)`` only. Its buttons are ordinary game buttons, so a choice made in a DM
goes through the same checks as any other. When a member's DMs are closed, the game's channel gets
one line with an **Open my choice** button that answers privately (ephemerally) with the same post.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING

import discord

from cogs.flow import bot_of, guarded
from cogs.posts import presenter_for

if TYPE_CHECKING:
    from bot.app import ParlorBot
    from bot.tables import Table

log = logging.getLogger("parlor.private")


async def deliver_private(bot: ParlorBot, table: Table, already: set[str] | frozenset[str] = frozenset()) -> int:
    """Send every private pending decision (but those whose ids are in ``already``, delivered
    before) to its player; return how many went by DM."""
    presenter = presenter_for(table.row.kind)
    make = getattr(presenter, "private_post", None)
    if make is None or table.row.status != "running":
        return 0
    sent = 0
    channel = bot.get_partial_messageable(table.row.post_channel_id)
    for decision in table.pending():
        if not decision.private or decision.id in already:
            continue
        user_id = table.user_of(decision.player)
        post = await make(table, decision.player)
        try:
            user = bot.get_user(user_id) or await bot.fetch_user(user_id)
            await user.send(**post.send_kwargs())
            sent += 1
            continue
        except discord.HTTPException as exc:
            log.info("game %s: private post refused by DM (%s); offering it in the game", table.id, exc.status)
        view = discord.ui.View(timeout=None)
        view.add_item(OpenPrivateButton(table.id, decision.player, decision.id))
        await channel.send(f"🔒 <@{user_id}>, you have a private choice to make, and your DMs are closed: "
                           "press **Open my choice** (only you will see it).", view=view,
                           allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]))
    return sent


class OpenPrivateButton(discord.ui.DynamicItem[discord.ui.Button],
                        template=r"po:(?P<game>\d+):(?P<seat>\d+):(?P<decision>[A-Za-z0-9_.-]{1,20})"):
    """Shows a player their private choice ephemerally (the fallback for closed DMs)."""

    def __init__(self, game_id: int, seat: int, decision_id: str):
        self.game_id, self.seat, self.decision_id = game_id, seat, decision_id
        super().__init__(discord.ui.Button(label="Open my choice", emoji="🔒", style=discord.ButtonStyle.primary,
                                           custom_id=f"po:{game_id}:{seat}:{decision_id}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> OpenPrivateButton:
        """Rebuild the button from a click."""
        return cls(int(match["game"]), int(match["seat"]), match["decision"])

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Check the choice is the clicker's and still open, then show it only to them."""
        bot = bot_of(interaction)
        async with guarded(interaction):
            table, seat = await bot.tables.check_decision(
                self.game_id, interaction.user.id, self.decision_id, interaction.guild_id, self.seat)
            post = await presenter_for(table.row.kind).private_post(table, seat)
            await interaction.response.send_message(ephemeral=True, **post.send_kwargs())
