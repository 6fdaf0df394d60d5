"""Pixel Tactics Leagues on Discord: /league commands, the sign-up post, challenges, private picks and choices by
DM, games posted in threads, score sheets and standings."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    """Load the cog and register the persistent buttons and menus."""
    from cogs.league.buttons import AnswerButton, CancelButton, SecretButton, SignupButton
    from cogs.league.organising import LeagueCog
    from cogs.league.private import BaseSelect, DiscardSelect, DraftSelect, KeepButton, LeaderSelect

    await bot.add_cog(LeagueCog(bot))
    bot.add_dynamic_items(SignupButton, AnswerButton, SecretButton, CancelButton, DraftSelect, LeaderSelect,
                          BaseSelect, DiscardSelect, KeepButton)
