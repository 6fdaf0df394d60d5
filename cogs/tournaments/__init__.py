"""Tournaments on Discord: /tournament commands, the sign-up post, games posted in threads, images."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    """Load the cog and register the persistent buttons."""
    from cogs.tournaments.commands import TournamentCog
    from cogs.tournaments.signup import CancelButton, SignupButton

    await bot.add_cog(TournamentCog(bot))
    bot.add_dynamic_items(SignupButton, CancelButton)
